"""Start-up with many live matches: how soon the bot answers, and how long the full replay check takes.

    .venv/bin/python -m bench.startup [--matches 1000] [--moves 20] [--runs 3] [--tree PATH]

Writes ``--matches`` active matches of ``--moves`` moves each (greedy play through the table
service) into a fresh database, then measures, medians of ``--runs``:

- in this process: ``TableService.open`` with the full check before it returns (the old start-up,
  ``background=False``), and with the check in the background: the time until ``open`` returns,
  until a first match answers (its seat view, loaded on demand), and until the check ends;
- the real bot (``python -m bot``) in a subprocess against the Discord stand-in: process start to
  the first answered click (My hand on one match's board, injected as soon as the bot is ready).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bot.ai import greedy_action
from bot.engine.gin import SeatView
from bot.tables import TableService
from fakediscord import FakeChannel, FakeDiscord, StoredMessage
from fakediscord.runner import BotProcess

CHANNEL0 = 5_000_000


async def write_matches(db: str, matches: int, moves: int, guild: int, alice: int, bob: int) -> list[int]:
    """``matches`` active matches (one per channel) with ``moves`` greedy moves each."""
    svc = await TableService.open(db)
    ids = []
    try:
        for i in range(matches):
            c = await svc.challenge(guild, CHANNEL0 + i, alice, "Alice", bob, "Bob")
            info = await svc.accept(c.id, bob, "Bob", seed=i)
            for _ in range(moves):
                info = await svc.get_match(info.id)
                turn = info.public.turn
                assert turn is not None  # an active two-player match always has a player to move
                view = await svc.seat_view(info.id, info.players[turn])
                assert isinstance(view, SeatView)  # two-player Gin tables
                result = await svc.act(info.id, info.players[turn], greedy_action(view), info.version)
                if result.hand_over is not None or result.match_over:
                    break
            ids.append(info.id)
    finally:
        await svc.close()
    return ids


async def in_process(db: Path, probe: int) -> dict[str, float]:
    out: dict[str, float] = {}
    t0 = time.perf_counter()
    svc = await TableService.open(db)
    out["blocking open"] = time.perf_counter() - t0
    await svc.close()
    t0 = time.perf_counter()
    svc = await TableService.open(db, background=True)
    out["background open"] = time.perf_counter() - t0
    info = await svc.get_match(probe)
    await svc.seat_view(probe, info.players[0])
    out["first answer"] = time.perf_counter() - t0
    await svc.recovered()
    out["check done"] = time.perf_counter() - t0
    await svc.close()
    return out


async def bot_first_answer(fd: FakeDiscord, db: Path, probe: int, tree: Path | None = None) -> tuple[float, float]:
    """(process start to ready, to the first answered click: My hand on ``probe``'s board, its
    picture drawn); ``tree``: run the bot of another checkout (e.g. the code before a change) on
    the same database."""
    t0 = time.perf_counter()
    proc = BotProcess(fd, env={"GIN_DB": str(db), "GIN_TICK": "30", "GIN_LOG_LEVEL": "WARNING"}, cwd=tree)
    await proc.start(ready_timeout=120)
    ready = time.perf_counter() - t0
    try:
        # The board as a bot before the restart posted it: only its My hand button matters here.
        custom_id = f"gin:{probe}:hand"
        button = {"type": 2, "style": 2, "label": "My hand", "custom_id": custom_id}
        board = StoredMessage(fd.store.ids.next(), fd.channel.id, fd.bot_user, "the board", components=[])
        board.components = [{"type": 1, "components": [button]}]
        fd.store.messages[board.id] = board
        ix = await fd.click(fd.alice, board, custom_id)
        await ix.final(60)
        return ready, time.perf_counter() - t0
    finally:
        await proc.stop()


async def run(matches: int, moves: int, runs: int, tree: Path | None) -> None:
    # Here, not at the top: write_matches is also run by another checkout's code (``seed_with``).
    from bench.ladder import seed_with

    async with FakeDiscord() as fd:
        for i in range(matches):
            fd.channels[CHANNEL0 + i] = FakeChannel(CHANNEL0 + i, f"table-{i}", fd.guild_id, position=10 + i)
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "startup.sqlite3"
            t0 = time.perf_counter()
            ids = await write_matches(str(db), matches, moves, fd.guild_id, fd.alice.id, fd.bob.id)
            if tree is not None:  # the same matches in the database format of that checkout
                before_db = Path(tmp) / "before.sqlite3"
                args = (str(before_db), matches, moves, fd.guild_id, fd.alice.id, fd.bob.id)
                before_ids = await seed_with(tree, __name__, "write_matches", *args)
                assert before_ids == ids, "the same matches in both databases"
            print(f"wrote {len(ids)} active matches of up to {moves} moves in {time.perf_counter() - t0:.1f} s")
            probe = random.Random(1).choice(ids)
            samples: dict[str, list[float]] = {}
            for _ in range(runs):
                for name, seconds in (await in_process(db, probe)).items():
                    samples.setdefault(name, []).append(seconds)
                for label, where in (("bot", None), (f"bot of {tree}", tree)):
                    if label != "bot" and where is None:
                        continue
                    ready, first = await bot_first_answer(fd, db if where is None else before_db, probe, where)
                    samples.setdefault(f"{label}: start to ready", []).append(ready)
                    samples.setdefault(f"{label}: start to first answer", []).append(first)
            for name, values in samples.items():
                print(f"{name:<44} median {statistics.median(values) * 1000:8.0f} ms  (runs: {len(values)})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tree", type=Path, default=None, help="also time the bot of this checkout (before)")
    ns = parser.parse_args(argv)
    asyncio.run(run(ns.matches, ns.moves, ns.runs, ns.tree))
    return 0


if __name__ == "__main__":
    sys.exit(main())
