"""The ``expert`` level of Knockout: hard's move unless a determinised search finds a clearly better one.

As Gin's expert (bot/ai/gin/expert.py), from the seat's view only: each round guesses every other
hand in the deal and the stock order (sim.Guesser: the pile cards a player took and holds stay
his), plays that deal to its end after every candidate move with every seat by the greedy
Knockout play (sim.py: the pile card to meld it, any knock at once, as the Knockout levels do),
and values the penalties the deal hands out (``value``). Paired deals, the confidence rule and
the budget are bot/ai/paired.py's.

* Candidates: both draws (the pile card only when it lowers the deadwood), the knock, the
  discards with the least deadwood (after a pile take only those); gin and big gin at once.
* The value of a deal for the seat: the others' mean penalty less its own, in targets; going out
  costs a whole target and putting another player out gains his share of one (the match is won
  by the last player in).
"""

from __future__ import annotations

import random

from bot.engine import mask_of
from bot.engine.knock import Action, ActionKind
from bot.engine.knockout import KnockoutSeatView

from ..knock.values import best_discard, deadwood
from ..paired import Budget, current_budget, paired_search
from .sim import Guesser, deal_from_view, play_out, sim_move


def candidates(view: KnockoutSeatView, default: Action, discards: int) -> list[Action]:
    """The moves worth searching, ``default`` first (see the module docstring)."""
    legal = view.legal
    for kind in (ActionKind.BIG_GIN, ActionKind.GIN):
        for a in legal:
            if a.kind is kind:
                return [a]
    h = mask_of(view.hand)
    pile = next((a for a in legal if a.kind is ActionKind.DRAW_DISCARD), None)
    if legal[0].kind is ActionKind.DRAW_STOCK:
        top = view.discard_top
        if pile is None or top is None or best_discard(h | top.bit, top.bit)[0] >= deadwood(h):
            return [legal[0]]
        return [default, *(a for a in legal if a != default)]
    out = [default]
    knock = next((a for a in legal if a.kind is ActionKind.KNOCK), None)
    if knock is not None and knock not in out:
        out.append(knock)
    plain = {a.card: a for a in legal if a.kind is ActionKind.DISCARD}
    options = sorted((dw, -c.value, c) for c, dw in view.discard_options if c in plain)
    if options and view.drawn is not None and view.drawn not in plain:
        options = [o for o in options if o[0] == options[0][0]]  # after a pile take: the least deadwood only
    for _, _, card in options[:discards]:
        if plain[card] not in out:
            out.append(plain[card])
    return out


def value(view: KnockoutSeatView, penalties: list[int]) -> float:
    """What a deal's penalties are worth to the seat of ``view`` (see the module docstring)."""
    seat = view.seat
    target = view.rules.target
    others = [s for s in view.order if s != seat]
    worth = (sum(penalties[s] for s in others) / len(others) - penalties[seat]) / target
    if view.penalties[seat] + penalties[seat] >= target:
        worth -= 1.0
    for s in others:
        if view.penalties[s] + penalties[s] >= target:
            worth += 1.0 / len(others)
    return worth


def search(view: KnockoutSeatView, rng: random.Random, default: Action, b: Budget | None = None) -> Action:
    """The expert's move for ``view``: ``default`` unless the search finds a clearly better one."""
    b = b or current_budget()
    moves = candidates(view, default, b.discards)
    if len(moves) == 1:
        return moves[0]
    guesser = Guesser(view)
    sim = [sim_move(a) for a in moves]

    def one_round(alive: list[int]) -> list[float]:
        hands, stock = guesser.guess(rng)
        base = deal_from_view(view, hands, stock)
        values = [0.0] * len(sim)
        for i in alive:
            deal = base.copy()
            deal.play(sim[i])
            values[i] = value(view, play_out(deal))
        return values

    return moves[paired_search(len(moves), one_round, b)]
