"""Which language a text is shown in: Discord's locale names mapped to the catalogues, and the first
of a list of preferences that the bot speaks."""

from __future__ import annotations

from typing import Final

from babel import Locale

from .catalogue import DEFAULT, LANGUAGES, PSEUDO

# Discord's locale codes (https://discord.com/developers/docs/reference#locales) of our languages.
_DISCORD: Final = {
    "en-US": "en",
    "en-GB": "en",
    "de": "de",
    "es-ES": "es",
    "es-419": "es",
    "fr": "fr",
    "pt-BR": "pt_BR",
}
# The Discord locales each catalogue translates the slash commands for.
DISCORD_LOCALES: Final = {"de": ("de",), "es": ("es-ES", "es-419"), "fr": ("fr",), "pt_BR": ("pt-BR",)}


def from_discord(locale: str | None) -> str | None:
    """Our language for a Discord locale code (``'pt-BR'`` -> ``'pt_BR'``), None if we lack it."""
    if locale is None:
        return None
    return _DISCORD.get(str(locale))


def choose(*preferences: str | None) -> str:
    """The first preference the bot speaks (our codes, e.g. a player's override, then the server's
    setting, then Discord's locale mapped by ``from_discord``); English if none."""
    for lang in preferences:
        if lang is not None and (lang in LANGUAGES or lang == PSEUDO):  # in-progress catalogues are not offered
            return lang
    return DEFAULT


def language_names() -> dict[str, str]:
    """Each language under its own name, for a menu: ``{'de': 'Deutsch', ...}``."""
    return {lang: Locale.parse(lang).get_display_name(lang) or lang for lang in LANGUAGES}
