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
* The confidence rule: the move is ``hard``'s (the caller's ``default``) unless another candidate
  beats it by ``z`` standard errors of the paired difference. Candidates clearly behind the best
  are dropped on the way, and the search stops early when only one is left.
* The budget: ``Budget.seconds`` a decision (the ``Deadline`` of deadline.py, lifted by
  ``no_deadline()``) and at most ``Budget.rounds`` rounds, so with no deadline a decision
  depends on the view and the random generator alone.

``search`` reads the ``SeatView`` and nothing else: tests/ai/test_expert.py swaps the hidden
cards behind a view and checks the same decision for the same seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import partial

from bot.engine import mask_of
from bot.engine.gin import SeatView
from bot.engine.knock import Action, ActionKind

from ..deadline import Deadline
from .guess import Guesser
from .knowledge import knowledge_of
from .policy import Style
from .policy import play as policy_play
from .sim import Policy, deal_from_view, play_out, sim_move, sim_rules
from .stakes import POINTS, Stakes
from .values import best_discard, deadwood


@dataclass(frozen=True, slots=True)
class Budget:
    """How long and how wide the expert searches (bench/ai_strength.py measured the chosen values)."""

    seconds: float = 0.15  # per decision, the time guard's limit
    rounds: int = 400  # paired deals at most
    min_rounds: int = 24  # before anything is dropped or decided
    check_every: int = 8  # rounds between two looks at the candidates
    z: float = 1.0  # standard errors by which a move must beat hard's to replace it
    drop_z: float = 2.5  # ... and by which a candidate must trail the best to be dropped
    discards: int = 4  # discards searched (the least deadwood first)


BUDGET = Budget()
SELF = Style(hold=0, hold_stock=4)  # the seat's own play-outs: play for gin until the stock runs low
OPPONENT = Style()  # the opponent's: knock as soon as he may
_budget: ContextVar[Budget] = ContextVar("expert_budget", default=BUDGET)


@contextmanager
def budget(b: Budget) -> Iterator[None]:
    """Within this block the expert searches with ``b`` (tests: small budgets, fixed seeds)."""
    token = _budget.set(b)
    try:
        yield
    finally:
        _budget.reset(token)


def current_budget() -> Budget:
    return _budget.get()


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
) -> Action:
    """The expert's move for ``view``: ``default`` unless the search finds a clearly better one."""
    b = b or current_budget()
    moves = candidates(view, default, b.discards)
    if len(moves) == 1:
        return moves[0]
    deadline = Deadline(b.seconds)
    k = knowledge_of(view)
    guesser = Guesser(k)
    rules = sim_rules(view)
    seat = view.seat
    sign = 1 if seat == 0 else -1
    mine: Policy = partial(policy_play, style=SELF)
    theirs: Policy = partial(policy_play, style=OPPONENT)
    players = (mine, theirs) if seat == 0 else (theirs, mine)
    sim = [sim_move(a) for a in moves]
    alive = list(range(len(moves)))
    n = len(moves)
    total = [0.0] * n
    diff = [0.0] * n  # against the default (index 0): sum and sum of squares of the paired difference
    diff2 = [0.0] * n
    rounds = 0
    value = stakes.value
    while rounds < b.rounds:
        opp, stock = guesser.guess(rng)
        base = deal_from_view(view, opp & ~k.opp_known, stock, k.drawn_from_pile)
        values = [0.0] * n
        for i in alive:
            deal = base.copy()
            deal.play(sim[i], rules)
            values[i] = value(sign * play_out(deal, rules, players[0], players[1]))
        for i in alive:
            total[i] += values[i]
            d = values[i] - values[0]
            diff[i] += d
            diff2[i] += d * d
        rounds += 1
        if rounds >= b.min_rounds and rounds % b.check_every == 0:
            alive = _survivors(alive, total, diff, diff2, rounds, b.drop_z)
            if len(alive) == 1 or deadline.left() <= 0:
                break
    return moves[_choice(alive, total, diff, diff2, rounds, b.z)]


def _se(s: float, s2: float, n: int) -> float:
    """Standard error of a mean from the sum and the sum of squares of ``n`` values."""
    if n < 2:
        return math.inf
    var = max(0.0, (s2 - s * s / n) / (n - 1))
    return math.sqrt(var / n)


def _survivors(
    alive: list[int], total: list[float], diff: list[float], diff2: list[float], n: int, z: float
) -> list[int]:
    """The candidates not clearly behind the best so far (the default is never dropped)."""
    best = max(alive, key=lambda i: total[i])
    keep = []
    for i in alive:
        if i == 0 or i == best:
            keep.append(i)
            continue
        # the difference to the best, paired through the default: d_i - d_best
        gap = (diff[best] - diff[i]) / n
        spread = _se(diff[i], diff2[i], n) + _se(diff[best], diff2[best], n)
        if gap <= z * spread:
            keep.append(i)
    return keep


def _choice(alive: list[int], total: list[float], diff: list[float], diff2: list[float], n: int, z: float) -> int:
    """The best mean if it beats the default by ``z`` standard errors, else the default."""
    best = max(alive, key=lambda i: (total[i], -i))
    if best == 0 or n < 2:
        return 0
    gain = diff[best] / n
    return best if gain > z * _se(diff[best], diff2[best], n) else 0
