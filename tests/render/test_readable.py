"""Pictures that read at 550 px, show only public cards, look like the reference drawing, and
whose text alternative can stand in for them (text-only players).

Discord shows a picture at most about 550 px wide (phones, chat): every public picture is at
most 550 layout units wide (1,100 px at scale 2) and no text in it is smaller than 11 px
once shown that wide. render.draw records every text a picture draws (Canvas.text, and the
index of every card pasted), so these tests see the size of each one.
"""

import io
import re

import pytest
from PIL import Image

from bot.engine.gin import Match, public_view, seat_view
from bot.engine.knock import preset
from render import Style, alt_hand, alt_table, render_hand, render_match_end, render_result, render_table
from render.gin.hand import hand_groups
from render.gin.words import status_line
from render.kit import style as S
from render.kit.draw import MIN_SHOWN_PX, SHOWN_WIDTH, recording, reference_drawing, shown_px
from render.kit.palette import palette_for
from render.kit.words import cards_text

from .helpers import count_near, first_hand, play_until, rgb, step
from .test_png import changed_pixels

LONG = ("Maximiliana Wolfeschlegelsteinhausenberger", "Bartholomew-Fitzgerald Ørsted-Kowalczyk")


def _mid_hand(variant: str, seed: int = 4, turns: int = 6):
    m = Match.new(preset(variant), seed)
    for _ in range(turns):
        step(m, "never")
    return m


@pytest.fixture(scope="module")
def public_pictures(
    draw_pair,
    knock_view,
    plain_knock_view,
    gin_view,
    undercut_view,
    drawn_view,
    end_view,
    hollywood_end_view,
    resigned_view,
    names,
):
    """(name, function drawing it) for every kind of public picture."""
    _, _, m = draw_pair
    hollywood = _mid_hand("hollywood")
    offer = public_view(Match.new(preset("oklahoma"), 2))
    hollywood_result = first_hand("knock", variant="hollywood")
    s0 = Style()
    cases = {
        "table": lambda n, st=s0: render_table(public_view(m), n, st),
        "table-hollywood": lambda n, st=s0: render_table(public_view(hollywood), n, st),
        "table-offer": lambda n, st=s0: render_table(offer, n, st),
        "table-after-a-knock": lambda n, st=s0: render_table(knock_view, n, st),
        "table-match-over": lambda n, st=s0: render_table(end_view, n, st),
        "result-knock-lay-offs": lambda n, st=s0: render_result(knock_view, n, st),
        "result-knock": lambda n, st=s0: render_result(plain_knock_view, n, st),
        "result-gin": lambda n, st=s0: render_result(gin_view, n, st),
        "result-undercut": lambda n, st=s0: render_result(undercut_view, n, st),
        "result-drawn": lambda n, st=s0: render_result(drawn_view, n, st),
        "result-hollywood": lambda n, st=s0: render_result(hollywood_result, n, st),
        "match-end": lambda n, st=s0: render_match_end(end_view, n, st, rating_changes={0: 12, 1: -12}),
        "match-end-hollywood": lambda n, st=s0: render_match_end(
            hollywood_end_view, n, st, rating_changes={0: 9, 1: -9}
        ),
        "match-end-resigned": lambda n, st=s0: render_match_end(resigned_view, n, st),
    }
    return cases


def _drawn(fn, names):
    with recording() as canvases:
        image = fn(names)
    return image, canvases[-1]


def _too_small(canvas, width):
    return [
        (t.text, t.size_px, round(shown_px(t.size_px, width), 1))
        for t in canvas.texts
        if shown_px(t.size_px, width) < MIN_SHOWN_PX
    ]


@pytest.mark.parametrize("who", ["short", "long"])
def test_public_pictures_fit_550_px_and_every_text_reads(public_pictures, names, who):
    shown = names if who == "short" else LONG
    for name, fn in public_pictures.items():
        image, canvas = _drawn(fn, shown)
        assert image.width <= 2 * SHOWN_WIDTH, f"{name} is {image.width} px wide"
        assert canvas.texts, name
        assert not _too_small(canvas, image.width), f"{name}: text under {MIN_SHOWN_PX} px at 550 px wide"


def test_the_measure_fails_for_small_text_in_a_wide_picture():
    assert shown_px(30, 1600) < MIN_SHOWN_PX  # the old result picture's score line
    assert shown_px(22, 1100) == MIN_SHOWN_PX and shown_px(11, 400) == 11


@pytest.mark.parametrize(
    "style",
    [
        Style(scale=1),
        Style(scale=3),
        Style(size="small"),
        Style(size="large"),
        Style(four_colour=True, size="large", scale=1),
    ],
)
def test_every_scale_and_card_size_keeps_the_limits(public_pictures, names, style):
    for name, fn in public_pictures.items():
        with recording() as canvases:
            image = fn(LONG, style)
        assert image.width <= style.scale * SHOWN_WIDTH, f"{name} at {style.slug}: {image.width} px"
        assert not _too_small(canvases[-1], image.width), f"{name} at {style.slug}"


def _rigged(mine: str, theirs: str = "9C 9D 9H JD QD KD 2C 2D 3D 5D"):
    from bot.engine.knock import Phase
    from tests.engine.rig import rig

    m = Match.new(preset("standard"), 3)
    rig(m, 0, mine, theirs, phase=Phase.DISCARD if len(mine.split()) == 11 else Phase.DRAW)
    return seat_view(m, 0)


CROWDED = [
    "AS 2S 3S 4H 5H 6H 8C 8D 8S KC QD",  # three melds and deadwood: four groups of 11 cards
    "AS 2S 3S 4H 5H 6H 8C 8D 8S KC",
    "2C 4D 6H 8S TC QD KH 3S 5C 7D JH",  # eleven cards of deadwood, one group
    "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS",  # one run of eleven
]


def test_private_hands_read_too_and_keep_within_1100_px(names):
    """Every hand the mover holds in a few seeded hands, and the most crowded hands there are."""
    views = [_rigged(hand) for hand in CROWDED]
    for seed in (1, 2, 3):
        m = Match.new(preset("standard"), seed)
        while not m.history and not m.finished:
            assert m.turn is not None
            views.append(seat_view(m, m.turn))
            step(m, "gin")
    for v in views:
        for style in (Style(), Style(size="large"), Style(size="small", scale=1)):
            with recording() as canvases:
                image = render_hand(v, names, style)
            assert image.width <= style.scale * SHOWN_WIDTH, (cards_text(v.hand), style.slug, image.width)
            assert not _too_small(canvases[-1], image.width)
    assert len(hand_groups(views[0])) == 4


def test_a_crowded_hand_overlaps_more_before_it_takes_two_rows(draw_pair, names):
    from render.gin.hand import hand_layout

    _, after, _ = draw_pair
    width, _, placed = hand_layout(after)
    assert len(after.hand) == 11 and width <= 1100
    rows = {p.card_top for p in placed}
    if len(placed) <= 2:
        assert len(rows) == 1  # two groups of 11 cards fit one row
    crowded = _rigged(CROWDED[0])
    width, _, placed = hand_layout(crowded)
    assert width <= 1100 and len({p.card_top for p in placed}) == 2  # four groups: two rows
    large = hand_layout(_rigged(CROWDED[2]), Style(size="large"))
    assert large[0] <= 1100 and len({p.card_top for p in large[2]}) == 2  # eleven large cards: two rows


def test_finished_hands_show_no_turn(knock_view, gin_view, undercut_view, end_view, names):
    turn_words = ("▶", "to draw", "to discard", "Your turn", "to play", "upcard offer")
    for view in (knock_view, gin_view, undercut_view, end_view):
        _, canvas = _drawn(lambda n, v=view: render_result(v, n), names)
        assert not [t.text for t in canvas.texts if any(w in t.text for w in turn_words)]
    # the table of a finished match: no row lit, nobody 'to play'
    image, canvas = _drawn(lambda n: render_table(end_view, n), names)
    assert not [t.text for t in canvas.texts if "▶" in t.text]
    im = rgb(image.png)
    assert count_near(im, (0, 0, im.width, im.height), S.NEW_COLOUR, tol=10) == 0
    assert "to draw" not in image.alt and "to discard" not in image.alt
    assert f"The match is over: {names[end_view.winner]} won." in image.alt


def test_result_lines_say_what_each_number_is(knock_view, gin_view, undercut_view, names):
    record = knock_view.last_hand
    r = record.result
    k, d = names[record.knocker], names[1 - record.knocker]
    _, canvas = _drawn(lambda n: render_result(knock_view, n), names)
    texts = [t.text for t in canvas.texts]
    assert f"{k} knocked with {r.knocker_deadwood_points} deadwood" in texts
    laid = cards_text(c for c, _ in r.defender_layoffs)
    assert f"{d}: {r.defender_deadwood_points} deadwood after laying off {laid}" in texts
    assert f"{names[record.winner]} scores {record.points}" in texts
    gin = gin_view.last_hand
    _, canvas = _drawn(lambda n: render_result(gin_view, n), names)
    assert f"{names[gin.knocker]} went gin" in [t.text for t in canvas.texts]
    _, canvas = _drawn(lambda n: render_result(undercut_view, n), names)
    u = undercut_view.last_hand
    assert f"undercut: {names[u.winner]} scores {u.points}" in [t.text for t in canvas.texts]
    # no bare numbers: every number outside the card labels, the title and the match line says what it is
    for view in (knock_view, gin_view, undercut_view):
        _, canvas = _drawn(lambda n, v=view: render_result(v, n), names)
        for t in canvas.texts:
            if t.text.startswith(("Hand ", "Match:", "RUN", "SET", "DEADWOOD")) or t.text.endswith(" index"):
                continue
            for number in re.finditer(r"\d+", t.text):
                after = t.text[number.end() :]
                before = t.text[: number.start()]
                if after[:1] in "♠♥♦♣" and after:  # a card
                    continue
                assert after.startswith(" deadwood") or before.endswith("scores "), t.text


def test_public_pictures_show_only_public_cards(public_pictures, draw_pair, knock_view, end_view, names):
    _, _, m = draw_pair
    view = public_view(m)
    _, canvas = _drawn(lambda n: render_table(view, n), names)
    assert [card for card, _ in canvas.cards] == [view.discard_top]
    hidden = set(m.hand.hands[0]) | set(m.hand.hands[1])
    assert view.discard_top not in hidden
    r = knock_view.last_hand.result
    laid_down = {c for meld in r.knocker_melds + r.defender_melds for c in meld}
    laid_down |= set(r.knocker_deadwood) | set(r.defender_deadwood) | {c for c, _ in r.defender_layoffs}
    _, canvas = _drawn(lambda n: render_result(knock_view, n), names)
    assert {card for card, _ in canvas.cards} == laid_down
    _, canvas = _drawn(lambda n: render_match_end(end_view, n), names)
    assert canvas.cards == []


def test_palette_pictures_look_like_the_reference_drawing(public_pictures, draw_pair, names):
    """The palette canvas against the old RGB drawing (Pillow antialiasing, octree quantise)."""
    cases = dict(public_pictures)
    cases["hand"] = lambda n: render_hand(draw_pair[1], n)
    cases["hand-4colour-1x"] = lambda n: render_hand(draw_pair[1], n, Style(four_colour=True, scale=1))
    for name, fn in cases.items():
        new = rgb(fn(names).png)
        with reference_drawing():
            ref = rgb(fn(names).png)
        assert new.size == ref.size
        assert changed_pixels(new, ref, tol=32) <= 0.001 * new.width * new.height, name


def test_every_colour_drawn_is_in_the_palette(public_pictures, draw_pair, names):
    for four in (False, True):
        palette_for(four).misses.clear()
    for fn in public_pictures.values():
        fn(names)
    for style in (Style(), Style(four_colour=True), Style(size="large", scale=1)):
        render_hand(draw_pair[1], names, style)
        render_table(public_view(draw_pair[2]), names, style)
    assert not palette_for(False).misses and not palette_for(True).misses
    assert len(palette_for(False).colours) <= 256 and len(palette_for(True).colours) <= 256
    im = Image.open(io.BytesIO(render_hand(draw_pair[1], names).png))
    assert im.mode == "P"


# -- the text alternative stands in for the picture (text-only mode) --------------------------------


def test_hand_text_alone_tells_melds_deadwood_the_new_card_and_the_moves(
    draw_pair, can_knock_view, can_gin_view, names
):
    _, after, _ = draw_pair
    alt = alt_hand(after, names)
    arr = after.arrangement
    for meld in arr.melds:
        assert all(c.pretty in alt for c in meld)
    assert f"Deadwood {arr.deadwood_points}: {cards_text(arr.deadwood)}." in alt
    assert f"New card: {after.drawn.pretty}." in alt
    assert alt.endswith(status_line(after, names) + ".")
    card, dw = can_knock_view.best_knock
    knock = alt_hand(can_knock_view, names)
    assert f"You can knock: discard {card.pretty} to keep {dw} deadwood (limit {can_knock_view.knock_limit})." in knock
    assert "You can go gin." in alt_hand(can_gin_view, names)
    waiting = seat_view(draw_pair[2], 1 - after.seat)
    assert alt_hand(waiting, names).endswith(f"Waiting for {names[after.seat]} (to discard).")


def test_table_text_alone_tells_piles_scores_whose_turn_and_the_last_turn(draw_pair, names):
    _, _, m = draw_pair
    view = public_view(m)
    alt = alt_table(view, names)
    assert f"hand {view.deal_number}: knock with {view.knock_limit} or less, to {view.rules.target} points." in alt
    assert f"Stock: {view.stock_count} cards." in alt
    assert view.discard_top is not None
    assert f"Discard pile: {view.discard_count} cards, top {view.discard_top.pretty}." in alt
    for seat in (0, 1):
        assert f"{names[seat]}: {view.totals[seat]} points, {view.card_counts[seat]} cards" in alt
    doing = {"draw": "to draw", "discard": "to discard", "offer": "may take the upcard or pass"}[view.phase]
    assert re.search(rf"{names[view.turn]}: [^.]*{doing}\.", alt)
    assert "Last turn: " in alt
    hollywood = public_view(_mid_hand("hollywood"))
    assert "by game 0, 0, 0" in alt_table(hollywood, names)


def test_a_finished_match_leaves_no_new_card_or_badge_in_the_hand(names):
    m = Match.new(preset("standard"), 5)
    play_until(m, lambda m: m.finished)
    v = seat_view(m, 0)
    assert v.finished
    with recording() as canvases:
        image = render_hand(v, names)
    texts = [t.text for t in canvases[-1].texts]
    assert "NEW" not in texts and not any(t.startswith(("can knock", "GIN")) for t in texts)
    assert "The match is over" in image.alt


def test_the_whole_text_alternative_is_kept_and_cut_only_for_a_description(draw_pair, names):
    from render import RenderedImage

    long = RenderedImage(png=b"", alt="word " * 400, filename="x.png", width=1, height=1)
    assert len(long.alt) == 2000 and len(long.description) == 1024 and long.description.endswith("…")
    image = render_hand(draw_pair[1], names)
    assert image.description == image.alt  # a hand's text is far shorter than the limit
