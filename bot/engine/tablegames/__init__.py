"""The table-meld games (docs/rules.md): melds go on the table during play and a hand ends by
going out. Colonel, Skarney Gin and Rummy share one state machine (``machine.py`` with
``state.py`` and ``checks.py``), one meld model (``melds.py``) and one move vocabulary
(``moves.py``); each game is a module of its own."""

from . import colonel, rummy, skarney
from .colonel import COLONEL, Colonel, ColonelRules
from .colonel import STYLE as COLONEL_STYLE
from .machine import TableGame
from .melds import MeldStyle, TableMeld, display_order, extend, extensions, make_meld, meld_problem, melds_in
from .moves import Act, Ev, TableAction, TableEvent, TableHand
from .rebuild import clone, game_from_view
from .rummy import RUMMY_GAME, Rummy, RummyRules
from .rummy import STYLE as RUMMY_STYLE
from .skarney import SKARNEY, Skarney, SkarneyRules, contracts
from .skarney import STYLE as SKARNEY_STYLE
from .views import ColonelView, OwnView, RummyView, SkarneyView, TablePublicView, TableSeatView

__all__ = [
    "COLONEL",
    "COLONEL_STYLE",
    "RUMMY_GAME",
    "RUMMY_STYLE",
    "SKARNEY",
    "SKARNEY_STYLE",
    "Act",
    "Colonel",
    "ColonelRules",
    "ColonelView",
    "Ev",
    "MeldStyle",
    "OwnView",
    "Rummy",
    "RummyRules",
    "RummyView",
    "Skarney",
    "SkarneyRules",
    "SkarneyView",
    "TableAction",
    "TableEvent",
    "TableGame",
    "TableHand",
    "TableMeld",
    "TablePublicView",
    "TableSeatView",
    "clone",
    "colonel",
    "contracts",
    "display_order",
    "extend",
    "extensions",
    "game_from_view",
    "make_meld",
    "meld_problem",
    "melds_in",
    "rummy",
    "skarney",
]
