from dataclasses import replace

from PIL import ImageChops

from bot.engine.gin import Match, PublicView, public_view, seat_view
from bot.engine.knock import ActionKind, preset
from render import Style, alt_table, describe_events, render_table
from render.gin import table as T
from render.kit import cards as C
from render.kit import style as S

from .helpers import count_near, rgb


def test_table_is_the_same_from_every_seat_so_it_holds_no_hidden_card(draw_pair, names):
    _, _, m = draw_pair
    public = render_table(public_view(m), names).png
    assert render_table(seat_view(m, 0), names).png == public
    assert render_table(seat_view(m, 1), names).png == public


def test_table_highlights_whose_turn_it_is(draw_pair, names):
    _, _after, m = draw_pair
    view = public_view(m)
    style = Style()
    im = rgb(render_table(view, names, style).png)
    px = style.px
    rows = [
        (
            px(T.INFO_LEFT - 10),
            px(T_TOP + s * (T.ROW_H + T.ROW_GAP)) - px(2),
            im.width,
            px(T_TOP + s * (T.ROW_H + T.ROW_GAP) + T.ROW_H) + px(2),
        )
        for s in (0, 1)
    ]
    lit = [count_near(im, box, S.NEW_COLOUR, tol=16) for box in rows]
    assert view.turn is not None
    assert lit[view.turn] > 300 and lit[1 - view.turn] == 0


T_TOP = 74  # rows_top of a one-game match (render/table.py)


def test_table_alt_text_names_piles_players_and_last_move(draw_pair, names):
    _, _, m = draw_pair
    view = public_view(m)
    alt = alt_table(view, names)
    assert f"Stock: {view.stock_count} cards." in alt
    assert view.discard_top is not None
    assert f"top {view.discard_top.pretty}" in alt
    assert f"{names[0]}: {view.totals[0]} points, {view.card_counts[0]} cards" in alt
    assert describe_events(view, names) in alt
    assert render_table(view, names).alt == alt


def _upcard_taken(then_discard: bool = False) -> PublicView:
    """The first turn once the non-dealer took the upcard: the discard pile is empty (until the discard)."""
    m = Match.new(preset("standard"), 3)
    seat = m.turn
    assert seat is not None
    m.apply(seat, next(a for a in m.legal_actions(seat) if a.kind is ActionKind.TAKE_UPCARD))
    if then_discard:
        m.apply(seat, next(a for a in m.legal_actions(seat) if a.kind is ActionKind.DISCARD))
    return public_view(m)


def _changed(a, b, box, tol=48):
    """Pixels in ``box`` that differ by more than ``tol`` on some channel (PNG colours vary a little)."""
    diff = ImageChops.difference(a.crop(box), b.crop(box)).convert("L")
    return diff.point(lambda v: 255 if v > tol else 0).histogram()[255]


def test_stock_count_and_empty_discard_pile_are_drawn(names):
    view = _upcard_taken()
    assert view.discard_top is None and view.discard_count == 0 and view.stock_count == 31
    style = Style()
    px = style.px
    cw, ch = C.size(style)
    y = px(T.PILE_TOP)  # the pile slots and the label line below them, as render/table.py places them
    stock_box = (px(T.MARGIN), y, px(T.MARGIN) + cw, y + ch)
    pile_box = (px(T.MARGIN + C.WIDTH + 30), y, px(T.MARGIN + C.WIDTH + 30) + cw, y + ch)
    label_box = (px(T.MARGIN), y + ch + px(5 * T.LAYER + 8), px(T.INFO_LEFT - 10), y + ch + px(5 * T.LAYER + 30))

    empty = render_table(view, names, style)
    im = rgb(empty.png)
    # the empty pile: no card in its slot, only the muted outline and its "empty" word
    assert count_near(im, pile_box, S.CARD, tol=8) == 0
    assert count_near(im, pile_box, S.MUTED, tol=16) > 200
    assert "Discard pile: empty." in empty.alt and "top " not in empty.alt
    # the stock: card backs in its slot, and its count in the label and the alt text
    assert count_near(im, stock_box, S.BACK, tol=24) > cw * ch // 2
    assert f"Stock: {view.stock_count} cards." in empty.alt
    fewer = rgb(render_table(replace(view, stock_count=7), names, style).png)
    assert _changed(fewer, im, label_box) > 30  # "STOCK · 7" is not "STOCK · 31": the number is drawn
    assert _changed(fewer, im, pile_box) == 0

    # the same slot with a card on the pile (after the discard) shows the card
    full = _upcard_taken(then_discard=True)
    assert full.discard_count == 1
    assert count_near(rgb(render_table(full, names, style).png), pile_box, S.CARD, tol=8) > cw * ch // 4
    # piles get thicker with more cards
    assert T._layers(31) > T._layers(3) >= 1 and T._layers(0) == 0


def test_rules_line_says_gin_only_when_no_knock_is_possible():
    ace_upcard = public_view(Match.new(preset("oklahoma"), 1))  # seed 1 turns up an ace
    assert ace_upcard.knock_limit == 0
    assert "gin only" in T._rules_line(ace_upcard) and "knock" not in T._rules_line(ace_upcard)
    assert "knock ≤ 10" in T._rules_line(public_view(Match.new(preset("standard"), 1)))
