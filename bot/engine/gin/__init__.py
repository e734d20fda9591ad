"""Gin Rummy for two, three and four seats (docs/rules.md), registered as the game ``gin``.

Two players: ``Match`` (views in ``views.py``); three, the dealer sitting out: ``ThreeMatch``;
four in two partnerships: ``TeamMatch``. Three and four play two-player deals (``Duel``) inside
the bigger match. ``game.py`` registers the one game type for every seat count.
"""

from .duel import DuelResult, TableView
from .game import GIN, VARIANTS, make_rules
from .match import Match, public_view, seat_view
from .partners import TeamMatch, pairings, team_of
from .partners_views import TeamHandRecord, TeamPublicView, TeamSeatView
from .records import HandRecord
from .three import ThreeMatch
from .three_views import TrioHandRecord, TrioPublicView, TrioSeatView
from .views import GameView, PublicView, SeatView

__all__ = [
    "GIN",
    "VARIANTS",
    "DuelResult",
    "GameView",
    "HandRecord",
    "Match",
    "PublicView",
    "SeatView",
    "TableView",
    "TeamHandRecord",
    "TeamMatch",
    "TeamPublicView",
    "TeamSeatView",
    "ThreeMatch",
    "TrioHandRecord",
    "TrioPublicView",
    "TrioSeatView",
    "make_rules",
    "pairings",
    "public_view",
    "seat_view",
    "team_of",
]
