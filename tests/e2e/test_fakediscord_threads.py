"""Public threads in the stand-in, driven through the real discord.py client: created without a starter
message (type 11, its parent the channel), THREAD_CREATE reaching the client, posting in the thread, and
the permissions (Create Public Threads to make one, Send Messages in Threads to post in one)."""

from __future__ import annotations

import discord
import pytest
from discord.ext import commands

from fakediscord import FakeDiscord, running_bot
from fakediscord.world import BOT_PERMISSIONS, CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS, THREAD


async def setup(bot: commands.Bot) -> None:
    """Nothing to add: the test calls discord.py's channel methods itself."""


def text_channel(bot: discord.Client, channel_id: int) -> discord.TextChannel:
    channel = bot.get_channel(channel_id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_a_public_thread_is_created_announced_and_posted_in(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup) as bot:
        channel = text_channel(bot, fd.channel.id)
        thread = await channel.create_thread(name="Round 1 · Ann vs Bob", type=discord.ChannelType.public_thread)
        assert (
            isinstance(thread, discord.Thread) and thread.parent_id == channel.id and thread.name.startswith("Round 1")
        )
        assert fd.store.threads == [thread.id] and fd.channels[thread.id].type == THREAD
        await fd.store.wait_until(lambda: bot.get_channel(thread.id), what="THREAD_CREATE in the client's cache")
        cached = bot.get_channel(thread.id)
        assert isinstance(cached, discord.Thread) and cached.parent == channel
        await thread.send("your match")
        assert [m.content for m in fd.channel_messages(fd.channels[thread.id])] == ["your match"]
        assert fd.channel_messages(fd.channel) == []  # nothing in the parent channel


async def test_threads_need_their_permissions(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup) as bot:
        channel = text_channel(bot, fd.channel.id)
        fd.bot_permissions[channel.id] = str(int(BOT_PERMISSIONS) & ~CREATE_PUBLIC_THREADS)
        with pytest.raises(discord.Forbidden) as caught:
            await channel.create_thread(name="refused", type=discord.ChannelType.public_thread)
        assert caught.value.code == 50013 and fd.store.threads == []
        fd.bot_permissions[channel.id] = str(int(BOT_PERMISSIONS) & ~SEND_MESSAGES_IN_THREADS)
        thread = await channel.create_thread(name="made", type=discord.ChannelType.public_thread)
        with pytest.raises(discord.Forbidden) as caught:
            await thread.send("refused")  # the parent's permissions count in its threads
        assert caught.value.code == 50013
        fd.bot_permissions[channel.id] = BOT_PERMISSIONS
        await thread.send("allowed")
        assert [m.content for m in fd.channel_messages(fd.channels[thread.id])] == ["allowed"]
