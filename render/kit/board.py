"""A plain board picture shared by the games beyond two-player Gin (Knockout, three- and
four-player Gin, Colonel, Skarney, Rummy): optional piles at the top left, a title and a few
lines of words, one row per seat (name, what it holds, its score), then labelled sections of
card groups (melds on the table, laid-out hands) and closing lines.

Every picture is PUBLIC_MAX_UNITS wide (1,100 px at scale 2) and, where it can be, no taller:
a crowded one puts its sections in two columns, draws smaller cards, then writes its groups'
labels as legends (``board``). Its smallest text is then at least 11 px in a phone's 550 x 550
box (tests/render/test_phone_fit.py). Pure function of its arguments: callers build the rows
and groups from views only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.engine import Arrangement, Card
from bot.i18n import N_, current

from . import cards as C
from . import style as S
from .draw import PUBLIC_MAX_UNITS, Canvas, RenderedImage, wrap
from .fonts import drawable, fit
from .groups import (
    ROW_GAP,
    TAG_SPACE,
    Group,
    Mark,
    crowded,
    draw_legend,
    draw_row,
    fit_rows,
    label_size,
    legend_lines,
    meld_colour,
    meld_label,
    row_height,
    row_width,
)
from .style import CardSize, Style
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
COLUMN_GAP = 24  # between two columns of seats or sections
# The card sizes a picture may fall back to, from the one asked for, to stay wider than tall.
SHRINK: dict[str, tuple[CardSize, ...]] = {
    "large": ("normal", "small", "compact", "tiny"),
    "normal": ("small", "compact", "tiny"),
    "small": ("compact", "tiny"),
}


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
    label: str = N_("DISCARD")  # a marked text (N_), translated where drawn


def safe(names: Sequence[str], seat: int) -> str:
    """A seat's name as the pictures can draw it."""
    raw = names[seat] if 0 <= seat < len(names) else ""
    return drawable(raw, current()._("Player {number}", number=seat + 1))


def arrangement_groups(arr: Arrangement | None, hand: Sequence[Card], drawn: Card | None) -> list[Group]:
    """A hand as Gin melds then deadwood (dimmed); the card just drawn is marked NEW."""
    t = current()

    def marks(cards: tuple[Card, ...]) -> tuple[Mark, ...]:
        return tuple(Mark(c, t._("NEW"), S.NEW_COLOUR) for c in cards if c == drawn)

    if arr is None:
        return [Group(tuple(hand), t._("YOUR CARDS"), S.DEADWOOD_COLOUR, marks=marks(tuple(hand)))] if hand else []
    groups = [Group(m, meld_label(m), meld_colour(m), marks=marks(m)) for m in arr.melds]
    if arr.deadwood:
        groups.append(
            Group(
                arr.deadwood,
                t._("DEADWOOD · {points}", points=arr.deadwood_points),
                S.DEADWOOD_COLOUR,
                dim=True,
                marks=marks(arr.deadwood),
            )
        )
    return groups


def arrangement_text(arr: Arrangement | None, hand: Sequence[Card]) -> str:
    if arr is None:
        return cards_text(hand)
    t = current()
    parts = [cards_text(m) for m in arr.melds]
    melds = t._("melds: {melds}.", melds="; ".join(parts)) if parts else t._("no melds.")
    if arr.deadwood:
        dead = t._("deadwood {points}: {cards}", points=arr.deadwood_points, cards=cards_text(arr.deadwood))
    else:
        dead = t._("no deadwood")
    return f"{melds} {dead}"


def _wrapped(text: str, size: float, width: int, style: Style, most: int, bold: bool = False) -> list[str]:
    """``text`` in at most ``most`` lines of ``width`` px; the last one cut with an ellipsis if words are left."""
    lines = wrap(drawable(text), size, width, style, bold=bold)
    if len(lines) > most:
        lines = [*lines[: most - 1], " ".join(lines[most - 1 :])]
    return [fit(line, style.px(size), width, bold=bold) for line in lines]


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


@dataclass(frozen=True, slots=True)
class _Look:
    """How the sections are laid out: in how many columns, and the group labels as legends or not."""

    columns: int = 1
    legend: bool = False
    in_order: bool = False  # the sections fill the columns in order (else each goes to the shortest)


def _layout(
    c: Canvas | None,
    style: Style,
    title: str,
    lines: Sequence[str],
    rows: Sequence[SeatRow],
    sections: Sequence[Section],
    footer: Sequence[str],
    piles: Piles | None,
    look: _Look,
) -> float:
    """Draws (or measures) the board, its sections as ``look`` says; returns its height in layout units."""
    px = style.px
    pen = _Pen(c, style)
    cw = C.size(style)[0]
    left: float = MARGIN
    y = 14.0
    pile_bottom = 0.0
    t = current()
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
            pen.text((px(MARGIN), px(label_y)), t._("STOCK · {n}", n=piles.stock), PILE_LABEL_SIZE, S.MUTED)
            dx_u = MARGIN + C.width_units(style) + PILE_GAP
        else:
            dx_u = MARGIN
        pen.text((px(dx_u), px(label_y)), f"{t._(piles.label)} · {piles.count}", PILE_LABEL_SIZE, S.MUTED)
        n_piles = 2 if piles.stock is not None else 1
        left = MARGIN + n_piles * C.width_units(style) + (n_piles - 1) * PILE_GAP + 20
        pile_bottom = label_y + PILE_LABEL_SIZE * 1.4
    info_w = WIDTH - left - MARGIN
    pen.text((px(left), px(y)), fit(drawable(title), px(TITLE_SIZE), px(info_w)), TITLE_SIZE, S.TEXT)
    y += TITLE_SIZE * 1.5
    for line in lines:
        for part in _wrapped(line, LINE_SIZE, px(info_w), style, 4):
            pen.text((px(left), px(y)), part, LINE_SIZE, S.MUTED, bold=False)
            y += LINE_SIZE * 1.35
    y = max(y, pile_bottom) + 8
    y = _seat_rows(c, pen, style, rows, y)
    max_row = px(WIDTH - 2 * MARGIN)
    y = _columns(c, pen, style, sections, y, look)
    if footer:
        y += 6
    for line in footer:
        for part in _wrapped(line, LINE_SIZE, max_row, style, 4):
            pen.text((px(MARGIN), px(y)), part, LINE_SIZE, S.MUTED, bold=False)
            y += LINE_SIZE * 1.35
    return y + MARGIN - 4


def _seat_rows(c: Canvas | None, pen: _Pen, style: Style, rows: Sequence[SeatRow], y: float) -> float:
    """One line per seat; more than three seats sit in two columns (a phone's picture is no tower)."""
    columns = 2 if len(rows) > 3 else 1
    col_w = (WIDTH - 2 * MARGIN - (columns - 1) * COLUMN_GAP) / columns
    per_column = -(-len(rows) // columns)
    for i, row in enumerate(rows):
        x = MARGIN + (i // per_column) * (col_w + COLUMN_GAP)
        _seat_row(c, pen, style, row, x, y + (i % per_column) * ROW_H, col_w)
    return y + per_column * ROW_H


def _seat_row(c: Canvas | None, pen: _Pen, style: Style, row: SeatRow, x: float, y: float, width: float) -> None:
    px = style.px
    top, left, right = px(y), px(x), px(x + width)
    ground = S.PANEL_LIGHT if row.lit else S.PANEL
    if c is not None and row.lit:
        c.rounded(
            (left - px(6), top, right + px(6) - 1, top + px(ROW_H - 4)),
            radius=px(8),
            fill=S.PANEL_LIGHT,
            outline=S.NEW_COLOUR,
            width=px(1.5),
        )
    name_ink = S.MUTED if row.faded else S.TEXT
    score_w = px(80)
    pen.text(
        (left, top + px(3)),
        fit(drawable(row.name), px(NAME_SIZE), right - left - score_w),
        NAME_SIZE,
        name_ink,
        bg=ground,
    )
    pen.text(
        (left, top + px(23)),
        fit(drawable(row.sub), px(SUB_SIZE), right - left - score_w, bold=False),
        SUB_SIZE,
        S.MUTED,
        bg=ground,
        bold=False,
    )
    if row.score:
        pen.text((right - px(8), top + px((ROW_H - 4) / 2)), row.score, SCORE_SIZE, name_ink, bg=ground, anchor="rm")


def _section(
    c: Canvas | None, pen: _Pen, style: Style, sec: Section, x: float, y: float, width: float, legend: bool
) -> float:
    """A labelled section of card groups in the band [x, x + width]; returns the y under it. Its title
    takes two lines where one is too narrow."""
    px = style.px
    y += 6
    for line in _wrapped(sec.title, SECTION_SIZE, px(width), style, 2, bold=True):
        pen.text((px(x), px(y)), line, SECTION_SIZE, S.TEXT)
        y += SECTION_SIZE * 1.4
    if not sec.groups:
        if sec.empty:
            pen.text(
                (px(x), px(y)), fit(sec.empty, px(LINE_SIZE), px(width), bold=False), LINE_SIZE, S.MUTED, bold=False
            )
            y += LINE_SIZE * 1.5
        return y
    group_rows, strip = fit_rows(list(sec.groups), px(width), style, labels=not legend)
    label_line = label_size(style) * 1.3
    gap = ROW_GAP / 2 if crowded(style) else ROW_GAP
    for grow in group_rows:
        # a row with tags (LAID OFF, NEW) needs its tag space; one without, hardly any
        lift = 2 if any(g.marks for g in grow) else TAG_SPACE - 4
        left = px(x) + (px(width) - row_width(grow, style, strip, not legend)) // 2
        if c is not None:
            draw_row(c, grow, left, px(y - lift), style, strip, labels=not legend)
        y += row_height(style) - lift + gap
        if legend:  # the labels' line(s) instead of the one under the groups
            legend_rows = legend_lines(grow, px(width), style)
            if c is not None:
                top = px(y - gap - label_line)
                draw_legend(c, legend_rows, px(x + width / 2), top, style)
            y += (len(legend_rows) - 1) * label_line
    return y


def _columns(c: Canvas | None, pen: _Pen, style: Style, sections: Sequence[Section], y: float, look: _Look) -> float:
    """The sections in columns, each to the shortest column (or in order); returns the y under the tallest."""
    n = max(1, min(look.columns, len(sections)))
    width = (WIDTH - 2 * MARGIN - (n - 1) * COLUMN_GAP) / n
    bottoms = [y] * n
    per_column = -(-len(sections) // n)
    for i, sec in enumerate(sections):
        col = i // per_column if look.in_order else min(range(n), key=lambda i: bottoms[i])
        x = MARGIN + col * (width + COLUMN_GAP)
        bottoms[col] = _section(c, pen, style, sec, x, bottoms[col], width, look.legend)
    return max(bottoms)


def _empty(c: Canvas, x: int, y: int, style: Style) -> None:
    w, h = C.size(style)
    c.rounded((x, y, x + w - 1, y + h - 1), radius=style.card_px(C.RADIUS), outline=S.MUTED, width=style.px(1.5))
    c.text((x + w / 2, y + h / 2), current()._("empty"), 13, S.MUTED, bold=False, anchor="mm")


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
    in_order: bool = False,
) -> RenderedImage:
    """The picture: measured first, then drawn on a canvas of that height. A picture that would be
    taller than wide (many laid-out hands) puts its sections in two columns, then draws its cards
    smaller, down to the tiny size, then writes the groups' labels as legends: the first layout
    that fits, else the shortest. ``in_order``: sections fill the columns in order (the first half
    on the left: two tables side by side), not each the shortest column."""
    parts = (title, lines, rows, sections, footer, piles)
    sizes = (style.size, *SHRINK.get(style.size, ()))
    tries = [(size, _Look(k, legend, in_order)) for legend in (False, True) for size in sizes for k in (1, 2)]
    best: tuple[float, Style, _Look] | None = None
    for size, look in tries:
        sized = replace(style, size=size)
        height = _layout(None, sized, *parts, look)
        if best is None or height < best[0]:
            best = (height, sized, look)
        if height <= WIDTH:
            best = (height, sized, look)
            break
    assert best is not None
    height, style, look = best
    c = Canvas(style.px(WIDTH), style.px(height), style)
    _layout(c, style, *parts, look)
    return c.finish(alt, filename)
