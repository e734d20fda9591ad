"""Helpers of the tournament service tests: a service on a test clock, a channel opener, and a loop that
plays every AI seat and drives the tournaments until nothing moves."""

from __future__ import annotations

import itertools
from pathlib import Path

from bot.store import TournamentRow
from bot.tables import Opener, TableService
from bot.tables.tournament_entry import TournamentSpec
from bot.tournaments import Pairing, Tournament, from_json
from tests.clock import Clock

G, CHANNEL, ORGANISER, BOT = 1, 500, 7, 99


class Threads:
    """The Discord layer's part in a test: each new match gets a channel of its own (a thread)."""

    def __init__(self, start: int = 10_000) -> None:
        self._ids = itertools.count(start)
        self.opened: list[tuple[int, tuple[int, int]]] = []

    async def __call__(self, row: TournamentRow, pairing: Pairing) -> int:
        channel = next(self._ids)
        self.opened.append((row.id, pairing.key))
        return channel


async def open_service(db: str | Path, clock: Clock) -> TableService:
    return await TableService.open(db, clock=clock, seed_source=itertools.count(1).__next__)


async def create(svc: TableService, fmt: str, *, channel: int = CHANNEL, **kw: int | bool | str) -> TournamentRow:
    spec = TournamentSpec(game="gin", format=fmt, **{"hands": 1, "signup_s": 60, **kw})  # type: ignore[arg-type]
    return await svc.create_tournament(G, channel, ORGANISER, BOT, spec)


async def play_ai(svc: TableService) -> int:
    """Every AI move that may be made now, match by match, until none may; returns the moves made."""
    moves = 0
    while True:
        pending = await svc.ai_pending()
        if not pending:
            return moves
        for info in pending:
            while await svc.ai_step(info.id) is not None:
                moves += 1


async def run_out(svc: TableService, opener: Opener, limit: int = 200) -> int:
    """Drive and play until the tournaments stop moving; returns the steps written."""
    steps = 0
    for _ in range(limit):
        wrote = await svc.drive_tournaments(opener)
        moves = await play_ai(svc)
        steps += wrote
        if not wrote and not moves:
            return steps
    raise AssertionError("the tournament did not settle")


def state(row: TournamentRow) -> Tournament:
    assert row.state is not None
    return from_json(row.state)
