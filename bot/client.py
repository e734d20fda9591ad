"""GinBot: the discord.py client. Owns the TableService, the Desk, the cogs and one scheduler.

Start-up (``setup_hook``): open the service on ``Settings.db_path`` (migrate + recover), register
the DynamicItem classes (so buttons on old messages work after a restart), load the cogs, warm
the card-face cache in a worker thread, optionally sync the commands, start the scheduler.

The scheduler is ONE ``discord.ext.tasks`` loop: it expires challenges (editing their message),
walks ``service.overdue()`` (warn the idle player, then offer the claim, then abandon), and every
so often makes sure the bot moves wherever its seat is to play (e.g. after a restart). The bot's
moves after a human's move are started at once by the Desk, not by the tick.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from datetime import datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.config import Settings
from bot.tables import Refusal, TableService
from cogs.components import ITEMS, orphan_reason
from cogs.desk import Desk
from render import Style, warm_cache

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.gin", "cogs.leaderboard")  # order matters: leaderboard joins gin's group


class GinTree(app_commands.CommandTree):
    """Answers every failed command: a Refusal as its own short ephemeral text, else a generic line."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        original = getattr(error, "original", error)
        desk: Desk | None = getattr(interaction.client, "desk", None)
        if isinstance(original, Refusal):
            text = str(original)
        elif isinstance(error, (app_commands.TransformerError, app_commands.CheckFailure)):
            text = "That command can't be used like that here."
            log.info("command check/transform failed: %s", error)
        else:
            name = interaction.command.qualified_name if interaction.command else "?"
            log.error("command %s failed", name, exc_info=original)
            text = "Something went wrong on my side; please try again."
        if desk is not None:
            await desk.refuse(interaction, text)


class GinBot(commands.Bot):
    """The Gin Rummy bot. Test hooks: ``seed_source``/``chooser``/``clock`` go to the service,
    ``ai_delay_s`` is the bot's pause before each of its moves, ``tick_s`` the scheduler period."""

    def __init__(self, settings: Settings, *, seed_source: Callable[[], int] | None = None,
                 chooser: Callable[..., Any] | None = None, clock: Callable[[], datetime] | None = None,
                 ai_delay_s: float = 1.2, tick_s: float = 15.0, sync: bool = False,
                 style: Style = Style(), **options: Any) -> None:
        # The bot never joins voice: no start-up warning about voice libraries it does not need.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False  # type: ignore[attr-defined]
        intents = discord.Intents.none()
        intents.guilds = True  # channels and the guild; interactions carry their own member data
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, tree_cls=GinTree,
                         help_command=None, **options)
        self.settings = settings
        self.style = style
        self.ai_delay_s = ai_delay_s
        self.sync_commands = sync
        self._service_options = dict(seed_source=seed_source, chooser=chooser, clock=clock)
        self.service: TableService | None = None
        self.desk: Desk | None = None
        self._ticks = 0
        self._warm: asyncio.Task[Any] | None = None
        self.scheduler = tasks.loop(seconds=tick_s)(self._tick)
        self.scheduler.before_loop(self._before_tick)

    async def setup_hook(self) -> None:
        self.service = await TableService.open(self.settings.db_path, **self._service_options)
        self.desk = Desk(self, self.service, style=self.style, ai_delay_s=self.ai_delay_s)
        self.add_dynamic_items(*ITEMS)
        for name in EXTENSIONS:
            await self.load_extension(name)
        self._warm = asyncio.create_task(self._warm_cache(), name="gin-warm-cache")
        if self.sync_commands:
            await self.sync_app_commands()
        self.scheduler.start()
        log.info("set up: database %s, %d dynamic item types", self.settings.db_path, len(ITEMS))

    async def _warm_cache(self) -> None:
        seconds = await asyncio.to_thread(warm_cache, self.style)
        log.info("card faces drawn in %.0f ms", seconds * 1000)

    async def sync_app_commands(self) -> list[app_commands.AppCommand]:
        """Push the commands to Discord: to GIN_DEV_GUILD at once if set, else globally (slow to spread)."""
        if self.settings.dev_guild:
            guild = discord.Object(id=self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %d", len(synced), guild.id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))
        return synced

    async def on_ready(self) -> None:
        log.info("ready as %s (%s) in %d guilds", self.user, self.user.id if self.user else "?", len(self.guilds))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer clicks discord.py would drop: an id of ours no longer on its message."""
        reason = orphan_reason(interaction) if self.desk is not None else None
        if reason is not None:
            await self.desk.refuse(interaction, reason)  # type: ignore[union-attr]

    # -- the scheduler ---------------------------------------------------------------------
    async def _before_tick(self) -> None:
        await self.wait_until_ready()

    async def _tick(self) -> None:
        """One pass: expired challenges, overdue turns, and (every 4th tick) the bot's pending moves."""
        assert self.service is not None and self.desk is not None
        try:
            await self.desk.announce_expired()
        except Exception:
            log.exception("scheduler: expiring challenges failed")
        try:
            overdue = await self.service.overdue()
        except Exception:
            log.exception("scheduler: reading deadlines failed")
            overdue = []
        for item in overdue:
            try:
                await self.desk.handle_overdue(item)
            except Exception:
                log.exception("scheduler: match %d overdue (%s) failed", item.match.id, item.stage)
        if self._ticks % 4 == 0:
            try:
                await self.desk.resume()
            except Exception:
                log.exception("scheduler: resuming the bot's moves failed")
        self._ticks += 1

    async def close(self) -> None:
        self.scheduler.cancel()
        if self._warm is not None:
            self._warm.cancel()
        if self.desk is not None:
            await self.desk.close()
        await super().close()
        if self.service is not None:
            await self.service.close()
            self.service = None


def seeded_source(seed: int) -> Callable[[], int]:
    """A deterministic deal-seed source (tests, demos): the same start seed gives the same matches."""
    rng = random.Random(seed)
    return lambda: rng.getrandbits(63)
