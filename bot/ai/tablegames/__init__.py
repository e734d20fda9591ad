"""The table games' AIs (Colonel, Skarney, Rummy) on one plan of melds and lay-offs (plan.py), with a
greedy player (greedy.py) as the easy level and fallback; each game's ``choose`` is its chooser."""

from __future__ import annotations

from . import colonel, rummy, skarney
from .greedy import greedy_action as table_greedy_action

__all__ = ["colonel", "rummy", "skarney", "table_greedy_action"]
