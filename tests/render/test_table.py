from bot.engine import public_view, seat_view
from render import Style, alt_table, describe_events, render_table
from render import style as S
from render import table as T

from .helpers import count_near, rgb


def test_table_is_the_same_from_every_seat_so_it_holds_no_hidden_card(draw_pair, names):
    _, _, m = draw_pair
    public = render_table(public_view(m), names).png
    assert render_table(seat_view(m, 0), names).png == public
    assert render_table(seat_view(m, 1), names).png == public


def test_table_highlights_whose_turn_it_is(draw_pair, names):
    _, after, m = draw_pair
    view = public_view(m)
    style = Style()
    im = rgb(render_table(view, names, style).png)
    px = style.px
    rows = [(px(T.INFO_LEFT - 10), px(T_TOP + s * (T.ROW_H + T.ROW_GAP)) - px(2), im.width,
             px(T_TOP + s * (T.ROW_H + T.ROW_GAP) + T.ROW_H) + px(2)) for s in (0, 1)]
    lit = [count_near(im, box, S.NEW_COLOUR, tol=16) for box in rows]
    assert lit[view.turn] > 300 and lit[1 - view.turn] == 0


T_TOP = 74  # rows_top of a one-game match (render/table.py)


def test_table_alt_text_names_piles_players_and_last_move(draw_pair, names):
    _, _, m = draw_pair
    view = public_view(m)
    alt = alt_table(view, names)
    assert f"Stock: {view.stock_count} cards." in alt
    assert f"top {view.discard_top.pretty}" in alt
    assert f"{names[0]}: {view.totals[0]} points, {view.card_counts[0]} cards" in alt
    assert describe_events(view, names) in alt
    assert render_table(view, names).alt == alt


def test_stock_count_and_empty_discard_pile_are_drawn(draw_pair, names):
    _, _, m = draw_pair
    view = public_view(m)
    assert view.stock_count > 0
    # piles get thicker with more cards
    assert T._layers(31) > T._layers(3) >= 1 and T._layers(0) == 0


def test_rules_line_says_gin_only_when_no_knock_is_possible():
    from bot.engine import Match, preset

    ace_upcard = public_view(Match.new(preset("oklahoma"), 1))  # seed 1 turns up an ace
    assert ace_upcard.knock_limit == 0
    assert "gin only" in T._rules_line(ace_upcard) and "knock" not in T._rules_line(ace_upcard)
    assert "knock ≤ 10" in T._rules_line(public_view(Match.new(preset("standard"), 1)))
