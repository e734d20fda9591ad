"""The records of seasons (docs/seasons.md): a server's season settings, an ended season, what a
rollover did, and the soft reset of ratings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from .records import PlayerStats
from .stats import START_RATING


class SeasonLength(StrEnum):
    """How long a server's seasons run; each starts at a UTC boundary (docs/seasons.md)."""

    OFF = "off"
    WEEKLY = "weekly"  # Monday 00:00
    MONTHLY = "monthly"  # the 1st, 00:00
    QUARTERLY = "quarterly"  # January, April, July and October 1st, 00:00


class RatingReset(StrEnum):
    """What a season's end does to the ratings."""

    KEEP = "keep"
    SOFT = "soft"  # halfway toward 1500 (``soft_reset``)


def soft_reset(rating: int) -> int:
    """A rating after a soft reset: halfway toward 1500, rounded toward 1500 (1633 -> 1566, 1401 -> 1451)."""
    above = rating - START_RATING
    half = above // 2 if above >= 0 else -(-above // 2)
    return START_RATING + half


@dataclass(frozen=True, slots=True)
class SeasonSettings:
    """A server's seasons: their length, the announcement's channel, the reset, and the running season."""

    guild_id: int
    length: SeasonLength = SeasonLength.OFF
    channel_id: int | None = None  # None: a season's end is not announced
    reset: RatingReset = RatingReset.KEEP
    started_at: datetime | None = None  # the running season (None while seasons are off)
    ends_at: datetime | None = None

    @property
    def on(self) -> bool:
        return self.length is not SeasonLength.OFF and self.started_at is not None and self.ends_at is not None


@dataclass(frozen=True, slots=True)
class Season:
    """An ended season of a server, and where its announcement stands."""

    guild_id: int
    started_at: datetime
    ended_at: datetime
    length: SeasonLength
    reset: RatingReset
    closed_at: datetime  # when the rollover ran
    channel_id: int | None  # where its champions are announced
    announced_at: datetime | None  # None: pending
    message_id: int | None


@dataclass(frozen=True, slots=True)
class ClosedSeason:
    """What one rollover did: the season archived, its champions, how many ratings the reset moved."""

    season: Season
    families: tuple[str, ...]  # the game families with a table this season
    champions: tuple[PlayerStats, ...]  # the top of each family's rating table (rated matches only)
    ratings_reset: int  # player rows whose rating the reset changed
