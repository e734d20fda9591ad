"""The picture of a finished hand: both hands laid down, the defender's lay-offs, the score.

Both hands are public once a hand ends (the KnockResult in ``view.last_hand``); a drawn
hand has no cards to show and gets a small picture with the words only.
"""

from __future__ import annotations

from PIL import ImageDraw

from bot.engine.melds import meld_kind
from bot.engine.scoring import KnockResult
from bot.engine.views import PublicView

from . import style as S
from .draw import RenderedImage, finish, panel, text_width, wrap
from .fonts import drawable, fit, font
from .groups import ROW_HEIGHT, Group, Mark, draw_row, meld_colour, meld_label, row_width
from .style import Style
from .text import Names, alt_result, cards_text, hand_line, score_line

MARGIN = 18
TITLE_SIZE = 24
NAME_SIZE = 17
LINE_SIZE = 17
MATCH_SIZE = 15
MIN_WIDTH = 560
MAX_ROW = 780  # wider rows wrap: Discord shrinks the picture to about 550 px and text must stay readable
_OUTCOME = {"knock": "knock", "undercut": "undercut!", "gin": "gin!", "big_gin": "big gin!", "draw": "drawn"}


def knocker_groups(r: KnockResult) -> list[Group]:
    """The knocker's melds, each with the defender's lay-offs on it (tagged), then deadwood."""
    laid: dict[int, list] = {}
    for card, idx in r.defender_layoffs:
        laid.setdefault(idx, []).append(card)
    groups = []
    for i, meld in enumerate(r.knocker_melds):
        extra = laid.get(i, [])
        cards = tuple(meld) + tuple(extra)
        if meld_kind(meld) == "run":  # a run shows its lay-offs at the end they extend
            cards = tuple(sorted(cards, key=lambda c: c.rank))
        marks = tuple(Mark(c, "LAID OFF", S.LAYOFF_COLOUR) for c in extra)
        groups.append(Group(cards, meld_label(meld), meld_colour(meld), marks=marks))
    if r.knocker_deadwood:
        label = f"DEADWOOD · {r.knocker_deadwood_points}"
        groups.append(Group(r.knocker_deadwood, label, S.DEADWOOD_COLOUR, dim=True))
    return groups


def defender_groups(r: KnockResult) -> list[Group]:
    groups = [Group(m, meld_label(m), meld_colour(m)) for m in r.defender_melds]
    if r.defender_deadwood:
        label = f"DEADWOOD · {r.defender_deadwood_points}"
        groups.append(Group(r.defender_deadwood, label, S.DEADWOOD_COLOUR, dim=True))
    return groups


def _wrap(groups: list[Group], style: Style) -> list[list[Group]]:
    """Groups split into as few lines as fit MAX_ROW units, balanced (a group is never split)."""
    limit = style.px(MAX_ROW)
    total = row_width(groups, style)
    if total <= limit:
        return [groups]
    lines_needed = -(-total // limit)
    capacity = max(total // lines_needed, max(row_width([g], style) for g in groups))
    while True:
        lines: list[list[Group]] = [[]]
        for g in groups:
            if lines[-1] and row_width(lines[-1] + [g], style) > capacity:
                lines.append([])
            lines[-1].append(g)
        if len(lines) <= lines_needed or capacity >= limit:
            return lines
        capacity += style.px(10)


def _captions(view: PublicView, names: Names) -> tuple[str, str]:
    record = view.last_hand
    assert record is not None and record.result is not None and record.knocker is not None
    r = record.result
    went = {"gin": "went gin", "big_gin": "went big gin"}.get(
        record.outcome, f"knocked with {r.knocker_deadwood_points}")
    k = f"{names[record.knocker]} {went}"
    dsc = f"{names[1 - record.knocker]} · deadwood {r.defender_deadwood_points}"
    if r.defender_layoffs:
        dsc += f" after laying off {cards_text(c for c, _ in r.defender_layoffs)}"
    return k, dsc


def render_result(view: PublicView, names: Names, style: Style = Style()) -> RenderedImage:
    """The last finished hand (``view.last_hand``): both hands with melds, lay-offs and the score."""
    record = view.last_hand
    if record is None:
        raise ValueError("no hand has finished yet")
    px = style.px
    safe = (drawable(names[0], "Player 1"), drawable(names[1], "Player 2"))
    several = len(view.games) > 1
    line = wrap(drawable(hand_line(record, names, several)), LINE_SIZE, px(MAX_ROW), style, bold=True)
    match = wrap(drawable(score_line(view, names)), MATCH_SIZE, px(MAX_ROW), style)
    title = f"Hand {record.number} · " + _OUTCOME.get(record.outcome, record.outcome)
    if record.result is None:
        rows: list[tuple[str, list[Group]]] = []
    else:
        k = record.knocker
        assert k is not None
        kc, dc = _captions(view, safe)
        rows = [(kc, knocker_groups(record.result)), (dc, defender_groups(record.result))]
        rows = [(caption, line) for caption, groups in rows for line in _wrap(groups, style)]
        # a player's caption heads the first line of their cards only
        rows = [(caption if i == 0 or rows[i - 1][0] != caption else "", line)
                for i, (caption, line) in enumerate(rows)]
    widest = max([row_width(g, style) for _, g in rows] + [text_width(t, LINE_SIZE, style) for t in line]
                 + [text_width(t, MATCH_SIZE, style, bold=False) for t in match] + [px(MIN_WIDTH - 2 * MARGIN)])
    width = widest + px(2 * MARGIN)
    name_h = NAME_SIZE * 1.5
    # the tag space above the cards overlaps the caption's line gap
    rows_h = sum((name_h if caption else 0) + ROW_HEIGHT - 8 + 10 for caption, _ in rows)
    footer_h = 6 + len(line) * LINE_SIZE * 1.35 + 4 + len(match) * MATCH_SIZE * 1.3
    height = px(MARGIN + TITLE_SIZE * 1.4 + rows_h + footer_h + MARGIN)
    im = panel(width, height, style)
    d = ImageDraw.Draw(im)
    y = px(MARGIN)
    d.text((px(MARGIN), y - px(4)), title, font=font(px(TITLE_SIZE)), fill=S.TEXT, anchor="la")
    y += px(TITLE_SIZE * 1.4)
    for caption, groups in rows:
        if caption:
            d.text((px(MARGIN), y), fit(caption, px(NAME_SIZE), width - px(2 * MARGIN)), font=font(px(NAME_SIZE)),
                   fill=S.TEXT, anchor="la")
            y += px(name_h)
        draw_row(im, groups, px(MARGIN), y - px(8), style)
        y += px(ROW_HEIGHT - 8 + 10)
    y += px(6)
    colour = S.TEXT if record.winner is None else S.GOOD
    for text in line:
        d.text((px(MARGIN), y), text, font=font(px(LINE_SIZE)), fill=colour, anchor="la")
        y += px(LINE_SIZE * 1.35)
    y += px(4)
    for text in match:
        d.text((px(MARGIN), y), text, font=font(px(MATCH_SIZE), bold=False), fill=S.MUTED, anchor="la")
        y += px(MATCH_SIZE * 1.3)
    return finish(im, alt_result(view, names), f"result-{record.number}.png")
