"""The moves of a knock-game seat (Gin at any table size, Knockout) as buttons and menus: the same
turn everywhere, so one set of controls, typed by the view fields it reads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.engine import Card
from bot.engine.knock import Action, ActionKind
from bot.i18n import current

from ..games import Control


class KnockSeat(Protocol):
    """What the controls read of a seat view: its legal moves, the pile's top card, the deadwood each
    discard leaves (least first) and this hand's knock limit."""

    @property
    def legal(self) -> Sequence[Action]: ...

    @property
    def discard_top(self) -> Card | None: ...

    @property
    def discard_options(self) -> Sequence[tuple[Card, int]]: ...

    @property
    def knock_limit(self) -> int: ...


ROW_WIDTH = 5  # Discord: at most 5 buttons in a row, 5 rows


def knock_controls(view: KnockSeat) -> list[Control]:
    """The seat's legal moves (``view.legal``, nothing else) as buttons: an ordinary turn is two
    clicks, a draw and a discard.

    - Offer and draw (row 0): take the upcard or pass; draw from the stock or take the pile's top.
    - Discard (rows 0-2): one grey button per card, the one leaving the least deadwood first,
      labelled with the card, and the deadwood its discard leaves as a hint ("8♣ · leaves 4").
    - Row 3, apart from the cards: gin and big gin (green, at once: nothing beats them), then the
      knocks (red, best first), each asking for a confirmation that names the deadwood and the
      card going face down. Knocks that do not fit row 3 are the choices of a menu on row 4 (they
      ask too).
    """
    t = current()
    legal = view.legal
    top = view.discard_top.pretty if view.discard_top is not None else ""
    out: list[Control] = []
    for a in legal:
        if a.kind is ActionKind.TAKE_UPCARD or a.kind is ActionKind.DRAW_DISCARD:
            # i18n: label
            out.append(Control(str(a), t._("Take the {card}", card=top)))
        elif a.kind is ActionKind.PASS:
            # i18n: label
            out.append(Control(str(a), t._("Pass"), style="secondary"))
        elif a.kind is ActionKind.DRAW_STOCK:
            # i18n: label
            out.append(Control(str(a), t._("Draw from the stock")))
    deadwood = dict(view.discard_options)  # card -> deadwood after discarding it
    rank = {c: i for i, (c, _) in enumerate(view.discard_options)}

    def best_first(kind: ActionKind) -> list[tuple[Action, Card]]:
        picked = [(a, a.card) for a in legal if a.kind is kind and a.card is not None]
        return sorted(picked, key=lambda ac: rank.get(ac[1], 99))

    for i, (a, card) in enumerate(best_first(ActionKind.DISCARD)):
        # a hint after the card's label ("8♣ · leaves 4"), the two within a label's length
        # i18n: label
        leaves = t._("leaves {deadwood}", deadwood=deadwood.get(card, "?"))
        out.append(Control(str(a), card.pretty, style="secondary", row=i // ROW_WIDTH, hint=leaves))
    endings: list[Control] = []
    gins = best_first(ActionKind.GIN)
    if gins:  # every gin scores the same: offer the engine's best discard
        gin, card = gins[0]
        # i18n: label
        endings.append(Control(str(gin), t._("Gin! Discard the {card}", card=card.pretty), style="success", row=3))
    big = next((a for a in legal if a.kind is ActionKind.BIG_GIN), None)
    if big is not None:
        # i18n: label
        endings.append(Control(str(big), t._("Big gin! (all 11 cards)"), style="success", row=3))
    knocks = best_first(ActionKind.KNOCK)
    room = ROW_WIDTH - len(endings)
    for i, (a, card) in enumerate(knocks):
        dw = deadwood.get(card, "?")
        ask = t._(
            "Knock with {deadwood} deadwood, laying the {card} face down? The hand ends now and is scored.",
            deadwood=dw,
            card=card.pretty,
        )
        # i18n: label
        label = t._("Knock · {card} face down · deadwood {deadwood}", card=card.pretty, deadwood=dw)
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
                    # i18n: placeholder of a select menu (Discord: at most 150 characters)
                    placeholder=t._("Knock with another card… (limit {limit})", limit=view.knock_limit),
                )
            )
    return out + endings
