"""Drawing shared by the pictures: a palette canvas (panel, text, pills, cards) and the PNG.

Every picture is drawn straight into palette indices (render/palette.py): the canvas is an
"L" image whose values are indices, text and antialiased edges are coverage masks mapped to
ramps of the palette, cards are pasted from cached index tiles (render/cards.py), and the
finished picture gets the palette attached and is written as an 8-bit PNG. Nothing is
quantised per picture, and what repeats between pictures (card tiles, the panel, text and
label pills) is drawn once and pasted.

``reference_drawing()`` switches the canvas to the way pictures were made before: RGB
drawing with Pillow's own antialiasing, then a 256-colour octree quantise and zlib level 6
(``encode_reference``); both are in render/reference.py. bench/render.py measures both; the
tests compare their pixels. Text measuring and the cached stamps the canvas pastes are in
render/stamps.py. Every public name is imported from here as well.

Every text goes through ``Canvas.text`` (cards record their index size when pasted), so
``recording()`` can collect what each picture wrote and at which size: the tests check that
nothing in a picture is smaller than ``MIN_SHOWN_PX`` once Discord shrinks it (``smallest_shown``).

Pure functions of their inputs: the same view gives the same pixels, and the same bytes with
one Pillow version on one CPU architecture (see PNG_LEVEL).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from bot.engine import Card

from . import cards as C
from . import style as S
from .fonts import font
from .palette import Palette, palette_for
from .reference import encode_reference, panel_rgb, reference_active, reference_drawing
from .stamps import _panel, _pill_stamp, _stamp, pill_size, text_width, wrap
from .style import Style

__all__ = [
    "ALT_LIMIT",
    "MIN_SHOWN_PX",
    "PNG_LEVEL",
    "PUBLIC_MAX_UNITS",
    "SHOWN_WIDTH",
    "Canvas",
    "RenderedImage",
    "Written",
    "encode",
    "encode_reference",
    "finish",
    "measured",
    "pill_size",
    "recording",
    "reference_drawing",
    "shown_px",
    "smallest_shown",
    "text_width",
    "wrap",
]

# -- what Discord shows --------------------------------------------------------------------------

SHOWN_WIDTH = 550  # Discord fits a picture into a box about this wide and tall (phones, most chat columns)
MIN_SHOWN_PX = 11  # no text smaller than this once fitted into that box
PUBLIC_MAX_UNITS = 550  # public pictures: at most 550 layout units wide (1,100 px at scale 2)


def shown_px(size_px: float, width: int, height: int = 0) -> float:
    """How tall (font size, px) text of ``size_px`` looks in a picture ``width`` x ``height`` px
    fitted into a SHOWN_WIDTH-square box (a smaller picture is shown at its own size, not enlarged)."""
    return size_px * min(1.0, SHOWN_WIDTH / max(width, height, 1))


def smallest_shown(canvas: Canvas) -> float:
    """The smallest text (font size, px) a drawn canvas shows once fitted into the box; 0 without text.
    ``recording()`` hands over the canvases: bench/pictures.py and the tests measure with this."""
    return min((shown_px(t.size_px, canvas.width, canvas.height) for t in canvas.texts), default=0.0)


# -- encoding ------------------------------------------------------------------------------------

# zlib level of the PNG, chosen by measurement (python -m bench.render prints the trade-off).
# Pillow's zlib-ng uses one fast strategy for levels 1-3 and a slower one from level 4. On
# these flat palette pictures (CPU ms and KB, 11-card hand / table): level 1 1.50 / 29.0 and
# 1.30 / 21.7, level 2 1.52 / 27.0 and 1.33 / 20.0, level 3 1.69 / 25.5 and 1.47 / 19.0,
# level 4 2.46 / 22.4, level 6 3.85 / 20.2, level 9 30.7 / 17.9. Level 2 costs what level 1
# does for 7% smaller files; level 3 saves 5% more bytes for 11% more time, and every level
# above costs far more: the pictures are tens of KB, so milliseconds matter more than bytes.
#
# WebP (lossless; lossy smears text) was measured too: 20-50% smaller files, but 3-8 times the
# encoding time of PNG level 2 (method 0: 5.7 ms for the hand, method 1: 11.9 ms), and its
# bytes depend on libwebp's version as well. Discord shows WebP inline, but nothing here needs
# the smaller file enough to pay for it: PNG.
#
# Same view, same bytes: with one Pillow version on one CPU architecture. zlib-ng does not
# promise identical streams across architectures (the pixels are identical everywhere, and
# the golden tests compare pixels).
PNG_LEVEL = 2


@dataclass(frozen=True, slots=True)
class RenderedImage:
    """A finished picture: PNG bytes, its text alternative and a file name for the upload.

    ``alt`` is the whole text alternative: it can be sent instead of the picture (text-only
    players). ``description`` is the same text cut to ALT_LIMIT characters (an attachment's
    description on Discord)."""

    png: bytes
    alt: str
    filename: str
    width: int
    height: int

    def file(self) -> io.BytesIO:
        """A fresh stream of the PNG (discord.File(image.file(), filename=image.filename))."""
        return io.BytesIO(self.png)

    @property
    def description(self) -> str:
        return _clip_alt(self.alt)


def encode(im: Image.Image, level: int = PNG_LEVEL) -> bytes:
    """PNG bytes of a palette ('P') picture, no metadata (no timestamps: same input, same bytes)."""
    buf = io.BytesIO()
    im.save(buf, format="PNG", compress_level=level)
    return buf.getvalue()


ALT_LIMIT = 1024  # the usual limit of an attachment's description (Discord's)


def _clip_alt(alt: str) -> str:
    return alt if len(alt) <= ALT_LIMIT else alt[: ALT_LIMIT - 1].rstrip() + "…"


def finish(im: Image.Image | Canvas, alt: str, filename: str) -> RenderedImage:
    """The RenderedImage of a canvas, or of any Pillow image (RGB ones go through the reference encoder)."""
    if isinstance(im, Canvas):
        return im.finish(alt, filename)
    png = encode(im) if im.mode == "P" else encode_reference(im)
    return RenderedImage(png=png, alt=alt, filename=filename, width=im.width, height=im.height)


# -- switches for the benchmark and the tests ---------------------------------------------------------

_RECORDING: ContextVar[list[Canvas] | None] = ContextVar("gin_render_recording", default=None)


@contextmanager
def recording() -> Iterator[list[Canvas]]:
    """Collect every canvas drawn inside this block (with its texts and cards), in order."""
    found: list[Canvas] = []
    token = _RECORDING.set(found)
    try:
        yield found
    finally:
        _RECORDING.reset(token)


def measured(draw: Callable[[], RenderedImage | None]) -> tuple[RenderedImage | None, float]:
    """The picture ``draw()`` makes and its smallest text once fitted into the box (its last canvas)."""
    with recording() as canvases:
        image = draw()
    return image, smallest_shown(canvases[-1]) if image is not None and canvases else 0.0


# -- the canvas ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Written:
    """One text a picture drew: what, at which font size (px), and where (left, top)."""

    text: str
    size_px: int
    at: tuple[int, int]


@dataclass(eq=False)
class Canvas:
    """A picture being drawn on the felt panel. Colours are RGB triples from render/style.py;
    ``bg`` of a text is the colour under it (its antialiased edge is a ramp to that colour)."""

    width: int
    height: int
    style: Style
    reference: bool = field(default_factory=reference_active)
    texts: list[Written] = field(default_factory=list)
    cards: list[tuple[Card, bool]] = field(default_factory=list)  # (card, dimmed), faces shown

    def __post_init__(self) -> None:
        self.pal: Palette = palette_for(self.style.four_colour)
        if self.reference:
            self.im = panel_rgb(self.width, self.height, self.style)
        else:
            self.im = _panel(self.width, self.height, self.style).copy()
        self.draw = ImageDraw.Draw(self.im)
        found = _RECORDING.get()
        if found is not None:
            found.append(self)

    def _ink(self, colour: S.RGB) -> int | S.RGB:
        return colour if self.reference else self.pal[colour]

    # shapes (aliased, as Pillow draws them in any mode)
    def rect(self, box: tuple[float, float, float, float], fill: S.RGB) -> None:
        self.draw.rectangle(box, fill=self._ink(fill))

    def rounded(
        self,
        box: tuple[float, float, float, float],
        radius: float,
        fill: S.RGB | None = None,
        outline: S.RGB | None = None,
        width: int = 1,
    ) -> None:
        self.draw.rounded_rectangle(
            box,
            radius=radius,
            fill=None if fill is None else self._ink(fill),
            outline=None if outline is None else self._ink(outline),
            width=width,
        )

    def line(self, xy: tuple[float, float, float, float], fill: S.RGB, width: int = 1) -> None:
        self.draw.line(xy, fill=self._ink(fill), width=width)

    # text
    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: float,
        fill: S.RGB,
        *,
        bg: S.RGB = S.PANEL,
        bold: bool = True,
        anchor: str = "la",
    ) -> None:
        """``text`` at ``size`` layout units, ``anchor`` as in Pillow, over a ground of colour ``bg``."""
        if not text:
            return
        size_px = self.style.px(size)
        x, y = round(xy[0]), round(xy[1])
        self.texts.append(Written(text, size_px, (x, y)))
        if self.reference:
            self.draw.text((x, y), text, font=font(size_px, bold), fill=fill, anchor=anchor)
            return
        idx, mask, dx, dy = _stamp(text, size_px, bold, anchor, self.pal.lut(fill, bg))
        self.im.paste(idx, (x + dx, y + dy), mask)

    def pill(self, left: int, top: int, text: str, size: float, bg: S.RGB, fg: S.RGB, pad: float = 0.6) -> int:
        """A rounded label; returns its width."""
        w, h = pill_size(text, size, self.style, pad)
        self.texts.append(Written(text, self.style.px(size), (left, top)))
        if self.reference:
            self.draw.rounded_rectangle((left, top, left + w - 1, top + h - 1), radius=h // 2, fill=bg)
            self.draw.text((left + w // 2, top + h // 2), text, font=font(self.style.px(size)), fill=fg, anchor="mm")
            return w
        plane, mask = _pill_stamp(text, size, pad, self.style, bg, fg)
        self.im.paste(plane, (left, top), mask)
        return w

    # cards
    def card(
        self, card: Card, x: int, y: int, dim: bool = False, under: Card | None = None, on_felt: bool = False
    ) -> None:
        """The face of ``card`` with its top-left corner at (x, y). ``under``: the card this one
        overlaps on its left (its left corners are smoothed against that card, not the felt).
        ``on_felt``: nothing but felt lies under it (pasted whole, without its shape mask)."""
        self.cards.append((card, dim))
        self.texts.append(Written(f"{card} index", C.index_px(self.style), (x, y)))
        if self.reference:
            face = C.face(card, self.style, dim)
            self.im.paste(face, (x, y), face)
            return
        t = C.tile(card, self.style, dim)
        if under is None or t.right is None:
            self.im.paste(t.plane, (x, y), None if on_felt else t.mask)
            return
        # Overlapping the card on its left: the tile's right part whole (fast), its left strip
        # through the shape's mask, with the rounded corners mixed with the card below.
        strip, mask = C.stacked(card, self.style, dim, C.ground(under, dim))
        self.im.paste(t.right, (x + strip.width, y))
        self.im.paste(strip, (x, y), mask)

    def back(self, x: int, y: int) -> None:
        """A card face down (the stock)."""
        if self.reference:
            im = C.back(self.style)
            self.im.paste(im, (x, y), im)
            return
        t = C.back_tile(self.style)
        self.im.paste(t.plane, (x, y), t.mask)

    def blank(self, x: int, y: int) -> None:
        """A card without index or pips (the edges of a pile's lower cards)."""
        if self.reference:
            im = C.blank(self.style)
            self.im.paste(im, (x, y), im)
            return
        t = C.blank_tile(self.style)
        self.im.paste(t.plane, (x, y), t.mask)

    # the end
    def image(self) -> Image.Image:
        """The picture as a Pillow image (RGB for the reference drawing, else 'P')."""
        if self.reference:
            return self.im
        im = self.im.copy()
        im.putpalette(self.pal.data)
        return im

    def finish(self, alt: str, filename: str) -> RenderedImage:
        if self.reference:
            png = encode_reference(self.im)
        else:
            self.im.putpalette(self.pal.data)  # the canvas is done: its index plane becomes the 'P' picture
            png = encode(self.im)
        return RenderedImage(png=png, alt=alt, filename=filename, width=self.width, height=self.height)
