"""Melds on the table: kinds, the player's reasons, where aces sit, extensions and the enumeration."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from bot.engine import DECK, parse_cards
from bot.engine.tablegames import COLONEL_STYLE as COLONEL
from bot.engine.tablegames import RUMMY_STYLE as RUMMY
from bot.engine.tablegames import SKARNEY_STYLE as SKARNEY
from bot.engine.tablegames.melds import (
    MeldStyle,
    display_order,
    extend,
    extensions,
    make_meld,
    meld_kind,
    meld_problem,
    melds_in,
)


def kind(text: str, style: MeldStyle) -> str | None:
    return meld_kind(parse_cards(text), style)


def problem(text: str, style: MeldStyle) -> str | None:
    return meld_problem(parse_cards(text), style)


def test_kinds_of_meld() -> None:
    assert kind("7S 7H 7D", RUMMY) == "set" and kind("7S 7H 7D 7C", RUMMY) == "set"
    assert kind("4H 5H 6H 7H", RUMMY) == "run"
    assert kind("4H 5S 6H", SKARNEY) == "poker" and kind("4H 5H 6H", SKARNEY) == "run"
    assert kind("4H 5S 6H", RUMMY) is None and problem("4H 5S 6H", RUMMY) == "A run must be all one suit."
    assert problem("4H 5H", RUMMY) == "A meld needs at least three cards."
    assert problem("4H 5H 7H", RUMMY) == "Those cards are not in sequence."
    assert "neither a set" in (problem("4H 4S 5H", SKARNEY) or "")


def test_colonel_aces_are_high_only() -> None:
    assert kind("QS KS AS", COLONEL) == "run" and kind("JS QS KS AS", COLONEL) == "run"
    assert kind("AS 2S 3S", COLONEL) is None
    assert problem("AS 2S 3S", COLONEL) == "The ace is high only: A-K-Q is a run, A-2-3 is not."
    assert display_order(parse_cards("AS KS QS"), COLONEL) == parse_cards("QS KS AS")


def test_rummy_aces_are_low_only() -> None:
    assert kind("AD 2D 3D", RUMMY) == "run"
    assert problem("QD KD AD", RUMMY) == "The ace is low only: A-2-3 is a run, Q-K-A is not."


def test_skarney_aces_both_ways_but_never_round_the_corner() -> None:
    assert kind("AC 2H 3C", SKARNEY) == "poker" and kind("QC KH AC", SKARNEY) == "poker"
    assert kind("KC AH 2C", SKARNEY) is None
    assert problem("KC AH 2C", SKARNEY) == "A run may not go round the corner (K-A-2)."
    full = " ".join(f"{r}S" for r in "A23456789TJQK")
    assert kind(full, SKARNEY) == "run"  # all thirteen: the ace at one end


def test_extensions() -> None:
    s = make_meld(1, 0, parse_cards("9S 9H 9D"), RUMMY)
    assert extensions(s, RUMMY) == set(parse_cards("9C"))
    assert extensions(extend(s, parse_cards("9C")[0], RUMMY), RUMMY) == set()
    run = make_meld(2, 1, parse_cards("5S 6S 7S"), RUMMY)
    assert extensions(run, RUMMY) == set(parse_cards("4S 8S"))
    low = make_meld(3, 0, parse_cards("AS 2S 3S"), RUMMY)
    assert extensions(low, RUMMY) == set(parse_cards("4S"))
    high = make_meld(4, 0, parse_cards("QH KH AH"), COLONEL)
    assert extensions(high, COLONEL) == set(parse_cards("JH"))
    top = make_meld(5, 0, parse_cards("JH QH KH"), COLONEL)
    assert extensions(top, COLONEL) == set(parse_cards("TH AH"))
    bottom = make_meld(6, 0, parse_cards("2H 3H 4H"), COLONEL)
    assert extensions(bottom, COLONEL) == set(parse_cards("5H"))  # no ace below a 2 in Colonel
    poker = make_meld(7, 0, parse_cards("2H 3S 4H"), SKARNEY)
    assert extensions(poker, SKARNEY) == set(parse_cards("AS AH AD AC 5S 5H 5D 5C"))
    grown = extend(poker, parse_cards("AD")[0], SKARNEY)
    assert grown.cards == parse_cards("AD 2H 3S 4H") and parse_cards("KS")[0] not in extensions(grown, SKARNEY)
    suited = make_meld(8, 0, parse_cards("JC QC KC"), SKARNEY)  # a one-suit run may take any suit in Skarney
    assert extend(suited, parse_cards("AH")[0], SKARNEY).kind == "poker"
    with pytest.raises(ValueError, match="does not fit"):
        extend(run, parse_cards("9S")[0], RUMMY)


@pytest.mark.parametrize("style", [RUMMY, COLONEL, SKARNEY, MeldStyle("both", False, 1)])
def test_every_meld_of_a_hand_is_listed_once(style: MeldStyle) -> None:
    rng = random.Random(str(style))
    for _ in range(150):
        hand = rng.sample(DECK, rng.randrange(3, 12))
        listed = [tuple(sorted(m)) for m in melds_in(hand, style)]
        assert len(listed) == len(set(listed))
        brute = {
            tuple(sorted(c)) for k in range(3, len(hand) + 1) for c in combinations(hand, k) if meld_kind(c, style)
        }
        assert set(listed) == brute
        threes = {tuple(sorted(m)) for m in melds_in(hand, style, size=3)}
        assert threes == {m for m in brute if len(m) == 3}
        for m in melds_in(hand, style):
            assert tuple(m) == display_order(m, style)
