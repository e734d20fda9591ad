"""Challenges: the public Accept/Decline message, accepting, declining or withdrawing, rematches,
and the edit of a challenge's message once it has expired."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.constants import CHALLENGE_TTL_S, DEFAULT_GAME, DEFAULT_LEVEL
from bot.engine import GameRules, game_names
from bot.i18n import speaking
from bot.tables import Challenge, MatchInfo, Refusal, TableService
from render.games import offered_games

from .. import lobby_messages, messages
from ..components import challenge_view
from ..speech import public_language
from .posting import NO_MENTIONS, acknowledge, bot_name, channel, mention_only, require_posting
from .reach import is_transient, reaching
from .shown import Posting, table_nonce

log = logging.getLogger(__name__)

StartMatch = Callable[[MatchInfo], Awaitable[None]]
Rematch = Callable[[discord.Interaction, MatchInfo], Awaitable[None]]


def require_pictures(game: str) -> None:
    """Refusal for a game the engine knows but this bot does not offer yet (no renderer registered,
    or held back: render.games.offered_games). Games the engine does not know are the service's to refuse."""
    if game in game_names() and game not in offered_games():
        raise Refusal(messages.cannot_show(messages.title_of(game)))


async def opening(interaction: discord.Interaction, game: str | None) -> str:
    """What a new table's command does first (it may then fail): acknowledge it, and refuse where the bot
    may not post or ``game`` (default: the default game) needs pictures it may not send. The game, defaulted."""
    await acknowledge(interaction)
    require_posting(interaction)
    game = game or DEFAULT_GAME
    require_pictures(game)
    return game


async def open_here(service: TableService, interaction: discord.Interaction, **table: Any) -> Challenge:
    """``service.open_table`` in the interaction's channel, hosted by the user who clicked or typed."""
    user = interaction.user
    assert interaction.guild_id is not None and interaction.channel_id is not None  # /gin is guild only
    return await service.open_table(interaction.guild_id, interaction.channel_id, user.id, user.display_name, **table)


class Challenges:
    """Challenge messages and their buttons; new tables from them."""

    def __init__(self, client: discord.Client, service: TableService, start_match: StartMatch) -> None:
        self.client = client
        self.service = service
        self.start_match = start_match  # the first board, and the bot's move if it starts (Desk.start_match)
        self.lobby_rematch: Rematch | None = None  # a table of three or more again (Lobby.rematch, set by the Desk)
        self.posting = Posting()  # tables whose message a command of this process is posting

    async def send(
        self,
        interaction: discord.Interaction,
        opponent_id: int | None,
        opponent_name: str | None,
        *,
        game: str | None = None,
        variant: str | None = None,
        target: int | None = None,
        options: str = "",
        rules: GameRules | None = None,
        rematch: bool = False,
    ) -> None:
        """Create the challenge in the service and answer with the public Accept/Decline message.
        With table ``options`` (or a finished match's own ``rules``: a rematch) it is a two-seat
        table of the lobby service (same buttons, same flow)."""
        game = await opening(interaction, game)
        user = interaction.user
        assert interaction.guild_id is not None and interaction.channel_id is not None  # /gin is guild only
        if options.strip() or rules is not None:
            challenge = await open_here(
                self.service,
                interaction,
                game=game,
                seats=2,
                variant=variant,
                target=target,
                options=options,
                invited=() if opponent_id is None else (opponent_id,),
                ttl_s=CHALLENGE_TTL_S,
                rules=rules,
            )
        else:
            challenge = await self.service.challenge(
                interaction.guild_id,
                interaction.channel_id,
                user.id,
                user.display_name,
                opponent_id,
                opponent_name,
                variant=variant,
                target=target,
                game=game,
            )
        # The challenge is its own channel message (the interaction was answered privately first):
        # a refusal stays private. A post Discord does not take now is made by the sweep (post_unposted).
        said = messages.CHALLENGE_POSTED
        with self.posting.of(challenge.id):
            try:
                await self.post(challenge, rematch=rematch)
            except Exception as error:
                if not is_transient(error):
                    raise
                log.warning("challenge %d: Discord did not take its message (%s); posted later", challenge.id, error)
                said = messages.POSTED_LATER
        await interaction.edit_original_response(content=messages.tr(said))
        log.info("challenge %d posted in channel %s", challenge.id, interaction.channel_id)

    async def post(self, challenge: Challenge, *, rematch: bool = False) -> None:
        """Post a two-seat table's public message (Accept / Decline) and remember it; its nonce makes a
        repeat (the sweep after a crash) return the first message."""
        # A two-seat table of the lobby service (options, a rematch) names its opponent as invited.
        opponent = challenge.opponent_id if challenge.opponent_id is not None else next(iter(challenge.invited), None)
        with speaking(await public_language(self.service, self.client, challenge.guild_id)):  # a public message
            text = messages.challenge_text(
                challenge.challenger_name,
                opponent,
                messages.title_of(challenge.game),
                challenge.rules,
                discord.utils.format_dt(challenge.expires_at, "R"),
                rematch,
            )
            view = challenge_view(challenge.id)
        mentions = mention_only(opponent) if opponent is not None else NO_MENTIONS
        with reaching(challenge.channel_id):
            posted = await channel(self.client, challenge.channel_id, challenge.guild_id).send(
                text, view=view, allowed_mentions=mentions, nonce=table_nonce(challenge.id)
            )
        await self.service.set_challenge_message(challenge.id, posted.id)

    async def play_bot(
        self,
        interaction: discord.Interaction,
        level: str,
        *,
        game: str | None = None,
        variant: str | None = None,
        target: int | None = None,
        options: str = "",
        rules: GameRules | None = None,
        rematch: bool = False,
    ) -> None:
        """A table against the bot, answered publicly, then its first board. With table ``options``
        (or a finished match's own ``rules``) it is a two-seat table whose second seat goes to the
        AI and which starts at once."""
        game = await opening(interaction, game)
        user, me = interaction.user, self.client.user
        assert me is not None and interaction.guild_id is not None and interaction.channel_id is not None
        name = bot_name(self.client)
        if options.strip() or rules is not None:
            match = await self._table_vs_bot(interaction, level, game, variant, target, options, rules)
        else:
            match = await self.service.play_bot(
                interaction.guild_id,
                interaction.channel_id,
                user.id,
                user.display_name,
                me.id,
                name,
                level,
                variant=variant,
                target=target,
                game=game,
            )
        with speaking(await public_language(self.service, self.client, match.guild_id)):  # a public message
            text = (
                messages.rematch_vs_bot(user.display_name, name)
                if rematch
                else messages.sits_down(user.display_name, name, level)
            )
        await channel(self.client, interaction.channel_id, interaction.guild_id).send(
            text, allowed_mentions=NO_MENTIONS
        )
        await interaction.edit_original_response(content=messages.tr(messages.TABLE_OPENED))
        await self.start_match(match)

    async def _table_vs_bot(
        self,
        interaction: discord.Interaction,
        level: str,
        game: str,
        variant: str | None,
        target: int | None,
        options: str,
        rules: GameRules | None,
    ) -> MatchInfo:
        """A two-seat table with the AI in the second seat, started now (the table closes if that fails)."""
        user, me = interaction.user, self.client.user
        assert me is not None and interaction.guild_id is not None and interaction.channel_id is not None
        table = await open_here(
            self.service,
            interaction,
            game=game,
            seats=2,
            variant=variant,
            target=target,
            options=options,
            rules=rules,
        )
        try:
            await self.service.fill_with_ai(table.id, user.id, level, bot_id=me.id, bot_name=bot_name(self.client))
            return await self.service.start(table.id, user.id)
        except Refusal:
            await self.service.cancel(table.id, user.id)  # e.g. an unknown level: no table left behind
            raise

    def _own_rules(self, old: MatchInfo) -> GameRules | None:
        """A finished match's rules when its variant and target alone would not give them back (table
        options were set): a rematch keeps them. None when variant and target suffice."""
        try:
            plain = self.service.table_rules(old.game, old.rules.name, old.rules.target)
        except Refusal:
            return old.rules
        return None if plain == old.rules else old.rules

    async def rematch(self, interaction: discord.Interaction, match_id: int) -> None:
        """The same table again: against the bot at once, against a person as a new challenge."""
        await acknowledge(interaction)
        old = await self.service.get_match(match_id)
        seat = old.seat_of(interaction.user.id)
        if seat is None or old.is_ai(seat):
            raise Refusal(messages.REMATCH_PLAYERS_ONLY)
        if old.seats > 2 and self.lobby_rematch is not None:
            await self.lobby_rematch(interaction, old)
            return
        rules = self._own_rules(old)
        if old.ai_seat is not None:
            await self.play_bot(
                interaction,
                old.ai_level or DEFAULT_LEVEL,
                game=old.game,
                variant=old.rules.name,
                target=old.rules.target,
                rules=rules,
                rematch=True,
            )
            return
        other = next(s for s in range(len(old.players)) if s != seat)
        await self.send(
            interaction,
            old.players[other],
            old.names[other],
            game=old.game,
            variant=old.rules.name,
            target=old.rules.target,
            rules=rules,
            rematch=True,
        )

    async def button(self, interaction: discord.Interaction, challenge_id: int, what: str) -> None:
        """Accept, or Decline (the challenger's Decline withdraws the challenge)."""
        try:
            if what == "accept":
                await self._accept(interaction, challenge_id)
            else:
                await self._decline(interaction, challenge_id)
        except Refusal:
            await self.announce_expired()  # e.g. the click found the challenge past its time
            raise

    async def _accept(self, interaction: discord.Interaction, challenge_id: int) -> None:
        await interaction.response.defer()
        user = interaction.user
        match = await self.service.accept(challenge_id, user.id, user.display_name)
        with speaking(await public_language(self.service, self.client, match.guild_id)):  # the challenge message
            said = messages.accepted(match.names)
        await interaction.edit_original_response(content=said, view=None, allowed_mentions=NO_MENTIONS)
        await self.start_match(match)

    async def _decline(self, interaction: discord.Interaction, challenge_id: int) -> None:
        await interaction.response.defer()  # a deferred update of the challenge message itself
        challenge = await self.service.get_challenge(challenge_id)
        public = await public_language(self.service, self.client, challenge.guild_id)  # the challenge message
        if interaction.user.id == challenge.challenger_id:
            await self.service.cancel(challenge_id, interaction.user.id)
            with speaking(public):
                text = messages.withdrawn(challenge.challenger_name)
        else:
            await self.service.decline(challenge_id, interaction.user.id)
            with speaking(public):
                text = messages.declined(interaction.user.display_name, challenge.challenger_name)
        await interaction.edit_original_response(content=text, view=None, allowed_mentions=NO_MENTIONS)

    async def announce_expired(self) -> None:
        """Update the message of every challenge that expired since the last look."""
        for challenge in await self.service.expire_challenges():
            await self._show_expired(challenge)

    async def _show_expired(self, challenge: Challenge) -> None:
        if challenge.message_id is None:
            return
        message = channel(self.client, challenge.channel_id, challenge.guild_id).get_partial_message(
            challenge.message_id
        )
        try:
            with speaking(await public_language(self.service, self.client, challenge.guild_id)):
                text = (
                    lobby_messages.lobby_closed(challenge.challenger_name, str(challenge.status))
                    if challenge.seats > 2
                    else messages.expired(challenge.challenger_name)
                )
            await message.edit(content=text, view=None, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.info("challenge %d: message gone", challenge.id)
