"""The ``expert`` level of two-player Gin: a determinised search at decision time, from the seat's view only.

For a decision with more than one sensible move it plays many *paired* deals: each round draws
one guess at the hidden cards (guess.py: the opponent's hand and the stock order, consistent with
what the seat knows) and plays that same deal to the end of the hand after every candidate move
(sim.py, both seats by the play-out policy of policy.py; a knock is scored at once, exactly).
Each play-out is valued by what its points are worth in the match (stakes.py). Common deals make
the differences between candidates far less noisy than their means.

* Candidates: both draws (the pile card only when it lowers the deadwood, so no card goes back
  and forth forever), the best knock, and the discards with the least deadwood (after a pile
  take: only those, as ``hard`` does); gin and big gin are taken at once.
* The confidence rule and the budget (bot/ai/paired.py): the move is ``hard``'s (the caller's
  ``default``) unless another candidate beats it by ``z`` standard errors of the paired
  difference; at most ``Budget.seconds`` and ``Budget.rounds`` a decision.
* The play-outs: the seat's own moves hold for gin until the stock runs low (``SELF``, hard's
  habit), the opponent knocks as soon as he may (``OPPONENT``, as most players do).

``search`` reads the ``SeatView`` and nothing else: tests/ai/test_expert.py swaps the hidden
cards behind a view and checks the same decision for the same seed.
"""

from __future__ import annotations

import random
from functools import partial

from bot.engine import mask_of
from bot.engine.gin import SeatView
from bot.engine.knock import Action, ActionKind

from ..knock.values import best_discard, deadwood
from ..paired import Budget, current_budget, paired_search
from .guess import Guesser
from .knowledge import knowledge_of
from .policy import Style
from .policy import play as policy_play
from .sim import Policy, deal_from_view, play_out, sim_move, sim_rules
from .stakes import POINTS, Stakes

# The play-outs: hard's habits (its danger and lookahead; the policy alone wins as often as hard
# against the reference bots, tests/ai/test_policy.py), the seat's own moves playing for gin until
# the stock runs low, the opponent's knocking as soon as he may.
SELF = Style(hold=0, hold_stock=4, pairs=True, lookahead=True, slack=2)
OPPONENT = Style(pairs=True, lookahead=True, slack=2)


_TAKES = (ActionKind.TAKE_UPCARD, ActionKind.DRAW_DISCARD)


def candidates(view: SeatView, default: Action, discards: int) -> list[Action]:
    """The moves worth searching, ``default`` first (see the module docstring)."""
    legal = view.legal
    for kind in (ActionKind.BIG_GIN, ActionKind.GIN):
        for a in legal:
            if a.kind is kind:
                return [a]
    runs = view.rules.sequence
    h = mask_of(view.hand)
    take = next((a for a in legal if a.kind in _TAKES), None)
    if take is not None:
        top = view.discard_top
        if top is None or best_discard(h | top.bit, top.bit, runs)[0] >= deadwood(h, runs):
            return [next(a for a in legal if a is not take)]
        return [default, *(a for a in legal if a != default)]
    if legal[0].kind is ActionKind.DRAW_STOCK:
        return [legal[0]]
    out = [default]
    knock = next((a for a in legal if a.kind is ActionKind.KNOCK), None)  # the engine lists the best first
    if knock is not None and knock not in out:
        out.append(knock)
    options = [(dw, -c.value, c) for c, dw in view.discard_options if any(_is_discard(a, c) for a in legal)]
    options.sort()
    if options and view.drawn is not None and not any(_is_discard(a, view.drawn) for a in legal):
        options = [o for o in options if o[0] == options[0][0]]  # after a pile take: the least deadwood only
    for _, _, card in options[:discards]:
        move = next(a for a in legal if _is_discard(a, card))
        if move not in out:
            out.append(move)
    return out


def _is_discard(a: Action, card: object) -> bool:
    return a.kind is ActionKind.DISCARD and a.card is card


def search(
    view: SeatView,
    rng: random.Random,
    default: Action,
    stakes: Stakes = POINTS,
    b: Budget | None = None,
    among: list[Action] | None = None,
) -> Action:
    """The expert's move for ``view``: ``default`` unless the search finds a clearly better one
    (among ``candidates``, or the moves ``among``: ``default`` and others)."""
    b = b or current_budget()
    moves = candidates(view, default, b.discards) if among is None else [default, *(a for a in among if a != default)]
    if len(moves) == 1:
        return moves[0]
    k = knowledge_of(view)
    guesser = Guesser(k)
    rules = sim_rules(view)
    sign = 1 if view.seat == 0 else -1
    mine: Policy = partial(policy_play, style=SELF)
    theirs: Policy = partial(policy_play, style=OPPONENT)
    players = (mine, theirs) if view.seat == 0 else (theirs, mine)
    sim = [sim_move(a) for a in moves]
    value = stakes.value

    def one_round(alive: list[int]) -> list[float]:
        opp, stock = guesser.guess(rng)
        base = deal_from_view(view, opp & ~k.opp_known, stock, k.drawn_from_pile)
        values = [0.0] * len(sim)
        for i in alive:
            deal = base.copy()
            deal.play(sim[i], rules)
            values[i] = value(sign * play_out(deal, rules, players[0], players[1]))
        return values

    return moves[paired_search(len(moves), one_round, b)]
