"""Shared helpers for the store and table-service tests (real SQLite files, no mocks)."""

from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

from bot.engine import Action, ActionKind, SeatView
from bot.engine.actions import discard

_ENDS = (ActionKind.GIN, ActionKind.BIG_GIN, ActionKind.KNOCK)
T0 = datetime(2026, 1, 1, 12, 0, tzinfo=timezone.utc)


def pick(view: SeatView, rng: random.Random | None = None) -> Action:
    """A quick sensible move: go out when possible, else the best legal discard, else a draw."""
    for kind in _ENDS:
        for a in view.legal:
            if a.kind is kind:
                return a
    for card, _ in view.discard_options:
        if discard(card) in view.legal:
            return discard(card)
    return (rng or random.Random(view.moves)).choice(view.legal)


def first_legal(view: SeatView, level: str, rng: random.Random) -> Action:
    """A test double for the AI's chooser: the first legal move."""
    return view.legal[0]


@dataclass
class Clock:
    """An injectable clock for deadline tests."""

    now: datetime = T0
    calls: int = field(default=0)

    def __call__(self) -> datetime:
        self.calls += 1
        return self.now

    def advance(self, seconds: float) -> datetime:
        self.now += timedelta(seconds=seconds)
        return self.now


TABLES = ("guild_settings", "players", "matches", "challenges", "hands", "moves", "snapshots", "player_stats")


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


async def play_one(svc, match_id: int, rng: random.Random | None = None):
    """Make one sensible move for whoever is to move (through the service, with the version)."""
    info = await svc.get_match(match_id)
    user = info.players[info.public.turn]
    view = await svc.seat_view(match_id, user)
    return await svc.act(match_id, user, pick(view, rng), info.version)


async def new_pvp(svc, channel: int, a: int = 1, b: int = 2, *, guild: int = 1, seed: int = 7, **kw):
    """A challenge accepted at once: a match between users a (seat 0) and b (seat 1)."""
    c = await svc.challenge(guild, channel, a, f"user{a}", b, f"user{b}", **kw)
    return await svc.accept(c.id, b, f"user{b}", seed=seed)
