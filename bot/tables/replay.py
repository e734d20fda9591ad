"""Replaying a match from its move log (no picture stored): who may see which position and which cards.

- A player of a finished match sees every position and every seat's cards (everything is over).
- Anyone else, and a player while the match is still on, sees the finished hands only: the board as
  it was at each position (the public view, which shows a hand's cards once that hand was scored),
  and a player his own cards; never a card that is still hidden.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import AnyState, PublicViewLike, SeatViewLike, game_type
from bot.replay_file import ReplayFile
from bot.store import HeadToHead, MatchRecord, MatchStatus, PastMatch, RatingPoint

from .base import ServiceBase
from .errors import Refusal


@dataclass(frozen=True, slots=True)
class ReplayBook:
    """What one viewer may step through: positions 0 (the first deal) to ``last`` (moves applied)."""

    match: MatchRecord
    viewer_seat: int | None  # None: not a player of this match
    last: int  # the last position this viewer may see
    hand_ends: tuple[int, ...]  # the position right after each finished hand (the move that ended it)
    everything: bool  # a player of a finished match: every seat's cards at every position

    def hand_start(self, number: int) -> int:
        """The first position of hand ``number`` (1-based)."""
        return 0 if number <= 1 else self.hand_ends[number - 2]

    def hand_at(self, position: int) -> int:
        """The number of the hand being played at ``position`` (a hand's end counts to that hand)."""
        return 1 + sum(1 for end in self.hand_ends if end < position)


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """One position as the viewer may see it."""

    position: int
    hand: int
    public: PublicViewLike
    seats: tuple[SeatViewLike, ...]  # the seat views the viewer may see: his own, or every seat's


class ReplayPart(ServiceBase):
    async def _replayed(self, record: MatchRecord, upto: int | None = None) -> tuple[AnyState, list[int]]:
        """The match replayed from its log (to ``upto`` moves), and the position after each hand's end."""
        log = await self.store.move_log(record.id)
        gt = game_type(record.game)
        state = gt.new(record.rules, record.seed, record.seats)
        ends: list[int] = []
        for seq, seat, text in log[: len(log) if upto is None else upto]:
            done = len(state.hands)
            gt.replay_move(state, seat, text)
            if len(state.hands) > done:
                ends.append(seq)  # a move's seq is the version it made: the position after it
        return state, ends

    async def open_replay(self, match_id: int, user_id: int) -> ReplayBook:
        """The positions of a match this user may see; Refusal when there is nothing yet."""
        record = await self.store.get_match(match_id)
        if record is None:
            raise Refusal("There is no such match.")
        _, ends = await self._replayed(record)
        seat = record.seat_of(user_id)
        over = record.status is not MatchStatus.ACTIVE
        last = record.version if over else (ends[-1] if ends else 0)
        if not over and not ends:
            raise Refusal("No hand of this match has finished yet: there is nothing to replay.")
        return ReplayBook(record, seat, last, tuple(ends), over and seat is not None)

    async def replay_frame(self, book: ReplayBook, position: int) -> ReplayFrame:
        """The match at ``position`` as the book's viewer may see it (clamped to what he may see)."""
        position = max(0, min(position, book.last))
        state, _ = await self._replayed(book.match, position)
        if book.everything:
            seats = tuple(state.seat_view(s) for s in range(state.seats))
        elif book.viewer_seat is not None:
            seats = (state.seat_view(book.viewer_seat),)
        else:
            seats = ()
        return ReplayFrame(position, book.hand_at(position), state.public_view(), seats)

    async def last_hand(self, channel_id: int, user_id: int) -> tuple[ReplayBook, ReplayFrame]:
        """The channel's last finished hand as it ended (its cards are public once scored), for /gin last."""
        match_id = await self.last_scored_match(channel_id)
        if match_id is None:
            raise Refusal("No hand has finished in this channel yet.")
        book = await self.open_replay(match_id, user_id)
        return book, await self.replay_frame(book, book.hand_ends[-1])

    # -- looking back (bot/store/history.py) --------------------------------------------------

    async def history(
        self,
        guild_id: int,
        user_id: int,
        before: int | None = None,
        *,
        game: str | None = None,
        seats: int | None = None,
    ) -> list[PastMatch]:
        """A page of the player's finished matches in the server, newest first (``before``: older than;
        ``game`` and ``seats``: only that game, that table size)."""
        return await self.store.past_matches(guild_id, user_id, game=game, seats=seats, before=before)

    async def rating_history(self, guild_id: int, family: str, user_id: int) -> list[RatingPoint]:
        return await self.store.rating_history(guild_id, family, user_id)

    async def head_to_head(self, guild_id: int, user_id: int, other_id: int) -> HeadToHead:
        return await self.store.head_to_head(guild_id, user_id, other_id)

    async def last_scored_match(self, channel_id: int) -> int | None:
        """The newest match of the channel with a finished hand."""
        return await self.store.last_scored_in_channel(channel_id)

    async def replay_file(self, match_id: int) -> ReplayFile:
        """A finished match as a replay file; Refusal while it is still played (the file would hold
        the cards still hidden)."""
        record = await self.store.get_match(match_id)
        if record is None:
            raise Refusal("There is no such match.")
        if record.status is MatchStatus.ACTIVE:
            raise Refusal("The match file is ready once the match is over.")
        log = await self.store.move_log(match_id)
        moves = tuple((seat, text) for _, seat, text in log)
        return ReplayFile(game_type(record.game), record.id, record.rules, record.seed, record.names, moves)
