"""The private hand picture: the engine's best arrangement as bracketed groups, deadwood dimmed.

At most 550 layout units wide (1,100 px at scale 2) like the public pictures, and no taller
than wide: a crowded hand overlaps its cards a little more, and only if that is not enough
takes two rows.
"""

from __future__ import annotations

from bot.engine import Card, deadwood_groups
from bot.engine.gin import SeatView
from bot.i18n import N_, current

from ..kit import style as S
from ..kit.draw import PUBLIC_MAX_UNITS, Canvas, RenderedImage, pill_size, text_width
from ..kit.fonts import drawable, fit
from ..kit.groups import (
    ROW_GAP,
    Group,
    Mark,
    Placed,
    draw_row,
    fit_rows,
    layout_row,
    meld_colour,
    meld_label,
    row_height,
    row_width,
)
from ..kit.style import DEFAULT_STYLE, Style
from ..kit.words import Names
from .alt import alt_hand
from .words import status_line

MARGIN = 12
TITLE = N_("Your hand")
TITLE_SIZE = 26
STATUS_SIZE = 17
BADGE_SIZE = 17
ROW_TOP = 68
MIN_WIDTH = 480
MAX_WIDTH = PUBLIC_MAX_UNITS


def _over(view: SeatView) -> bool:
    return view.finished or view.phase == "over"


def hand_groups(view: SeatView, style: Style = DEFAULT_STYLE) -> list[Group]:
    """Melds in the engine's order, then the deadwood (pairs and near-runs together, by the player's
    card order); the card just drawn is marked NEW."""
    arr = view.arrangement
    if arr is None:
        return [Group(tuple(view.hand), "", S.DEADWOOD_COLOUR)] if view.hand else []
    drawn = None if _over(view) else view.drawn
    t = current()

    def marks(cards: tuple[Card, ...]) -> tuple[Mark, ...]:
        return tuple(Mark(c, t._("NEW"), S.NEW_COLOUR) for c in cards if c == drawn)

    groups = [Group(m, meld_label(m), meld_colour(m), marks=marks(m)) for m in arr.melds]
    if arr.deadwood:
        loose = tuple(c for group in deadwood_groups(arr.deadwood, style.order) for c in group)
        groups.append(
            Group(
                loose,
                t._("DEADWOOD · {points}", points=arr.deadwood_points),
                S.DEADWOOD_COLOUR,
                dim=True,
                marks=marks(loose),
            )
        )
    return groups


def badges(view: SeatView, hints: bool = True) -> list[tuple[str, S.RGB, S.RGB]]:
    """(text, background, ink), left to right: 'GIN' or 'can knock · N' (a hint), then 'deadwood: N'."""
    t = current()
    out = []
    best = view.best_knock
    if view.can_gin:
        out.append((t._("GIN"), S.BADGE_GIN, S.INK))
    elif best is not None and hints:
        out.append((t._("can knock · {deadwood}", deadwood=best[1]), S.BADGE_KNOCK, S.PANEL))
    if view.arrangement is not None:
        out.append((t._("deadwood: {points}", points=view.arrangement.deadwood_points), S.BADGE_GREY, S.TEXT))
    return out


def _tags(view: SeatView, style: Style) -> list[tuple[str, S.RGB, S.RGB]]:
    return [] if _over(view) else badges(view, style.hints)


def _badges_width(tags: list[tuple[str, S.RGB, S.RGB]], style: Style) -> int:
    return sum(pill_size(t, BADGE_SIZE, style)[0] for t, _, _ in tags) + style.px(8) * max(0, len(tags) - 1)


def _plan(view: SeatView, style: Style) -> tuple[int, int, float, list[tuple[list[Group], int, int]]]:
    """Width, height, the strip (card units) and each row of groups with its top-left corner."""
    px = style.px
    rows, strip = fit_rows(hand_groups(view, style), px(MAX_WIDTH - 2 * MARGIN), style)
    widest = max((row_width(r, style, strip) for r in rows), default=0)
    header = text_width(current()._(TITLE), TITLE_SIZE, style) + px(16) + _badges_width(_tags(view, style), style)
    width = max(widest, header) + px(2 * MARGIN)
    width = max(width, px(MIN_WIDTH))
    n = max(1, len(rows))
    height = px(ROW_TOP + n * row_height(style) + (n - 1) * ROW_GAP + MARGIN - 4)
    width = min(max(width, height), px(MAX_WIDTH))  # two rows of large cards: widened, not taller than wide
    placed = [
        (row, (width - row_width(row, style, strip)) // 2, px(ROW_TOP + i * (row_height(style) + ROW_GAP)))
        for i, row in enumerate(rows)
    ]
    return width, height, strip, placed


def hand_layout(view: SeatView, style: Style = DEFAULT_STYLE) -> tuple[int, int, list[Placed]]:
    """Width, height and where each group goes (render_hand draws exactly this; tests read it)."""
    width, height, strip, rows = _plan(view, style)
    return width, height, [p for row, x, y in rows for p in layout_row(row, x, y, style, strip)]


def render_hand(view: SeatView, names: Names, style: Style = DEFAULT_STYLE) -> RenderedImage:
    """The player's own cards only (never the opponent's), grouped into melds and deadwood."""
    px = style.px
    width, height, strip, rows = _plan(view, style)
    tags = _tags(view, style)
    c = Canvas(width, height, style)
    c.text((px(MARGIN), px(12)), current()._(TITLE), TITLE_SIZE, S.TEXT)
    status = fit(drawable(status_line(view, names)), px(STATUS_SIZE), width - px(2 * MARGIN), bold=False)
    c.text((px(MARGIN), px(44)), status, STATUS_SIZE, S.MUTED, bold=False)
    x = width - px(MARGIN) - _badges_width(tags, style)
    for text, bg, ink in tags:
        x += c.pill(x, px(10), text, BADGE_SIZE, bg, ink) + px(8)
    for row, x, y in rows:
        draw_row(c, row, x, y, style, strip)
    return c.finish(alt_hand(view, names), f"hand-{view.deal_number}-{view.seat}.png")
