"""Moves, events and finished-hand records of the table games (Colonel, Skarney Gin, Rummy).

An action's text is lowercase words and card codes separated by spaces; ``str`` writes it and
``TableAction.parse`` reads it back:

``draw stock``, ``draw pile``, ``meld 7H 8H 9H``, ``contract 5S 5H 5D 7C 8C 9C JH QH KH`` (three
3-card melds, each three cards in a row), ``layoff 9S 3`` (a card onto meld 3), ``discard KD``,
``offer QS``, ``accept``, ``reject``, ``challenge``, ``last card``, ``end hand``. A meld's cards are kept
in the order the table shows them and a contract's three melds by their lowest card, so the same move
written in another order is the same action.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ..cards import Card, format_cards, parse_card, parse_cards


class Act(StrEnum):
    DRAW_STOCK = "draw stock"
    DRAW_PILE = "draw pile"
    MELD = "meld"  # lay a new meld on the table
    CONTRACT = "contract"  # Skarney: the first meld of a hand, exactly three 3-card melds
    LAYOFF = "layoff"  # add one card to a meld on the table
    DISCARD = "discard"
    OFFER = "offer"  # Skarney: hold a card up for the opponent instead of discarding
    ACCEPT = "accept"  # take the offered card (Skarney) or accept a Challenge (Colonel)
    REJECT = "reject"
    CHALLENGE = "challenge"  # Colonel: the lower hand total wins the hand, if accepted
    LAST_CARD = "last card"  # Skarney: one card left, so nothing is offered
    END_HAND = "end hand"  # Skarney: the stock is down to 2; the turn and the hand end without an offer


_ONE_CARD = {Act.DISCARD, Act.OFFER}
_BARE = {Act.DRAW_STOCK, Act.DRAW_PILE, Act.ACCEPT, Act.REJECT, Act.CHALLENGE, Act.LAST_CARD, Act.END_HAND}
_BY_TEXT = {a.value: a for a in Act}


@dataclass(frozen=True, slots=True)
class TableAction:
    kind: Act
    cards: tuple[Card, ...] = ()
    meld: int | None = None  # LAYOFF: the number of the meld the card goes on

    def __post_init__(self) -> None:
        k, n = self.kind, len(self.cards)
        ok = (
            n == 0
            if k in _BARE
            else n == 1
            if k in _ONE_CARD or k is Act.LAYOFF
            else n == 9
            if k is Act.CONTRACT
            else n >= 3
        )
        if not ok or (k is Act.LAYOFF) != (self.meld is not None) or len(set(self.cards)) != n:
            raise ValueError(f"malformed {k.value} action")
        if k is Act.MELD:
            object.__setattr__(self, "cards", meld_order(self.cards))
        elif k is Act.CONTRACT:  # one form for a contract: its three melds by their lowest card
            groups = sorted((meld_order(g) for g in self.groups()), key=min)
            object.__setattr__(self, "cards", groups[0] + groups[1] + groups[2])

    @property
    def card(self) -> Card | None:
        return self.cards[0] if len(self.cards) == 1 else None

    def groups(self) -> tuple[tuple[Card, ...], ...]:
        """A contract's three melds (three cards each, as written); one group otherwise."""
        if self.kind is Act.CONTRACT:
            return self.cards[0:3], self.cards[3:6], self.cards[6:9]
        return (self.cards,)

    def __str__(self) -> str:
        parts = [self.kind.value]
        if self.cards:
            parts.append(format_cards(self.cards))
        if self.meld is not None:
            parts.append(str(self.meld))
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> TableAction:
        """Inverse of ``str``; ValueError says what is wrong."""
        words = text.strip().lower().split()
        if not words:
            raise ValueError("empty action")
        two = " ".join(words[:2])
        if two in _BY_TEXT:
            kind, rest = _BY_TEXT[two], words[2:]
        elif words[0] in _BY_TEXT:
            kind, rest = _BY_TEXT[words[0]], words[1:]
        else:
            raise ValueError(f"unknown action {words[0]!r}")
        meld = None
        if kind is Act.LAYOFF:
            if len(rest) != 2 or not rest[1].isdigit() or int(rest[1]) < 1:
                raise ValueError("write a lay-off as 'layoff <card> <meld number>', e.g. 'layoff 9S 3'")
            meld, rest = int(rest[1]), rest[:1]
        cards = parse_cards(rest) if rest else ()
        try:
            return cls(kind, cards, meld)
        except ValueError:
            need = (
                "no cards"
                if kind in _BARE
                else "one card"
                if kind in _ONE_CARD
                else "nine cards"
                if kind is Act.CONTRACT
                else "three or more cards"
            )
            raise ValueError(f"{kind.value} takes {need}") from None


def meld_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The one written order of a meld's cards, as the table shows it: a set by suit, a run by rank
    with the ace first, or last when the run holds a king and no 2 (Q-K-A)."""
    ranks = {c.rank for c in cards}
    if len(ranks) == 1:
        return tuple(sorted(cards, key=lambda c: c.suit))
    high = 1 in ranks and 13 in ranks and 2 not in ranks
    return tuple(sorted(cards, key=lambda c: (14 if c.rank == 1 and high else c.rank, c.suit)))


def act(kind: Act, *cards: Card, meld: int | None = None) -> TableAction:
    """An action; the small ones (no card or one card) are shared instances, as the move lists reuse them."""
    if len(cards) > 1:
        return TableAction(kind, cards, meld)
    key = (kind, cards, meld)
    hit = _SMALL.get(key)
    if hit is None:
        hit = _SMALL[key] = TableAction(kind, cards, meld)
    return hit


_SMALL: dict[tuple[Act, tuple[Card, ...], int | None], TableAction] = {}


DRAW_STOCK = act(Act.DRAW_STOCK)
DRAW_PILE = act(Act.DRAW_PILE)
ACCEPT = act(Act.ACCEPT)
REJECT = act(Act.REJECT)
CHALLENGE = act(Act.CHALLENGE)
LAST_CARD = act(Act.LAST_CARD)
END_HAND = act(Act.END_HAND)


class Ev(StrEnum):
    DEALT = "dealt"
    DREW_STOCK = "drew_stock"  # the card is not shown
    DREW_PILE = "drew_pile"
    DRAW_LOST = "draw_lost"  # Skarney: an accepted ace costs this draw
    MELDED = "melded"
    LAID_OFF = "laid_off"
    DISCARDED = "discarded"
    OFFERED = "offered"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    LAST_CARD = "last_card"
    CHALLENGED = "challenged"
    CHALLENGE_ACCEPTED = "challenge_accepted"
    CHALLENGE_REJECTED = "challenge_rejected"
    STOCK_RENEWED = "stock_renewed"  # Rummy: the pile but its top card became the stock
    WENT_OUT = "went_out"
    HAND_SCORED = "hand_scored"
    HAND_DRAWN = "hand_drawn"  # nobody scored
    MATCH_ENDED = "match_ended"
    RESIGNED = "resigned"


@dataclass(frozen=True, slots=True)
class TableEvent:
    """Something that happened; ``cards`` are only cards every player saw."""

    kind: Ev
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    meld: int | None = None  # the meld number (melded, laid off)
    points: int | None = None  # hand_scored: the points; stock_renewed: the new stock's size

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "seat": self.seat,
            "cards": format_cards(self.cards),
            "meld": self.meld,
            "points": self.points,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TableEvent:
        return cls(Ev(d["kind"]), d["seat"], parse_cards(d["cards"]) if d["cards"] else (), d["meld"], d["points"])


# How a hand ended.
OUT, RUMMY, GIN, STOCK, CHALLENGED, DRAWN = "out", "rummy", "gin", "stock", "challenge", "drawn"
OUTCOMES = (OUT, RUMMY, GIN, STOCK, CHALLENGED, DRAWN)


@dataclass(frozen=True, slots=True)
class TableHand:
    """A finished hand. The cards left in each hand were shown when it was scored."""

    number: int
    dealer: int
    outcome: str  # one of OUTCOMES
    knocker: int | None  # the seat that went out (Rummy, Colonel) or went gin (Skarney)
    winner: int | None  # the seat that scored, None when nobody did
    points: int
    left: tuple[tuple[Card, ...], ...]  # per seat, the cards still in hand
    left_points: tuple[int, ...]  # per seat, their value

    def public(self) -> TableHand:
        """The record as everyone may see it: a hand that ended with no score shows no one's cards
        (they were never laid face up, as in Gin's drawn hand)."""
        if self.outcome != DRAWN:
            return self
        return replace(self, left=tuple(() for _ in self.left), left_points=tuple(0 for _ in self.left_points))

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "outcome": self.outcome,
            "knocker": self.knocker,
            "winner": self.winner,
            "points": self.points,
            "left": [format_cards(h) for h in self.left],
            "left_points": list(self.left_points),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TableHand:
        return cls(
            d["number"],
            d["dealer"],
            d["outcome"],
            d["knocker"],
            d["winner"],
            d["points"],
            tuple(parse_cards(h) if h else () for h in d["left"]),
            tuple(d["left_points"]),
        )


def card_text(card: Card | None) -> str | None:
    return None if card is None else card.code


def card_from(text: str | None) -> Card | None:
    return None if text is None else parse_card(text)


__all__ = [
    "ACCEPT",
    "CHALLENGE",
    "CHALLENGED",
    "DRAWN",
    "DRAW_PILE",
    "DRAW_STOCK",
    "END_HAND",
    "GIN",
    "LAST_CARD",
    "OUT",
    "OUTCOMES",
    "REJECT",
    "RUMMY",
    "STOCK",
    "Act",
    "Ev",
    "TableAction",
    "TableEvent",
    "TableHand",
    "act",
    "card_from",
    "card_text",
]
