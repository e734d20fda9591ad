"""The public table picture: stock, discard pile, both players, whose turn, the last action.

Drawn from a PublicView only, so it cannot show a hidden card: the one face shown is
the top of the discard pile.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.engine.views import PublicView

from . import cards as C
from . import style as S
from .draw import RenderedImage, finish, panel, wrap
from .fonts import drawable, fit, font
from .style import Style
from .text import Names, alt_table, cards_text, describe_events

WIDTH = 560
MARGIN = 18
PILE_TOP = 34
LAYER = 2.5  # offset of each card under the top one
INFO_LEFT = 254
ROW_H = 54
ROW_GAP = 8
ACTION_SIZE = 14
RULES_SIZE = 13


def _layers(count: int) -> int:
    """How many cards to draw for a pile of ``count``: thicker piles look thicker."""
    return 0 if count <= 0 else min(5, 1 + (count - 1) // 8)


def _edge(style: Style) -> Image.Image:
    """A plain card: the lower cards of the discard pile peek out as edges only."""
    return C.blank(style)


def _empty_slot(d: ImageDraw.ImageDraw, x: int, y: int, style: Style) -> None:
    w, h = C.size(style)
    d.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=style.px(C.RADIUS), outline=S.MUTED,
                        width=style.px(1.5))
    d.text((x + w / 2, y + h / 2), "empty", font=font(style.px(13), bold=False), fill=S.MUTED, anchor="mm")


def _rules_line(view: PublicView) -> str:
    rules = view.rules
    bits = [rules.name, f"hand {view.deal_number}"]
    if view.knock_limit == 0:  # straight gin, or an Oklahoma ace upcard: this hand's limit says it
        bits.append("gin only")
    else:
        bits.append(f"knock ≤ {view.knock_limit}")
    if view.multiplier > 1:
        bits.append(f"scores ×{view.multiplier}")
    bits.append(f"to {rules.target}")
    return " · ".join(bits)


def _doing(view: PublicView) -> str:
    doing = {"offer": "upcard offer", "draw": "to draw", "discard": "to discard"}.get(view.phase, "to play")
    return "▶ " + doing


def render_table(view: PublicView, names: Names, style: Style = Style()) -> RenderedImage:
    px = style.px
    cw, ch = C.size(style)
    info_w = WIDTH - INFO_LEFT - MARGIN
    last = describe_events(view, names)
    lines = wrap(drawable(last), ACTION_SIZE, px(info_w), style)[:4]
    rules_lines = wrap(_rules_line(view), RULES_SIZE, px(info_w), style)[:2]
    rows_top = 58 + RULES_SIZE * 1.3 * len(rules_lines) + (12 if len(view.games) > 1 else 0)
    action_top = rows_top + 2 * ROW_H + ROW_GAP + 14
    height = max(PILE_TOP + C.HEIGHT + 2 * LAYER * 2 + 40, action_top + len(lines) * ACTION_SIZE * 1.35 + MARGIN)
    im = panel(px(WIDTH), px(height), style)
    d = ImageDraw.Draw(im)

    # Piles: the stock face down, the discard pile with its top card face up.
    sx, dx, y = px(MARGIN), px(MARGIN + C.WIDTH + 22 + 8), px(PILE_TOP)
    if view.stock_count:
        back = C.back(style)
        for i in range(_layers(view.stock_count) - 1, 0, -1):
            im.paste(back, (sx + px(i * LAYER), y + px(i * LAYER)), back)
        im.paste(back, (sx, y), back)
    else:
        _empty_slot(d, sx, y, style)
    if view.discard_top is not None:
        edge = _edge(style)
        for i in range(_layers(view.discard_count) - 1, 0, -1):
            im.paste(edge, (dx + px(i * LAYER), y + px(i * LAYER)), edge)
        top = C.face(view.discard_top, style)
        im.paste(top, (dx, y), top)
    else:
        _empty_slot(d, dx, y, style)
    label_y = y + ch + px(5 * LAYER + 8)
    label_font = font(px(15))
    d.text((sx, label_y), f"STOCK · {view.stock_count}", font=label_font, fill=S.MUTED, anchor="la")
    pile_name = "UPCARD" if view.phase == "offer" else "DISCARD"
    d.text((dx, label_y), f"{pile_name} · {view.discard_count}", font=label_font, fill=S.MUTED, anchor="la")

    # Title, the rules in short, then one row per player.
    ix = px(INFO_LEFT)
    right = px(WIDTH - MARGIN)
    d.text((ix, px(14)), "Gin Rummy", font=font(px(24)), fill=S.TEXT, anchor="la")
    for i, text in enumerate(rules_lines):
        d.text((ix, px(46 + i * RULES_SIZE * 1.3)), text, font=font(px(RULES_SIZE), bold=False),
               fill=S.MUTED, anchor="la")
    several = len(view.games) > 1
    col_w = 40
    if several:
        for g in range(len(view.games)):
            cx = right - px(10 + (len(view.games) - 1 - g) * col_w + col_w / 2)
            d.text((cx, px(rows_top - 3)), f"G{g + 1}", font=font(px(12)), fill=S.MUTED, anchor="ms")
    for seat in (0, 1):
        top = px(rows_top + seat * (ROW_H + ROW_GAP))
        box = (ix - px(8), top, right, top + px(ROW_H))
        if view.turn == seat:
            d.rounded_rectangle(box, radius=px(8), fill=S.PANEL_LIGHT, outline=S.NEW_COLOUR, width=px(1.5))
        score_w = px(len(view.games) * col_w + 10) if several else px(56)
        name = fit(drawable(names[seat], f"Player {seat + 1}"), px(19), right - ix - score_w)
        d.text((ix, top + px(6)), name, font=font(px(19)), fill=S.TEXT, anchor="la")
        sub = [_doing(view)] if view.turn == seat else []
        sub.append(f"{view.card_counts[seat]} cards")
        if view.dealer == seat:
            sub.append("dealer")
        if view.known_cards[seat]:
            sub.append("holds " + cards_text(view.known_cards[seat]))
        d.text((ix, top + px(31)), fit(" · ".join(sub), px(13), right - ix - score_w, bold=False),
               font=font(px(13), bold=False), fill=S.MUTED, anchor="la")
        if several:
            for g, game in enumerate(view.games):
                cx = right - px(10 + (len(view.games) - 1 - g) * col_w + col_w / 2)
                shown = game.totals if game.finished else game.scores
                colour = S.TEXT if not game.finished else (S.SET_COLOUR if game.winner == seat else S.MUTED)
                d.text((cx, top + px(ROW_H / 2)), str(shown[seat]), font=font(px(20)), fill=colour, anchor="mm")
        else:
            d.text((right - px(12), top + px(ROW_H / 2)), str(view.totals[seat]), font=font(px(32)),
                   fill=S.TEXT, anchor="rm")

    ay = px(action_top)
    for line in lines:
        d.text((ix, ay), line, font=font(px(ACTION_SIZE), bold=False), fill=S.MUTED, anchor="la")
        ay += px(ACTION_SIZE * 1.35)
    return finish(im, alt_table(view, names), f"table-{view.deal_number}-{view.moves}.png")
