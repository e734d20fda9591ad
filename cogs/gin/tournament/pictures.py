"""The tournament's picture (the bracket for the elimination formats, else the standings), drawn off the
event loop by the bot's picture pool in the language being spoken, and a post that keeps its words
when the picture fails to draw or to upload."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot.tournaments import Tournament, bracket_view, standings
from render import RenderedImage
from render.kit.style import DEFAULT_STYLE, Style
from render.tournament import render_bracket, render_standings

from ..flows import Desk
from ..flows.posting import draw, image_file
from ..flows.reach import UNKNOWN_CHANNEL

log = logging.getLogger(__name__)
M = TypeVar("M")


def style_of(client: discord.Client) -> Style:
    """The server's look the boards are drawn in (the default for a client without a desk)."""
    desk = getattr(client, "desk", None)
    return desk.board.style if isinstance(desk, Desk) else DEFAULT_STYLE


async def picture(t: Tournament, style: Style) -> RenderedImage | None:
    """The bracket or the standings as a picture; None when it fails to draw (logged): words alone then."""
    try:
        if t.config.format.eliminates:
            return await draw(render_bracket, bracket_view(t), style)
        return await draw(render_standings, standings(t), style)
    except Exception:
        log.exception("a %s tournament's picture failed to draw; the words go alone", t.config.format.value)
        return None


async def send_with_picture(send: Callable[..., Awaitable[M]], image: RenderedImage | None, **fields: Any) -> M:
    """``send(**fields)`` with the picture attached, or the words alone when there is none or its upload
    fails (a lost channel is not tried again: the caller's ``reaching`` says so)."""
    if image is not None:
        try:
            return await send(file=image_file(image), **fields)
        except Exception as error:
            if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL:
                raise
            log.warning("a tournament picture was not accepted (%r); the words go alone", error)
    return await send(**fields)


__all__ = ["picture", "send_with_picture", "style_of"]
