"""What a hand's points are worth in the match: the chance of winning it, from the scores now.

A hand at 0-0 is worth its points; near the target it is not: at 95 to 40 any won hand ends the
match, so a small safe knock is worth as much as a gin, and at 40 to 95 any hand the opponent
wins ends it. The expert's search therefore scores each play-out by ``Stakes.value``: the chance
of winning the match once the hand's points are added, from a simple model of the hands to come
(each side wins a hand equally often, with the points of ``HAND_POINTS``; the bonuses added at a
match's end do not decide who reaches the target first). Matches not played to a target (a number
of hands, Hollywood's three games) are scored by the points themselves.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from bot.engine.gin import SeatView

# A scored hand's points for its winner, (share, points): knocks, then gins and undercuts, as in
# bench runs of the AI levels against each other and the reference bots (rounded).
HAND_POINTS = (
    (0.12, 5),
    (0.10, 10),
    (0.06, 15),
    (0.04, 20),
    (0.12, 25),
    (0.22, 30),
    (0.16, 35),
    (0.08, 40),
    (0.10, 50),
)
NO_SCORE = 0.08  # a drawn hand
GRID = 100  # the win chances are worked out on at most this many score steps to the target


@dataclass(frozen=True, slots=True)
class Stakes:
    """The scores of the two sides of the hand being played (the seat's first) and the target."""

    mine: int
    theirs: int
    target: int | None  # None: the points themselves are the value

    def value(self, points: int) -> float:
        """The worth of a hand that ends with ``points`` for the seat (negative: the other side scores)."""
        target = self.target
        if target is None:
            return points / 100.0
        a = self.mine + (points if points > 0 else 0)
        b = self.theirs + (-points if points < 0 else 0)
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        table, step = _chances(target)
        return table[a // step][b // step]


POINTS = Stakes(0, 0, None)


def stakes_of(view: SeatView, target: int | None = None) -> Stakes:
    """The stakes of the hand of ``view``: the current game's scores against ``rules.target``; for a
    hand of a bigger table (a view with no game) its two players' totals against ``target``. Points
    alone when the match is not played to a target (a number of hands, Hollywood)."""
    rules = view.rules
    if rules.hollywood or rules.length == "hands":
        return POINTS
    if view.games:
        scores = view.games[-1].scores
        return Stakes(scores[view.seat], scores[1 - view.seat], rules.target)
    if target is None or len(view.totals) != 2:
        return POINTS
    return Stakes(view.totals[view.seat], view.totals[1 - view.seat], target)


@lru_cache(maxsize=16)
def _chances(target: int) -> tuple[tuple[tuple[float, ...], ...], int]:
    """The chance of winning from each pair of scores below ``target`` (a grid of ``step`` points)."""
    step = max(1, math.ceil(target / GRID))
    n = math.ceil(target / step)
    moves = [(share, max(1, round(points / step))) for share, points in HAND_POINTS]
    each = (1.0 - NO_SCORE) / 2
    v = [[0.0] * n for _ in range(n)]
    # From the highest scores down: a hand only ever raises one side's score.
    for a in range(n - 1, -1, -1):
        for b in range(n - 1, -1, -1):
            win = lose = 0.0
            for share, x in moves:
                win += share * (1.0 if a + x >= n else v[a + x][b])
                lose += share * (0.0 if b + x >= n else v[a][b + x])
            v[a][b] = each * (win + lose) / (1.0 - NO_SCORE)
    return tuple(tuple(row) for row in v), step
