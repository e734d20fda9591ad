"""A player's rating over his matches as a line chart (the picture of /gin stats' rating history).

Takes plain numbers (the ratings after each match, oldest first), so it knows nothing of the store.
Fits a phone like every public picture: 550 layout units wide, wider than tall, no text under 11 px
once shown 550 px wide.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from bot.i18n import current

from .kit import style as S
from .kit.draw import Canvas, RenderedImage
from .kit.style import DEFAULT_STYLE, Style

WIDTH, HEIGHT = 550, 300  # layout units
LEFT, RIGHT, TOP, BOTTOM = 56, 20, 46, 34  # the plot's margins
TITLE_SIZE, LABEL_SIZE = 16, 12
LINE: S.RGB = S.RUN_COLOUR
GRID: S.RGB = S.PANEL_LIGHT


def _ticks(low: int, high: int) -> list[int]:
    """Three to five round values across [low, high]."""
    span = max(high - low, 1)
    step = next(s for s in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 10_000) if span / s <= 4)
    first = (low // step + 1) * step if low % step else low
    return list(range(first, high + 1, step))


def rating_chart(ratings: Sequence[int], title: str, style: Style = DEFAULT_STYLE) -> RenderedImage:
    """The ratings after each match (oldest first) as a line; one point is drawn as a dot. Its words
    are in the language being written now."""
    if not ratings:
        raise ValueError("a rating chart needs at least one rating")
    t = current()
    n = len(ratings)
    px = style.px
    canvas = Canvas(px(WIDTH), px(HEIGHT), style)
    canvas.text((px(16), px(12)), title, TITLE_SIZE, S.TEXT)
    low, high = min(ratings), max(ratings)
    pad = max(5, (high - low) // 10)
    low, high = low - pad, high + pad
    x0, x1, y0, y1 = px(LEFT), px(WIDTH - RIGHT), px(TOP), px(HEIGHT - BOTTOM)

    def y_of(r: int) -> float:
        return y1 - (r - low) * (y1 - y0) / (high - low)

    def x_of(i: int) -> float:
        return x0 if len(ratings) == 1 else x0 + i * (x1 - x0) / (len(ratings) - 1)

    for tick in _ticks(low, high):
        y = y_of(tick)
        canvas.line((x0, y, x1, y), GRID, width=max(1, px(1)))
        canvas.text((x0 - px(6), y), str(tick), LABEL_SIZE, S.MUTED, anchor="rm", bold=False)
    canvas.text((x0, y1 + px(8)), "1", LABEL_SIZE, S.MUTED, anchor="la", bold=False)
    matches = t.ngettext("{n} match", "{n} matches", n, n=n)
    canvas.text((x1, y1 + px(8)), matches, LABEL_SIZE, S.MUTED, anchor="ra", bold=False)
    points = [(x_of(i), y_of(r)) for i, r in enumerate(ratings)]
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        canvas.line((ax, ay, bx, by), LINE, width=max(2, px(2)))
    lx, ly = points[-1]
    canvas.rounded((lx - px(4), ly - px(4), lx + px(4), ly + px(4)), px(4), fill=LINE)
    alt = t.ngettext(
        "{title}: {first} after the first of {n} match, {last} now; highest {highest}, lowest {lowest}.",
        "{title}: {first} after the first of {n} matches, {last} now; highest {highest}, lowest {lowest}.",
        n,
        title=title,
        first=ratings[0],
        n=n,
        last=ratings[-1],
        highest=max(ratings),
        lowest=min(ratings),
    )
    return canvas.finish(alt, "rating.png")
