"""The one answering path of every interaction handler.

``@answers`` wraps a handler (a slash command, a context menu, a component callback, a
listener that answers) and guarantees three things:

- the handler is counted as in flight while it runs (``Inflight``), so the bot's shutdown
  waits for its Discord calls (bounded: ``Inflight.wait_idle``), and its end is measured for
  the metrics (bot.metrics: the done latency);
- a ``Refusal`` it raises becomes a short ephemeral answer, whether or not the interaction
  was already deferred or answered (``say``); it is logged at DEBUG only;
- anything else is logged with ``log.exception`` and the handler's context, and the user gets
  a plain apology.

The CommandTree's ``on_error`` (errors before a callback runs: checks, option conversion)
goes through the same ``answer_error``. A handler never catches Refusal itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from typing import Any, ParamSpec, TypeVar

import discord
from discord import app_commands

from bot.i18n import Texts, speaking
from bot.metrics import interaction_done, interaction_kind
from bot.tables import Refusal, StorageFault, TableService, sentence

from . import messages, speech

log = logging.getLogger(__name__)

_TIMED = "gin-metrics-done"  # interaction.extras: its done latency is measured

P = ParamSpec("P")
T = TypeVar("T")


class Inflight:
    """Counts handlers between their start and their last Discord call."""

    def __init__(self) -> None:
        self._count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def count(self) -> int:
        return self._count

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        self._count += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._count -= 1
            if self._count == 0:
                self._idle.set()

    async def wait_idle(self, timeout_s: float) -> bool:
        """Wait until nothing is in flight, at most ``timeout_s``; False if time ran out."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout_s)
        except TimeoutError:
            return False
        return True


def service_of(client: discord.Client) -> TableService | None:
    """The bot's table service (``client.desk.service``), if the bot has one."""
    service = getattr(getattr(client, "desk", None), "service", None)
    return service if isinstance(service, TableService) else None


async def reader_of(interaction: discord.Interaction) -> Texts:
    """The answering player's texts: his chosen language is read from the store only once the
    interaction is acknowledged (an answer that is still due must not wait for the database)."""
    service = service_of(interaction.client)
    if service is not None and interaction.response.is_done():
        try:
            return await speech.reader(service, interaction)
        except Exception:  # the store is failing: the answer still goes out, in his client's language
            log.info("the language of user %s could not be read", interaction.user.id)
    return speech.reader_now(service, interaction)


def inflight_of(client: discord.Client) -> Inflight | None:
    """The bot's in-flight counter (``client.desk.inflight``), if the bot has one."""
    counter = getattr(getattr(client, "desk", None), "inflight", None)
    return counter if isinstance(counter, Inflight) else None


async def say(interaction: discord.Interaction, text: str) -> None:
    """A short ephemeral answer, whether or not the interaction was already answered.

    After a deferral Discord turns the first follow-up into the deferred answer ('thinking'
    becomes the text); after an answer it is a new ephemeral message.
    """
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
        else:
            await interaction.response.send_message(
                text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
            )
    except discord.HTTPException:
        log.warning("could not deliver an answer to interaction %s", interaction.id)


def context(interaction: discord.Interaction) -> str:
    """What was used, for logs: the command, or the component id up to its match (never a card)."""
    if interaction.command is not None:
        return f"command /{interaction.command.qualified_name}"
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", "")) if isinstance(data, dict) else ""
    if custom_id:
        return "component " + ":".join(custom_id.split(":")[:2])
    return f"interaction type {interaction.type.name if interaction.type else '?'}"


async def answer_error(interaction: discord.Interaction, error: BaseException, what: str = "") -> None:
    """Answer a handler's failure: a Refusal as its reason, a misused command plainly, else an apology."""
    original = getattr(error, "original", None) or error
    where = what or context(interaction)
    t = await reader_of(interaction)
    if isinstance(original, Refusal):
        log.debug("refused %s for user %s (%s): %s", interaction.id, interaction.user.id, where, original.reason)
        text = t.said(original)
        await say(interaction, sentence(text) if original.as_sentence else text)
        return
    if isinstance(original, StorageFault):  # the store logs the fault itself (once a minute): no traceback here
        log.info("%s: storage fault for interaction %s: %s", where, interaction.id, original)
        await say(interaction, original.reason)
        return
    if isinstance(error, app_commands.NoPrivateMessage):
        await say(interaction, t._(messages.GUILD_ONLY))
        return
    if isinstance(error, app_commands.TransformerError) and error.type in (
        discord.AppCommandOptionType.user,
        discord.AppCommandOptionType.mentionable,
    ):
        log.info("%s: a user option could not be resolved: %s", where, error)
        await say(interaction, t._(messages.UNKNOWN_PLAYER))
        return
    if isinstance(error, (app_commands.TransformerError, app_commands.CheckFailure)):
        log.info("%s: check or option conversion failed: %s", where, error)
        await say(interaction, t._(messages.COMMAND_MISUSED))
        return
    log.error(
        "%s failed (interaction %s, user %s, channel %s)",
        where,
        interaction.id,
        interaction.user.id,
        interaction.channel_id,
        exc_info=original,
    )
    await say(interaction, t._(messages.APOLOGY))


def _timed(interaction: discord.Interaction) -> None:
    """The done latency, once per interaction: measured by the handler that has answered it when it
    ends (a listener that sees every interaction and leaves it alone does not count)."""
    if interaction.response.is_done() and not interaction.extras.get(_TIMED):
        interaction.extras[_TIMED] = True
        # From Discord's creation of the interaction (its 3-second clock), not from our receipt.
        interaction_done(interaction_kind(interaction.type), time.time() - interaction.created_at.timestamp())


def answers(handler: Callable[P, Awaitable[None]]) -> Callable[P, Coroutine[Any, Any, None]]:
    """Decorate an interaction handler (see the module docstring for the contract). Used outside a
    server (a DM), it answers that the games work only in a server.

    The interaction is the first positional argument that is a ``discord.Interaction``. The
    wrapper keeps the handler's signature with its annotations resolved, so discord.py reads
    the options of a decorated command as if it were the handler itself.
    """
    return _wrap(handler, guild_only=True)


def answers_anywhere(handler: Callable[P, Awaitable[None]]) -> Callable[P, Coroutine[Any, Any, None]]:
    """``answers`` for a handler that sees every interaction (a listener): no guild check."""
    return _wrap(handler, guild_only=False)


def _wrap(handler: Callable[P, Awaitable[None]], *, guild_only: bool) -> Callable[P, Coroutine[Any, Any, None]]:
    what = handler.__qualname__

    @functools.wraps(handler)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
        interaction = next((a for a in args if isinstance(a, discord.Interaction)), None)
        if interaction is None:
            raise TypeError(f"{what} was called without an interaction")
        counter = inflight_of(interaction.client)
        # Private answers in the clicking player's language (his choice if known without waiting,
        # else his client's); a flow writing a public message speaks the server's language inside.
        reader = speech.reader_now(service_of(interaction.client), interaction)
        with counter.hold() if counter is not None else contextlib.nullcontext(), speaking(reader.lang):
            try:
                if guild_only and interaction.guild_id is None:  # every table lives in a server's channel
                    raise Refusal(messages.GUILD_ONLY)
                await handler(*args, **kwargs)
            except Exception as error:
                await answer_error(interaction, error, f"{what} ({context(interaction)})")
            _timed(interaction)

    with contextlib.suppress(NameError, TypeError):  # names only known to type checkers: leave it lazy
        wrapper.__signature__ = inspect.signature(handler, eval_str=True)  # type: ignore[attr-defined]
    return wrapper


class GinTree(app_commands.CommandTree):
    """The bot's command tree: failures before a command's callback runs answer like any handler."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        await answer_error(interaction, error)
