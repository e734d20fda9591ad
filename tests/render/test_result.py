import pytest

from render import Style, alt_result, render_result
from render.gin.result import defender_groups, knocker_groups
from render.gin.words import hand_line
from render.kit import style as S

from .helpers import count_near, rgb


def _whole(im):
    return (0, 0, im.width, im.height)


def test_knock_result_marks_the_defenders_lay_offs(knock_view, plain_knock_view, names):
    r = knock_view.last_hand.result
    groups = knocker_groups(r)
    laid = {c for c, _ in r.defender_layoffs}
    marked = {m.card for g in groups for m in g.marks}
    assert marked == laid
    for card, idx in r.defender_layoffs:  # each lay-off sits on the meld the engine named
        assert card in groups[idx].cards and set(r.knocker_melds[idx]) <= set(groups[idx].cards)
    im = rgb(render_result(knock_view, names).png)
    assert count_near(im, _whole(im), S.LAYOFF_COLOUR, tol=12) > 300
    plain = rgb(render_result(plain_knock_view, names).png)
    assert count_near(plain, _whole(plain), S.LAYOFF_COLOUR, tol=12) == 0


def test_result_shows_both_hands_and_the_score_line(knock_view, names):
    record = knock_view.last_hand
    r = record.result
    shown_k = {c for g in knocker_groups(r) for c in g.cards}
    shown_d = {c for g in defender_groups(r) for c in g.cards}
    laid = {c for c, _ in r.defender_layoffs}
    assert shown_k == {c for m in r.knocker_melds for c in m} | set(r.knocker_deadwood) | laid
    assert shown_d == {c for m in r.defender_melds for c in m} | set(r.defender_deadwood)
    line = hand_line(record, names)
    knocker = names[record.knocker]
    assert line.startswith(f"{knocker} knocks with {r.knocker_deadwood_points} deadwood · ")
    assert f"{names[1 - record.knocker]}: {r.defender_deadwood_points} deadwood after laying off " in line
    assert line.endswith(f"{names[record.winner]} scores {record.points}")
    alt = alt_result(knock_view, names)
    assert line in alt and f"Match: {names[0]} {knock_view.totals[0]}" in alt


def test_gin_and_undercut_lines(gin_view, undercut_view, names):
    g = gin_view.last_hand
    assert hand_line(g, names).startswith(f"{names[g.knocker]} goes gin · ")
    assert not g.result.defender_layoffs
    u = undercut_view.last_hand
    line = hand_line(u, names)
    assert u.winner == 1 - u.knocker
    assert f"undercut: {names[u.winner]} scores {u.points}" in line


def test_every_outcome_renders(gin_view, undercut_view, drawn_view, names):
    for view in (gin_view, undercut_view, drawn_view):
        image = render_result(view, names, Style(four_colour=True))
        assert rgb(image.png).size == (image.width, image.height)
    assert "a draw, nobody scores" in render_result(drawn_view, names).alt


def test_result_before_any_hand_is_an_error(draw_pair, names):
    from bot.engine.gin import public_view

    with pytest.raises(ValueError):
        render_result(public_view(draw_pair[2]), names)


def test_long_rows_wrap_so_the_picture_stays_readable(knock_view, names):
    from render.gin.result import MAX_ROW, _wrap
    from render.kit.groups import row_width

    style = Style()
    groups = knocker_groups(knock_view.last_hand.result) * 3  # far wider than one line
    lines, strip = _wrap(groups, style)
    assert len(lines) > 1 and [g for line in lines for g in line] == groups
    assert all(row_width(line, style, strip) <= style.px(MAX_ROW) for line in lines)
    assert render_result(knock_view, names).width <= style.px(MAX_ROW + 2 * 16)
