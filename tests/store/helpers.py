"""Shared helpers for the store and table-service tests (real SQLite files, no mocks)."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from bot.ai.greedy import greedy_action
from bot.engine import Action, SeatView


def first_legal(view: SeatView, level: str, rng: random.Random) -> Action:
    """A test double for the AI's chooser: the first legal move."""
    return view.legal[0]


TABLES = (
    "guild_settings",
    "players",
    "matches",
    "match_seats",
    "challenges",
    "table_places",
    "hands",
    "moves",
    "snapshots",
    "player_stats",
    "outbox",
)


def dump(path: Path) -> dict[str, list[tuple]]:
    """Every committed row of every table, read with a separate plain sqlite3 connection."""
    conn = sqlite3.connect(path)
    try:
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in TABLES}
    finally:
        conn.close()


def query(path: Path, sql: str, *args: object) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


async def play_one(svc, match_id: int):
    """Make one sensible (greedy) move for whoever is to move (through the service, with the version)."""
    info = await svc.get_match(match_id)
    user = info.players[info.public.turn]
    view = await svc.seat_view(match_id, user)
    return await svc.act(match_id, user, greedy_action(view), info.version)


async def new_pvp(svc, channel: int, a: int = 1, b: int = 2, *, guild: int = 1, seed: int = 7, **kw):
    """A challenge accepted at once: a match between users a (seat 0) and b (seat 1)."""
    c = await svc.challenge(guild, channel, a, f"user{a}", b, f"user{b}", **kw)
    return await svc.accept(c.id, b, f"user{b}", seed=seed)
