"""Skarney's contracts among the legal moves: the best ones, found without trying every triple."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import DECK, Card
from bot.engine.tablegames import SKARNEY_STYLE as STYLE
from bot.engine.tablegames import contracts


def every_contract(hand: list[Card]) -> list[tuple[Card, ...]]:
    """Every triple of disjoint 3-card melds, tried one by one: the reference."""
    from bot.engine.tablegames import melds_in

    threes = melds_in(hand, STYLE, size=3)
    out = []
    for a, b, c in combinations(threes, 3):
        cards = a + b + c
        if len(set(cards)) == 9:
            out.append((-STYLE.points(cards), cards))
    out.sort()
    return [cards for _, cards in out]


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=9, max_value=16), st.integers(min_value=0, max_value=2**32), st.integers(1, 60))
def test_the_listed_contracts_are_the_best_of_every_contract(size: int, seed: int, limit: int) -> None:
    hand = random.Random(seed).sample(list(DECK), size)
    assert contracts(hand, limit) == every_contract(hand)[:limit]


def test_a_long_hand_lists_its_best_contracts() -> None:
    """25 cards hold hundreds of 3-card melds: the listing stops at the limit, the best first."""
    hand = random.Random(7).sample(list(DECK), 25)
    listed = contracts(hand)
    assert len(listed) == 200
    totals = [STYLE.points(c) for c in listed]
    assert totals == sorted(totals, reverse=True)
    assert all(len(set(c)) == 9 and set(c) <= set(hand) for c in listed)
