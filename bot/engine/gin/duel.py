"""A two-player Gin hand inside a bigger table: three players (two play, the dealer sits out)
and partnerships (two such hands at once). docs/rules.md#three-players, #four-players-in-partnerships.

A ``Duel`` is a ``HandState`` (seats 0 and 1 inside it) plus the table seats of its two
players: ``players[0]`` moves first, ``players[1]`` has the dealer's place in the upcard
offer. It turns a table seat's move into the hand's move and the events into table-seat
events, and it makes the two views of the hand: ``TableView`` (public, table seats) and a
two-player Gin ``SeatView`` for one of its players (seats 0 and 1 as in the hand), which
is what the two-player Gin AI reads.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..cards import Card
from ..game import IllegalAction
from ..knock.actions import Action
from ..knock.deal import HandState, Phase
from ..knock.events import TURN_BREAKS, Event, event_from_dict, event_to_dict, merge_turn, move_events
from ..knock.fields import KnockHelpers, own_fields
from ..knock.rules import Ruleset
from ..knock.scoring import KnockResult, Outcome
from .views import SeatView, hand_fields

__all__ = [
    "TURN_BREAKS",
    "Duel",
    "DuelResult",
    "KnockHelpers",
    "TableView",
    "event_from_dict",
    "event_to_dict",
    "merge_turn",
]


@dataclass(frozen=True, slots=True)
class DuelResult:
    """How a finished two-player hand ended, in table seats."""

    outcome: Outcome
    knocker: int | None
    scorer: int | None  # None: a drawn hand or a bonus-less tie
    loser: int | None  # the other player when someone scored
    points: int
    result: (
        KnockResult | None
    )  # knocker/defender sides as in the hand (the knocker side: ``knocker``, or the lower hand)

    def to_dict(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome.value,
            "knocker": self.knocker,
            "scorer": self.scorer,
            "loser": self.loser,
            "points": self.points,
            "result": self.result.to_dict() if self.result else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> DuelResult:
        return cls(
            Outcome(d["outcome"]),
            d["knocker"],
            d["scorer"],
            d["loser"],
            d["points"],
            KnockResult.from_dict(d["result"]) if d["result"] else None,
        )


@dataclass(frozen=True, slots=True)
class TableView:
    """One two-player hand as everyone sees it; seats are table seats, per-player tuples follow ``players``."""

    players: tuple[int, int]  # the first to move, then the one in the dealer's place
    dealer: int  # the table seat that dealt this hand (in a three-player game it sits out)
    phase: Phase
    turn: int | None  # table seat, None once this hand is over
    stock_count: int
    discard_top: Card | None
    discard_count: int
    discard_pile: tuple[Card, ...]
    discard_seats: tuple[int | None, ...]  # table seat that discarded each pile card, None: the upcard
    declined: tuple[tuple[Card, ...], tuple[Card, ...]]
    card_counts: tuple[int, int]
    known_cards: tuple[tuple[Card, ...], tuple[Card, ...]]
    knock_limit: int
    multiplier: int
    finished: bool
    result: DuelResult | None  # once over: how it ended; the hands laid out are in ``result.result``
    last_events: tuple[Event, ...]


@dataclass(slots=True)
class Duel:
    players: tuple[int, int]
    dealer: int  # table seat of the dealer
    hand: HandState
    last_events: tuple[Event, ...] = ()
    outcome: DuelResult | None = None

    @classmethod
    def deal(cls, players: tuple[int, int], dealer: int, rng: random.Random, rules: Ruleset) -> Duel:
        return cls(players, dealer, HandState.deal(1, rng, eleven=rules.deal == 11))

    # -- questions -------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.hand.phase is Phase.OVER

    @property
    def turn(self) -> int | None:
        return None if self.over else self.players[self.hand.turn]

    def local(self, seat: int) -> int:
        if seat == self.players[0]:
            return 0
        if seat == self.players[1]:
            return 1
        raise IllegalAction("You are not playing in this hand.")

    def legal(self, seat: int, rules: Ruleset) -> list[Action]:
        if self.over or seat not in self.players:
            return []
        return self.hand.legal_actions(self.local(seat), rules)

    def cards(self) -> list[Card]:
        """Every card of this hand's pack, wherever it is (for conservation checks)."""
        h = self.hand
        return h.hands[0] + h.hands[1] + h.stock + h.discards + ([h.knock_discard] if h.knock_discard else [])

    # -- the move ---------------------------------------------------------------------
    def apply(self, seat: int, action: Action, rules: Ruleset) -> list[Event]:
        """The move of table seat ``seat``; IllegalAction (nothing changed) if not allowed."""
        local = self.local(seat)
        hand = self.hand
        top = hand.discards[-1] if hand.discards else None
        made = hand.apply(local, action, rules)
        events = move_events(seat, made, top)
        if self.over:
            self.outcome = self._result()
        self.last_events = merge_turn(self.last_events, events)
        return events

    def _result(self) -> DuelResult:
        hand = self.hand
        if hand.drawn_hand:
            return DuelResult(Outcome.DRAW, None, None, None, 0, None)
        result = hand.result
        assert result is not None and hand.knocker is not None
        side = self.players[hand.knocker]
        other = self.players[1 - hand.knocker]
        scorer = side if result.scorer == "knocker" else other if result.scorer == "defender" else None
        loser = None if scorer is None else (other if scorer == side else side)
        knocker = None if result.outcome is Outcome.LOW else side
        return DuelResult(result.outcome, knocker, scorer, loser, result.points if scorer is not None else 0, result)

    # -- views --------------------------------------------------------------------------
    def table_view(self, rules: Ruleset) -> TableView:
        return TableView(
            players=self.players,
            dealer=self.dealer,
            phase=self.hand.phase,
            turn=self.turn,
            **hand_fields(self.hand, rules, self.players),
            finished=self.over,
            result=self.outcome,
            last_events=self.last_events,
        )

    def gin_view(
        self, seat: int, rules: Ruleset, *, deal_number: int, moves: int, totals: tuple[int, int], hands_played: int
    ) -> SeatView:
        """The hand as a two-player Gin ``SeatView`` for table seat ``seat`` (seats 0 and 1 as in the hand)."""
        local = self.local(seat)
        hand = self.hand
        return SeatView(
            rules=rules,
            deal_number=deal_number,
            dealer=1,
            phase=hand.phase,
            turn=None if self.over else hand.turn,
            **hand_fields(hand, rules),
            games=(),
            totals=totals,
            last_events=(),
            last_hand=None,
            hands_played=hands_played,
            finished=False,
            winner=None,
            summary=None,
            moves=moves,
            seat=local,
            **own_fields(
                tuple(hand.hands[local]),
                rules.sequence,
                hand.drawn if not self.over and hand.turn == local else None,
                self.legal(seat, rules),
                11,
            ),
            opponent_known=tuple(hand.known[1 - local]),
        )

    # -- serialisation -----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "dealer": self.dealer,
            "hand": self.hand.to_dict(),
            "last_events": [event_to_dict(e) for e in self.last_events],
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Duel:
        a, b = d["players"]
        return cls(
            (a, b),
            d["dealer"],
            HandState.from_dict(d["hand"]),
            tuple(event_from_dict(e) for e in d["last_events"]),
            DuelResult.from_dict(d["outcome"]) if d["outcome"] else None,
        )


class _DuelMatch(Protocol):
    """A match played at two-player ``Duel`` tables, as ``duel_seat_fields`` reads it."""

    @property
    def rules(self) -> Ruleset: ...

    @property
    def deal_number(self) -> int: ...

    @property
    def moves(self) -> int: ...

    @property
    def history(self) -> Sequence[Any]: ...

    def totals(self) -> tuple[int, ...]: ...

    def legal_actions(self, seat: int) -> list[Action]: ...


def duel_seat_fields(m: _DuelMatch, table: Duel, seat: int, live: bool = True) -> dict[str, Any]:
    """A seated player's own part of its view at a ``Duel`` table of a bigger match: its own cards and moves,
    what it knows of its opponent's hand and, while the deal goes on (``live``), its two-player Gin view."""
    local = table.local(seat)
    hand = table.hand
    totals = m.totals()
    a, b = table.players
    return {
        **own_fields(
            tuple(hand.hands[local]),
            m.rules.sequence,
            hand.drawn if table.turn == seat else None,
            m.legal_actions(seat),
            11,
        ),
        "opponent_known": tuple(hand.known[1 - local]),
        "gin_view": table.gin_view(
            seat,
            m.rules,
            deal_number=m.deal_number,
            moves=m.moves,
            totals=(totals[a], totals[b]),
            hands_played=len(m.history),
        )
        if live
        else None,
    }
