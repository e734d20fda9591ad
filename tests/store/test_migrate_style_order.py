"""Migration 0008 (card order and hints in /gin style) on a database at schema 0007 with styles in it,
on SQLite and PostgreSQL: old rows keep their choices and read back with rank order and hints on;
the new choices round-trip, and a value outside them is refused by the schema."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.store.migrate import available, current_version, migrate
from bot.store.styles import PlayerStyle, get_player_style, save_player_style

from .old_schema import database_at

BEFORE = 7
AT = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgresql"])
def old_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """A connection to a database at the schema before this migration."""
    yield from database_at(request, tmp_path, BEFORE)


def test_old_styles_keep_their_choices_with_the_new_defaults(old_db: Any) -> None:
    for user, four, size, text in ((1, 1, "large", 0), (2, 0, "small", 1)):
        old_db.execute(
            "INSERT INTO player_styles (user_id, four_colour, card_size, text_only, updated_at) VALUES (?, ?, ?, ?, ?)",
            (user, four, size, text, "2026-01-01 00:00:00"),
        )
    assert migrate(old_db) == len(available())
    assert current_version(old_db) == len(available())
    assert get_player_style(old_db, 1) == PlayerStyle(1, True, "large", False, "rank", True)
    assert get_player_style(old_db, 2) == PlayerStyle(2, False, "small", True, "rank", True)
    save_player_style(old_db, PlayerStyle(2, False, "small", True, "suit", False), AT)
    assert get_player_style(old_db, 2) == PlayerStyle(2, False, "small", True, "suit", False)
    assert get_player_style(old_db, 1) == PlayerStyle(1, True, "large", False, "rank", True)


def test_the_schema_refuses_an_unknown_order(old_db: Any) -> None:
    migrate(old_db)
    with pytest.raises(Exception, match=r"(?i)check"):
        save_player_style(old_db, PlayerStyle(3, card_order="colour"), AT)
    assert get_player_style(old_db, 3) is None
