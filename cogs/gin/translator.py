"""The slash commands in every offered language (discord.py's Translator, fed by our catalogues).

Names (of commands, groups, options and the user menu) are translated in the catalogue's context
"command" (Discord allows only lower-case letters, digits, '-' and '_' there, at most 32);
descriptions and choice names as plain texts. Their ids are the English strings of the command
tree: cogs/gin/command_texts.py lists them for the extraction, written by
``python -m cogs.gin.translator`` from the tree itself (a test fails when it is out of date).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import LANGUAGES, language_names, texts
from bot.i18n.choice import DISCORD_LOCALES

NAME_CONTEXT: Final = "command"
NAMES: Final = {Where.command_name, Where.group_name, Where.parameter_name}
NAME_RULE: Final = re.compile(r"^[-_\w]{1,32}$")  # Discord's rule for a slash command's names (no upper case)
TEXTS_FILE: Final = Path(__file__).with_name("command_texts.py")
# Discord's locale -> our language, for the languages we offer (English is the tree itself).
_LANGUAGE_OF: Final = {loc: lang for lang, locales in DISCORD_LOCALES.items() for loc in locales}


class CommandTranslator(app_commands.Translator):
    """Our catalogues for Discord's command localisations; None (Discord shows English) where a
    language is not offered or a name's translation would break Discord's naming rule."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        lang = _LANGUAGE_OF.get(locale.value)
        if lang is None or lang not in LANGUAGES:
            return None
        t = texts(lang)
        if context.location in NAMES and not isinstance(context.data, app_commands.ContextMenu):
            name = t.pgettext(NAME_CONTEXT, string.message)
            return name if name != string.message and NAME_RULE.match(name) and name == name.lower() else None
        text = t._(string.message)  # descriptions, choices and a user menu's name (which may hold spaces)
        return text if text != string.message else None


def command_texts(tree: app_commands.CommandTree[discord.Client]) -> Iterator[tuple[str | None, str]]:
    """Every (context, text) of the tree a player reads in Discord's command picker."""
    for command in tree.get_commands():
        if isinstance(command, app_commands.ContextMenu):
            yield None, command.name  # a user menu's name has spaces and capitals: a plain text
            continue
        yield from _command(command)


def _command(command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> Iterator[tuple[str | None, str]]:
    yield NAME_CONTEXT, command.name
    yield None, command.description
    if isinstance(command, app_commands.Group):
        for sub in command.commands:
            yield from _command(sub)
        return
    for param in command.parameters:
        yield NAME_CONTEXT, param.name
        yield None, param.description
        own_names = set(language_names().values())  # a language is offered under its own name, untranslated
        for choice in param.choices:
            if choice.name not in own_names:
                yield None, choice.name


def source(pairs: list[tuple[str | None, str]]) -> str:
    """command_texts.py: every text marked for the extraction, each once, in the tree's order."""
    seen: set[tuple[str | None, str]] = set()
    lines = [
        '"""Every text of the slash commands, marked for the catalogue. Written by',
        '``python -m cogs.gin.translator`` from the command tree: do not edit by hand."""',
        "",
        "from bot.i18n import N_, NP_",
        "",
        "TEXTS = (",
    ]
    for context, text in pairs:
        if (context, text) in seen or not text or text == "…":
            continue
        seen.add((context, text))
        quoted = json.dumps(text, ensure_ascii=False)  # a JSON string is a Python string literal too
        lines.append(f'    NP_("{context}", {quoted}),' if context else f"    N_({quoted}),")
    lines.append(")")
    return "\n".join(lines) + "\n"


async def tree_texts() -> list[tuple[str | None, str]]:
    """The texts of the bot's command tree, built with every extension loaded (no connection)."""
    from discord.ext import commands

    from . import EXTENSIONS
    from .answer import GinTree

    bot = commands.Bot(command_prefix="!", intents=discord.Intents(guilds=True), tree_cls=GinTree, help_command=None)
    for name in EXTENSIONS:
        await bot.load_extension(name)
    try:
        return list(command_texts(bot.tree))
    finally:
        await bot.close()


def main() -> int:
    """Write command_texts.py from the bot's command tree (no Discord connection)."""
    import asyncio

    pairs = asyncio.run(tree_texts())
    TEXTS_FILE.write_text(source(pairs), encoding="utf-8")
    print(f"{TEXTS_FILE}: {len(pairs)} texts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
