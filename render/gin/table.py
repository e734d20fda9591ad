"""The public table picture: stock, discard pile, both players, whose turn, the last action.

Drawn from a PublicView only, so it cannot show a hidden card: the one face shown is
the top of the discard pile. 550 layout units wide (1,100 px at scale 2). Once the match is
over (or a hand is over and nothing is dealt) no row is marked as playing.
"""

from __future__ import annotations

from bot.engine.gin import PublicView
from bot.i18n import current

from ..kit import cards as C
from ..kit import style as S
from ..kit.draw import PUBLIC_MAX_UNITS, Canvas, RenderedImage, wrap
from ..kit.fonts import drawable, fit
from ..kit.style import DEFAULT_STYLE, Style
from ..kit.words import Names, cards_text
from ..knock.words import doing
from .alt import alt_table
from .words import describe_events, rules_line

WIDTH = PUBLIC_MAX_UNITS
MARGIN = 16
PILE_TOP = 34
PILE_GAP = 30  # stock to discard pile, beyond a card's width
LAYER = 2.5  # offset of each card under the top one
INFO_LEFT = 244  # with normal cards; larger cards push it right (info_left)
ROW_H = 54
ROW_GAP = 8
TITLE_SIZE = 24
NAME_SIZE = 19
SUB_SIZE = 13
SCORE_SIZE = 32
PILE_LABEL_SIZE = 15
ACTION_SIZE = 14
RULES_SIZE = 13


def _layers(count: int) -> int:
    """How many cards to draw for a pile of ``count``: thicker piles look thicker."""
    return 0 if count <= 0 else min(5, 1 + (count - 1) // 8)


def info_left(style: Style) -> float:
    """Left edge (layout units) of the title, rules and player rows: right of the two piles."""
    return max(INFO_LEFT, MARGIN + 2 * C.width_units(style) + PILE_GAP + 5 * LAYER + 16)


def _playing(view: PublicView) -> bool:
    """A turn is in progress (not once the match, or the hand without a next deal, is over)."""
    return not view.finished and view.phase != "over" and view.turn is not None


def _empty_slot(c: Canvas, x: int, y: int, style: Style) -> None:
    w, h = C.size(style)
    c.rounded((x, y, x + w - 1, y + h - 1), radius=style.card_px(C.RADIUS), outline=S.MUTED, width=style.px(1.5))
    c.text((x + w / 2, y + h / 2), current()._("empty"), RULES_SIZE, S.MUTED, bold=False, anchor="mm")


_rules_line = rules_line  # the rules in short, as the picture shows them


def _doing(view: PublicView) -> str:
    return "▶ " + doing(view.phase)


def render_table(view: PublicView, names: Names, style: Style = DEFAULT_STYLE) -> RenderedImage:
    t = current()
    px = style.px
    cw, ch = C.size(style)
    left = info_left(style)
    info_w = WIDTH - left - MARGIN
    playing = _playing(view)
    last = describe_events(view, names)
    lines = wrap(drawable(last), ACTION_SIZE, px(info_w), style)[:4]
    rules_lines = wrap(_rules_line(view), RULES_SIZE, px(info_w), style)[:2]
    rows_top = 58 + RULES_SIZE * 1.3 * len(rules_lines) + (12 if len(view.games) > 1 else 0)
    action_top = rows_top + 2 * ROW_H + ROW_GAP + 14
    pile_h = C.height_units(style)
    height = max(PILE_TOP + pile_h + 2 * LAYER * 2 + 40, action_top + len(lines) * ACTION_SIZE * 1.35 + MARGIN)
    c = Canvas(px(WIDTH), px(height), style)

    # Piles: the stock face down, the discard pile with its top card face up.
    sx, y = px(MARGIN), px(PILE_TOP)
    dx = sx + cw + px(PILE_GAP)
    if view.stock_count:
        for i in range(_layers(view.stock_count) - 1, -1, -1):
            c.back(sx + px(i * LAYER), y + px(i * LAYER))
    else:
        _empty_slot(c, sx, y, style)
    if view.discard_top is not None:
        for i in range(_layers(view.discard_count) - 1, 0, -1):
            c.blank(dx + px(i * LAYER), y + px(i * LAYER))
        c.card(view.discard_top, dx, y)
    else:
        _empty_slot(c, dx, y, style)
    label_y = y + ch + px(5 * LAYER + 8)
    c.text((sx, label_y), t._("STOCK · {count}", count=view.stock_count), PILE_LABEL_SIZE, S.MUTED)
    if view.phase == "offer":
        pile_label = t._("UPCARD · {count}", count=view.discard_count)
    else:
        pile_label = t._("DISCARD · {count}", count=view.discard_count)
    c.text((dx, label_y), pile_label, PILE_LABEL_SIZE, S.MUTED)

    # Title, the rules in short, then one row per player.
    ix = px(left)
    right = px(WIDTH - MARGIN)
    c.text((ix, px(14)), t._("Gin Rummy"), TITLE_SIZE, S.TEXT)
    for i, text in enumerate(rules_lines):
        c.text((ix, px(46 + i * RULES_SIZE * 1.3)), text, RULES_SIZE, S.MUTED, bold=False)
    several = len(view.games) > 1
    col_w = 40
    if several:
        for g in range(len(view.games)):
            cx = right - px(10 + (len(view.games) - 1 - g) * col_w + col_w / 2)
            # i18n: a column head over Hollywood's three scores: game 1, 2, 3 (a letter and the number)
            c.text((cx, px(rows_top - 3)), t._("G{number}", number=g + 1), RULES_SIZE, S.MUTED, anchor="ms")
    for seat in (0, 1):
        top = px(rows_top + seat * (ROW_H + ROW_GAP))
        lit = playing and view.turn == seat
        ground = S.PANEL_LIGHT if lit else S.PANEL
        if lit:
            c.rounded(
                (ix - px(8), top, right, top + px(ROW_H)),
                radius=px(8),
                fill=S.PANEL_LIGHT,
                outline=S.NEW_COLOUR,
                width=px(1.5),
            )
        score_w = px(len(view.games) * col_w + 10) if several else px(56)
        sub_w = right - ix - (0 if several else score_w)  # Hollywood's scores sit on the name's line only
        unnamed = t._("Player {number}", number=seat + 1)
        name = fit(drawable(names[seat], unnamed), px(NAME_SIZE), right - ix - score_w)
        c.text((ix, top + px(6)), name, NAME_SIZE, S.TEXT, bg=ground)
        sub = [_doing(view)] if lit else []
        held = view.card_counts[seat]
        sub.append(t.ngettext("{n} card", "{n} cards", held, n=t.number(held)))
        if view.dealer == seat:
            sub.append(t._("dealer"))
        if view.known_cards[seat]:
            sub.append(t._("holds {cards}", cards=cards_text(view.known_cards[seat])))
        if view.finished and view.winner == seat:
            sub.insert(0, t._("won the match"))
        c.text(
            (ix, top + px(31)),
            fit(" · ".join(sub), px(SUB_SIZE), sub_w, bold=False),
            SUB_SIZE,
            S.MUTED,
            bg=ground,
            bold=False,
        )
        if several:
            for g, game in enumerate(view.games):
                cx = right - px(10 + (len(view.games) - 1 - g) * col_w + col_w / 2)
                shown = game.totals if game.finished else game.scores
                colour = S.TEXT if not game.finished else (S.SET_COLOUR if game.winner == seat else S.MUTED)
                c.text((cx, top + px(17)), str(shown[seat]), 20, colour, bg=ground, anchor="mm")
        else:
            c.text(
                (right - px(12), top + px(ROW_H / 2)),
                str(view.totals[seat]),
                SCORE_SIZE,
                S.TEXT,
                bg=ground,
                anchor="rm",
            )

    ay = px(action_top)
    for line in lines:
        c.text((ix, ay), line, ACTION_SIZE, S.MUTED, bold=False)
        ay += px(ACTION_SIZE * 1.35)
    return c.finish(alt_table(view, names), f"table-{view.deal_number}-{view.moves}.png")
