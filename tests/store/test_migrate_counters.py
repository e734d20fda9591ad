"""Migration 0007 (a game's own counters leave the stats columns) on a database at schema 0006 with rows
in it, on SQLite and PostgreSQL: every number reads back, each under its game's own counter name, and
the Gin-only columns (player_stats.gins/undercuts, hands.knocker) are gone."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.store import PlayerStats
from bot.store.copy import columns
from bot.store.migrate import available, current_version, migrate
from bot.store.stats import families_of, get_stats, leaderboard
from bot.tables.reads import in_game_order

from .old_schema import database_at

G = 1
BEFORE = 6  # the schema this migration starts from

# (family, user): rating, won, lost, hands, gins, undercuts, for, against, margin, streak, vs_bot_won, vs_bot_lost
OLD_STATS: dict[tuple[str, int], tuple[int, ...]] = {
    ("gin:2", 100): (1516, 3, 1, 14, 2, 1, 410, 260, 90, 2, 1, 0),
    ("gin:2", 200): (1484, 1, 3, 9, 0, 4, 260, 410, 20, -1, 0, 2),
    ("gin:2", 300): (1500, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 3),  # only against the bot
    ("gin:4", 100): (1508, 1, 0, 6, 1, 2, 250, 180, 70, 1, 0, 0),
    ("knockout:3", 200): (1510, 1, 0, 5, 3, 0, 12, 180, 40, 1, 0, 0),
    ("rummy:5", 300): (1512, 2, 1, 8, 4, 0, 300, 150, 60, -3, 0, 1),
    ("skarney:2", 100): (1490, 0, 1, 2, 1, 0, 40, 120, 0, -1, 0, 0),
    ("colonel:2", 200): (1516, 1, 0, 3, 0, 0, 130, 70, 60, 1, 0, 0),
}
# What each old gins/undercuts number is called by its game now (a zero is no counter row).
NEW_COUNTS: dict[tuple[str, int], tuple[tuple[str, int], ...]] = {
    ("gin:2", 100): (("gins", 2), ("undercuts", 1)),
    ("gin:2", 200): (("undercuts", 4),),
    ("gin:2", 300): (),
    ("gin:4", 100): (("gins", 1), ("undercuts", 2)),
    ("knockout:3", 200): (("gins", 3),),
    ("rummy:5", 300): (("rummies", 4),),
    ("skarney:2", 100): (("gins", 1),),
    ("colonel:2", 200): (),
}
HAND_RECORD = {"number": 1, "dealer": 0, "outcome": "undercut", "knocker": 1, "winner": 0, "points": 27}


@pytest.fixture(params=["sqlite", "postgresql"])
def old_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """A connection to a database at the schema before this migration."""
    yield from database_at(request, tmp_path, BEFORE)


def _fill(conn: Any) -> None:
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany("INSERT INTO players (guild_id, user_id, name, updated_at) VALUES (?, ?, ?, 'x')",
                     [(G, u, f"user{u}") for u in (100, 200, 300)])  # fmt: skip
    conn.executemany(
        "INSERT INTO player_stats (guild_id, family, user_id, rating, matches_won, matches_lost, hands_won, gins,"
        " undercuts, points_for, points_against, best_margin, streak, vs_bot_won, vs_bot_lost)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(G, family, user, *row) for (family, user), row in OLD_STATS.items()],
    )
    conn.execute(
        "INSERT INTO matches (id, game, guild_id, channel_id, seats, rules, seed, status, version, started_at)"
        " VALUES (1, 'gin', ?, 10, 2, '{}', 7, 'active', 3, 'x')",
        (G,),
    )
    conn.execute(
        "INSERT INTO hands (match_id, number, dealer, outcome, knocker, winner, points, record)"
        " VALUES (1, 1, 0, 'undercut', 1, 0, 27, ?)",
        (json.dumps(HAND_RECORD),),
    )
    conn.execute("COMMIT")


def _stats(conn: Any, user: int, family: str) -> PlayerStats:
    found = get_stats(conn, G, user, family)
    assert found is not None
    return found


def test_every_stats_number_survives_under_its_games_counter_name(old_db: Any) -> None:
    _fill(old_db)
    assert migrate(old_db) == current_version(old_db) == len(available())

    assert not {"gins", "undercuts"} & set(columns(old_db, "player_stats"))
    assert "knocker" not in columns(old_db, "hands")
    for (family, user), old in OLD_STATS.items():
        s = _stats(old_db, user, family)
        assert (s.family, s.name) == (family, f"user{user}")
        kept = (s.rating, s.matches_won, s.matches_lost, s.hands_won, s.points_for, s.points_against, s.best_margin)
        assert (*kept, s.streak, s.vs_bot_won, s.vs_bot_lost) == old[:4] + old[6:]
        assert s.counts == NEW_COUNTS[family, user]
    # every old number, found again: gins under the game's own name, undercuts as they were
    for (family, user), old in OLD_STATS.items():
        s = _stats(old_db, user, family)
        tally = "rummies" if family.startswith("rummy:") else "gins"
        assert (s.count(tally), s.count("undercuts")) == old[4:6]

    # what /gin stats shows: every counter of the game in its order, zeros too
    gin = in_game_order(_stats(old_db, 200, "gin:2"))
    assert gin.counts == (("gins", 0), ("undercuts", 4))
    knockout = in_game_order(_stats(old_db, 200, "knockout:3"))
    assert knockout.counts == (("gins", 3),)
    assert in_game_order(_stats(old_db, 200, "colonel:2")).counts == ()

    # leaderboards read the same rows, with their counters
    board = leaderboard(old_db, G, "rating", 10, "gin:2")
    assert [(p.user_id, p.rating, p.counts) for p in board] == [
        (100, 1516, NEW_COUNTS["gin:2", 100]),
        (200, 1484, NEW_COUNTS["gin:2", 200]),
    ]
    assert [p.user_id for p in leaderboard(old_db, G, "vs_bot", 10, "gin:2")] == [300, 100, 200]
    assert [(p.family, p.counts) for p in families_of(old_db, G, 100)] == [
        (f, NEW_COUNTS[f, 100]) for f in ("gin:2", "gin:4", "skarney:2")
    ]

    # the hand row keeps everything else; its record still names the knocker
    row = old_db.execute("SELECT match_id, number, dealer, outcome, winner, points, record FROM hands").fetchall()
    assert [tuple(r[:6]) for r in row] == [(1, 1, 0, "undercut", 0, 27)]
    assert json.loads(row[0][6]) == HAND_RECORD
