"""The table games' and Knockout's words are catalogue texts: drawn in the pseudo-language (every
text accented and bracketed), their pictures, text alternatives, status lines and controls keep
no English word; the rating chart's likewise (its title is the caller's)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from functools import partial

import pytest

from bot.ai import chooser_for, no_deadline
from bot.engine import game_type, next_actor
from bot.engine.knockout import KnockoutPublicView
from bot.i18n import PSEUDO, speaking
from render import RenderedImage, Style, renderer_for
from render.chart import rating_chart
from render.kit.draw import recording
from tests.narrow import narrow

NAMES = ("Alice", "Bob", "Carol", "Dave")
STYLE = Style(scale=1)
EVERY = 12  # the moves between two pictures of the table and the hands
_BRACKETED = re.compile(r"⟦[^⟦⟧]*⟧")
# A word the pseudo-language did not write: ASCII letters with a vowel, c or n, which it accents.
_ENGLISH = re.compile(r"\b[A-Za-z]*[aeiouycnAEIOUYCN][A-Za-z]*\b")
_CARD = re.compile(r"\b(?:10|[2-9AKQJ])[♠♥♦♣]")


def english_words(text: str, names: tuple[str, ...]) -> list[str]:
    """The English words of ``text`` outside the pseudo-language's brackets (the names and cards aside)."""
    while (bare := _BRACKETED.sub(" ", text)) != text:  # innermost first: a text inside another
        text = bare
    for name in names:
        text = text.replace(name, " ")
    return [w for w in _ENGLISH.findall(_CARD.sub(" ", text)) if len(w) > 1]


def _pictured(draw: Callable[[], RenderedImage | None]) -> Iterator[str]:
    """The text alternative and every text a picture draws (the cards' indices aside)."""
    with recording() as canvases:
        image = draw()
    if image is not None:
        yield image.alt
    for canvas in canvases:
        yield from (w.text for w in canvas.texts if not w.text.endswith(" index"))


def _table_game_words(game: str, seats: int, seed: int) -> Iterator[str]:
    kind = game_type(game)
    state = kind.new(kind.make_rules(kind.variants[0], None, ""), seed, seats)
    r = renderer_for(game)
    names = NAMES[:seats]
    choose, rng = chooser_for(game), random.Random(seed)
    with no_deadline():
        while not state.finished:
            public = state.public_view()
            yield r.describe(public, names)
            yield r.score_line(public, names)
            for seat in range(seats):
                view = state.seat_view(seat)
                yield r.status_line(view, names)
                yield r.hint(view)
                for c in r.controls(view):
                    yield from (c.label, c.placeholder or "", c.confirm or "")
            if state.moves % EVERY == 0:
                yield from _pictured(partial(r.table, public, names, STYLE))
                yield from _pictured(partial(r.result, public, names, STYLE))
                for seat in range(seats):
                    yield from _pictured(partial(r.hand, state.seat_view(seat), names, STYLE))
            seat = next_actor(state)
            state.apply(seat, choose(state.seat_view(seat), "easy", rng))
    end = state.public_view()
    yield from _pictured(lambda: r.result(end, names, STYLE))
    yield from _pictured(lambda: r.match_end(end, names, STYLE, {s: 5 - 3 * s for s in range(seats)}))


def _knockout_words(seats: int, seed: int) -> Iterator[str]:
    """Knockout's results and match end (its turn words and controls are Gin's, render.knock)."""
    kind = game_type("knockout")
    state = kind.new(kind.make_rules(kind.variants[0], None, ""), seed, seats)
    r = renderer_for("knockout")
    names = NAMES[:seats]
    choose, rng = chooser_for("knockout"), random.Random(seed)
    hands = 0
    with no_deadline():
        while not state.finished:
            seat = next_actor(state)
            state.apply(seat, choose(state.seat_view(seat), "easy", rng))
            public = narrow(state.public_view(), KnockoutPublicView)
            if public.hands_played != hands:
                hands = public.hands_played
                yield from _pictured(partial(r.result, public, names, STYLE))
                yield r.score_line(public, names)
    end = state.public_view()
    yield from _pictured(lambda: r.match_end(end, names, STYLE, {s: 5 - 3 * s for s in range(seats)}))


@pytest.mark.parametrize(("game", "seats"), [("colonel", 2), ("skarney", 2), ("rummy", 4)])
def test_the_table_games_write_no_english_word(game: str, seats: int) -> None:
    with speaking(PSEUDO):
        left = {text: english_words(text, NAMES) for text in _table_game_words(game, seats, seed=4)}
    assert not {text: words for text, words in left.items() if words}


def test_knockout_results_write_no_english_word() -> None:
    with speaking(PSEUDO):
        left = {text: english_words(text, NAMES) for text in _knockout_words(3, seed=4)}
    assert not {text: words for text, words in left.items() if words}


def test_the_rating_chart_writes_no_english_word() -> None:
    with speaking(PSEUDO):
        texts = list(_pictured(lambda: rating_chart([1000, 1012, 990], "⟦title⟧")))
    assert texts and not [t for t in texts if english_words(t, NAMES)]


def test_english_words_are_found() -> None:
    assert english_words("⟦Ýöür türñ⟧: draw from the stock", NAMES) == ["draw", "from", "the", "stock"]
    assert english_words("Alice: ⟦dréw fröm thé stöçk⟧ 8♣", NAMES) == []
    assert english_words("Ýöür türñ: dráw", NAMES) == []  # a drawn text loses the brackets the font lacks
