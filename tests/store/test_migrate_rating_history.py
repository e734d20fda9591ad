"""Migration 0009 (each rating change with its match and time) on a database at schema 0008 with
announced match ends in it, on SQLite and PostgreSQL: every announced change is copied with the
rating it led to, counted back from the rating the player has today."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.store.history import rating_history
from bot.store.migrate import available, migrate

from .old_schema import database_at

G = 1
BEFORE = 8
# match id, ended at, {user: change}
ENDS = [
    (1, "2026-01-01T10:00:00.000000Z", {"100": 16, "200": -16}),
    (2, "2026-01-02T10:00:00.000000Z", {"100": -14, "200": 14}),
    (3, "2026-01-03T10:00:00.000000Z", {"100": 15, "300": -15}),
]


@pytest.fixture(params=["sqlite", "postgresql"])
def old_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    yield from database_at(request, tmp_path, BEFORE)


def _fill(conn: Any) -> None:
    conn.execute("BEGIN IMMEDIATE")
    for match_id, ended, changes in ENDS:
        conn.execute(
            "INSERT INTO matches (id, game, guild_id, channel_id, seats, rules, seed, status, version, started_at,"
            " ended_at, winner) VALUES (?, 'gin', ?, 10, 2, '{}', 7, 'finished', 3, ?, ?, 0)",
            (match_id, G, ended, ended),
        )
        conn.execute(
            "INSERT INTO outbox (match_id, version, kind, payload, created_at, done_at) VALUES (?, 3, 'match_end', ?, ?, ?)",
            (match_id, json.dumps({"rating_changes": changes}), ended, ended),
        )
        conn.execute(
            "INSERT INTO outbox (match_id, version, kind, payload, created_at) VALUES (?, 2, 'hand_result', '{}', ?)",
            (match_id, ended),
        )
    for user, rating in ((100, 1517), (200, 1498), (300, 1485)):
        conn.execute(
            "INSERT INTO player_stats (guild_id, family, user_id, rating) VALUES (?, 'gin:2', ?, ?)", (G, user, rating)
        )
    conn.execute("COMMIT")


def test_announced_changes_are_kept_with_the_ratings_they_led_to(old_db: Any) -> None:
    _fill(old_db)
    assert migrate(old_db) == len(available())
    mine = rating_history(old_db, G, "gin:2", 100)
    assert [(p.match_id, p.change, p.rating) for p in mine] == [(1, 16, 1516), (2, -14, 1502), (3, 15, 1517)]
    assert [(p.change, p.rating) for p in rating_history(old_db, G, "gin:2", 200)] == [(-16, 1484), (14, 1498)]
    assert [(p.change, p.rating) for p in rating_history(old_db, G, "gin:2", 300)] == [(-15, 1485)]
