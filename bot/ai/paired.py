"""Paired play-outs and the confidence rule: how the expert levels pick a move (Gin, Knockout).

A search has candidate moves, the first of them the ``hard`` level's (the *default*). Each
round draws one guess at the hidden cards and plays that same deal to the end after every
candidate still in the running; the game's module supplies the round (``one_round``) and the
value of its outcomes. Common deals make the differences between candidates much less noisy
than their means, so the bookkeeping is of the paired differences to the default:

* every ``check_every`` rounds after ``min_rounds``, a candidate trailing the best by more than
  ``drop_z`` standard errors is dropped (the default never is), and the search stops when only
  one is left;
* it stops after ``rounds`` rounds or when ``seconds`` have passed (the ``Deadline`` of
  deadline.py: ``no_deadline()`` lifts it, so a decision depends on the view and the seed alone);
* the move is the default unless the best candidate beats it by ``z`` standard errors.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from .deadline import Deadline


@dataclass(frozen=True, slots=True)
class Budget:
    """How long and how wide an expert searches (bench/ai_strength.py measured the chosen values)."""

    seconds: float = 0.18  # per decision, the time guard's limit
    rounds: int = 400  # paired deals at most
    min_rounds: int = 24  # before anything is dropped
    check_every: int = 8  # rounds between two looks at the candidates
    z: float = 1.0  # standard errors by which a move must beat the default to replace it
    drop_z: float = 2.5  # ... and by which a candidate must trail the best to be dropped
    discards: int = 4  # discards searched (the least deadwood first)


BUDGET = Budget()
_budget: ContextVar[Budget] = ContextVar("expert_budget", default=BUDGET)


@contextmanager
def budget(b: Budget) -> Iterator[None]:
    """Within this block the experts search with ``b`` (tests: small budgets, fixed seeds)."""
    token = _budget.set(b)
    try:
        yield
    finally:
        _budget.reset(token)


def current_budget() -> Budget:
    return _budget.get()


def paired_search(n: int, one_round: Callable[[list[int]], list[float]], b: Budget) -> int:
    """The index of the chosen candidate of ``n`` (0: the default). ``one_round(alive)`` plays one
    guessed deal after each candidate in ``alive`` and returns the values (by index; the others 0)."""
    if n < 2:
        return 0
    deadline = Deadline(b.seconds)
    alive = list(range(n))
    total = [0.0] * n
    diff = [0.0] * n  # against the default: sum and sum of squares of the paired difference
    diff2 = [0.0] * n
    rounds = 0
    while rounds < b.rounds:
        values = one_round(alive)
        for i in alive:
            total[i] += values[i]
            d = values[i] - values[0]
            diff[i] += d
            diff2[i] += d * d
        rounds += 1
        if deadline.left() <= 0:
            break
        if rounds >= b.min_rounds and rounds % b.check_every == 0:
            alive = _survivors(alive, total, diff, diff2, rounds, b.drop_z)
            if len(alive) == 1:
                break
    return _choice(alive, total, diff, diff2, rounds, b.z)


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
        # the gap to the best, paired through the default (d_best - d_i); its error at most the sum of both
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
