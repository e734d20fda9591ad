"""Small Discord facts shared by the parts: channels, image files, allowed mentions, drawing
pictures off the event loop (the bot's ``RenderPool``: worker processes), and the permission
check before a table is set up."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

import discord

from bot.i18n import N_
from bot.tables import Refusal
from render import RenderedImage
from render.games import renderers
from render.pool import KINDS, RenderPool, is_picture_function

from .. import messages

T = TypeVar("T")
NO_MENTIONS = discord.AllowedMentions.none()


def mention_only(*user_ids: int) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly these users (never @everyone or roles)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=u) for u in user_ids]
    )


def image_file(image: RenderedImage) -> discord.File:
    return discord.File(image.file(), filename=image.filename, description=image.alt[:1024])


_pictures = RenderPool(workers=0)  # until the bot starts its own: drawing in a thread


def pictures() -> RenderPool:
    """The pool that draws this process's pictures (its backlog says whether the bot is busy)."""
    return _pictures


def use_pictures(pool: RenderPool | None) -> None:
    """Draw with ``pool`` from now on (the bot's, at start-up); None: back to a thread (shutdown)."""
    global _pictures
    _pictures = pool if pool is not None else RenderPool(workers=0)


def _job(fn: Callable[..., Any]) -> tuple[str, str] | None:
    """(game, picture kind) when ``fn`` is a picture method of a registered renderer: such a call
    can be drawn by a worker process, which holds the same renderers."""
    owner, kind = getattr(fn, "__self__", None), getattr(fn, "__name__", "")
    if owner is None or kind not in KINDS:
        return None
    return next(((game, kind) for game, r in renderers().items() if r is owner), None)


async def draw(fn: Callable[..., T], *args: Any) -> T:
    """A renderer's picture, drawn off the event loop: a renderer's picture method or a picture
    function of the render package (the tournament's) goes to the picture pool (worker processes,
    fed with the views), anything else to a thread."""
    job = _job(fn)
    if job is not None:
        image: T = await _pictures.draw(*job, *args)
    elif is_picture_function(fn):
        image = await _pictures.call(fn, *args)
    else:
        image = await asyncio.to_thread(fn, *args)
    return image


def channel(client: discord.Client, channel_id: int, guild_id: int | None = None) -> discord.PartialMessageable:
    """A channel to send to and to address messages in by id: no cache needed, a REST call each."""
    return client.get_partial_messageable(channel_id, guild_id=guild_id)


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The permissions a board needs (messages with images) that the bot lacks in the interaction's
    channel, as Discord's own settings name them (catalogue ids: translate where shown)."""
    perms = interaction.app_permissions
    send = perms.send_messages_in_threads if isinstance(interaction.channel, discord.Thread) else perms.send_messages
    return [
        name
        for name, ok in (
            (N_("View Channel"), perms.view_channel),
            (N_("Send Messages"), send),
            (N_("Attach Files"), perms.attach_files),
        )
        if not ok
    ]


def require_posting(interaction: discord.Interaction) -> None:
    """Refusal unless the bot may post boards (messages with images) in this channel: checked
    before a match exists, so a channel never holds a match whose board cannot be shown."""
    missing = missing_permissions(interaction)
    if missing:  # in the reader's language
        raise Refusal(messages.missing_permissions([messages.tr(name) for name in missing]))


def own_ephemeral(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is an ephemeral message of the clicking user: the only kind a
    hand may be drawn into in place (anything else gets a new ephemeral message)."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        return False
    meta = message.interaction_metadata
    return meta is None or meta.user.id == interaction.user.id


def bot_name(client: discord.Client) -> str:
    user = client.user
    return user.display_name if user is not None else "the bot"


async def acknowledge(interaction: discord.Interaction) -> None:
    """Answer Discord at once, privately ('thinking'), before any database call; the real answer
    (or a refusal) then replaces it. Nothing if the interaction was already answered."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
