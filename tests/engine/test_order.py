"""Loose cards by rank or suit, grouped so pairs and near-runs stand together (bot.engine.order)."""

from __future__ import annotations

import doctest
import itertools

from hypothesis import given
from hypothesis import strategies as st

import bot.engine.order
from bot.engine import DECK, Card, deadwood_groups, parse_cards, sort_cards

hands = st.lists(st.sampled_from(DECK), min_size=0, max_size=13, unique=True)


def _text(groups: tuple[tuple[Card, ...], ...]) -> list[str]:
    return [" ".join(str(c) for c in g) for g in groups]


def test_the_doctests() -> None:
    assert doctest.testmod(bot.engine.order).failed == 0


def test_the_issue_hand_stands_in_groups() -> None:
    # The hand the issue quoted, once shown as "A♠ A♦ 3♥ 4♦ 5♦ 8♠ 9♦ 10♥ J♠ Q♠".
    cards = parse_cards("AS AD 3H 4D 5D 8S 9D TH JS QS")
    assert _text(deadwood_groups(cards)) == ["AS AD", "3H", "4D 5D", "8S", "9D", "TH", "JS QS"]


def test_a_gap_of_one_rank_is_near_two_is_not() -> None:
    assert _text(deadwood_groups(parse_cards("4D 6D"))) == ["4D 6D"]
    assert _text(deadwood_groups(parse_cards("4D 7D"))) == ["4D", "7D"]


def test_a_paired_card_leaves_the_near_run() -> None:
    assert _text(deadwood_groups(parse_cards("5D 5S 6D"))) == ["5S 5D", "6D"]


def test_by_suit_sorts_suit_first() -> None:
    assert _text((sort_cards(parse_cards("3H AS 2H KS")),)) == ["AS 2H 3H KS"]
    assert _text((sort_cards(parse_cards("3H AS 2H KS"), "suit"),)) == ["AS KS 2H 3H"]


@given(hands, st.sampled_from(["rank", "suit"]))
def test_every_card_in_exactly_one_group(cards: list[Card], order: str) -> None:
    groups = deadwood_groups(cards, "suit" if order == "suit" else "rank")
    flat = [c for g in groups for c in g]
    assert sorted(flat) == sorted(cards)
    for g in groups:
        assert g, "no empty group"
        one_rank = len({c.rank for c in g}) == 1
        one_suit_near = len({c.suit for c in g}) == 1 and all(b.rank - a.rank <= 2 for a, b in itertools.pairwise(g))
        assert one_rank or one_suit_near, g
