"""The Prometheus endpoint of the real bot against the Discord stand-in: served only when
GIN_METRICS_PORT is set, its counters moving with what the stand-in saw (interactions answered,
429s by scope)."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

from bot.client import GinBot
from bot.config import Settings
from fakediscord import BotProcess, FakeDiscord, running_bot
from tests.e2e.game_driver import my_hand_id, start_match
from tests.metrics_scrape import free_port, scrape

SCOPES = ("global", "shared", "user")


def delta(after: dict[str, float], before: dict[str, float], key: str) -> float:
    return after.get(key, 0.0) - before.get(key, 0.0)


async def idle(bot: GinBot, timeout_s: float = 5.0) -> None:
    """Wait until no interaction handler runs (their ends are what the done latency measures)."""
    assert bot.desk is not None
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout_s
    while bot.desk.inflight.count:
        assert loop.time() < end, "handlers still running"
        await asyncio.sleep(0.02)


@contextlib.asynccontextmanager
async def metered_bot(fd: FakeDiscord, db: Path, port: int) -> AsyncIterator[GinBot]:
    """The real GinBot with its metrics on ``port`` (local only)."""
    settings = Settings(
        token="fake-token",
        db_path=db,
        dev_guild=fd.guild_id,
        log_level="INFO",
        metrics_port=port,
        metrics_host="127.0.0.1",
    )
    bot = GinBot(settings, ai_delay_s=0.0, tick_s=0.2, sync=True, render_workers=0)
    async with running_bot(fd, bot=bot) as running:
        yield running


async def test_answered_interactions_move_the_counters(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    port = free_port()
    async with metered_bot(fd, tmp_path / "gin.sqlite3", port) as bot:
        assert bot.metrics is not None and bot.metrics.port == port
        before = await scrape(port)
        seen = len(fd.interactions())
        alice, _bob = await start_match(fd)  # a slash command, then Accept and two My hand clicks
        board = await fd.wait_for_message(lambda m: m.public and my_hand_id(m) is not None)
        await alice.open_hand(board)  # one more click, answered like the others
        ours = fd.interactions()[seen:]
        answered = [ix for ix in ours if ix.answered]
        assert len(ours) == len(answered) == 5
        await idle(bot)
        after = await scrape(port)

    assert delta(after, before, 'gin_interactions_total{kind="command"}') == 1
    assert delta(after, before, 'gin_interactions_total{kind="component"}') == 4
    assert delta(after, before, "gin_interaction_answer_seconds_count") == 5  # each first answer, once
    # From the interaction's creation to its answer's acceptance: at least what the stand-in measured
    # from injection to the answer's arrival (ids carry milliseconds), and not absurdly more.
    answer_s = delta(after, before, "gin_interaction_answer_seconds_sum")
    injected_s = sum(ix.answer.latency for ix in answered if ix.answer is not None)
    assert injected_s - 0.002 * 5 <= answer_s <= injected_s + 5.0
    assert delta(after, before, 'gin_interaction_done_seconds_count{kind="command"}') == 1
    assert delta(after, before, 'gin_interaction_done_seconds_count{kind="component"}') == 4
    assert delta(after, before, 'gin_discord_requests_total{route="interaction_callback",status="2xx"}') == 5
    assert delta(after, before, 'gin_discord_requests_total{route="channel",status="2xx"}') >= 2  # challenge, board
    assert after["gin_matches_in_memory"] >= 1 and after["gin_active_matches_in_memory"] >= 1
    assert "gin_outbox_pending" in after and after["gin_outbox_oldest_age_seconds"] >= 0
    assert delta(after, before, "gin_picture_done_seconds_count") >= 3  # the board and two hands at least


async def test_429s_are_counted_by_the_scope_discord_gave(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    port = free_port()
    async with metered_bot(fd, tmp_path / "gin.sqlite3", port) as bot:
        before = await scrape(port)
        refused_before = Counter(fd.limits.stats.rate_limited)
        # Through the bot's own HTTP client, the one every request of the bot takes.
        fd.fail("get_channel", status=429, count=2, retry_after=0.05)  # a shared resource is busy
        await bot.http.get_channel(fd.channel_id)
        fd.limits.rate_limits = True
        fd.limits.global_per_second = 2  # the global budget, with no pacer in front of it
        await asyncio.gather(*(bot.http.get_channel(fd.channel_id) for _ in range(6)))
        refused = Counter(fd.limits.stats.rate_limited)
        refused.subtract(refused_before)
        after = await scrape(port)

    # (A per-route 429, scope user, discord.py avoids by itself: it reads the buckets' headers.)
    assert refused["shared"] == 2 and refused["global"] > 0
    for scope in SCOPES:
        assert delta(after, before, f'gin_discord_rate_limited_total{{scope="{scope}"}}') == refused[scope], scope
    assert delta(after, before, 'gin_discord_requests_total{route="channel",status="429"}') == sum(refused.values())
    # The pacer held back the requests after the global 429 (bot.pacer): its waits are measured.
    assert delta(after, before, 'gin_pacer_wait_seconds_count{priority="normal"}') >= 1
    assert after["gin_pacer_queue_length"] == 0


def listening_ports(pid: int) -> set[int]:
    """The TCP ports a process listens on (Linux: its sockets' inodes in the namespace's tables)."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        with contextlib.suppress(OSError):
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
            if target.startswith("socket:["):
                inodes.add(target[len("socket:[") : -1])
    ports = set()
    for table in ("tcp", "tcp6"):
        with open(f"/proc/{pid}/net/{table}", encoding="ascii") as f:
            for line in f.readlines()[1:]:
                fields = line.split()
                if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                    ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


async def test_the_real_bot_listens_for_scrapes_only_when_the_port_is_set(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    port = free_port()
    env = {"GIN_DB": str(tmp_path / "gin.sqlite3"), "GIN_RENDER_WORKERS": "0", "GIN_METRICS_HOST": "127.0.0.1"}
    async with BotProcess(fd, [], env={**env, "GIN_METRICS_PORT": str(port)}) as proc:
        assert proc.pid is not None
        samples = await scrape(port)
        assert 'gin_interactions_total{kind="component"}' in samples and "gin_outbox_pending" in samples
        assert listening_ports(proc.pid) == {port}
    assert "metrics: serving http://127.0.0.1:" in proc.output

    async with BotProcess(fd, [], env=env) as proc:
        assert proc.pid is not None
        assert listening_ports(proc.pid) == set()  # no endpoint, and nothing else either
    assert "metrics:" not in proc.output
