"""/gin leaderboard and /gin stats: a second cog whose commands join the gin cog's group.

discord.py gives a GroupCog its own ``app_commands.Group``; a second GroupCog with the same name
would clash in the tree. So this plain Cog creates its two ``app_commands.Command`` objects per
bot in ``cog_load`` and adds them to the gin group (``group.add_command``), and removes them in
``cog_unload``. The callbacks are module functions (no binding) that find this cog through the
client. Load order: cogs.gin first.
"""

from __future__ import annotations

import logging
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.tables import PlayerStats, TableService

log = logging.getLogger(__name__)

SortBy = Literal["rating", "wins", "points", "vs_bot"]


def _service(interaction: discord.Interaction) -> TableService:
    return interaction.client.desk.service  # type: ignore[attr-defined]


def leaderboard_line(rank: int, p: PlayerStats, by: str) -> str:
    """One row of the leaderboard, in the terms of the chosen ordering."""
    if by == "vs_bot":
        return f"{rank}. **{p.name}** · vs bot {p.vs_bot_won}–{p.vs_bot_lost}"
    record = f"{p.matches_won}–{p.matches_lost}"
    if by == "points":
        return f"{rank}. **{p.name}** · {p.points_for - p.points_against:+d} points ({record})"
    if by == "wins":
        return f"{rank}. **{p.name}** · {p.matches_won} wins ({record}, rating {p.rating})"
    return f"{rank}. **{p.name}** · rating {p.rating} ({record})"


def stats_text(p: PlayerStats) -> str:
    streak = f"{abs(p.streak)} {'win' if p.streak > 0 else 'loss'}{'es' if p.streak < -1 else 's' if p.streak > 1 else ''}" \
        if p.streak else "none"
    return "\n".join([
        f"**{p.name}** · rating {p.rating}",
        f"Matches: {p.matches_won} won, {p.matches_lost} lost · streak {streak}",
        f"Hands won {p.hands_won} · gins {p.gins} · undercuts {p.undercuts}",
        f"Points {p.points_for} for, {p.points_against} against · best margin {p.best_margin}",
        f"Against the bot: {p.vs_bot_won} won, {p.vs_bot_lost} lost",
    ])


@app_commands.describe(by="Order by rating (default), match wins, point difference, or wins against the bot")
async def leaderboard_command(interaction: discord.Interaction, by: SortBy = "rating") -> None:
    rows = await _service(interaction).leaderboard(interaction.guild_id, by=by, limit=10)
    if not rows:
        await interaction.response.send_message("No finished Gin matches on this server yet.", ephemeral=True)
        return
    title = {"rating": "rating", "wins": "match wins", "points": "points", "vs_bot": "wins against the bot"}[by]
    text = f"**Gin leaderboard** · by {title}\n" + "\n".join(
        leaderboard_line(i, p, by) for i, p in enumerate(rows, 1))
    await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())


@app_commands.describe(user="Whose statistics (default: yours)")
async def stats_command(interaction: discord.Interaction, user: discord.User | None = None) -> None:
    who = user or interaction.user
    stats = await _service(interaction).player_stats(interaction.guild_id, who.id)
    if stats is None:
        await interaction.response.send_message(f"{who.display_name} has not finished a Gin match here yet.",
                                                ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
        return
    await interaction.response.send_message(stats_text(stats), allowed_mentions=discord.AllowedMentions.none())


class Stats(commands.Cog):
    """Adds leaderboard and stats to the /gin group owned by the Gin cog."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._added: list[app_commands.Command] = []

    def _group(self) -> app_commands.Group:
        gin = self.bot.get_cog("Gin")
        group = getattr(gin, "app_command", None)
        if group is None:
            raise RuntimeError("load cogs.gin before cogs.leaderboard: its /gin group is needed")
        return group

    async def cog_load(self) -> None:
        group = self._group()
        for name, description, callback in (
            ("leaderboard", "The server's best Gin players", leaderboard_command),
            ("stats", "A player's Gin statistics", stats_command),
        ):
            cmd = app_commands.Command(name=name, description=description, callback=callback, parent=group)
            group.add_command(cmd, override=True)
            self._added.append(cmd)

    async def cog_unload(self) -> None:
        gin = self.bot.get_cog("Gin")
        group = getattr(gin, "app_command", None)
        for cmd in self._added:
            if group is not None and group.get_command(cmd.name) is cmd:
                group.remove_command(cmd.name)
        self._added.clear()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(bot))
