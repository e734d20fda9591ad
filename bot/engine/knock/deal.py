"""One deal: the upcard offer, draws, discards, knocks and the drawn hand (docs/rules.md#a-turn).

Mutable for speed, but every ``apply`` validates the whole move before it changes
anything, so an IllegalAction leaves the state exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ..cards import DECK, Card, format_cards, mask_of, parse_card, parse_cards
from ..game import IllegalAction
from ..melds import best_discards, deadwood_of_mask, mask_points, meldable_mask
from .actions import Action, ActionKind, action
from .actions import gin as action_gin
from .rules import Ruleset
from .scoring import KnockResult, score_knock, score_low

_TAKE = action(ActionKind.TAKE_UPCARD)
_PASS = action(ActionKind.PASS)
_STOCK = action(ActionKind.DRAW_STOCK)
_PILE = action(ActionKind.DRAW_DISCARD)
_BIG_GIN = action(ActionKind.BIG_GIN)
_DISCARDS: dict[Card, Action] = {c: action(ActionKind.DISCARD, c) for c in DECK}
MAX_KNOCK_LIMIT = 10
STOCK_FLOOR = 2  # docs/rules.md#drawn-hand: a discard that leaves this many stock cards ends the hand drawn


class Phase(StrEnum):
    OFFER = "offer"  # first turn: the player to act may take the upcard or pass
    DRAW = "draw"
    DISCARD = "discard"  # holding 11 cards: discard, knock, gin or big gin
    OVER = "over"


# Enum members as module constants: a class-attribute lookup on an Enum costs ~0.1 µs,
# and the hot path below would make a dozen of them per move.
_OFFER, _DRAW, _DISCARD, _OVER = Phase.OFFER, Phase.DRAW, Phase.DISCARD, Phase.OVER
_K_TAKE, _K_PASS = ActionKind.TAKE_UPCARD, ActionKind.PASS
_K_STOCK, _K_PILE = ActionKind.DRAW_STOCK, ActionKind.DRAW_DISCARD
_K_DISCARD, _K_KNOCK, _K_GIN, _K_BIG_GIN = ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN


def deal_rng(match_seed: int, deal_number: int) -> random.Random:
    """The shuffle of one deal: the same match seed and deal number give the same cards."""
    return random.Random(f"gin:{match_seed}:{deal_number}")


class Discarding:
    """The discard, knock and big-gin checks of a deal, alike in this one and Knockout's
    (bot.engine.knockout_hand). A mixin of slotted dataclasses with these fields."""

    if not TYPE_CHECKING:  # no instance dict; mypy would read the empty slots as forbidding the fields
        __slots__ = ()
    hands: list[list[Card]]
    discards: list[Card]
    discarded_by: list[int]
    known: Sequence[list[Card]]
    drawn: Card | None
    drawn_from_discard: bool
    knock_discard: Card | None

    def _held_card(self, seat: int, action: Action) -> Card:
        """The card a discard, knock or gin puts down: IllegalAction unless held and not just taken from the pile."""
        card = action.card
        assert card is not None
        if card not in self.hands[seat]:
            raise IllegalAction("{card} is not in your hand.", card=card.pretty)
        if self.drawn_from_discard and card == self.drawn:
            raise IllegalAction("You may not discard the {card} you just took from the pile.", card=card.pretty)
        return card

    def _discard(self, seat: int, card: Card) -> None:
        """``card`` goes from the hand of ``seat`` onto the pile."""
        self.hands[seat].remove(card)
        self._forget(seat, card)
        self.discards.append(card)
        self.discarded_by.append(seat)
        self.drawn = None

    def _knock_rest(
        self, seat: int, card: Card, gin: bool, limit: int, runs: bool = False, straight: bool = False
    ) -> tuple[Card, ...]:
        """A knock (or with ``gin`` a gin) putting ``card`` face down: IllegalAction over the limit, else the
        card is laid aside and the rest of the hand returned."""
        hand = self.hands[seat]
        rest = tuple(c for c in hand if c is not card)
        dw = deadwood_of_mask(mask_of(rest), runs)
        if gin and dw:
            raise IllegalAction(
                "Not gin: {deadwood} deadwood after discarding the {card}.", deadwood=dw, card=card.pretty
            )
        if dw > limit:
            if straight:
                raise IllegalAction("Straight gin: no knocking, only gin ends a hand.")
            raise IllegalAction("Deadwood {deadwood} is over the knock limit {limit}.", deadwood=dw, limit=limit)
        hand.remove(card)
        self._forget(seat, card)
        self.knock_discard = card
        return rest

    def _big_gin_cards(self, seat: int, allowed: bool, runs: bool = False) -> tuple[Card, ...]:
        """The whole hand of a big gin; IllegalAction if not played here or not all melded."""
        if not allowed:
            raise IllegalAction("Big gin is not played at this table.")
        hand = self.hands[seat]
        dw = deadwood_of_mask(mask_of(hand), runs)
        if dw:
            raise IllegalAction(
                "Not big gin: {deadwood} deadwood with all {cards} cards.", deadwood=dw, cards=len(hand)
            )
        return tuple(hand)

    def _leaves_gin(self, seat: int, card: Card, runs: bool) -> bool:
        """Discarding ``card`` would leave a hand with no deadwood."""
        return deadwood_of_mask(mask_of(self.hands[seat]) & ~mask_of((card,)), runs) == 0

    def _forget(self, seat: int, card: Card) -> None:
        """A card taken from the pile left the hand: the others no longer know it is there."""
        known = self.known[seat]
        if known and card in known:
            known.remove(card)


@dataclass(slots=True)
class HandState(Discarding):
    """The cards and whose move it is in one deal. Seats are 0 and 1."""

    dealer: int
    hands: list[list[Card]]
    stock: list[Card]  # the top card is the last
    discards: list[Card]  # the top card is the last
    upcard: Card | None  # the first upcard: Oklahoma reads it (None in the 11-card deal)
    phase: Phase
    turn: int
    passes: int = 0  # upcard refusals so far
    stock_only: bool = False  # both refused the upcard: the next draw must be from the stock
    drawn: Card | None = None  # the card taken this turn
    drawn_from_discard: bool = False
    # per seat: cards taken from the pile and still held (the opponent saw them go in)
    known: tuple[list[Card], list[Card]] = field(default_factory=lambda: ([], []))
    result: KnockResult | None = None
    knocker: int | None = None
    knock_discard: Card | None = None  # discarded face down by the knocker
    drawn_hand: bool = False
    # public history for players' memory (and the AI): who put each pile card there (-1: the upcard),
    # and per seat the top cards it saw and left when it drew from the stock or passed the upcard
    discarded_by: list[int] = field(default_factory=lambda: [-1])
    declined: tuple[list[Card], list[Card]] = field(default_factory=lambda: ([], []))

    # -- setup ---------------------------------------------------------------
    @classmethod
    def deal(cls, dealer: int, rng: random.Random, *, eleven: bool = False) -> HandState:
        """A shuffled deal; ``eleven``: the non-dealer's 11th card replaces the upcard (docs/rules.md#the-11-card-deal)."""
        deck = list(DECK)
        rng.shuffle(deck)
        non_dealer = 1 - dealer
        hands: list[list[Card]] = [[], []]
        for i in range(20):  # one at a time, non-dealer first
            hands[non_dealer if i % 2 == 0 else dealer].append(deck[i])
        if eleven:
            hands[non_dealer].append(deck[20])
            return cls(
                dealer=dealer,
                hands=hands,
                stock=deck[21:][::-1],
                discards=[],
                upcard=None,
                phase=_DISCARD,
                turn=non_dealer,
                discarded_by=[],
            )
        return cls(
            dealer=dealer,
            hands=hands,
            stock=deck[21:][::-1],
            discards=[deck[20]],
            upcard=deck[20],
            phase=_OFFER,
            turn=non_dealer,
        )

    # -- questions -------------------------------------------------------------
    def knock_limit(self, rules: Ruleset) -> int:
        return rules.hand_knock_limit(self.upcard)

    def legal_actions(self, seat: int, rules: Ruleset) -> list[Action]:
        """Every move ``seat`` may make now (resigning aside), in a stable order."""
        if self.phase is _OVER or seat != self.turn:
            return []
        if self.phase is _OFFER:
            return [_TAKE, _PASS]
        if self.phase is _DRAW:
            if self.stock_only or not self.discards:
                return [_STOCK]
            return [_STOCK, _PILE]
        out = []
        hand = self.hands[seat]
        forbidden = self.drawn if self.drawn_from_discard else None
        h = mask_of(hand)
        runs = rules.sequence
        meldable = meldable_mask(h, runs)
        # A discard lowers the deadwood by at most its own value (10), so a hand whose
        # never-meldable cards alone exceed any knock limit + 10 can neither knock nor go
        # gin: skip the solver, which is most of the cost of a turn.
        if mask_points(h ^ meldable) <= MAX_KNOCK_LIMIT + 10:
            limit = self.knock_limit(rules)
            if rules.big_gin and meldable == h and deadwood_of_mask(h, runs) == 0:
                out.append(_BIG_GIN)
            for card, dw in best_discards(hand, runs):
                if dw > limit:
                    break  # best first: the rest are over the limit too
                if card is forbidden:
                    continue
                out.append(action(_K_GIN if dw == 0 else _K_KNOCK, card))
        # gin is compulsory: a card whose discard leaves no deadwood is offered as gin only
        ginned = {a.card for a in out if a.kind is _K_GIN} if rules.gin_compulsory else set()
        discards = _DISCARDS
        out.extend([discards[c] for c in sorted(hand) if c is not forbidden and c not in ginned])
        return out

    # -- the move ------------------------------------------------------------------
    def apply(self, seat: int, action: Action, rules: Ruleset) -> Action:
        """Validate, then apply; returns the move as made (a discard that leaves no deadwood is gin when gin
        is compulsory). Raises IllegalAction (state untouched) if not allowed."""
        if self.phase is _OVER:
            raise IllegalAction("That hand is over.")
        if seat != self.turn:
            raise IllegalAction("It is not your turn.")
        kind = action.kind
        if self.phase is _OFFER:
            if kind is _K_TAKE:
                self._take(seat, self._pop_pile(), from_discard=True)
            elif kind is _K_PASS:
                self.declined[seat].append(self.discards[-1])
                self.passes += 1
                if self.passes == 2:
                    self.stock_only = True
                    self.phase = _DRAW
                    self.turn = 1 - self.dealer
                else:
                    self.turn = self.dealer
            else:
                raise IllegalAction("First turn: take the upcard or pass.")
            return action
        if self.phase is _DRAW:
            if kind is _K_STOCK:
                if self.discards:
                    self.declined[seat].append(self.discards[-1])
                self._take(seat, self.stock.pop(), from_discard=False)
            elif kind is _K_PILE:
                if self.stock_only:
                    raise IllegalAction("Both players passed the upcard: draw from the stock.")
                self._take(seat, self._pop_pile(), from_discard=True)
            else:
                raise IllegalAction("Draw first: from the stock or the discard pile.")
            return action
        # _DISCARD
        if kind is _K_BIG_GIN:
            self._finish(seat, self._big_gin_cards(seat, rules.big_gin, rules.sequence), rules)
            return action
        if kind not in (_K_DISCARD, _K_KNOCK, _K_GIN):
            raise IllegalAction("You have drawn: now discard, knock or go gin.")
        card = self._held_card(seat, action)
        if kind is _K_DISCARD and rules.gin_compulsory and self._leaves_gin(seat, card, rules.sequence):
            kind, action = _K_GIN, action_gin(card)
        if kind is _K_DISCARD:
            self._discard(seat, card)
            if len(self.stock) <= STOCK_FLOOR:
                self.phase = _OVER
                if rules.stock_out == "lower":
                    self._stock_out(rules)
                else:
                    self.drawn_hand = True
            else:
                self.turn = 1 - seat
                self.phase = _DRAW
            return action
        rest = self._knock_rest(seat, card, kind is _K_GIN, self.knock_limit(rules), rules.sequence, rules.straight)
        self._finish(seat, rest, rules)
        return action

    # -- helpers ---------------------------------------------------------------------
    def _pop_pile(self) -> Card:
        self.discarded_by.pop()
        return self.discards.pop()

    def _take(self, seat: int, card: Card, *, from_discard: bool) -> None:
        self.hands[seat].append(card)
        self.drawn = card
        self.drawn_from_discard = from_discard
        self.stock_only = False
        if from_discard:
            self.known[seat].append(card)
        self.phase = _DISCARD
        self.turn = seat

    def _stock_out(self, rules: Ruleset) -> None:
        """stockout=lower: the lower deadwood scores the difference; equal deadwood is a drawn hand."""
        a, b = mask_of(self.hands[0]), mask_of(self.hands[1])
        da, db = deadwood_of_mask(a, rules.sequence), deadwood_of_mask(b, rules.sequence)
        if da == db:
            self.drawn_hand = True
            return
        low = 0 if da < db else 1
        self.result = score_low(self.hands[low], self.hands[1 - low], rules, upcard=self.upcard)
        self.knocker = low  # the result's 'knocker' side is the lower hand; nobody knocked

    def _finish(self, knocker: int, cards: tuple[Card, ...], rules: Ruleset) -> None:
        self.result = score_knock(cards, self.hands[1 - knocker], rules, upcard=self.upcard)
        self.knocker = knocker
        self.phase = _OVER
        self.drawn = None

    # -- serialisation -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "hands": [format_cards(h) for h in self.hands],
            "stock": format_cards(self.stock),
            "discards": format_cards(self.discards),
            "upcard": str(self.upcard) if self.upcard else None,
            "phase": self.phase.value,
            "turn": self.turn,
            "passes": self.passes,
            "stock_only": self.stock_only,
            "drawn": str(self.drawn) if self.drawn else None,
            "drawn_from_discard": self.drawn_from_discard,
            "known": [format_cards(k) for k in self.known],
            "result": self.result.to_dict() if self.result else None,
            "knocker": self.knocker,
            "knock_discard": str(self.knock_discard) if self.knock_discard else None,
            "drawn_hand": self.drawn_hand,
            "discarded_by": list(self.discarded_by),
            "declined": [[str(c) for c in seen] for seen in self.declined],  # may repeat a card
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandState:
        discards = list(parse_cards(d["discards"]))
        return cls(
            dealer=d["dealer"],
            hands=[list(parse_cards(h)) for h in d["hands"]],
            stock=list(parse_cards(d["stock"])),
            discards=discards,
            upcard=parse_card(d["upcard"]) if d["upcard"] else None,
            phase=Phase(d["phase"]),
            turn=d["turn"],
            passes=d["passes"],
            stock_only=d["stock_only"],
            drawn=parse_card(d["drawn"]) if d["drawn"] else None,
            drawn_from_discard=d["drawn_from_discard"],
            known=_pair([list(parse_cards(k)) for k in d["known"]]),
            result=KnockResult.from_dict(d["result"]) if d["result"] else None,
            knocker=d["knocker"],
            knock_discard=parse_card(d["knock_discard"]) if d["knock_discard"] else None,
            drawn_hand=d["drawn_hand"],
            # both added after format 1 was first written: older snapshots load without them
            discarded_by=list(d["discarded_by"] if "discarded_by" in d else [-1] * len(discards)),
            declined=_pair([[parse_card(c) for c in seen] for seen in d.get("declined") or ((), ())]),
        )


def _pair(lists: list[list[Card]]) -> tuple[list[Card], list[Card]]:
    """Per-seat lists of a saved hand (two seats); ValueError for any other count."""
    if len(lists) != 2:
        raise ValueError(f"a hand has two seats, not {len(lists)}")
    return lists[0], lists[1]
