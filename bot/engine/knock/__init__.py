"""What Gin and Knockout share: a deal played by knocking and laying off (docs/rules.md#a-turn).

Actions and events of the Gin family, one deal's state machine (``deal.py``), judging a knock
(``scoring.py``), the Gin ruleset and its presets (``rules.py``), a scoring column with its
bonuses (``column.py``), the bookkeeping every such match does (``core.py``, ``summary.py``) and
the view fields every such table builds (``fields.py``).
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
    action,
    discard,
    gin,
    knock,
)
from .column import ScoreColumn
from .deal import STOCK_FLOOR, HandState, Phase
from .events import Event, EventKind
from .fields import KnockHelpers
from .rules import OKLAHOMA, PRESETS, SHUTOUTS, Ruleset, preset
from .scoring import IllegalKnock, KnockResult, Outcome, score_knock, score_low

__all__ = [
    "BIG_GIN",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "OKLAHOMA",
    "PASS",
    "PRESETS",
    "RESIGN",
    "SHUTOUTS",
    "STOCK_FLOOR",
    "TAKE",
    "Action",
    "ActionKind",
    "Event",
    "EventKind",
    "HandState",
    "IllegalKnock",
    "KnockHelpers",
    "KnockResult",
    "Outcome",
    "Phase",
    "Ruleset",
    "ScoreColumn",
    "action",
    "discard",
    "gin",
    "knock",
    "preset",
    "score_knock",
    "score_low",
]
