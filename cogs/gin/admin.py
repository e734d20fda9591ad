"""/gin-admin: the server's settings (members with Manage Server) and the bot's status (its owner).

A group of its own because Discord shows a command to a member by its ``default_member_permissions``,
and that is set for a top-level command or group as a whole, never for one subcommand: under /gin
everyone would see them. /gin-admin is shown to members who may manage the server (a server may
change who sees it in its integration settings, so each command checks again when used); status
answers only the bot's owner.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.constants import DEFAULT_GAME
from bot.tables import RatingReset, Refusal, SeasonLength
from render.pool import RenderPool

from . import messages, season_messages, server_messages, speech
from .answer import answers
from .commands import GraceSeconds, Minutes, Target, variant_choices
from .flows import Desk, desk_of

log = logging.getLogger(__name__)

SEASON_LENGTHS = [app_commands.Choice(name=season_messages.LENGTH_WORDS[s], value=s.value) for s in SeasonLength]
SEASON_RESETS = [
    app_commands.Choice(name="keep the ratings", value=RatingReset.KEEP.value),
    app_commands.Choice(name="move them halfway back toward 1500", value=RatingReset.SOFT.value),
]


@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
class GinAdmin(commands.GroupCog, group_name="gin-admin", group_description="Server settings and the bot's status"):
    """The server's settings and the bot's status."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def desk(self) -> Desk:
        return desk_of(self.bot)

    @app_commands.command(name="status", description="How the bot is doing: load and picture backlog (the bot's owner)")
    @answers
    async def status(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not await self.bot.is_owner(interaction.user):
            raise Refusal(messages.OWNER_ONLY)
        pool = getattr(self.bot, "pictures", None)
        pictures = pool.peek_stats().line() if isinstance(pool, RenderPool) else "pictures: drawn in this process"
        desk = self.desk
        matches, active, shards = desk.service.memory_summary()
        text = server_messages.bot_status(pictures, desk.inflight.count, matches, active, len(desk.live), shards)
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name="settings", description="Server settings for the games (Manage Server)")
    @app_commands.describe(
        variant="Default rules variant",
        target="Default points to win",
        turn_timeout="Minutes a player has for a turn",
        ping_grace="Seconds a player with his hand open may take before the turn ping",
        allow_channel="Allow games in this channel (once any is set, only those)",
        remove_channel="Stop allowing this channel",
        all_channels="True: allow every channel again",
        language="The language of the public messages (boards, results)",
        season="Leaderboards in seasons: off, weekly, monthly or quarterly (UTC)",
        season_channel="Where each season's champions are announced",
        season_reset="What a season's end does to the ratings",
        tournament_role="Members of this role may organise tournaments (@everyone: Manage Server only)",
    )
    @app_commands.autocomplete(variant=variant_choices)
    @app_commands.choices(language=speech.language_choices(), season=SEASON_LENGTHS, season_reset=SEASON_RESETS)
    @answers
    async def settings(
        self,
        interaction: discord.Interaction,
        variant: str | None = None,
        target: Target | None = None,
        turn_timeout: Minutes | None = None,
        ping_grace: GraceSeconds | None = None,
        allow_channel: discord.TextChannel | None = None,
        remove_channel: discord.TextChannel | None = None,
        all_channels: bool | None = None,
        language: str | None = None,
        season: str | None = None,
        season_channel: discord.TextChannel | None = None,
        season_reset: str | None = None,
        tournament_role: discord.Role | None = None,
    ) -> None:
        perms = interaction.permissions
        if not (perms.manage_guild or perms.administrator):
            # The group is shown only to Manage Server by default, but a server may grant it to others.
            raise Refusal(messages.MANAGE_SERVER_ONLY)
        guild_id = interaction.guild_id
        assert guild_id is not None  # the group is guild only
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = self.desk.service
        fields: dict[str, object] = {}
        if variant is not None:
            fields["default_variant"] = variant
        if target is not None:
            fields["target"] = target
        if turn_timeout is not None:
            fields["turn_timeout_s"] = turn_timeout * 60
        if all_channels:
            fields["allowed_channels"] = ()
        if language is not None:
            fields["language"] = language
        if tournament_role is not None:  # @everyone (the guild's own id): nobody but Manage Server
            fields["tournament_role"] = None if tournament_role.is_default() else tournament_role.id
        allow = [allow_channel.id] if allow_channel is not None else []
        remove = [remove_channel.id] if remove_channel is not None else []
        seasons_changed = season is not None or season_channel is not None or season_reset is not None
        changed = bool(fields or allow or remove or ping_grace is not None or seasons_changed)
        current = await service.update_settings(guild_id, allow=allow, remove=remove, **fields)
        grace = await (
            service.ping_grace(guild_id) if ping_grace is None else service.set_ping_grace(guild_id, ping_grace)
        )
        seasons = await (
            service.set_seasons(
                guild_id,
                length=season,
                channel_id=None if season_channel is None else season_channel.id,
                reset=season_reset,
            )
            if seasons_changed
            else service.season_settings(guild_id)
        )
        if changed:
            log.info(
                "guild %d: settings changed (%s)",
                guild_id,
                ", ".join(
                    sorted(
                        [
                            *fields,
                            *(["allow"] if allow else []),
                            *(["remove"] if remove else []),
                            *(["ping_grace"] if ping_grace is not None else []),
                            *(["seasons"] if seasons_changed else []),
                        ]
                    )
                ),
            )
        text = server_messages.settings_text(
            messages.title_of(DEFAULT_GAME),
            current,
            grace,
            changed,
            speech.server_language(current, interaction.guild_locale),
        )
        await interaction.followup.send(
            "\n".join([text, *season_messages.season_lines(seasons)]),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GinAdmin(bot))
