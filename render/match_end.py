"""The match-end picture: who won, and each game's points with its bonuses (Hollywood: three).

Every number is read from the view's games (GameView) and summary; nothing is added up here
except laying the engine's own figures side by side.
"""

from __future__ import annotations

from PIL import ImageDraw

from bot.engine.views import GameView, PublicView

from . import style as S
from .draw import RenderedImage, finish, panel, text_width
from .fonts import drawable, fit, font
from .style import Style
from .text import Names, alt_match_end, fmt_delta, rating_deltas

MARGIN = 18
LABEL_W = 124
ROW = 26
CELL = 15.5


def _cells(g: GameView, seat: int) -> list[str]:
    """One player's column of a game: points, hands won, line bonus, game bonus, shutout, total."""
    won = g.finished and g.winner == seat
    return [
        str(g.scores[seat]),
        str(g.hands_won[seat]),
        f"+{g.line_bonus[seat]}" if g.line_bonus[seat] else "–",
        f"+{g.game_bonus}" if won and g.game_bonus else "–",
        "×2" if won and g.shutout else "–",
        str(g.totals[seat]) if g.finished else f"{g.scores[seat]}*",
    ]


ROWS = ["Hand points", "Hands won", "Line bonus", "Game bonus", "Shutout", "Total"]


def render_match_end(view: PublicView, names: Names, style: Style = Style(),
                     rating_changes: dict | None = None) -> RenderedImage:
    """The final score sheet. ``rating_changes``: seat (or name) -> rating change, shown if given."""
    px = style.px
    safe = (drawable(names[0], "Player 1"), drawable(names[1], "Player 2"))
    s = view.summary
    several = len(view.games) > 1
    col = 100 if not several else 64
    ncols = 2 * len(view.games) + (2 if several else 0)
    table_w = LABEL_W + ncols * col + (len(view.games) - 1 + (1 if several else 0)) * 12
    if s is not None:
        title = f"{safe[s.winner]} wins the match"
        sub = f"{s.totals[s.winner]} to {s.totals[s.loser]} · margin {s.margin} · {s.hands_played} hands"
        if s.resigned_by is not None:
            sub += f" · {safe[s.resigned_by]} resigned"
    else:
        title, sub = "Match in progress", f"{view.hands_played} hands played"
    notes: list[tuple[str, S.RGB]] = []
    if s is not None:
        notes.append((f"Gins: {safe[0]} {s.gins[0]} · {safe[1]} {s.gins[1]}", S.MUTED))
        notes.append((f"Undercuts: {safe[0]} {s.undercuts[0]} · {safe[1]} {s.undercuts[1]}", S.MUTED))
    if any(not g.finished for g in view.games):
        notes.append(("* game not finished: no bonuses", S.MUTED))
    deltas = rating_deltas(rating_changes, names)
    if deltas:
        notes.append(("Rating: " + " · ".join(f"{safe[seat]} {fmt_delta(d)}" for seat, d in deltas), S.TEXT))
    head_rows = 2 if several else 1
    height = px(MARGIN + 34 + 26 + 10 + head_rows * ROW + len(ROWS) * ROW + 12 + len(notes) * 22 + MARGIN)
    widest = max([px(table_w), text_width(title, 28, style), text_width(sub, 15, style, bold=False)]
                 + [text_width(t, 14, style, bold=False) for t, _ in notes])
    width = min(widest, px(900)) + px(2 * MARGIN)
    im = panel(width, height, style)
    d = ImageDraw.Draw(im)
    x0, y = px(MARGIN), px(MARGIN)
    d.text((x0, y - px(3)), fit(title, px(28), width - 2 * x0), font=font(px(28)), fill=S.SET_COLOUR, anchor="la")
    y += px(36)
    d.text((x0, y), fit(sub, px(15), width - 2 * x0, bold=False), font=font(px(15), bold=False),
           fill=S.MUTED, anchor="la")
    y += px(34)

    # Column positions: per game two player columns; Hollywood adds the match total at the right.
    cols: list[tuple[int, int]] = []  # (centre x, game index or -1 for the match)
    x = x0 + px(LABEL_W)
    for gi in range(len(view.games)):
        for seat in (0, 1):
            cols.append((x + px(col / 2), gi))
            x += px(col)
        x += px(12)
    if several:
        for seat in (0, 1):
            cols.append((x + px(col / 2), -1))
            x += px(col)
    small, cell_font, bold_font = font(px(13)), font(px(CELL), bold=False), font(px(CELL))
    if several:
        for gi in range(len(view.games) + 1):
            left, right = cols[2 * gi][0] - px(col / 2), cols[2 * gi + 1][0] + px(col / 2)
            label = f"Game {gi + 1}" if gi < len(view.games) else "Match"
            d.text(((left + right) / 2, y + px(ROW / 2)), label, font=font(px(14)), fill=S.TEXT, anchor="mm")
            d.line((left + px(6), y + px(ROW) - px(3), right - px(6), y + px(ROW) - px(3)), fill=S.MUTED, width=px(1))
        y += px(ROW)
    for i, (cx, gi) in enumerate(cols):
        name = fit(safe[i % 2], px(13), px(col - 6))
        d.text((cx, y + px(ROW / 2)), name, font=small, fill=S.TEXT, anchor="mm")
    y += px(ROW)
    for r, label in enumerate(ROWS):
        total = label == "Total"
        if total:
            d.line((x0, y + px(2), cols[-1][0] + px(col / 2), y + px(2)), fill=S.MUTED, width=px(1))
        elif r % 2 == 0:
            d.rectangle((x0, y, cols[-1][0] + px(col / 2), y + px(ROW) - 1), fill=S.PANEL_LIGHT)
        d.text((x0 + px(6), y + px(ROW / 2)), label, font=bold_font if total else cell_font, fill=S.TEXT, anchor="lm")
        for i, (cx, gi) in enumerate(cols):
            seat = i % 2
            if gi >= 0:
                game = view.games[gi]
                value = _cells(game, seat)[r]
                winner = game.finished and game.winner == seat
            else:  # the match column of Hollywood: only the match totals
                value = str(view.totals[seat]) if total else ""
                winner = view.winner == seat
            colour = S.SET_COLOUR if total and winner else S.TEXT
            d.text((cx, y + px(ROW / 2)), value, font=bold_font if total else cell_font, fill=colour, anchor="mm")
        y += px(ROW)
    y += px(12)
    for text, colour in notes:
        d.text((x0, y), fit(text, px(14), width - 2 * x0, bold=False), font=font(px(14), bold=False),
               fill=colour, anchor="la")
        y += px(22)
    return finish(im, alt_match_end(view, names, rating_changes), f"match-end-{view.moves}.png")


