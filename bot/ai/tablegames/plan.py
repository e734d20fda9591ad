"""Planning shared by the table-game AIs (Colonel, Skarney Gin, Rummy); reads only a seat's view.

* ``style_of``: the game's meld style (aces, poker runs, card values).
* ``unseen``: cards the seat has not seen (not in its hand, on the table, in the pile or known
  to be in another hand).
* ``best_split``: the exact split of a hand into melds that leaves the least value loose; cards
  that fit a meld on the table already (``free``) count nothing when loose.
* ``outs``: how many unseen cards would turn a loose card into part of a meld with the other
  loose cards (a pair wants its rank, two cards of a run want the cards around or between them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.engine import DECK, Card
from bot.engine.tablegames import (
    COLONEL_STYLE,
    RUMMY_STYLE,
    SKARNEY_STYLE,
    Act,
    MeldStyle,
    TableAction,
    TableMeld,
    TableSeatView,
    extensions,
    melds_in,
)

STYLES = {"colonel": COLONEL_STYLE, "rummy": RUMMY_STYLE, "skarney": SKARNEY_STYLE}


def style_of(view: TableSeatView) -> MeldStyle:
    return STYLES[view.game]


def unseen(view: TableSeatView) -> set[Card]:
    gone: set[Card] = set(view.hand) | set(view.pile)
    for meld in view.melds:
        gone.update(meld.cards)
    for seat, cards in enumerate(view.known):
        if seat != view.seat:
            gone.update(cards)
    return set(DECK) - gone


def free_cards(hand: Iterable[Card], melds: Iterable[TableMeld], style: MeldStyle) -> frozenset[Card]:
    """Cards of ``hand`` that fit one of ``melds`` now."""
    fit: set[Card] = set()
    for meld in melds:
        fit |= extensions(meld, style)
    return frozenset(c for c in hand if c in fit)


@dataclass(frozen=True, slots=True)
class Split:
    melds: tuple[tuple[Card, ...], ...]
    loose: tuple[Card, ...]  # cards in no meld (free ones included)
    cost: int  # value of the loose cards that are not free

    def stuck(self, free: frozenset[Card]) -> list[Card]:
        """Loose cards that cannot go onto the table now."""
        return [c for c in self.loose if c not in free]


def best_split(
    cards: Sequence[Card],
    style: MeldStyle,
    free: frozenset[Card] = frozenset(),
    melds: list[tuple[Card, ...]] | None = None,
) -> Split:
    """The melds of ``cards`` that leave the least loose value (then the fewest loose cards)."""
    cards = list(cards)
    options = melds_in(cards, style) if melds is None else melds
    by_low: dict[int, list[tuple[int, tuple[Card, ...]]]] = {}
    for meld in options:
        mask = 0
        for c in meld:
            mask |= c.bit
        by_low.setdefault(mask & -mask, []).append((mask, meld))
    cost = {c.bit: (0 if c in free else style.value(c) * 64 + 1) for c in cards}
    memo: dict[int, int] = {0: 0}

    def solve(mask: int) -> int:
        hit = memo.get(mask)
        if hit is not None:
            return hit
        low = mask & -mask
        best = cost[low] + solve(mask ^ low)
        for m, _ in by_low.get(low, ()):
            if m & mask == m:
                v = solve(mask ^ m)
                if v < best:
                    best = v
        memo[mask] = best
        return best

    full = 0
    for c in cards:
        full |= c.bit
    total = solve(full)
    chosen: list[tuple[Card, ...]] = []
    loose: list[Card] = []
    by_bit = {c.bit: c for c in cards}
    mask = full
    while mask:
        low = mask & -mask
        target = memo[mask]
        for m, meld in by_low.get(low, ()):
            if m & mask == m and solve(mask ^ m) == target:
                chosen.append(meld)
                mask ^= m
                break
        else:
            loose.append(by_bit[low])
            mask ^= low
    return Split(tuple(chosen), tuple(loose), total // 64)


def _positions(card: Card, style: MeldStyle) -> tuple[int, ...]:
    if card.rank != 1:
        return (card.rank,)
    return {"low": (1,), "high": (14,), "both": (1, 14)}[style.aces]


def _at(position: int, suits: Iterable[int]) -> list[Card]:
    rank = 1 if position == 14 else position
    return [Card(s, rank) for s in suits] if 1 <= position <= 14 else []


def outs(card: Card, loose: Sequence[Card], hidden: set[Card], style: MeldStyle) -> int:
    """Unseen cards that would complete a meld of ``card`` with one other loose card."""
    found: set[Card] = set()
    for other in loose:
        if other == card:
            continue
        if other.rank == card.rank:
            found.update(c for c in _at(card.rank, range(4)) if c in hidden)
            continue
        if not style.poker and other.suit != card.suit:
            continue
        suits = range(4) if style.poker else (card.suit,)
        for p in _positions(card, style):
            for q in _positions(other, style):
                lo, hi = min(p, q), max(p, q)
                if hi - lo == 1:
                    wanted = _at(lo - 1, suits) + _at(hi + 1, suits)
                elif hi - lo == 2:
                    wanted = _at(lo + 1, suits)
                else:
                    continue
                found.update(c for c in wanted if c in hidden)
    return len(found)


def find(view: TableSeatView, kind: Act, cards: Iterable[Card] = (), meld: int | None = None) -> TableAction | None:
    """The legal action of ``kind`` with exactly these cards (any order) and meld number, if there is one."""
    want = frozenset(cards)
    for a in view.legal:
        if a.kind is kind and frozenset(a.cards) == want and (meld is None or a.meld == meld):
            return a
    return None


def first(view: TableSeatView, kind: Act) -> TableAction | None:
    return next((a for a in view.legal if a.kind is kind), None)


def meld_from(view: TableSeatView, split: Split) -> TableAction | None:
    """The first of the split's melds that may be laid now."""
    return next((a for meld in split.melds if (a := find(view, Act.MELD, meld)) is not None), None)


def layoff_from(view: TableSeatView, split: Split, free: frozenset[Card]) -> TableAction | None:
    """A lay-off of one of the split's loose cards that fits on the table (``free``), if legal now."""
    for card in split.loose:
        if card in free:
            a = next((x for x in view.legal if x.kind is Act.LAYOFF and x.cards[0] == card), None)
            if a is not None:
                return a
    return None


__all__ = [
    "STYLES",
    "Split",
    "best_split",
    "find",
    "first",
    "free_cards",
    "layoff_from",
    "meld_from",
    "outs",
    "style_of",
    "unseen",
]
