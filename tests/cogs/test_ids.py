"""custom_id formats: round trips, disjoint patterns, the 100-character limit, forged input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import Action, ActionKind
from bot.engine.actions import action
from bot.engine.cards import DECK
from cogs import ids

PATTERNS = (ids.BUTTON_RE, ids.SELECT_RE, ids.BOARD_RE, ids.CHALLENGE_RE)

BUTTON_ACTIONS = [action(k) for k in (ActionKind.TAKE_UPCARD, ActionKind.PASS, ActionKind.DRAW_STOCK,
                                      ActionKind.DRAW_DISCARD, ActionKind.BIG_GIN)] + \
                 [action(ActionKind.GIN, c) for c in DECK]

big_ids = st.integers(min_value=0, max_value=10**19)
versions = st.integers(min_value=0, max_value=10**9 - 1)


def matching(cid: str) -> list:
    return [p for p in PATTERNS if p.fullmatch(cid)]


@given(big_ids, st.sampled_from(BUTTON_ACTIONS), versions)
def test_button_round_trip(match_id: int, act: Action, version: int) -> None:
    cid = ids.button_id(match_id, act, version)
    assert len(cid) <= 100
    assert ids.parse_button(cid) == (match_id, act, version)
    assert matching(cid) == [ids.BUTTON_RE]


@given(big_ids, st.sampled_from(["discard", "knock"]), versions)
def test_select_round_trip(match_id: int, kind: str, version: int) -> None:
    cid = ids.select_id(match_id, kind, version)
    assert ids.parse_select(cid) == (match_id, kind, version)
    assert matching(cid) == [ids.SELECT_RE]


@given(big_ids, st.sampled_from(ids.BOARD_ACTIONS))
def test_board_round_trip(match_id: int, what: str) -> None:
    cid = ids.board_id(match_id, what)
    assert ids.parse_board(cid) == (match_id, what)
    assert matching(cid) == [ids.BOARD_RE]


@given(big_ids, st.sampled_from(ids.CHALLENGE_ACTIONS))
def test_challenge_round_trip(challenge: int, what: str) -> None:
    cid = ids.challenge_id(challenge, what)
    assert ids.parse_challenge(cid) == (challenge, what)
    assert matching(cid) == [ids.CHALLENGE_RE]


def test_examples_match_the_documented_format() -> None:
    assert ids.button_id(12, action(ActionKind.DRAW_STOCK), 31) == "gin:12:stock:31"
    assert ids.button_id(12, action(ActionKind.GIN, DECK[6]), 4) == "gin:12:gin.7S:4"
    assert ids.select_id(3, "discard", 9) == "gin:3:discard:9"
    assert ids.board_id(3, "hand") == "gin:3:hand"
    assert ids.challenge_id(8, "accept") == "ginc:8:accept"


@pytest.mark.parametrize("act", [action(ActionKind.DISCARD, DECK[0]), action(ActionKind.KNOCK, DECK[0]),
                                 action(ActionKind.RESIGN)])
def test_card_choices_are_not_buttons(act: Action) -> None:
    with pytest.raises(ValueError):
        ids.button_id(1, act, 1)


@pytest.mark.parametrize("cid", [
    "gin:1:stock", "gin:1:stock:", "gin:x:stock:1", "gin:1:discard 7H:1", "gin:1:gin.1H:1", "gin:1:resign:1",
    "gin:1:hand:3", "ginc:1:resign", "gin:1:knock:1:2", "gin:-1:stock:1", "xgin:1:stock:1", "gin:1:gin.7h:1",
])
def test_forged_ids_parse_to_nothing_or_are_not_moves(cid: str) -> None:
    assert ids.parse_button(cid) is None
    assert ids.parse_board(cid) is None or cid.count(":") == 2


def test_bad_builders_raise() -> None:
    with pytest.raises(ValueError):
        ids.select_id(1, "take", 1)
    with pytest.raises(ValueError):
        ids.board_id(1, "stock")
    with pytest.raises(ValueError):
        ids.challenge_id(1, "resign")


@pytest.mark.parametrize("value,kind,expected", [
    ("discard 7H", "discard", "discard 7H"), ("knock 7H", "knock", "knock 7H"), ("gin 7H", "knock", "gin 7H"),
    ("knock 7H", "discard", None), ("discard 7H", "knock", None), ("stock", "discard", None),
    ("resign", "knock", None), ("discard ZZ", "discard", None), ("", "discard", None),
])
def test_select_values_only_belong_to_their_select(value: str, kind: str, expected: str | None) -> None:
    got = ids.parse_option(value, kind)
    assert (None if got is None else str(got)) == expected
