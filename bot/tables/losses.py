"""Lost channels: a table's channel was deleted, or the bot was removed from its server. Its active
matches end abandoned with no winner and no rating change, its open tables close, and the messages
it still owed (the outbox) are dropped: there is nowhere to post them. See docs/rules.md, "A table
whose channel is lost"."""

from __future__ import annotations

import contextlib

from bot.store import LostTables
from bot.store.lost import Where

from .base import ServiceBase
from .errors import Refusal


class LossesPart(ServiceBase):
    async def lose_channel(self, channel_id: int) -> LostTables:
        """The channel is gone: end what it held (one transaction). Nothing (a false summary) when it held nothing."""
        return await self._lose("channel", channel_id)

    async def lose_guild(self, guild_id: int) -> LostTables:
        """The bot was removed from the server: end what every channel of it held (one transaction)."""
        return await self._lose("guild", guild_id)

    async def _lose(self, where: Where, value: int) -> LostTables:
        ids = await self.store.active_matches_in(where, value)
        async with contextlib.AsyncExitStack() as held:
            # Each match's lock (in id order: no two callers wait on each other): no move of it is
            # half-way through its commit while it ends, and a later move finds it over.
            for match_id in ids:
                with contextlib.suppress(Refusal):
                    await held.enter_async_context(self.live.locked(match_id))
            lost = await self.store.lose(where, value, self._now())
            for match_id in lost.matches:
                self.live.drop(match_id)
        return lost
