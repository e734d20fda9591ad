"""Every picture of every game, table size and variant fits a phone.

Discord fits a picture into about 550 x 550 px: each picture (the table, every seat's hand, the
first scored hand's result, the match end) is at most 1,100 px wide at the default scale, no
taller than wide, and its smallest text is at least 11 px once fitted into that box. The
matches and pictures are those of ``python -m render`` and ``python -m bench.pictures``
(render/__main__.py); the measure is render.kit.draw.smallest_shown.
"""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, PSEUDO, speaking
from render import Style
from render.__main__ import NAMES, draws, play, tables
from render.kit.draw import MIN_SHOWN_PX, PUBLIC_MAX_UNITS, measured

TABLES = tables(every_variant=True)  # Gin's variants (Hollywood, Oklahoma, ...) at every size they allow
SEEDS = (3, 7)
KINDS = {"table", "hand", "result", "match-end"}


def test_every_game_size_and_gins_variants_are_here() -> None:
    games = {(game, seats) for game, seats, _ in TABLES}
    assert {("gin", n) for n in (2, 3, 4)} | {("knockout", n) for n in (2, 3, 4)} <= games
    assert {("colonel", 2), ("skarney", 2)} | {("rummy", n) for n in range(2, 7)} <= games
    assert ("gin", 2, "hollywood") in TABLES and ("gin", 4, "oklahoma") in TABLES


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game", "seats", "variant"), TABLES, ids=[f"{g}{n}-{v}" for g, n, v in TABLES])
def test_every_picture_fits_a_phone(game: str, seats: int, variant: str, seed: int) -> None:
    style = Style()
    moments = play(game, seats, variant, seed)
    drawn: set[str] = set()
    misfits = []
    for stem, draw in draws(game, moments, NAMES[:seats], style).items():
        image, text_px = measured(draw)
        assert image is not None, f"no {stem} picture"
        drawn.add(stem.split("-seat")[0])
        if image.width > style.px(PUBLIC_MAX_UNITS) or image.height > image.width or text_px < MIN_SHOWN_PX:
            misfits.append(f"{stem} {image.width}x{image.height}, smallest text {text_px:.1f} px")
    assert drawn == KINDS
    assert not misfits, f"{game} for {seats} ({variant}), seed {seed}: " + "; ".join(misfits)


@pytest.mark.parametrize("lang", [*LANGUAGES[1:], PSEUDO])
@pytest.mark.parametrize(("game", "seats", "variant"), TABLES, ids=[f"{g}{n}-{v}" for g, n, v in TABLES])
def test_every_picture_fits_a_phone_in_every_language(game: str, seats: int, variant: str, lang: str) -> None:
    """The same rules with every picture's words in another language (German and the pseudo-language,
    a third longer than English, write the longest labels)."""
    style = Style()
    with speaking(lang):
        moments = play(game, seats, variant, SEEDS[0])
        misfits = []
        for stem, draw in draws(game, moments, NAMES[:seats], style).items():
            image, text_px = measured(draw)
            assert image is not None, f"no {stem} picture"
            if image.width > style.px(PUBLIC_MAX_UNITS) or image.height > image.width or text_px < MIN_SHOWN_PX:
                misfits.append(f"{stem} {image.width}x{image.height}, smallest text {text_px:.1f} px")
    assert not misfits, f"{game} for {seats} ({variant}) in {lang}: " + "; ".join(misfits)
