"""What the Discord side remembers beyond one process: the version each board shows, the turn
pings sent. Kept in the store so a new owner of a guild (a restart, a re-shard) carries on."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import TurnPing

from .base import ServiceBase


class DiscordStatePart(ServiceBase):
    async def shown_versions(self, match_ids: Sequence[int]) -> dict[int, int]:
        """Match id -> the newest version its board was recorded to show (matches without a record left out)."""
        return await self.store.shown_versions(match_ids) if match_ids else {}

    async def board_shown(self, match_id: int, version: int) -> None:
        """The board now shows ``version`` (kept if newer than what was recorded)."""
        await self.store.set_shown_version(match_id, version)

    async def turn_pings(self, match_id: int) -> list[TurnPing]:
        """The humans told of their current turn in this match (by a ping, or the board's mention)."""
        return await self.store.turn_pings(match_id)

    async def turn_announced(self, match_id: int, user_id: int, version: int, message_id: int | None) -> None:
        """``user_id`` was told of the turn that came to him at ``version`` (``message_id``: the ping)."""
        await self.store.save_turn_ping(match_id, TurnPing(user_id, version, message_id))

    async def turn_closed(self, match_id: int, user_id: int) -> None:
        """His turn is over (or its ping deleted): nothing is remembered for it any more."""
        await self.store.clear_turn_ping(match_id, user_id)
