"""Discord's shared limits and outages against the real bot (issue 26): the pacer keeps the bot under
the global limit, and no hand result or match end is lost or overwritten while channel messages
fail for a while."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from pathlib import Path

import pytest

from fakediscord import FakeDiscord
from tests.e2e.game_driver import fixed_seeds, gin_bot, play_out, service_of, start_match, states

RESULT = re.compile(r"\*\*hand (\d+) is over\*\*")


@pytest.mark.parametrize(("bot_rate", "limited"), [(16.0, False), (50.0, True)])
async def test_the_pacer_keeps_the_bot_under_the_global_limit(
    fake_discord: FakeDiscord, tmp_path: Path, bot_rate: float, limited: bool
) -> None:
    """Discord's global limit lowered to 20 a second: 60 channel posts at once across 8 channels get
    no global 429 with the bot's budget at 16 a second (and its burst of 2), and do with a budget
    above the limit."""
    fd = fake_discord
    guilds = [fd.add_guild() for _ in range(4)]
    channels = [c.id for g in guilds for c in g.channels]
    async with gin_bot(fd, tmp_path / "gin.sqlite3", discord_rate=bot_rate) as bot:
        fd.limits.rate_limits = True
        fd.limits.global_per_second = 20
        await asyncio.sleep(1.0)  # a fresh window
        started = time.monotonic()
        await asyncio.gather(*(bot.get_partial_messageable(channels[i % 8]).send(f"post {i}") for i in range(60)))
        took = time.monotonic() - started
        posted = [m for c in channels for m in fd.channel_messages(c) if m.content.startswith("post ")]
        assert len(posted) == 60
        global_429s = fd.limits.stats.rate_limited["global"]
        if limited:
            assert global_429s >= 1
        else:
            assert global_429s == 0, f"{global_429s} global 429s"
            assert took >= 3.5  # 60 posts at 16 a second (a burst of 2 first)


async def test_no_result_is_lost_or_overwritten_while_channel_messages_fail(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Channel posts and edits answer 503 in short bursts for a whole match: every hand's result
    is posted once with its own number (several pending ones as separate messages, never one board
    edited over another), the match end once, and nothing is logged as an ERROR."""
    fd = fake_discord
    caplog.set_level(logging.INFO)
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(11, 12)) as bot:
        alice, bob = await start_match(fd, target=40)
        stop = asyncio.Event()

        async def storms() -> None:
            while not stop.is_set():
                await asyncio.sleep(0.5)
                fd.fail("channel_send", 503, duration=0.6)
                fd.fail("channel_edit", 503, duration=0.6)
                await asyncio.sleep(0.6)

        storm = asyncio.create_task(storms())
        try:
            await play_out([alice, bob])
        finally:
            stop.set()
            await storm
            fd.clear_faults()
        svc = service_of(bot)
        for _ in range(600):
            if not await svc.pending_announcements():
                break
            await asyncio.sleep(0.05)
        assert await svc.pending_announcements() == []
        assert await svc.active_matches() == []  # the match is over
        hands = max(int(n) for m in fd.channel_messages() for n in RESULT.findall(m.content or ""))
        told: list[int] = []
        for m in fd.channel_messages():
            shown = {int(n) for state in states(m) for n in RESULT.findall(state.content or "")}
            assert len(shown) <= 1, f"message {m.id} showed the results of hands {sorted(shown)}"
            told += [int(n) for n in RESULT.findall(m.content or "")]
        assert sorted(told) == list(range(1, hands + 1)), f"results posted: {sorted(told)}"
        ends = [m for m in fd.channel_messages() if m.find_component(label="Rematch") is not None]
        assert len(ends) == 1
        assert fd.limits.stats.requests > 0
        assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
        assert any("posted again later" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)
