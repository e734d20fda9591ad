"""Byte-identical output, the PNG itself, and golden pictures compared by pixels.

The golden pictures in tests/render/golden/ are compared with a small tolerance (text
rasterising may move a few edge pixels between Pillow versions): a few two-player Gin views,
and the table, a hand, a result and the match end of a seeded match (python -m render's) of
every game and table size. After a deliberate change of the look, regenerate them (and look at
the pictures; regenerating also removes golden pictures no test draws any more):
    GIN_RENDER_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render -q
"""

import io
import json
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.engine.gin import Match, public_view, seat_view
from render import RenderedImage, Style, render_hand, render_match_end, render_result, render_table
from render.__main__ import NAMES, pictures, play, tables
from render.kit.palette import palette_for

from .helpers import rgb

GOLDEN = Path(__file__).with_name("golden")
UPDATE = bool(os.environ.get("GIN_RENDER_UPDATE_GOLDEN"))
TOLERANCE = 8  # levels (of 255) a channel may differ by before a pixel counts as changed
MAX_CHANGED = 0.005  # share of pixels that may change
FIXED = (
    "hand-11-2colour",
    "hand-11-4colour",
    "table-2colour",
    "result-knock-4colour",
    "match-end-hollywood",
    "hand-11-1x",
)


def _images(draw_pair, knock_view, hollywood_end_view, names):
    _, after, m = draw_pair
    return {
        "hand-11-2colour": render_hand(after, names),
        "hand-11-4colour": render_hand(after, names, Style(four_colour=True)),
        "table-2colour": render_table(public_view(m), names),
        "result-knock-4colour": render_result(knock_view, names, Style(four_colour=True)),
        "match-end-hollywood": render_match_end(hollywood_end_view, names, rating_changes={0: 9, 1: -9}),
        "hand-11-1x": render_hand(after, names, Style(scale=1)),
    }


def changed_pixels(a: Image.Image, b: Image.Image, tol: int = TOLERANCE) -> int:
    """Pixels where some channel differs by more than ``tol``."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    r, g, bl = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), bl)
    return worst.point(lambda v: 255 if v > tol else 0).histogram()[255]


def test_same_view_same_bytes_even_from_a_restored_match(draw_pair, names):
    _, after, m = draw_pair
    restored = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    again = seat_view(restored, after.seat)
    assert render_hand(after, names).png == render_hand(again, names).png


def test_png_is_paletted_with_the_decks_palette_and_no_metadata(draw_pair, names):
    png = render_hand(draw_pair[1], names).png
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    chunks = []
    i = 8
    while i < len(png):
        length = int.from_bytes(png[i : i + 4], "big")
        chunks.append(png[i + 4 : i + 8])
        i += 12 + length
    assert b"tIME" not in chunks and b"tEXt" not in chunks and b"iTXt" not in chunks
    assert chunks[0] == b"IHDR" and chunks[-1] == b"IEND" and b"PLTE" in chunks
    im = Image.open(io.BytesIO(png))
    assert im.mode == "P"
    palette = im.getpalette()
    assert palette is not None and palette[: 3 * len(palette_for(False).colours)] == list(palette_for(False).data)


def test_sizes_stay_small(draw_pair, names):
    image = render_hand(draw_pair[1], names)
    assert len(image.png) < 40 * 1024
    assert rgb(image.png).size == (image.width, image.height)


def _check_golden(images: dict[str, RenderedImage], tmp_path: Path) -> None:
    """Compare the pictures with their golden files by pixels (or write them: GIN_RENDER_UPDATE_GOLDEN=1)."""
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        for name, image in images.items():
            im = Image.open(io.BytesIO(image.png))
            im.save(GOLDEN / f"{name}.png", optimize=True)  # smallest file: only the pixels matter
    missing = [name for name in images if not (GOLDEN / f"{name}.png").exists()]
    assert not missing, f"no golden picture for {missing}: run GIN_RENDER_UPDATE_GOLDEN=1 pytest tests/render"
    changed = {}
    for name, image in images.items():
        new = rgb(image.png)
        old = Image.open(GOLDEN / f"{name}.png").convert("RGB")
        if new.size != old.size:
            changed[name] = f"size {old.size} -> {new.size}"
        elif (n := changed_pixels(new, old)) > MAX_CHANGED * new.width * new.height:
            changed[name] = f"{n} pixels ({n / (new.width * new.height):.2%}) differ by more than {TOLERANCE} levels"
        else:
            continue
        new.save(tmp_path / f"{name}-new.png")
        if new.size == old.size:
            ImageChops.difference(new, old).save(tmp_path / f"{name}-diff.png")
    assert not changed, (
        f"pictures changed: {changed} (new pictures and differences in {tmp_path}). If the new "
        "look is intended, look at it (python -m render --seed 7 --out DIR) and regenerate: "
        "GIN_RENDER_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render -q"
    )


def test_golden_pictures(draw_pair, knock_view, hollywood_end_view, names, tmp_path):
    images = _images(draw_pair, knock_view, hollywood_end_view, names)
    assert set(images) == set(FIXED)
    _check_golden(images, tmp_path)


# -- every game and table size: the pictures of a seeded match (python -m render's) ------------------

GAME_TABLES = tables()  # each game's first variant at every size
GAME_SEED = 3
GAME_KINDS = ("table", "hand", "result", "match-end")


def _game_images(game: str, seats: int, variant: str) -> dict[str, RenderedImage]:
    """The table, the hand of the seat to play, the result and the match end, by golden name."""
    moments = play(game, seats, variant, GAME_SEED)
    seat = moments.table.turn if moments.table.turn is not None else 0
    drawn = pictures(game, moments, NAMES[:seats], Style())
    stems = {kind: f"hand-seat{seat}" if kind == "hand" else kind for kind in GAME_KINDS}
    return {f"{game}{seats}-{kind}": drawn[stem] for kind, stem in stems.items()}


@pytest.mark.parametrize(("game", "seats", "variant"), GAME_TABLES, ids=[f"{g}{n}" for g, n, _ in GAME_TABLES])
def test_golden_pictures_of_every_game_and_size(game, seats, variant, tmp_path):
    _check_golden(_game_images(game, seats, variant), tmp_path)


def test_every_golden_picture_is_still_drawn():
    """A golden picture no test compares is stale (regenerating removes it)."""
    wanted = set(FIXED) | {f"{g}{n}-{k}" for g, n, _ in GAME_TABLES for k in GAME_KINDS}
    stale = [path for path in GOLDEN.glob("*.png") if path.stem not in wanted]
    if UPDATE:
        for path in stale:
            path.unlink()
    else:
        assert not stale, f"golden pictures no test draws: {[p.name for p in stale]}"
