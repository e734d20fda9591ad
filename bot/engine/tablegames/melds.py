"""Melds laid on the table during play (Colonel, Skarney Gin, Rummy): kinds, validation, extensions.

A game's ``MeldStyle`` says where the ace sits in a run (low only, high only, or either end but
never round the corner), whether a run may mix suits (Skarney's poker run) and what each card
is worth in a hand. A ``TableMeld`` is one meld on the table: its number (1-based, in the order
laid in the hand), the seat that laid it, its cards in display order and its kind.

The one rule of extending: a card may be added to a meld when the meld with it is still a legal
meld of the game. So a set takes its missing suits, a run the next rank at either end (any suit
when poker runs are allowed, which turns a one-suit run into a poker run), and a run never holds
two cards of one rank (a run can hold at most one ace).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from ..cards import Card, format_cards, parse_cards
from ..game import N_

SET, RUN, POKER = "set", "run", "poker"  # poker: a run of mixed suits (Skarney)
ACES = ("low", "high", "both")
_ACE_POSITIONS = {"low": (1,), "high": (14,), "both": (1, 14)}


@dataclass(frozen=True, slots=True)
class MeldStyle:
    """How melds work in one game, and the value of a card left in a hand."""

    aces: str  # 'low': A-2-3; 'high': Q-K-A; 'both': either, never K-A-2
    poker: bool  # runs may mix suits
    ace_value: int  # a face card counts 10 and 2..10 their number in every game

    def __post_init__(self) -> None:
        if self.aces not in ACES:
            raise ValueError(f"aces must be one of {', '.join(ACES)}")

    def value(self, card: Card) -> int:
        return self.ace_value if card.rank == 1 else min(card.rank, 10)

    def points(self, cards: Iterable[Card]) -> int:
        return sum(self.value(c) for c in cards)


def _position(card: Card, ace_high: bool) -> int:
    return 14 if card.rank == 1 and ace_high else card.rank


def _consecutive(cards: Sequence[Card], ace_high: bool) -> tuple[Card, ...] | None:
    ordered = sorted(cards, key=lambda c: _position(c, ace_high))
    first = _position(ordered[0], ace_high)
    if all(_position(c, ace_high) == first + i for i, c in enumerate(ordered)):
        return tuple(ordered)
    return None


def run_order(cards: Sequence[Card], style: MeldStyle) -> tuple[Card, ...] | None:
    """The cards as a run in rank order (the ace where the style puts it), or None if not a run."""
    if len({c.rank for c in cards}) != len(cards):
        return None
    if not style.poker and len({c.suit for c in cards}) > 1:
        return None
    has_ace = any(c.rank == 1 for c in cards)
    if not has_ace or style.aces != "high":
        low = _consecutive(cards, False)
        if low is not None:
            return low
    if has_ace and style.aces != "low":
        return _consecutive(cards, True)
    return None


def meld_kind(cards: Sequence[Card], style: MeldStyle) -> str | None:
    """'set', 'run' (one suit) or 'poker' (mixed suits), or None if the cards are not a meld."""
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return None
    if len({c.rank for c in cards}) == 1:
        return SET
    if run_order(cards, style) is None:
        return None
    return RUN if len({c.suit for c in cards}) == 1 else POKER


def meld_problem(cards: Sequence[Card], style: MeldStyle) -> str | None:
    """Why the cards are not a meld, in words for the player (None if they are one)."""
    if len(set(cards)) != len(cards):
        return N_("A card appears twice.")
    if len(cards) < 3:
        return N_("A meld needs at least three cards.")
    ranks = {c.rank for c in cards}
    if len(ranks) == 1:
        return None
    if len(ranks) != len(cards):
        return N_("Those cards are neither a set (one rank) nor a run (one card of each rank in sequence).")
    if not style.poker and len({c.suit for c in cards}) > 1:
        return N_("A run must be all one suit.")
    if run_order(cards, style) is not None:
        return None
    if 1 in ranks:
        low, high = _consecutive(cards, False), _consecutive(cards, True)
        if style.aces == "high" and low is not None:
            return N_("The ace is high only: A-K-Q is a run, A-2-3 is not.")
        if style.aces == "low" and high is not None:
            return N_("The ace is low only: A-2-3 is a run, Q-K-A is not.")
        if 2 in ranks and 13 in ranks:
            return N_("A run may not go round the corner (K-A-2).")
    return N_("Those cards are not in sequence.")


def display_order(cards: Sequence[Card], style: MeldStyle) -> tuple[Card, ...]:
    """A set by suit, a run by rank with the ace at its end."""
    if len({c.rank for c in cards}) == 1:
        return tuple(sorted(cards, key=lambda c: c.suit))
    ordered = run_order(cards, style)
    return ordered if ordered is not None else tuple(cards)


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table. ``number`` is its place in the order melds were laid this hand (1-based)."""

    number: int
    owner: int  # the seat that laid it (cards laid off on it by others keep it theirs)
    cards: tuple[Card, ...]
    kind: str

    def __str__(self) -> str:
        return format_cards(self.cards)

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "owner": self.owner, "cards": format_cards(self.cards), "kind": self.kind}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TableMeld:
        return cls(int(d["number"]), int(d["owner"]), parse_cards(d["cards"]), str(d["kind"]))


def make_meld(number: int, owner: int, cards: Sequence[Card], style: MeldStyle) -> TableMeld:
    """A new table meld; ValueError with the player's reason if the cards are not a meld."""
    problem = meld_problem(cards, style)
    kind = meld_kind(cards, style)
    if problem is not None or kind is None:
        raise ValueError(problem or "Those cards are not a meld.")
    return TableMeld(number, owner, display_order(cards, style), kind)


def extensions(meld: TableMeld, style: MeldStyle) -> frozenset[Card]:
    """Every card of the pack that could be added to ``meld`` now (one at a time)."""
    cards = meld.cards
    if meld.kind == SET:
        if len(cards) >= 4:
            return frozenset()
        rank = cards[0].rank
        return frozenset(Card(s, rank) for s in range(4) if Card(s, rank) not in cards)
    ace_high = cards[-1].rank == 1 and len(cards) > 1 and cards[-2].rank == 13
    lo, hi = _position(cards[0], ace_high), _position(cards[-1], ace_high)
    has_ace = any(c.rank == 1 for c in cards)
    ends: list[int] = []
    if lo - 1 >= 2 or (lo - 1 == 1 and style.aces != "high" and not has_ace):
        ends.append(lo - 1)
    if hi + 1 <= 13 or (hi + 1 == 14 and style.aces != "low" and not has_ace):
        ends.append(hi + 1)
    suits = range(4) if style.poker else (cards[0].suit,)
    return frozenset(Card(s, 1 if p == 14 else p) for p in ends for s in suits)


def fits(meld: TableMeld, card: Card, style: MeldStyle) -> bool:
    return card in extensions(meld, style)


def extend(meld: TableMeld, card: Card, style: MeldStyle) -> TableMeld:
    """``meld`` with ``card`` added; ValueError with the reason if it does not fit."""
    if not fits(meld, card, style):
        raise ValueError(f"{card} does not fit meld {meld.number} ({meld}).")
    cards = (*meld.cards, card)
    kind = meld_kind(cards, style)
    assert kind is not None
    return TableMeld(meld.number, meld.owner, display_order(cards, style), kind)


def melds_in(cards: Iterable[Card], style: MeldStyle, *, size: int | None = None) -> list[tuple[Card, ...]]:
    """Every meld that can be made from ``cards`` (all sizes, or exactly ``size`` cards), in display order.

    Runs of every length are listed, so a 5-card run also yields its 3- and 4-card parts. Uses the
    suit lanes of the card bitmask (cards.py): a run is consecutive set bits in a lane (or, for
    poker runs, in the OR of the lanes); an ace-high position is bit 13 of a lane.
    """
    hand = cards if isinstance(cards, (list, tuple)) else list(cards)
    lo_len, hi_len = (size, size) if size is not None else (3, 14)
    out: list[tuple[Card, ...]] = []
    lanes = [0, 0, 0, 0]
    for c in hand:
        lanes[c.suit] |= 1 << (c.rank - 1)
    # sets: ranks held three or more times
    a, b, c3, d = lanes
    three = (a & b & (c3 | d)) | (c3 & d & (a | b))
    while three:
        low = three & -three
        three ^= low
        rank = low.bit_length()
        group = [Card(s, rank) for s in range(4) if lanes[s] & low]
        for k in range(max(3, lo_len), min(len(group), hi_len) + 1):
            out.extend(combinations(group, k))
    # runs: positions 1..14 as bits 0..13 (bit 13 = an ace played high)
    ace_low, ace_high = style.aces != "high", style.aces != "low"
    ext = [(lane if ace_low else lane & ~1) | ((lane & 1) << 13 if ace_high else 0) for lane in lanes]
    if style.poker:
        anyl = ext[0] | ext[1] | ext[2] | ext[3]
        if anyl & (anyl >> 1) & (anyl >> 2):
            for start, length in _windows(anyl, lo_len, hi_len):
                choices = [
                    [Card(s, 1 if p == 13 else p + 1) for s in range(4) if ext[s] >> p & 1]
                    for p in range(start, start + length)
                ]
                out.extend(product(*choices))
        return out
    for suit, lane in enumerate(ext):
        if lane & (lane >> 1) & (lane >> 2):
            for start, length in _windows(lane, lo_len, hi_len):
                out.append(tuple(Card(suit, 1 if p == 13 else p + 1) for p in range(start, start + length)))
    return out


def _windows(lane: int, lo_len: int, hi_len: int) -> list[tuple[int, int]]:
    """(first bit, length) of every window of consecutive set bits of ``lane`` with lo..hi bits, never
    bits 0 and 13 together (one ace at both ends)."""
    out = []
    for start in range(13):
        if not lane >> start & 1:
            continue
        p = start
        while p <= 13 and lane >> p & 1 and not (start == 0 and p == 13):
            length = p - start + 1
            if lo_len <= length <= hi_len and length >= 3:
                out.append((start, length))
            p += 1
    return out


def points_on_table(melds: Iterable[TableMeld], style: MeldStyle) -> int:
    return sum(style.points(m.cards) for m in melds)


__all__ = [
    "ACES",
    "POKER",
    "RUN",
    "SET",
    "MeldStyle",
    "TableMeld",
    "display_order",
    "extend",
    "extensions",
    "fits",
    "make_meld",
    "meld_kind",
    "meld_problem",
    "melds_in",
    "points_on_table",
    "run_order",
]
