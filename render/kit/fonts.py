"""The bundled fonts (DejaVu Sans subsets in render/assets/) and text that fits them.

Pillow's built-in font has no card suits, and system fonts differ between machines,
so every image is drawn with these two files only: the same view gives the same
pixels wherever ``pip install`` put the package.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

ASSETS = Path(__file__).resolve().parents[1] / "assets"
FONT_FILES = {"bold": "GinDejaVuSans-Bold.ttf", "regular": "GinDejaVuSans.ttf"}


def _ranges(*spans: tuple[int, int]) -> frozenset[int]:
    return frozenset(cp for lo, hi in spans for cp in range(lo, hi + 1))


# What the subsets hold: Latin (names in most European languages), Greek and Cyrillic
# letters, the typographic marks the texts use, and the card suits.
COVERED: frozenset[int] = _ranges(
    (0x20, 0x7E),
    (0xA0, 0xFF),
    (0x100, 0x17F),
    (0x391, 0x3A1),
    (0x3A3, 0x3A9),
    (0x3B1, 0x3C9),
    (0x401, 0x45F),
    (0x2009, 0x2009),
    (0x2013, 0x2014),
    (0x2018, 0x201E),
    (0x2022, 0x2022),
    (0x2026, 0x2026),
    (0x2190, 0x2193),
    (0x2212, 0x2212),
    (0x2264, 0x2265),
    (0x2713, 0x2713),
    (0x25B2, 0x25B2),
    (0x25B6, 0x25B6),
    (0x25BC, 0x25BC),
    (0x2605, 0x2605),
    (0x2660, 0x2667),
)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The bundled face at ``size`` pixels. Basic layout: no dependence on libraqm being present."""
    path = ASSETS / FONT_FILES["bold" if bold else "regular"]
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


def drawable(text: str, fallback: str = "?") -> str:
    """``text`` with characters the fonts lack replaced: accents decomposed first, others dropped.

    Player names come from Discord and may hold emoji or scripts outside the subset; the
    text alternative keeps the real name, the picture shows what the font can draw.
    """
    out = []
    for ch in text:
        if ord(ch) in COVERED:
            out.append(ch)
            continue
        parts = unicodedata.normalize("NFKD", ch)
        out.append("".join(c for c in parts if ord(c) in COVERED and not unicodedata.combining(c)))
    result = " ".join("".join(out).split())
    return result or fallback


def fit(text: str, size: int, max_width: int, bold: bool = True) -> str:
    """``text`` shortened with an ellipsis so it is at most ``max_width`` pixels wide."""
    f = font(size, bold)
    if f.getlength(text) <= max_width:
        return text
    while text and f.getlength(text + "…") > max_width:
        text = text[:-1]
    return text.rstrip() + "…"
