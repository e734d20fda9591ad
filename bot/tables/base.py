"""State every part of the table service shares: the store, the clock, the cache, the settings."""

from __future__ import annotations

import asyncio
import random
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.constants import DEFAULT_GAME
from bot.engine import LIMITS, GameRules, GameType, game_type
from bot.store import Challenge, GuildSettings, MatchRecord, Stage, StorageFault, Store

from .errors import Refusal
from .live import Live, LiveMatches
from .records import MatchInfo
from .shards import ShardSet
from .thinking import Thinkers

Chooser = Callable[[Any, str, random.Random], Any]  # (seat view, level, rng) -> one of view.legal


def utcnow() -> datetime:
    return datetime.now(UTC)


def target_refusal() -> Refusal:
    return Refusal(
        "The target must be a whole number from {low} to {high}.",
        low=LIMITS.table_target.low,
        high=LIMITS.table_target.high,
    )


class ServiceBase:
    """The shared state; the service's parts (settings, challenges, moves ...) are mixins of this."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], datetime] | None = None,
        seed_source: Callable[[], int] | None = None,
        chooser: Chooser | None = None,
        shards: ShardSet | None = None,
    ) -> None:
        self.store = store
        # The guilds this process looks after (bot.tables.shards): recovery, the scheduler's lists and
        # the outbox see only their matches. With some shards only, another process may have moved a
        # match since it was cached, so each use checks the cached version against the store.
        self.shards = shards or ShardSet.everything()
        self._match_guilds: dict[int, int] = {}  # match id -> its guild (never changes), for owns_match
        self.clock = clock or utcnow
        self.seed_source = seed_source or (lambda: secrets.randbits(62))
        self.chooser = chooser  # None: each game's registered AI
        self.thinkers = Thinkers()  # the searching levels' worker process, started on first use
        self.live = LiveMatches(store, verify=not self.shards.all)
        self._lifecycle = asyncio.Lock()  # challenge / accept / play_bot: check-then-create atomically
        self._settings: dict[int, GuildSettings] = {}
        self._settings_lock = asyncio.Lock()  # read-modify-write of a guild's settings
        # Challenges that expired inside another call (a new challenge, a late click): the next
        # expire_challenges() returns them too, so their public message is updated.
        self._expired: list[Challenge] = []
        self.recovery_mismatches: list[int] = []  # match ids whose move log disagreed with the snapshot
        # Set while every active match is cached; cleared while a background start-up loads them
        # (bot.tables.recovery): what lists all matches waits for it.
        self.loaded = asyncio.Event()
        self.loaded.set()
        # match id -> its tournament's turn timeout (None: not a tournament match; the server's timeout)
        self._match_timeouts: dict[int, int | None] = {}
        self.started_at = self._now()  # claims of the outbox rows made before this are an earlier process's

    def _free_claims_before(self, now: datetime, claim: timedelta) -> datetime:
        """Claims of outbox rows that run out before this are free to take now: besides the expired ones,
        those made before this process started (a killed process's: its posts carry a nonce, so taking
        over is safe, and waiting the claim out would hold a post back that long after a restart)."""
        return max(now, self.started_at + claim - timedelta(microseconds=1))

    def _now(self) -> datetime:
        now = self.clock()
        if now.tzinfo is None:
            raise ValueError("the clock must return aware UTC datetimes")
        return now

    async def get_match(self, match_id: int) -> MatchInfo:
        """The last committed state of a match (active or not), without taking its lock."""
        live = self.live.get(match_id)
        if live is not None:
            return live.info
        loaded = await self.store.load_match(match_id, settled=True)  # not cached: no write of it in flight here
        if loaded is None:
            raise Refusal("There is no such match.")
        return Live.load(*loaded).info

    async def _stage_time(self, live: Live, stage: Stage) -> datetime | None:
        """When the player to move reaches ``stage`` (one turn timeout per stage past the deadline)."""
        deadline = live.record.turn_deadline
        if deadline is None:
            return None
        timeout = await self._turn_timeout_s(live.record)
        return deadline + timedelta(seconds=stage.periods * timeout)

    async def _turn_timeout_s(self, record: MatchRecord) -> int:
        """A match's turn timeout: its tournament's (asked of the store once per match), else the server's."""
        if record.id not in self._match_timeouts:
            try:
                terms = await self.store.tournaments.match_terms(record.id)
            except StorageFault:  # the store is failing: the move's own write says so; asked again next time
                terms = None
            else:
                self._match_timeouts[record.id] = None if terms is None else terms[1]
        own = self._match_timeouts.get(record.id)
        return own if own is not None else (await self.guild_settings(record.guild_id)).turn_timeout_s

    async def owns_match(self, match_id: int) -> bool:
        """Whether this process looks after the match (its guild is on one of our shards)."""
        if self.shards.all:
            return True
        guild = self._match_guilds.get(match_id)
        if guild is None:
            live = self.live.get(match_id)
            record = live.record if live is not None else await self.store.get_match(match_id)
            if record is None:
                return False
            guild = self._match_guilds[match_id] = record.guild_id
        return self.shards.owns(guild)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        cached = self._settings.get(guild_id)
        if cached is not None:
            return cached
        s = await self.store.get_settings(guild_id) or GuildSettings(guild_id)
        self._settings[guild_id] = s
        return s

    @staticmethod
    def _game(name: str, seats: int | None = 2) -> GameType:
        """The registered game; Refusal for an unknown one, or one not played by ``seats`` (None: any)."""
        try:
            game = game_type(name)
        except ValueError as e:
            raise Refusal.of_error(e) from None
        if seats == 2 and 2 not in game.seat_counts:
            raise Refusal("{game} is not played by two here yet.", game=game.title)
        return game

    @classmethod
    def table_rules(cls, game: str, variant: str, target: int | None = None, options: str = "") -> GameRules:
        """The rules of a table of ``game``; Refusal with the reason for a bad game, variant, target or options."""
        return cls._rules(game, variant, target, options, seats=None)

    @classmethod
    def _rules(
        cls, game: str, variant: str, target: int | None, options: str = "", *, seats: int | None = 2
    ) -> GameRules:
        """A table's rules; Refusal with the reason for a bad variant, target or options."""
        if target is not None and not LIMITS.table_target.holds(target):
            raise target_refusal()
        if not isinstance(options, str):
            raise Refusal("The options must be text, e.g. 'gin=20 tie=no'.")
        maker = cls._game(game, seats).make_rules
        try:
            return maker(variant, target, options) if options.strip() else maker(variant, target)
        except ValueError as e:
            raise Refusal.of_error(e) from None

    async def _table_rules(
        self,
        guild_id: int,
        game: str,
        variant: str | None,
        target: int | None,
        options: str = "",
        *,
        seats: int | None = 2,
    ) -> GameRules:
        """Rules for a new table: the server's defaults fill what the player left out (for the default game)."""
        settings = await self.guild_settings(guild_id)
        if game == DEFAULT_GAME:
            variant = variant or settings.default_variant
            target = target if target is not None else settings.target
        return self._rules(game, variant or self._game(game, seats).variants[0], target, options, seats=seats)
