"""Pure game rules: no I/O, no asyncio, no discord, no PIL. The rules are in docs/rules.md.

``bot.engine.game`` is the protocol every game implements and the registry of games;
two-player Gin (``bot.engine.gin``) is registered when this package is imported.
Callers import from here, not from the inner modules.
"""

from .actions import (
    BIG_GIN,
    DRAW_DISCARD,
    DRAW_STOCK,
    PASS,
    RESIGN,
    TAKE,
    Action,
    ActionKind,
    IllegalAction,
    discard,
    gin,
    knock,
)
from .cards import DECK, Card, Suit, format_cards, parse_card, parse_cards, sort_for_display
from .colonel import COLONEL, Colonel, ColonelRules  # Colonel: melds on the table, 2 players
from .game import (
    RESIGN_TEXT,
    GameRules,
    GameState,
    GameType,
    HandRecordLike,
    MatchSummary,
    PublicViewLike,
    SeatViewLike,
    game_names,
    game_type,
    register,
    unregister,
)
from .gin import GIN, VARIANTS, make_rules
from .knockout import KNOCKOUT, KnockoutMatch, KnockoutRules  # Knockout Gin, 2 to 4 players
from .match import Event, EventKind, HandRecord, Match
from .melds import Arrangement, best_arrangement, best_discards, meld_kind
from .rules import PRESETS, Ruleset, preset
from .rummy import RUMMY_GAME, Rummy, RummyRules  # Rummy, 2 to 6 players, melds on the table
from .scoring import IllegalKnock, KnockResult, Outcome, score_knock
from .skarney import SKARNEY, Skarney, SkarneyRules  # Skarney Gin, 2 players, offers instead of a pile
from .tableplay import TableAction, TableEvent, TableHand  # moves, events and hand records of those three
from .tableviews import TablePublicView, TableSeatView
from .teams import TeamMatch  # Gin: four players in two partnerships
from .trio import ThreeMatch  # Gin: three players
from .views import GameView, Phase, PublicView, SeatView, public_view, seat_view

__all__ = [
    "BIG_GIN",
    "COLONEL",
    "DECK",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "GIN",
    "KNOCKOUT",
    "PASS",
    "PRESETS",
    "RESIGN",
    "RESIGN_TEXT",
    "RUMMY_GAME",
    "SKARNEY",
    "TAKE",
    "VARIANTS",
    "Action",
    "ActionKind",
    "Arrangement",
    "Card",
    "Colonel",
    "ColonelRules",
    "Event",
    "EventKind",
    "GameRules",
    "GameState",
    "GameType",
    "GameView",
    "HandRecord",
    "HandRecordLike",
    "IllegalAction",
    "IllegalKnock",
    "KnockResult",
    "KnockoutMatch",
    "KnockoutRules",
    "Match",
    "MatchSummary",
    "Outcome",
    "Phase",
    "PublicView",
    "PublicViewLike",
    "Ruleset",
    "Rummy",
    "RummyRules",
    "SeatView",
    "SeatViewLike",
    "Skarney",
    "SkarneyRules",
    "Suit",
    "TableAction",
    "TableEvent",
    "TableHand",
    "TablePublicView",
    "TableSeatView",
    "TeamMatch",
    "ThreeMatch",
    "best_arrangement",
    "best_discards",
    "discard",
    "format_cards",
    "game_names",
    "game_type",
    "gin",
    "knock",
    "make_rules",
    "meld_kind",
    "parse_card",
    "parse_cards",
    "preset",
    "public_view",
    "register",
    "score_knock",
    "seat_view",
    "sort_for_display",
    "unregister",
]
