"""Reading: a channel's match, a player's own view, the board message, the scheduler's lists, stats."""

from __future__ import annotations

from dataclasses import replace

from bot.constants import LEADERBOARD_MAX
from bot.engine import SeatViewLike, game_type
from bot.store import BOARDS, DEFAULT_FAMILY, MatchStatus, PlayerStats, game_of_family

from .base import ServiceBase
from .errors import Refusal
from .records import MatchInfo


class ReadsPart(ServiceBase):
    async def match_for_channel(self, channel_id: int) -> MatchInfo | None:
        match_id = await self.store.active_in_channel(channel_id)
        return None if match_id is None else await self.get_match(match_id)

    async def seat_view(self, match_id: int, user_id: int) -> SeatViewLike:
        """The player's own view of the match (SeatView of the game): only ever sent to that player."""
        committed = self.live.committed_view(match_id, user_id)
        if committed is not None:
            return committed  # type: ignore[no-any-return]
        async with self.live.locked(match_id) as live:
            seat = live.record.seat_of(user_id)
            if seat is None:
                raise Refusal("You are not playing in this match.")
            return live.state.seat_view(seat)

    async def set_board_message(self, match_id: int, message_id: int | None) -> None:
        await self.store.set_board_message(match_id, message_id)
        live = self.live.get(match_id)
        if live is not None:
            # Not publish(): a move may be applied in memory and not yet committed right now.
            live.record = replace(live.record, board_message_id=message_id)
            live.info = replace(live.info, board_message_id=message_id)

    async def active_matches(self) -> list[MatchInfo]:
        await self.loaded.wait()  # a background start-up caches every active match first
        return [
            live.info
            for live in self.live
            if live.info.status is MatchStatus.ACTIVE and self.shards.owns(live.info.guild_id)
        ]

    def memory_summary(self) -> tuple[int, int, str]:
        """For the owner's status: matches held in memory, how many of them are active, and the shards served."""
        held = list(self.live)
        active = sum(1 for live in held if live.info.status is MatchStatus.ACTIVE)
        return len(held), active, str(self.shards)

    async def ai_pending(self) -> list[MatchInfo]:
        """Active matches where some AI seat may act (e.g. after a restart): call ai_step for each
        (one move each call, until it returns None)."""
        return [i for i in await self.active_matches() if i.ai_to_act]

    async def leaderboard(
        self, guild_id: int, by: str = "rating", limit: int = 10, family: str = DEFAULT_FAMILY
    ) -> list[PlayerStats]:
        """A leaderboard of one game family ('gin:2', 'gin:4' ...: ``bot.store.family_of``)."""
        if by not in BOARDS:
            raise Refusal("Unknown leaderboard '{board}'; choose from {boards}.", board=by, boards=", ".join(BOARDS))
        rows = await self.store.leaderboard(guild_id, by, max(1, min(int(limit), LEADERBOARD_MAX)), family)
        return [in_game_order(p) for p in rows]

    async def player_stats(self, guild_id: int, user_id: int, family: str = DEFAULT_FAMILY) -> PlayerStats | None:
        """A player's stats in one game family, his counters in the game's order (zeros too)."""
        stats = await self.store.get_stats(guild_id, user_id, family)
        return None if stats is None else in_game_order(stats)

    async def player_families(self, guild_id: int, user_id: int) -> list[PlayerStats]:
        """A player's stats in every game family he has played (by family name)."""
        return [in_game_order(p) for p in await self.store.stats_families(guild_id, user_id)]


def in_game_order(stats: PlayerStats) -> PlayerStats:
    """The stats with every counter its game lists (``GameType.counters``; zeros too), in that order; a
    stored counter the game no longer lists (or a game no longer registered) follows them, by name."""
    try:
        keys = game_type(game_of_family(stats.family)).counters
    except ValueError:
        keys = ()
    rest = tuple((key, value) for key, value in stats.counts if key not in keys)
    return replace(stats, counts=tuple((key, stats.count(key)) for key in keys) + rest)
