"""The coach: where a player of a finished two-player Gin hand chose otherwise than the strongest AI,
and about how many points it cost him (docs/coach.md).

Pure: it reads only his own seat views (one per decision, as the replay rebuilds them) and the moves
he made. For each decision where the ``hard`` AI would have moved otherwise, both moves are compared
by Monte Carlo: the same ``n`` guesses at the hidden cards (playout.determinise; common random
numbers) are each played to the end of the hand after either move, both seats by the greedy policy,
and scored from his side by the engine's rules. The cost is the mean difference, AI's move minus his.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.engine.gin import Match, SeatView
from bot.engine.knock import Action, ActionKind, Ruleset

from ..deadline import no_deadline
from .knowledge import knowledge_of
from .player import choose_action
from .playout import determinise, fixed_rules, play_out, start_state

# Play-outs per reviewed hand, shared among its disputed decisions (two moves each). One play-out
# from mid-hand takes about 0.5 ms on the 2-core test machine: about one second per hand
# (docs/coach.md has the measurements).
PLAYOUTS_PER_HAND = 1600
MIN_PLAYOUTS = 80  # per decision, so that a hand with many disputes still gets a usable estimate
MAX_PLAYOUTS = PLAYOUTS_PER_HAND // 2  # per decision: a hand with one dispute spends it all there
THRESHOLD = 1.0  # points: smaller differences are not worth a line
NOISE_Z = 2.0  # ...and the cost must be this many standard errors above zero


@dataclass(frozen=True, slots=True)
class Decision:
    """One of the player's moves: what he saw, what he did, and the move's number in the match (the
    replay shows the position right after it under that number)."""

    position: int
    view: SeatView
    action: Action


@dataclass(frozen=True, slots=True)
class Advice:
    """A decision the AI would have made otherwise: the move it prefers and the points it expects to gain."""

    position: int
    view: SeatView
    played: Action
    better: Action
    cost: float  # mean points (AI's move minus his), from his side
    error: float  # standard error of ``cost``
    playouts: int


def ai_move(view: SeatView, seed: int) -> Action:
    """The hard AI's move for the view, whatever the machine's speed (no deadline)."""
    with no_deadline():
        return choose_action(view, "hard", random.Random(seed))


def same_move(a: Action, b: Action, view: SeatView) -> bool:
    """The same move as made: a discard that leaves gin is gin when gin is compulsory."""
    if a == b:
        return True
    if a.card is None or a.card != b.card or not view.rules.gin_compulsory:
        return False
    return {a.kind, b.kind} == {ActionKind.DISCARD, ActionKind.GIN}


def compare(view: SeatView, moves: Sequence[Action], n: int, rng: random.Random) -> list[list[int]]:
    """Points from the seat's side after each move, over the same ``n`` guesses at the hidden cards."""
    k = knowledge_of(view)
    rules = fixed_rules(view)
    out: list[list[int]] = [[] for _ in moves]
    for _ in range(n):
        guess = determinise(k, rng)
        for values, move in zip(out, moves, strict=True):
            state = start_state(view, k, guess)
            state.apply(view.seat, move, rules)
            values.append(play_out(state, rules, view.seat, view.multiplier))
    return out


def playouts_each(disputed: int, per_hand: int = PLAYOUTS_PER_HAND) -> int:
    """Play-outs per disputed decision: the hand's budget shared, within the bounds."""
    if not disputed:
        return 0
    return max(MIN_PLAYOUTS, min(MAX_PLAYOUTS, per_hand // (2 * disputed)))


def estimate(view: SeatView, played: Action, better: Action, n: int, seed: int, position: int) -> tuple[float, float]:
    """(mean, standard error) of the points ``better`` gains over ``played``."""
    rng = random.Random(f"coach:{seed}:{position}")
    mine, ai = compare(view, (played, better), n, rng)
    diffs = [b - a for a, b in zip(mine, ai, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def review(
    decisions: Sequence[Decision],
    *,
    seed: int = 0,
    per_hand: int = PLAYOUTS_PER_HAND,
    threshold: float = THRESHOLD,
) -> list[Advice]:
    """The decisions where the hard AI would have moved otherwise and expects at least ``threshold``
    points more (and clearly more than the noise), in the order they were made."""
    disputed: list[tuple[Decision, Action]] = []
    for d in decisions:
        if len(d.view.legal) < 2 or d.action.kind is ActionKind.RESIGN:
            continue
        better = ai_move(d.view, seed ^ d.position)
        if not same_move(better, d.action, d.view):
            disputed.append((d, better))
    n = playouts_each(len(disputed), per_hand)
    out = []
    for d, better in disputed:
        cost, error = estimate(d.view, d.action, better, n, seed, d.position)
        if cost >= threshold and cost >= NOISE_Z * error:
            out.append(Advice(d.position, d.view, d.action, better, cost, error, n))
    return out


def hand_decisions(
    rules: Ruleset, seed: int, log: Iterable[tuple[int, int, str]], seat: int, hand: int
) -> list[Decision] | None:
    """The decisions of ``seat`` in hand ``hand`` (1-based) of a two-player Gin match, rebuilt from its
    seed and move log (seq, seat, move): each with the view that seat had then, and only that. None
    unless the log finishes that hand (a hand ended by a resignation is not finished)."""
    match = Match.new(rules, seed)
    out = []
    for seq, by, text in log:
        played = len(match.history)
        if played >= hand or match.finished:
            break
        move = Action.parse(text)
        if by == seat and played == hand - 1 and move.kind is not ActionKind.RESIGN:
            out.append(Decision(seq, match.seat_view(seat), move))
        match.apply(by, move)
    return out if len(match.history) >= hand else None
