from bot.engine import Arrangement, deadwood_groups
from bot.engine.gin import Match, SeatView, seat_view
from bot.engine.knock import ActionKind, preset
from render import Style, alt_hand, render_hand
from render.gin.hand import badges, hand_groups, hand_layout
from render.kit import style as S
from render.kit.groups import Placed

from .helpers import count_near, rgb


def _arrangement(v: SeatView) -> Arrangement:
    assert v.arrangement is not None, "a seat view carries its hand's best arrangement"
    return v.arrangement


def _label_has_colour(im, p: Placed, colour) -> bool:
    return count_near(im, p.label_box, colour) > 20


def test_eleven_cards_make_a_wider_picture_than_ten(draw_pair, names):
    before, after, _ = draw_pair
    assert len(before.hand) == 10 and len(after.hand) == 11
    a, b = render_hand(before, names), render_hand(after, names)
    assert b.width > a.width
    assert rgb(b.png).size == (b.width, b.height)


def test_meld_labels_and_brackets_appear_where_the_engine_put_melds(names):
    from .helpers import seat_view_where

    view = seat_view_where(lambda v: len(_arrangement(v).melds) >= 1 and bool(_arrangement(v).deadwood))
    style = Style()
    image = render_hand(view, names, style)
    im = rgb(image.png)
    width, height, placed = hand_layout(view, style)
    assert (width, height) == im.size
    melds = [p for p in placed if not p.group.dim]
    assert [p.group.cards for p in melds] == list(_arrangement(view).melds)
    for p in melds:
        colour = S.SET_COLOUR if p.group.label.startswith("SET") else S.RUN_COLOUR
        assert _label_has_colour(im, p, colour)
        assert not _label_has_colour(im, p, S.DEADWOOD_COLOUR)
    dead = [p for p in placed if p.group.dim]
    assert len(dead) == 1 and dead[0].group.cards == _arrangement(view).deadwood
    assert _label_has_colour(im, dead[0], S.DEADWOOD_COLOUR)
    assert dead[0].group.label == f"DEADWOOD · {_arrangement(view).deadwood_points}"


def test_the_hand_shows_exactly_the_seats_own_cards(draw_pair, names):
    _, after, m = draw_pair
    _, _, placed = hand_layout(after)
    shown = [c for p in placed for c in p.group.cards]
    assert sorted(shown) == sorted(after.hand)
    other = set(m.hand.hands[1 - after.seat])
    alt = alt_hand(after, names)
    assert all(c.pretty in alt for c in after.hand)
    assert not any(f" {c.pretty}" in alt for c in other)


def test_the_card_just_drawn_is_marked_new(draw_pair, names):
    before, after, _ = draw_pair
    assert after.drawn is not None and before.drawn is None
    _, _, placed = hand_layout(after)
    group = next(p for p in placed if after.drawn in p.group.cards)
    left = group.card_lefts[group.group.cards.index(after.drawn)]
    im = rgb(render_hand(after, names).png)
    tag_box = (left, group.card_top - 50, left + 92, group.card_top)
    assert count_near(im, tag_box, S.NEW_COLOUR) > 200
    im_before = rgb(render_hand(before, names).png)
    assert count_near(im_before, (0, 0, im_before.width, im_before.height), S.NEW_COLOUR, tol=10) == 0
    assert f"New card: {after.drawn.pretty}." in alt_hand(after, names)


def test_badges_read_the_legal_moves(can_knock_view, can_gin_view, draw_pair):
    knock = badges(can_knock_view)
    assert knock[0][0].startswith("can knock · ")
    best = min(
        dw
        for card, dw in can_knock_view.discard_options
        if any(a.kind is ActionKind.KNOCK and a.card == card for a in can_knock_view.legal)
    )
    assert knock[0][0] == f"can knock · {best}"
    assert badges(can_gin_view)[0][0] == "GIN"
    before = draw_pair[0]
    texts = [t for t, _, _ in badges(before)]
    assert texts == [f"deadwood: {before.arrangement.deadwood_points}"]


def test_scale_one_is_half_the_size(draw_pair, names):
    _, after, _ = draw_pair
    big, small = render_hand(after, names, Style(scale=2)), render_hand(after, names, Style(scale=1))
    assert abs(big.width - 2 * small.width) <= 4 and abs(big.height - 2 * small.height) <= 4


def test_no_gin_badge_while_waiting_with_a_melded_hand():
    """Gin is declared on one's own discard: a fully melded hand during the other player's turn
    shows its deadwood (0) but no GIN badge."""
    from bot.engine.gin import Match, seat_view
    from bot.engine.knock import Phase, preset
    from tests.engine.rig import rig

    m = Match.new(preset("standard"), 3)
    rig(m, 1, "2C 5D 7H 9S JC KD 3H 6S 9D TC", "AS 2S 3S 4H 5H 6H 8C 8D 8S 8H", phase=Phase.DRAW)
    waiting = seat_view(m, 0)
    assert _arrangement(waiting).deadwood_points == 0 and not waiting.legal
    assert [t for t, _, _ in badges(waiting)] == ["deadwood: 0"]


def test_the_hand_picture_groups_deadwood_by_the_players_order() -> None:
    m = Match.new(preset("standard"), 3)
    view = seat_view(m, 0)
    assert view.arrangement is not None and len(view.arrangement.deadwood) > 2
    by_rank = hand_groups(view, Style())[-1].cards
    by_suit = hand_groups(view, Style(order="suit"))[-1].cards
    assert sorted(by_rank) == sorted(by_suit) == sorted(view.arrangement.deadwood)
    assert by_rank == tuple(c for g in deadwood_groups(view.arrangement.deadwood) for c in g)
    assert by_suit == tuple(c for g in deadwood_groups(view.arrangement.deadwood, "suit") for c in g)
