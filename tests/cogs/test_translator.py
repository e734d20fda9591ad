"""The slash commands' texts: command_texts.py lists exactly the command tree's texts, and the
tree translated into every offered language keeps Discord's rules (the stand-in's checker)."""

from __future__ import annotations

import discord
from discord.ext import commands

from bot.i18n import LANGUAGES, texts
from bot.i18n.choice import DISCORD_LOCALES
from cogs.gin import EXTENSIONS, GinTree
from cogs.gin.translator import TEXTS_FILE, CommandTranslator, source, tree_texts
from fakediscord.rest.command_rules import problems


async def test_the_marked_texts_are_the_command_trees() -> None:
    assert TEXTS_FILE.read_text(encoding="utf-8") == source(await tree_texts()), (
        "the commands changed: run python -m cogs.gin.translator, then python -m bot.i18n extract"
    )


async def test_every_language_keeps_discords_rules_for_every_command() -> None:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents(guilds=True), tree_cls=GinTree, help_command=None)
    for name in EXTENSIONS:
        await bot.load_extension(name)
    await bot.tree.set_translator(CommandTranslator())
    translator = bot.tree.translator
    assert translator is not None
    try:
        payloads = [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]
    finally:
        await bot.close()
    assert [p for c in payloads for p in problems(c)] == []
    gin = next(c for c in payloads if c["name"] == "gin")
    for lang in LANGUAGES[1:]:  # every offered language names every subcommand (unless it says it alike)
        t = texts(lang)
        for locale in DISCORD_LOCALES[lang]:
            missing = [
                sub["name"]
                for sub in gin["options"]
                if locale not in sub["name_localizations"] and t.pgettext("command", sub["name"]) != sub["name"]
            ]
            assert missing == [], (lang, locale)
            assert any(locale in sub["name_localizations"] for sub in gin["options"]), (lang, locale)


def test_the_checker_refuses_what_discord_refuses() -> None:
    good = {"name": "style", "description": "Your look", "type": 1}
    assert problems(good) == []
    assert problems({**good, "name": "Style"})  # upper case
    assert problems({**good, "name_localizations": {"de": "karten größe"}})  # a space
    assert problems({**good, "name_localizations": {"xx": "stil"}})  # no such locale
    assert problems({**good, "description": "x" * 101})
    twice = {
        **good,
        "options": [{"name": "a", "description": "d", "type": 3}, {"name": "a", "description": "d", "type": 3}],
    }
    assert problems(twice)
    same_in_german = {
        **good,
        "options": [
            {"name": "user", "description": "d", "type": 6, "name_localizations": {"de": "spieler"}},
            {"name": "players", "description": "d", "type": 4, "name_localizations": {"de": "spieler"}},
        ],
    }
    assert problems(same_in_german) == ["options: option names in de must be unique"]
