"""The standings as a picture: a table of places, names, points, won–lost and the tie-breaks.

It fits a phone like every picture (550 layout units wide, no taller than wide, text 12 units): the
first rows that fit, then how many more there are; columns that leave a name too little room are left
out, the tie-breaks first. The words (``standings_words``, the text alternative) hold every row.
"""

from __future__ import annotations

from bot.i18n import current
from bot.tournaments import Standing, Standings

from ..kit import style as S
from ..kit.draw import Canvas, RenderedImage, text_width
from ..kit.fonts import drawable, fit
from ..kit.style import DEFAULT_STYLE, Style
from .words import standings_title, standings_words

WIDTH = 550
MARGIN = 12
TITLE_SIZE, SIZE = 16, 12
TITLE_H = 30
ROW = 19
NAME_ROOM = 120  # the least width a name keeps
MAX_ROWS = (WIDTH - 2 * MARGIN - TITLE_H - ROW) // ROW - 1  # one row left for "and n more"


def _columns(view: Standings) -> list[tuple[str, list[str]]]:
    """(header, one value a row) of every number column, most wanted first."""
    t = current()
    rows = view.rows[:MAX_ROWS]
    out: list[tuple[str, list[str]]] = []
    if view.points:
        out.append((t._("Points"), [t.number(r.points) for r in rows]))
    out.append((t._("Won–lost"), [f"{r.wins}–{r.losses}" for r in rows]))
    for i, title in enumerate(view.tiebreaks):
        out.append((t.said(title), [t.number(r.tiebreaks[i]) for r in rows]))
    return out


def render_standings(view: Standings, style: Style = DEFAULT_STYLE) -> RenderedImage:
    """The standings' picture; its text alternative is every row in words."""
    t = current()
    px = style.px
    rows = view.rows[:MAX_ROWS]
    more = len(view.rows) - len(rows)
    place_w = max((text_width(str(r.place), SIZE, style) for r in rows), default=0) + px(10)
    columns = _columns(view)
    widths = [
        max(text_width(h, SIZE, style, bold=False), *(text_width(v, SIZE, style) for v in vs)) + px(14)
        for h, vs in columns
    ]
    while columns and px(WIDTH - 2 * MARGIN) - place_w - sum(widths) < px(NAME_ROOM):
        columns.pop()
        widths.pop()
    name_w = px(WIDTH - 2 * MARGIN) - place_w - sum(widths)
    height = MARGIN + TITLE_H + ROW * (len(rows) + 1 + (more > 0)) + MARGIN
    canvas = Canvas(px(WIDTH), px(max(height, 120)), style)
    canvas.text(
        (px(MARGIN), px(MARGIN)),
        fit(drawable(standings_title(view)), px(TITLE_SIZE), px(WIDTH - 2 * MARGIN)),
        TITLE_SIZE,
        S.TEXT,
    )
    top = MARGIN + TITLE_H
    right = px(WIDTH - MARGIN)
    x = right
    for (head, _), w in zip(reversed(columns), reversed(widths), strict=True):
        canvas.text(
            (x, px(top + 2)), fit(head, px(SIZE), w - px(4), bold=False), SIZE, S.MUTED, bold=False, anchor="ra"
        )
        x -= w
    for i, row in enumerate(rows):
        y = top + ROW * (i + 1)
        ground = S.PANEL_LIGHT if i % 2 == 0 else S.PANEL
        if ground == S.PANEL_LIGHT:
            canvas.rect((px(MARGIN), px(y), right, px(y + ROW) - 1), S.PANEL_LIGHT)
        _row(canvas, row, y, ground, place_w, name_w, [vs[i] for _, vs in columns], widths)
    if more:
        y = top + ROW * (len(rows) + 1)
        words = t.ngettext("and {n} more player", "and {n} more players", more, n=t.number(more))
        canvas.text((px(MARGIN + 6), px(y + 2)), words, SIZE, S.MUTED, bold=False)
    return canvas.finish(standings_words(view), "standings.png")


def _row(
    canvas: Canvas,
    row: Standing,
    y: int,
    ground: S.RGB,
    place_w: int,
    name_w: int,
    values: list[str],
    widths: list[int],
) -> None:
    t = current()
    px = canvas.style.px
    colour = S.MUTED if row.removed else S.SET_COLOUR if row.place == 1 else S.TEXT
    left = px(MARGIN + 6)
    canvas.text((left, px(y + 2)), str(row.place), SIZE, colour, bg=ground)
    raw = drawable(row.name)
    name = t._("{name} (removed)", name=raw) if row.removed else raw
    canvas.text((left + place_w, px(y + 2)), fit(name, px(SIZE), name_w - px(6)), SIZE, colour, bg=ground)
    x = px(WIDTH - MARGIN)
    for value, w in zip(reversed(values), reversed(widths), strict=True):
        canvas.text((x - px(6), px(y + 2)), value, SIZE, colour, bg=ground, anchor="ra")
        x -= w


__all__ = ["render_standings"]
