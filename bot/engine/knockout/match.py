"""Knockout Gin (docs/rules.md#knockout-gin): 2 to 4 players at one table, penalties, the last one in wins.

Everyone plays in turn from one stock and one discard pile; 10 cards each for two
players, 7 for three or four. The knock rule is the standard one. When someone knocks or
goes gin, every other player in turn lays off on the knocker's melds (not against gin);
then every player, the knocker too, adds his remaining deadwood to his penalty (gin: the
knocker adds 0). A hand drawn at 2 stock cards adds nothing. At the limit (``target``,
100) or more a player is out; the last player left wins.

Registered as the game ``knockout``; ``KnockoutMatch`` implements the game protocol. The rules and
options are in bot.engine.knockout_rules, the result of a knock in knockout_scoring, one deal in
knockout_hand and the records and views in knockout_views; every public name is imported from here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..game import GameRules, GameType, MatchSummary, register
from ..knock.actions import Action, ActionKind
from ..knock.core import MatchCore, check_format, cut_low, state_from_dict
from ..knock.deal import Phase
from ..knock.events import Event, EventKind, move_events
from ..knock.fields import match_fields, own_fields, pile_fields
from ..knock.scoring import Outcome
from ..knock.summary import GINS, summarize
from .deal import KnockoutHand
from .rules import FORMAT_VERSION, GAME, KNOCKOUT_OPTIONS, SEAT_COUNTS, VARIANTS, KnockoutRules, make_rules
from .scoring import KnockoutResult, Layout, score_knockout
from .views import KnockoutPublicView, KnockoutRecord, KnockoutSeatView

__all__ = [
    "FORMAT_VERSION",
    "GAME",
    "KNOCKOUT",
    "KNOCKOUT_OPTIONS",
    "SEAT_COUNTS",
    "VARIANTS",
    "KnockoutHand",
    "KnockoutMatch",
    "KnockoutPublicView",
    "KnockoutRecord",
    "KnockoutResult",
    "KnockoutRules",
    "KnockoutSeatView",
    "Layout",
    "cut_first_dealer",
    "make_rules",
    "score_knockout",
]

_OVER = Phase.OVER
COUNTERS = (GINS,)  # a summary's counters: there is no undercut in Knockout


def cut_first_dealer(seed: int, seats: int) -> int:
    return cut_low(f"knockout:{seed}:cut", seats)


@dataclass(slots=True)
class KnockoutMatch(MatchCore[KnockoutRecord]):
    rules: KnockoutRules
    seed: int
    n_seats: int
    dealer: int
    deal_number: int
    hand: KnockoutHand
    penalties: list[int]
    out_order: list[int] = field(default_factory=list)
    history: list[KnockoutRecord] = field(default_factory=list)
    finished: bool = False
    winner: int | None = None
    resigned_by: int | None = None
    moves: int = 0
    last_events: tuple[Event, ...] = ()

    @classmethod
    def new(cls, rules: KnockoutRules, seed: int, seats: int) -> KnockoutMatch:
        if seats not in SEAT_COUNTS:
            raise ValueError(f"Knockout is played by 2 to 4 players, not {seats}")
        dealer = cut_first_dealer(seed, seats)
        return cls(rules, seed, seats, dealer, 1, _deal_hand(rules, seed, seats, (), dealer, 1), [0] * seats)

    # -- questions --------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return self.n_seats

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.n_seats) if s not in self.out_order)

    @property
    def turn(self) -> int | None:
        return None if self.finished else self.hand.turn

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.finished else (self.hand.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        return [] if self.finished else self.hand.legal_actions(seat, self.rules)

    def totals(self) -> tuple[int, ...]:
        return tuple(self.penalties)

    def summary(self) -> MatchSummary | None:
        if not self.finished or self.winner is None:
            return None
        w = self.winner
        n = self.n_seats
        pens = self.totals()
        others = [s for s in range(n) if s != w]
        loser = self.out_order[0] if self.out_order else max(others, key=lambda s: (pens[s], -s))
        return summarize(
            self,
            w,
            ((r.winner, r.outcome) for r in self.history),
            loser=loser,
            totals=pens,
            margin=pens[loser] - pens[w],
            counters=COUNTERS,
        )

    # -- moves -----------------------------------------------------------------------------
    def apply(self, seat: int, act: Action) -> list[Event]:
        self._check_seat(seat)
        if act.kind is ActionKind.RESIGN:
            # The match ends: of the others still in, the lowest penalty wins (then the earlier seat).
            rest = [s for s in self.active if s != seat] or [s for s in range(self.n_seats) if s != seat]
            return self._resigned(seat, min(rest, key=lambda s: (self.penalties[s], s)))
        hand = self.hand
        top = hand.discards[-1] if hand.discards else None
        hand.apply(seat, act, self.rules)  # raises before any change
        events = move_events(seat, act, top)
        if hand.phase is _OVER:
            self._end_hand(events)
        return self._done(events)

    def _end_hand(self, events: list[Event]) -> None:
        hand = self.hand
        n = self.n_seats
        if hand.drawn_hand:
            self.history.append(
                KnockoutRecord(self.deal_number, hand.dealer, Outcome.DRAW, None, None, 0, (0,) * n, (), None)
            )
            events.append(Event(EventKind.HAND_DRAWN))
            self._deal(self.dealer, events)  # the same dealer deals again
            return
        result = hand.result
        assert result is not None and hand.knocker is not None
        added = [result.penalty_of(s) for s in range(n)]
        for s in range(n):
            self.penalties[s] += added[s]
        in_turn = [lay.seat for lay in result.layouts]  # the knocker first, then the others in turn
        reached = [s for s in in_turn if self.penalties[s] >= self.rules.target]
        left = [s for s in in_turn if s not in reached]
        if not left:  # everyone still in reached the limit at once: the lowest penalty stays in and wins
            keep = min(in_turn, key=lambda s: (self.penalties[s], in_turn.index(s)))
            reached.remove(keep)
            left = [keep]
        went_out = tuple(sorted(reached, key=lambda s: (-self.penalties[s], in_turn.index(s))))
        self.out_order.extend(went_out)
        points = sum(added[s] for s in range(n) if s != hand.knocker)
        self.history.append(
            KnockoutRecord(
                self.deal_number,
                hand.dealer,
                result.outcome,
                hand.knocker,
                hand.knocker,
                points,
                tuple(added),
                went_out,
                result,
            )
        )
        events.append(Event(EventKind.HAND_SCORED, hand.knocker))
        events.extend(Event(EventKind.PLAYER_OUT, s) for s in went_out)
        if len(left) == 1:
            self._end_match(left[0], events)
            return
        self._deal(self._left_of(self.dealer), events)

    def _left_of(self, seat: int) -> int:
        return _left_of(seat, self.n_seats, self.out_order)

    def _deal(self, dealer: int, events: list[Event]) -> None:
        self.dealer = dealer
        self.deal_number += 1
        self.hand = _deal_hand(self.rules, self.seed, self.n_seats, self.out_order, dealer, self.deal_number)
        events.append(Event(EventKind.DEALT, dealer))

    # -- views ---------------------------------------------------------------------------
    def _public_fields(self) -> dict[str, Any]:
        hand = self.hand
        n = self.n_seats
        return {
            "rules": self.rules,
            "seats": n,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "order": hand.order,
            "out": tuple(s in self.out_order for s in range(n)),
            "out_order": tuple(self.out_order),
            "penalties": tuple(self.penalties),
            "phase": hand.phase,
            "turn": self.turn,
            "to_act": self.to_act,
            **pile_fields(hand),
            "knock_limit": self.rules.knock_limit,
            "totals": self.totals(),
            **match_fields(self),
        }

    def public_view(self) -> KnockoutPublicView:
        return KnockoutPublicView(**self._public_fields())

    def seat_view(self, seat: int) -> KnockoutSeatView:
        fields_ = self._public_fields()
        if not 0 <= seat < self.n_seats:
            return KnockoutSeatView(**fields_, seat=seat)
        hand = self.hand
        return KnockoutSeatView(
            **fields_,
            seat=seat,
            **own_fields(
                tuple(hand.hands[seat]),
                False,
                hand.drawn if self.turn == seat else None,
                self.legal_actions(seat),
                self.rules.cards_for(self.n_seats, len(self.hand.order)) + 1,
            ),
        )

    # -- serialisation ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": GAME,
            "format": FORMAT_VERSION,
            "seats": self.n_seats,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "hand": self.hand.to_dict(),
            "penalties": list(self.penalties),
            "out_order": list(self.out_order),
            **self._state_dict(),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> KnockoutMatch:
        if d.get("game") != GAME:
            raise ValueError(f"not a Knockout match: {d.get('game')!r}")
        check_format(d, FORMAT_VERSION)
        return cls(
            rules=KnockoutRules.from_dict(d["rules"]),
            seed=d["seed"],
            n_seats=d["seats"],
            dealer=d["dealer"],
            deal_number=d["deal_number"],
            hand=KnockoutHand.from_dict(d["hand"]),
            penalties=list(d["penalties"]),
            out_order=list(d["out_order"]),
            history=[KnockoutRecord.from_dict(r) for r in d["history"]],
            **state_from_dict(d),
        )


def _left_of(seat: int, seats: int, out: list[int] | tuple[int, ...]) -> int:
    """The next player still in, to the left of ``seat`` (``seat`` itself if nobody else is)."""
    for step in range(1, seats + 1):
        s = (seat + step) % seats
        if s not in out:
            return s
    raise AssertionError("nobody left")


def _deal_hand(
    rules: KnockoutRules, seed: int, seats: int, out: list[int] | tuple[int, ...], dealer: int, deal_number: int
) -> KnockoutHand:
    """A deal to everyone still in, from the dealer's left round to the dealer."""
    order = [_left_of(dealer, seats, out)]
    while order[-1] != dealer:
        order.append(_left_of(order[-1], seats, out))
    return KnockoutHand.deal(
        seats, tuple(order), rules.cards_for(seats, len(order)), random.Random(f"knockout:{seed}:{deal_number}")
    )


def _rules_from_dict(data: dict[str, Any]) -> KnockoutRules:
    return KnockoutRules.from_dict(data)


def _new(rules: GameRules, seed: int, seats: int) -> KnockoutMatch:
    if not isinstance(rules, KnockoutRules):
        raise TypeError("Knockout needs Knockout rules")
    KNOCKOUT.validate(rules, seats)
    return KnockoutMatch.new(rules, seed, seats)


def _parse(text: str) -> Action:
    act = Action.parse(text)
    if act.kind in (ActionKind.TAKE_UPCARD, ActionKind.PASS):
        raise ValueError(f"{act.kind.value} is not a Knockout move (there is no upcard offer)")
    return act


KNOCKOUT = register(
    GameType(
        name=GAME,
        title="Knockout Gin",
        seat_counts=SEAT_COUNTS,
        variants=VARIANTS,
        make_rules=make_rules,
        rules_from_dict=_rules_from_dict,
        new=_new,
        load=KnockoutMatch.from_dict,
        parse_action=_parse,
        options=KNOCKOUT_OPTIONS,
        counters=COUNTERS,
    )
)
