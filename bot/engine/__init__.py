"""Pure game rules: no I/O, no asyncio, no discord, no PIL. The rules are in docs/rules.md.

The package is laid out by job:

* here: the game protocol and registry (``game.py``), cards and their notation (``cards.py``),
  the exact meld solver (``melds.py``), the table options parser (``options.py``) and the one
  table of numeric limits every layer reads (``limits.py``: ``LIMITS.target``, ``LIMITS.seats`` ...);
* ``knock/``: what Gin and Knockout share (knock-and-lay-off deals, actions, events, scoring,
  the Gin ruleset, the match bookkeeping and view fields);
* ``gin/``: Gin Rummy for two, three and four seats (Sequence Gin is its variant);
* ``knockout/``: Knockout Gin, 2 to 4 players;
* ``tablegames/``: Colonel, Skarney Gin and Rummy on one table-meld model.

Importing this package registers every game. Callers import the core names from here and a
family's names from its package (``from bot.engine.gin import Match``), never from inner modules.
"""

from . import gin, knockout, tablegames  # registers every game
from .cards import (
    DECK,
    FULL_MASK,
    LANE,
    Card,
    Suit,
    card_at,
    cards_of,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
    sort_for_display,
)
from .game import (
    RESIGN_TEXT,
    AnyState,
    GameAction,
    GameEvent,
    GameRules,
    GameState,
    GameType,
    HandRecordLike,
    IllegalAction,
    MatchSummary,
    PublicViewLike,
    RulesMaker,
    SeatViewLike,
    game_names,
    game_type,
    next_actor,
    register,
    unregister,
)
from .limits import LIMITS, Limits, Span
from .melds import (
    Arrangement,
    all_arrangements,
    best_arrangement,
    best_discards,
    deadwood_of_mask,
    mask_points,
    meld_kind,
    meldable_mask,
)
from .options import NO_OPTIONS, Option, OptionEntry, OptionTable
from .order import CARD_ORDERS, CardOrder, deadwood_groups, sort_cards
from .said import Counted, OptionError, Said

__all__ = [
    "CARD_ORDERS",
    "DECK",
    "FULL_MASK",
    "LANE",
    "LIMITS",
    "NO_OPTIONS",
    "RESIGN_TEXT",
    "AnyState",
    "Arrangement",
    "Card",
    "CardOrder",
    "Counted",
    "GameAction",
    "GameEvent",
    "GameRules",
    "GameState",
    "GameType",
    "HandRecordLike",
    "IllegalAction",
    "Limits",
    "MatchSummary",
    "Option",
    "OptionEntry",
    "OptionError",
    "OptionTable",
    "PublicViewLike",
    "RulesMaker",
    "Said",
    "SeatViewLike",
    "Span",
    "Suit",
    "all_arrangements",
    "best_arrangement",
    "best_discards",
    "card_at",
    "cards_of",
    "deadwood_groups",
    "deadwood_of_mask",
    "format_cards",
    "game_names",
    "game_type",
    "gin",
    "knockout",
    "mask_of",
    "mask_points",
    "meld_kind",
    "meldable_mask",
    "next_actor",
    "parse_card",
    "parse_cards",
    "register",
    "sort_cards",
    "sort_for_display",
    "tablegames",
    "unregister",
]
