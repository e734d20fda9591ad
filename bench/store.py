"""Store and table-service speed, with the database file on disk (and PostgreSQL, if given).

Run: python -m bench.store [--db postgresql://...] [--acts N] [--tables N] [--moves-per-table N]
                           [--players N] [--moves N] [--wal-moves N] [--snapshot-every N]

1. act() round trip (cache, validate, apply, one commit, views): median and p99 over
   --acts sequential moves, with the snapshot rewritten by every move and with one every
   --snapshot-every moves (default: the bot's). Bar: median < 2 ms.
2. Moves per second with --tables concurrent tables in one process (each table a task
   playing its own match). Bar: > 1,000 moves/s.
3. Write-ahead log bytes per move over --wal-moves sequential moves (SQLite: the -wal file's
   growth with automatic checkpoints off; PostgreSQL: the server's WAL position), with the
   snapshot rewritten by every move and with one every --snapshot-every moves (and at hand ends).
4. Leaderboard top-10 (each board) for a guild with --players players and --moves moves
   in the database (written with executemany in one transaction). Bar: < 10 ms. SQLite only.

With --db, 1 to 3 also run against that PostgreSQL server, in a schema of their own that is
dropped afterwards, printed next to SQLite's. SQLite files go in a temporary directory beside
this script's working directory (same disk as a real deployment would use), removed
afterwards. Durability is WAL + synchronous=NORMAL for SQLite, the server's settings for
PostgreSQL (synchronous_commit on by default: an fsync per commit).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import sqlite3
import statistics
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from bot.ai import greedy_action
from bot.constants import SNAPSHOT_EVERY
from bot.engine.gin import Match, SeatView
from bot.engine.knock import preset
from bot.store import Store, transaction
from bot.store.db import configure
from bot.store.migrate import migrate
from bot.tables import MatchInfo, TableService


async def _new_table(svc: TableService, channel: int, seed: int) -> MatchInfo:
    c = await svc.challenge(1, channel, 2 * channel, f"p{channel}a", 2 * channel + 1, f"p{channel}b")
    return await svc.accept(c.id, 2 * channel + 1, f"p{channel}b", seed=seed)


async def _play(
    svc: TableService, info: MatchInfo, moves: int, times: list[float] | None = None
) -> tuple[MatchInfo, int]:
    """Play up to ``moves`` moves; returns the last info and how many were made."""
    done = 0
    views: dict[int, Any] = {}
    while done < moves and info.status == "active":
        turn = info.public.turn
        assert turn is not None  # an active two-player match always has a player to move
        user = info.players[turn]
        view = views.get(turn) or await svc.seat_view(info.id, user)
        assert isinstance(view, SeatView)  # two-player Gin tables
        action = greedy_action(view)
        start = time.perf_counter()
        result = await svc.act(info.id, user, action, info.version)
        if times is not None:
            times.append((time.perf_counter() - start) * 1000)
        info, views = result.match, dict(enumerate(result.views))
        done += 1
    return info, done


@asynccontextmanager
async def fresh(base: Path, pg: str | None, name: str) -> AsyncIterator[Path | str]:
    """A new empty database: a SQLite file in ``base``, or (``pg`` given) a new schema on that server."""
    unique = f"{name}_{uuid.uuid4().hex[:8]}"
    if pg is None:
        yield base / f"{unique}.sqlite3"
        return
    schema = f"bench_{unique}"
    admin = await asyncpg.connect(pg)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        parts = urlsplit(pg)
        query = [*parse_qsl(parts.query), ("search_path", schema)]
        yield urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), parts.fragment))
    finally:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()


async def bench_act(target: Path | str, acts: int, snapshot_every: int = SNAPSHOT_EVERY) -> tuple[float, float]:
    svc = await TableService.open(target, snapshot_every=snapshot_every)
    times: list[float] = []
    channel = 1
    while len(times) < acts:
        info = await _new_table(svc, channel, seed=channel)
        await _play(svc, info, acts - len(times), times)
        channel += 1
    await svc.close()
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.99) - 1]


async def bench_concurrent(target: Path | str, tables: int, per_table: int) -> tuple[int, float]:
    svc = await TableService.open(target)
    infos = [await _new_table(svc, ch, seed=ch) for ch in range(1, tables + 1)]

    async def run(info: MatchInfo, seed: int) -> int:
        total = 0
        while total < per_table:
            info, n = await _play(svc, info, per_table - total)
            total += n
            if info.status != "active":  # finished: a new match in the same channel
                info = await _new_table(svc, info.channel_id, seed=seed * 7919 + total)
        return total

    start = time.perf_counter()
    counts = await asyncio.gather(*(run(info, i) for i, info in enumerate(infos)))
    elapsed = time.perf_counter() - start
    await svc.close()
    return sum(counts), sum(counts) / elapsed


def _size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


async def wal_per_move(target: Path | str, moves: int, snapshot_every: int = 1) -> float:
    """Bytes of write-ahead log per move, over ``moves`` sequential moves."""
    svc = TableService(await Store.open(target, snapshot_every=snapshot_every))
    db = svc.store.db
    wal = Path(f"{target}-wal")
    if isinstance(target, Path):
        # Keep every frame in the -wal file (no checkpoint resets it) so its size counts them all.
        await db.run(lambda c: c.execute("PRAGMA wal_autocheckpoint = 0").fetchall())
        await db.run(lambda c: c.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall())

    async def position() -> int:
        if isinstance(target, Path):
            return await asyncio.to_thread(_size, wal)
        lsn = "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')"
        return int(await db.run(lambda c: c.execute(lsn).fetchone()[0]))

    info = await _new_table(svc, 1, seed=1)
    start = await position()
    done, channel = 0, 1
    while done < moves:
        info, n = await _play(svc, info, moves - done)
        done += n
        if info.status != "active":
            channel += 1
            info = await _new_table(svc, channel, seed=channel)
    end = await position()
    await svc.close()
    return (end - start) / done


def _fill(path: Path, players: int, moves: int, guild: int = 1) -> None:
    """A guild with ``players`` rated players and ``moves`` moves over finished matches."""
    conn = sqlite3.connect(path, isolation_level=None)
    configure(conn)
    migrate(conn)
    rng = random.Random(5)
    state = json.dumps(Match.new(preset("standard"), 1).to_dict())
    rules = json.dumps(preset("standard").to_dict())
    per_match = 100
    n_matches = moves // per_match
    t = "2026-01-01T00:00:00.000000Z"
    with transaction(conn):
        conn.executemany(
            "INSERT INTO players (guild_id, user_id, name, updated_at) VALUES (?, ?, ?, ?)",
            ((guild, u, f"player{u}", t) for u in range(1, players + 1)),
        )
        conn.executemany(
            "INSERT INTO player_stats (guild_id, family, user_id, rating, matches_won, matches_lost, hands_won,"
            " points_for, vs_bot_won, vs_bot_lost) VALUES (?, 'gin:2', ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                (
                    guild,
                    u,
                    rng.randint(1100, 1900),
                    rng.randint(0, 50),
                    rng.randint(0, 50),
                    rng.randint(0, 300),
                    rng.randint(0, 20000),
                    rng.randint(0, 5),
                    rng.randint(0, 5),
                )
                for u in range(1, players + 1)
            ),
        )
        conn.executemany(
            "INSERT INTO matches (id, guild_id, channel_id, seats, rules, seed, status, version, started_at, ended_at,"
            " winner) VALUES (?, ?, ?, 2, ?, ?, 'finished', ?, ?, ?, 0)",
            ((m, guild, 1000 + m % 50, rules, m, per_match, t, t) for m in range(1, n_matches + 1)),
        )
        conn.executemany(
            "INSERT INTO match_seats (match_id, seat, user_id, name, total) VALUES (?, ?, ?, ?, ?)",
            ((m, s, 1 + (m + s) % players, "ab"[s], (100, 50)[s]) for m in range(1, n_matches + 1) for s in (0, 1)),
        )
        conn.executemany(
            "INSERT INTO snapshots (match_id, version, state) VALUES (?, ?, ?)",
            ((m, per_match, state) for m in range(1, n_matches + 1)),
        )
        conn.executemany(
            "INSERT INTO moves (match_id, seq, seat, action, at) VALUES (?, ?, ?, 'stock', ?)",
            ((m, s, s % 2, t) for m in range(1, n_matches + 1) for s in range(1, per_match + 1)),
        )
    conn.execute("ANALYZE")
    conn.close()


async def bench_leaderboard(base: Path, players: int, moves: int, runs: int = 300) -> dict[str, float]:
    path = base / "big.sqlite3"
    start = time.perf_counter()
    _fill(path, players, moves)
    print(
        f"  (generated {players:,} players and {moves:,} moves in {time.perf_counter() - start:.1f} s,"
        f" {path.stat().st_size / 1e6:.0f} MB)"
    )
    svc = await TableService.open(path)
    out = {}
    for by in ("rating", "wins", "points", "vs_bot"):
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            rows = await svc.leaderboard(1, by=by, limit=10)
            times.append((time.perf_counter() - t0) * 1000)
        assert len(rows) == 10
        out[by] = statistics.median(times)
    await svc.close()
    return out


async def main_async(args: argparse.Namespace) -> None:
    base = Path(tempfile.mkdtemp(prefix="bench-store-", dir=args.dir))
    stores: list[tuple[str, str | None]] = [("SQLite", None)]
    if args.db:
        stores.append(("PostgreSQL", args.db))
    try:
        for label, pg in stores:
            for every in (1, args.snapshot_every):
                async with fresh(base, pg, "act") as target:
                    med, p99 = await bench_act(target, args.acts, every)
                print(
                    f"{label:<10} act() round trip over {args.acts} moves, a snapshot every {every}:"
                    f" median {med:.3f} ms, p99 {p99:.3f} ms  (bar: median < 2 ms)"
                )
            async with fresh(base, pg, "many") as target:
                n, rate = await bench_concurrent(target, args.tables, args.moves_per_table)
            print(
                f"{label:<10} {args.tables} concurrent tables: {n:,} moves at {rate:,.0f} moves/s  (bar: > 1,000 moves/s)"
            )
            for every in (1, args.snapshot_every):
                async with fresh(base, pg, "wal") as target:
                    per_move = await wal_per_move(target, args.wal_moves, every)
                print(
                    f"{label:<10} write-ahead log per move over {args.wal_moves} moves, a snapshot every"
                    f" {every} move{'s' if every > 1 else ''}: {per_move:,.0f} bytes"
                )
        lb = await bench_leaderboard(base, args.players, args.moves)
        for by, ms in lb.items():
            print(f"leaderboard top-10 by {by:<7} median {ms:.3f} ms  (bar: < 10 ms)")
    finally:
        shutil.rmtree(base, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--acts", type=int, default=3000)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--moves-per-table", type=int, default=20)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--moves", type=int, default=1_000_000)
    parser.add_argument("--wal-moves", type=int, default=1000)
    parser.add_argument("--snapshot-every", type=int, default=SNAPSHOT_EVERY, help="the interval set against 1")
    parser.add_argument(
        "--db", help="also measure this PostgreSQL server (postgresql://...; a schema is made and dropped)"
    )
    parser.add_argument("--dir", default=".", help="where the temporary database files go (default: here)")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
