"""The parts that build Discord components: the custom_id formats (ids), the DynamicItems a click
lands on (items), the views the bot posts (views), and the Routes a click is handed to (routes).
No flow is imported here: the flows build views from these parts, and a click reaches them
through the Routes the desk fulfils."""

from __future__ import annotations

from . import ids
from .items import (
    ITEMS,
    STYLES,
    AskButton,
    BoardButton,
    ChallengeButton,
    LobbyButton,
    LobbySelect,
    MoveButton,
    MoveSelect,
    message_custom_ids,
    one_choice_select,
    orphan_reason,
    select_parts,
)
from .routes import Routes, routes_of
from .views import (
    board_view,
    challenge_view,
    claim_view,
    confirm_view,
    control_items,
    controls_view,
    hand_view,
    layout,
    lobby_view,
    rematch_view,
    resign_confirm_view,
)

__all__ = [
    "ITEMS",
    "STYLES",
    "AskButton",
    "BoardButton",
    "ChallengeButton",
    "LobbyButton",
    "LobbySelect",
    "MoveButton",
    "MoveSelect",
    "Routes",
    "board_view",
    "challenge_view",
    "claim_view",
    "confirm_view",
    "control_items",
    "controls_view",
    "hand_view",
    "ids",
    "layout",
    "lobby_view",
    "message_custom_ids",
    "one_choice_select",
    "orphan_reason",
    "rematch_view",
    "resign_confirm_view",
    "routes_of",
    "select_parts",
]
