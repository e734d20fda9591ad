"""Migration 0011 (seasons) on a database at schema 0010 with servers' settings in it, on SQLite and
PostgreSQL: every server keeps its settings with seasons off; the season settings round-trip, the
schema refuses a length or a reset it does not know, and a season's standings need their season."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.store import GuildSettings, RatingReset, SeasonLength, SeasonSettings
from bot.store.migrate import available, migrate
from bot.store.seasons import get_settings, save_settings
from bot.store.settings import get_settings as guild_settings

from .old_schema import database_at

BEFORE = 10
MONDAY, NEXT = datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 3, 9, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgresql"])
def old_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    yield from database_at(request, tmp_path, BEFORE)


def test_servers_keep_their_settings_with_seasons_off(old_db: Any) -> None:
    old_db.execute(
        "INSERT INTO guild_settings (guild_id, default_variant, target, turn_timeout_s, allowed_channels, language)"
        " VALUES (7, 'oklahoma', 150, 600, '[5]', 'de')"
    )
    assert migrate(old_db) == len(available()) >= 11
    assert guild_settings(old_db, 7) == GuildSettings(7, "oklahoma", 150, 600, (5,), "de")
    assert get_settings(old_db, 7) == SeasonSettings(7)
    saved = save_settings(old_db, 7, SeasonLength.WEEKLY, 11, RatingReset.SOFT, MONDAY, NEXT)
    assert (
        get_settings(old_db, 7) == saved == SeasonSettings(7, SeasonLength.WEEKLY, 11, RatingReset.SOFT, MONDAY, NEXT)
    )
    assert guild_settings(old_db, 7) == GuildSettings(7, "oklahoma", 150, 600, (5,), "de")
    assert save_settings(old_db, 8, SeasonLength.MONTHLY, None, RatingReset.KEEP, MONDAY, NEXT).on  # a new row
    assert guild_settings(old_db, 8) == GuildSettings(8)


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE guild_settings SET season_length = 'daily' WHERE guild_id = 7",
        "UPDATE guild_settings SET season_reset = 'hard' WHERE guild_id = 7",
        "INSERT INTO season_standings VALUES (7, '2026-03-02T00:00:00.000000Z', 'gin:2', 1, 1500, 1, 0, 0, 0, 0, 0)",
    ],
)
def test_the_schema_refuses_what_seasons_do_not_know(old_db: Any, statement: str) -> None:
    migrate(old_db)
    old_db.execute("INSERT INTO guild_settings (guild_id) VALUES (7)")
    with pytest.raises(Exception, match=r"(?i)check|foreign"):
        old_db.execute(statement)
    assert get_settings(old_db, 7) == SeasonSettings(7)
