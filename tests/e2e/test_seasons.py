"""Seasons through the stand-in, with a test clock the bots' services read: an admin turns weekly
seasons on; a match is played; /gin leaderboard shows this season; the week ends and the tick closes
it; its champion is announced in the season channel exactly once, even when the first post is refused
and the bot restarts holding the claim; /gin leaderboard season:previous shows the ended season,
season:all the reset ratings. Two sharded clients on one database (SQLite and PostgreSQL): each
closes and announces its own guild's season, once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.client import ShardedGinBot
from bot.config import Settings
from bot.tables.seasons import ANNOUNCE_CLAIM
from bot.tables.shards import ShardSet
from fakediscord import FakeDiscord, FakeGuild, StoredMessage, running_bot
from fakediscord.world import BOT_PERMISSIONS, SEND_MESSAGES
from tests.clock import Clock
from tests.e2e.game_driver import fixed_seeds, gin_bot, slash
from tests.store.helpers import query

OVER = "The season is over"


def announcements(fd: FakeDiscord, channel_id: int) -> list[StoredMessage]:
    return [m for m in fd.channel_messages(channel_id) if OVER in m.content]


async def text_of(fd: FakeDiscord, sub: str, **options: object) -> str:
    ix = await slash(fd, fd.carol, sub, **options)
    return (await ix.final(5)).content or ""


async def resign_match(fd: FakeDiscord, guild: FakeGuild | None = None) -> None:
    """Alice challenges Bob, Bob accepts, then resigns (confirmed): Alice wins a rated match."""
    where = (guild or fd.guild).channel
    ix = await fd.slash(fd.alice, "gin", subcommand="challenge", options={"opponent": fd.bob}, channel=where)
    await ix.response()
    challenge = await fd.wait_for_message(
        lambda m: m.public and m.channel_id == where.id and m.find_component(label="Accept") is not None, timeout=5
    )
    await (await fd.click(fd.bob, challenge, challenge.component(label="Accept")["custom_id"])).response()
    await fd.wait_for_message(
        lambda m: m.public and m.channel_id == where.id and m.find_component(label="My hand") is not None
    )
    ask = await fd.slash(fd.bob, "gin", subcommand="resign", options={}, channel=where)
    question = await ask.final(5)
    sure = await fd.click(fd.bob, question, question.component(label="Yes, resign the match")["custom_id"])
    await sure.settled(5.0)
    await fd.wait_for_message(
        lambda m: m.public and m.channel_id == where.id and m.find_component(label="Rematch") is not None, timeout=5
    )


async def test_a_season_ends_with_its_champion_announced_once(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fd = fake_discord
    caplog.set_level(logging.INFO)
    db, clock, general = tmp_path / "gin.sqlite3", Clock(), fd.channel2.id
    async with gin_bot(fd, db, seeds=fixed_seeds(8), clock=clock):
        ix = await fd.slash(
            fd.dana,
            "gin-admin",
            subcommand="settings",
            options={"season": "weekly", "season_channel": fd.channel2, "season_reset": "soft"},
        )
        said = (await ix.final(5)).content or ""
        assert "Seasons: weekly (from Monday, UTC); this one ends <t:" in said and f"<#{general}>" in said
        assert "At a season's end: ratings move halfway back toward 1500" in said
        await resign_match(fd)
        board = await text_of(fd, "leaderboard")  # seasons on: this season by default
        assert "this season, <t:" in board and "1. **Alice** · rating 1516 (1–0)" in board
        assert await text_of(fd, "leaderboard", season="previous") == "No season has ended on this server yet."

        fd.bot_permissions[general] = str(int(BOT_PERMISSIONS) & ~SEND_MESSAGES)  # the post will be refused
        clock.advance(days=4)  # Monday noon: the week is over; the tick closes it
        await fd.wait_until(
            lambda: any("Discord refused the season's end" in r.getMessage() for r in caplog.records) or None,
            timeout=5,
        )
        assert query(db, "SELECT COUNT(*), COUNT(announced_at), COUNT(claimed_until) FROM seasons") == [(1, 0, 1)]
    fd.bot_permissions.pop(general)

    # a new process: the season stays closed and the claim holds until it runs out
    async with gin_bot(fd, db, seeds=fixed_seeds(9), clock=clock, sync=False):
        await asyncio.sleep(1.0)  # five ticks
        assert announcements(fd, general) == []
        clock.advance(ANNOUNCE_CLAIM.total_seconds() + 1)
        (posted,) = [await fd.wait_until(lambda: next(iter(announcements(fd, general)), None), timeout=5)]
        assert posted.public and f"<@{fd.alice.id}> is the champion · rating 1,516 (1–0)" in posted.content
        assert "**Gin Rummy, 2 players**" in posted.content and "halfway back toward 1500" in posted.content
        assert fd.alice.id in posted.notified and fd.bob.id not in posted.notified
        await asyncio.sleep(1.0)
        assert len(announcements(fd, general)) == 1

        last = await text_of(fd, "leaderboard", season="previous")
        assert "last season, <t:" in last and "1. **Alice** · rating 1516 (1–0)" in last
        assert "2. **Bob** · rating 1484 (0–1)" in last
        assert "1. **Alice** · rating 1508 (1–0)" in await text_of(fd, "leaderboard", season="all")
        assert await text_of(fd, "leaderboard") == "No finished matches this season yet."
        assert await text_of(fd, "leaderboard", season="previous", players=3) == (
            "No finished matches of Gin Rummy, 3 players in the last season."
        )
    assert query(db, "SELECT COUNT(*), COUNT(announced_at), COUNT(message_id) FROM seasons") == [(1, 1, 1)]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@contextlib.asynccontextmanager
async def sharded(fd: FakeDiscord, db: Path | str, spec: str, clock: Clock) -> AsyncIterator[ShardedGinBot]:
    settings = Settings(token="fake-token", db_path=db, dev_guild=None, log_level="INFO")
    bot = ShardedGinBot(
        settings, ShardSet.parse(spec, 2), seed_source=fixed_seeds(3), clock=clock, tick_s=0.2, render_workers=0
    )
    async with running_bot(fd, bot=bot) as running:
        yield running


async def test_two_sharded_clients_each_close_and_announce_their_own_guild(gin_db: str | Path) -> None:
    async with FakeDiscord(shard_count=2) as fd:
        guilds = [fd.guild, fd.add_guild(shard=1)]
        assert [fd.shard_of(g.id) for g in guilds] == [0, 1]
        clock = Clock()
        async with sharded(fd, gin_db, "0", clock) as low, sharded(fd, gin_db, "1", clock) as high:
            for bot, guild in ((low, guilds[0]), (high, guilds[1])):
                assert bot.service is not None
                await bot.service.set_seasons(guild.id, length="weekly", channel_id=guild.channel2.id)
                await resign_match(fd, guild)
            clock.advance(days=4)
            await fd.wait_until(lambda: all(announcements(fd, g.channel2.id) for g in guilds) or None, timeout=5)
            await asyncio.sleep(1.0)
            assert [len(announcements(fd, g.channel2.id)) for g in guilds] == [1, 1]
            closed = {int(g) for (g,) in query(gin_db, "SELECT guild_id FROM seasons WHERE message_id IS NOT NULL")}
            assert closed == {g.id for g in guilds}
