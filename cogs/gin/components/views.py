"""The views the bot posts, built only of the DynamicItems (items.py).

What a player may do comes from the game's renderer as ``render.Control`` data
(``controls_view``). A control with a ``confirm`` question becomes an ``AskButton`` (its click
shows the question with the move's own ``MoveButton`` and a Cancel); ``layout`` keeps the
renderer's rows within Discord's 5 rows of 5 buttons (a menu fills a row alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from render import Control

from .. import lobby_messages, messages
from ..messages import tr
from . import ids
from .items import (
    STYLES,
    AskButton,
    BoardButton,
    Button,
    ChallengeButton,
    LobbyButton,
    LobbySelect,
    MoveButton,
    MoveSelect,
)

# -- views ---------------------------------------------------------------------------------------


def _view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def board_view(match_id: int) -> discord.ui.View:
    return _view(
        BoardButton(ids.board_id(match_id, "hand"), label=tr(messages.MY_HAND), style=Button.primary),
        BoardButton(ids.board_id(match_id, "resign"), label=tr(messages.RESIGN), style=Button.danger),
        BoardButton(ids.board_id(match_id, "rules"), label=tr(messages.RULES), style=Button.secondary),
    )


def rematch_view(match_id: int) -> discord.ui.View:
    return _view(BoardButton(ids.board_id(match_id, "rematch"), label=tr(messages.REMATCH), style=Button.success))


def claim_view(match_id: int) -> discord.ui.View:
    return _view(BoardButton(ids.board_id(match_id, "claim"), label=tr(messages.CLAIM), style=Button.danger))


def resign_confirm_view(match_id: int) -> discord.ui.View:
    return _view(
        BoardButton(ids.board_id(match_id, "resign_yes"), label=tr(messages.RESIGN_YES), style=Button.danger),
        BoardButton(ids.board_id(match_id, "cancel"), label=tr(messages.CANCEL), style=Button.secondary),
    )


def challenge_view(challenge: int) -> discord.ui.View:
    return _view(
        ChallengeButton(ids.challenge_id(challenge, "accept"), label=tr(messages.ACCEPT), style=Button.success),
        ChallengeButton(ids.challenge_id(challenge, "decline"), label=tr(messages.DECLINE), style=Button.danger),
    )


def lobby_view(
    table: int, *, can_start: bool, levels: Sequence[str] = (), partners: Sequence[tuple[str, str]] = ()
) -> discord.ui.View:
    """A lobby's controls: Join, Leave, Start (enabled once the table may start); an AI-level menu
    while a seat is empty (``levels``); a partner menu for the host of a partnership (``partners``:
    label, value)."""
    items: list[discord.ui.Item[Any]] = [
        LobbyButton(ids.lobby_id(table, "join"), label=tr(lobby_messages.JOIN), style=Button.success),
        LobbyButton(ids.lobby_id(table, "leave"), label=tr(lobby_messages.LEAVE), style=Button.secondary),
        LobbyButton(
            ids.lobby_id(table, "start"), label=tr(lobby_messages.START), style=Button.primary, disabled=not can_start
        ),
    ]
    if levels:
        options = [discord.SelectOption(label=lobby_messages.ai_option(level), value=level) for level in levels]
        items.append(LobbySelect(ids.lobby_id(table, "ai"), options=options, placeholder=tr(lobby_messages.ADD_AI)))
    if partners:
        options = [discord.SelectOption(label=label[:100], value=value) for label, value in partners[:25]]
        items.append(LobbySelect(ids.lobby_id(table, "teams"), options=options, placeholder=tr(lobby_messages.TEAMS)))
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


def control_items(
    match_id: int, version: int, controls: Sequence[Control], hints: bool = True
) -> list[discord.ui.Item[Any]]:
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
                    AskButton(
                        ids.ask_id(match_id, entry.action, version), label=entry.shown(hints)[:80], style=style, row=row
                    )
                )
            else:
                items.append(
                    MoveButton(
                        ids.button_id(match_id, entry.action, version),
                        label=entry.shown(hints)[:80],
                        style=style,
                        row=row,
                    )
                )
            continue
        group = menus[entry]
        options = [discord.SelectOption(label=c.shown(hints)[:100], value=c.action) for c in group[:25]]
        items.append(
            MoveSelect(
                ids.select_id(match_id, entry, version),
                options=options,
                placeholder=group[0].placeholder,
                row=row,
            )
        )
    return items


def controls_view(match_id: int, version: int, controls: Sequence[Control]) -> discord.ui.View:
    return _view(*control_items(match_id, version, controls))


def hand_view(match_id: int, version: int, controls: Sequence[Control], hints: bool = True) -> discord.ui.View:
    """A private hand message's view: the seat's controls; while it has none (the opponent's turn),
    a Refresh button (My hand again: a fresh 15-minute token for the live hand)."""
    if controls:
        return _view(*control_items(match_id, version, controls, hints))
    return _view(BoardButton(ids.board_id(match_id, "hand"), label=tr(messages.REFRESH), style=Button.secondary))


def confirm_view(match_id: int, version: int, control: Control) -> discord.ui.View:
    """The question before a move: the move's own button (it plays at once) and Cancel (back to the hand)."""
    yes = MoveButton(
        ids.button_id(match_id, control.action, version),
        label=control.label[:80],
        style=STYLES.get(control.style, Button.primary),
    )
    return _view(yes, BoardButton(ids.board_id(match_id, "hand"), label=tr(messages.CANCEL), style=Button.secondary))
