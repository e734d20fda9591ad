"""Gin's AI for two, three and four seats: every seat plays a two-player hand (its ``gin_view``).

Modules: knowledge (what the seat knows), greedy (the easy level and the time-out fallback),
opponent (discard danger, hand samples), knock (the Monte Carlo knock check), player (the levels),
coach and playout (a finished hand's decisions against the hard AI's, docs/coach.md);
the deadwood evaluation is shared with Knockout (bot.ai.knock).
"""

from __future__ import annotations

import random

from bot.engine.gin import SeatView, TeamSeatView, TrioSeatView
from bot.engine.knock import Action

from .coach import Advice, Decision, hand_decisions, review
from .greedy import greedy_action
from .player import Params, choose_action
from .stakes import stakes_of


def choose_gin(view: SeatView | TrioSeatView | TeamSeatView, level: str, rng: random.Random) -> Action:
    """A move for any Gin seat: the seat's two-player hand decides (a seat is asked to move only
    while its hand is dealt), the expert with the stakes of the whole table (partners: the teams')."""
    hand = view.gin_view
    if hand is None:
        raise ValueError(f"no legal move: seat {view.seat} has no hand in play")
    if level != "expert" or hand is view:
        return choose_action(hand, level, rng)
    target = view.rules.team_target if isinstance(view, TeamSeatView) else view.rules.target
    return choose_action(hand, level, rng, stakes=stakes_of(hand, target))


__all__ = ["Advice", "Decision", "Params", "choose_action", "choose_gin", "greedy_action", "hand_decisions", "review"]
