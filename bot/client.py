"""GinBot: the discord.py client. Start-up and shutdown only; the Discord layer is cogs.gin.

Start-up (``setup_hook``): open the TableService on ``Settings.db_path`` (migrate + recover),
build the Desk, register the DynamicItem classes (so buttons on old messages work after a
restart), load the extensions, warm every game renderer's caches in a worker thread,
optionally sync the commands, start the scheduler's tick.
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
from discord.ext import commands

from bot.config import Settings
from bot.constants import AI_DELAY_S, TICK_S
from bot.tables import TableService
from cogs.gin import ITEMS, Desk, GinTree
from render import Style
from render.games import renderers

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.gin.commands", "cogs.gin.stats")  # in this order: stats joins the /gin group

__all__ = ["EXTENSIONS", "GinBot", "GinTree", "seeded_source"]


class GinBot(commands.Bot):
    """The bot. Test hooks: ``seed_source``/``chooser``/``clock`` go to the service, ``ai_delay_s``
    is the bot's pause before each of its moves, ``tick_s`` the scheduler's period."""

    desk: Desk | None
    service: TableService | None

    def __init__(
        self,
        settings: Settings,
        *,
        seed_source: Callable[[], int] | None = None,
        chooser: Callable[..., Any] | None = None,
        clock: Callable[[], datetime] | None = None,
        ai_delay_s: float = AI_DELAY_S,
        tick_s: float = TICK_S,
        sync: bool = False,
        style: Style | None = None,
        **options: Any,
    ) -> None:
        # The bot never joins voice: no start-up warning about voice libraries it does not need.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # channels and the guild; interactions carry their own member data
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, tree_cls=GinTree, help_command=None, **options
        )
        self.settings = settings
        self.style = style or Style()
        self.ai_delay_s = ai_delay_s
        self.tick_s = tick_s
        self.sync_commands = sync
        self._seed_source, self._chooser, self._clock = seed_source, chooser, clock  # for the service
        self.service = None
        self.desk = None
        self._warm: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        self.service = await TableService.open(
            self.settings.db_path, clock=self._clock, seed_source=self._seed_source, chooser=self._chooser
        )
        self.desk = Desk(self, self.service, style=self.style, ai_delay_s=self.ai_delay_s, tick_s=self.tick_s)
        self.add_dynamic_items(*ITEMS)
        for name in EXTENSIONS:
            await self.load_extension(name)
        self._warm = asyncio.create_task(self._warm_caches(), name="gin-warm-caches")
        if self.sync_commands:
            await self.sync_app_commands()
        self.desk.start()
        log.info("set up: database %s, %d dynamic item types", self.settings.db_path, len(ITEMS))

    async def _warm_caches(self) -> None:
        """Draw what every game's pictures need once, off the event loop."""
        style = self.style

        def warm_all() -> float:
            return sum(r.warm(style) for r in renderers().values())

        seconds = await asyncio.to_thread(warm_all)
        log.info("renderer caches warmed in %.0f ms", seconds * 1000)

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

    async def close(self) -> None:
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
