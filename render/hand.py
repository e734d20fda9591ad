"""The private hand picture: the engine's best arrangement as bracketed groups, deadwood dimmed."""

from __future__ import annotations

from PIL import ImageDraw

from bot.engine.views import SeatView

from . import style as S
from .draw import RenderedImage, finish, panel, pill, pill_size
from .fonts import drawable, fit, font
from .groups import ROW_HEIGHT, Group, Mark, Placed, draw_row, layout_row, meld_colour, meld_label, row_width
from .style import Style
from .text import Names, alt_hand, can_gin, can_knock, knock_deadwood, status_line

MARGIN = 18
TITLE_SIZE = 26
STATUS_SIZE = 17
BADGE_SIZE = 19
ROW_TOP = 72
MIN_WIDTH = 520


def hand_groups(view: SeatView) -> list[Group]:
    """Melds in the engine's order, then the deadwood; the card just drawn is marked NEW."""
    arr = view.arrangement
    if arr is None:
        return [Group(tuple(view.hand), "", S.DEADWOOD_COLOUR)] if view.hand else []

    def marks(cards: tuple) -> tuple[Mark, ...]:
        return tuple(Mark(c, "NEW", S.NEW_COLOUR) for c in cards if c == view.drawn)

    groups = [Group(m, meld_label(m), meld_colour(m), marks=marks(m)) for m in arr.melds]
    if arr.deadwood:
        groups.append(Group(arr.deadwood, f"DEADWOOD · {arr.deadwood_points}", S.DEADWOOD_COLOUR,
                            dim=True, marks=marks(arr.deadwood)))
    return groups


def badges(view: SeatView) -> list[tuple[str, S.RGB, S.RGB]]:
    """(text, background, ink), left to right: 'GIN' or 'can knock · N', then 'deadwood: N'."""
    out = []
    if can_gin(view):
        out.append(("GIN", S.BADGE_GIN, S.INK))
    elif can_knock(view):
        out.append((f"can knock · {knock_deadwood(view)}", S.BADGE_KNOCK, S.PANEL))
    if view.arrangement is not None:
        out.append((f"deadwood: {view.arrangement.deadwood_points}", S.BADGE_GREY, S.TEXT))
    return out


def hand_layout(view: SeatView, style: Style = Style()) -> tuple[int, int, list[Placed]]:
    """Width, height and where each group goes (render_hand draws exactly this; tests read it)."""
    px = style.px
    groups = hand_groups(view)
    width = max(row_width(groups, style) + px(2 * MARGIN), px(MIN_WIDTH))
    height = px(ROW_TOP + ROW_HEIGHT + MARGIN - 4)
    return width, height, layout_row(groups, (width - row_width(groups, style)) // 2, px(ROW_TOP), style)


def render_hand(view: SeatView, names: Names, style: Style = Style()) -> RenderedImage:
    """The player's own cards only (never the opponent's), grouped into melds and deadwood."""
    px = style.px
    width, height, placed = hand_layout(view, style)
    tags = badges(view)
    badge_w = sum(pill_size(t, BADGE_SIZE, style)[0] for t, _, _ in tags) + px(8) * max(0, len(tags) - 1)
    im = panel(width, height, style)
    d = ImageDraw.Draw(im)
    d.text((px(MARGIN), px(14)), "Your hand", font=font(px(TITLE_SIZE)), fill=S.TEXT, anchor="la")
    room = width - px(2 * MARGIN) - badge_w - px(12)
    status = fit(drawable(status_line(view, names)), px(STATUS_SIZE), room, bold=False)
    d.text((px(MARGIN), px(47)), status, font=font(px(STATUS_SIZE), bold=False), fill=S.MUTED, anchor="la")
    x = width - px(MARGIN) - badge_w
    for text, bg, ink in tags:
        x += pill(d, x, px(14), text, BADGE_SIZE, bg, ink, style) + px(8)
    if placed:
        draw_row(im, [p.group for p in placed], placed[0].slot[0], px(ROW_TOP), style)
    return finish(im, alt_hand(view, names), f"hand-{view.deal_number}-{view.seat}.png")
