import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import DECK, best_arrangement, best_discards, meld_kind, parse_cards

from .oracle import is_valid_meld, min_deadwood


def dw(text: str) -> int:
    return best_arrangement(parse_cards(text)).deadwood_points


def assert_valid(cards, arr):
    seen = [c for m in arr.melds for c in m] + list(arr.deadwood)
    assert sorted(seen) == sorted(cards), "every card exactly once"
    assert all(is_valid_meld(m) for m in arr.melds)
    assert arr.deadwood_points == sum(c.value for c in arr.deadwood)


def test_card_wanted_by_set_and_run():
    # Run 5-8♥ leaves 7♠ 7♦ (14); the set of 7s leaves 5♥ 6♥ 8♥ (19): the run wins.
    arr = best_arrangement(parse_cards("7H 7S 7D 5H 6H 8H"))
    assert arr.deadwood_points == 14
    assert [meld_kind(m) for m in arr.melds] == ["run"]


def test_four_card_set_gives_a_card_to_a_run():
    # All four 7s as a set leaves 8♣ 9♣; 7♣ is better spent on the run 7-8-9♣.
    assert dw("7S 7H 7D 7C 8C 9C") == 0
    assert dw("7S 7H 7D 7C 8C") == 8


def test_ace_is_low_only():
    assert dw("AS 2S 3S") == 0
    assert dw("QS KS AS") == 21
    assert dw("KS AS 2S") == 13


def test_big_gin_eleven_cards():
    cards = parse_cards("AS 2S 3S 4S 5S 7H 7D 7C JC QC KC")
    arr = best_arrangement(cards)
    assert arr.deadwood_points == 0 and arr.is_gin
    assert_valid(cards, arr)


def test_equal_deadwood_arrangements():
    # J-Q-K♠ leaves K♥ K♦ (20); the set of kings leaves J♠ Q♠ (20).
    cards = parse_cards("JS QS KS KH KD")
    arr = best_arrangement(cards)
    assert arr.deadwood_points == 20
    assert_valid(cards, arr)


def test_best_discard_breaks_the_biggest_arrangement():
    result = best_discards(parse_cards("9C 8S 9D 9S 6C 9H 8H 8C 6D 7S TS"))
    assert result[0] == (parse_cards("TS")[0], 19)


def test_eleven_cards_that_go_gin():
    result = best_discards(parse_cards("2D AC AS AD 3D 2S 4D 4H 2H 4C 2C"))
    assert result[0][1] == 0


def test_long_runs_are_merged_for_display():
    arr = best_arrangement(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS"))
    assert len(arr.melds) == 1 and len(arr.melds[0]) == 10


def test_empty_and_small_hands():
    assert best_arrangement(()).deadwood_points == 0
    assert dw("KS") == 10
    assert dw("AS 2S") == 3


hands = st.integers(0, 11).flatmap(lambda n: st.lists(st.sampled_from(DECK), min_size=n, max_size=n, unique=True))


@settings(max_examples=400, deadline=None)
@given(hands)
def test_matches_brute_force_oracle(cards):
    arr = best_arrangement(cards)
    assert arr.deadwood_points == min_deadwood(cards)
    assert_valid(cards, arr)


meldy = st.lists(st.sampled_from([c for c in DECK if c.rank <= 6]), min_size=10, max_size=11, unique=True)


@settings(max_examples=200, deadline=None)
@given(meldy)
def test_oracle_on_meld_rich_hands(cards):
    # Only six ranks: many overlapping sets and runs, the hard cases for the search.
    arr = best_arrangement(cards)
    assert arr.deadwood_points == min_deadwood(cards)
    assert_valid(cards, arr)


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        st.lists(st.sampled_from(DECK), min_size=11, max_size=11, unique=True),
        st.lists(st.sampled_from([c for c in DECK if c.rank <= 6]), min_size=11, max_size=11, unique=True),
    )
)
def test_best_discards_exact_and_ordered(cards):
    result = best_discards(cards)
    assert sorted(c for c, _ in result) == sorted(cards)
    for card, value in result:
        assert value == min_deadwood([c for c in cards if c != card])
    values = [v for _, v in result]
    assert values == sorted(values)


def test_many_random_hands_against_oracle():
    rng = random.Random(7)
    for _ in range(300):
        cards = rng.sample(DECK, 10)
        assert best_arrangement(cards).deadwood_points == min_deadwood(cards)
