"""Rows of card groups: overlapped cards, a coloured bracket and a label under each group.

The hand picture and the result picture lay cards out this way. ``fit_rows`` decides how a
list of groups fits a width (one row with the cards overlapped a little more, else as few
balanced rows as fit); ``layout_row`` gives the geometry (tests read it to find where a
meld was drawn); ``draw_row`` paints it. A crowded picture may write a row's labels as a
legend instead (``labels=False``, then ``legend_lines`` and ``draw_legend``): a line under the
row, each label in its group's colour; its groups then take only their cards' width, and each
group's last card is overlapped by the next group's first, a gap apart, as a card of its own group.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from bot.engine import Card, meld_kind
from bot.i18n import current

from . import cards as C
from . import style as S
from .draw import Canvas, pill_size, text_width
from .style import CARD_ZOOM, Style
from .words import rank_plural

TAG_SPACE = 24  # above the cards, for NEW / LAID OFF tags
GAP = 14  # between groups (half that under compact and tiny cards)
BRACKET_GAP = 7  # card bottom to bracket (under compact and tiny cards, 4)
BRACKET = 3  # bracket thickness
TICK = 8  # bracket end ticks
LABEL_SIZE = 16
CROWDED_LABEL_SIZE = 12.5  # under compact and tiny cards: a crowded picture's labels take less room
LABEL_GAP = 6  # bracket to label (under compact and tiny cards, 3)
LEGEND_GAP = 16  # between two labels of a legend line
TAG_SIZE = 12.5
ROW_GAP = 8  # between two rows of groups


def crowded(style: Style) -> bool:
    """Compact and tiny cards (a crowded picture): smaller labels, closer groups, a tighter bracket."""
    return style.zoom < CARD_ZOOM["small"]


def label_size(style: Style) -> float:
    """A group's label size (layout units) under cards of the style's size."""
    return CROWDED_LABEL_SIZE if crowded(style) else LABEL_SIZE


def group_gap(style: Style) -> int:
    """Pixels between two groups of a row."""
    return style.px(GAP / 2 if crowded(style) else GAP)


def _bracket_gap(style: Style) -> float:
    return 4 if crowded(style) else BRACKET_GAP


def _label_gap(style: Style) -> float:
    return 3 if crowded(style) else LABEL_GAP


def row_height(style: Style) -> float:
    """Height of one row in layout units: tags, cards, bracket and label."""
    under = _bracket_gap(style) + BRACKET + _label_gap(style) + label_size(style) * 1.3
    return TAG_SPACE + C.height_units(style) + under


ROW_HEIGHT = row_height(Style())  # at the normal card size


@dataclass(frozen=True, slots=True)
class Mark:
    """A highlighted card: an outline and a tag above it ('NEW', 'LAID OFF')."""

    card: Card
    text: str
    colour: S.RGB


@dataclass(frozen=True, slots=True)
class Group:
    cards: tuple[Card, ...]
    label: str
    colour: S.RGB
    dim: bool = False
    marks: tuple[Mark, ...] = ()


@dataclass(frozen=True, slots=True)
class Placed:
    """Where a group went, in pixels relative to the image."""

    group: Group
    slot: tuple[int, int]  # left, right of the group's slot
    cards_left: int
    card_lefts: tuple[int, ...]
    card_top: int
    label_box: tuple[int, int, int, int]


def meld_label(meld: tuple[Card, ...]) -> str:
    """'SET · 7s', 'SET · Kings', 'RUN · 9–Q ♣' (the meld's kind comes from the engine)."""
    t = current()
    if meld_kind(meld) == "set":
        return t._("SET · {ranks}", ranks=rank_plural(meld[0].rank))
    ranks = sorted(meld, key=lambda c: c.rank)
    return t._(
        "RUN · {low}–{high} {suit}", low=ranks[0].rank_label, high=ranks[-1].rank_label, suit=meld[0].suit.symbol
    )


def meld_colour(meld: tuple[Card, ...]) -> S.RGB:
    return S.SET_COLOUR if meld_kind(meld) == "set" else S.RUN_COLOUR


def strip_px(style: Style, strip: float = C.STRIP) -> int:
    """Pixels of a card left visible by the next one, for ``strip`` card units."""
    return style.card_px(strip)


def cards_width(n: int, style: Style, strip: float = C.STRIP) -> int:
    return (n - 1) * strip_px(style, strip) + C.size(style)[0] if n else 0


def _slot_width(g: Group, style: Style, strip: float, labels: bool = True) -> int:
    """A group's width in its row; without labels, as if the next group overlapped its last card."""
    if not labels:
        return len(g.cards) * strip_px(style, strip)
    return max(cards_width(len(g.cards), style, strip), text_width(g.label, label_size(style), style) + style.px(8))


def _row_extra(style: Style, strip: float, labels: bool) -> int:
    """What a row adds to its slots and gaps: without labels, the uncovered rest of its last card."""
    return 0 if labels else C.size(style)[0] - strip_px(style, strip)


def row_width(groups: list[Group], style: Style, strip: float = C.STRIP, labels: bool = True) -> int:
    if not groups:
        return 0
    slots = sum(_slot_width(g, style, strip, labels) for g in groups)
    return slots + group_gap(style) * (len(groups) - 1) + _row_extra(style, strip, labels)


def fit_rows(groups: list[Group], max_width: int, style: Style, labels: bool = True) -> tuple[list[list[Group]], float]:
    """The groups in as few rows as fit ``max_width`` pixels, and the strip (card units) to draw
    them with: one row overlapping the cards down to STRIP_MIN if that is enough, else the
    fewest balanced rows (a group is never split, unless it is too long for any row alone).
    Rows keep the groups' order; among equally few rows the cards overlap least.
    ``labels=False``: the labels are written as a legend, not under each group."""
    if not groups:
        return [], C.STRIP
    groups = _split_long(groups, max_width, style, labels)
    n = len(groups)
    gap = group_gap(style)
    strips = [float(s) for s in range(C.STRIP, C.STRIP_MIN - 1, -1)]
    slots: dict[float, list[int]] = {}
    for rows in range(1, n + 1):
        for strip in strips:
            widths = slots.get(strip)
            if widths is None:
                widths = slots[strip] = [_slot_width(g, style, strip, labels) for g in groups]
            best = _balanced(widths, gap, rows)
            if best is not None and best[0] + _row_extra(style, strip, labels) <= max_width:
                bounds = best[1]
                return [groups[a:b] for a, b in pairwise(bounds)], strip
    return [[g] for g in groups], float(C.STRIP_MIN)


def _balanced(widths: list[int], gap: int, rows: int) -> tuple[int, tuple[int, ...]] | None:
    """The split of the groups (in order) into ``rows`` rows whose widest row is narrowest, and that
    width; the first such split when several tie (the linear-partition dynamic programme: the groups
    of a table game's hand can be many, so no search over every split)."""
    n = len(widths)
    if not 1 <= rows <= n:
        return None

    def width(a: int, b: int) -> int:
        return sum(widths[a:b]) + gap * (b - a - 1)

    # cost[k][i]: the narrowest widest row splitting the first i groups into k rows; cut[k][i]: its last cut
    inf = float("inf")
    cost = [[inf] * (n + 1) for _ in range(rows + 1)]
    cut = [[0] * (n + 1) for _ in range(rows + 1)]
    cost[0][0] = 0
    for k in range(1, rows + 1):
        for i in range(k, n + 1):
            for j in range(k - 1, i):
                c = max(cost[k - 1][j], width(j, i))
                if c < cost[k][i]:
                    cost[k][i], cut[k][i] = c, j
    bounds = [n]
    for k in range(rows, 0, -1):
        bounds.append(cut[k][bounds[-1]])
    return int(cost[rows][n]), tuple(reversed(bounds))


def _split_long(groups: list[Group], max_width: int, style: Style, labels: bool) -> list[Group]:
    """Groups too long for a row even overlapped most (eleven large cards) go on in a second
    group with the same colour and no label."""
    out: list[Group] = []
    todo = list(groups)
    while todo:
        g = todo.pop(0)
        if len(g.cards) < 2 or row_width([g], style, C.STRIP_MIN, labels) <= max_width:
            out.append(g)
            continue
        half = (len(g.cards) + 1) // 2
        head, tail = g.cards[:half], g.cards[half:]
        todo[:0] = [
            Group(head, g.label, g.colour, g.dim, tuple(m for m in g.marks if m.card in head)),
            Group(tail, "", g.colour, g.dim, tuple(m for m in g.marks if m.card in tail)),
        ]
    return out


def layout_row(
    groups: list[Group], x: int, y: int, style: Style, strip: float = C.STRIP, labels: bool = True
) -> list[Placed]:
    """Geometry of the row whose top-left corner (tag space included) is (x, y)."""
    px = style.px
    out = []
    step = strip_px(style, strip)
    card_top = y + px(TAG_SPACE)
    label_top = card_top + C.size(style)[1] + px(_bracket_gap(style) + BRACKET + _label_gap(style))
    for g in groups:
        slot = _slot_width(g, style, strip, labels)
        cw = cards_width(len(g.cards), style, strip)
        left = x + (slot - cw) // 2 if labels else x
        lefts = tuple(left + i * step for i in range(len(g.cards)))
        size = label_size(style)
        label_w = text_width(g.label, size, style)
        mid = left + cw // 2
        label_box = (mid - label_w // 2, label_top, mid - label_w // 2 + label_w, label_top + px(size * 1.2))
        out.append(Placed(g, (x, x + slot), left, lefts, card_top, label_box))
        x += slot + group_gap(style)
    return out


def draw_row(
    canvas: Canvas, groups: list[Group], x: int, y: int, style: Style, strip: float = C.STRIP, labels: bool = True
) -> list[Placed]:
    px = style.px
    placed = layout_row(groups, x, y, style, strip, labels)
    w, h = C.size(style)
    step = strip_px(style, strip)
    below: Card | None = None
    for i, p in enumerate(placed):
        g = p.group
        marked = {m.card: m for m in g.marks}
        if labels:
            below = None
        # without labels, every group but the last shows its last card only as wide as the others
        shown = w if labels or i == len(placed) - 1 else step
        for card, left in zip(g.cards, p.card_lefts, strict=True):
            canvas.card(card, left, p.card_top, dim=g.dim, under=below, on_felt=below is None)
            below = card
            mark = marked.get(card)
            if mark is not None:  # outline now: the next card covers its right part, as it covers the card
                pad = px(2)
                canvas.rounded(
                    (left - pad, p.card_top - pad, left + w - 1 + pad, p.card_top + h - 1 + pad),
                    radius=style.card_px(C.RADIUS) + pad,
                    outline=mark.colour,
                    width=px(2.5),
                )
        _draw_tags(canvas, p, style, step, shown)
        right = p.cards_left + (len(g.cards) - 1) * step + shown - 1
        top = p.card_top + h + px(_bracket_gap(style))
        canvas.rect((p.cards_left, top, right, top + px(BRACKET) - 1), g.colour)
        for edge in (p.cards_left, right - px(BRACKET) + 1):
            canvas.rect((edge, top - px(TICK) + px(BRACKET), edge + px(BRACKET) - 1, top + px(BRACKET) - 1), g.colour)
        if labels:
            canvas.text((p.label_box[0], p.label_box[1]), g.label, label_size(style), g.colour)
    return placed


def legend_lines(groups: list[Group], max_width: int, style: Style) -> list[list[Group]]:
    """The labelled groups of a row, their labels wrapped into legend lines at most ``max_width`` px wide."""
    size = label_size(style)
    lines: list[list[Group]] = []
    width = 0
    for g in groups:
        if not g.label:
            continue
        w = text_width(g.label, size, style)
        if lines and width + style.px(LEGEND_GAP) + w <= max_width:
            lines[-1].append(g)
            width += style.px(LEGEND_GAP) + w
        else:
            lines.append([g])
            width = w
    return lines


def draw_legend(canvas: Canvas, lines: list[list[Group]], centre: int, top: int, style: Style) -> None:
    """The legend lines centred on ``centre``, the first at ``top`` (px), each label in its group's colour."""
    size = label_size(style)
    gap = style.px(LEGEND_GAP)
    for i, line in enumerate(lines):
        widths = [text_width(g.label, size, style) for g in line]
        x = centre - (sum(widths) + gap * (len(line) - 1)) // 2
        for g, w in zip(line, widths, strict=True):
            canvas.text((x, top + style.px(i * size * 1.3)), g.label, size, g.colour)
            x += w + gap


def _draw_tags(canvas: Canvas, p: Placed, style: Style, step: int, last: int) -> None:
    """One tag over each run of neighbouring cards with the same mark text."""
    px = style.px
    g = p.group
    texts = {m.card: m for m in g.marks}
    i = 0
    n = len(g.cards)
    while i < n:
        mark = texts.get(g.cards[i])
        if mark is None:
            i += 1
            continue
        j = i
        while j + 1 < n and (m := texts.get(g.cards[j + 1])) is not None and m.text == mark.text:
            j += 1
        left = p.card_lefts[i]
        right = p.card_lefts[j] + (last if j == n - 1 else step)
        tw, th = pill_size(mark.text, TAG_SIZE, style)
        top = p.card_top - th - px(4)
        canvas.pill((left + right) // 2 - tw // 2, top, mark.text, TAG_SIZE, mark.colour, S.INK)
        i = j + 1
