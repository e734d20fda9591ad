"""View building: only DynamicItems, no timeout, Discord's 5 rows of 5, and exactly the engine's
legal moves offered (Gin's controls through its renderer, turned into buttons by control_items):
a draw button, one button per card to discard, knocks that ask first."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.engine import Card
from bot.engine.gin import Match, SeatView, seat_view
from bot.engine.knock import ActionKind, action, preset
from cogs.gin import components as ui
from cogs.gin.components import ids
from render import Control, renderer_for
from tests.engine.rig import rig

STANDARD = preset("standard")


def hand_view(sv: SeatView, match_id: int, version: int) -> discord.ui.View:
    return ui.hand_view(match_id, version, renderer_for("gin").controls(sv))


def dynamic(item: discord.ui.Item[Any]) -> discord.ui.DynamicItem[Any]:
    """A child of a view, which is always a DynamicItem (see the components docstring)."""
    assert isinstance(item, discord.ui.DynamicItem), item
    return item


def custom_ids(view: discord.ui.View) -> list[str]:
    return [dynamic(i).custom_id for i in view.children]


def offered(view: discord.ui.View) -> tuple[list[str], dict[str, list[str]]]:
    """(button action texts, menu name -> option values) of a hand view, via the custom_ids; a
    button that asks first counts as ``ask <action>``."""
    buttons: list[str] = []
    selects: dict[str, list[str]] = {}
    for item in view.children:
        assert isinstance(item, discord.ui.DynamicItem), item
        if isinstance(item, ui.MoveButton):
            assert item.move is not None
            buttons.append(item.move.text)
        elif isinstance(item, ui.AskButton):
            assert item.move is not None
            buttons.append("ask " + item.move.text)
        elif isinstance(item, ui.MoveSelect):
            assert item.menu is not None
            selects[item.menu.menu] = [o.value for o in item.item.options]
    return buttons, selects


def check_view_shape(view: discord.ui.View, match_id: int, version: int) -> None:
    assert view.timeout is None
    assert all(isinstance(i, ui.ITEMS) for i in view.children)  # never a plain item: see components docstring
    payload = view.to_components()
    assert len(payload) <= 5
    for row in payload:
        comps = row["components"]
        assert len(comps) <= 5 and (len(comps) == 1 or all(c["type"] == 2 for c in comps))  # a menu fills a row
        for comp in comps:
            cid = comp["custom_id"]
            assert len(cid) <= 100
            if not ids.BOARD_RE.fullmatch(cid):
                assert cid.startswith(f"gin:{match_id}:") and cid.endswith(f":{version}")
            if comp["type"] == 3:
                assert 1 <= len(comp["options"]) <= 25
                assert len({o["value"] for o in comp["options"]}) == len(comp["options"])


def check_matches_legal(sv: SeatView, view: discord.ui.View) -> None:
    """Every legal move is offered once (gin: the engine's first), nothing else; discards are plain
    buttons, knocks ask first (a button, or a choice of the knock menu that asks)."""
    buttons, selects = offered(view)
    legal = [str(a) for a in sv.legal]
    plain = [b for b in buttons if not b.startswith("ask ")]
    asking = [b.removeprefix("ask ") for b in buttons if b.startswith("ask ")]
    assert set(plain) <= set(legal) and set(asking) <= set(legal)
    assert sorted(b for b in plain if b.startswith("discard ")) == sorted(a for a in legal if a.startswith("discard "))
    knocks = [a for a in legal if a.startswith("knock ")]
    assert sorted(asking + selects.get("knock", [])) == sorted(knocks)
    assert set(selects) <= {"knock"}
    gins = [a for a in legal if a.startswith("gin ")]
    assert [b for b in plain if b.startswith("gin ")] == gins[:1]
    assert ("big_gin" in plain) == ("big_gin" in legal)
    draws = [a for a in legal if a in ("take", "pass", "stock", "discard_pile")]
    assert sorted(b for b in plain if b in ("take", "pass", "stock", "discard_pile")) == sorted(draws)
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
            assert seat is not None
            m.apply(seat, rnd.choice(m.legal_actions(seat)))
        for seat in (0, 1):
            sv = seat_view(m, seat)
            view = hand_view(sv, 7, m.moves)
            check_view_shape(view, 7, m.moves)
            check_matches_legal(sv, view)
            positions += 1
    assert positions == 80


def test_an_ordinary_turn_is_two_clicks() -> None:
    """A draw button, then one button per card: the card and the deadwood its discard leaves, best first."""
    m = Match.new(STANDARD, 3)
    while m.hand.phase != "draw":
        assert m.turn is not None
        m.apply(m.turn, next(a for a in m.legal_actions(m.turn) if a.kind is ActionKind.PASS))
    assert m.turn is not None
    sv = seat_view(m, m.turn)
    buttons, selects = offered(hand_view(sv, 1, m.moves))
    assert not selects and "stock" in buttons  # one click to draw
    m.apply(m.turn, next(a for a in m.legal_actions(m.turn) if a.kind is ActionKind.DRAW_STOCK))
    assert m.turn is not None
    sv = seat_view(m, m.turn)
    view = hand_view(sv, 1, m.moves)
    cards = [
        i
        for i in view.children
        if isinstance(i, ui.MoveButton) and i.move is not None and i.move.text.startswith("discard ")
    ]
    assert len(cards) == 11 and not [i for i in view.children if isinstance(i, ui.MoveSelect)]  # one click to discard
    dw = dict(sv.discard_options)

    def card_of(button: ui.MoveButton) -> Card:
        """The card of the legal discard a button plays."""
        assert button.move is not None
        card = next(a.card for a in sv.legal if str(a) == button.move.text)
        assert card is not None
        return card

    left = [dw[card_of(i)] for i in cards]
    assert left == sorted(left)  # best first
    first = card_of(cards[0])
    assert cards[0].item.label == f"{first.pretty} · leaves {dw[first]}"
    assert {i.item.style for i in cards} == {discord.ButtonStyle.secondary}
    assert [len(r["components"]) for r in view.to_components()] == [5, 5, 1]
    # hints off (/gin style hints: False): the card alone, the same moves
    plain = ui.hand_view(1, m.moves, renderer_for("gin").controls(sv), hints=False)
    labels = [i.item.label for i in plain.children if isinstance(i, ui.MoveButton)]
    assert first.pretty in labels and not [x for x in labels if "leaves" in (x or "")]
    assert offered(plain) == offered(view)


def test_knocks_ask_first_and_stand_apart() -> None:
    m = Match.new(STANDARD, 1)
    rig(m, 0, "AS 2S 3S 7H 7D 7C 4D 5D 6D 2C KS", "4S 5S 6S 8H 8D 8C JS JD 3C 6H")
    sv = seat_view(m, 0)
    view = hand_view(sv, 1, 3)
    check_view_shape(view, 1, 3)
    check_matches_legal(sv, view)
    asks = [i for i in view.children if isinstance(i, ui.AskButton)]
    knocks = [a for a in sv.legal if a.kind is ActionKind.KNOCK]
    assert asks and len(asks) == min(len(knocks), 5)
    assert all(
        i.item.style is discord.ButtonStyle.danger and i.item.label is not None and i.item.label.startswith("Knock")
        for i in asks
    )
    assert all(i.custom_id.startswith("gin:1:ask.knock.") for i in asks)
    rows = {
        i.custom_id: r
        for r, row in enumerate(view.to_components())
        for c in row["components"]
        for i in map(dynamic, view.children)
        if i.custom_id == c["custom_id"]
    }
    assert {rows[i.custom_id] for i in asks} == {3}  # a row of their own, under the cards
    assert sv.best_knock is not None
    best, dw = sv.best_knock
    control = next(c for c in renderer_for("gin").controls(sv) if c.action == f"knock {best}")
    assert control.confirm is not None and f"{dw} deadwood" in control.confirm and best.pretty in control.confirm
    # the question: the move's own button, and Cancel back to the hand
    ask = ui.confirm_view(1, 3, control)
    assert custom_ids(ask) == [f"gin:1:knock.{best}:3", "gin:1:hand"]
    assert dynamic(ask.children[1]).item.label == "Cancel"


def test_more_knocks_than_fit_go_to_a_menu_that_asks() -> None:
    m = Match.new(STANDARD, 1)
    rig(m, 0, "AS 2S 3S 7H 7D 7C 4D 5D 6D 2C KS", "4S 5S 6S 8H 8D 8C JS JD 3C 6H")
    sv = seat_view(m, 0)
    cards = [c for c, _ in sv.discard_options]
    every = tuple(a for a in sv.legal if a.kind is ActionKind.DISCARD) + tuple(
        action(ActionKind.KNOCK, c) for c in cards
    )
    many = replace(sv, legal=every)
    controls = renderer_for("gin").controls(many)
    assert sum(1 for c in controls if c.menu == "knock") == len(cards) - 5
    assert all(c.confirm for c in controls if c.action.startswith("knock "))
    view = hand_view(many, 1, 3)
    check_view_shape(view, 1, 3)
    assert "gin:1:knock:3" in custom_ids(view)  # the knock menu keeps its older id


def test_gin_and_big_gin_buttons() -> None:
    m = Match.new(STANDARD, 1)
    rig(m, 0, "AS 2S 3S 4S 7H 7D 7C 4D 5D 6D KS", "5S 6S 8S 8H 8D 8C JS JD 3C 6H")
    sv = seat_view(m, 0)
    buttons, _ = offered(hand_view(sv, 1, 0))
    assert "gin KS" in buttons and "big_gin" not in buttons  # gin plays at once: nothing beats it
    m2 = Match.new(STANDARD, 1)
    rig(m2, 0, "AS 2S 3S 4S 7H 7D 7C 4D 5D 6D 7S", "5S 6S 8S 8H 8D 8C JS JD 3C 6H")
    buttons2, _ = offered(hand_view(seat_view(m2, 0), 1, 0))
    assert "big_gin" in buttons2


def test_not_your_turn_offers_only_refresh() -> None:
    m = Match.new(STANDARD, 3)
    assert m.turn is not None
    view = hand_view(seat_view(m, 1 - m.turn), 9, m.moves)
    assert custom_ids(view) == ["gin:9:hand"]


def test_layout_keeps_discords_limits() -> None:
    assert ui.layout([(0, False)] * 7) == [0, 0, 0, 0, 0, 1, 1]
    assert ui.layout([(3, False), (3, True), (3, False)]) == [3, 4, 3]  # a menu takes a row of its own
    assert ui.layout([(4, True), (4, False)]) == [4, 0]
    with pytest.raises(ValueError):
        ui.layout([(0, True)] * 6)


def test_controls_become_buttons_and_one_select_per_menu() -> None:
    controls = [
        Control("draw", "Draw", row=0),
        Control("play 1", "Play 1", row=1, menu="cards", placeholder="Play a card…"),
        Control("pass", "Pass", style="secondary", row=0),
        Control("play 2", "Play 2", row=1, menu="cards"),
        Control("bid 3", "Bid three", style="success", row=2, menu="bids"),
    ]
    view = ui.controls_view(5, 2, controls)
    assert custom_ids(view) == [
        "gin:5:draw:2",
        "gin:5:pick.cards:2",
        "gin:5:pass:2",
        "gin:5:pick.bids:2",
    ]
    draw, cards, pass_, _ = view.children
    assert isinstance(cards, ui.MoveSelect) and isinstance(draw, ui.MoveButton) and isinstance(pass_, ui.MoveButton)
    assert [(o.label, o.value) for o in cards.item.options] == [("Play 1", "play 1"), ("Play 2", "play 2")]
    assert cards.item.placeholder == "Play a card…"
    assert pass_.item.style is discord.ButtonStyle.secondary and draw.item.label == "Draw"
    rows = view.to_components()
    assert [len(r["components"]) for r in rows] == [2, 1, 1]


def test_board_challenge_and_other_views() -> None:
    for view, expected in (
        (ui.board_view(4), ["gin:4:hand", "gin:4:resign", "gin:4:rules"]),
        (ui.rematch_view(4), ["gin:4:rematch"]),
        (ui.claim_view(4), ["gin:4:claim"]),
        (ui.resign_confirm_view(4), ["gin:4:resign_yes", "gin:4:cancel"]),
        (ui.challenge_view(11), ["ginc:11:accept", "ginc:11:decline"]),
    ):
        assert view.timeout is None
        assert custom_ids(view) == expected
        assert all(isinstance(i, ui.ITEMS) for i in view.children)


async def test_dynamic_items_rebuild_from_their_custom_id() -> None:
    """What discord.py does on a click: match the template, then from_custom_id(base item)."""
    m = Match.new(STANDARD, 2)
    assert m.turn is not None
    view = hand_view(seat_view(m, m.turn), 21, 5)
    k = Match.new(STANDARD, 1)
    rig(k, 0, "AS 2S 3S 7H 7D 7C 4D 5D 6D 2C KS", "4S 5S 6S 8H 8D 8C JS JD 3C 6H")
    knocks = hand_view(seat_view(k, 0), 21, 5)
    assert any(isinstance(i, ui.AskButton) for i in knocks.children)
    for item in map(
        dynamic,
        [
            *view.children,
            *knocks.children,
            *ui.board_view(21).children,
            *ui.challenge_view(3).children,
            *ui.resign_confirm_view(21).children,
        ],
    ):
        cls = type(item)
        match = cls.__discord_ui_compiled_template__.fullmatch(item.custom_id)
        assert match is not None
        rebuilt = await cls.from_custom_id(None, item.item, match)  # type: ignore[arg-type]
        assert rebuilt.custom_id == item.custom_id and type(rebuilt) is cls
        others = [c for c in ui.ITEMS if c is not cls and c.__discord_ui_compiled_template__.fullmatch(item.custom_id)]
        assert others == []  # the patterns are disjoint


async def test_an_out_of_range_id_rebuilds_as_an_item_that_refuses() -> None:
    """discord.py logs an error (and answers nothing) if from_custom_id raises: it must not."""
    cid = f"gin:{2**63}:stock:1"
    base: discord.ui.Button[discord.ui.View] = discord.ui.Button(label="x", custom_id=cid)
    match = ui.MoveButton.__discord_ui_compiled_template__.fullmatch(cid)
    assert match is not None
    item = await ui.MoveButton.from_custom_id(None, base, match)  # type: ignore[arg-type]
    assert item.move is None


def test_templates_are_full_matches() -> None:
    for cls in ui.ITEMS:
        pattern: re.Pattern[str] = cls.__discord_ui_compiled_template__
        assert pattern.fullmatch("gin:1:stock:1x") is None
