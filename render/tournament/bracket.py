"""The bracket as a picture: rounds as columns of match boxes, the winner bright and the others muted.

A picture fits a phone (550 layout units wide, no taller than wide, text 12 units), so it shows at most
four columns: from the first round with a match still open, with earlier rounds when later ones are few;
a round with more matches than a column holds takes several columns. The words (``bracket_words``, the
picture's text alternative) hold every round.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import current
from bot.tournaments import BracketView, MatchView, Outcome

from ..kit import style as S
from ..kit.draw import Canvas, RenderedImage, text_width
from ..kit.fonts import drawable, fit
from ..kit.style import DEFAULT_STYLE, Style
from .words import bracket_words

WIDTH = 550  # layout units, also the tallest a picture may be
MARGIN, GAP = 12, 6
TITLE_SIZE, SIZE = 16, 12
TITLE_H = 30  # the title line and the space under it
LINE = 17  # a text line in a box or a header
PAD = 5  # inside a box, above and below its lines
MAX_COLUMNS = 4


@dataclass(frozen=True, slots=True)
class _Column:
    section: str  # the part's title ("" for none)
    title: str
    matches: tuple[MatchView, ...]


def _box_height(match: MatchView) -> int:
    label = match.outcome in (Outcome.BYE, Outcome.FORFEIT, Outcome.AWARDED)
    return (len(match.seats) + label) * LINE + 2 * PAD


def _columns(view: BracketView, room: int) -> list[_Column]:
    """Every round as columns of at most ``room`` units of boxes, in the order drawn."""
    t = current()
    out: list[_Column] = []
    for section in view.sections:
        part = "" if section.title is None else t.said(section.title)
        for round_view in section.rounds:
            title = t.said(round_view.title)
            chunk: list[MatchView] = []
            used = 0
            for match in round_view.matches:
                h = _box_height(match) + GAP
                if chunk and used + h > room:
                    out.append(_Column(part, title, tuple(chunk)))
                    chunk, used = [], 0
                chunk.append(match)
                used += h
            out.append(_Column(part, title, tuple(chunk)))
    return out


def _window(columns: list[_Column]) -> list[_Column]:
    """At most MAX_COLUMNS columns, from the first with an open match (or the last ones)."""
    if len(columns) <= MAX_COLUMNS:
        return columns
    first_open = next((i for i, c in enumerate(columns) if any(m.outcome is None for m in c.matches)), len(columns))
    start = min(first_open, len(columns) - MAX_COLUMNS)
    return columns[start : start + MAX_COLUMNS]


def render_bracket(view: BracketView, style: Style = DEFAULT_STYLE) -> RenderedImage:
    """The bracket's picture; its text alternative is the whole bracket in words."""
    t = current()
    px = style.px
    header = LINE * (2 if any(s.title is not None for s in view.sections) else 1) + 4
    room = WIDTH - MARGIN - TITLE_H - header - MARGIN
    shown = _window(_columns(view, room))
    tallest = max((sum(_box_height(m) + GAP for m in c.matches) for c in shown), default=0)
    height = MARGIN + TITLE_H + header + tallest + MARGIN - GAP
    canvas = Canvas(px(WIDTH), px(max(height, 120)), style)
    canvas.text(
        (px(MARGIN), px(MARGIN)), fit(drawable(t.said(view.title)), px(TITLE_SIZE), px(260)), TITLE_SIZE, S.TEXT
    )
    if view.champion is not None:
        crown = t._("Champion: {name}", name=drawable(view.champion))
        canvas.text((px(WIDTH - MARGIN), px(MARGIN)), fit(crown, px(SIZE), px(250)), SIZE, S.SET_COLOUR, anchor="ra")
    n = max(len(shown), 1)
    width = (WIDTH - 2 * MARGIN - (n - 1) * GAP) / n
    for i, column in enumerate(shown):
        left = MARGIN + i * (width + GAP)
        top = MARGIN + TITLE_H
        if header > LINE + 4:
            part = "" if column.section == column.title else column.section
            canvas.text((px(left), px(top)), fit(part, px(SIZE), px(width), bold=False), SIZE, S.MUTED, bold=False)
            top += LINE
        canvas.text((px(left), px(top)), fit(column.title, px(SIZE), px(width)), SIZE, S.MUTED)
        y = MARGIN + TITLE_H + header
        for match in column.matches:
            _draw_match(canvas, match, left, y, width)
            y += _box_height(match) + GAP
    return canvas.finish(bracket_words(view), "bracket.png")


def _draw_match(canvas: Canvas, match: MatchView, left: float, top: float, width: float) -> None:
    t = current()
    px = canvas.style.px
    canvas.rounded((px(left), px(top), px(left + width), px(top + _box_height(match))), px(4), fill=S.PANEL_LIGHT)
    y = top + PAD
    scores = [s.score for s in match.seats if s.score is not None]
    score_w = max((text_width(str(v), SIZE, canvas.style) for v in scores), default=0) + (px(6) if scores else 0)
    seats = match.seats
    if len(seats) > 2 and match.outcome is not None:  # a table: in the order it finished, with places
        seats = tuple(sorted(seats, key=lambda s: s.place or 0))
    for seat in seats:
        won = seat.place == 1
        colour = S.TEXT if match.outcome is None or won else S.MUTED
        if seat.user_id is None:
            name, colour = "—", S.MUTED
        else:
            shown = (
                drawable(seat.name) if len(seats) < 3 or seat.place is None else f"{seat.place}. {drawable(seat.name)}"
            )
            name = fit(shown, px(SIZE), px(width - 12) - score_w, bold=won)
        canvas.text((px(left + 6), px(y + 2)), name, SIZE, colour, bg=S.PANEL_LIGHT, bold=won)
        if seat.score is not None:
            canvas.text(
                (px(left + width - 6), px(y + 2)),
                str(seat.score),
                SIZE,
                colour,
                bg=S.PANEL_LIGHT,
                bold=won,
                anchor="ra",
            )
        y += LINE
    label = {Outcome.BYE: t._("Bye"), Outcome.FORFEIT: t._("Forfeit"), Outcome.AWARDED: t._("Awarded")}.get(
        match.outcome or Outcome.PLAYED
    )
    if label:
        canvas.text(
            (px(left + 6), px(y + 2)),
            fit(label, px(SIZE), px(width - 12), bold=False),
            SIZE,
            S.SET_COLOUR,
            bg=S.PANEL_LIGHT,
            bold=False,
        )


__all__ = ["render_bracket"]
