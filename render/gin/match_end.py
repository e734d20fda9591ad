"""The match-end picture: who won, and each game's points with its bonuses (Hollywood: three).

Every number is read from the view's games (GameView) and summary; nothing is added up here
except laying the engine's own figures side by side. One game: a column per player. Several
(Hollywood): a column per game and the match, a block of rows per player, so the sheet stays
within 550 layout units (1,100 px at scale 2) and every figure readable. The sheet is never
taller than wide: a narrow one is widened, a tall one (Hollywood) packs its rows closer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine.gin import GameView, PublicView
from bot.i18n import N_, current

from ..kit import style as S
from ..kit.draw import PUBLIC_MAX_UNITS, Canvas, RenderedImage, text_width
from ..kit.fonts import drawable, fit
from ..kit.style import DEFAULT_STYLE, Style
from ..kit.words import Names
from .alt import alt_match_end
from .words import fmt_delta, rating_deltas

MARGIN = 18
LABEL_W = 124
ROW = 26  # a row of the table, at most (a tall sheet packs them closer)
CELL = 15.5
TITLE_SIZE = 28
SUB_SIZE = 15
HEAD_SIZE = 14
NOTE_SIZE = 14
MAX_WIDTH = PUBLIC_MAX_UNITS


def _cells(g: GameView, seat: int) -> list[str]:
    """One player's column of a game: points, hands won, line bonus, game bonus, shutout, total."""
    won = g.finished and g.winner == seat
    return [
        str(g.scores[seat]),
        str(g.hands_won[seat]),
        f"+{g.line_bonus[seat]}" if g.line_bonus[seat] else "–",
        f"+{g.game_bonus}" if won and g.game_bonus else "–",
        # i18n: a cell of the match end's table, in the row "Shutout": this game was one
        current()._("yes") if won and g.shutout else "–",
        str(g.totals[seat]) if g.finished else f"{g.scores[seat]}*",
    ]


ROWS = [N_("Hand points"), N_("Hands won"), N_("Line bonus"), N_("Game bonus"), N_("Shutout"), N_("Total")]
TOTAL = len(ROWS) - 1  # the row of the totals


def _row_ground(c: Canvas, r: int, x0: int, y: int, right: int, row: float, style: Style) -> S.RGB:
    """Stripe every other row (the total gets a rule above it); returns the row's colour."""
    px = style.px
    if r == TOTAL:
        c.line((x0, y + px(2), right, y + px(2)), S.MUTED, width=px(1))
        return S.PANEL
    if r % 2 == 0:
        c.rect((x0, y, right, y + px(row) - 1), S.PANEL_LIGHT)
        return S.PANEL_LIGHT
    return S.PANEL


def render_match_end(
    view: PublicView, names: Names, style: Style = DEFAULT_STYLE, rating_changes: Mapping[Any, float] | None = None
) -> RenderedImage:
    """The final score sheet. ``rating_changes``: seat (or name) -> rating change, shown if given."""
    t = current()
    px = style.px
    safe = (drawable(names[0], t._("Player {number}", number=1)), drawable(names[1], t._("Player {number}", number=2)))
    s = view.summary
    several = len(view.games) > 1
    changes = dict(rating_changes) if rating_changes else None
    if s is not None:
        title = t._("{player} wins the match", player=safe[s.winner])
        facts = [
            t._("{points} to {other_points}", points=s.totals[s.winner], other_points=s.totals[s.loser]),
            t._("margin {points}", points=s.margin),
            t.ngettext("{n} hand", "{n} hands", s.hands_played, n=t.number(s.hands_played)),
        ]
        if s.resigned_by is not None:
            facts.append(t._("{player} resigned", player=safe[s.resigned_by]))
        sub = " · ".join(facts)
    else:
        played = view.hands_played
        title = t._("Match in progress")
        sub = t.ngettext("{n} hand played", "{n} hands played", played, n=t.number(played))
    notes: list[tuple[str, S.RGB]] = []
    if s is not None:
        gins, undercuts = s.count("gins"), s.count("undercuts")
        for said, counts in (
            (N_("Gins: {first} {first_count} · {second} {second_count}"), gins),
            (N_("Undercuts: {first} {first_count} · {second} {second_count}"), undercuts),
        ):
            note = t._(said, first=safe[0], first_count=counts[0], second=safe[1], second_count=counts[1])
            notes.append((note, S.MUTED))
    if any(not g.finished for g in view.games):
        notes.append((t._("* game not finished: no bonuses"), S.MUTED))
    deltas = rating_deltas(changes, names)
    if deltas:
        rated = " · ".join(f"{safe[seat]} {fmt_delta(d)}" for seat, d in deltas)
        notes.append((t._("Rating: {changes}", changes=rated), S.TEXT))

    columns = len(view.games) + 1 if several else 2
    col = 86 if several else 100
    table_rows = 1 + 2 * (1 + len(ROWS)) if several else 1 + len(ROWS)
    rest = MARGIN + 34 + 26 + 10 + 12 + len(notes) * 22 + MARGIN
    row = min(ROW, (MAX_WIDTH - rest) // table_rows)  # whole units: the rows add up to the height
    height = px(rest + table_rows * row)
    widest = max(
        [
            px(LABEL_W + columns * col),
            text_width(title, TITLE_SIZE, style),
            text_width(sub, SUB_SIZE, style, bold=False),
        ]
        + [text_width(t, NOTE_SIZE, style, bold=False) for t, _ in notes]
    )
    width = min(max(widest + px(2 * MARGIN), height), px(MAX_WIDTH))
    if several:  # the columns share what the widening left
        col = max(col, min(110, (width // style.scale - 2 * MARGIN - LABEL_W) // columns))
    c = Canvas(width, height, style)
    x0, y = px(MARGIN), px(MARGIN)
    room = width - 2 * x0
    c.text((x0, y - px(3)), fit(title, px(TITLE_SIZE), room), TITLE_SIZE, S.SET_COLOUR)
    y += px(36)
    c.text((x0, y), fit(sub, px(SUB_SIZE), room, bold=False), SUB_SIZE, S.MUTED, bold=False)
    y += px(34)
    y = (_hollywood if several else _one_game)(c, view, safe, x0, y, col, row, style)
    y += px(12)
    for text, colour in notes:
        c.text((x0, y), fit(text, px(NOTE_SIZE), room, bold=False), NOTE_SIZE, colour, bold=False)
        y += px(22)
    return c.finish(alt_match_end(view, names, changes), f"match-end-{view.moves}.png")


def _one_game(
    c: Canvas, view: PublicView, safe: tuple[str, str], x0: int, y: int, col: float, row: float, style: Style
) -> int:
    """Rows of figures, a column per player."""
    px = style.px
    game = view.games[0]
    centres = [x0 + px(LABEL_W + col / 2 + seat * col) for seat in (0, 1)]
    right = x0 + px(LABEL_W + 2 * col)
    for seat, cx in enumerate(centres):
        c.text((cx, y + px(row / 2)), fit(safe[seat], px(HEAD_SIZE), px(col - 6)), HEAD_SIZE, S.TEXT, anchor="mm")
    y += px(row)
    t = current()
    for r, label in enumerate(ROWS):
        ground = _row_ground(c, r, x0, y, right, row, style)
        total = r == TOTAL
        c.text((x0 + px(6), y + px(row / 2)), t._(label), CELL, S.TEXT, bg=ground, bold=total, anchor="lm")
        for seat, cx in enumerate(centres):
            colour = S.SET_COLOUR if total and game.finished and game.winner == seat else S.TEXT
            c.text((cx, y + px(row / 2)), _cells(game, seat)[r], CELL, colour, bg=ground, bold=total, anchor="mm")
        y += px(row)
    return y


def _hollywood(
    c: Canvas, view: PublicView, safe: tuple[str, str], x0: int, y: int, col: float, row: float, style: Style
) -> int:
    """A column per game and one for the match; a block of rows per player."""
    t = current()
    px = style.px
    n = len(view.games)
    centres = [x0 + px(LABEL_W + col / 2 + i * col) for i in range(n + 1)]
    right = x0 + px(LABEL_W + (n + 1) * col)
    for i, cx in enumerate(centres):
        head = t._("Game {number}", number=i + 1) if i < n else t._("Match")
        c.text((cx, y + px(row / 2)), head, HEAD_SIZE, S.TEXT, anchor="mm")
    y += px(row)
    for seat in (0, 1):
        c.text(
            (x0, y + px(row / 2)),
            fit(safe[seat], px(HEAD_SIZE + 2), right - x0),
            HEAD_SIZE + 2,
            S.SET_COLOUR if view.winner == seat else S.TEXT,
            anchor="lm",
        )
        c.line((x0, y + px(row) - px(3), right, y + px(row) - px(3)), S.MUTED, width=px(1))
        y += px(row)
        for r, label in enumerate(ROWS):
            ground = _row_ground(c, r, x0, y, right, row, style)
            total = r == TOTAL
            c.text((x0 + px(6), y + px(row / 2)), t._(label), CELL, S.TEXT, bg=ground, bold=total, anchor="lm")
            for i, cx in enumerate(centres):
                if i < n:
                    game = view.games[i]
                    value = _cells(game, seat)[r]
                    winner = game.finished and game.winner == seat
                else:  # the match column: only the match totals
                    value = str(view.totals[seat]) if total else ""
                    winner = view.winner == seat
                colour = S.SET_COLOUR if total and winner else S.TEXT
                c.text((cx, y + px(row / 2)), value, CELL, colour, bg=ground, bold=total, anchor="mm")
            y += px(row)
    return y
