"""The computer opponent. Pure Python; reads only a seat's view (bot.engine.views.SeatView).

``choose_action(view, level='normal', rng=None, deadline_s=0.1) -> Action`` returns
one of ``view.legal`` for the levels in ``LEVELS`` ('easy', 'normal', 'hard').

Modules: knowledge (what the seat knows), evaluate (deadwood and lookahead),
greedy (easy level and time-out fallback), opponent (discard danger, hand samples),
knock (Monte Carlo knock check), deadline (time guard), player (the levels).
"""

from .player import LEVELS, choose_action

__all__ = ["LEVELS", "choose_action"]
