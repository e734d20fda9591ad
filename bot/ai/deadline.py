"""The time guard: long searches call ``check()`` and give up when the deadline passes.

``no_deadline()`` lifts every guard started inside it (self-play and tests that must be
reproducible: a guard that fires depends on the machine's speed, not on the view).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_UNLIMITED: ContextVar[bool] = ContextVar("ai_no_deadline", default=False)


class DeadlineExceeded(Exception):
    """Raised inside a search when its time is up; the caller falls back to the greedy move."""


class Deadline:
    __slots__ = ("end",)

    def __init__(self, seconds: float, start: float | None = None) -> None:
        if _UNLIMITED.get():
            self.end = math.inf
            return
        self.end = (time.perf_counter() if start is None else start) + seconds

    def check(self) -> None:
        if time.perf_counter() > self.end:
            raise DeadlineExceeded

    def left(self) -> float:
        return self.end - time.perf_counter()


@contextmanager
def no_deadline() -> Iterator[None]:
    """Within this block the AI searches to the end whatever the time (decisions depend on the view alone)."""
    token = _UNLIMITED.set(True)
    try:
        yield
    finally:
        _UNLIMITED.reset(token)
