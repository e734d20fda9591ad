"""The one test clock: an injectable ``clock()`` for the table service and the bot (deadlines,
challenge expiry). It only moves when a test moves it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


@dataclass
class Clock:
    """``clock()`` returns ``now`` (and counts the calls); ``advance`` moves it by any timedelta."""

    now: datetime = T0
    calls: int = 0

    @classmethod
    def from_wall_clock(cls) -> Clock:
        """Start at the real current time (for a bot whose other timestamps are real)."""
        return cls(datetime.now(UTC))

    def __call__(self) -> datetime:
        self.calls += 1
        return self.now

    def advance(self, seconds: float = 0, **delta: float) -> datetime:
        """Move forward (or back, if negative) by ``seconds`` plus timedelta keywords (minutes=...)."""
        self.now += timedelta(seconds=seconds, **delta)
        return self.now
