"""A match's thread is opened before its match is written, so a process killed between the two leaves
an empty thread: the next process (it learns the guild's active threads from Discord at connect) takes
that thread for the pairing again instead of opening a second one."""

from __future__ import annotations

from pathlib import Path

import discord

from fakediscord import FakeDiscord, FakeUser, running_bot
from tests.clock import Clock
from tests.e2e.game_driver import fixed_seeds, gin_bot
from tests.store.helpers import query

OVER = "The tournament is over."


async def tourney(fd: FakeDiscord, who: FakeUser, sub: str, **options: object) -> str:
    ix = await fd.slash(who, "gin", group="tournament", subcommand=sub, options=options)
    await ix.response()
    return (await ix.final(10)).content or ""


async def test_an_empty_thread_left_by_a_killed_process_is_taken_again(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    async with running_bot(fd) as earlier:  # the process that died after opening round 1's first thread
        parent = earlier.get_channel(fd.channel.id)
        assert isinstance(parent, discord.TextChannel)
        left = await parent.create_thread(name="Round 1, table 1", type=discord.ChannelType.public_thread)
        kept = await parent.create_thread(name="Round 1, table 2", type=discord.ChannelType.public_thread)
        await kept.send("an earlier match's board")  # not empty: never taken
    db = tmp_path / "gin.sqlite3"
    async with gin_bot(fd, db, seeds=fixed_seeds(64), clock=Clock.from_wall_clock(), tick_s=0.1):
        assert await tourney(fd, fd.dana, "create", format="single", hands=1, signup=60) == "Done."
        assert await tourney(fd, fd.dana, "add_ai", count=4, level="easy") == "Done."
        assert await tourney(fd, fd.dana, "start") == "Done."
        await fd.wait_for_message(lambda m: m.public and OVER in (m.content or ""), timeout=60)
    channels = [c for (c,) in query(db, "SELECT channel_id FROM matches ORDER BY id")]
    assert left.id in channels and kept.id not in channels
    assert len(fd.store.threads) == 2 + len(channels) - 1  # one thread fewer than matches: the empty one reused
    assert all(fd.channel_messages(t) for t in fd.store.threads)  # no empty thread left
