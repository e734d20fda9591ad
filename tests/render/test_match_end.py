from render import alt_match_end, render_match_end
from render.gin.match_end import _cells
from render.kit import style as S

from .helpers import count_near, rgb


def test_match_end_lists_each_games_bonuses(end_view, names):
    s = end_view.summary
    g = end_view.games[0]
    assert s is not None and g.finished
    winner = _cells(g, s.winner)
    assert winner[0] == str(g.scores[s.winner]) and winner[-1] == str(g.totals[s.winner])
    assert winner[3] == f"+{g.game_bonus}"
    assert _cells(g, s.loser)[3] == "–"
    alt = alt_match_end(end_view, names)
    assert alt.startswith(f"{names[s.winner]} wins the match {s.totals[s.winner]} to {s.totals[s.loser]}")
    assert f"game bonus {g.game_bonus}" in alt


def test_hollywood_has_three_columns_and_a_wider_sheet(end_view, hollywood_end_view, names):
    one = render_match_end(end_view, names)
    three = render_match_end(hollywood_end_view, names)
    assert len(hollywood_end_view.games) == 3
    assert three.width > one.width
    for i in (1, 2, 3):
        assert f"Game {i}:" in three.alt


def test_rating_changes_are_shown_when_given(end_view, names):
    plain = render_match_end(end_view, names)
    rated = render_match_end(end_view, names, rating_changes={0: 15.6, 1: -15.6})
    assert "Rating" not in plain.alt
    assert f"Rating: {names[0]} +16, {names[1]} −16." in rated.alt
    assert rated.height > plain.height
    by_name = render_match_end(end_view, names, rating_changes={names[1]: 3})
    assert f"Rating: {names[1]} +3." in by_name.alt


def test_a_resigned_match_says_so(resigned_view, names):
    image = render_match_end(resigned_view, names)
    assert f"{names[1]} resigned." in image.alt
    im = rgb(image.png)
    assert count_near(im, (0, 0, im.width, im.height // 6), S.SET_COLOUR) > 200  # the winner's title
