"""A finished two-player Gin deal as the match keeps it and the views show it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..knock.scoring import KnockResult, Outcome


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A finished deal: who dealt, how it ended, who scored what and where."""

    number: int  # deal number, 1-based, drawn hands included
    dealer: int
    outcome: Outcome
    knocker: int | None
    winner: int | None  # the seat that scored, None for a draw or a bonus-less tie
    points: int
    games: tuple[int, ...]  # the game columns the points went into
    result: KnockResult | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "outcome": self.outcome.value,
            "knocker": self.knocker,
            "winner": self.winner,
            "points": self.points,
            "games": list(self.games),
            "result": self.result.to_dict() if self.result else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandRecord:
        return cls(
            number=d["number"],
            dealer=d["dealer"],
            outcome=Outcome(d["outcome"]),
            knocker=d["knocker"],
            winner=d["winner"],
            points=d["points"],
            games=tuple(d["games"]),
            result=KnockResult.from_dict(d["result"]) if d["result"] else None,
        )
