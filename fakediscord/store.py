"""The Store: all state of one stand-in instance, and waiting on its changes."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any, TypeVar

from .messages import StoredMessage
from .records import InteractionRecord, Payload
from .world import Snowflakes

T = TypeVar("T")


class Store:
    """All state of one stand-in instance plus change notification for waiting."""

    def __init__(self) -> None:
        self.ids = Snowflakes()
        self.messages: dict[int, StoredMessage] = {}
        self.payloads: list[Payload] = []
        self.interactions: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}  # guild id (None = global) -> commands
        self.unknown_routes: list[str] = []
        self.requests: list[tuple[str, str]] = []  # (method, path) of every REST request
        self.timed_requests: list[tuple[float, str, str]] = []  # (perf_counter, method, path) of each
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}  # (channel, nonce) -> (message id, when)
        self.threads: list[int] = []  # the threads the bot created, in order (fd.channels holds them)
        self._changed = asyncio.Event()

    def notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, probe: Callable[[], T | None], timeout: float = 3.0, what: str = "condition") -> T:
        """Return probe()'s first truthy value, re-evaluated on each change and at least every 0.25 s
        (a probe may read the bot's database, which changes without a Discord call); TimeoutError
        after `timeout`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = probe()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.25))

    def add_payload(self, **kwargs: Any) -> Payload:
        payload = Payload(seq=len(self.payloads), at=time.perf_counter(), **kwargs)
        self.payloads.append(payload)
        return payload
