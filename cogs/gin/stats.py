"""/gin leaderboard and /gin stats: a second cog whose commands join the Gin cog's group.

Both take a game and a table size: stats are kept per game family ('gin:2', 'gin:3', 'knockout:4'),
so a three-player win never counts as a two-player one. The leaderboard also takes a season: this
one, the last one, or all time (docs/seasons.md).

discord.py gives a GroupCog its own ``app_commands.Group``; a second GroupCog with the same name
would clash in the tree. So this plain Cog creates its two ``app_commands.Command`` objects per
bot in ``cog_load``, adds them to the gin group and removes them in ``cog_unload``. The
callbacks are module functions (no binding) that reach the service through the client.
"""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import current
from bot.tables.seasons import ALL, CURRENT, PREVIOUS
from render.chart import rating_chart

from . import season_messages, server_messages
from .answer import answers
from .families import family, family_games
from .flows import desk_of
from .joining import JoinsGin
from .lookback import head_to_head

log = logging.getLogger(__name__)

# The orderings the service offers (it refuses any other), named as the leaderboard's title names them.
BY_CHOICES = [app_commands.Choice(name=title, value=by) for by, title in server_messages.BOARD_TITLES.items()]
MAX_SEATS = 6  # the largest table of any registered game
Players = app_commands.Range[int, 2, MAX_SEATS]
SEASON_CHOICES = [
    app_commands.Choice(name="this season", value=CURRENT),
    app_commands.Choice(name="the last season", value=PREVIOUS),
    app_commands.Choice(name="all time", value=ALL),
]


@app_commands.describe(
    by="Order by rating (default), match wins, point difference, or wins against the bot",
    game="Which game (default: Gin)",
    players="Table size (default: two); each size has its own leaderboard",
    season="This season, the last one, or all time (default: this season if the server has seasons)",
)
@app_commands.choices(by=BY_CHOICES, season=SEASON_CHOICES)
@app_commands.autocomplete(game=family_games)
@answers
async def leaderboard_command(
    interaction: discord.Interaction,
    by: str = "rating",
    game: str | None = None,
    players: Players | None = None,
    season: str | None = None,
) -> None:
    await interaction.response.defer(thinking=True)
    chosen, words = family(game, players)
    service = desk_of(interaction.client).service
    guild = interaction.guild_id or 0
    which = season or (CURRENT if (await service.season_settings(guild)).on else ALL)
    if which != ALL:
        board = await service.season_leaderboard(guild, which, by=by, limit=10, family=chosen)
        await interaction.followup.send(
            season_messages.season_leaderboard(which, board.start, board.end, by, board.rows, words)
            if board.rows
            else season_messages.no_finished(which, words),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        return
    rows = await service.leaderboard(guild, by=by, limit=10, family=chosen)
    if not rows:
        await interaction.followup.send(server_messages.no_finished(words))
        return
    await interaction.followup.send(
        server_messages.leaderboard(by, rows, words), allowed_mentions=discord.AllowedMentions.none()
    )


@app_commands.describe(
    user="Whose statistics (default: yours)",
    game="Which game (default: Gin)",
    players="Table size (default: two); each size is counted apart",
    vs="The record against this player instead (every game)",
)
@app_commands.autocomplete(game=family_games)
@answers
async def stats_command(
    interaction: discord.Interaction,
    user: discord.User | None = None,
    game: str | None = None,
    players: Players | None = None,
    vs: discord.User | None = None,
) -> None:
    await interaction.response.defer(thinking=True)
    who = user or interaction.user
    desk = desk_of(interaction.client)
    guild = interaction.guild_id or 0
    quiet = discord.AllowedMentions.none()
    if vs is not None:
        record = await desk.service.head_to_head(guild, who.id, vs.id)
        await interaction.followup.send(head_to_head(who.display_name, vs.display_name, record), allowed_mentions=quiet)
        return
    chosen, words = family(game, players)
    stats = await desk.service.player_stats(guild, who.id, chosen)
    if stats is None:
        await interaction.followup.send(server_messages.no_stats(who.display_name, words), allowed_mentions=quiet)
        return
    history = await desk.service.rating_history(guild, chosen, who.id)
    files = []
    if len(history) > 1:
        t = current()
        if words:
            title = t._("{player} · {family} rating", player=who.display_name, family=words)
        else:
            title = t._("{player} · rating", player=who.display_name)
        chart = await asyncio.to_thread(rating_chart, [p.rating for p in history], title, desk.board.style)
        files.append(discord.File(chart.file(), filename=chart.filename, description=chart.description))
    await interaction.followup.send(server_messages.stats_text(stats, words), files=files, allowed_mentions=quiet)


COMMANDS = (
    ("leaderboard", "The server's best players", leaderboard_command),
    ("stats", "A player's statistics", stats_command),
)


class Stats(JoinsGin):
    """Adds leaderboard and stats to the /gin group owned by the Gin cog."""

    COMMANDS = COMMANDS


async def setup(bot: commands.Bot) -> None:
    """Needs the Gin cog loaded first (cogs.gin.commands)."""
    await bot.add_cog(Stats(bot))
