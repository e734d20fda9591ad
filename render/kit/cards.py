"""Card pictures drawn in code: faces (two- or four-colour, normal or dimmed), the back, a blank.

Each is drawn once per (style, card, dimmed) as a palette tile (render/palette.py): an index
plane whose antialiased outline is already mixed with the felt, and a mask of the card's
shape; a picture only pastes tiles. Where a card overlaps the one on its left, ``stacked``
gives its left strip with the two rounded corners mixed with that card instead of the felt.

Sizes here are card units (a normal card is 84 x 120); ``Style.card_px`` turns them into
pixels at the style's card size and scale.

``face`` gives the same card as an RGBA image (for the reference drawing and the tests).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from bot.engine import DECK, Card

from . import style as S
from .fonts import font
from .palette import palette_for
from .style import DEFAULT_STYLE, Style

log = logging.getLogger(__name__)

WIDTH, HEIGHT = 84, 120  # a normal card, in card units
RADIUS = 8
EDGE = 1  # outline width
STRIP = 46  # visible width of a card that the next one overlaps: rank and suit stay readable
STRIP_MIN = 38  # the least a crowded row may show ('10' and its suit still whole)
INDEX_SIZE = 23  # the smallest text on a card (the suit under the rank; a '10' is drawn this size)
SUPERSAMPLE = 4  # the rounded outline is drawn this much larger and shrunk: smooth corners

_NONZERO = bytes([0] + [255] * 255)
_PARTIAL = bytes([0] + [255] * 254 + [0])


@dataclass(frozen=True, slots=True)
class Tile:
    """A card as palette indices and the mask of its shape (paste ``plane`` through ``mask``)."""

    plane: Image.Image
    mask: Image.Image
    right: Image.Image | None = None  # the plane right of its left strip (see ``stacked``)


_FACES: dict[tuple[Style, Card, bool], Tile] = {}  # the palette tiles (warm_cache fills it)
_RGBA: dict[tuple[Style, Card, bool], Image.Image] = {}


@cache
def size(style: Style) -> tuple[int, int]:
    """A card's width and height in pixels."""
    return style.card_px(WIDTH), style.card_px(HEIGHT)


def width_units(style: Style) -> float:
    """A card's width in layout units (card size included)."""
    return WIDTH * style.zoom


def height_units(style: Style) -> float:
    return HEIGHT * style.zoom


def index_px(style: Style) -> int:
    """Font size (px) of the smallest text on a card."""
    return style.card_px(INDEX_SIZE)


def fill_of(card: Card) -> S.RGB:
    return S.CARD_FACE if card.rank > 10 else S.CARD


def ground(card: Card, dim: bool) -> tuple[S.RGB, S.RGB]:
    """(fill, outline) of ``card`` as drawn: what a card overlapping it sits on."""
    if dim:
        return S.dimmed(fill_of(card)), S.dimmed(S.CARD_EDGE)
    return fill_of(card), S.CARD_EDGE


# -- shapes and glyphs as coverage masks -------------------------------------------------------------


@cache
def _outline(style: Style) -> tuple[Image.Image, Image.Image]:
    """Coverage (L) of the card's rounded shape and of its inside (the shape less the edge)."""
    w, h = size(style)
    k = SUPERSAMPLE
    radius = style.card_px(RADIUS) * k
    inset = max(1, style.card_px(EDGE)) * k
    outer = Image.new("L", (w * k, h * k), 0)
    ImageDraw.Draw(outer).rounded_rectangle((0, 0, w * k - 1, h * k - 1), radius=radius, fill=255)
    inner = Image.new("L", (w * k, h * k), 0)
    ImageDraw.Draw(inner).rounded_rectangle(
        (inset, inset, w * k - 1 - inset, h * k - 1 - inset), radius=radius - inset, fill=255
    )
    return outer.resize((w, h), Image.Resampling.BOX), inner.resize((w, h), Image.Resampling.BOX)


def _paint(plane: Image.Image, cover: Image.Image, lut: bytes, xy: tuple[int, int] = (0, 0)) -> None:
    """Colour ``plane`` where ``cover`` is non-zero with the ramp ``lut`` (coverage to index)."""
    plane.paste(cover.point(lut), xy, cover.point(_NONZERO))


def _index_cover(card: Card, style: Style) -> Image.Image:
    """Coverage of the corner index (rank over suit)."""
    px = style.card_px
    im = Image.new("L", (px(30), px(50)), 0)
    d = ImageDraw.Draw(im)
    rank_font = font(px(INDEX_SIZE if card.rank == 10 else 25))
    if card.rank == 10:  # '10' drawn a little tighter so it stays inside the visible strip
        d.text((0, px(25)), "1", font=rank_font, fill=255, anchor="ls")
        d.text((rank_font.getlength("1") - px(1.5), px(25)), "0", font=rank_font, fill=255, anchor="ls")
    else:
        d.text((0, px(25)), card.rank_label, font=rank_font, fill=255, anchor="ls")
    d.text((px(0.5), px(47)), card.suit.symbol, font=font(px(INDEX_SIZE)), fill=255, anchor="ls")
    return im


def _glyph_cover(text: str, size_px: int, anchor: str) -> tuple[Image.Image, tuple[int, int, int, int]]:
    """Coverage of ``text`` and its box relative to the anchor point."""
    f = font(size_px)
    left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor=anchor))
    im = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(im).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return im, (left, top, right, bottom)


# -- drawing a card in palette indices ----------------------------------------------------------------


def _blank_plane(style: Style, fill: S.RGB, edge: S.RGB, felt: S.RGB | None) -> Image.Image:
    """A card shape: ``edge`` outline around ``fill``; its outer antialiasing mixes with ``felt``
    (None: no mixing, the outline colour reaches the shape's edge, for an RGBA face)."""
    pal = palette_for(style.four_colour)
    outer, inner = _outline(style)
    plane = Image.new("L", outer.size, pal[felt if felt is not None else edge])
    _paint(plane, outer, pal.lut(edge, felt if felt is not None else edge))
    _paint(plane, inner, pal.lut(fill, edge))
    return plane


def _face_plane(card: Card, style: Style, dim: bool, felt: S.RGB | None) -> Image.Image:
    pal = palette_for(style.four_colour)
    px = style.card_px
    d = S.dimmed if dim else (lambda c: c)
    colour = d(style.suit_colour(card.suit))
    court = card.rank > 10
    fill, edge = d(fill_of(card)), d(S.CARD_EDGE)
    plane = _blank_plane(style, fill, edge, felt)
    w, h = plane.size
    if court:
        # An inner frame and a large letter tell a face card from a dimmed one even in the strip.
        frame = d(S.court_frame(style.suit_colour(card.suit)))
        ImageDraw.Draw(plane).rounded_rectangle(
            (px(3.5), px(3.5), w - 1 - px(3.5), h - 1 - px(3.5)),
            radius=px(5),
            outline=pal[frame],
            width=max(1, px(1.5)),
        )
        letter, (left, top, _, _) = _glyph_cover(card.rank_label, px(40), "ra")
        _paint(
            plane,
            letter,
            pal.lut(d(S.court_letter(style.suit_colour(card.suit))), fill),
            (w - px(9) + left, px(7) + top),
        )
    ink = pal.lut(colour, fill)
    index = _index_cover(card, style)
    _paint(plane, index, ink, (px(8 if court else 7), px(4)))
    pip, (left, top, right, bottom) = _glyph_cover(card.suit.symbol, px(46), "ls")
    cx, cy = px(35), px(76)  # left of centre: more of it shows in the overlapped strip
    ox, oy = round(cx - (left + right) / 2), round(cy - (top + bottom) / 2)
    _paint(plane, pip, ink, (ox + left, oy + top))
    corner = index.rotate(180)
    _paint(plane, corner, ink, (w - corner.width - px(5), h - corner.height - px(2)))
    return plane


def _back_plane(style: Style, felt: S.RGB | None) -> Image.Image:
    """The back of a card (for the stock): red with a cream frame and a lattice."""
    pal = palette_for(style.four_colour)
    px = style.card_px
    plane = _blank_plane(style, S.BACK, S.PANEL_EDGE, felt)
    d = ImageDraw.Draw(plane)
    w, h = plane.size
    inner = (px(7), px(7), w - 1 - px(7), h - 1 - px(7))
    step = px(9)
    line = pal[S.BACK_LINE]
    for x in range(inner[0], inner[2] + 1, step):
        d.line((x, inner[1], x, inner[3]), fill=line, width=max(1, px(0.6)))
    for y in range(inner[1], inner[3] + 1, step):
        d.line((inner[0], y, inner[2], y), fill=line, width=max(1, px(0.6)))
    d.rounded_rectangle(inner, radius=px(4), outline=pal[S.BACK_FRAME], width=max(1, px(1.5)))
    return plane


@cache
def _shape_mask(style: Style) -> Image.Image:
    return _outline(style)[0].point(_NONZERO)


# -- the caches ---------------------------------------------------------------------------------------


def tile(card: Card, style: Style, dim: bool = False) -> Tile:
    """The palette tile of ``card`` (cached). ``dim``: greyed for deadwood."""
    key = (style, card, dim)
    t = _FACES.get(key)
    if t is None:
        plane = _face_plane(card, style, dim, S.PANEL)
        t = Tile(plane, _shape_mask(style), plane.crop((left_width(style), 0, plane.width, plane.height)))
        _FACES[key] = t
    return t


@cache
def back_tile(style: Style) -> Tile:
    return Tile(_back_plane(style, S.PANEL), _shape_mask(style))


@cache
def blank_tile(style: Style) -> Tile:
    return Tile(_blank_plane(style, S.CARD, S.CARD_EDGE, S.PANEL), _shape_mask(style))


def left_width(style: Style) -> int:
    """Pixels of a card's left strip that holds its two rounded left corners."""
    return style.card_px(RADIUS) + 1


@cache
def _left_mask(style: Style) -> Image.Image:
    """The card's shape over its left strip (where a card overlapping another shows the one below)."""
    return _shape_mask(style).crop((0, 0, left_width(style), size(style)[1]))


_STACKED: dict[tuple[Style, Card, bool, tuple[S.RGB, S.RGB]], Image.Image] = {}


def stacked(card: Card, style: Style, dim: bool, under: tuple[S.RGB, S.RGB]) -> tuple[Image.Image, Image.Image]:
    """The left strip of ``card`` (indices, mask) for a card overlapping another: its rounded
    corners mixed with ``under`` (fill, outline) of the card below instead of the felt. Paste
    it through the mask, and the rest of the tile (``Tile.right``) whole."""
    key = (style, card, dim, under)
    strip = _STACKED.get(key)
    if strip is None:
        strip = _STACKED[key] = _stacked(tile(card, style, dim), style, dim, under)
    return strip, _left_mask(style)


def _stacked(t: Tile, style: Style, dim: bool, under: tuple[S.RGB, S.RGB]) -> Image.Image:
    pal = palette_for(style.four_colour)
    outer, _ = _outline(style)
    r = left_width(style)
    h = outer.height
    e = max(1, style.card_px(EDGE))
    edge = S.dimmed(S.CARD_EDGE) if dim else S.CARD_EDGE
    fill_under, edge_under = under
    strip = t.plane.crop((0, 0, r, h))
    for top in (0, h - r):
        cover = outer.crop((0, top, r, top + r))
        partial = cover.point(_PARTIAL)
        strip.paste(cover.point(pal.lut(edge, fill_under)), (0, top), partial)
        band = (0, 0, r, e) if top == 0 else (0, r - e, r, r)  # the lower card's own outline runs here
        strip.paste(cover.crop(band).point(pal.lut(edge, edge_under)), (0, top + band[1]), partial.crop(band))
    return strip


def _rgba(plane: Image.Image, style: Style) -> Image.Image:
    im = plane.copy()
    im.putpalette(palette_for(style.four_colour).data)
    rgba = im.convert("RGBA")
    rgba.putalpha(_outline(style)[0])
    return rgba


def face(card: Card, style: Style, dim: bool = False) -> Image.Image:
    """The face of ``card`` as RGBA (cached), the same drawing as its tile. ``dim``: deadwood."""
    key = (style, card, dim)
    im = _RGBA.get(key)
    if im is None:
        im = _rgba(_face_plane(card, style, dim, None), style)
        _RGBA[key] = im
    return im


@cache
def back(style: Style) -> Image.Image:
    """The back as RGBA."""
    return _rgba(_back_plane(style, None), style)


@cache
def blank(style: Style) -> Image.Image:
    """A card without index or pips, as RGBA."""
    return _rgba(_blank_plane(style, S.CARD, S.CARD_EDGE, None), style)


def warm_cache(style: Style = DEFAULT_STYLE) -> float:
    """Draw all 104 tiles (normal and dimmed), the back and the blank for ``style``; returns seconds."""
    start = time.perf_counter()
    for card in DECK:
        for dim in (False, True):
            tile(card, style, dim)
            for below in (DECK[0], DECK[-1]):  # a plain card and a court card under this one
                stacked(card, style, dim, ground(below, dim))
    back_tile(style)
    blank_tile(style)
    took = time.perf_counter() - start
    log.debug("card cache for %s built in %.0f ms", style.slug, took * 1000)
    return took


def clear_cache() -> None:
    """Forget every drawn card (benchmarks measure a cold build with it)."""
    _FACES.clear()
    _RGBA.clear()
    _STACKED.clear()
    for cached in (_outline, _shape_mask, _left_mask, back_tile, blank_tile, back, blank, size):
        cached.cache_clear()
