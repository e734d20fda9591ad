"""The records and views of a three-player match (three.py): a finished deal, the table
as everyone sees it and one seat's view. Every name is imported from three.py too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..game import MatchSummary
from ..knock.actions import Action
from ..knock.deal import Phase
from ..knock.events import Event
from ..knock.fields import KnockHelpers
from ..knock.rules import Ruleset
from ..knock.scoring import KnockResult, Outcome
from ..melds import Arrangement
from .duel import TableView
from .views import GameView, SeatView

__all__ = ["TrioHandRecord", "TrioPublicView", "TrioSeatView"]


@dataclass(frozen=True, slots=True)
class TrioHandRecord:
    """A finished deal of a three-player match (table seats)."""

    number: int
    dealer: int  # dealt and sat out
    players: tuple[int, int]
    outcome: Outcome
    knocker: int | None
    winner: int | None
    loser: int | None  # deals the next hand
    points: int
    result: KnockResult | None  # the knocker side is ``knocker`` (or, at a stock-out, the lower hand)

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "players": list(self.players),
            "outcome": self.outcome.value,
            "knocker": self.knocker,
            "winner": self.winner,
            "loser": self.loser,
            "points": self.points,
            "result": self.result.to_dict() if self.result else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TrioHandRecord:
        a, b = d["players"]
        return cls(
            d["number"],
            d["dealer"],
            (a, b),
            Outcome(d["outcome"]),
            d["knocker"],
            d["winner"],
            d["loser"],
            d["points"],
            KnockResult.from_dict(d["result"]) if d["result"] else None,
        )


@dataclass(frozen=True, slots=True)
class TrioPublicView:
    """A three-player table as everyone sees it."""

    rules: Ruleset
    seats: int
    deal_number: int
    dealer: int
    sitting_out: int  # the dealer
    players: tuple[int, int]
    phase: Phase
    turn: int | None
    to_act: tuple[int, ...]
    table: TableView  # the hand being played (table seats)
    card_counts: tuple[int, ...]  # per seat, 0 for the one sitting out
    known_cards: tuple[tuple[Card, ...], ...]  # per seat: taken from the pile and still held
    games: tuple[GameView, ...]
    totals: tuple[int, ...]
    hands_won: tuple[int, ...]
    standings: tuple[int, ...]  # seats, highest total first
    last_events: tuple[Event, ...]
    last_hand: TrioHandRecord | None
    hands_played: int
    finished: bool
    winner: int | None
    summary: MatchSummary | None
    moves: int

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Everyone plays alone at this table."""
        return ()


@dataclass(frozen=True, slots=True)
class TrioSeatView(TrioPublicView, KnockHelpers):
    """One seat's view: the public table plus its cards and moves (none while it sits out)."""

    seat: int = 0
    hand: tuple[Card, ...] = ()
    arrangement: Arrangement | None = None
    drawn: Card | None = None
    legal: tuple[Action, ...] = ()
    discard_options: tuple[tuple[Card, int], ...] = ()
    opponent_known: tuple[Card, ...] = ()
    gin_view: SeatView | None = None  # the hand as a two-player Gin view (its seats 0 and 1 are ``players``)
