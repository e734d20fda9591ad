"""Byte-identical output and golden hashes.

After a deliberate change of the look, regenerate the hashes (and look at the pictures):
    GIN_RENDER_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render -q
"""

import hashlib
import json
import os
from pathlib import Path

from bot.engine import Match
from render import Style, render_hand, render_match_end, render_result, render_table

from .helpers import rgb

GOLDEN = Path(__file__).with_name("golden.json")


def _images(draw_pair, knock_view, hollywood_end_view, names):
    _, after, m = draw_pair
    from bot.engine import public_view
    return {
        "hand-11-2colour": render_hand(after, names),
        "hand-11-4colour": render_hand(after, names, Style(four_colour=True)),
        "table-2colour": render_table(public_view(m), names),
        "result-knock-4colour": render_result(knock_view, names, Style(four_colour=True)),
        "match-end-hollywood": render_match_end(hollywood_end_view, names, rating_changes={0: 9, 1: -9}),
        "hand-11-1x": render_hand(after, names, Style(scale=1)),
    }


def test_same_view_same_bytes_even_from_a_restored_match(draw_pair, names):
    _, after, m = draw_pair
    from bot.engine import seat_view
    restored = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    again = seat_view(restored, after.seat)
    assert render_hand(after, names).png == render_hand(again, names).png


def test_png_has_no_metadata_chunks(draw_pair, names):
    png = render_hand(draw_pair[1], names).png
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    chunks = []
    i = 8
    while i < len(png):
        length = int.from_bytes(png[i:i + 4], "big")
        chunks.append(png[i + 4:i + 8])
        i += 12 + length
    assert b"tIME" not in chunks and b"tEXt" not in chunks and b"iTXt" not in chunks
    assert chunks[0] == b"IHDR" and chunks[-1] == b"IEND" and b"PLTE" in chunks


def test_sizes_stay_small(draw_pair, names):
    image = render_hand(draw_pair[1], names)
    assert len(image.png) < 40 * 1024
    assert rgb(image.png).size == (image.width, image.height)


def test_golden_hashes(draw_pair, knock_view, hollywood_end_view, names):
    hashes = {k: hashlib.sha256(v.png).hexdigest() for k, v in
              _images(draw_pair, knock_view, hollywood_end_view, names).items()}
    if os.environ.get("GIN_RENDER_UPDATE_GOLDEN"):
        GOLDEN.write_text(json.dumps(hashes, indent=2, sort_keys=True) + "\n")
    assert GOLDEN.exists(), "no golden hashes yet: run GIN_RENDER_UPDATE_GOLDEN=1 pytest tests/render"
    expected = json.loads(GOLDEN.read_text())
    changed = sorted(k for k in hashes if hashes[k] != expected.get(k))
    assert not changed, (f"pictures changed: {changed}. If the new look is intended, look at it "
                         "(python -m render --seed 7 --out DIR) and regenerate: "
                         "GIN_RENDER_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render -q")
