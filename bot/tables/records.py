"""What the service publishes: a match as last committed, the result of a move, an overdue turn."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from bot.engine import HandRecordLike, PublicViewLike
from bot.store import Announcement, MatchRecord, Stage


@dataclass(frozen=True, slots=True)
class MatchInfo(MatchRecord):
    """A match's committed row plus its public view (never a hidden card)."""

    public: PublicViewLike = field(kw_only=True)
    to_act: tuple[int, ...] = ()  # every seat that may act now (two at once in a partnership hand)

    @classmethod
    def of(cls, record: MatchRecord, public: PublicViewLike, to_act: tuple[int, ...] = ()) -> MatchInfo:
        return cls(
            **{f.name: getattr(record, f.name) for f in fields(MatchRecord)}, public=public, to_act=tuple(to_act)
        )

    @property
    def ai_to_act(self) -> tuple[int, ...]:
        """AI seats that may act now (``TableService.ai_step`` plays one move of the first)."""
        return tuple(s for s in self.to_act if self.is_ai(s))

    @property
    def humans_to_act(self) -> tuple[int, ...]:
        """Human seats that may act now: the ones a turn deadline waits for."""
        return tuple(s for s in self.to_act if not self.is_ai(s))


@dataclass(frozen=True, slots=True)
class ActResult:
    """A committed move: the match after it, who moved, each seat's new view, and what ended."""

    match: MatchInfo
    seat: int  # the seat whose move (or resignation) it was
    events: tuple[Any, ...]
    views: tuple[Any, ...]  # per seat: SeatView after the move (each goes only to its own player)
    hand_over: HandRecordLike | None  # the hand this move finished, if any
    match_over: bool
    rating_changes: dict[int, int] | None  # user id -> rating change, when a rated match ended
    announcements: tuple[Announcement, ...] = ()  # public messages this move implies, to post then mark done


@dataclass(frozen=True, slots=True)
class Overdue:
    """A player who may act in ``match`` is late: what to do about it (``stage``). A match with
    two idle seats at once (a partnership hand) is listed once per seat."""

    match: MatchInfo
    seat: int
    stage: Stage
