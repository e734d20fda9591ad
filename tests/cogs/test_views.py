"""View building: only DynamicItems, no timeout, and exactly the engine's legal moves offered."""

from __future__ import annotations

import random
import re

import discord

from bot.engine import ActionKind, Match, preset
from bot.engine.views import SeatView, seat_view
from cogs import components as ui
from cogs import ids
from tests.engine.rig import rig

STANDARD = preset("standard")


def offered(view: discord.ui.View) -> tuple[list[str], dict[str, list[str]]]:
    """(button action texts, select kind -> option values) of a hand view, via the custom_ids."""
    buttons: list[str] = []
    selects: dict[str, list[str]] = {}
    for item in view.children:
        assert isinstance(item, discord.ui.DynamicItem), item
        if isinstance(item, ui.MoveButton):
            buttons.append(str(item.action))
        elif isinstance(item, ui.MoveSelect):
            selects[item.kind] = [o.value for o in item.item.options]
    return buttons, selects


def check_view_shape(view: discord.ui.View, match_id: int, version: int) -> None:
    assert view.timeout is None
    assert all(isinstance(i, ui.ITEMS) for i in view.children)  # never a plain item: see components docstring
    payload = view.to_components()
    assert len(payload) <= 5
    for row in payload:
        for comp in row["components"]:
            cid = comp["custom_id"]
            assert len(cid) <= 100
            if not ids.BOARD_RE.fullmatch(cid):
                assert cid.startswith(f"gin:{match_id}:") and cid.endswith(f":{version}")
            if comp["type"] == 3:
                assert 1 <= len(comp["options"]) <= 25
                assert len({o["value"] for o in comp["options"]}) == len(comp["options"])


def check_matches_legal(sv: SeatView, view: discord.ui.View) -> None:
    buttons, selects = offered(view)
    legal = [str(a) for a in sv.legal]
    assert set(buttons) <= set(legal)
    assert selects.get("discard", []) and set(selects["discard"]) == {a for a in legal if a.startswith("discard ")} \
        or not any(a.startswith("discard ") for a in legal)
    assert set(selects.get("knock", [])) == {a for a in legal if a.startswith("knock ")}
    gins = [a for a in legal if a.startswith("gin ")]
    assert [b for b in buttons if b.startswith("gin ")] == gins[:1]
    assert ("big_gin" in buttons) == ("big_gin" in legal)
    draws = [a for a in legal if a in ("take", "pass", "stock", "discard_pile")]
    assert sorted(b for b in buttons if b in ("take", "pass", "stock", "discard_pile")) == sorted(draws)
    if not sv.legal:  # not this seat's turn: only the refresh button
        assert [type(i) for i in view.children] == [ui.BoardButton]


def test_random_play_every_offer_is_exactly_legal() -> None:
    """Over many random positions, the hand view offers precisely SeatView.legal (one gin button)."""
    rnd = random.Random(5)
    positions = 0
    for seed in range(40):
        m = Match.new(STANDARD, seed)
        for _ in range(rnd.randrange(1, 60)):
            if m.finished:
                break
            seat = m.turn
            choices = m.legal_actions(seat)
            m.apply(seat, rnd.choice(choices))
        for seat in (0, 1):
            sv = seat_view(m, seat)
            view = ui.hand_view(sv, 7, m.moves)
            check_view_shape(view, 7, m.moves)
            check_matches_legal(sv, view)
            positions += 1
    assert positions == 80


def test_discard_labels_carry_the_deadwood_after_that_discard() -> None:
    m = Match.new(STANDARD, 1)
    rig(m, 0, "AS 2S 3S 7H 7D 7C KS QD 9C 5H 2D", "4S 5S 6S 8H 8D 8C JS JD 3C 6H")
    sv = seat_view(m, 0)
    view = ui.hand_view(sv, 1, 0)
    select = next(i for i in view.children if isinstance(i, ui.MoveSelect) and i.kind == "discard")
    dw = dict(sv.discard_options)
    for opt in select.item.options:
        card = ids.parse_option(opt.value, "discard").card
        assert opt.label.endswith(f"deadwood {dw[card]}")
        assert card.pretty in opt.label
    # best first: the first option leaves the least deadwood
    first = ids.parse_option(select.item.options[0].value, "discard").card
    assert dw[first] == min(dw.values())


def test_knock_select_only_lists_knocks_within_the_limit() -> None:
    m = Match.new(STANDARD, 1)
    rig(m, 0, "AS 2S 3S 7H 7D 7C 4D 5D 6D 2C KS", "4S 5S 6S 8H 8D 8C JS JD 3C 6H")
    sv = seat_view(m, 0)
    view = ui.hand_view(sv, 1, 3)
    _, selects = offered(view)
    assert selects["knock"] == [str(a) for a in sv.legal if a.kind is ActionKind.KNOCK]
    dw = dict(sv.discard_options)
    for value in selects["knock"]:
        assert dw[ids.parse_option(value, "knock").card] <= sv.knock_limit
    check_matches_legal(sv, view)


def test_gin_and_big_gin_buttons() -> None:
    m = Match.new(STANDARD, 1)
    rig(m, 0, "AS 2S 3S 4S 7H 7D 7C 4D 5D 6D KS", "5S 6S 8S 8H 8D 8C JS JD 3C 6H")
    sv = seat_view(m, 0)
    buttons, _ = offered(ui.hand_view(sv, 1, 0))
    assert "gin KS" in buttons and "big_gin" not in buttons
    check_matches_legal(sv, ui.hand_view(sv, 1, 0))
    m2 = Match.new(STANDARD, 1)
    rig(m2, 0, "AS 2S 3S 4S 7H 7D 7C 4D 5D 6D 7S", "5S 6S 8S 8H 8D 8C JS JD 3C 6H")
    sv2 = seat_view(m2, 0)
    assert any(a.kind is ActionKind.BIG_GIN for a in sv2.legal)
    buttons2, _ = offered(ui.hand_view(sv2, 1, 0))
    assert "big_gin" in buttons2
    check_matches_legal(sv2, ui.hand_view(sv2, 1, 0))


def test_not_your_turn_offers_only_refresh() -> None:
    m = Match.new(STANDARD, 3)
    waiting = 1 - m.turn
    view = ui.hand_view(seat_view(m, waiting), 9, m.moves)
    assert [i.custom_id for i in view.children] == ["gin:9:hand"]


def test_board_challenge_and_other_views() -> None:
    for view, expected in (
        (ui.board_view(4), ["gin:4:hand", "gin:4:resign", "gin:4:rules"]),
        (ui.rematch_view(4), ["gin:4:rematch"]),
        (ui.claim_view(4), ["gin:4:claim"]),
        (ui.resign_confirm_view(4), ["gin:4:resign_yes"]),
        (ui.challenge_view(11), ["ginc:11:accept", "ginc:11:decline"]),
    ):
        assert view.timeout is None
        assert [i.custom_id for i in view.children] == expected
        assert all(isinstance(i, ui.ITEMS) for i in view.children)


async def test_dynamic_items_rebuild_from_their_custom_id() -> None:
    """What discord.py does on a click: match the template, then from_custom_id(base item)."""
    m = Match.new(STANDARD, 2)
    sv = seat_view(m, m.turn)
    view = ui.hand_view(sv, 21, 5)
    for item in view.children:
        cls = type(item)
        match = cls.__discord_ui_compiled_template__.fullmatch(item.custom_id)
        assert match is not None
        rebuilt = await cls.from_custom_id(None, item.item, match)  # type: ignore[arg-type]
        assert rebuilt.custom_id == item.custom_id
        assert type(rebuilt) is cls
        # no other registered pattern claims this id (patterns are disjoint)
        others = [c for c in ui.ITEMS if c is not cls and c.__discord_ui_compiled_template__.fullmatch(item.custom_id)]
        assert others == []


def test_templates_are_full_matches() -> None:
    for cls in ui.ITEMS:
        pattern: re.Pattern[str] = cls.__discord_ui_compiled_template__
        assert pattern.fullmatch("gin:1:stock:1x") is None
