"""/gin commands (a GroupCog), the 'Challenge to Gin' user context menu, and the answer to
clicks discord.py would drop (ids of ours no longer on their message).

Thin: each command hands over to a part of the desk; every callback answers through
``@answers``. The game and variant options are filled in from the game registry (autocomplete),
the level from bot.constants and the limits from bot.engine.LIMITS; the service refuses unknown values.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord
from discord import app_commands
from discord.ext import commands

from bot.constants import DEFAULT_GAME, DEFAULT_LEVEL, LEVELS
from bot.engine import LIMITS, GameRules, game_names, game_type
from bot.i18n import texts
from bot.tables import MatchInfo, Refusal
from bot.tables.styles import CARD_ORDERS, CARD_SIZES, PING_GRACE_MAX_S
from render.games import offered_games

from . import lobby_messages, messages, server_messages, speech
from .answer import answers, answers_anywhere
from .components import orphan_reason
from .flows import Desk, desk_of
from .guide import options_choices

log = logging.getLogger(__name__)

Target = app_commands.Range[int, LIMITS.table_target.low, LIMITS.table_target.high]
MAX_SEATS = LIMITS.seats.high  # the largest table of any game (the service refuses what a game is not)
Players = app_commands.Range[int, LIMITS.seats.low, LIMITS.seats.high]
Minutes = app_commands.Range[int, LIMITS.turn_timeout_s.low // 60, LIMITS.turn_timeout_s.high // 60]
GraceSeconds = app_commands.Range[int, 0, PING_GRACE_MAX_S]
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
SIZE_CHOICES = [app_commands.Choice(name=size, value=size) for size in CARD_SIZES]
ORDER_CHOICES = [app_commands.Choice(name=f"by {order}", value=order) for order in CARD_ORDERS]


async def game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The games this bot can show (engine and renderer) whose name or title contains what was typed."""
    typed = current.lower()
    shown = offered_games()
    out = [
        app_commands.Choice(name=game_type(g).title, value=g)
        for g in game_names()
        if g in shown and (typed in g or typed in game_type(g).title.lower())
    ]
    return out[:25]


async def variant_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The variants of the game chosen in the same command (the default game if none)."""
    game = getattr(interaction.namespace, "game", None) or DEFAULT_GAME
    try:
        variants = game_type(str(game)).variants
    except ValueError:
        return []
    return [app_commands.Choice(name=v, value=v) for v in variants if current.lower() in v.lower()][:25]


def rules_for(game: str, variant: str | None, target: int | None = None) -> GameRules:
    """A game's rules by variant (its first variant by default); Refusal naming what is wrong."""
    try:
        kind = game_type(game)
        return kind.make_rules(variant or kind.variants[0], target)
    except ValueError as error:
        raise Refusal.of_error(error) from None


@app_commands.guild_only()
class Gin(
    commands.GroupCog,
    group_name="gin",
    group_description="Gin Rummy, Knockout, Colonel, Skarney and Rummy: play, rules, stats",
):
    """Challenges, games against the bot, hands, resigning, rules, each player's style and server settings."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        # Context menus cannot live inside a group: a separate top-level user command.
        self.menu = app_commands.ContextMenu(name="Challenge to Gin", callback=self.challenge_menu)
        self.menu.guild_only = True
        super().__init__()

    @property
    def desk(self) -> Desk:
        return desk_of(self.bot)

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.menu)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.menu.name, type=self.menu.type)

    @commands.Cog.listener("on_interaction")
    @answers_anywhere
    async def refuse_orphans(self, interaction: discord.Interaction) -> None:
        """Answer a click on one of our ids that an edit already removed from its message."""
        reason = orphan_reason(interaction)
        if reason is not None:
            raise Refusal(reason)

    async def _channel_match(self, interaction: discord.Interaction) -> MatchInfo:
        match = await self.desk.service.match_for_channel(interaction.channel_id or 0)
        if match is None:
            raise Refusal(messages.NO_MATCH_HERE)
        return match

    # -- new tables ------------------------------------------------------------------------------
    async def _challenge(
        self,
        interaction: discord.Interaction,
        opponents: Sequence[discord.abc.User],
        game: str | None,
        variant: str | None,
        target: int | None,
        players: int | None = None,
        options: str = "",
    ) -> None:
        """Two seats: the challenge with Accept/Decline (against me: a game vs the bot). More seats
        (more opponents, or a ``players`` count): a lobby. Refusals come before anything is stored."""
        me = self.bot.user
        mine = [o for o in opponents if me is not None and o.id == me.id]
        if any(o.bot for o in opponents if o not in mine):
            raise Refusal(messages.BOTS_CANT_PLAY)
        if len({o.id for o in opponents}) != len(opponents):
            raise Refusal(lobby_messages.SAME_OPPONENT_TWICE)
        seats = players if players is not None else max(2, len(opponents) + 1)  # no one named: an open challenge
        if len(opponents) > seats - 1:
            raise Refusal(lobby_messages.too_many_named(seats))
        if mine and seats == 2:  # challenging me: a game vs the bot
            await self.desk.challenges.play_bot(
                interaction, DEFAULT_LEVEL, game=game, variant=variant, target=target, options=options
            )
            return
        if mine:
            raise Refusal(lobby_messages.BOT_SEATS_IN_LOBBY)
        if seats == 2 and len(opponents) <= 1:
            opponent = opponents[0] if opponents else None
            await self.desk.challenges.send(
                interaction,
                opponent.id if opponent else None,
                opponent.display_name if opponent else None,
                game=game,
                variant=variant,
                target=target,
                options=options,
            )
            return
        await self.desk.lobby.open(
            interaction,
            [(o.id, o.display_name) for o in opponents],
            seats,
            game=game,
            variant=variant,
            target=target,
            options=options,
        )

    @app_commands.command(name="challenge", description="Challenge one to three players (or open seats) to a game")
    @app_commands.describe(
        opponent="Who to play; leave empty for an open challenge",
        game="Which game (default: Gin)",
        variant="Rules variant (default: the server's)",
        target="Points to win the match",
        opponent2="A second opponent (a table of three or more)",
        opponent3="A third opponent (a table of four)",
        players="Seats at the table (default: you and the opponents named); empty seats are open to anyone",
        options="Table options, e.g. 'gin=20 undercut=10 tie=no length=hands:8'",
    )
    @app_commands.autocomplete(game=game_choices, variant=variant_choices, options=options_choices)
    @answers
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User | None = None,
        game: str | None = None,
        variant: str | None = None,
        target: Target | None = None,
        opponent2: discord.User | None = None,
        opponent3: discord.User | None = None,
        players: Players | None = None,
        options: str | None = None,
    ) -> None:
        opponents = [o for o in (opponent, opponent2, opponent3) if o is not None]
        await self._challenge(interaction, opponents, game, variant, target, players, options or "")

    @answers
    async def challenge_menu(self, interaction: discord.Interaction, member: discord.Member) -> None:
        await self._challenge(interaction, [member], None, None, None)

    @app_commands.command(name="play", description="Play a match against the bot")
    @app_commands.describe(
        level="How strong the bot plays",
        game="Which game (default: Gin)",
        variant="Rules variant",
        target="Points to win",
        options="Table options, e.g. 'gin=20 undercut=10 tie=no length=hands:8'",
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    @app_commands.autocomplete(game=game_choices, variant=variant_choices, options=options_choices)
    @answers
    async def play(
        self,
        interaction: discord.Interaction,
        level: str = DEFAULT_LEVEL,
        game: str | None = None,
        variant: str | None = None,
        target: Target | None = None,
        options: str | None = None,
    ) -> None:
        await self.desk.challenges.play_bot(
            interaction, level, game=game, variant=variant, target=target, options=options or ""
        )

    # -- during a match ----------------------------------------------------------------------------
    @app_commands.command(name="hand", description="Show your cards (only you can see them)")
    @answers
    async def hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self._channel_match(interaction)
        await self.desk.hands.show(interaction, match.id)

    @app_commands.command(name="resign", description="Resign the match in this channel")
    @answers
    async def resign(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        match = await self._channel_match(interaction)
        await self.desk.hands.ask_resign(interaction, match.id)  # asks to confirm, like the board's button

    @app_commands.command(name="rules", description="The rules in short")
    @app_commands.describe(
        game="Which game (default: this channel's match, else Gin)",
        variant="A variant; default: this channel's match or the server's default",
    )
    @app_commands.autocomplete(game=game_choices, variant=variant_choices)
    @answers
    async def rules(
        self, interaction: discord.Interaction, game: str | None = None, variant: str | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = self.desk.service
        match = await service.match_for_channel(interaction.channel_id or 0)
        rules: GameRules
        if variant is None and match is not None and game in (None, match.game):
            game, rules = match.game, match.rules
        else:
            game = game or DEFAULT_GAME
            if variant is None and game == DEFAULT_GAME:  # the server's defaults are for the default game
                gs = await service.guild_settings(interaction.guild_id or 0)
                rules = rules_for(game, gs.default_variant, gs.target)
            else:
                rules = rules_for(game, variant)
        await interaction.followup.send(messages.rules_text(messages.title_of(game), rules), ephemeral=True)

    # -- each player's look ----------------------------------------------------------------------------
    @app_commands.command(name="style", description="How your own cards look (your hand only)")
    @app_commands.describe(
        four_colour="Four-colour deck: clubs green, diamonds blue",
        card_size="Card size in your hand's picture",
        text_only="Words instead of pictures (the picture's full text alternative)",
        card_order="Your loose cards by rank or by suit",
        hints="Hints: what each discard leaves, and 'can knock'",
        language="The language of your own messages and hand",
    )
    @app_commands.choices(card_size=SIZE_CHOICES, card_order=ORDER_CHOICES, language=speech.language_choices())
    @answers
    async def style(
        self,
        interaction: discord.Interaction,
        four_colour: bool | None = None,
        card_size: str | None = None,
        text_only: bool | None = None,
        card_order: str | None = None,
        hints: bool | None = None,
        language: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = self.desk.service
        before = await service.player_style(interaction.user.id)
        after = await service.set_player_style(
            interaction.user.id,
            four_colour=four_colour,
            card_size=card_size,
            text_only=text_only,
            card_order=card_order,
            hints=hints,
            language=language,
        )
        t = texts(speech.reader_language(after, interaction.locale))
        await interaction.followup.send(server_messages.style_text(after, after != before, t), ephemeral=True)
        if after != before:
            await self.desk.hands.redraw(interaction.user.id)  # his live hands in the new look


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Gin(bot))
