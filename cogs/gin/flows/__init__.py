"""The flows of a table, one job per module: the public board (board, announce), private hands and
moves (hand; live keeps each player's hand message live; pings at most one turn ping), challenges
and lobbies, the scheduler (what happens without a click), posting (drawing and sending), and the
desk that wires them together and fulfils the components' Routes."""

from __future__ import annotations

from .desk import Desk, desk_of
from .posting import draw

__all__ = ["Desk", "desk_of", "draw"]
