import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import DECK, Card, Suit, cards_of, format_cards, mask_of, parse_card, parse_cards


def test_parse_and_format_round_trip():
    cards = parse_cards("AS 2S 3S TD KH")
    assert [str(c) for c in cards] == ["AS", "2S", "3S", "TD", "KH"]
    assert format_cards(cards) == "AS 2S 3S TD KH"


def test_parse_accepts_list_and_display_forms():
    assert parse_cards(["as", "10d", "K♥"]) == (Card(Suit.SPADES, 1), Card(Suit.DIAMONDS, 10), Card(Suit.HEARTS, 13))


@pytest.mark.parametrize("bad", ["1S", "AX", "", "ZZ", "AS2"])
def test_unknown_token_names_it(bad):
    with pytest.raises(ValueError) as err:
        parse_cards(["AS", bad] if bad else ["AS", " "])
    assert repr(bad if bad else " ") in str(err.value) or "not a card" in str(err.value)


def test_duplicates_refused():
    with pytest.raises(ValueError, match="duplicate"):
        parse_cards("AS AS")


def test_values_and_display():
    assert [c.value for c in parse_cards("AS 9H TD JC QS KH")] == [1, 9, 10, 10, 10, 10]
    assert parse_card("TD").pretty == "10♦"
    assert parse_card("QC").pretty == "Q♣"


def test_deck_is_52_distinct_interned_cards():
    assert len(set(DECK)) == 52
    for c in DECK:
        assert Card(c.suit, c.rank) is c
        assert parse_card(c.code) is c


@given(st.sets(st.sampled_from(DECK)))
def test_mask_round_trip(cards):
    assert set(cards_of(mask_of(cards))) == cards


def test_every_card_is_truthy():
    # AS has index 0: `if card:` must still mean "there is a card".
    assert all(bool(c) for c in DECK)
