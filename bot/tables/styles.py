"""Each player's look (/gin style) and each server's turn-ping grace period, cached in memory.

Additive to the service (a mixin of TableService): the rows live in bot/store/styles.py.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

from bot.engine import CARD_ORDERS
from bot.store.styles import CARD_SIZES, PING_GRACE_DEFAULT_S, PING_GRACE_MAX_S, PlayerStyle

from .base import ServiceBase
from .errors import Refusal
from .settings import FOLLOW_DISCORD, checked_language

__all__ = ["CARD_ORDERS", "CARD_SIZES", "PING_GRACE_DEFAULT_S", "PING_GRACE_MAX_S", "PlayerStyle", "StylesPart"]


class _Cache:
    """What this part keeps in memory (ServiceBase's constructor is not this part's to extend)."""

    def __init__(self) -> None:
        self.styles: dict[int, PlayerStyle] = {}
        self.grace: dict[int, int] = {}
        self.lock = asyncio.Lock()  # read-modify-write of a player's style


class StylesPart(ServiceBase):
    def _styles(self) -> _Cache:
        cache = self.__dict__.get("_styles_cache")
        if cache is None:
            cache = self.__dict__["_styles_cache"] = _Cache()
        return cache

    def known_player_style(self, user_id: int) -> PlayerStyle | None:
        """A player's look if it is in memory (no database read: for answers that must not wait)."""
        return self._styles().styles.get(user_id)

    async def player_style(self, user_id: int) -> PlayerStyle:
        """A player's look: what he chose with /gin style, else the defaults."""
        cache = self._styles()
        style = cache.styles.get(user_id)
        if style is None:
            style = await self.store.get_player_style(user_id) or PlayerStyle(user_id)
            cache.styles[user_id] = style
        return style

    async def set_player_style(
        self,
        user_id: int,
        *,
        four_colour: bool | None = None,
        card_size: str | None = None,
        text_only: bool | None = None,
        card_order: str | None = None,
        hints: bool | None = None,
        language: str | None = None,
    ) -> PlayerStyle:
        """Change some of a player's choices (None keeps one; ``language`` FOLLOW_DISCORD forgets his
        choice); Refusal for an unknown card size, order or language."""
        if card_size is not None and card_size not in CARD_SIZES:
            raise Refusal("The card size must be one of {sizes}.", sizes=", ".join(CARD_SIZES))
        if card_order is not None and card_order not in CARD_ORDERS:
            raise Refusal("The card order must be one of {orders}.", orders=", ".join(CARD_ORDERS))
        chosen = None if language in (None, FOLLOW_DISCORD) else checked_language(language)
        cache = self._styles()
        async with cache.lock:
            current = await self.player_style(user_id)
            new = replace(
                current,
                four_colour=current.four_colour if four_colour is None else four_colour,
                card_size=current.card_size if card_size is None else card_size,
                text_only=current.text_only if text_only is None else text_only,
                card_order=current.card_order if card_order is None else card_order,
                hints=current.hints if hints is None else hints,
                language=current.language if language is None else chosen,
            )
            if new != current:
                await self.store.save_player_style(new, self._now())
                cache.styles[user_id] = new
            return new

    async def ping_grace(self, guild_id: int) -> int:
        """Seconds a player whose hand message is up to date may take before the turn ping."""
        cache = self._styles()
        grace = cache.grace.get(guild_id)
        if grace is None:
            stored = await self.store.get_ping_grace(guild_id)
            grace = cache.grace[guild_id] = PING_GRACE_DEFAULT_S if stored is None else stored
        return grace

    async def set_ping_grace(self, guild_id: int, seconds: int) -> int:
        if not isinstance(seconds, int) or isinstance(seconds, bool) or not 0 <= seconds <= PING_GRACE_MAX_S:
            raise Refusal("The ping grace period must be from 0 to {most} seconds.", most=PING_GRACE_MAX_S)
        await self.store.save_ping_grace(guild_id, seconds)
        self._styles().grace[guild_id] = seconds
        return seconds
