"""custom_id formats: round trips, disjoint patterns, ids of the previous version, ranges, forged input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import DECK
from bot.engine.knock import ActionKind, action
from cogs.gin.components import ids

GIN_BUTTONS = [
    str(action(k))
    for k in (
        ActionKind.TAKE_UPCARD,
        ActionKind.PASS,
        ActionKind.DRAW_STOCK,
        ActionKind.DRAW_DISCARD,
        ActionKind.BIG_GIN,
    )
] + [str(action(ActionKind.GIN, c)) for c in DECK]

match_ids = st.integers(min_value=1, max_value=ids.MAX_ID)
versions = st.integers(min_value=0, max_value=ids.MAX_VERSION)
words = st.from_regex(r"[a-z][a-z_]{0,11}", fullmatch=True).filter(
    lambda w: w not in ("discard", "knock", "pick", "resign", "ask")
)
args = st.lists(st.from_regex(r"[A-Za-z0-9_]{1,6}", fullmatch=True), max_size=3)
menus = st.from_regex(r"[A-Za-z0-9_]{1,20}", fullmatch=True)


def matching(cid: str) -> list:
    return [p for p in ids.PATTERNS if p.fullmatch(cid)]


@given(match_ids, st.sampled_from(GIN_BUTTONS), versions)
def test_gin_button_round_trip(match_id: int, act: str, version: int) -> None:
    cid = ids.button_id(match_id, act, version)
    assert len(cid) <= 100
    move = ids.parse_button(cid)
    assert move == ids.MoveId(match_id, act.replace(" ", "."), version) and move.text == act
    assert matching(cid) == [ids.BUTTON_RE]


@given(match_ids, words, args, versions)
def test_any_action_text_is_a_button(match_id: int, verb: str, rest: list[str], version: int) -> None:
    act = " ".join([verb, *rest])  # action texts are words with single spaces ('gin 7H')
    cid = ids.button_id(match_id, act, version)
    move = ids.parse_button(cid)
    assert move is not None and move.match_id == match_id and move.version == version and act == move.text
    assert matching(cid) == [ids.BUTTON_RE]
    assert ids.verb(act) == verb
    if rest:  # a '.' of its own would make the id ambiguous: never a button
        with pytest.raises(ValueError):
            ids.button_id(match_id, ".".join([verb, *rest]), version)


@given(match_ids, st.sampled_from([*GIN_BUTTONS, "knock 7H", "knock TC"]), versions)
def test_asking_button_round_trip(match_id: int, act: str, version: int) -> None:
    cid = ids.ask_id(match_id, act, version)
    assert cid == f"gin:{match_id}:ask.{act.replace(' ', '.')}:{version}"
    assert ids.parse_ask(cid) == ids.MoveId(match_id, act.replace(" ", "."), version)
    assert ids.parse_button(cid) is None and matching(cid) == [ids.ASK_RE]
    assert ids.button_id(match_id, act, version) == cid.replace(":ask.", ":")  # the question's own button


@given(match_ids, st.one_of(st.sampled_from(ids.LEGACY_MENUS), menus), versions)
def test_select_round_trip(match_id: int, menu: str, version: int) -> None:
    cid = ids.select_id(match_id, menu, version)
    assert ids.parse_select(cid) == ids.MenuId(match_id, menu, version)
    assert matching(cid) == [ids.SELECT_RE]


@given(match_ids, st.sampled_from(ids.BOARD_ACTIONS))
def test_board_round_trip(match_id: int, what: str) -> None:
    cid = ids.board_id(match_id, what)
    assert ids.parse_board(cid) == ids.BoardId(match_id, what)
    assert matching(cid) == [ids.BOARD_RE]


@given(match_ids, st.sampled_from(ids.CHALLENGE_ACTIONS))
def test_challenge_round_trip(challenge: int, what: str) -> None:
    cid = ids.challenge_id(challenge, what)
    assert ids.parse_challenge(cid) == ids.ChallengeId(challenge, what)
    assert matching(cid) == [ids.CHALLENGE_RE]
    assert ids.is_challenge(cid)


@pytest.mark.parametrize(
    "cid,parsed",
    [  # ids as the previous version posted them
        ("gin:12:stock:31", ids.MoveId(12, "stock", 31)),
        ("gin:12:gin.7S:4", ids.MoveId(12, "gin.7S", 4)),
        ("gin:12:discard_pile:0", ids.MoveId(12, "discard_pile", 0)),
        ("gin:3:discard:9", ids.MenuId(3, "discard", 9)),
        ("gin:3:knock:9", ids.MenuId(3, "knock", 9)),
        ("gin:3:hand", ids.BoardId(3, "hand")),
        ("gin:3:resign_yes", ids.BoardId(3, "resign_yes")),
        ("gin:3:cancel", ids.BoardId(3, "cancel")),
        ("ginc:8:accept", ids.ChallengeId(8, "accept")),
        ("ginc:8:cancel", ids.ChallengeId(8, "cancel")),
    ],
)
def test_ids_of_the_previous_version_still_parse(cid: str, parsed: object) -> None:
    got = [p(cid) for p in (ids.parse_button, ids.parse_select, ids.parse_board, ids.parse_challenge)]
    assert [g for g in got if g is not None] == [parsed]
    assert ids.is_ours(cid)


def test_a_dotted_id_may_stand_for_either_spelling() -> None:
    assert ids.MoveId(1, "gin.7S", 0).text == "gin 7S"
    assert ids.MoveId(1, "stock", 0).text == "stock"
    with pytest.raises(ValueError):
        ids.button_id(1, "play 3.5", 0)  # spaces and dots in one text: the id could not say which


def test_builders_write_the_documented_formats() -> None:
    assert ids.button_id(12, "stock", 31) == "gin:12:stock:31"
    assert ids.button_id(12, "play 3", 1) == "gin:12:play.3:1"
    assert ids.select_id(3, "discard", 9) == "gin:3:discard:9"  # Gin's menus keep their ids
    assert ids.select_id(3, "cards", 9) == "gin:3:pick.cards:9"
    assert ids.board_id(3, "hand") == "gin:3:hand"
    assert ids.challenge_id(8, "accept") == "ginc:8:accept"


@pytest.mark.parametrize(
    "act", ["discard", "knock", "pick", "pick 3", "resign", "Stock", "3 play", "play  3", "play 3!", "", "ask knock 7H"]
)
def test_texts_that_are_not_buttons(act: str) -> None:
    with pytest.raises(ValueError):
        ids.button_id(1, act, 1)


@pytest.mark.parametrize(
    "cid",
    [
        "gin:0:stock:1",
        f"gin:{2**63}:stock:1",
        f"gin:1:stock:{10**9 + 1}",
        "gin:0:discard:1",
        f"gin:{2**63}:pick.x:1",
        "gin:0:hand",
        f"ginc:{2**63}:accept",
        "ginc:0:accept",
    ],
)
def test_out_of_range_numbers_are_not_ours(cid: str) -> None:
    assert ids.is_ours(cid)  # the format matches: discord.py dispatches it, and the item refuses it
    assert [p(cid) for p in (ids.parse_button, ids.parse_select, ids.parse_board, ids.parse_challenge)] == [None] * 4


def test_builders_refuse_out_of_range_and_long_ids() -> None:
    for bad in (
        lambda: ids.button_id(0, "stock", 1),
        lambda: ids.button_id(1, "stock", -1),
        lambda: ids.select_id(2**63, "discard", 1),
        lambda: ids.board_id(0, "hand"),
        lambda: ids.challenge_id(0, "accept"),
        lambda: ids.button_id(1, "play " + "x" * 100, 1),
        lambda: ids.select_id(1, "bad menu", 1),
        lambda: ids.board_id(1, "stock"),
        lambda: ids.challenge_id(1, "resign"),
    ):
        with pytest.raises(ValueError):
            bad()


@pytest.mark.parametrize(
    "cid",
    [
        "gin:1:stock",
        "gin:1:stock:",
        "gin:x:stock:1",
        "gin:1:discard 7H:1",
        "gin:1:resign:1",
        "ginc:1:resign",
        "gin:1:knock:1:2",
        "gin:-1:stock:1",
        "xgin:1:stock:1",
        "gin:1:pick:1",
        "gin:1:pick.:1",
        "gin:1:Stock:1",
        "gin:1:stock:1x",
        "gin:1:ask.resign:1",
        "gin:1:ask:1",
    ],
)
def test_forged_ids_are_no_moves(cid: str) -> None:
    assert ids.parse_button(cid) is None
    assert ids.parse_select(cid) is None
    assert ids.parse_board(cid) is None or cid.count(":") == 2
    assert ids.parse_ask(cid) is None


@pytest.mark.parametrize(
    "value,expected",
    [
        ("discard 7H", "discard 7H"),
        ("knock 7H", "knock 7H"),
        ("play 3", "play 3"),
        ("stock", "stock"),
        ("play.3", "play.3"),
        ("resign", None),
        ("", None),
        ("discard  7H", None),
        ("Discard 7H", None),
        ("discard 7H;", None),
        ("play " + "1" * 100, None),
    ],
)
def test_select_values_are_action_texts(value: str, expected: str | None) -> None:
    assert ids.parse_value(value) == expected


def test_history_page_ids_with_and_without_filters() -> None:
    import re

    from cogs.gin.lookback import PAGE_RE

    old = re.fullmatch(PAGE_RE, "gin:hist:42:17")  # a button posted before the filters existed
    assert old is not None and old["user"] == "42" and old["before"] == "17" and old["game"] is None
    new = re.fullmatch(PAGE_RE, "gin:hist:42:17:knockout:3")
    assert new is not None and new["game"] == "knockout" and new["seats"] == "3"
    assert re.fullmatch(PAGE_RE, "gin:hist:42:17:gin:") is not None  # a game without a table size
    assert len("gin:hist:" + "9" * 20 + ":" + "9" * 19 + ":" + "x" * 20 + ":6") <= 100  # Discord's custom_id limit
