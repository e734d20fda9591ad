"""How a player may hold his loose cards: sorted by rank or by suit, and grouped so the cards that
may still become a meld sit together (a pair of one rank; cards of one suit close enough for a run).

Display only: no rule reads this order. A stateless utility, like the melds solver.

>>> from bot.engine.cards import parse_cards
>>> [" ".join(map(str, g)) for g in deadwood_groups(parse_cards("AS AD 3H 4D 5D 8S 9D TH JS QS"))]
['AS AD', '3H', '4D 5D', '8S', '9D', 'TH', 'JS QS']
>>> [" ".join(map(str, g)) for g in deadwood_groups(parse_cards("AS AD 3H 4D 5D 8S 9D TH JS QS"), "suit")]
['AS AD', '8S', 'JS QS', '3H', 'TH', '4D 5D', '9D']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, Literal

from .cards import Card

CardOrder = Literal["rank", "suit"]
CARD_ORDERS: Final[tuple[CardOrder, ...]] = ("rank", "suit")
NEAR: Final = 2  # two cards of one suit this close in rank need one card (or none) between them for a run


def _key(order: CardOrder) -> Callable[[Card], tuple[int, int]]:
    if order == "suit":
        return lambda c: (c.suit, c.rank)
    return lambda c: (c.rank, c.suit)


def sort_cards(cards: Iterable[Card], order: CardOrder = "rank") -> tuple[Card, ...]:
    """The cards by rank then suit, or by suit then rank."""
    return tuple(sorted(cards, key=_key(order)))


def deadwood_groups(cards: Iterable[Card], order: CardOrder = "rank") -> tuple[tuple[Card, ...], ...]:
    """The cards as groups that may still become melds, then the rest one by one.

    Cards of one rank form a group (a pair or more: a set in the making); of the others, cards of
    one suit within ``NEAR`` ranks of the next form a group (a run in the making); pairs are taken
    first because a pair needs either of two cards, a near-run mostly one. Groups follow the order
    of their first card in ``order``; every card is in exactly one group.
    """
    key = _key(order)
    left = sorted(cards, key=lambda c: (c.rank, c.suit))
    groups: list[tuple[Card, ...]] = []
    by_rank: dict[int, list[Card]] = {}
    for card in left:
        by_rank.setdefault(card.rank, []).append(card)
    paired = {c for same in by_rank.values() if len(same) > 1 for c in same}
    groups.extend(tuple(same) for same in by_rank.values() if len(same) > 1)
    by_suit: dict[int, list[Card]] = {}
    for card in left:
        if card not in paired:
            by_suit.setdefault(card.suit, []).append(card)
    for same_suit in by_suit.values():
        run: list[Card] = []
        for card in same_suit:  # ascending rank
            if run and card.rank - run[-1].rank > NEAR:
                groups.append(tuple(run))
                run = []
            run.append(card)
        if run:
            groups.append(tuple(run))
    ordered = (tuple(sorted(g, key=key)) if g[0].rank == g[-1].rank else g for g in groups)  # a pair in order
    return tuple(sorted(ordered, key=lambda g: key(min(g, key=key))))
