"""The computer opponents. Pure Python; each reads only a seat's view of its game.

``chooser_for(game)(view, level, rng)`` returns one of ``view.legal``; levels are
``bot.constants.LEVELS``. Gin's AI: ``choose_action(view, level='normal', rng=None,
deadline_s=0.1)``; its modules: knowledge (what the seat knows), evaluate (deadwood and
lookahead), greedy (easy level and time-out fallback), opponent (discard danger, hand
samples), knock (Monte Carlo knock check), deadline (time guard), player (the levels).
"""

import random

from bot.constants import LEVELS
from bot.engine.gin import SeatView, TeamSeatView, TrioSeatView
from bot.engine.knock import Action

from .colonel import choose as colonel_choose
from .knockout import choose_knockout
from .player import choose_action
from .registry import Chooser, chooser_for, register_ai, unregister_ai
from .rummy import choose as rummy_choose
from .skarney import choose as skarney_choose


def _gin(view: SeatView | TrioSeatView | TeamSeatView, level: str, rng: random.Random) -> Action:
    # Every Gin seat plays a two-player hand, its ``gin_view`` (two players: the view itself); a seat
    # is asked to move only while its hand is dealt.
    hand = view.gin_view
    if hand is None:
        raise ValueError(f"no legal move: seat {view.seat} has no hand in play")
    return choose_action(hand, level, rng)


register_ai("gin", _gin)
register_ai("colonel", colonel_choose)  # the table games: bot/ai/colonel.py, skarney.py, rummy.py
register_ai("skarney", skarney_choose)
register_ai("rummy", rummy_choose)
register_ai("knockout", choose_knockout)  # bot/ai/knockout.py

__all__ = ["LEVELS", "Chooser", "choose_action", "chooser_for", "register_ai", "unregister_ai"]
