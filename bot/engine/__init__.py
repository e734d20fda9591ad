"""Pure Gin Rummy rules: no I/O, no asyncio, no discord, no PIL."""

from .actions import Action, ActionKind, IllegalAction
from .cards import Card, Suit, parse_card, parse_cards
from .match import Event, EventKind, HandRecord, Match, MatchSummary
from .melds import Arrangement, best_arrangement, best_discards
from .rules import PRESETS, Ruleset, preset
from .scoring import IllegalKnock, KnockResult, Outcome, score_knock
from .views import PublicView, SeatView, public_view, seat_view

__all__ = [
    "Action", "ActionKind", "Arrangement", "Card", "Event", "EventKind", "HandRecord",
    "IllegalAction", "IllegalKnock", "KnockResult", "Match", "MatchSummary", "Outcome",
    "PRESETS", "PublicView", "Ruleset", "SeatView", "Suit", "best_arrangement",
    "best_discards", "parse_card", "parse_cards", "preset", "public_view", "score_knock",
    "seat_view",
]
