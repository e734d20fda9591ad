"""Gin for two, three and four seats: one renderer (renderer.py) choosing by the view's type among
the two-player table (duel.py and its pictures: hand, table, result, match_end; its words: words,
alt), three players (trio.py) and two partnerships (teams.py)."""

from __future__ import annotations

from .duel import DuelRenderer
from .renderer import GinRenderer

__all__ = ["DuelRenderer", "GinRenderer"]
