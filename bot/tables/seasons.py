"""Seasons (docs/seasons.md): a server's season settings, the rollover the scheduler's tick drives,
a season's leaderboard, and the champions' announcement (claimed, posted by the Discord layer, marked).

Exactly once, however many processes share the store: a season is closed by the one call whose
conditional update moves the running season's bounds on (bot/store/seasons.py), and its announcement
is posted by the caller that claims it; a claim runs out after ``ANNOUNCE_CLAIM``, so a process that
dies between the claim and the post leaves it to the next look. Each process closes and announces the
seasons of its own guilds only (bot.tables.shards).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from bot.constants import LEADERBOARD_MAX
from bot.store import (
    BOARDS,
    DEFAULT_FAMILY,
    ClosedSeason,
    PlayerStats,
    RatingReset,
    Season,
    SeasonLength,
    SeasonSettings,
    StorageFault,
)
from bot.store.standings import ranked

from .announcements import FOREIGN_ROWS_SLACK
from .base import ServiceBase
from .calendar import next_boundary, season_start
from .errors import Refusal

log = logging.getLogger(__name__)

CURRENT, PREVIOUS, ALL = "current", "previous", "all"
SEASON_CHOICES: Final = (CURRENT, PREVIOUS, ALL)  # /gin leaderboard season:
ANNOUNCE_CLAIM: Final = timedelta(minutes=5)  # how long a claimed announcement is left to its poster
DUE_BATCH: Final = 50  # servers one look closes seasons of
MAX_PASSES: Final = 20  # looks per call: a server that was stopped for several seasons closes each in turn


@dataclass(frozen=True, slots=True)
class SeasonBoard:
    """A season's leaderboard: the season's bounds (the running one's: its start and planned end) and its rows."""

    start: datetime
    end: datetime
    rows: tuple[PlayerStats, ...]


class SeasonsPart(ServiceBase):
    async def season_settings(self, guild_id: int) -> SeasonSettings:
        """A server's seasons as stored (off when it never chose)."""
        return await self.store.get_season_settings(guild_id) or SeasonSettings(guild_id)

    async def set_seasons(
        self,
        guild_id: int,
        *,
        length: str | None = None,
        channel_id: int | None = None,
        reset: str | None = None,
    ) -> SeasonSettings:
        """Change a server's seasons (None keeps a setting); Refusal for an unknown length or reset.
        Turned on, the season holding today runs; a new length keeps the running season's start and
        ends it at the new length's next boundary; off drops the running season (nothing archived)."""
        try:
            new_length = None if length is None else SeasonLength(length)
        except ValueError:
            raise Refusal(
                "The season length must be one of {lengths}.", lengths=", ".join(s.value for s in SeasonLength)
            ) from None
        try:
            new_reset = None if reset is None else RatingReset(reset)
        except ValueError:
            raise Refusal(
                "The season reset must be one of {resets}.", resets=", ".join(r.value for r in RatingReset)
            ) from None
        async with self._settings_lock:
            current = await self.season_settings(guild_id)
            chosen = new_length or current.length
            wanted = (chosen, current.channel_id if channel_id is None else channel_id, new_reset or current.reset)
            if wanted == (current.length, current.channel_id, current.reset):
                return current
            now = self._now()
            start, end = (
                (now, now) if chosen is SeasonLength.OFF else (season_start(chosen, now), next_boundary(chosen, now))
            )
            saved = await self.store.save_season_settings(guild_id, *wanted, start, end)
            log.info("guild %d: seasons %s, ratings %s at the end", guild_id, saved.length, saved.reset)
            return saved

    async def roll_seasons(self, now: datetime | None = None) -> list[ClosedSeason]:
        """Close every season that is over, of the guilds this process looks after (the scheduler's
        tick): archive its tables, leave its announcement pending, apply the reset. Returns what this
        call closed; a season another call closed first is not in it."""
        now = now or self._now()
        closed: list[ClosedSeason] = []
        for _ in range(MAX_PASSES):
            # Other processes' guilds are read past, so that one that is down cannot crowd ours out.
            rows = await self.store.due_seasons(now, DUE_BATCH + (0 if self.shards.all else FOREIGN_ROWS_SLACK))
            due = [s for s in rows if self.shards.owns(s.guild_id)][:DUE_BATCH]
            progressed = False
            for s in due:
                if s.started_at is None or s.ends_at is None or s.length is SeasonLength.OFF:
                    continue
                try:
                    done = await self.store.close_season(
                        s.guild_id, s.started_at, s.ends_at, next_boundary(s.length, s.ends_at), now
                    )
                except StorageFault:
                    raise  # the store is down: the next tick tries again (the store logged it)
                except Exception:  # one server's failure must not keep the others' seasons open
                    log.exception("guild %d: closing the season that began %s failed", s.guild_id, s.started_at)
                    continue
                if done is None:
                    continue
                progressed = True
                closed.append(done)
                log.info(
                    "guild %d: season %s to %s closed: %d table(s), %d champion(s), %d rating(s) reset",
                    s.guild_id,
                    s.started_at.date(),
                    s.ends_at.date(),
                    len(done.families),
                    len(done.champions),
                    done.ratings_reset,
                )
            if not progressed:
                break
        return closed

    async def season_leaderboard(
        self, guild_id: int, season: str, by: str = "rating", limit: int = 10, family: str = DEFAULT_FAMILY
    ) -> SeasonBoard:
        """The running (``current``) or the last ended (``previous``) season's table of one family, in
        one of the leaderboard's orderings; Refusal when there is no such season."""
        if by not in BOARDS:
            raise Refusal("Unknown leaderboard '{board}'; choose from {boards}.", board=by, boards=", ".join(BOARDS))
        limit = max(1, min(int(limit), LEADERBOARD_MAX))
        if season == CURRENT:
            settings = await self.season_settings(guild_id)
            if not settings.on or settings.started_at is None or settings.ends_at is None:
                raise Refusal("This server does not run seasons; an admin can start them with /gin-admin settings.")
            rows = await self.store.current_season_table(guild_id, settings.started_at, settings.ends_at, family)
            return SeasonBoard(settings.started_at, settings.ends_at, tuple(ranked(rows, by, limit)))
        if season == PREVIOUS:
            last = await self.store.last_season(guild_id)
            if last is None:
                raise Refusal("No season has ended on this server yet.")
            rows = await self.store.archived_season_table(guild_id, last.started_at, family)
            return SeasonBoard(last.started_at, last.ended_at, tuple(ranked(rows, by, limit)))
        raise Refusal("The season must be one of {seasons}.", seasons=", ".join(SEASON_CHOICES))

    # -- the champions' announcement (posted by the Discord layer: cogs/gin/flows/seasons.py) -----------
    async def pending_season_ends(self, limit: int = 20) -> list[Season]:
        """Ended seasons of this process's guilds whose announcement is not posted and not claimed."""
        now = self._free_claims_before(self._now(), ANNOUNCE_CLAIM)
        rows = await self.store.pending_season_ends(now, limit + (0 if self.shards.all else FOREIGN_ROWS_SLACK))
        return [s for s in rows if self.shards.owns(s.guild_id)][:limit]

    async def claim_season_end(self, season: Season) -> bool:
        """Take a season's announcement to post it: True for one caller only, for ``ANNOUNCE_CLAIM``."""
        now = self._now()
        free_before = self._free_claims_before(now, ANNOUNCE_CLAIM)
        return await self.store.claim_season_end(season.guild_id, season.started_at, free_before, now + ANNOUNCE_CLAIM)

    async def season_champions(self, season: Season) -> list[PlayerStats]:
        """The champion of each game and table size of an ended season, by family."""
        return await self.store.season_champions(season)

    async def season_announced(self, season: Season, message_id: int | None) -> bool:
        """Discord accepted the announcement (``message_id``; None: given up, its channel gone): it is
        never posted again. False if it was marked already."""
        return await self.store.mark_season_announced(season.guild_id, season.started_at, message_id, self._now())
