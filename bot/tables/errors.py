"""The service's one exception for players: an expected refusal with a reason to show."""

from __future__ import annotations


class Refusal(Exception):
    """An expected, player-facing refusal. ``reason`` is a short sentence without hidden cards."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


STALE = "This was out of date: the table has moved on since. Use the latest board."
