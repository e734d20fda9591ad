"""The greedy player of the table games ("lay down everything at once"): the 'easy' level and the
yardstick of bench/table_games.py.

It takes the pile's top card only when that card makes a meld with its hand, lays every meld and
lay-off as soon as it can (the engine lists the longest, highest melds first), then discards or
offers its highest card. In Skarney Gin it accepts an offered card only when the card makes a
meld with its hand or fits one of its melds. It never challenges and rejects every Challenge.
"""

from __future__ import annotations

from bot.engine import Card
from bot.engine.tablegames import Act, SkarneyView, TableAction, TableSeatView, melds_in

from .plan import first, free_cards, style_of

_LAYS = (Act.CONTRACT, Act.MELD, Act.LAYOFF)
_ENDS = (Act.DISCARD, Act.OFFER, Act.LAST_CARD, Act.END_HAND)


def makes_meld(card: Card, view: TableSeatView, own_melds_only: bool = False) -> bool:
    """``card`` would make a meld with cards of the hand, or fits a meld on the table this seat may use."""
    style = style_of(view)
    if any(card in m for m in melds_in([*view.hand, card], style)):
        return True
    melds = [m for m in view.melds if m.owner == view.seat] if own_melds_only else list(view.melds)
    return bool(free_cards([card], melds, style))


def greedy_action(view: TableSeatView) -> TableAction:
    legal = view.legal
    if view.phase == "respond":
        own = view.own
        if isinstance(own, SkarneyView) and own.offer is not None:  # an offer to take or turn down
            offer = own.offer
            contract = bool(own.contract) and own.contract[view.seat]
            take = (
                makes_meld(offer, view, own_melds_only=True)
                if contract
                else any(offer in m for m in melds_in([*view.hand, offer], style_of(view)))
            )
            found = first(view, Act.ACCEPT if take else Act.REJECT)
        else:
            found = first(view, Act.REJECT)
        return found or legal[0]
    if view.phase == "draw":
        pile = first(view, Act.DRAW_PILE)
        if (
            pile is not None
            and view.pile_top is not None
            and any(view.pile_top in m for m in melds_in([*view.hand, view.pile_top], style_of(view)))
        ):
            return pile
        return first(view, Act.DRAW_STOCK) or legal[0]
    for kind in (*_LAYS, *_ENDS):
        found = first(view, kind)
        if found is not None:
            return found
    return legal[0]


__all__ = ["greedy_action", "makes_meld"]
