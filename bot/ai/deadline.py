"""The time guard: long searches call ``check()`` and give up when the deadline passes."""

from __future__ import annotations

import time


class DeadlineExceeded(Exception):
    """Raised inside a search when its time is up; the caller falls back to the greedy move."""


class Deadline:
    __slots__ = ("end",)

    def __init__(self, seconds: float, start: float | None = None) -> None:
        self.end = (time.perf_counter() if start is None else start) + seconds

    def check(self) -> None:
        if time.perf_counter() > self.end:
            raise DeadlineExceeded

    def left(self) -> float:
        return self.end - time.perf_counter()
