"""What happens to a server that the tables depend on: a channel (or thread) deleted, the bot
removed from the server. Their tables are lost (``Desk.channel_lost``, ``Desk.guild_lost``; see
docs/rules.md, "A table whose channel is lost")."""

from __future__ import annotations

import discord
from discord.ext import commands

from .flows import desk_of


class ServerEvents(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await desk_of(self.bot).channel_lost(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await desk_of(self.bot).channel_lost(payload.thread_id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed (kicked, or the server deleted); an outage is ``on_guild_unavailable``."""
        await desk_of(self.bot).guild_lost(guild.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ServerEvents(bot))
