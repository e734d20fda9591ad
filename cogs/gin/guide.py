"""/gin help: how to play each game, the commands and the table options; and the options field's
autocomplete for /gin challenge and /gin play.

Like the stats cog, a plain Cog that adds its command to the /gin group the Gin cog owns. The
texts come from the engine's own tables (render/guide.py): the rules of each game in short and
the options its parser takes, with their values and defaults.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.constants import DEFAULT_GAME
from bot.engine import game_names, game_type
from bot.i18n import Saying, current
from render.games import offered_games
from render.guide import game_guide, games_line, option_suggestions

from .answer import answers
from .joining import JoinsGin
from .messages import MY_HAND

EMBED_LIMIT = 4096  # characters in an embed's description
COLOUR = 0x2E7D32


def _fit(lines: list[str]) -> str:
    """Lines joined, cut at a line's end to fit one embed."""
    out: list[str] = []
    used = 0
    for line in lines:
        if used + len(line) + 1 > EMBED_LIMIT:
            break
        out.append(line)
        used += len(line) + 1
    return "\n".join(out)


def overview(group: app_commands.Group | None) -> list[str]:
    """Every game offered here, how a turn goes, and every /gin command with its description."""
    t = current()
    games = [game_type(g) for g in game_names() if g in offered_games()]
    lines = ["**" + t._("The games") + "**", *games_line(games), ""]
    lines += [
        "**" + t._("How to play") + "**",
        t._(
            "Start a table with `/gin challenge` (name opponents, or none for an open challenge; more "
            "players open a lobby) or `/gin play` against the bot. Press **{button}** on the board once: "
            "your cards come privately, with a button for every move you may make, and that message "
            "comes alive by itself on your turn.",
            button=t._(MY_HAND),
        ),
        "",
        "**" + t._("Commands") + "**",
    ]
    if group is not None:
        # Each command's name and description as the reader's Discord shows them (the translator's texts).
        lines += [
            f"`/gin {t.pgettext('command', c.name)}`: {t._(c.description)}"
            for c in sorted(group.commands, key=lambda c: c.name)
        ]
    lines += ["", t._("`/gin help game:<game>` shows a game's rules and its options.")]
    return lines


async def game_help_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    typed = current.lower()
    return [
        app_commands.Choice(name=game_type(g).title, value=g)
        for g in game_names()
        if g in offered_games() and (typed in g or typed in game_type(g).title.lower())
    ][:25]


async def options_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The next field of the options string and its values, for the game chosen in the same command."""
    game = getattr(interaction.namespace, "game", None) or DEFAULT_GAME
    try:
        kind = game_type(str(game))
    except ValueError:
        return []
    return [app_commands.Choice(name=text, value=text) for text in option_suggestions(kind, current)]


@app_commands.describe(game="A game's rules and options (default: every game and command)")
@app_commands.autocomplete(game=game_help_choices)
@answers
async def help_command(interaction: discord.Interaction, game: str | None = None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    if game is None:
        command = interaction.command
        group = command.parent if isinstance(command, app_commands.Command) else None
        title, lines = current()._("Gin Rummy and friends: help"), overview(group)
    else:
        try:
            kind = game_type(game)
        except ValueError as error:  # an OptionError: its id and fields
            await interaction.followup.send(
                current().said(error) if isinstance(error, Saying) else str(error), ephemeral=True
            )
            return
        title, lines = current()._("{game}: how to play", game=kind.title), game_guide(kind)
    embed = discord.Embed(title=title, description=_fit(lines), colour=COLOUR)
    await interaction.followup.send(embed=embed, ephemeral=True)


class Guide(JoinsGin):
    """Adds /gin help to the group owned by the Gin cog."""

    COMMANDS = (("help", "How to play each game, the commands and the options", help_command),)


async def setup(bot: commands.Bot) -> None:
    """Needs the Gin cog loaded first (cogs.gin.commands)."""
    await bot.add_cog(Guide(bot))
