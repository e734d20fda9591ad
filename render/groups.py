"""A row of card groups: overlapped cards, a coloured bracket and a label under each group.

The hand image and the result image both lay cards out this way. ``layout_row`` gives the
geometry (tests read it to find where a meld was drawn); ``draw_row`` paints it.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.engine.cards import Card
from bot.engine.melds import meld_kind

from . import cards as C
from . import style as S
from .draw import pill, pill_size, text_width
from .fonts import font
from .style import Style
from .text import rank_plural

TAG_SPACE = 24  # above the cards, for NEW / LAID OFF tags
GAP = 20  # between groups
BRACKET_GAP = 7  # card bottom to bracket
BRACKET = 3  # bracket thickness
TICK = 8  # bracket end ticks
LABEL_SIZE = 18
LABEL_GAP = 7
TAG_SIZE = 12.5
ROW_HEIGHT = TAG_SPACE + C.HEIGHT + BRACKET_GAP + BRACKET + LABEL_GAP + LABEL_SIZE * 1.3


@dataclass(frozen=True, slots=True)
class Mark:
    """A highlighted card: an outline and a tag above it ('NEW', 'LAID OFF')."""

    card: Card
    text: str
    colour: S.RGB


@dataclass(frozen=True, slots=True)
class Group:
    cards: tuple[Card, ...]
    label: str
    colour: S.RGB
    dim: bool = False
    marks: tuple[Mark, ...] = ()


@dataclass(frozen=True, slots=True)
class Placed:
    """Where a group went, in pixels relative to the image."""

    group: Group
    slot: tuple[int, int]  # left, right of the group's slot
    cards_left: int
    card_lefts: tuple[int, ...]
    card_top: int
    label_box: tuple[int, int, int, int]


def meld_label(meld: tuple[Card, ...]) -> str:
    """'SET · 7s', 'SET · Kings', 'RUN · 9–Q ♣' (the meld's kind comes from the engine)."""
    if meld_kind(meld) == "set":
        return f"SET · {rank_plural(meld[0].rank)}"
    ranks = sorted(meld, key=lambda c: c.rank)
    return f"RUN · {ranks[0].rank_label}–{ranks[-1].rank_label} {meld[0].suit.symbol}"


def meld_colour(meld: tuple[Card, ...]) -> S.RGB:
    return S.SET_COLOUR if meld_kind(meld) == "set" else S.RUN_COLOUR


def cards_width(n: int, style: Style) -> int:
    return style.px((n - 1) * C.STRIP + C.WIDTH) if n else 0


def _slot_width(g: Group, style: Style) -> int:
    return max(cards_width(len(g.cards), style), text_width(g.label, LABEL_SIZE, style) + style.px(8))


def row_width(groups: list[Group], style: Style) -> int:
    if not groups:
        return 0
    return sum(_slot_width(g, style) for g in groups) + style.px(GAP) * (len(groups) - 1)


def layout_row(groups: list[Group], x: int, y: int, style: Style) -> list[Placed]:
    """Geometry of the row whose top-left corner (tag space included) is (x, y)."""
    px = style.px
    out = []
    card_top = y + px(TAG_SPACE)
    label_top = card_top + px(C.HEIGHT + BRACKET_GAP + BRACKET + LABEL_GAP)
    for g in groups:
        slot = _slot_width(g, style)
        cw = cards_width(len(g.cards), style)
        left = x + (slot - cw) // 2
        lefts = tuple(left + px(i * C.STRIP) for i in range(len(g.cards)))
        label_w = text_width(g.label, LABEL_SIZE, style)
        mid = left + cw // 2
        label_box = (mid - label_w // 2, label_top, mid - label_w // 2 + label_w, label_top + px(LABEL_SIZE * 1.2))
        out.append(Placed(g, (x, x + slot), left, lefts, card_top, label_box))
        x += slot + px(GAP)
    return out


def draw_row(im: Image.Image, groups: list[Group], x: int, y: int, style: Style) -> list[Placed]:
    px = style.px
    d = ImageDraw.Draw(im)
    placed = layout_row(groups, x, y, style)
    w, h = C.size(style)
    for p in placed:
        g = p.group
        marked = {m.card: m for m in g.marks}
        for card, left in zip(g.cards, p.card_lefts):
            face = C.face(card, style, dim=g.dim)
            im.paste(face, (left, p.card_top), face)
            mark = marked.get(card)
            if mark is not None:  # outline now: the next card covers its right part, as it covers the card
                pad = px(2)
                d.rounded_rectangle((left - pad, p.card_top - pad, left + w - 1 + pad, p.card_top + h - 1 + pad),
                                    radius=px(C.RADIUS + 2), outline=mark.colour, width=px(2.5))
        _draw_tags(d, p, style)
        right = p.cards_left + cards_width(len(g.cards), style) - 1
        top = p.card_top + h + px(BRACKET_GAP)
        d.rectangle((p.cards_left, top, right, top + px(BRACKET) - 1), fill=g.colour)
        for edge in (p.cards_left, right - px(BRACKET) + 1):
            d.rectangle((edge, top - px(TICK) + px(BRACKET), edge + px(BRACKET) - 1, top + px(BRACKET) - 1),
                        fill=g.colour)
        d.text((p.label_box[0], p.label_box[1]), g.label, font=font(px(LABEL_SIZE)), fill=g.colour, anchor="la")
    return placed


def _draw_tags(d: ImageDraw.ImageDraw, p: Placed, style: Style) -> None:
    """One tag over each run of neighbouring cards with the same mark text."""
    px = style.px
    g = p.group
    texts = {m.card: m for m in g.marks}
    i = 0
    n = len(g.cards)
    while i < n:
        mark = texts.get(g.cards[i])
        if mark is None:
            i += 1
            continue
        j = i
        while j + 1 < n and (m := texts.get(g.cards[j + 1])) is not None and m.text == mark.text:
            j += 1
        left = p.card_lefts[i]
        right = p.card_lefts[j] + px(C.WIDTH if j == n - 1 else C.STRIP)
        tw, th = pill_size(mark.text, TAG_SIZE, style)
        top = p.card_top - th - px(4)
        pill(d, (left + right) // 2 - tw // 2, top, mark.text, TAG_SIZE, mark.colour, S.INK, style)
        i = j + 1
