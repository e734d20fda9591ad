"""Knockout Gin's finished-hand records and views (docs/rules.md#knockout-gin). Re-exported by bot.engine.knockout."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..game import MatchSummary
from ..knock.actions import Action
from ..knock.deal import Phase
from ..knock.events import Event
from ..knock.fields import KnockHelpers
from ..knock.scoring import Outcome
from ..melds import Arrangement
from .rules import KnockoutRules
from .scoring import KnockoutResult


@dataclass(frozen=True, slots=True)
class KnockoutRecord:
    """A finished Knockout deal."""

    number: int
    dealer: int
    outcome: Outcome  # knock, gin, big gin or draw
    knocker: int | None
    winner: int | None  # the knocker (who ended the hand); None for a drawn hand
    points: int  # penalty points the hand added to the other players
    penalties: tuple[int, ...]  # per seat: added this hand
    went_out: tuple[int, ...]  # seats that reached the limit with this hand
    result: KnockoutResult | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "outcome": self.outcome.value,
            "knocker": self.knocker,
            "winner": self.winner,
            "points": self.points,
            "penalties": list(self.penalties),
            "went_out": list(self.went_out),
            "result": self.result.to_dict() if self.result else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> KnockoutRecord:
        return cls(
            d["number"],
            d["dealer"],
            Outcome(d["outcome"]),
            d["knocker"],
            d["winner"],
            d["points"],
            tuple(d["penalties"]),
            tuple(d["went_out"]),
            KnockoutResult.from_dict(d["result"]) if d["result"] else None,
        )


@dataclass(frozen=True, slots=True)
class KnockoutPublicView:
    rules: KnockoutRules
    seats: int
    deal_number: int
    dealer: int
    order: tuple[int, ...]  # players in this hand, in turn order
    out: tuple[bool, ...]  # per seat
    out_order: tuple[int, ...]  # seats in the order they went out
    penalties: tuple[int, ...]  # per seat (also ``totals``)
    phase: Phase
    turn: int | None
    to_act: tuple[int, ...]
    stock_count: int
    discard_top: Card | None
    discard_count: int
    discard_pile: tuple[Card, ...]
    discard_seats: tuple[int | None, ...]
    declined: tuple[tuple[Card, ...], ...]  # per seat
    card_counts: tuple[int, ...]  # per seat
    known_cards: tuple[tuple[Card, ...], ...]  # per seat
    knock_limit: int
    totals: tuple[int, ...]
    last_events: tuple[Event, ...]
    last_hand: KnockoutRecord | None
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
class KnockoutSeatView(KnockoutPublicView, KnockHelpers):
    seat: int = 0
    hand: tuple[Card, ...] = ()
    arrangement: Arrangement | None = None
    drawn: Card | None = None
    legal: tuple[Action, ...] = ()
    discard_options: tuple[tuple[Card, int], ...] = ()  # holding one card over the deal size: deadwood after each
