"""A plain board picture shared by the games beyond two-player Gin (Knockout, three- and
four-player Gin, Colonel, Skarney, Rummy): optional piles at the top left, a title and a few
lines of words, one row per seat (name, what it holds, its score), then labelled sections of
card groups (melds on the table, laid-out hands) and closing lines.

Every picture is at most PUBLIC_MAX_UNITS wide (1,100 px at scale 2) and writes no text under
13 layout units, so it reads on a phone (tests/render/test_readable.py's rules). Pure
function of its arguments: callers build the rows and groups from views only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import Arrangement, Card

from . import cards as C
from . import style as S
from .draw import PUBLIC_MAX_UNITS, Canvas, RenderedImage, wrap
from .fonts import drawable, fit
from .groups import ROW_GAP, Group, Mark, draw_row, fit_rows, meld_colour, meld_label, row_height, row_width
from .style import Style
from .words import cards_text

WIDTH = PUBLIC_MAX_UNITS
MARGIN = 16
TITLE_SIZE = 22
LINE_SIZE = 14
NAME_SIZE = 17
SUB_SIZE = 13
SCORE_SIZE = 22
SECTION_SIZE = 15
PILE_LABEL_SIZE = 14
ROW_H = 44
PILE_GAP = 22


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat's line: its name, a line of facts under it, its score at the right."""

    name: str
    sub: str
    score: str = ""
    lit: bool = False  # whose turn
    faded: bool = False  # out of the match, or sitting out


@dataclass(frozen=True, slots=True)
class Section:
    title: str
    groups: tuple[Group, ...] = ()
    empty: str = ""  # written when there are no groups


@dataclass(frozen=True, slots=True)
class Piles:
    stock: int | None  # None: the game has no stock to show
    top: Card | None
    count: int
    label: str = "DISCARD"


def safe(names: Sequence[str], seat: int) -> str:
    """A seat's name as the pictures can draw it."""
    raw = names[seat] if 0 <= seat < len(names) else ""
    return drawable(raw, f"Player {seat + 1}")


def arrangement_groups(arr: Arrangement | None, hand: Sequence[Card], drawn: Card | None) -> list[Group]:
    """A hand as Gin melds then deadwood (dimmed); the card just drawn is marked NEW."""

    def marks(cards: tuple[Card, ...]) -> tuple[Mark, ...]:
        return tuple(Mark(c, "NEW", S.NEW_COLOUR) for c in cards if c == drawn)

    if arr is None:
        return [Group(tuple(hand), "YOUR CARDS", S.DEADWOOD_COLOUR, marks=marks(tuple(hand)))] if hand else []
    groups = [Group(m, meld_label(m), meld_colour(m), marks=marks(m)) for m in arr.melds]
    if arr.deadwood:
        groups.append(
            Group(
                arr.deadwood,
                f"DEADWOOD · {arr.deadwood_points}",
                S.DEADWOOD_COLOUR,
                dim=True,
                marks=marks(arr.deadwood),
            )
        )
    return groups


def arrangement_text(arr: Arrangement | None, hand: Sequence[Card]) -> str:
    if arr is None:
        return cards_text(hand)
    parts = [cards_text(m) for m in arr.melds]
    melds = ("melds: " + "; ".join(parts) + ". ") if parts else "no melds. "
    dead = f"deadwood {arr.deadwood_points}: {cards_text(arr.deadwood)}" if arr.deadwood else "no deadwood"
    return melds + dead


class _Pen:
    """Draws on a canvas, or only measures when there is none."""

    def __init__(self, canvas: Canvas | None, style: Style) -> None:
        self.c = canvas
        self.style = style

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
        if self.c is not None:
            self.c.text(xy, text, size, fill, bg=bg, bold=bold, anchor=anchor)


def _layout(
    c: Canvas | None,
    style: Style,
    title: str,
    lines: Sequence[str],
    rows: Sequence[SeatRow],
    sections: Sequence[Section],
    footer: Sequence[str],
    piles: Piles | None,
) -> float:
    """Draws (or measures) the board; returns its height in layout units."""
    px = style.px
    pen = _Pen(c, style)
    cw = C.size(style)[0]
    left: float = MARGIN
    y = 14.0
    pile_bottom = 0.0
    if piles is not None:
        if c is not None:
            sx, sy = px(MARGIN), px(MARGIN)
            if piles.stock is not None:
                if piles.stock:
                    c.back(sx, sy)
                else:
                    _empty(c, sx, sy, style)
                dx = sx + cw + px(PILE_GAP)
            else:
                dx = sx
            if piles.top is not None:
                if piles.count > 1:
                    c.blank(dx + px(3), sy + px(3))
                c.card(piles.top, dx, sy)
            else:
                _empty(c, dx, sy, style)
        label_y = MARGIN + C.height_units(style) + 8
        if piles.stock is not None:
            pen.text((px(MARGIN), px(label_y)), f"STOCK · {piles.stock}", PILE_LABEL_SIZE, S.MUTED)
            dx_u = MARGIN + C.width_units(style) + PILE_GAP
        else:
            dx_u = MARGIN
        pen.text((px(dx_u), px(label_y)), f"{piles.label} · {piles.count}", PILE_LABEL_SIZE, S.MUTED)
        n_piles = 2 if piles.stock is not None else 1
        left = MARGIN + n_piles * C.width_units(style) + (n_piles - 1) * PILE_GAP + 20
        pile_bottom = label_y + PILE_LABEL_SIZE * 1.4
    info_w = WIDTH - left - MARGIN
    pen.text((px(left), px(y)), fit(drawable(title), px(TITLE_SIZE), px(info_w)), TITLE_SIZE, S.TEXT)
    y += TITLE_SIZE * 1.5
    for line in lines:
        for part in wrap(drawable(line), LINE_SIZE, px(info_w), style)[:4]:
            pen.text((px(left), px(y)), part, LINE_SIZE, S.MUTED, bold=False)
            y += LINE_SIZE * 1.35
    y = max(y, pile_bottom) + 8
    right = px(WIDTH - MARGIN)
    for row in rows:
        top = px(y)
        ground = S.PANEL_LIGHT if row.lit else S.PANEL
        if c is not None and row.lit:
            c.rounded(
                (px(MARGIN - 6), top, right + px(6) - 1, top + px(ROW_H - 4)),
                radius=px(8),
                fill=S.PANEL_LIGHT,
                outline=S.NEW_COLOUR,
                width=px(1.5),
            )
        name_ink = S.MUTED if row.faded else S.TEXT
        score_w = px(90)
        pen.text(
            (px(MARGIN), top + px(3)),
            fit(drawable(row.name), px(NAME_SIZE), right - px(MARGIN) - score_w),
            NAME_SIZE,
            name_ink,
            bg=ground,
        )
        pen.text(
            (px(MARGIN), top + px(23)),
            fit(drawable(row.sub), px(SUB_SIZE), right - px(MARGIN) - score_w, bold=False),
            SUB_SIZE,
            S.MUTED,
            bg=ground,
            bold=False,
        )
        if row.score:
            pen.text(
                (right - px(8), top + px((ROW_H - 4) / 2)), row.score, SCORE_SIZE, name_ink, bg=ground, anchor="rm"
            )
        y += ROW_H
    max_row = px(WIDTH - 2 * MARGIN)
    for sec in sections:
        y += 6
        pen.text((px(MARGIN), px(y)), fit(drawable(sec.title), px(SECTION_SIZE), max_row), SECTION_SIZE, S.TEXT)
        y += SECTION_SIZE * 1.4
        if not sec.groups:
            if sec.empty:
                pen.text((px(MARGIN), px(y)), sec.empty, LINE_SIZE, S.MUTED, bold=False)
                y += LINE_SIZE * 1.5
            continue
        group_rows, strip = fit_rows(list(sec.groups), max_row, style)
        for grow in group_rows:
            if c is not None:
                draw_row(c, grow, (px(WIDTH) - row_width(grow, style, strip)) // 2, px(y - 8), style, strip)
            y += row_height(style) - 8 + ROW_GAP
    if footer:
        y += 6
    for line in footer:
        for part in wrap(drawable(line), LINE_SIZE, max_row, style)[:4]:
            pen.text((px(MARGIN), px(y)), part, LINE_SIZE, S.MUTED, bold=False)
            y += LINE_SIZE * 1.35
    return y + MARGIN - 4


def _empty(c: Canvas, x: int, y: int, style: Style) -> None:
    w, h = C.size(style)
    c.rounded((x, y, x + w - 1, y + h - 1), radius=style.card_px(C.RADIUS), outline=S.MUTED, width=style.px(1.5))
    c.text((x + w / 2, y + h / 2), "empty", 13, S.MUTED, bold=False, anchor="mm")


def board(
    style: Style,
    title: str,
    alt: str,
    filename: str,
    *,
    lines: Sequence[str] = (),
    rows: Sequence[SeatRow] = (),
    sections: Sequence[Section] = (),
    footer: Sequence[str] = (),
    piles: Piles | None = None,
) -> RenderedImage:
    """The picture: measured first, then drawn on a canvas of that height."""
    height = _layout(None, style, title, lines, rows, sections, footer, piles)
    c = Canvas(style.px(WIDTH), style.px(height), style)
    _layout(c, style, title, lines, rows, sections, footer, piles)
    return c.finish(alt, filename)
