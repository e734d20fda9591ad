"""Interaction -> answer latency through the Discord stand-in, with rendering and the SQLite commit.

    .venv/bin/python -m bench.discord_latency [--tables 50] [--rate 20] [--seconds 30]
    .venv/bin/python -m bench.discord_latency --ladder [--tables 1000] [--rates 20,50,100,200,300] [--discord-limits]
        [--shards 2]
    .venv/bin/python -m bench.discord_latency --quick    # the ladder in a few seconds (bench/ladder.py)

Sets up ``--tables`` matches (one per channel, Alice vs Bob), opens both hands, then injects
move interactions at ``--rate`` per second (fixed pacing, spread over the tables; a table whose
previous interaction is still running is skipped for that slot). For each interaction it
records, as measured by the stand-in (same event loop as the bot, so its own CPU is included):

- answer: injection -> the bot's callback (the ``defer``) arrives;
- done:   injection -> the ephemeral hand message is edited with the new picture and controls,
          i.e. after service.act (engine + SQLite commit) and render_hand.

Board edits (render_table) happen concurrently with the hand edit and load the same loop.
Moves are the greedy player's (bot.ai.greedy), pressed on the controls the bot offers.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import logging
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

from bot.ai.gin.greedy import greedy_action, greedy_discard
from bot.client import GinBot
from bot.config import Settings
from bot.engine.gin import SeatView
from bot.engine.knock import ActionKind
from fakediscord import FakeChannel, FakeDiscord, FakeUser, StoredMessage, running_bot

from .ladder import main_ladder


@contextlib.asynccontextmanager
async def gin_bot(fd: FakeDiscord, db: Path, seeds: Iterator[int]) -> AsyncIterator[GinBot]:
    """The real GinBot (service, SQLite file, renderer) connected to the stand-in; deals from ``seeds``."""
    settings = Settings(token="fake-token", db_path=db, dev_guild=None, log_level="WARNING")
    bot = GinBot(settings, seed_source=lambda: next(seeds), ai_delay_s=0.0, tick_s=5.0, sync=False)
    async with running_bot(fd, bot=bot) as running:
        yield running


class Player:
    """One person's ephemeral hand message. Moves are the greedy player's (``bot.ai.greedy``, on the
    service's view of the seat), pressed on the control the bot offers for that move."""

    def __init__(self, fd: FakeDiscord, bot: GinBot, user: FakeUser, seat: int) -> None:
        self.fd, self.bot, self.user, self.seat = fd, bot, user, seat
        self.hand: StoredMessage | None = None
        self.match_id = 0

    async def open_hand(self, board: StoredMessage) -> None:
        cid = board.component(label="My hand")["custom_id"]
        self.match_id = int(cid.split(":")[1])
        ix = await self.fd.click(self.user, board, cid)
        self.hand = await ix.final(10)

    def controls(self) -> list[dict[str, Any]]:
        """The move controls on the hand message (empty when it is not this player's turn)."""
        assert self.hand is not None
        return [
            c
            for c in self.hand.all_components()
            if "custom_id" in c and not c["custom_id"].endswith(":hand") and c.get("type") in (2, 3)
        ]

    async def choice(self) -> tuple[str, list[str] | None]:
        """(custom_id, select values or None) of the greedy move: button ids carry the move
        (``gin:<match>:<move>:<version>``, ``.`` for the space), select options carry it as value."""
        assert self.bot.service is not None
        view = await self.bot.service.seat_view(self.match_id, self.user.id)
        assert isinstance(view, SeatView)  # two-player Gin tables
        action = greedy_action(view)
        # A knock asks once more before it counts (two interactions): the bench measures single
        # moves, so its players play on instead.
        move = str(greedy_discard(view) if action.kind is ActionKind.KNOCK else action)
        for c in self.controls():
            if c.get("type") == 2 and c["custom_id"].split(":")[2] == move.replace(" ", "."):
                return c["custom_id"], None
            if any(o["value"] == move for o in c.get("options") or ()):
                return c["custom_id"], [move]
        raise LookupError(f"the hand message offers no control for {move}")

    @property
    def match_over(self) -> bool:
        return self.hand is not None and "match is over" in (self.hand.content or "")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def report(name: str, values: list[float]) -> None:
    ms = [v * 1000 for v in values]
    print(
        f"{name:<8} n={len(ms):4d}  median {statistics.median(ms):6.1f} ms  p95 {pct(ms, 0.95):6.1f} ms  "
        f"p99 {pct(ms, 0.99):6.1f} ms  max {max(ms):6.1f} ms"
    )


class Table:
    def __init__(self, fd: FakeDiscord, bot: GinBot, channel: FakeChannel) -> None:
        self.fd, self.bot, self.channel = fd, bot, channel
        self.players: list[Player] = []
        self.busy = False
        self.over = False
        self.refresh_next = 0

    async def open(self) -> None:
        fd = self.fd
        ix = await fd.slash(fd.alice, "gin", subcommand="challenge", options={"opponent": fd.bob}, channel=self.channel)
        await ix.final(10)  # answered privately; the challenge is its own channel message
        msg = await fd.wait_for_message(
            lambda m: m.public and m.channel_id == self.channel.id and m.find_component(label="Accept") is not None,
            timeout=10,
        )
        accept = await fd.click(fd.bob, msg, msg.component(label="Accept")["custom_id"])
        await accept.response(10)
        board = await fd.wait_for_message(
            lambda m: m.public and m.channel_id == self.channel.id and m.find_component(label="My hand") is not None,
            timeout=10,
        )
        self.players = [Player(fd, self.bot, fd.alice, 0), Player(fd, self.bot, fd.bob, 1)]
        for p in self.players:
            await p.open_hand(board)

    async def step(self, answers: list[float], dones: list[float]) -> None:
        """One interaction: the mover's next move, or (nobody shows controls) a hand refresh."""
        self.busy = True
        try:
            mover = next((p for p in self.players if p.controls()), None)
            if mover is None:
                p = self.players[self.refresh_next]
                self.refresh_next ^= 1
                assert p.hand is not None
                t0 = time.perf_counter()
                ix = await self.fd.click(p.user, p.hand, f"gin:{p.match_id}:hand")
            else:
                cid, values = await mover.choice()
                assert mover.hand is not None
                t0 = time.perf_counter()
                ix = await (
                    self.fd.select(mover.user, mover.hand, cid, values)
                    if values
                    else self.fd.click(mover.user, mover.hand, cid)
                )
                self.refresh_next = 1 - mover.seat
            answer = await ix.response(10)
            answers.append(answer.latency)
            await ix.settled(10)  # the hand message redrawn (or a refusal sent)
            dones.append(time.perf_counter() - t0)
            if mover is not None and mover.match_over:
                self.over = True
        finally:
            self.busy = False


async def run(tables: int, rate: float, seconds: float) -> None:
    logging.basicConfig(level=logging.WARNING)
    async with FakeDiscord() as fd:
        extra = [
            FakeChannel(fd.channel.id + 1000 + i, f"table-{i}", fd.guild_id, position=10 + i) for i in range(tables - 1)
        ]
        for ch in extra:
            fd.channels[ch.id] = ch
        with tempfile.TemporaryDirectory() as tmp:
            async with gin_bot(fd, Path(tmp) / "bench.sqlite3", itertools.count(1000)) as bot:
                await asyncio.sleep(0.3)  # let the start-up warm-up of the card faces finish before measuring
                t_setup = time.perf_counter()
                all_tables = [Table(fd, bot, ch) for ch in [fd.channel, *extra]]
                for i in range(0, len(all_tables), 10):
                    await asyncio.gather(*(t.open() for t in all_tables[i : i + 10]))
                print(
                    f"set up {len(all_tables)} matches in {time.perf_counter() - t_setup:.1f} s "
                    f"(challenge, accept, board, two hands each)"
                )
                answers: list[float] = []
                dones: list[float] = []
                period = 1.0 / rate
                start = time.perf_counter()
                slot, skipped = 0, 0
                tasks: list[asyncio.Task[None]] = []
                while time.perf_counter() - start < seconds:
                    target = start + slot * period
                    delay = target - time.perf_counter()
                    if delay > 0:
                        await asyncio.sleep(delay)
                    table = all_tables[slot % len(all_tables)]
                    slot += 1
                    if table.busy or table.over:
                        skipped += 1
                        continue
                    tasks.append(asyncio.create_task(table.step(answers, dones)))
                await asyncio.gather(*tasks)
                elapsed = time.perf_counter() - start
                n = len(answers)
                print(
                    f"{n} interactions in {elapsed:.1f} s = {n / elapsed:.1f}/s over {len(all_tables)} tables "
                    f"({skipped} slots skipped: table busy)"
                )
                report("answer", answers)
                report("done", dones)
                assert bot.service is not None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=None, help="50; with --ladder 1000")
    parser.add_argument("--rate", type=float, default=20.0)
    parser.add_argument("--seconds", type=float, default=None, help="30; with --ladder 20 per step")
    parser.add_argument("--ladder", action="store_true", help="the bot in its own process, rising rates")
    parser.add_argument("--quick", action="store_true", help="the ladder in a few seconds (20 tables, 2 steps)")
    parser.add_argument("--rates", default="20,50,100,200,300", help="the ladder's offered rates per second")
    parser.add_argument("--workers", type=int, default=None, help="the bot's picture processes (default: per core)")
    parser.add_argument("--tree", type=Path, default=None, help="the ladder with the bot of this checkout (before)")
    parser.add_argument("--shards", type=int, default=1, help="the ladder with this many bot processes, a shard each")
    parser.add_argument(
        "--discord-limits",
        action="store_true",
        help="the ladder against a stand-in with Discord's rate limits (global 50/s, channel messages 5/5 s)",
    )
    ns = parser.parse_args(argv)
    if ns.ladder or ns.quick:
        ns.tables = ns.tables or 1000
        ns.seconds = ns.seconds or 20.0
        return main_ladder(ns)
    ns.tables = ns.tables or 50
    ns.seconds = ns.seconds or 30.0
    asyncio.run(run(ns.tables, ns.rate, ns.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
