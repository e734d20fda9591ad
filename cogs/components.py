"""Every button and select on game messages, as ``discord.ui.DynamicItem`` classes, and the views.

Why DynamicItems only: their custom_id carries all state (see cogs.ids), the classes are
registered once in ``setup_hook`` (``ITEMS``), so a message posted before a restart still
works. Views are built with ``timeout=None`` and hold ONLY DynamicItems: in discord.py 2.7.1 a
View mixing plain items and DynamicItems unregisters the DynamicItem pattern globally when it
times out or stops.

The callbacks only parse and hand over to the Desk (cogs.desk), which talks to the service.
What is offered comes from ``SeatView.legal`` and ``SeatView.discard_options``: no rule here.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import Action, ActionKind
from bot.engine.views import SeatView

from . import ids

if TYPE_CHECKING:
    from .desk import Desk


def desk_of(interaction: discord.Interaction) -> "Desk":
    """The bot's Desk (set by GinBot.setup_hook)."""
    return interaction.client.desk  # type: ignore[attr-defined]


class MoveButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.BUTTON_RE):
    """A move without a choice of card (draw, take, pass, big gin) or gin with its discard."""

    def __init__(self, match_id: int, action: Action, version: int, *, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or str(action), style=style,
                                           custom_id=ids.button_id(match_id, action, version)), row=row)
        self.match_id, self.action, self.version = match_id, action, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "MoveButton":
        match_id, action, version = ids.parse_button(match.string)  # type: ignore[misc]
        style = getattr(item, "style", discord.ButtonStyle.primary)
        return cls(match_id, action, version, label=getattr(item, "label", None) or "", style=style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await desk_of(interaction).move(interaction, self.match_id, self.action, self.version)


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select], template=ids.SELECT_RE):
    """Discard (or knock) choosing the card; option values are the engine's action texts."""

    def __init__(self, match_id: int, kind: str, version: int, *,
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None,
                 row: int | None = None) -> None:
        select: discord.ui.Select = discord.ui.Select(
            custom_id=ids.select_id(match_id, kind, version), placeholder=placeholder,
            options=options or [discord.SelectOption(label="-", value="-")], min_values=1, max_values=1)
        super().__init__(select, row=row)
        self.match_id, self.kind, self.version = match_id, kind, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "MoveSelect":
        match_id, kind, version = ids.parse_select(match.string)  # type: ignore[misc]
        return cls(match_id, kind, version, options=list(getattr(item, "options", []) or []) or None,
                   placeholder=getattr(item, "placeholder", None))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        action = ids.parse_option(values[0], self.kind) if len(values) == 1 else None
        desk = desk_of(interaction)
        if action is None:  # a forged or garbled value: refuse like any other bad click
            await desk.refuse(interaction, "That choice is not valid.")
            return
        await desk.move(interaction, self.match_id, action, self.version)


class BoardButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.BOARD_RE):
    """My hand / Resign / Rules / Rematch / Claim / confirm resign: no version, always current."""

    def __init__(self, match_id: int, what: str, *, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or what, style=style,
                                           custom_id=ids.board_id(match_id, what)), row=row)
        self.match_id, self.what = match_id, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "BoardButton":
        match_id, what = ids.parse_board(match.string)  # type: ignore[misc]
        return cls(match_id, what, label=getattr(item, "label", None) or "",
                   style=getattr(item, "style", discord.ButtonStyle.secondary))

    async def callback(self, interaction: discord.Interaction) -> None:
        await desk_of(interaction).board_button(interaction, self.match_id, self.what)


class ChallengeButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.CHALLENGE_RE):
    def __init__(self, challenge: int, what: str, *, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(label=label or what, style=style,
                                           custom_id=ids.challenge_id(challenge, what)))
        self.challenge, self.what = challenge, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> "ChallengeButton":
        challenge, what = ids.parse_challenge(match.string)  # type: ignore[misc]
        return cls(challenge, what, label=getattr(item, "label", None) or "",
                   style=getattr(item, "style", discord.ButtonStyle.secondary))

    async def callback(self, interaction: discord.Interaction) -> None:
        await desk_of(interaction).challenge_button(interaction, self.challenge, self.what)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (MoveButton, MoveSelect, BoardButton, ChallengeButton)


STALE = "That control is out of date: press **My hand** on the board for your current cards."
CHALLENGE_GONE = "That challenge is no longer open."


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
    cid = (interaction.data or {}).get("custom_id", "")
    if not any(cls.__discord_ui_compiled_template__.fullmatch(cid) for cls in ITEMS):
        return None
    if cid in message_custom_ids(interaction.message):
        return None
    return CHALLENGE_GONE if ids.CHALLENGE_RE.fullmatch(cid) else STALE


# -- views -------------------------------------------------------------------------------------

def _view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def board_view(match_id: int) -> discord.ui.View:
    return _view(
        BoardButton(match_id, "hand", label="My hand", style=discord.ButtonStyle.primary),
        BoardButton(match_id, "resign", label="Resign", style=discord.ButtonStyle.danger),
        BoardButton(match_id, "rules", label="Rules", style=discord.ButtonStyle.secondary),
    )


def rematch_view(match_id: int) -> discord.ui.View:
    return _view(BoardButton(match_id, "rematch", label="Rematch", style=discord.ButtonStyle.success))


def claim_view(match_id: int) -> discord.ui.View:
    return _view(BoardButton(match_id, "claim", label="Claim the win", style=discord.ButtonStyle.danger))


def resign_confirm_view(match_id: int) -> discord.ui.View:
    return _view(BoardButton(match_id, "resign_yes", label="Yes, resign the match", style=discord.ButtonStyle.danger))


def challenge_view(challenge: int) -> discord.ui.View:
    return _view(ChallengeButton(challenge, "accept", label="Accept", style=discord.ButtonStyle.success),
                 ChallengeButton(challenge, "decline", label="Decline", style=discord.ButtonStyle.danger))


def hand_items(view: SeatView, match_id: int, version: int) -> list[discord.ui.Item[Any]]:
    """The controls legal now for this seat, straight from ``view.legal`` (empty if not its turn)."""
    legal = view.legal
    kinds = {a.kind for a in legal}
    top = view.discard_top.pretty if view.discard_top is not None else ""
    items: list[discord.ui.Item[Any]] = []
    for a in legal:  # the draw phase and the first-turn offer: buttons, engine order
        if a.kind is ActionKind.TAKE_UPCARD:
            items.append(MoveButton(match_id, a, version, label=f"Take the {top}", row=0))
        elif a.kind is ActionKind.PASS:
            items.append(MoveButton(match_id, a, version, label="Pass", style=discord.ButtonStyle.secondary, row=0))
        elif a.kind is ActionKind.DRAW_STOCK:
            items.append(MoveButton(match_id, a, version, label="Draw from the stock", row=0))
        elif a.kind is ActionKind.DRAW_DISCARD:
            items.append(MoveButton(match_id, a, version, label=f"Take the {top}", row=0))
    deadwood = dict(view.discard_options)  # card -> deadwood after discarding it
    if ActionKind.DISCARD in kinds:
        ranked = {c: i for i, (c, _) in enumerate(view.discard_options)}
        discards = sorted((a for a in legal if a.kind is ActionKind.DISCARD), key=lambda a: ranked.get(a.card, 99))
        options = [discord.SelectOption(label=f"Discard {a.card.pretty} → deadwood {deadwood.get(a.card, '?')}",
                                        value=str(a)) for a in discards[:25]]
        items.append(MoveSelect(match_id, "discard", version, options=options,
                                placeholder="Discard a card…", row=1))
    knocks = [a for a in legal if a.kind is ActionKind.KNOCK]
    if knocks:
        options = [discord.SelectOption(label=f"Knock, discarding {a.card.pretty} · deadwood {deadwood.get(a.card, '?')}",
                                        value=str(a)) for a in knocks[:25]]
        items.append(MoveSelect(match_id, "knock", version, options=options,
                                placeholder=f"Knock discarding… (limit {view.knock_limit})", row=2))
    gins = [a for a in legal if a.kind is ActionKind.GIN]
    if gins:  # every gin scores the same; offer the engine's first (best) discard
        g = gins[0]
        items.append(MoveButton(match_id, g, version, label=f"Gin! (discard {g.card.pretty})",
                                style=discord.ButtonStyle.success, row=3))
    if ActionKind.BIG_GIN in kinds:
        big = next(a for a in legal if a.kind is ActionKind.BIG_GIN)
        items.append(MoveButton(match_id, big, version, label="Big gin!",
                                style=discord.ButtonStyle.success, row=3))
    return items


def hand_view(view: SeatView, match_id: int, version: int) -> discord.ui.View:
    """The ephemeral hand message's view: legal moves plus a refresh button (My hand)."""
    items = hand_items(view, match_id, version)
    items.append(BoardButton(match_id, "hand", label="Refresh", style=discord.ButtonStyle.secondary, row=4))
    return _view(*items)
