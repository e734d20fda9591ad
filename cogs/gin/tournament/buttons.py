"""The sign-up and check-in buttons: ``gint:<tournament>:join|leave|checkin``, DynamicItems that work
after a restart (the id says everything; who clicks is the player)."""

from __future__ import annotations

import logging
import re
from typing import Any, Final

import discord

from bot.i18n import current, speaking
from bot.tables import Refusal, TableService
from bot.tournaments import from_json

from .. import lobby_messages
from ..answer import answers, service_of
from ..speech import public_language
from . import texts

log = logging.getLogger(__name__)

ACTIONS: Final = ("join", "leave", "checkin")
BUTTON_RE: Final = rf"gint:(?P<tournament>[0-9]{{1,19}}):(?P<what>{'|'.join(ACTIONS)})"
MAX_ID: Final = 2**63 - 1


def button_id(tournament_id: int, what: str) -> str:
    return f"gint:{tournament_id}:{what}"


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_RE):
    """Join / Leave on the sign-up message, Check in on the check-in message."""

    def __init__(self, custom_id: str, *, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary):
        super().__init__(discord.ui.Button(label=label or None, style=style, custom_id=custom_id))
        m = re.fullmatch(BUTTON_RE, custom_id)
        number = int(m["tournament"]) if m else 0
        self.tournament_id = number if 1 <= number <= MAX_ID else 0
        self.what = m["what"] if m else ""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TournamentButton:
        style = getattr(item, "style", None)
        return cls(
            match.string,
            label=getattr(item, "label", None) or "",
            style=style if isinstance(style, discord.ButtonStyle) else discord.ButtonStyle.secondary,
        )

    @answers
    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction.client)
        if service is None or not self.tournament_id:
            raise Refusal(texts.NOT_HERE)
        await interaction.response.defer(ephemeral=True, thinking=True)  # Discord first, then the store
        said = await _click(service, self.tournament_id, self.what, interaction.user)
        await interaction.followup.send(current()._(said), ephemeral=True)
        if self.what != "checkin" and interaction.message is not None:
            await _show_count(service, interaction, self.tournament_id)


async def _click(service: TableService, tournament_id: int, what: str, user: discord.abc.User) -> str:
    if what == "join":
        await service.join_tournament(tournament_id, user.id, user.display_name)
        return texts.SIGNED_UP
    if what == "leave":
        await service.leave_tournament(tournament_id, user.id)
        return texts.LEFT
    await service.check_in(tournament_id, user.id)
    return texts.CHECKED_IN


async def _show_count(service: TableService, interaction: discord.Interaction, tournament_id: int) -> None:
    """The sign-up message with the new number of players (in the server's language); a failed edit
    only leaves the count behind until the next click."""
    row = await service.tournament(tournament_id)
    entries = await service.tournament_entries(tournament_id)
    with speaking(await public_language(service, interaction.client, row.guild_id)):
        text = texts.signup(row, from_json(row.config), entries)
    assert interaction.message is not None
    try:
        await interaction.message.edit(content=text)
    except discord.HTTPException as error:
        log.info("tournament %d: the sign-up count was not updated (%s)", tournament_id, error.code)


def signup_view(tournament_id: int) -> discord.ui.View:
    t = current()
    view = discord.ui.View(timeout=None)
    view.add_item(
        TournamentButton(
            button_id(tournament_id, "join"), label=t._(lobby_messages.JOIN), style=discord.ButtonStyle.success
        )
    )
    view.add_item(TournamentButton(button_id(tournament_id, "leave"), label=t._(lobby_messages.LEAVE)))
    return view


def checkin_view(tournament_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(
        TournamentButton(
            button_id(tournament_id, "checkin"), label=current()._(texts.CHECK_IN), style=discord.ButtonStyle.success
        )
    )
    return view
