"""A game family chosen in a command (a game and its table size: stats, leaderboards and
history count each apart), shared by the stats and the look-back commands."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.constants import DEFAULT_GAME
from bot.engine import game_names, game_type
from bot.tables import DEFAULT_FAMILY, Refusal, family_of

from . import server_messages


async def family_games(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Every registered game whose name or title contains what was typed."""
    typed = current.lower()
    return [
        app_commands.Choice(name=game_type(g).title, value=g)
        for g in game_names()
        if typed in g or typed in game_type(g).title.lower()
    ][:25]


def family(game: str | None, players: int | None) -> tuple[str, str]:
    """The stats family chosen (a game and its table size: a three-player win is not a two-player
    one) and its words for the answer ('' for two-player Gin, the default)."""
    name = game or DEFAULT_GAME
    try:
        kind = game_type(name)
    except ValueError as error:
        raise Refusal.of_error(error) from None
    seats = players if players is not None else kind.seat_counts[0]
    if seats not in kind.seat_counts:
        raise Refusal(server_messages.not_played_by(kind.title, seats))
    chosen = family_of(name, seats)
    return chosen, "" if chosen == DEFAULT_FAMILY else server_messages.family_title(kind.title, seats)
