"""Season boundaries in UTC (docs/seasons.md): weekly seasons start on Monday 00:00, monthly ones on
the 1st, quarterly ones on January, April, July and October 1st. Pure functions of aware times."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.store import SeasonLength

__all__ = ["next_boundary", "season_start"]


def season_start(length: SeasonLength, at: datetime) -> datetime:
    """The boundary that began the season holding ``at`` (at or before it)."""
    if at.tzinfo is None:
        raise ValueError("season boundaries need an aware (UTC) time")
    day = at.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    if length is SeasonLength.WEEKLY:
        return day - timedelta(days=day.weekday())
    if length is SeasonLength.MONTHLY:
        return day.replace(day=1)
    if length is SeasonLength.QUARTERLY:
        return day.replace(month=(day.month - 1) // 3 * 3 + 1, day=1)
    raise ValueError("seasons are off: no boundaries")


def next_boundary(length: SeasonLength, at: datetime) -> datetime:
    """The first boundary after ``at`` (strictly): the end of the season holding ``at``."""
    start = season_start(length, at)
    if length is SeasonLength.WEEKLY:
        return start + timedelta(days=7)
    months = start.month - 1 + (1 if length is SeasonLength.MONTHLY else 3)
    return start.replace(year=start.year + months // 12, month=months % 12 + 1)
