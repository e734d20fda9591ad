"""Public messages that committed changes imply (the outbox): what is pending, the view each shows."""

from __future__ import annotations

from typing import Any

from bot.engine import GameState, PublicViewLike, game_type
from bot.store import Announcement

from .base import ServiceBase
from .errors import Refusal
from .records import MatchInfo

# Sharded: how many pending rows of other processes' guilds one look may skip. They are posted by
# their own process within a tick; only a process that is down for long leaves rows behind.
FOREIGN_ROWS_SLACK = 1000


class AnnouncementsPart(ServiceBase):
    async def pending_announcements(self, match_id: int | None = None, limit: int = 50) -> list[Announcement]:
        """Messages committed but not yet accepted by Discord, oldest first (of one match, or all),
        of the guilds this process looks after."""
        if self.shards.all:
            return await self.store.pending_announcements(limit, match_id)
        if match_id is not None:
            return await self.store.pending_announcements(limit, match_id) if await self.owns_match(match_id) else []
        # The outbox holds every process's rows: read past other guilds' so they cannot crowd ours out.
        rows = await self.store.pending_announcements(limit + FOREIGN_ROWS_SLACK, None)
        return [a for a in rows if await self.owns_match(a.match_id)][:limit]

    async def outbox_backlog(self) -> tuple[int, float]:
        """The outbox of every process (for the metrics): messages pending, and the age in seconds
        of the oldest one (0.0 when none is pending)."""
        count, oldest = await self.store.outbox_backlog()
        return count, 0.0 if oldest is None else max(0.0, (self._now() - oldest).total_seconds())

    async def announced(self, announcement: Announcement, message_id: int | None) -> bool:
        """Discord accepted the message: it is never posted again. False if it was already marked."""
        return await self.store.mark_announced(announcement.id, message_id, self._now())

    async def view_at(self, match_id: int, version: int) -> PublicViewLike:
        """The public view of a match as it was at ``version`` (a pending result shows its own hand,
        even when the match moved on meanwhile): replayed from the seed and the move log."""
        current = await self.get_match(match_id)
        if version == current.version:
            return current.public
        if not 0 <= version < current.version:
            raise Refusal("There is no such moment in that match.")
        return (await self._state_at(current, version)).public_view()

    async def result_at(self, match_id: int, version: int) -> tuple[PublicViewLike, int]:
        """The public view at ``version`` and how many hands were scored by then, from one replay:
        the number of the hand a result row of that version tells (the same move may already have
        dealt the next hand, whose number the view's deal gives)."""
        current = await self.get_match(match_id)
        if not 0 <= version <= current.version:
            raise Refusal("There is no such moment in that match.")
        state = await self._state_at(current, version)
        return state.public_view(), len(state.hands)

    async def board_hand(self, match_id: int) -> int | None:
        """The hand the match's board message shows, by the version last drawn on it (None: no board,
        or nothing recorded): a hand's result replaces only that hand's own board."""
        current = await self.get_match(match_id)
        if current.board_message_id is None:
            return None
        recorded = (await self.store.shown_versions([match_id])).get(match_id)
        if recorded is None:
            return None
        return (await self.view_at(match_id, min(recorded, current.version))).deal_number

    async def result_board(self, match_id: int, version: int, hand: int) -> int | None:
        """The message a pending result of ``hand`` (row ``version``) may replace: that hand's own
        board, never a newer hand's (None: post the result as a message of its own)."""
        current = await self.get_match(match_id)
        if current.board_message_id is not None and await self.board_hand(match_id) == hand:
            return current.board_message_id
        own = await self.store.board_message_before(match_id, version)
        return own if own is not None and own != current.board_message_id else None

    async def _state_at(self, current: MatchInfo, version: int) -> GameState[Any, PublicViewLike, Any]:
        moves = await self.store.move_log(current.id)
        return game_type(current.game).replay(
            current.rules,
            current.seed,
            len(current.players),
            [(seat, text) for seq, seat, text in moves if seq <= version],
        )
