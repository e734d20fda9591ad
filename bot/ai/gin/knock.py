"""Knock or play on: a determinised Monte Carlo estimate of what a knock scores now.

For a possible knock we sample plausible opponent hands (``opponent.sample_hand``,
greedily improved over the stock cards it has seen) and score each with the
engine's own scorer, lay-offs and undercuts included. The mean is the knock's
expected value for us; the share of samples where the opponent scores is the
undercut risk.

Policy (``should_knock``): knocking early is right almost always against players
who knock as soon as they can, because waiting hands them the chance to knock
first. So we knock unless the estimate says the knock is more likely than not to
be undercut (or loses points on average) while there is still stock left to
improve; near the end of the stock any legal knock is taken, since a drawn hand
scores nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from bot.engine import cards_of
from bot.engine.knock import OKLAHOMA, Ruleset, score_knock

from ..deadline import Deadline
from .knowledge import Knowledge
from .opponent import sample_hand


@dataclass(frozen=True, slots=True)
class KnockEstimate:
    ev: float  # mean points for us (negative: the opponent scores)
    p_undercut: float
    samples: int


def _fixed_rules(rules: Ruleset, limit: int) -> Ruleset:
    """The ruleset with this hand's knock limit fixed (Oklahoma needs no upcard then)."""
    if rules.knock_limit == OKLAHOMA:
        return replace(rules, knock_limit=limit, oklahoma_spade_double=False)
    return rules


def estimate_knock(
    k: Knowledge,
    h10: int,
    rules: Ruleset,
    multiplier: int,
    rng: random.Random,
    samples: int,
    deadline: Deadline,
) -> KnockEstimate:
    """Expected points of knocking with the 10-card mask ``h10`` (see the module docstring)."""
    fixed = _fixed_rules(rules, k.knock_limit)
    mine = cards_of(h10)
    total = 0.0
    under = 0
    done = 0
    for _ in range(samples):
        deadline.check()
        opp = sample_hand(k, rng)
        res = score_knock(mine, cards_of(opp), fixed)
        pts = res.points * multiplier
        if res.scorer == "defender":
            total -= pts
            under += 1
        else:
            total += pts
        done += 1
    if not done:
        return KnockEstimate(0.0, 0.0, 0)
    return KnockEstimate(total / done, under / done, done)


def should_knock(
    est: KnockEstimate,
    stock_count: int,
    max_risk: float = 0.5,
    endgame_stock: int = 4,
    min_ev: float = 0.0,
) -> bool:
    """Knock unless an undercut is likely (or the knock gains too little) and there is stock left."""
    if stock_count <= endgame_stock:
        return True
    return est.p_undercut <= max_risk and est.ev > min_ev
