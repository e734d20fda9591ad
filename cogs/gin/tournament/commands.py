"""/gin tournament: create, status, and the organiser's start, add_ai, remove, award and cancel
(docs/tournaments.md). The organiser's commands need Manage Server, or to be the tournament's organiser.

A cog adding a ``tournament`` group to the /gin group the Gin cog owns (as cogs/gin/joining.py does
for single commands); it registers the sign-up buttons and hands the scheduler its tick."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.constants import LEVELS
from bot.engine import LIMITS
from bot.i18n import current
from bot.tables import Refusal, TableService, TournamentRow, TournamentSpec
from bot.tournaments import ROUNDS, SIZE, Format, from_json, standings

from ..answer import answers
from ..commands import game_choices, variant_choices
from ..flows import Desk, desk_of
from ..guide import options_choices
from . import texts
from .buttons import TournamentButton
from .flow import TournamentFlow
from .pictures import picture, send_with_picture, style_of

Minutes = app_commands.Range[int, LIMITS.turn_timeout_s.low // 60, LIMITS.turn_timeout_s.high // 60]
Window = app_commands.Range[int, 0, 7 * 24 * 60]
Size = app_commands.Range[int, SIZE.low, SIZE.high]
Rounds = app_commands.Range[int, ROUNDS.low, ROUNDS.high]
Hands = app_commands.Range[int, LIMITS.gin_hands.low, LIMITS.gin_hands.high]
Target = app_commands.Range[int, LIMITS.table_target.low, LIMITS.table_target.high]
FORMAT_CHOICES = [app_commands.Choice(name=f.value.replace("_", " "), value=f.value) for f in Format]
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]


def _service(interaction: discord.Interaction) -> TableService:
    return desk_of(interaction.client).service


async def _here(interaction: discord.Interaction) -> TournamentRow:
    """The tournament of this channel (the one going, else the newest)."""
    row = await _service(interaction).channel_tournament(interaction.guild_id or 0, interaction.channel_id or 0)
    if row is None:
        raise Refusal(texts.NOT_HERE)
    return row


async def _organiser(interaction: discord.Interaction, row: TournamentRow | None = None) -> None:
    """Manage Server, the server's tournament role (a setting), or this tournament's organiser."""
    perms = interaction.permissions
    if perms.manage_guild or perms.administrator or (row is not None and row.organiser_id == interaction.user.id):
        return
    role = (await _service(interaction).guild_settings(interaction.guild_id or 0)).tournament_role
    roles = getattr(interaction.user, "roles", ())
    if role is not None and any(r.id == role for r in roles):
        return
    raise Refusal(texts.ORGANISER_ONLY)


async def _done(interaction: discord.Interaction) -> None:
    await interaction.followup.send(current()._(texts.DONE), ephemeral=True)


@app_commands.describe(
    format="How players are paired",
    game="Which game (default: Gin)",
    variant="Rules variant",
    options="Table options, e.g. 'gin=20 undercut=10 tie=no length=hands:8'",
    target="Points to win a match",
    hands="Or a fixed number of hands per match",
    rounds="Rounds of a Swiss or tables tournament",
    players="Players at a table (tables format only)",
    turn_timeout="Minutes a player may take for a turn",
    size="At most this many players",
    signup="Minutes the sign-up stays open",
    checkin="Minutes of check-in after the sign-up (0: none)",
    rated="Whether its matches count for ratings",
)
@app_commands.choices(format=FORMAT_CHOICES)
@app_commands.autocomplete(game=game_choices, variant=variant_choices, options=options_choices)
@answers
async def create_command(
    interaction: discord.Interaction,
    format: str,
    game: str | None = None,
    variant: str | None = None,
    options: str | None = None,
    target: Target | None = None,
    hands: Hands | None = None,
    rounds: Rounds | None = None,
    players: app_commands.Range[int, 3, LIMITS.seats.high] | None = None,
    turn_timeout: Minutes | None = None,
    size: Size = 64,
    signup: Window = 10,
    checkin: Window = 0,
    rated: bool = True,
) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)  # Discord first, then the store
    await _organiser(interaction)
    me = interaction.client.user
    assert me is not None and interaction.guild_id is not None and interaction.channel_id is not None
    spec = TournamentSpec(
        game=game or "gin",
        format=format,
        variant=variant,
        options=options or "",
        target=target,
        hands=hands,
        rounds=rounds or 0,
        seats=players or 2,
        turn_timeout_s=None if turn_timeout is None else turn_timeout * 60,
        size_cap=size,
        signup_s=signup * 60,
        checkin_s=checkin * 60,
        rated=rated,
    )
    await _service(interaction).create_tournament(
        interaction.guild_id, interaction.channel_id, interaction.user.id, me.id, spec
    )
    await _done(interaction)


@answers
async def status_command(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    row = await _here(interaction)
    service = _service(interaction)
    t = from_json(row.state or row.config)
    table = standings(t) if row.state is not None else None
    text = texts.status(row, t, await service.tournament_entries(row.id), table)
    # The bracket or the standings once it started (none during the sign-up); the words are its text.
    image = None if table is None else await picture(t, style_of(interaction.client))
    await send_with_picture(
        interaction.followup.send, image, content=text, allowed_mentions=discord.AllowedMentions.none()
    )


@answers
async def start_command(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    row = await _here(interaction)
    await _organiser(interaction, row)
    await _service(interaction).start_tournament(row.id, _flow(interaction).open_match_channel)
    await _done(interaction)


@app_commands.describe(count="How many AI players", level="How strong they play")
@app_commands.choices(level=LEVEL_CHOICES)
@answers
async def add_ai_command(
    interaction: discord.Interaction, count: app_commands.Range[int, 1, 64], level: str = "normal"
) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    row = await _here(interaction)
    await _organiser(interaction, row)
    me = interaction.client.user
    name = me.display_name if me is not None else "GinBot"
    await _service(interaction).add_ai_entrants(row.id, count, level, name)
    await _flow(interaction).refresh_signup(row.id)
    await _done(interaction)


@app_commands.describe(player="The player to remove")
@answers
async def remove_command(interaction: discord.Interaction, player: discord.User) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    row = await _here(interaction)
    await _organiser(interaction, row)
    await _service(interaction).remove_entrant(row.id, player.id, _flow(interaction).open_match_channel)
    await _done(interaction)


@app_commands.describe(
    round="The round of the match", table="Its table", winner="Who wins it", reason="Why (shown with the result)"
)
@answers
async def award_command(
    interaction: discord.Interaction,
    round: app_commands.Range[int, 1, 1000],
    table: app_commands.Range[int, 1, 1000],
    winner: discord.User,
    reason: app_commands.Range[str, 1, 200],
) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    row = await _here(interaction)
    await _organiser(interaction, row)
    flow = _flow(interaction)
    await _service(interaction).award_match(row.id, (round, table), winner.id, reason, flow.open_match_channel)
    await _done(interaction)


@app_commands.describe(reason="Why (shown in the channel)")
@answers
async def cancel_command(interaction: discord.Interaction, reason: app_commands.Range[str, 0, 200] = "") -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    row = await _here(interaction)
    await _organiser(interaction, row)
    await _service(interaction).cancel_tournament(row.id, reason)
    await _done(interaction)


COMMANDS = (
    ("create", "Start a tournament in this channel (Manage Server)", create_command),
    ("status", "The tournament of this channel: round, results and standings", status_command),
    ("start", "Close the sign-up (or check-in) now (organiser)", start_command),
    ("add_ai", "Add AI players to the tournament (organiser)", add_ai_command),
    ("remove", "Remove a player from the tournament (organiser)", remove_command),
    ("award", "Decide a match, with a reason shown (organiser)", award_command),
    ("cancel", "Cancel the tournament (organiser)", cancel_command),
)

_FLOWS: dict[int, TournamentFlow] = {}  # id(client) -> its flow


def _flow(interaction: discord.Interaction) -> TournamentFlow:
    flow = _FLOWS.get(id(interaction.client))
    if flow is None:
        flow = _FLOWS[id(interaction.client)] = TournamentFlow(interaction.client, _service(interaction))
    return flow


class Tournaments(commands.Cog):
    """Adds /gin tournament to the Gin cog's group, the sign-up buttons, and the scheduler's tick."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.group: app_commands.Group | None = None

    async def cog_load(self) -> None:
        cog = self.bot.get_cog("Gin")
        gin = cog.app_command if isinstance(cog, commands.GroupCog) else None
        if not isinstance(gin, app_commands.Group):
            raise RuntimeError("add the Gin cog before the Tournaments cog: its /gin group is needed")
        group = app_commands.Group(name="tournament", description="Tournaments: sign up, play, standings", parent=gin)
        for name, description, callback in COMMANDS:
            cmd: app_commands.Command[Any, ..., None] = app_commands.Command(
                name=name, description=description, callback=callback, parent=group
            )
            group.add_command(cmd)
        gin.add_command(group, override=True)
        self.group = group
        self.bot.add_dynamic_items(TournamentButton)
        desk = getattr(self.bot, "desk", None)  # None: loaded without a service (the command texts' writer)
        if isinstance(desk, Desk):
            flow = _FLOWS[id(self.bot)] = TournamentFlow(self.bot, desk.service)
            desk.scheduler.tournaments = flow.tick

    async def cog_unload(self) -> None:
        cog = self.bot.get_cog("Gin")
        gin = cog.app_command if isinstance(cog, commands.GroupCog) else None
        if (
            isinstance(gin, app_commands.Group)
            and self.group is not None
            and gin.get_command("tournament") is self.group
        ):
            gin.remove_command("tournament")
        self.bot.remove_dynamic_items(TournamentButton)
        desk = getattr(self.bot, "desk", None)
        if isinstance(desk, Desk):
            desk.scheduler.tournaments = None
        _FLOWS.pop(id(self.bot), None)


async def setup(bot: commands.Bot) -> None:
    """Needs the Gin cog loaded first (cogs.gin.commands)."""
    await bot.add_cog(Tournaments(bot))
