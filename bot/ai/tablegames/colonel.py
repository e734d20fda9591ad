"""The Colonel AI: Rummy's turn play (bot/ai/rummy.py) plus the Challenge. Reads only the seat view.

The opponent's hand total is estimated from what the seat knows: the cards he took from the
pile and still holds at their value, every other card at the mean value of the unseen cards.

* Challenge: at the start of its turn, when its own total is small (``challenge_max``) and well
  below the estimate (``challenge_ratio``). Once a turn, as the rules allow.
* Answer: accept when its own total is below ``accept_ratio`` times the estimate (a challenger
  usually holds little, so the ratio is below 1).
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass

from bot.engine.tablegames import Act, TableAction, TableSeatView

from .greedy import greedy_action
from .plan import first, style_of, unseen
from .rummy import Params as TurnParams
from .rummy import turn_choice

TURN = TurnParams(out_weight=2.5, count_weight=3.0, value_weight=1.0, chains=False, low_stock=10, hold_for_rummy=False)


@dataclass(frozen=True, slots=True)
class Params:
    turn: TurnParams = TURN  # the turn play (bench/table_games.py measured these weights)
    challenge_max: int = 12  # challenge only with at most this many points in hand
    challenge_ratio: float = 0.45  # ...and at most this share of the opponent's estimated total
    accept_ratio: float = 0.5  # accept a Challenge when holding less than this share of the estimate


NORMAL = Params()


def opponent_estimate(view: TableSeatView) -> float:
    style = style_of(view)
    other = 1 - view.seat
    hidden = unseen(view)
    mean = statistics.fmean(style.value(c) for c in hidden) if hidden else 6.5
    known = view.known[other]
    return style.points(known) + (view.hand_sizes[other] - len(known)) * mean


def choose_colonel(view: TableSeatView, params: Params) -> TableAction:
    if view.phase == "respond":
        return answer(view, params)
    challenge = first(view, Act.CHALLENGE)
    if challenge is not None and challenges(view, params):
        return challenge
    return turn_choice(view, params.turn)


def challenges(view: TableSeatView, params: Params) -> bool:
    """The Challenge rule above (the draw phase, a small total well below the estimate); the answer is ``answer``."""
    return (
        view.phase == "draw"
        and view.hand_points <= params.challenge_max
        and view.hand_points < params.challenge_ratio * opponent_estimate(view)
    )


def answer(view: TableSeatView, params: Params) -> TableAction:
    """Accept a Challenge when holding well below the estimate of the challenger's total."""
    accept = view.hand_points < params.accept_ratio * opponent_estimate(view)
    return first(view, Act.ACCEPT if accept else Act.REJECT) or view.legal[0]


def choose(view: TableSeatView, level: str, rng: random.Random) -> TableAction:
    """The Colonel chooser: 'easy' is the greedy player, 'normal' and 'hard' play the strategy above."""
    if level == "easy":
        return greedy_action(view)
    return choose_colonel(view, NORMAL)


__all__ = ["NORMAL", "Params", "answer", "challenges", "choose", "choose_colonel", "opponent_estimate"]
