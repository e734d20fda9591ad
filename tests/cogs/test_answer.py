"""The answering decorator's contract, through the real discord.py client and the stand-in:
a Refusal is a short ephemeral answer whether or not the interaction was answered, anything
else is logged with its context and answered with an apology, the handler is counted in
flight while it runs, and the tree's on_error answers the same way."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.tables import Refusal
from cogs.gin import messages
from cogs.gin.answer import GinTree, Inflight, answers
from fakediscord import FakeDiscord, running_bot

release = asyncio.Event()
started = asyncio.Event()


@answers
async def refuse_first(interaction: discord.Interaction) -> None:
    raise Refusal("Not now.")


@answers
async def refuse_deferred(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    raise Refusal("Not after thinking either.")


@answers
async def refuse_answered(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("public hello")
    raise Refusal("And not after answering.")


@answers
async def boom(interaction: discord.Interaction, amount: int) -> None:
    raise RuntimeError(f"broken with {amount}")


@answers
async def slow(interaction: discord.Interaction) -> None:
    started.set()
    await release.wait()
    await interaction.response.send_message("done", ephemeral=True)


@app_commands.check(lambda interaction: False)
async def never(interaction: discord.Interaction) -> None:
    raise AssertionError("a failed check never runs the callback")


async def setup(bot: commands.Bot) -> None:
    bot.desk = SimpleNamespace(inflight=Inflight())  # type: ignore[attr-defined]  # what inflight_of looks for
    for fn in (refuse_first, refuse_deferred, refuse_answered, boom, slow, never):
        bot.tree.add_command(app_commands.Command(name=fn.__name__, description="test", callback=fn))


@pytest.fixture
async def bot(fake_discord: FakeDiscord) -> AsyncIterator[commands.Bot]:
    async with running_bot(fake_discord, setup, tree_cls=GinTree) as b:
        yield b


async def answer_text(fd: FakeDiscord, name: str, **options: object) -> tuple[str, bool]:
    ix = await fd.slash(fd.alice, name, options=options)
    first = await ix.response()
    if first.type == 5:
        final = await ix.final()
        return final.content, final.ephemeral
    if first.ephemeral:
        return first.content or "", True
    msg = await ix.followup(0)
    return msg.content, msg.ephemeral


async def test_a_refusal_is_ephemeral_however_far_the_handler_got(
    bot: commands.Bot, fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    fd = fake_discord
    assert await answer_text(fd, "refuse_first") == ("Not now.", True)
    assert await answer_text(fd, "refuse_deferred") == ("Not after thinking either.", True)
    assert await answer_text(fd, "refuse_answered") == ("And not after answering.", True)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


async def test_a_failure_is_logged_with_its_context_and_apologised_for(
    bot: commands.Bot, fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    text, ephemeral = await answer_text(fake_discord, "boom", amount=3)
    assert (text, ephemeral) == (messages.APOLOGY, True)
    [record] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert "boom" in record.getMessage() and "command /boom" in record.getMessage()
    assert record.exc_info is not None and "broken with 3" in str(record.exc_info[1])


async def test_a_failed_check_is_answered_by_the_tree(bot: commands.Bot, fake_discord: FakeDiscord) -> None:
    assert await answer_text(fake_discord, "never") == (messages.COMMAND_MISUSED, True)


async def test_a_handler_is_in_flight_until_it_returns(bot: commands.Bot, fake_discord: FakeDiscord) -> None:
    inflight: Inflight = bot.desk.inflight  # type: ignore[attr-defined]
    started.clear()
    release.clear()
    ix = await fake_discord.slash(fake_discord.alice, "slow")
    await asyncio.wait_for(started.wait(), 5)
    assert inflight.count == 1
    assert not await inflight.wait_idle(0.01)  # shutdown would wait (bounded)
    release.set()
    assert (await ix.response()).content == "done"
    assert await inflight.wait_idle(1.0) and inflight.count == 0


def test_the_decorated_handler_keeps_its_signature_for_discord() -> None:
    cmd: app_commands.Command[Any, ..., None] = app_commands.Command(name="boom", description="test", callback=boom)
    assert [p.name for p in cmd.parameters] == ["amount"]
    assert cmd.parameters[0].type is discord.AppCommandOptionType.integer
