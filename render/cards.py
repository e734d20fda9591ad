"""Card pictures drawn in code: faces (two- or four-colour, normal or dimmed) and the back.

Every picture is drawn once per (style, card, dimmed) and kept: a request only pastes.
Sizes are layout units (``Style.px`` turns them into pixels).
"""

from __future__ import annotations

import logging
import time
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from bot.engine.cards import DECK, Card

from . import style as S
from .fonts import font
from .style import Style

log = logging.getLogger(__name__)

WIDTH, HEIGHT = 84, 120  # a card, in layout units
RADIUS = 8
STRIP = 46  # visible width of a card that the next one overlaps: rank and suit stay readable
SUPERSAMPLE = 4  # the rounded outline is drawn this much larger and shrunk: smooth corners

_FACES: dict[tuple[Style, Card, bool], Image.Image] = {}


def size(style: Style) -> tuple[int, int]:
    return style.px(WIDTH), style.px(HEIGHT)


@lru_cache(maxsize=None)
def _blank(scale: int, fill: S.RGB, edge: S.RGB) -> Image.Image:
    """A rounded card shape with a 1-unit edge, antialiased, as RGBA."""
    w, h = WIDTH * scale, HEIGHT * scale
    k = SUPERSAMPLE * scale
    big = Image.new("RGBA", (WIDTH * k, HEIGHT * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, WIDTH * k - 1, HEIGHT * k - 1), radius=RADIUS * k, fill=edge + (255,))
    inset = max(k, 2)
    d.rounded_rectangle((inset, inset, WIDTH * k - 1 - inset, HEIGHT * k - 1 - inset),
                        radius=RADIUS * k - inset, fill=fill + (255,))
    return big.resize((w, h), Image.Resampling.BOX)


def blank(style: Style) -> Image.Image:
    """A card without index or pips (edges of a pile's lower cards)."""
    return _blank(style.scale, S.CARD, S.CARD_EDGE)


def _mix(a: S.RGB, b: S.RGB, t: float) -> S.RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def _index(card: Card, style: Style, colour: S.RGB) -> Image.Image:
    """The corner index (rank over suit) as a transparent image, for the bottom corner."""
    px = style.px
    im = Image.new("RGBA", (px(30), px(50)), (0, 0, 0, 0))
    _draw_index(ImageDraw.Draw(im), card, style, colour, 0, 0)
    return im


def _draw_index(d: ImageDraw.ImageDraw, card: Card, style: Style, colour: S.RGB, x: int, y: int) -> None:
    px = style.px
    rank_font = font(px(23 if card.rank == 10 else 25))
    label = card.rank_label
    if card.rank == 10:  # '10' drawn a little tighter so it stays inside the visible strip
        d.text((x, y + px(25)), "1", font=rank_font, fill=colour, anchor="ls")
        d.text((x + rank_font.getlength("1") - px(1.5), y + px(25)), "0", font=rank_font, fill=colour, anchor="ls")
    else:
        d.text((x, y + px(25)), label, font=rank_font, fill=colour, anchor="ls")
    suit_font = font(px(23))
    d.text((x + px(0.5), y + px(47)), card.suit.symbol, font=suit_font, fill=colour, anchor="ls")


def _draw_face(card: Card, style: Style) -> Image.Image:
    px = style.px
    colour = style.suit_colour(card.suit)
    court = card.rank > 10
    im = _blank(style.scale, S.CARD_FACE if court else S.CARD, S.CARD_EDGE).copy()
    d = ImageDraw.Draw(im)
    w, h = im.size
    if court:
        # An inner frame and a large letter tell a face card from a dimmed one even in the strip.
        frame = _mix(colour, S.CARD_FACE, 0.25)
        d.rounded_rectangle((px(3.5), px(3.5), w - 1 - px(3.5), h - 1 - px(3.5)), radius=px(5),
                            outline=frame, width=max(1, px(1.5)))
        d.text((w - px(9), px(7)), card.rank_label, font=font(px(40)),
               fill=_mix(colour, S.CARD_FACE, 0.45), anchor="ra")
    _draw_index(d, card, style, colour, px(8 if court else 7), px(4))
    big = font(px(46))
    left, top, right, bottom = d.textbbox((0, 0), card.suit.symbol, font=big, anchor="ls")
    cx, cy = px(35), px(76)  # left of centre: more of it shows in the overlapped strip
    d.text((cx - (left + right) / 2, cy - (top + bottom) / 2), card.suit.symbol, font=big,
           fill=colour, anchor="ls")
    corner = _index(card, style, colour).rotate(180)
    im.alpha_composite(corner, (w - corner.width - px(5), h - corner.height - px(2)))
    return im


def _dim(im: Image.Image) -> Image.Image:
    """Deadwood: the same card multiplied by grey (darker, lower contrast, still readable)."""
    rgb = ImageChops.multiply(im.convert("RGB"), Image.new("RGB", im.size, S.DIM))
    rgb.putalpha(im.getchannel("A"))
    return rgb


def face(card: Card, style: Style, dim: bool = False) -> Image.Image:
    """The face of ``card`` (RGBA, cached). ``dim``: greyed for deadwood."""
    key = (style, card, dim)
    im = _FACES.get(key)
    if im is None:
        im = _dim(face(card, style)) if dim else _draw_face(card, style)
        _FACES[key] = im
    return im


@lru_cache(maxsize=None)
def back(style: Style) -> Image.Image:
    """The back of a card (for the stock): red with a cream frame and a lattice."""
    px = style.px
    im = _blank(style.scale, S.BACK, S.PANEL_EDGE).copy()
    d = ImageDraw.Draw(im)
    w, h = im.size
    inner = (px(7), px(7), w - 1 - px(7), h - 1 - px(7))
    step = px(9)
    for x in range(inner[0], inner[2] + 1, step):
        d.line((x, inner[1], x, inner[3]), fill=S.BACK_LINE, width=max(1, px(0.6)))
    for y in range(inner[1], inner[3] + 1, step):
        d.line((inner[0], y, inner[2], y), fill=S.BACK_LINE, width=max(1, px(0.6)))
    d.rounded_rectangle(inner, radius=px(4), outline=S.BACK_FRAME, width=max(1, px(1.5)))
    return im


def warm_cache(style: Style = Style()) -> float:
    """Draw all 104 faces (normal and dimmed) and the back for ``style``; returns seconds taken."""
    start = time.perf_counter()
    for card in DECK:
        face(card, style)
        face(card, style, dim=True)
    back(style)
    took = time.perf_counter() - start
    log.debug("card cache for %s built in %.0f ms", style.slug, took * 1000)
    return took


def clear_cache() -> None:
    """Forget every drawn card (benchmarks measure a cold build with it)."""
    _FACES.clear()
    _blank.cache_clear()
    back.cache_clear()
