"""Knockout Gin (docs/rules.md#knockout-gin): 2 to 4 players at one table, penalties, the last one in wins."""

from .deal import KnockoutHand
from .match import KNOCKOUT, KnockoutMatch
from .rules import KNOCKOUT_OPTIONS, VARIANTS, KnockoutRules, make_rules
from .scoring import KnockoutResult, Layout
from .views import KnockoutPublicView, KnockoutRecord, KnockoutSeatView

__all__ = [
    "KNOCKOUT",
    "KNOCKOUT_OPTIONS",
    "VARIANTS",
    "KnockoutHand",
    "KnockoutMatch",
    "KnockoutPublicView",
    "KnockoutRecord",
    "KnockoutResult",
    "KnockoutRules",
    "KnockoutSeatView",
    "Layout",
    "make_rules",
]
