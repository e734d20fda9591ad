"""GinBot: the discord.py client. Start-up and shutdown only; the Discord layer is cogs.gin.

Start-up (``setup_hook``): open the TableService on ``Settings.db_path`` (migrate; the active
matches load on first use and the move-log check runs in the background, so the bot answers at once),
build the Desk, register the DynamicItem classes (so buttons on old messages work after a
restart), load the extensions, start the picture pool (worker processes, one per core, each
warming the renderers' caches; in-process drawing where processes cannot start), optionally
sync the commands, start the scheduler's tick, and serve the Prometheus metrics when
GIN_METRICS_PORT is set (bot.metrics). Every minute the pool's backlog and latencies are logged
(INFO). Shutdown stops the metrics, the desk, then the pool, then the service.
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
from bot.metrics.endpoint import MetricsEndpoint
from bot.metrics.wiring import observe_http, start_metrics
from bot.pacer import Pacer
from bot.tables import TableService
from bot.tables.shards import ShardSet
from cogs.gin import EXTENSIONS, ITEMS, Desk, GinTree
from cogs.gin.flows.posting import use_pictures
from cogs.gin.translator import CommandTranslator
from render import Style
from render.games import renderers
from render.pool import RenderPool

log = logging.getLogger(__name__)

STATS_EVERY_S = 60.0  # the picture pool's numbers in the log

IDENTIFY_WINDOW_S = 5.0  # Discord: max_concurrency shards may IDENTIFY per 5 seconds

__all__ = ["EXTENSIONS", "GinBot", "GinTree", "ShardedGinBot", "seeded_source"]


class GinBot(commands.Bot):
    """The bot. Test hooks: ``seed_source``/``chooser``/``clock`` go to the service, ``ai_delay_s``
    is the bot's pause before each of its moves, ``tick_s`` the scheduler's period, ``render_workers``
    the picture pool's processes (None: ``settings.render_workers``, whose None is one per core;
    0: draw in a thread of this process)."""

    desk: Desk | None
    service: TableService | None
    owned_shards: ShardSet | None = None  # set by ShardedGinBot: the guilds this process looks after

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
        render_workers: int | None = None,
        **options: Any,
    ) -> None:
        # The bot never joins voice: no start-up warning about voice libraries it does not need.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # channels and the guild; interactions carry their own member data
        # One budget for Discord's global limit; sharded processes on one token take their share.
        shard_ids, shard_count = options.get("shard_ids"), options.get("shard_count")
        share = len(shard_ids) / shard_count if shard_ids and shard_count else 1.0
        self.pacer = Pacer(settings.discord_rate * share)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=GinTree,
            help_command=None,
            http_trace=observe_http(self.pacer.trace_config(), settings),  # GIN_METRICS_PORT: also the metrics
            **options,
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
        workers = render_workers if render_workers is not None else settings.render_workers
        self.pictures = RenderPool(workers, style=self.style)
        self._stats: asyncio.Task[None] | None = None
        self.metrics: MetricsEndpoint | None = None

    async def setup_hook(self) -> None:
        self.service = await TableService.open(
            self.settings.db_path,
            clock=self._clock,
            seed_source=self._seed_source,
            chooser=self._chooser,
            shards=self.owned_shards,
            background=True,  # answer at once: matches load on first use, the replay check runs meanwhile
            snapshot_every=self.settings.snapshot_every,
        )
        self.desk = Desk(self, self.service, style=self.style, ai_delay_s=self.ai_delay_s, tick_s=self.tick_s)
        self.add_dynamic_items(*ITEMS)
        for name in EXTENSIONS:
            await self.load_extension(name)
        # Workers start (and warm up) in the background; until then, and if they cannot, pictures
        # are drawn in a thread here, so this process warms its own caches too.
        self.pictures.start()
        use_pictures(self.pictures)
        self._warm = asyncio.create_task(self._warm_caches(), name="gin-warm-caches")
        self._stats = asyncio.create_task(self._log_stats(), name="gin-picture-stats")
        await self.tree.set_translator(CommandTranslator())  # the commands in every offered language
        if self.sync_commands:
            await self.sync_app_commands()
        self.desk.start()
        desk = self.desk
        self.metrics = await start_metrics(
            self, self.settings, self.service, self.pictures, self.pacer, lambda: desk.inflight.count
        )
        log.info("set up: database %s, %d dynamic item types", self.settings.database_label, len(ITEMS))

    async def _warm_caches(self) -> None:
        """Draw what every game's pictures need once, off the event loop."""
        style = self.style

        def warm_all() -> float:
            return sum(r.warm(style) for r in renderers().values())

        seconds = await asyncio.to_thread(warm_all)
        log.info("renderer caches warmed in %.0f ms", seconds * 1000)
        await self.pictures.ready()

    async def _log_stats(self) -> None:
        """Every minute while pictures are drawn: the pool's backlog and latencies (no cards)."""
        while True:
            await asyncio.sleep(STATS_EVERY_S)
            stats = self.pictures.take_stats()
            if stats.drawn or stats.backlog:
                inflight = self.desk.inflight.count if self.desk is not None else 0
                log.info("%s; %d interactions in flight", stats.line(), inflight)

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
        for task in (self._warm, self._stats):
            if task is not None:
                task.cancel()
        if self.metrics is not None:
            await self.metrics.close()
            self.metrics = None
        if self.desk is not None:
            await self.desk.close()
        await super().close()
        await self.pacer.close()
        await self.pictures.close()
        use_pictures(None)
        if self.service is not None:
            await self.service.close()
            self.service = None


class ShardedGinBot(GinBot, commands.AutoShardedBot):
    """The bot running some of the shards (``python -m bot --shards 0-3 --shard-count 8``): it hears
    only those shards' guilds, and its service looks after only their matches (bot.tables.shards).
    The other shards run in other processes on the same database."""

    def __init__(self, settings: Settings, shards: ShardSet, **kwargs: Any) -> None:
        super().__init__(settings, shard_ids=shards.shard_ids, shard_count=shards.count, **kwargs)
        self.owned_shards = shards
        self._identify_concurrency: int | None = None
        self._identified = 0

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Wait only when Discord's IDENTIFY allowance is used up: ``max_concurrency`` shards per 5 s
        (discord.py's default waits 5 s before every shard but the first)."""
        if self._identify_concurrency is None:
            try:
                self._identify_concurrency = max(1, (await self.fetch_session_start_limits()).max_concurrency)
            except discord.DiscordException:
                self._identify_concurrency = 1
        if self._identified and self._identified % self._identify_concurrency == 0:
            await asyncio.sleep(IDENTIFY_WINDOW_S)
        self._identified += 1

    async def on_ready(self) -> None:
        await super().on_ready()
        log.info("running %s", self.owned_shards)


def seeded_source(seed: int) -> Callable[[], int]:
    """A deterministic deal-seed source (tests, demos): the same start seed gives the same matches."""
    rng = random.Random(seed)
    return lambda: rng.getrandbits(63)
