"""Every button and select the bot posts, as ``discord.ui.DynamicItem`` classes, and the clicks
discord.py would drop (a component an edit already removed).

Why DynamicItems only: the custom_id carries all state (see ``ids``) and the classes are
registered once at start-up (``ITEMS``), so a message posted before a restart still works.
Views are built with ``timeout=None`` and hold ONLY DynamicItems: in discord.py 2.7.1 a View
mixing plain items and DynamicItems unregisters the DynamicItem pattern globally when it
times out or stops.

The callbacks only parse their id and hand over to the flows through ``Routes`` (routes.py);
the views are built in views.py.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.tables import Refusal

from .. import messages
from ..answer import answers
from . import ids
from .routes import Routes, routes_of

Button = discord.ButtonStyle
STYLES = {
    "primary": Button.primary,
    "secondary": Button.secondary,
    "success": Button.success,
    "danger": Button.danger,
}  # render.ControlStyle -> Discord's button style


def _routes(interaction: discord.Interaction) -> Routes:
    return routes_of(interaction.client)


def _style(item: discord.ui.Item[Any], default: discord.ButtonStyle) -> discord.ButtonStyle:
    style = getattr(item, "style", None)
    return style if isinstance(style, discord.ButtonStyle) else default


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BUTTON_RE):
    """A move without a choice to make (draw, pass, big gin, ...): the action is in the id."""

    def __init__(
        self, custom_id: str, *, label: str = "", style: discord.ButtonStyle = Button.primary, row: int | None = None
    ) -> None:
        super().__init__(discord.ui.Button(label=label or None, style=style, custom_id=custom_id), row=row)
        self.move = ids.parse_button(custom_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveButton:
        return cls(match.string, label=getattr(item, "label", None) or "", style=_style(item, Button.primary))

    @answers
    async def callback(self, interaction: discord.Interaction) -> None:
        if self.move is None:
            raise Refusal(messages.INVALID_CONTROL)
        await _routes(interaction).move(interaction, self.move.match_id, self.move.text, self.move.version)


class AskButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.ASK_RE):
    """A move that asks first (a knock): the click shows the renderer's question, nothing is played yet."""

    def __init__(
        self, custom_id: str, *, label: str = "", style: discord.ButtonStyle = Button.danger, row: int | None = None
    ) -> None:
        super().__init__(discord.ui.Button(label=label or None, style=style, custom_id=custom_id), row=row)
        self.move = ids.parse_ask(custom_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AskButton:
        return cls(match.string, label=getattr(item, "label", None) or "", style=_style(item, Button.danger))

    @answers
    async def callback(self, interaction: discord.Interaction) -> None:
        if self.move is None:
            raise Refusal(messages.INVALID_CONTROL)
        await _routes(interaction).ask(interaction, self.move.match_id, self.move.text, self.move.version)


def one_choice_select(
    custom_id: str, options: Sequence[discord.SelectOption], placeholder: str | None
) -> discord.ui.Select[Any]:
    """A menu of one choice (Discord needs one option even in a menu rebuilt from a bare id)."""
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=placeholder,
        min_values=1,
        max_values=1,
        options=list(options) or [discord.SelectOption(label="-", value="-")],
    )


def select_parts(item: discord.ui.Item[Any]) -> dict[str, Any]:
    """The options and placeholder of a clicked menu, to rebuild it as a dynamic item."""
    return {
        "options": list(getattr(item, "options", None) or ()),
        "placeholder": getattr(item, "placeholder", None),
    }


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT_RE):
    """A menu of moves (knock with which card, ...): each option's value is an action text; a
    choice whose control asks first shows its question (``Hands.choose``)."""

    def __init__(
        self,
        custom_id: str,
        *,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        select = one_choice_select(custom_id, options, placeholder)
        super().__init__(select, row=row)
        self.menu = ids.parse_select(custom_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveSelect:
        return cls(match.string, **select_parts(item))

    @answers
    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        action = ids.parse_value(values[0]) if len(values) == 1 else None
        if self.menu is None or action is None:  # a forged id or value
            raise Refusal(messages.INVALID_CONTROL)
        await _routes(interaction).choose(interaction, self.menu.match_id, action, self.menu.version)


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BOARD_RE):
    """My hand / Resign / Rules / Rematch / Claim / confirm or cancel resigning: no version, always current."""

    def __init__(
        self, custom_id: str, *, label: str = "", style: discord.ButtonStyle = Button.secondary, row: int | None = None
    ) -> None:
        super().__init__(discord.ui.Button(label=label or None, style=style, custom_id=custom_id), row=row)
        self.board = ids.parse_board(custom_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BoardButton:
        return cls(match.string, label=getattr(item, "label", None) or "", style=_style(item, Button.secondary))

    @answers
    async def callback(self, interaction: discord.Interaction) -> None:
        if self.board is None:
            raise Refusal(messages.INVALID_CONTROL)
        await _routes(interaction).board_button(interaction, self.board.match_id, self.board.what)


class ChallengeButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.CHALLENGE_RE):
    """Accept / Decline (the challenger's Decline withdraws the challenge)."""

    def __init__(self, custom_id: str, *, label: str = "", style: discord.ButtonStyle = Button.secondary) -> None:
        super().__init__(discord.ui.Button(label=label or None, style=style, custom_id=custom_id))
        self.challenge = ids.parse_challenge(custom_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChallengeButton:
        return cls(match.string, label=getattr(item, "label", None) or "", style=_style(item, Button.secondary))

    @answers
    async def callback(self, interaction: discord.Interaction) -> None:
        if self.challenge is None:
            raise Refusal(messages.INVALID_CONTROL)
        await _routes(interaction).challenge_button(interaction, self.challenge.challenge_id, self.challenge.what)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOBBY_BUTTON_RE):
    """Join / Leave / Start of a lobby (a table of three or more before its match)."""

    def __init__(
        self, custom_id: str, *, label: str = "", style: discord.ButtonStyle = Button.secondary, disabled: bool = False
    ) -> None:
        super().__init__(discord.ui.Button(label=label or None, style=style, custom_id=custom_id, disabled=disabled))
        self.lobby = ids.parse_lobby(custom_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(match.string, label=getattr(item, "label", None) or "", style=_style(item, Button.secondary))

    @answers
    async def callback(self, interaction: discord.Interaction) -> None:
        if self.lobby is None:
            raise Refusal(messages.INVALID_CONTROL)
        await _routes(interaction).lobby_button(interaction, self.lobby.table_id, self.lobby.what, None)


class LobbySelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.LOBBY_MENU_RE):
    """A lobby menu: the AI's level for an empty seat, or the host's partner."""

    def __init__(
        self, custom_id: str, *, options: Sequence[discord.SelectOption] = (), placeholder: str | None = None
    ) -> None:
        select = one_choice_select(custom_id, options, placeholder)
        super().__init__(select)
        self.lobby = ids.parse_lobby(custom_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbySelect:
        return cls(match.string, **select_parts(item))

    @answers
    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if self.lobby is None or len(values) != 1:
            raise Refusal(messages.INVALID_CONTROL)
        await _routes(interaction).lobby_button(interaction, self.lobby.table_id, self.lobby.what, values[0][:20])


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveButton,
    AskButton,
    MoveSelect,
    BoardButton,
    ChallengeButton,
    LobbyButton,
    LobbySelect,
)


# -- clicks discord.py would drop --------------------------------------------------------------


def message_custom_ids(message: discord.Message | None) -> set[str]:
    """Every custom_id on a message's components (action rows and their children)."""
    out: set[str] = set()
    for row in getattr(message, "components", None) or ():
        for child in getattr(row, "children", None) or (row,):
            cid = getattr(child, "custom_id", None)
            if cid:
                out.add(cid)
    return out


def orphan_reason(interaction: discord.Interaction) -> str | None:
    """Why a click on one of our ids that is no longer on its message is refused, else None.

    discord.py builds the dispatched item from the message's CURRENT components, so a click whose
    component an edit already removed (a double click, a slow client) would be dropped silently
    and the user would see 'This interaction failed'. The bot answers these itself.
    """
    if interaction.type is not discord.InteractionType.component or interaction.message is None:
        return None
    data: Any = interaction.data or {}
    cid = str(data.get("custom_id", "")) if isinstance(data, dict) else ""
    if not ids.is_ours(cid) or cid in message_custom_ids(interaction.message):
        return None
    return messages.CHALLENGE_GONE if ids.is_challenge(cid) else messages.OUT_OF_DATE
