"""Migration 0012 (tournaments) on a database at schema 0011 with a server's settings and seasons in it,
on SQLite and PostgreSQL: the server keeps its settings and season with no tournament role; the role,
a tournament and its sign-up notice round-trip; the schema refuses a status or a notice it does not know."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.store import GuildSettings, RatingReset, SeasonLength, SeasonSettings, TournamentRow, TournamentStatus
from bot.store.migrate import available, migrate
from bot.store.seasons import get_settings as season_settings
from bot.store.seasons import save_settings as save_season
from bot.store.settings import get_settings, save_settings
from bot.store.tournaments import create, get, pending_notices

from .old_schema import database_at

BEFORE = 11
MONDAY, NEXT = datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 3, 9, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgresql"])
def old_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    yield from database_at(request, tmp_path, BEFORE)


def _tournament() -> TournamentRow:
    return TournamentRow(
        0, 7, 5, 42, 99, "standard", '{"format": "swiss"}', None, TournamentStatus.SIGNUP, 0, MONDAY, NEXT, 0
    )


def test_a_server_keeps_its_settings_and_season_and_may_name_a_role(old_db: Any) -> None:
    old_db.execute(
        "INSERT INTO guild_settings (guild_id, default_variant, target, turn_timeout_s, allowed_channels, language)"
        " VALUES (7, 'oklahoma', 150, 600, '[5]', 'de')"
    )
    save_season(old_db, 7, SeasonLength.WEEKLY, 11, RatingReset.SOFT, MONDAY, NEXT)
    assert migrate(old_db) == len(available()) >= 12
    assert get_settings(old_db, 7) == GuildSettings(7, "oklahoma", 150, 600, (5,), "de", None)
    assert season_settings(old_db, 7) == SeasonSettings(7, SeasonLength.WEEKLY, 11, RatingReset.SOFT, MONDAY, NEXT)
    save_settings(old_db, GuildSettings(7, "oklahoma", 150, 600, (5,), "de", 1234))
    saved = get_settings(old_db, 7)
    assert saved is not None and saved.tournament_role == 1234
    row = create(old_db, _tournament())
    assert get(old_db, row.id) == row and row.status is TournamentStatus.SIGNUP
    assert [n.tournament_id for n in pending_notices(old_db, MONDAY, 10)] == [row.id]  # its sign-up message


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE tournaments SET status = 'paused'",
        "INSERT INTO tournament_outbox (tournament_id, version, kind, created_at) VALUES (1, 1, 'gossip', 'x')",
        "INSERT INTO tournament_matches VALUES (1, 1, 1, 424242, 1, 600, NULL)",
    ],
)
def test_the_schema_refuses_what_tournaments_do_not_know(old_db: Any, statement: str) -> None:
    migrate(old_db)
    row = create(old_db, _tournament())
    with pytest.raises(Exception, match=r"(?i)check|foreign"):
        old_db.execute(statement)
    assert get(old_db, row.id) == row
