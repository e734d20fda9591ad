"""An expert match through the stand-in: the bot searches in its worker process and nothing waits for it.

The same seeded match is played against ``hard`` and against ``expert`` (``/gin play level:expert``)
while another player asks for the rules in the other channel all along. Against the expert every
decision is made in the service's worker process (bot/tables/thinking.py), the match runs to its
end, and neither the player's clicks nor the other player's commands are answered later than
against ``hard``.
"""

from __future__ import annotations

import asyncio
import statistics
from pathlib import Path

from fakediscord import FakeDiscord
from tests.e2e.game_driver import Player, fixed_seeds, gin_bot, play_turns, service_of, slash

# Answer latencies are a few milliseconds; this much more is noise from the shared machine, not a
# search on the event loop (a search takes 0.15 s a decision).
NOISE_S = 0.05


async def _match(fd: FakeDiscord, db: Path, level: str) -> tuple[list[float], list[float], int, int]:
    """Play the match against ``level``: the player's answer latencies, the other player's, and the
    decisions made in the worker process and in this one."""
    async with gin_bot(fd, db, seeds=fixed_seeds(8), ai_delay_s=0.05, sync=False) as bot:
        before = len(fd.interactions())
        old = {m.id for m in fd.all_messages()}
        await slash(fd, fd.alice, "play", level=level, target=25)
        board = await fd.wait_for_message(
            lambda m: m.id not in old and m.public and m.find_component(label="My hand") is not None, timeout=10
        )
        human = Player(fd, fd.alice, 0)
        await human.open_hand(board)
        others: list[float] = []
        done = asyncio.Event()

        async def ask() -> None:
            while not done.is_set():
                ix = await fd.slash(fd.bob, "gin", subcommand="rules", channel=fd.channel2)
                others.append((await ix.response(timeout=5)).latency)
                await asyncio.sleep(0.03)

        asking = asyncio.create_task(ask())
        try:
            turns = await play_turns([human], within_s=30.0)
        finally:
            done.set()
            await asking
        assert len(turns) > 5 and human.match_over
        # the match's end is posted before this bot stops (a Rematch button on a new message)
        await fd.wait_for_message(
            lambda m: m.id not in old and m.public and m.find_component(label="Rematch") is not None, timeout=10
        )
        mine = [r.answer.latency for r in fd.interactions()[before:] if r.user == fd.alice and r.answer is not None]
        thinkers = service_of(bot).thinkers
        return mine, others, thinkers.decided, thinkers.local


async def test_an_expert_match_answers_as_fast_as_a_hard_one(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    # the expert first: the first match of the test also starts the stand-in's and the bot's caches
    # one database: the second match has its own id (its buttons are not the first match's)
    mine, others, worker, local = await _match(fd, tmp_path / "gin.sqlite3", "expert")
    hard_mine, hard_others, hard_worker, _ = await _match(fd, tmp_path / "gin.sqlite3", "hard")
    assert hard_worker == 0  # hard decides in a thread: a millisecond
    assert worker > 10 and local == 0  # every expert decision in the worker process
    assert len(others) > 10 and len(hard_others) > 10
    assert max(mine + others) < 3.0 and not fd.late_or_unanswered()
    assert statistics.median(mine) <= statistics.median(hard_mine) + NOISE_S
    assert statistics.median(others) <= statistics.median(hard_others) + NOISE_S
    assert p90(mine) <= p90(hard_mine) + NOISE_S
    assert p90(others) <= p90(hard_others) + NOISE_S


def p90(xs: list[float]) -> float:
    return sorted(xs)[int(0.9 * (len(xs) - 1))]
