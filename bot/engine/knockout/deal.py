"""One deal at a Knockout Gin table (docs/rules.md#knockout-gin): one stock and one pile for 2 to 4 players in
turn, no upcard offer; a knock or gin ends it (``score_knockout`` lays the hands out), a discard down to the
stock floor draws it. Re-exported by bot.engine.knockout.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..cards import DECK, Card, format_cards, mask_of, parse_card, parse_cards
from ..game import IllegalAction
from ..knock.actions import Action, ActionKind, action
from ..knock.deal import STOCK_FLOOR, Discarding, Phase
from ..melds import best_discards, deadwood_of_mask
from .rules import KnockoutRules
from .scoring import KnockoutResult, score_knockout

_STOCK = action(ActionKind.DRAW_STOCK)
_PILE = action(ActionKind.DRAW_DISCARD)
_BIG_GIN = action(ActionKind.BIG_GIN)
_DRAW, _DISCARD, _OVER = Phase.DRAW, Phase.DISCARD, Phase.OVER


@dataclass(slots=True)
class KnockoutHand(Discarding):
    """One deal at a Knockout table. Seats are table seats; players who are out hold nothing."""

    dealer: int
    order: tuple[int, ...]  # the players of this hand in turn order, from the dealer's left (the dealer last)
    hands: list[list[Card]]  # per seat
    stock: list[Card]  # top is last
    discards: list[Card]  # top is last
    discarded_by: list[int]  # per pile card: the seat, -1 for the upcard
    phase: Phase
    turn: int
    known: list[list[Card]]  # per seat: taken from the pile and still held
    declined: list[list[Card]]  # per seat: pile tops it saw and left for the stock
    drawn: Card | None = None
    drawn_from_discard: bool = False
    knocker: int | None = None
    knock_discard: Card | None = None
    result: KnockoutResult | None = None
    drawn_hand: bool = False

    @classmethod
    def deal(cls, seats: int, order: tuple[int, ...], size: int, rng: random.Random) -> KnockoutHand:
        deck = list(DECK)
        rng.shuffle(deck)
        hands: list[list[Card]] = [[] for _ in range(seats)]
        n = len(order) * size
        for i in range(n):  # one at a time, from the dealer's left
            hands[order[i % len(order)]].append(deck[i])
        return cls(
            dealer=order[-1],
            order=order,
            hands=hands,
            stock=deck[n + 1 :][::-1],
            discards=[deck[n]],
            discarded_by=[-1],
            phase=_DRAW,
            turn=order[0],
            known=[[] for _ in range(seats)],
            declined=[[] for _ in range(seats)],
        )

    def next_after(self, seat: int) -> int:
        return self.order[(self.order.index(seat) + 1) % len(self.order)]

    def legal_actions(self, seat: int, rules: KnockoutRules) -> list[Action]:
        if self.phase is _OVER or seat != self.turn:
            return []
        if self.phase is _DRAW:
            return [_STOCK, _PILE] if self.discards else [_STOCK]
        hand = self.hands[seat]
        forbidden = self.drawn if self.drawn_from_discard else None
        out: list[Action] = []
        if rules.big_gin and deadwood_of_mask(mask_of(hand)) == 0:
            out.append(_BIG_GIN)
        for card, dw in best_discards(hand):
            if dw > rules.knock_limit:
                break
            if card is not forbidden:
                out.append(action(ActionKind.GIN if dw == 0 else ActionKind.KNOCK, card))
        out.extend(action(ActionKind.DISCARD, c) for c in sorted(hand) if c is not forbidden)
        return out

    def apply(self, seat: int, act: Action, rules: KnockoutRules) -> None:
        """Validate, then apply (IllegalAction leaves the hand untouched)."""
        if self.phase is _OVER:
            raise IllegalAction("That hand is over.")
        if seat not in self.order:
            raise IllegalAction("You are out of this game.")
        if seat != self.turn:
            raise IllegalAction("It is not your turn.")
        kind = act.kind
        if self.phase is _DRAW:
            if kind is ActionKind.DRAW_STOCK:
                if self.discards:
                    self.declined[seat].append(self.discards[-1])
                self._take(seat, self.stock.pop(), False)
            elif kind is ActionKind.DRAW_DISCARD:
                if not self.discards:
                    raise IllegalAction("The discard pile is empty: draw from the stock.")
                self.discarded_by.pop()
                taken = self.discards.pop()
                self.known[seat].append(taken)
                self._take(seat, taken, True)
            else:
                raise IllegalAction("Draw first: from the stock or the discard pile.")
            return
        if kind is ActionKind.BIG_GIN:
            self._finish(seat, self._big_gin_cards(seat, rules.big_gin), rules, big=True)
            return
        if kind not in (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN):
            raise IllegalAction("You have drawn: now discard, knock or go gin.")
        card = self._held_card(seat, act)
        if kind is ActionKind.DISCARD:
            self._discard(seat, card)
            if len(self.stock) <= STOCK_FLOOR:
                self.phase = _OVER
                self.drawn_hand = True
            else:
                self.turn = self.next_after(seat)
                self.phase = _DRAW
            return
        self._finish(seat, self._knock_rest(seat, card, kind is ActionKind.GIN, rules.knock_limit), rules)

    def _take(self, seat: int, card: Card, from_pile: bool) -> None:
        self.hands[seat].append(card)
        self.drawn = card
        self.drawn_from_discard = from_pile
        self.phase = _DISCARD

    def _finish(self, seat: int, cards: tuple[Card, ...], rules: KnockoutRules, *, big: bool = False) -> None:
        i = self.order.index(seat)
        others = [(s, self.hands[s]) for s in self.order[i + 1 :] + self.order[:i]]
        self.result = score_knockout(seat, cards, others, rules.knock_limit, big=big)
        self.knocker = seat
        self.phase = _OVER
        self.drawn = None

    def cards(self) -> list[Card]:
        out = [c for h in self.hands for c in h] + self.stock + self.discards
        return out + ([self.knock_discard] if self.knock_discard else [])

    def to_dict(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "order": list(self.order),
            "hands": [format_cards(h) for h in self.hands],
            "stock": format_cards(self.stock),
            "discards": format_cards(self.discards),
            "discarded_by": list(self.discarded_by),
            "phase": self.phase.value,
            "turn": self.turn,
            "known": [format_cards(k) for k in self.known],
            "declined": [format_cards(k) for k in self.declined],
            "drawn": str(self.drawn) if self.drawn else None,
            "drawn_from_discard": self.drawn_from_discard,
            "knocker": self.knocker,
            "knock_discard": str(self.knock_discard) if self.knock_discard else None,
            "result": self.result.to_dict() if self.result else None,
            "drawn_hand": self.drawn_hand,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> KnockoutHand:
        return cls(
            dealer=d["dealer"],
            order=tuple(d["order"]),
            hands=[list(parse_cards(h)) for h in d["hands"]],
            stock=list(parse_cards(d["stock"])),
            discards=list(parse_cards(d["discards"])),
            discarded_by=list(d["discarded_by"]),
            phase=Phase(d["phase"]),
            turn=d["turn"],
            known=[list(parse_cards(k)) for k in d["known"]],
            declined=[list(_cards_with_repeats(k)) for k in d["declined"]],
            drawn=parse_card(d["drawn"]) if d["drawn"] else None,
            drawn_from_discard=d["drawn_from_discard"],
            knocker=d["knocker"],
            knock_discard=parse_card(d["knock_discard"]) if d["knock_discard"] else None,
            result=KnockoutResult.from_dict(d["result"]) if d["result"] else None,
            drawn_hand=d["drawn_hand"],
        )


def _cards_with_repeats(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in text.split())
