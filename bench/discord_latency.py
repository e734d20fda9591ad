"""Interaction -> answer latency through the Discord stand-in, with rendering and the SQLite commit.

    .venv/bin/python -m bench.discord_latency [--tables 50] [--rate 20] [--seconds 30]

Sets up ``--tables`` matches (one per channel, Alice vs Bob), opens both hands, then injects
move interactions at ``--rate`` per second (fixed pacing, spread over the tables; a table whose
previous interaction is still running is skipped for that slot). For each interaction it
records, as measured by the stand-in (same event loop as the bot, so its own CPU is included):

- answer: injection -> the bot's callback (the ``defer``) arrives;
- done:   injection -> the ephemeral hand message is edited with the new picture and controls,
          i.e. after service.act (engine + SQLite commit) and render_hand.

Board edits (render_table) happen concurrently with the hand edit and load the same loop.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.fakediscord.state import FakeChannel
from tests.e2e.game_driver import Player, fixed_seeds, gin_bot


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def report(name: str, values: list[float]) -> None:
    ms = [v * 1000 for v in values]
    print(f"{name:<8} n={len(ms):4d}  median {statistics.median(ms):6.1f} ms  p95 {pct(ms, .95):6.1f} ms  "
          f"p99 {pct(ms, .99):6.1f} ms  max {max(ms):6.1f} ms")


class Table:
    def __init__(self, fd: FakeDiscord, channel: FakeChannel) -> None:
        self.fd, self.channel = fd, channel
        self.players: list[Player] = []
        self.busy = False
        self.over = False
        self.refresh_next = 0

    async def open(self) -> None:
        fd = self.fd
        ix = await fd.slash(fd.alice, "gin", subcommand="challenge", options={"opponent": fd.bob}, channel=self.channel)
        msg = (await ix.response(10)).message or ix.original
        accept = await fd.click(fd.bob, msg, msg.component(label="Accept")["custom_id"])
        await accept.response(10)
        board = await fd.wait_for_message(
            lambda m: m.public and m.channel_id == self.channel.id and m.find_component(label="My hand") is not None,
            timeout=10)
        self.players = [Player(fd, fd.alice, 0), Player(fd, fd.bob, 1)]
        for p in self.players:
            await p.open_hand(board)

    async def step(self, answers: list[float], dones: list[float]) -> None:
        """One interaction: the mover's next move, or (nobody shows controls) a hand refresh."""
        self.busy = True
        try:
            mover = next((p for p in self.players if p.controls()), None)
            t0 = time.perf_counter()
            if mover is None:
                p = self.players[self.refresh_next]
                self.refresh_next ^= 1
                hand, edits = p.hand, len(p.hand.history)
                ix = await self.fd.click(p.user, hand, f"gin:{p.match_id}:hand")
            else:
                cid, values = mover.choice()
                hand, edits = mover.hand, len(mover.hand.history)
                ix = await (self.fd.select(mover.user, hand, cid, values) if values
                            else self.fd.click(mover.user, hand, cid))
                self.refresh_next = 1 - mover.seat
            answer = await ix.response(10)
            answers.append(answer.latency)
            await self.fd.wait_until(lambda: len(hand.history) > edits or ix.followups or None, timeout=10)
            dones.append(time.perf_counter() - t0)
            if mover is not None and mover.match_over:
                self.over = True
        finally:
            self.busy = False


async def run(tables: int, rate: float, seconds: float) -> None:
    logging.basicConfig(level=logging.WARNING)
    async with FakeDiscord() as fd:
        extra = [FakeChannel(fd.channel.id + 1000 + i, f"table-{i}", fd.guild_id, position=10 + i)
                 for i in range(tables - 1)]
        for ch in extra:
            fd.channels[ch.id] = ch
        with tempfile.TemporaryDirectory() as tmp:
            async with gin_bot(fd, Path(tmp) / "bench.sqlite3", seeds=fixed_seeds(*range(1000, 1000 + tables)),
                               sync=False, tick_s=5.0) as bot:
                await asyncio.sleep(0.3)  # card faces warm
                t_setup = time.perf_counter()
                all_tables = [Table(fd, ch) for ch in [fd.channel, *extra]]
                for i in range(0, len(all_tables), 10):
                    await asyncio.gather(*(t.open() for t in all_tables[i:i + 10]))
                print(f"set up {len(all_tables)} matches in {time.perf_counter() - t_setup:.1f} s "
                      f"(challenge, accept, board, two hands each)")
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
                print(f"{n} interactions in {elapsed:.1f} s = {n / elapsed:.1f}/s over {len(all_tables)} tables "
                      f"({skipped} slots skipped: table busy)")
                report("answer", answers)
                report("done", dones)
                assert bot.service is not None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rate", type=float, default=20.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    ns = parser.parse_args(argv)
    asyncio.run(run(ns.tables, ns.rate, ns.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
