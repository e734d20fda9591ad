"""The picture of a finished hand: both hands laid down, the defender's lay-offs, the score.

Both hands are public once a hand ends (the KnockResult in ``view.last_hand``); a drawn
hand has no cards to show and gets a small picture with the words only. At most 550 layout
units wide (1,100 px at scale 2) and no taller than wide: a hand too wide for one row overlaps
its cards more, then wraps; a result too tall draws smaller cards. Every number says what it is ('Bob knocked with 6 deadwood', 'Bob scores 10'); a
finished hand shows no turn.
"""

from __future__ import annotations

from dataclasses import replace

from bot.engine import Card, meld_kind
from bot.engine.gin import PublicView
from bot.engine.knock import KnockResult
from bot.i18n import N_, current

from ..kit import style as S
from ..kit.board import SHRINK
from ..kit.draw import PUBLIC_MAX_UNITS, Canvas, RenderedImage, text_width, wrap
from ..kit.fonts import drawable
from ..kit.groups import ROW_GAP, Group, Mark, draw_row, fit_rows, meld_colour, meld_label, row_height, row_width
from ..kit.style import DEFAULT_STYLE, Style
from ..kit.words import Names
from .alt import alt_result
from .words import defender_caption, knocker_caption, laid_out_by, score_line, score_phrase

MARGIN = 16
TITLE_SIZE = 24
NAME_SIZE = 17
LINE_SIZE = 17
MATCH_SIZE = 15
MIN_WIDTH = 480
MAX_WIDTH = PUBLIC_MAX_UNITS
MAX_ROW = MAX_WIDTH - 2 * MARGIN  # layout units a row of cards may take
_OUTCOME = {
    # i18n: how a hand ended, in the result's title ("Hand 3 · knock")
    "knock": N_("knock"),
    "undercut": N_("undercut!"),
    "gin": N_("gin!"),
    "big_gin": N_("big gin!"),
    # i18n: how a hand ended, in the result's title ("Hand 3 · drawn")
    "draw": N_("drawn"),
    "low": N_("lower deadwood"),
}


def knocker_groups(r: KnockResult) -> list[Group]:
    """The knocker's melds, each with the defender's lay-offs on it (tagged), then deadwood."""
    t = current()
    laid: dict[int, list[Card]] = {}
    for card, idx in r.defender_layoffs:
        laid.setdefault(idx, []).append(card)
    groups = []
    for i, meld in enumerate(r.knocker_melds):
        extra = laid.get(i, [])
        cards = tuple(meld) + tuple(extra)
        if meld_kind(meld) == "run":  # a run shows its lay-offs at the end they extend
            cards = tuple(sorted(cards, key=lambda c: c.rank))
        marks = tuple(Mark(c, t._("LAID OFF"), S.LAYOFF_COLOUR) for c in extra)
        groups.append(Group(cards, meld_label(meld), meld_colour(meld), marks=marks))
    if r.knocker_deadwood:
        label = t._("DEADWOOD · {points}", points=r.knocker_deadwood_points)
        groups.append(Group(r.knocker_deadwood, label, S.DEADWOOD_COLOUR, dim=True))
    return groups


def defender_groups(r: KnockResult) -> list[Group]:
    groups = [Group(m, meld_label(m), meld_colour(m)) for m in r.defender_melds]
    if r.defender_deadwood:
        label = current()._("DEADWOOD · {points}", points=r.defender_deadwood_points)
        groups.append(Group(r.defender_deadwood, label, S.DEADWOOD_COLOUR, dim=True))
    return groups


def _wrap(groups: list[Group], style: Style) -> tuple[list[list[Group]], float]:
    """Groups in as few rows as fit MAX_ROW units, and the strip to draw them with."""
    return fit_rows(groups, style.px(MAX_ROW), style)


def _lift(row: list[Group]) -> float:
    """Extra room under a caption for the tags (LAID OFF) of the row below it: the row's tag
    space otherwise tucks under the caption's line."""
    return 8 if any(g.marks for g in row) else 0


Hands = list[tuple[list[str], list[list[Group]], float]]  # (caption lines, rows of groups, strip) per player


def _plan(view: PublicView, names: Names, style: Style) -> tuple[int, int, str, Hands, list[str], list[str]]:
    """(width, height, title, hands, score lines, match lines) of the result at this style."""
    record = view.last_hand
    if record is None:
        raise ValueError("no hand has finished yet")
    t = current()
    px = style.px
    safe = (drawable(names[0], t._("Player {number}", number=1)), drawable(names[1], t._("Player {number}", number=2)))
    several = len(view.games) > 1
    text_room = px(MAX_ROW)
    score = wrap(drawable(score_phrase(record, safe, several)), LINE_SIZE, text_room, style, bold=True)
    match = wrap(drawable(score_line(view, safe)), MATCH_SIZE, text_room, style)
    outcome = t._(_OUTCOME[record.outcome]) if record.outcome in _OUTCOME else record.outcome
    title = t._("Hand {number} · {outcome}", number=record.number, outcome=outcome)
    # (caption lines, rows of groups, strip) per player, knocker first
    hands: Hands = []
    if record.result is not None and laid_out_by(record) is not None:
        r = record.result
        for words, groups in (
            (knocker_caption(record, safe), knocker_groups(r)),
            (defender_caption(record, safe), defender_groups(r)),
        ):
            rows, strip = _wrap(groups, style)
            hands.append((wrap(drawable(words), NAME_SIZE, text_room, style, bold=True), rows, strip))
    else:
        drawn = t._("Hand {number} is a draw: nobody scores", number=record.number)
        score = wrap(drawn, LINE_SIZE, text_room, style, bold=True)
    widest = max(
        [row_width(row, style, strip) for _, rows, strip in hands for row in rows]
        + [text_width(t, NAME_SIZE, style) for caption, _, _ in hands for t in caption]
        + [text_width(t, LINE_SIZE, style) for t in score]
        + [text_width(t, MATCH_SIZE, style, bold=False) for t in match]
        + [px(MIN_WIDTH - 2 * MARGIN)]
    )
    width = min(widest, px(MAX_ROW)) + px(2 * MARGIN)
    name_h = NAME_SIZE * 1.35
    rh = row_height(style)
    # the tag space above the cards overlaps the caption's line gap
    hands_h = sum(
        len(caption) * name_h + len(rows) * (rh - 8) + (len(rows) - 1) * ROW_GAP + 10 + _lift(rows[0])
        for caption, rows, _ in hands
        if rows
    )
    footer_h = 6 + len(score) * LINE_SIZE * 1.35 + 4 + len(match) * MATCH_SIZE * 1.3
    height = px(MARGIN + TITLE_SIZE * 1.4 + hands_h + footer_h + MARGIN)
    return width, height, title, hands, score, match


def render_result(view: PublicView, names: Names, style: Style = DEFAULT_STYLE) -> RenderedImage:
    """The last finished hand (``view.last_hand``): both hands with melds, lay-offs and the score.
    A result taller than the widest picture draws its cards smaller (down to the tiny size); one
    taller than its content is wide is widened: never taller than wide."""
    record = view.last_hand
    if record is None:
        raise ValueError("no hand has finished yet")
    width, height, title, hands, score, match = _plan(view, names, style)
    for smaller in SHRINK.get(style.size, ()):
        if height <= style.px(MAX_WIDTH):
            break
        look = replace(style, size=smaller)
        planned = _plan(view, names, look)
        if planned[1] < height:
            style, (width, height, title, hands, score, match) = look, planned
    width = min(max(width, height), style.px(MAX_WIDTH))
    px = style.px
    name_h = NAME_SIZE * 1.35
    rh = row_height(style)
    c = Canvas(width, height, style)
    y = px(MARGIN)
    c.text((px(MARGIN), y - px(4)), title, TITLE_SIZE, S.TEXT)
    y += px(TITLE_SIZE * 1.4)
    for caption, rows, strip in hands:
        for line in caption:
            c.text((px(MARGIN), y), line, NAME_SIZE, S.TEXT)
            y += px(name_h)
        for i, row in enumerate(rows):
            if i == 0:
                y += px(_lift(row))
            draw_row(c, row, px(MARGIN), y - px(8), style, strip)
            y += px(rh - 8 + (ROW_GAP if i < len(rows) - 1 else 0))
        y += px(10)
    y += px(6)
    colour = S.TEXT if record.winner is None else S.GOOD
    for text in score:
        c.text((px(MARGIN), y), text, LINE_SIZE, colour)
        y += px(LINE_SIZE * 1.35)
    y += px(4)
    for text in match:
        c.text((px(MARGIN), y), text, MATCH_SIZE, S.MUTED, bold=False)
        y += px(MATCH_SIZE * 1.3)
    return c.finish(alt_result(view, names), f"result-{record.number}.png")
