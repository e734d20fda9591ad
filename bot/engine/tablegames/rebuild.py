"""A table game rebuilt from one seat's view with the hidden cards filled in (the expert's guessed
deals), and a cheap copy of a game in play. Pure: no I/O, no randomness of its own.

The view shows everything but the other hands' unknown cards and the stock; the caller supplies
those. The facts of the turn in progress (the card taken from the pile, lay-offs per meld, the
Colonel phase a Challenge interrupted, a Skarney contract laid this turn) are read back from the
view's ``last_events``. Past hands are left out: a rebuilt game is for playing the current hand.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TypeVar

from ..cards import Card
from .colonel import Colonel
from .machine import TableGame
from .moves import Ev
from .rummy import Rummy
from .skarney import Skarney
from .state import DRAW, PLAY, RESPOND
from .views import ColonelView, RummyView, SkarneyView, TableSeatView

G = TypeVar("G", bound=TableGame)

_CLASSES: dict[str, type[TableGame]] = {"colonel": Colonel, "skarney": Skarney, "rummy": Rummy}


def clone(game: G) -> G:
    """An independent copy of ``game`` (its lists and dicts copied; cards, melds and rules are immutable)."""
    new = copy.copy(game)
    for name, value in vars(game).items():
        if isinstance(value, list):
            setattr(new, name, [v[:] if isinstance(v, list) else v for v in value])
        elif isinstance(value, dict):
            setattr(new, name, dict(value))
    return new


def game_from_view(view: TableSeatView, hands: Sequence[Sequence[Card]], stock: Sequence[Card], seed: int) -> TableGame:
    """The game ``view`` shows, every seat holding ``hands[seat]`` (``view.hand`` for its own seat)
    and ``stock`` (top last) as the stock; ``seed`` shuffles a renewed Rummy stock."""
    if view.finished or view.current is None:
        raise ValueError("a finished match has no hand to play")
    g = _CLASSES[view.game].__new__(_CLASSES[view.game])
    g.rules, g.seed, g.seats = view.rules, seed, view.seats
    g.dealer, g.deal_number = view.dealer, view.deal_number
    g.held = [list(h) for h in hands]
    g.held[view.seat] = list(view.hand)
    g.known = [list(k) for k in view.known]
    g.stock, g.pile = list(stock), list(view.pile)
    g.melds, g.scores = list(view.melds), list(view.scores)
    g.history = []
    g.current, g.phase = view.current, view.phase
    g.responder = view.turn if view.turn != view.current else None
    # this turn's events of the player whose turn it is (none yet in his draw phase)
    now = [e for e in view.last_events if e.seat == view.current] if view.phase != DRAW else []
    pile = [e.cards[0] for e in now if e.kind is Ev.DREW_PILE and e.cards]
    g.from_pile = pile[-1] if pile else None
    g.drawn = view.drawn if view.seat == view.current else g.from_pile
    g.turn_layoffs = {}
    for e in now:
        if e.kind is Ev.LAID_OFF and e.meld is not None:
            g.turn_layoffs[e.meld] = g.turn_layoffs.get(e.meld, 0) + 1
    g.turn_laid = any(e.kind in (Ev.MELDED, Ev.LAID_OFF) for e in now)
    g.finished, g.moves, g.winner, g.resigned_by = False, view.moves, None, None
    g.last_events, g.turn_open = (), False
    g._init_extra()
    own = view.own
    if isinstance(g, Colonel) and isinstance(own, ColonelView):
        g.challenged = own.challenged
        drew = any(e.kind in (Ev.DREW_PILE, Ev.DREW_STOCK) for e in now)
        g.resume = PLAY if view.phase == RESPOND and drew else DRAW if view.phase == RESPOND else view.phase
    elif isinstance(g, Skarney) and isinstance(own, SkarneyView):
        g.contract, g.last_card = list(own.contract), list(own.last_card)
        laid_now = {e.meld for e in now if e.kind is Ev.MELDED}
        mine = {m.number for m in view.melds if m.owner == view.current}
        # the contract is the hand's first meld: it went down this turn when all his melds did
        g.contract_now = bool(mine) and own.contract[view.current] and mine <= laid_now
        g.offer, g.refused, g.accepted = own.offer, own.refused, own.accepted
        g.draw_lost, g.final = own.draw_lost, own.final_turn
        g.offer_without_draw = own.offer is not None and any(e.kind is Ev.DRAW_LOST for e in view.last_events)
    elif isinstance(g, Rummy) and isinstance(own, RummyView):
        g.renewals, g.laid_before = own.renewals, list(own.laid_before)
        # cards taken from the pile and melded since no longer matter: only those in hand are kept back
        g.taken = [list(k) for k in view.known]
    return g


__all__ = ["clone", "game_from_view"]
