"""A table committed but its message not taken by Discord (a 503 on the post; the same as a process
stopped between the commit and the post) is posted by the bot's sweep once, and then plays: the
open tables are their own outbox (issue 26)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.client import GinBot
from bot.tables import ChallengeStatus
from fakediscord import FakeDiscord, StoredMessage
from tests.e2e.game_driver import accept_id, gin_bot, service_of, slash

LATER = "Discord did not take the message just now"


async def message_of_table(bot: GinBot, channel_id: int) -> int | None:
    """The open table's message id as the store has it, once set (it is stored right after the post)."""
    for _ in range(100):
        table = await service_of(bot).store.open_challenge_in_channel(channel_id)
        if table is not None and table.message_id is not None:
            return table.message_id
        await asyncio.sleep(0.05)
    return None


def with_label(fd: FakeDiscord, label: str) -> list[StoredMessage]:
    return [m for m in fd.channel_messages() if m.find_component(label=label) is not None]


async def test_a_challenge_discord_did_not_take_is_posted_by_the_sweep(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fd = fake_discord
    caplog.set_level(logging.INFO)
    async with gin_bot(fd, tmp_path / "gin.sqlite3") as bot:
        fd.fail("channel_send", 503, count=1)
        ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob)
        answer = await ix.final(5)
        assert answer.ephemeral and LATER in answer.content
        assert with_label(fd, "Accept") == []
        posted = await fd.wait_until(lambda: with_label(fd, "Accept") or None, timeout=10, what="the challenge")
        assert len(posted) == 1 and "<@" in posted[0].content  # the opponent is named
        assert await message_of_table(bot, fd.channel_id) == posted[0].id
        cid = accept_id(posted[0])
        assert cid is not None
        await (await fd.click(fd.bob, posted[0], cid)).response()
        await fd.wait_until(
            lambda: next((m for m in fd.channel_messages() if m.find_component(label="My hand")), None),
            timeout=5,
            what="the first board",
        )
        assert len(with_label(fd, "Accept")) == 0  # the challenge's buttons are gone, not posted again
        assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_a_lobby_discord_did_not_take_is_posted_by_the_sweep(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3") as bot:
        fd.fail("channel_send", 503, count=1)
        ix = await slash(fd, fd.alice, "challenge", players=3)
        answer = await ix.final(5)
        assert LATER in answer.content
        posted = await fd.wait_until(lambda: with_label(fd, "Join") or None, timeout=10, what="the lobby")
        assert len(posted) == 1
        assert await message_of_table(bot, fd.channel_id) == posted[0].id
        table = await service_of(bot).store.open_challenge_in_channel(fd.channel_id)
        assert table is not None and table.status is ChallengeStatus.OPEN and table.seats == 3
