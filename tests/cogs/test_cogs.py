"""The extensions load into one /gin group (the stats cog attaches to the gin cog's group), the
context menu sits at the top level, unload/reload keeps the tree consistent, and the command
payloads Discord would receive are well formed."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest
from discord.ext import commands

from bot.client import GinTree
from cogs.gin import EXTENSIONS

GIN = {"challenge", "play", "hand", "resign", "rules", "style"}
STATS = {"leaderboard", "stats", "help", "history", "replay", "last"}  # the other cogs join the gin group
GROUPS = {"tournament"}  # subgroups of /gin (cogs/gin/tournament)
TOURNAMENT = {"create", "status", "start", "add_ai", "remove", "award", "cancel"}


@pytest.fixture
async def bot() -> AsyncIterator[commands.Bot]:
    b = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.none(), tree_cls=GinTree)
    for name in EXTENSIONS:
        await b.load_extension(name)
    yield b
    await b.close()


def children(bot: commands.Bot) -> set[str]:
    group = bot.tree.get_command("gin")
    assert isinstance(group, discord.app_commands.Group)
    return {c.name for c in group.commands}


async def test_one_gin_group_with_every_subcommand(bot: commands.Bot) -> None:
    assert children(bot) == GIN | STATS | GROUPS
    menu = bot.tree.get_command("Challenge to Gin", type=discord.AppCommandType.user)
    assert menu is not None
    top = {c.name for c in bot.tree.get_commands()}
    assert top == {"gin", "gin-admin", "Challenge to Gin"}  # no stray top-level leaderboard/stats


async def test_sync_payload_is_well_formed(bot: commands.Bot) -> None:
    payload = {c.name: c.to_dict(bot.tree) for c in bot.tree.get_commands()}
    gin = payload["gin"]
    assert gin["contexts"] == [0] or gin.get("dm_permission") is False  # guild only
    subs = {o["name"]: o for o in gin["options"]}
    assert set(subs) == GIN | STATS | GROUPS
    assert all(o["type"] == (2 if name in GROUPS else 1) for name, o in subs.items())
    assert {o["name"] for o in subs["tournament"]["options"]} == TOURNAMENT
    for sub in ("challenge", "play", "rules"):  # game and variant come from the game registry, as typed
        options = {o["name"]: o for o in subs[sub]["options"]}
        assert options["game"]["autocomplete"] and options["variant"]["autocomplete"]
        assert options["game"]["type"] == options["variant"]["type"] == 3
        if sub != "rules":  # the options field is completed from the game's own option table
            assert options["options"]["autocomplete"]
    target = next(o for o in subs["challenge"]["options"] if o["name"] == "target")
    assert target["min_value"] == 10 and target["max_value"] == 1000
    by = next(o for o in subs["leaderboard"]["options"] if o["name"] == "by")
    assert {c["value"] for c in by["choices"]} == {"rating", "wins", "points", "vs_bot"}
    level = next(o for o in subs["play"]["options"] if o["name"] == "level")
    assert {c["value"] for c in level["choices"]} == {"easy", "normal", "hard", "expert"}
    assert payload["Challenge to Gin"]["type"] == 2


async def test_unload_and_reload_keep_the_tree_consistent(bot: commands.Bot) -> None:
    assert EXTENSIONS == (
        "cogs.gin.commands",
        "cogs.gin.stats",
        "cogs.gin.guide",
        "cogs.gin.lookback",
        "cogs.gin.admin",
        "cogs.gin.server_events",
        "cogs.gin.tournament.commands",
    )
    await bot.unload_extension("cogs.gin.stats")
    await bot.unload_extension("cogs.gin.guide")
    await bot.unload_extension("cogs.gin.lookback")
    assert children(bot) == GIN | GROUPS
    await bot.unload_extension("cogs.gin.tournament.commands")
    assert children(bot) == GIN
    await bot.load_extension("cogs.gin.stats")
    await bot.load_extension("cogs.gin.guide")
    await bot.load_extension("cogs.gin.lookback")
    await bot.load_extension("cogs.gin.tournament.commands")
    assert children(bot) == GIN | STATS | GROUPS
    await bot.reload_extension("cogs.gin.stats")
    await bot.reload_extension("cogs.gin.tournament.commands")
    assert children(bot) == GIN | STATS | GROUPS
    await bot.reload_extension("cogs.gin.commands")  # a fresh group: stats and help must be loaded again
    assert children(bot) == GIN
    await bot.reload_extension("cogs.gin.stats")
    await bot.reload_extension("cogs.gin.guide")
    await bot.reload_extension("cogs.gin.lookback")
    await bot.reload_extension("cogs.gin.tournament.commands")
    assert children(bot) == GIN | STATS | GROUPS
    await bot.unload_extension("cogs.gin.tournament.commands")
    await bot.unload_extension("cogs.gin.lookback")
    await bot.unload_extension("cogs.gin.guide")
    await bot.unload_extension("cogs.gin.stats")
    await bot.unload_extension("cogs.gin.commands")
    assert bot.tree.get_command("gin") is None
    assert bot.tree.get_command("Challenge to Gin", type=discord.AppCommandType.user) is None


async def test_stats_cog_needs_the_gin_cog_first() -> None:
    b = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.none())
    try:
        with pytest.raises(commands.ExtensionFailed):
            await b.load_extension("cogs.gin.stats")
    finally:
        await b.close()


async def test_unloading_keeps_the_parts_the_bot_holds() -> None:
    """An unload drops the extension's modules; the desk and the DynamicItem classes live elsewhere,
    so a bot loading the extensions again (a reload, the next bot in a process) still finds them."""
    import sys

    import cogs.gin.components as components_module
    import cogs.gin.flows.desk as desk_module

    b = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.none(), tree_cls=GinTree)
    try:
        for name in EXTENSIONS:
            await b.load_extension(name)
        for name in reversed(EXTENSIONS):
            await b.unload_extension(name)
        assert sys.modules["cogs.gin.flows.desk"] is desk_module
        assert sys.modules["cogs.gin.components"] is components_module
    finally:
        await b.close()
