"""Lobbies: the public message of a table for three or more players before its match starts.

The message shows every seat (who sits there, an open seat), the invitations still pending and,
for a partnership, the teams; its controls are Join, Leave, Start (the host's, enabled once every
seat is taken), a menu that gives an empty seat to the bot's AI at a level (the host's), and the
host's partner menu for a partnership. Every click is answered first (a deferred update of the
lobby message), then the service decides; a refusal is a short private answer and changes
nothing. Who may do what is the service's call (``bot.tables.lobby``); this module only shows it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.constants import DEFAULT_LEVEL, LEVELS
from bot.i18n import speaking
from bot.tables import Challenge, ChallengeStatus, MatchInfo, Refusal, TableService

from .. import lobby_messages, messages
from ..components import lobby_view
from ..speech import public_language
from .challenges import StartMatch, open_here, opening
from .posting import NO_MENTIONS, bot_name, channel, mention_only
from .reach import is_transient, reaching
from .shown import Posting, table_nonce

log = logging.getLogger(__name__)

Invite = tuple[int, str]  # (user id, display name) of an invited player


class Lobby:
    """Lobby messages and their controls; the match they start."""

    def __init__(self, client: discord.Client, service: TableService, start_match: StartMatch) -> None:
        self.client = client
        self.service = service
        self.start_match = start_match
        self.posting = Posting()  # tables whose message a command of this process is posting

    # -- opening -------------------------------------------------------------------------------
    async def open(
        self,
        interaction: discord.Interaction,
        invited: Sequence[Invite],
        seats: int,
        *,
        game: str | None = None,
        variant: str | None = None,
        target: int | None = None,
        options: str = "",
        rematch: MatchInfo | None = None,
    ) -> Challenge:
        """Open the table in the service (refused with the reason before anything is stored), then
        post its lobby message in the channel; the command's own answer is private."""
        game = await opening(interaction, game)
        user = interaction.user
        assert interaction.guild_id is not None and interaction.channel_id is not None  # /gin is guild only
        bots = rematch.ai_seats if rematch is not None else ()  # a rematch gives the AI its seats again
        table = await open_here(
            self.service,
            interaction,
            game=game,
            seats=seats,
            variant=variant,
            target=target,
            options=options,
            # Named players who fill the table exactly: only they may sit down. Seats left over (a
            # ``players`` count larger than the names) are open to anyone; the named are still called.
            invited=[u for u, _ in invited] if len(invited) + len(bots) == seats - 1 else (),
            rules=rematch.rules if rematch is not None else None,
        )
        if rematch is not None:  # the bot's seats come back at their levels
            me = self.client.user
            assert me is not None
            for seat in bots:
                table = await self.service.fill_with_ai(
                    table.id,
                    user.id,
                    rematch.ai_levels[seat] or DEFAULT_LEVEL,
                    bot_id=me.id,
                    bot_name=bot_name(self.client),
                    count=1,
                )
        answer = messages.tr(messages.TABLE_OPENED)  # private: in the host's language
        public = await public_language(self.service, self.client, interaction.guild_id)
        if rematch is not None and table.full:  # only the bot's seats besides the host: play at once
            match = await self.service.start(table.id, user.id)
            with speaking(public):
                said = lobby_messages.rematch_lobby(user.display_name) + " " + lobby_messages.lobby_started(match.names)
            await channel(self.client, interaction.channel_id, interaction.guild_id).send(
                said, allowed_mentions=NO_MENTIONS
            )
            await interaction.edit_original_response(content=answer)
            await self.start_match(match)
            return table
        said = lobby_messages.LOBBY_POSTED
        with self.posting.of(table.id):
            try:
                await self.post(table, [u for u, _ in invited], rematch=rematch is not None)
            except Exception as error:
                if not is_transient(error):
                    raise
                log.warning("table %d: Discord did not take its lobby message (%s); posted later", table.id, error)
                said = messages.POSTED_LATER
        await interaction.edit_original_response(content=messages.tr(said))
        log.info("table %d (%s for %d) posted in channel %s", table.id, table.game, seats, interaction.channel_id)
        return table

    async def rematch(self, interaction: discord.Interaction, old: MatchInfo) -> None:
        """The same players again: a new lobby hosted by whoever asked, the others invited, the AI
        seats given back to the AI; the humans join and the host starts, as at first."""
        me = interaction.user.id
        humans = {old.players[s]: old.names[s] for s in range(old.seats) if not old.is_ai(s) and old.players[s] != me}
        await self.open(interaction, list(humans.items()), old.seats, game=old.game, rematch=old)

    # -- the message ---------------------------------------------------------------------------
    async def post(self, table: Challenge, called: Sequence[int] | None = None, *, rematch: bool = False) -> None:
        """Post the lobby message of an open table (``called``: the players named, default those still
        invited) and remember it; its nonce makes a repeat (the sweep after a crash) return the first."""
        called = list(table.pending_invites) if called is None else list(called)
        with speaking(await public_language(self.service, self.client, table.guild_id)):
            content, view = self.render(table)
            if called and not table.invited:
                content = f"{lobby_messages.called(called)}\n{content}"
            if rematch:
                content = f"{lobby_messages.rematch_lobby(table.challenger_name)}\n{content}"
        with reaching(table.channel_id):
            posted = await channel(self.client, table.channel_id, table.guild_id).send(
                content, view=view, allowed_mentions=mention_only(*called), nonce=table_nonce(table.id)
            )
        await self.service.set_challenge_message(table.id, posted.id)

    def render(self, table: Challenge) -> tuple[str, discord.ui.View]:
        """The lobby message's text and controls for the table as it is now."""
        teams = self.service.table_teams(table)
        text = lobby_messages.lobby_text(
            table.challenger_name,
            messages.title_of(table.game),
            table.rules,
            table.seats,
            [(p.name, p.is_ai) for p in table.places],
            table.pending_invites,
            teams,
            discord.utils.format_dt(table.expires_at, "R"),
        )
        partners = (
            [(messages.tr("Partner: {player}", player=p.name), str(i)) for i, p in enumerate(table.places) if i > 0]
            if teams is not None and len(table.places) > 1
            else []
        )
        view = lobby_view(table.id, can_start=table.full, levels=LEVELS if table.open_seats else (), partners=partners)
        return text, view

    # -- clicks --------------------------------------------------------------------------------
    async def button(self, interaction: discord.Interaction, table_id: int, what: str, value: str | None) -> None:
        """Join, Leave, Start, a level for an empty seat, or the host's partner: then the lobby
        message shows the table as it is now (or the match's start, or that it closed)."""
        await interaction.response.defer()  # a deferred update of the lobby message itself
        assert interaction.guild_id is not None  # /gin is guild only
        with speaking(await public_language(self.service, self.client, interaction.guild_id)):  # a public message
            await self._button(interaction, table_id, what, value)

    async def _button(self, interaction: discord.Interaction, table_id: int, what: str, value: str | None) -> None:
        user = interaction.user
        if what == "start":
            await self._start(interaction, table_id)
            return
        if what == "join":
            table = await self.service.join(table_id, user.id, user.display_name)
        elif what == "leave":
            table = await self.service.leave(table_id, user.id)
        elif what == "ai":
            me = self.client.user
            assert me is not None
            table = await self.service.fill_with_ai(
                table_id, user.id, value or DEFAULT_LEVEL, bot_id=me.id, bot_name=bot_name(self.client), count=1
            )
        else:
            table = await self._partner(table_id, user.id, value)
        log.info("table %d: %s by user %s", table_id, what, user.id)
        await self._show(interaction, table)

    async def _partner(self, table_id: int, host_id: int, value: str | None) -> Challenge:
        """The host's partner is the place chosen; everyone else plays for the other team."""
        table = await self.service.get_challenge(table_id)
        if not (value or "").isdigit() or not 0 < int(value or 0) < len(table.places):
            raise Refusal(messages.INVALID_CONTROL)
        partner = int(value or 0)
        return await self.service.set_teams(
            table_id, host_id, [0 if i in (0, partner) else 1 for i in range(len(table.places))]
        )

    async def _start(self, interaction: discord.Interaction, table_id: int) -> None:
        table = await self.service.get_challenge(table_id)
        if interaction.user.id == table.host_id and table.status is ChallengeStatus.OPEN and not table.full:
            raise Refusal(lobby_messages.LOBBY_NOT_FULL)
        match = await self.service.start(table_id, interaction.user.id)  # refuses anyone but the host
        await interaction.edit_original_response(
            content=lobby_messages.lobby_started(match.names), view=None, allowed_mentions=NO_MENTIONS
        )
        log.info("table %d started as match %d", table_id, match.id)
        await self.start_match(match)

    async def _show(self, interaction: discord.Interaction, table: Challenge) -> None:
        if table.status is not ChallengeStatus.OPEN:
            await interaction.edit_original_response(
                content=lobby_messages.lobby_closed(table.challenger_name, str(table.status)),
                view=None,
                allowed_mentions=NO_MENTIONS,
            )
            return
        content, view = self.render(table)
        await interaction.edit_original_response(content=content, view=view, allowed_mentions=NO_MENTIONS)
