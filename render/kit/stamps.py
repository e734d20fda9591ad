"""Text measuring and the cached pieces a canvas (render/draw.py) pastes: text stamps, label
pills and the felt panel, all as palette indices. The public names are imported from
render.draw too.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from . import style as S
from .fonts import font
from .palette import palette_for
from .style import Style

__all__ = ["pill_size", "text_width", "wrap"]

# -- measuring text ------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _length(text: str, size_px: int, bold: bool) -> int:
    return round(font(size_px, bold).getlength(text))


def text_width(text: str, size: float, style: Style, bold: bool = True) -> int:
    return _length(text, style.px(size), bold)


def pill_size(text: str, size: float, style: Style, pad: float = 0.6) -> tuple[int, int]:
    """Width and height of a pill holding ``text`` at ``size`` units."""
    w = text_width(text, size, style)
    return w + style.px(size * pad * 2), style.px(size * 1.5)


def wrap(text: str, size: float, max_width: int, style: Style, bold: bool = False) -> list[str]:
    """Greedy word wrap to ``max_width`` pixels."""
    px = style.px(size)
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if not line or _length(trial, px, bold) <= max_width:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


# -- cached pieces ---------------------------------------------------------------------------------

_NONZERO = bytes([0] + [255] * 255)


# The caches below keep what repeats between consecutive pictures (labels, badges, titles, the
# panel of a size) and are bounded: a text stamp is a few KB to ~70 KB, a panel up to ~2 MB.


@lru_cache(maxsize=384)
def _stamp(text: str, size_px: int, bold: bool, anchor: str, lut: bytes) -> tuple[Image.Image, Image.Image, int, int]:
    """``text`` as (indices, mask, dx, dy): paste at (x + dx, y + dy) for the anchor point (x, y)."""
    f = font(size_px, bold)
    left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor=anchor))
    cover = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(cover).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return cover.point(lut), cover.point(_NONZERO), left, top


@lru_cache(maxsize=128)
def _pill_stamp(
    text: str, size: float, pad: float, style: Style, bg: S.RGB, fg: S.RGB
) -> tuple[Image.Image, Image.Image]:
    """A whole label pill (rounded background and its text) as (indices, mask)."""
    pal = palette_for(style.four_colour)
    w, h = pill_size(text, size, style, pad)
    plane = Image.new("L", (w, h), 0)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(plane).rounded_rectangle((0, 0, w - 1, h - 1), radius=h // 2, fill=pal[bg])
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=h // 2, fill=255)
    idx, cover, dx, dy = _stamp(text, style.px(size), True, "mm", pal.lut(fg, bg))
    plane.paste(idx, (w // 2 + dx, h // 2 + dy), cover)
    return plane, mask


@lru_cache(maxsize=8)
def _panel(width: int, height: int, style: Style) -> Image.Image:
    """The card-table background with a darker edge, as palette indices."""
    pal = palette_for(style.four_colour)
    im = Image.new("L", (width, height), pal[S.PANEL_EDGE])
    edge = style.px(3)
    ImageDraw.Draw(im).rectangle((edge, edge, width - 1 - edge, height - 1 - edge), fill=pal[S.PANEL])
    return im
