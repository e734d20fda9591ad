"""The bracket and standings pictures fit a phone in every format, size and language, match their golden
pictures, and carry the whole bracket or table in words as their text alternative."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest
from PIL import Image

from bot.i18n import PSEUDO, speaking
from bot.tournaments import (
    Entrant,
    Format,
    Tournament,
    award,
    bracket_view,
    finished,
    forfeit,
    pair_next_round,
    record,
    remove,
    standings,
    start,
)
from render import RenderedImage
from render.kit.draw import recording, shown_px
from render.tournament import bracket_words, render_bracket, render_standings, standings_words
from tests.render.helpers import rgb
from tests.render.test_png import MAX_CHANGED, TOLERANCE, changed_pixels

from .helpers import at_random, begin, config, higher_seed_wins, play_round

GOLDEN = Path(__file__).with_name("golden")
UPDATE = bool(os.environ.get("GIN_RENDER_UPDATE_GOLDEN"))
SMALLEST = 11.5  # px, the smallest text once Discord shows the picture 550 px wide


def _stages(fmt: Format, n: int, **kw: int) -> list[Tournament]:
    """A tournament at its start, after its first round, half-way and at its end (random results)."""
    rng = random.Random(n)
    t = begin(fmt, n, cap=256, **kw)
    seen = [t]
    while not finished(t):
        t = play_round(t, at_random(rng))
        seen.append(t)
    return [seen[0], seen[1], seen[len(seen) // 2], seen[-1]]


CASES = [
    (Format.SINGLE, 2, {}),
    (Format.SINGLE, 13, {}),
    (Format.SINGLE, 64, {}),
    (Format.DOUBLE, 8, {}),
    (Format.DOUBLE, 27, {}),
    (Format.ROUND_ROBIN, 5, {}),
    (Format.ROUND_ROBIN, 12, {}),
    (Format.SWISS, 16, {"rounds": 4}),
    (Format.SWISS, 61, {"rounds": 6}),
    (Format.TABLES, 10, {"rounds": 2, "seats": 4, "min_seats": 3}),
    (Format.TABLES, 30, {"rounds": 3, "seats": 6}),
]


def _fits(draw: RenderedImage, texts_px: list[int]) -> list[str]:
    problems = []
    if draw.width > 1100 or draw.height > draw.width:
        problems.append(f"{draw.filename} {draw.width}x{draw.height}")
    smallest = min(shown_px(size, draw.width, draw.height) for size in texts_px)
    if smallest < SMALLEST:
        problems.append(f"{draw.filename} text {smallest:.1f} px")
    return problems


@pytest.mark.parametrize("lang", ["en", "de", PSEUDO])
@pytest.mark.parametrize(("fmt", "n", "kw"), CASES, ids=[f"{f.value}{n}" for f, n, _ in CASES])
def test_every_picture_fits_a_phone(fmt: Format, n: int, kw: dict[str, int], lang: str) -> None:
    problems: list[str] = []
    with speaking(lang):
        for t in _stages(fmt, n, **kw):
            for which in ("bracket", "standings"):
                with recording() as canvases:
                    image = render_bracket(bracket_view(t)) if which == "bracket" else render_standings(standings(t))
                problems += _fits(image, [w.size_px for c in canvases for w in c.texts])
    assert not problems


def _golden_cases() -> dict[str, RenderedImage]:
    t = play_round(begin(Format.SINGLE, 13), higher_seed_wins)
    t = pair_next_round(t)
    t = record(t, (2, 1), [1], scores=[112, 80])
    t = forfeit(t, (2, 2), [5])
    t = award(t, (2, 3), [7], "2 did not show up")
    double = begin(Format.DOUBLE, 8)
    for _ in range(4):
        double = play_round(double, higher_seed_wins)
    rng = random.Random(5)
    swiss = begin(Format.SWISS, 30, rounds=5)
    for _ in range(3):
        swiss = play_round(swiss, at_random(rng))
    swiss = remove(swiss, 7)
    tables = play_round(begin(Format.TABLES, 10, rounds=2, seats=4, min_seats=3), at_random(rng))
    tables = pair_next_round(tables)
    return {
        "single13-bracket": render_bracket(bracket_view(t)),
        "double8-bracket": render_bracket(bracket_view(double)),
        "swiss30-standings": render_standings(standings(swiss)),
        "tables10-bracket": render_bracket(bracket_view(tables)),
        "tables10-standings": render_standings(standings(tables)),
    }


def test_golden_pictures(tmp_path: Path) -> None:
    """Compared by pixels with a small tolerance, as tests/render's are; after a deliberate change of the
    look, regenerate them: GIN_RENDER_UPDATE_GOLDEN=1 pytest tests/tournaments/test_pictures.py."""
    images = _golden_cases()
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        for name, image in images.items():
            Image.open(io.BytesIO(image.png)).save(GOLDEN / f"{name}.png", optimize=True)
    assert sorted(p.stem for p in GOLDEN.glob("*.png")) == sorted(images)
    changed = {}
    for name, image in images.items():
        new, old = rgb(image.png), Image.open(GOLDEN / f"{name}.png").convert("RGB")
        if new.size != old.size:
            changed[name] = f"size {old.size} -> {new.size}"
        elif (n := changed_pixels(new, old)) > MAX_CHANGED * new.width * new.height:
            changed[name] = f"{n} pixels differ by more than {TOLERANCE} levels"
        if name in changed:
            new.save(tmp_path / f"{name}-new.png")
    assert not changed, f"pictures changed: {changed} (new pictures in {tmp_path})"


def test_the_words_say_every_match_and_the_champion() -> None:
    t = play_round(begin(Format.SINGLE, 3), higher_seed_wins)
    t = pair_next_round(t)
    t = record(t, (2, 1), [1], scores=[130, 45])
    words = bracket_words(bracket_view(t))
    assert words.splitlines() == [
        "Single elimination",
        "Semi-finals:",
        "  P1: bye",
        "  1. P2 · 2. P3",
        "Final:",
        "  1. P1 130 · 2. P2 45",
        "Champion: P1",
    ]
    assert render_bracket(bracket_view(t)).alt == words


def test_forfeits_awards_and_removals_in_words() -> None:
    t = start(
        config(Format.SWISS, rounds=2), [Entrant(i, n, 1500 - i) for i, n in enumerate(["Ann", "Bo", "Cy", "Di"], 1)]
    )
    t = pair_next_round(t)  # Ann-Cy, Bo-Di
    t = forfeit(t, (1, 1), [1])
    t = award(t, (1, 2), [4], "Bo left early")
    lines = bracket_words(bracket_view(t)).splitlines()
    assert lines[2:] == ["  1. Cy · 2. Ann (forfeited by Ann)", "  1. Di · 2. Bo (awarded: Bo left early)"]
    t = remove(t, 2)
    table = standings_words(standings(t)).splitlines()
    assert table[0] == "Standings · Swiss"
    assert table[1:] == [
        "1. Cy: 1 point, won 1, lost 0; Buchholz 0",
        "2. Di: 1 point, won 1, lost 0; Buchholz 0",
        "3. Ann: 0 points, won 0, lost 1; Buchholz 1",
        "4. Bo (removed): 0 points, won 0, lost 1; Buchholz 1",
    ]


def test_a_long_table_says_how_many_more_players_there_are() -> None:
    t = play_round(begin(Format.SWISS, 60, rounds=3, cap=64), higher_seed_wins)
    with recording() as canvases:
        image = render_standings(standings(t))
    written = [w.text for c in canvases for w in c.texts]
    assert "and 36 more players" in written and image.alt.count("\n") == 60  # 24 rows shown
