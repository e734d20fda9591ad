"""Gin's renderer for the game protocol: its pictures, words and the hand's controls."""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import Card
from bot.engine.gin import PublicView, SeatView
from bot.engine.knock import Action, ActionKind

from .cards import warm_cache
from .draw import RenderedImage
from .games import Control, Names, register_renderer
from .hand import render_hand
from .match_end import render_match_end
from .result import render_result
from .style import Style
from .table import render_table
from .text import describe_events, hand_line, score_line, status_line


class GinRenderer:
    """Two-player Gin (bot.engine.gin)."""

    def table(self, view: PublicView, names: Names, style: Style) -> RenderedImage:
        return render_table(view, names, style)

    def hand(self, view: SeatView, names: Names, style: Style) -> RenderedImage:
        return render_hand(view, names, style)

    def result(self, view: PublicView, names: Names, style: Style) -> RenderedImage | None:
        if view.last_hand is None or view.last_hand.result is None:
            return None  # a drawn hand has nothing to lay out
        return render_result(view, names, style)

    def match_end(
        self, view: PublicView, names: Names, style: Style, rating_changes: Mapping[int, int] | None = None
    ) -> RenderedImage:
        return render_match_end(view, names, style, rating_changes=dict(rating_changes) if rating_changes else None)

    def describe(self, view: PublicView, names: Names) -> str:
        return describe_events(view, names)

    def score_line(self, view: PublicView, names: Names) -> str:
        return score_line(view, names)

    def hand_line(self, view: PublicView, names: Names) -> str | None:
        if view.last_hand is None:
            return None
        return hand_line(view.last_hand, names, len(view.games) > 1)

    def status_line(self, view: SeatView, names: Names) -> str:
        return status_line(view, names)

    def hint(self, view: SeatView) -> str:
        return f"You may knock (limit {view.knock_limit})." if view.turn == view.seat and view.can_knock else ""

    def controls(self, view: SeatView) -> list[Control]:
        return gin_controls(view)

    def warm(self, style: Style) -> float:
        return warm_cache(style)


ROW_WIDTH = 5  # Discord: at most 5 buttons in a row, 5 rows


def gin_controls(view: SeatView) -> list[Control]:
    """The seat's legal moves (``view.legal``, nothing else) as buttons: an ordinary turn is two
    clicks, a draw and a discard.

    - Offer and draw (row 0): take the upcard or pass; draw from the stock or take the pile's top.
    - Discard (rows 0-2): one grey button per card, the one leaving the least deadwood first,
      labelled with the card and the deadwood its discard leaves ("8♣ → 4").
    - Row 3, apart from the cards: gin and big gin (green, at once: nothing beats them), then the
      knocks (red, best first), each asking for a confirmation that names the deadwood and the
      card going face down. Knocks that do not fit row 3 are the choices of a menu on row 4 (they
      ask too).
    """
    legal = view.legal
    top = view.discard_top.pretty if view.discard_top is not None else ""
    out: list[Control] = []
    for a in legal:
        if a.kind is ActionKind.TAKE_UPCARD or a.kind is ActionKind.DRAW_DISCARD:
            out.append(Control(str(a), f"Take the {top}"))
        elif a.kind is ActionKind.PASS:
            out.append(Control(str(a), "Pass", style="secondary"))
        elif a.kind is ActionKind.DRAW_STOCK:
            out.append(Control(str(a), "Draw from the stock"))
    deadwood = dict(view.discard_options)  # card -> deadwood after discarding it
    rank = {c: i for i, (c, _) in enumerate(view.discard_options)}

    def best_first(kind: ActionKind) -> list[tuple[Action, Card]]:
        picked = [(a, a.card) for a in legal if a.kind is kind and a.card is not None]
        return sorted(picked, key=lambda ac: rank.get(ac[1], 99))

    for i, (a, card) in enumerate(best_first(ActionKind.DISCARD)):
        out.append(Control(str(a), f"{card.pretty} → {deadwood.get(card, '?')}", style="secondary", row=i // ROW_WIDTH))
    endings: list[Control] = []
    gins = best_first(ActionKind.GIN)
    if gins:  # every gin scores the same: offer the engine's best discard
        gin, card = gins[0]
        endings.append(Control(str(gin), f"Gin! Discard the {card.pretty}", style="success", row=3))
    big = next((a for a in legal if a.kind is ActionKind.BIG_GIN), None)
    if big is not None:
        endings.append(Control(str(big), "Big gin! (all 11 cards)", style="success", row=3))
    knocks = best_first(ActionKind.KNOCK)
    room = ROW_WIDTH - len(endings)
    for i, (a, card) in enumerate(knocks):
        dw = deadwood.get(card, "?")
        ask = f"Knock with {dw} deadwood, laying the {card.pretty} face down? The hand ends now and is scored."
        label = f"Knock · {card.pretty} face down · deadwood {dw}"
        if i < room:
            endings.append(Control(str(a), label, style="danger", row=3, confirm=ask))
        else:
            endings.append(
                Control(
                    str(a),
                    label,
                    style="danger",
                    row=4,
                    menu="knock",
                    confirm=ask,
                    placeholder=f"Knock with another card… (limit {view.knock_limit})",
                )
            )
    return out + endings


register_renderer("gin", GinRenderer())
