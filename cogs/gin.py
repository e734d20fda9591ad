"""/gin commands (a GroupCog) and the 'Challenge to Gin' user context menu.

Thin: each command asks the TableService, hands rendering and answering to the Desk, and shows
any Refusal as a short ephemeral message. The stats cog (cogs.leaderboard) adds its commands to
this cog's ``gin`` group, so this cog loads first. Errors (a Refusal raised anywhere in a
command) are answered by the bot's CommandTree.on_error (bot.client.GinTree).
"""

from __future__ import annotations

import logging
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import preset
from bot.tables import Refusal

from .desk import NO_MENTIONS, Desk, require_posting, rules_message

log = logging.getLogger(__name__)

Variant = Literal["standard", "oklahoma", "straight", "hollywood", "oklahoma+hollywood", "straight+hollywood"]
Level = Literal["easy", "normal", "hard"]
Target = app_commands.Range[int, 10, 1000]


@app_commands.guild_only()
class Gin(commands.GroupCog, group_name="gin", group_description="Play Gin Rummy"):
    """Challenges, games against the bot, hands, resigning, rules and server settings."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        # Context menus cannot live inside a group: a separate top-level user command.
        self.menu = app_commands.ContextMenu(name="Challenge to Gin", callback=self.challenge_menu)
        self.menu.guild_only = True
        super().__init__()

    @property
    def desk(self) -> Desk:
        return self.bot.desk  # type: ignore[attr-defined]

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.menu)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.menu.name, type=self.menu.type)

    # -- challenges ------------------------------------------------------------------------
    async def _challenge(self, interaction: discord.Interaction, opponent: discord.abc.User | None,
                         variant: str | None, target: int | None) -> None:
        me = self.bot.user
        if opponent is not None and me is not None and opponent.id == me.id:
            await self._play(interaction, "normal", variant, target)  # challenging me = a game vs the bot
            return
        if opponent is not None and opponent.bot:
            await self.desk.refuse(interaction, "Bots can't play Gin here. Challenge a person, "
                                                "or use /gin play to play against me.")
            return
        await self.desk.send_challenge(interaction, opponent.id if opponent else None,
                                       opponent.display_name if opponent else None, variant, target)

    @app_commands.command(name="challenge", description="Challenge someone to Gin Rummy (no opponent: anyone may accept)")
    @app_commands.describe(opponent="Who to play; leave empty for an open challenge",
                           variant="Rules variant (default: the server's)", target="Points to win the match")
    async def challenge(self, interaction: discord.Interaction, opponent: discord.User | None = None,
                        variant: Variant | None = None, target: Target | None = None) -> None:
        await self._challenge(interaction, opponent, variant, target)

    async def challenge_menu(self, interaction: discord.Interaction, member: discord.Member) -> None:
        await self._challenge(interaction, member, None, None)

    # -- against the bot -----------------------------------------------------------------
    async def _play(self, interaction: discord.Interaction, level: str, variant: str | None,
                    target: int | None) -> None:
        user, me = interaction.user, self.bot.user
        assert me is not None
        require_posting(interaction)
        match = await self.desk.service.play_bot(
            interaction.guild_id, interaction.channel_id, user.id, user.display_name, me.id, self.desk.bot_name(),
            level, variant=variant, target=target)
        await interaction.response.send_message(
            f"**{user.display_name}** sits down against **{self.desk.bot_name()}** ({level}). "
            "The board is below; press **My hand** to see your cards.", allowed_mentions=NO_MENTIONS)
        await self.desk.start_match(match)

    @app_commands.command(name="play", description="Play a match of Gin against the bot")
    @app_commands.describe(level="How strong the bot plays", variant="Rules variant", target="Points to win")
    async def play(self, interaction: discord.Interaction, level: Level = "normal",
                   variant: Variant | None = None, target: Target | None = None) -> None:
        await self._play(interaction, level, variant, target)

    # -- during a match --------------------------------------------------------------------
    @app_commands.command(name="hand", description="Show your cards (only you can see them)")
    async def hand(self, interaction: discord.Interaction) -> None:
        match = await self.desk.channel_match(interaction)
        await self.desk.show_hand(interaction, match.id)

    @app_commands.command(name="resign", description="Resign the match in this channel")
    async def resign(self, interaction: discord.Interaction) -> None:
        match = await self.desk.channel_match(interaction)
        await self.desk.board_button(interaction, match.id, "resign")  # asks to confirm, like the board's button

    @app_commands.command(name="rules", description="The rules in short")
    @app_commands.describe(variant="A variant; default: this channel's match or the server's default")
    async def rules(self, interaction: discord.Interaction, variant: Variant | None = None) -> None:
        if variant is not None:
            rules = preset(variant)
        else:
            match = await self.desk.service.match_for_channel(interaction.channel_id)  # type: ignore[arg-type]
            if match is not None:
                rules = match.rules
            else:
                gs = await self.desk.service.guild_settings(interaction.guild_id)  # type: ignore[arg-type]
                rules = preset(gs.default_variant, target=gs.target) if gs.target else preset(gs.default_variant)
        await interaction.response.send_message(rules_message(rules), ephemeral=True)

    # -- server settings -------------------------------------------------------------------
    @app_commands.command(name="settings", description="Server settings for Gin (Manage Server)")
    @app_commands.describe(variant="Default rules variant", target="Default points to win",
                           turn_timeout="Minutes a player has for a turn",
                           allow_channel="Allow games in this channel (once any is set, only those)",
                           remove_channel="Stop allowing this channel",
                           all_channels="True: allow every channel again")
    async def settings(self, interaction: discord.Interaction, variant: Variant | None = None,
                       target: Target | None = None, turn_timeout: app_commands.Range[int, 1, 10080] | None = None,
                       allow_channel: discord.TextChannel | None = None,
                       remove_channel: discord.TextChannel | None = None,
                       all_channels: bool | None = None) -> None:
        perms = interaction.permissions
        if not (perms.manage_guild or perms.administrator):
            # Subcommands cannot carry default_permissions; Discord only honours it on top-level commands.
            raise Refusal("Only members with Manage Server can change the Gin settings.")
        service, guild_id = self.desk.service, interaction.guild_id
        assert guild_id is not None
        current = await service.guild_settings(guild_id)
        fields: dict[str, object] = {}
        if variant is not None:
            fields["default_variant"] = variant
        if target is not None:
            fields["target"] = target
        if turn_timeout is not None:
            fields["turn_timeout_s"] = turn_timeout * 60
        channels = list(current.allowed_channels)
        if all_channels:
            channels = []
        if allow_channel is not None and allow_channel.id not in channels:
            channels.append(allow_channel.id)
        if remove_channel is not None and remove_channel.id in channels:
            channels.remove(remove_channel.id)
        if tuple(channels) != tuple(current.allowed_channels):
            fields["allowed_channels"] = tuple(channels)
        if fields:
            current = await service.update_settings(guild_id, **fields)
            log.info("guild %d: settings changed (%s)", guild_id, ", ".join(sorted(fields)))
        where = ", ".join(f"<#{c}>" for c in current.allowed_channels) or "every channel"
        await interaction.response.send_message(
            f"**Gin settings**{' (updated)' if fields else ''}\n"
            f"• Variant: {current.default_variant}\n"
            f"• Target: {current.target or 'the variant default'}\n"
            f"• Turn timeout: {current.turn_timeout_s // 60} minutes\n"
            f"• Games allowed in: {where}", ephemeral=True, allowed_mentions=NO_MENTIONS)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Gin(bot))
