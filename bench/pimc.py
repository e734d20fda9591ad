"""The reference searching player: determinised Monte Carlo (PIMC), as issue 24 describes it.

For every decision, from the seat's view alone: deal the cards it cannot see at random
consistent with what it knows (the opponent keeps the pile cards he took and still holds; the
rest of his hand and the stock order are a uniform shuffle of the unseen cards), play each deal
to the end of the hand once after every legal move with the simple greedy policy for both seats
(bot.ai.gin.sim.greedy: the pile card only to meld it, the lowest deadwood, any knock at once),
and keep the move with the best mean of hand points. About ``PLAYOUTS`` play-outs a decision,
shared evenly among the legal moves (each move sees the same deals). It knows nothing of the
match score and searches without a time limit.

It is a benchmark opponent (bench/ai_strength.py: ``pimc``), not a level of the bot.
"""

from __future__ import annotations

import random

from bot.ai.gin.knowledge import knowledge_of
from bot.ai.gin.sim import GREEDY, deal_from_view, play_out, sim_move, sim_rules
from bot.engine.gin import SeatView
from bot.engine.knock import Action

PLAYOUTS = 640


def pimc(view: SeatView, rng: random.Random, playouts: int = PLAYOUTS) -> Action:
    """The PIMC move for ``view`` (one of ``view.legal``)."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    k = knowledge_of(view)
    rules = sim_rules(view)
    moves = [sim_move(a) for a in legal]
    unseen = [c.bit for c in k.unseen_cards]
    hidden = k.opp_hidden
    sign = 1 if view.seat == 0 else -1
    totals = [0] * len(legal)
    for _ in range(max(1, playouts // len(legal))):
        rng.shuffle(unseen)
        opp = 0
        for bit in unseen[:hidden]:
            opp |= bit
        base = deal_from_view(view, opp, unseen[hidden:], k.drawn_from_pile)
        for i, move in enumerate(moves):
            deal = base.copy()
            deal.play(move, rules)
            totals[i] += sign * play_out(deal, rules, GREEDY)
    best = max(range(len(legal)), key=totals.__getitem__)  # ties: the first legal move
    return legal[best]
