"""Every button and select the bot posts, as ``discord.ui.DynamicItem`` classes, and the views.

Why DynamicItems only: the custom_id carries all state (see ``ids``) and the classes are
registered once at start-up (``ITEMS``), so a message posted before a restart still works.
Views are built with ``timeout=None`` and hold ONLY DynamicItems: in discord.py 2.7.1 a View
mixing plain items and DynamicItems unregisters the DynamicItem pattern globally when it
times out or stops.

What a player may do comes from the game's renderer as ``render.Control`` data
(``controls_view``); the callbacks only parse their id and hand over to the desk. A control
with a ``confirm`` question becomes an ``AskButton`` (its click shows the question with the
move's own ``MoveButton`` and a Cancel); ``layout`` keeps the renderer's rows within Discord's
5 rows of 5 buttons (a menu fills a row alone).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.tables import Refusal
from render import Control

from . import ids, messages
from .answer import answers

if TYPE_CHECKING:
    from .desk import Desk

Button = discord.ButtonStyle
STYLES = {
    "primary": Button.primary,
    "secondary": Button.secondary,
    "success": Button.success,
    "danger": Button.danger,
}  # render.ControlStyle -> Discord's button style


def _desk(interaction: discord.Interaction) -> Desk:
    from .desk import desk_of  # the desk is built from the parts that use this module

    return desk_of(interaction.client)


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
        await _desk(interaction).hands.move(interaction, self.move.match_id, self.move.text, self.move.version)


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
        await _desk(interaction).hands.ask(interaction, self.move.match_id, self.move.text, self.move.version)


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
        await _desk(interaction).hands.choose(interaction, self.menu.match_id, action, self.menu.version)


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
        await _desk(interaction).board_button(interaction, self.board.match_id, self.board.what)


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
        await _desk(interaction).challenges.button(interaction, self.challenge.challenge_id, self.challenge.what)


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
        await _desk(interaction).lobby.button(interaction, self.lobby.table_id, self.lobby.what, None)


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
        await _desk(interaction).lobby.button(interaction, self.lobby.table_id, self.lobby.what, values[0][:20])


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


# -- views ---------------------------------------------------------------------------------------


def _view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def board_view(match_id: int) -> discord.ui.View:
    return _view(
        BoardButton(ids.board_id(match_id, "hand"), label=messages.MY_HAND, style=Button.primary),
        BoardButton(ids.board_id(match_id, "resign"), label=messages.RESIGN, style=Button.danger),
        BoardButton(ids.board_id(match_id, "rules"), label=messages.RULES, style=Button.secondary),
    )


def rematch_view(match_id: int) -> discord.ui.View:
    return _view(BoardButton(ids.board_id(match_id, "rematch"), label=messages.REMATCH, style=Button.success))


def claim_view(match_id: int) -> discord.ui.View:
    return _view(BoardButton(ids.board_id(match_id, "claim"), label=messages.CLAIM, style=Button.danger))


def resign_confirm_view(match_id: int) -> discord.ui.View:
    return _view(
        BoardButton(ids.board_id(match_id, "resign_yes"), label=messages.RESIGN_YES, style=Button.danger),
        BoardButton(ids.board_id(match_id, "cancel"), label=messages.CANCEL, style=Button.secondary),
    )


def challenge_view(challenge: int) -> discord.ui.View:
    return _view(
        ChallengeButton(ids.challenge_id(challenge, "accept"), label=messages.ACCEPT, style=Button.success),
        ChallengeButton(ids.challenge_id(challenge, "decline"), label=messages.DECLINE, style=Button.danger),
    )


def lobby_view(
    table: int, *, can_start: bool, levels: Sequence[str] = (), partners: Sequence[tuple[str, str]] = ()
) -> discord.ui.View:
    """A lobby's controls: Join, Leave, Start (enabled once the table may start); an AI-level menu
    while a seat is empty (``levels``); a partner menu for the host of a partnership (``partners``:
    label, value)."""
    items: list[discord.ui.Item[Any]] = [
        LobbyButton(ids.lobby_id(table, "join"), label=messages.JOIN, style=Button.success),
        LobbyButton(ids.lobby_id(table, "leave"), label=messages.LEAVE, style=Button.secondary),
        LobbyButton(ids.lobby_id(table, "start"), label=messages.START, style=Button.primary, disabled=not can_start),
    ]
    if levels:
        options = [discord.SelectOption(label=messages.ai_option(level), value=level) for level in levels]
        items.append(LobbySelect(ids.lobby_id(table, "ai"), options=options, placeholder=messages.ADD_AI))
    if partners:
        options = [discord.SelectOption(label=label[:100], value=value) for label, value in partners[:25]]
        items.append(LobbySelect(ids.lobby_id(table, "teams"), options=options, placeholder=messages.TEAMS))
    return _view(*items)


ROWS, ROW_WIDTH = 5, 5  # Discord: 5 action rows, each 5 buttons or one menu


def layout(wanted: Sequence[tuple[int, bool]]) -> list[int]:
    """Rows for items in order, each ``(wanted row, is a menu)``: the wanted row if it has room,
    else the next one that has (a menu needs a row of its own); ValueError if 5 rows do not hold them."""
    used: list[int] = [0] * ROWS  # items per row
    menus = [False] * ROWS
    out: list[int] = []
    for want, menu in wanted:
        start = min(max(want, 0), ROWS - 1)
        for row in [*range(start, ROWS), *range(start)]:
            if (used[row] == 0) if menu else (used[row] < ROW_WIDTH and not menus[row]):
                used[row] += 1
                menus[row] = menus[row] or menu
                out.append(row)
                break
        else:
            raise ValueError("more controls than Discord's 5 rows hold")
    return out


def control_items(match_id: int, version: int, controls: Sequence[Control]) -> list[discord.ui.Item[Any]]:
    """Buttons and menus for a seat's controls, in their order: controls sharing a ``menu`` become
    one select (at its first control's place, with its placeholder and row; at most 25 options); a
    control with a ``confirm`` question becomes an AskButton. Rows follow the controls' rows
    within Discord's limits (``layout``)."""
    menus: dict[str, list[Control]] = {}
    order: list[Control | str] = []
    for c in controls:
        if c.menu is None:
            order.append(c)
        elif c.menu not in menus:
            menus[c.menu] = [c]
            order.append(c.menu)
        else:
            menus[c.menu].append(c)
    rows = layout([(e.row, False) if isinstance(e, Control) else (menus[e][0].row, True) for e in order])
    items: list[discord.ui.Item[Any]] = []
    for entry, row in zip(order, rows, strict=True):
        if isinstance(entry, Control):
            style = STYLES.get(entry.style, Button.primary)
            if entry.confirm:
                items.append(
                    AskButton(ids.ask_id(match_id, entry.action, version), label=entry.label[:80], style=style, row=row)
                )
            else:
                items.append(
                    MoveButton(
                        ids.button_id(match_id, entry.action, version), label=entry.label[:80], style=style, row=row
                    )
                )
            continue
        group = menus[entry]
        options = [discord.SelectOption(label=c.label[:100], value=c.action) for c in group[:25]]
        items.append(
            MoveSelect(
                ids.select_id(match_id, entry, version), options=options, placeholder=group[0].placeholder, row=row
            )
        )
    return items


def controls_view(match_id: int, version: int, controls: Sequence[Control]) -> discord.ui.View:
    return _view(*control_items(match_id, version, controls))


def hand_view(match_id: int, version: int, controls: Sequence[Control]) -> discord.ui.View:
    """A private hand message's view: the seat's controls; while it has none (the opponent's turn),
    a Refresh button (My hand again: a fresh 15-minute token for the live hand)."""
    if controls:
        return _view(*control_items(match_id, version, controls))
    return _view(BoardButton(ids.board_id(match_id, "hand"), label=messages.REFRESH, style=Button.secondary))


def confirm_view(match_id: int, version: int, control: Control) -> discord.ui.View:
    """The question before a move: the move's own button (it plays at once) and Cancel (back to the hand)."""
    yes = MoveButton(
        ids.button_id(match_id, control.action, version),
        label=control.label[:80],
        style=STYLES.get(control.style, Button.primary),
    )
    return _view(yes, BoardButton(ids.board_id(match_id, "hand"), label=messages.CANCEL, style=Button.secondary))
