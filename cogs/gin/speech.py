"""Which language each reader is spoken to in (docs/i18n.md).

Private answers and a player's hand: his own choice (/gin style language), else his Discord
client's language. Public messages (boards, results, announcements): the server's choice
(/gin-admin settings language), else the server's preferred locale. English for anything the bot
does not speak.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import LANGUAGES, Texts, choose, from_discord, language_names, texts
from bot.tables import GuildSettings, TableService
from bot.tables.settings import FOLLOW_DISCORD
from bot.tables.styles import PlayerStyle


def reader_language(style: PlayerStyle | None, locale: object) -> str:
    """The language of a player's private messages: his choice, else his client's locale."""
    return choose(style.language if style is not None else None, from_discord(str(locale) if locale else None))


def server_language(settings: GuildSettings | None, guild_locale: object) -> str:
    """The language of a server's public messages: its setting, else its preferred locale."""
    chosen = settings.language if settings is not None else None
    return choose(chosen, from_discord(str(guild_locale) if guild_locale else None))


async def reader(service: TableService, interaction: discord.Interaction) -> Texts:
    """The texts of the clicking player's language (his style is read once, then kept in memory)."""
    style = await service.player_style(interaction.user.id)
    return texts(reader_language(style, interaction.locale))


def reader_now(service: TableService | None, interaction: discord.Interaction) -> Texts:
    """The same without waiting for the database: his choice if it is in memory, else his client's."""
    style = service.known_player_style(interaction.user.id) if service is not None else None
    return texts(reader_language(style, interaction.locale))


async def public_language(service: TableService, client: discord.Client, guild_id: int) -> str:
    """The language of a server's public messages (its setting, else its preferred locale)."""
    settings = await service.guild_settings(guild_id)
    guild = client.get_guild(guild_id)
    return server_language(settings, guild.preferred_locale if guild is not None else None)


def language_choices() -> list[app_commands.Choice[str]]:
    """The offered languages under their own names, and 'as Discord' (forget the choice)."""
    own = language_names()
    return [
        app_commands.Choice(name="Discord's language (default)", value=FOLLOW_DISCORD),
        *(app_commands.Choice(name=own[lang], value=lang) for lang in LANGUAGES),
    ]


def language_name(lang: str | None, t: Texts) -> str:
    """A language by its own name ('Deutsch'), or 'Discord's language' for no choice."""
    if lang is None:
        return t._("Discord's language")
    return language_names().get(lang, lang)
