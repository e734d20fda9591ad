"""The coach's review of one finished hand of two-player Gin, for the player who played it (docs/coach.md).

Privacy as in the replay (replay.py): only a player of the match, only a finished hand, and the
coach reads only that player's own views of it. The work (replaying the log, the play-outs: about a
second) runs in a thread, off the event loop, so no table waits for it.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.ai.gin import Advice, hand_decisions, review
from bot.engine.knock import Ruleset
from bot.store import MatchRecord

from .base import ServiceBase
from .errors import Refusal

REVIEWED_GAME = "gin"


@dataclass(frozen=True, slots=True)
class HandReview:
    """What the coach found in one hand: the decisions the hard AI would have made otherwise."""

    match: MatchRecord
    hand: int
    seat: int
    decisions: int  # how many moves of his were looked at
    advice: tuple[Advice, ...]


def reviewable(record: MatchRecord) -> bool:
    """The coach knows this game: two-player Gin."""
    return record.game == REVIEWED_GAME and record.seats == 2 and isinstance(record.rules, Ruleset)


class ReviewPart(ServiceBase):
    async def review_hand(self, match_id: int, user_id: int, hand_number: int) -> HandReview:
        """The coach's review of hand ``hand_number`` (1-based) for the player ``user_id``; Refusal unless
        he played that match and that hand is finished."""
        record = await self.store.get_match(match_id)
        if record is None:
            raise Refusal("There is no such match.")
        seat = record.seat_of(user_id)
        if seat is None or record.ai_levels[seat] is not None:
            raise Refusal("Only a player of this match may have his hands reviewed.")
        if not reviewable(record):
            raise Refusal("The coach reviews hands of two-player Gin only.")
        log = await self.store.move_log(match_id)
        found = await asyncio.to_thread(_review, record, log, seat, hand_number)
        if found is None:
            raise Refusal("Hand {hand} of this match is not finished: it can be reviewed once it is.", hand=hand_number)
        decisions, advice = found
        return HandReview(record, hand_number, seat, decisions, tuple(advice))


def _review(
    record: MatchRecord, log: list[tuple[int, int, str]], seat: int, hand: int
) -> tuple[int, list[Advice]] | None:
    """In a worker thread: the player's decisions rebuilt from the log, then the coach (None: not finished)."""
    assert isinstance(record.rules, Ruleset)
    decisions = hand_decisions(record.rules, record.seed, log, seat, hand) if hand >= 1 else None
    if decisions is None:
        return None
    return len(decisions), review(decisions, seed=record.id * 1000 + hand)
