"""One budget for Discord's shared limit: every REST request that counts against the bot's global
rate limit (50 a second on Discord, over every route but the interaction endpoints) waits here for a
slot, so the bot stays under the limit instead of learning it from 429s.

The pacer sits in discord.py's HTTP session as an aiohttp trace (``Client(http_trace=...)``): its
``on_request_start`` runs in the task that makes the request, before the request is sent, for every
try discord.py makes. Interaction callbacks and interaction webhooks (answers, follow-ups, a hand's
live message) never wait: Discord does not count them, and a player is waiting for them.

Who waits first is the caller's ``pacing(priority)``: announcements (a hand's result, a match end, a
new board that names the player to move, a ping) before ordinary requests, before board redraws.
A redraw may say how to tell that it is no longer wanted (a newer move will draw the board): it is
then dropped when its turn comes (``Superseded``), so a newer state is never sent after an older one
waited for the same slot and no slot is spent on a picture nobody would see.

A 429 slows the pacer (half the rate at most, then back up by a quarter of the budget a second while
no 429 comes); it never
adds requests: discord.py retries once after the advertised wait, through the pacer again.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import IntEnum
from types import SimpleNamespace

import aiohttp

from bot.constants import DISCORD_RATE

log = logging.getLogger(__name__)

BURST = 2  # requests that may go at once after a quiet moment (Discord counts per second; jitter on the way)
SLOWEST_SHARE = 0.5  # a run of 429s never slows the pacer below this share of its budget
RECOVERY_PER_S = 0.25  # after a 429, the rate climbs back by this share of the budget a second
QUIET_AFTER_429_S = 2.0  # no climbing back this soon after a 429
SLOW_WAIT_S = 5.0  # a request that waited longer than this is logged (once a minute)

# Discord does not count the interaction endpoints against the global limit.
_EXEMPT_PREFIXES = ("interactions/", "webhooks/")


class Priority(IntEnum):
    """Who goes first when requests wait for the budget (lower first)."""

    ANNOUNCE = 0  # a hand result, a match end, a board naming the player to move, a turn ping
    NORMAL = 1  # everything not marked (challenges, lobbies, commands' own channel messages)
    REDRAW = 2  # a board redrawn after a move: coalesced, the newest state wins
    WORDS = 3  # a move inside a turn told in words (a nicety: the turn's end redraws the board anyway)


class Superseded(Exception):
    """A redraw dropped while it waited: a newer state of the same board will be drawn."""


@dataclass(frozen=True)
class Pacing:
    """What the current task's requests carry to the pacer."""

    priority: Priority = Priority.NORMAL
    still_wanted: Callable[[], bool] | None = None


_PACING: ContextVar[Pacing | None] = ContextVar("gin_pacing", default=None)


@contextlib.contextmanager
def pacing(priority: Priority, still_wanted: Callable[[], bool] | None = None) -> Iterator[None]:
    """Requests made inside this block wait for the budget at ``priority``; a redraw's
    ``still_wanted`` is asked when its turn comes (False: it is dropped with ``Superseded``)."""
    token = _PACING.set(Pacing(priority, still_wanted))
    try:
        yield
    finally:
        _PACING.reset(token)


def counts_against_global(path: str) -> bool:
    """Whether a request to this URL path counts against Discord's global limit."""
    marker = path.find("/api/v")
    if marker < 0:
        return False  # not the REST API (the gateway's websocket)
    rest = path[marker + len("/api/v") :].split("/", 1)
    tail = rest[1] if len(rest) == 2 else ""
    return not tail.startswith(_EXEMPT_PREFIXES)


@dataclass
class PacerStats:
    """What the pacer saw since it started (the bench reads these; metrics are fed as they happen)."""

    paced: int = 0  # requests that took a slot
    dropped: int = 0  # redraws superseded while waiting
    waited: int = 0  # requests that had to queue
    rate_limited: Counter[str] = field(default_factory=Counter)  # 429s by scope
    waits: list[float] = field(default_factory=list)  # seconds queued, per queued request (bounded)

    def wait(self, seconds: float) -> None:
        self.waited += 1
        if len(self.waits) < 100_000:
            self.waits.append(seconds)


@dataclass(order=True)
class _Waiter:
    priority: int
    seq: int
    future: asyncio.Future[None] = field(compare=False)
    still_wanted: Callable[[], bool] | None = field(compare=False)
    since: float = field(compare=False)


Observer = Callable[[str, float, Priority | None], None]


class Pacer:
    """A token bucket with a priority queue in front: ``rate`` requests a second, ``burst`` at once."""

    def __init__(
        self, rate: float = DISCORD_RATE, *, burst: int = BURST, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if rate <= 0:
            raise ValueError("the pacer's rate must be positive")
        self.budget = rate
        self.rate = rate
        self.burst = max(1, burst)
        self._clock = clock
        self._tokens = float(self.burst)
        self._refilled = clock()
        self._last_429 = -1e9
        self._queue: list[_Waiter] = []
        self._seq = itertools.count()
        self._pump: asyncio.Task[None] | None = None
        self._slow_logged = -1e9
        self.stats = PacerStats()
        self.observers: list[Observer] = []  # (event, value, priority): "wait", "queue", "429:<scope>"

    # -- the budget ------------------------------------------------------------------------------
    def _refill(self) -> None:
        now = self._clock()
        elapsed = max(0.0, now - self._refilled)
        self._refilled = now
        if self.rate < self.budget and now - self._last_429 > QUIET_AFTER_429_S:
            self.rate = min(self.budget, self.rate + self.budget * RECOVERY_PER_S * elapsed)
        self._tokens = min(float(self.burst), self._tokens + elapsed * self.rate)

    @property
    def queued(self) -> int:
        return sum(1 for w in self._queue if not w.future.done())

    async def acquire(
        self, priority: Priority = Priority.NORMAL, still_wanted: Callable[[], bool] | None = None
    ) -> None:
        """Wait for a slot. Raises ``Superseded`` if ``still_wanted`` says no when the slot comes."""
        self._refill()
        if not self._queue and self._tokens >= 1:
            if still_wanted is not None and not still_wanted():
                self.stats.dropped += 1
                raise Superseded
            self._tokens -= 1
            self.stats.paced += 1
            return
        waiter = _Waiter(
            int(priority), next(self._seq), asyncio.get_running_loop().create_future(), still_wanted, self._clock()
        )
        heapq.heappush(self._queue, waiter)
        self._notify("queue", float(self.queued), None)
        if self._pump is None or self._pump.done():
            self._pump = asyncio.create_task(self._run(), name="gin-pacer")
        await waiter.future  # cancelled with its task: the pump skips a done future

    async def _run(self) -> None:
        while self._queue:
            self._refill()
            if self._tokens < 1:
                await asyncio.sleep((1 - self._tokens) / self.rate)
                continue
            waiter = heapq.heappop(self._queue)
            if waiter.future.done():
                continue  # its request was cancelled
            priority = Priority(waiter.priority)
            if waiter.still_wanted is not None and not waiter.still_wanted():
                self.stats.dropped += 1
                waiter.future.set_exception(Superseded())
                continue
            self._tokens -= 1
            self.stats.paced += 1
            waited = self._clock() - waiter.since
            self.stats.wait(waited)
            self._notify("wait", waited, priority)
            if waited > SLOW_WAIT_S and self._clock() - self._slow_logged > 60.0:
                self._slow_logged = self._clock()
                log.warning("Discord budget: a request waited %.1f s (%d queued)", waited, len(self._queue))
            waiter.future.set_result(None)
        self._notify("queue", 0.0, None)

    def rate_limited(self, scope: str, retry_after: float) -> None:
        """Discord answered 429: slow down (the request itself is retried by discord.py, once)."""
        self.stats.rate_limited[scope] += 1
        self._notify(f"429:{scope}", retry_after, None)
        self._refill()
        self._last_429 = self._clock()
        self.rate = max(self.budget * SLOWEST_SHARE, self.rate / 2)
        if scope in ("global", "shared"):
            # Nothing more goes out until Discord's window is over.
            self._tokens = min(self._tokens, -retry_after * self.rate)

    def _notify(self, event: str, value: float, priority: Priority | None) -> None:
        for observer in self.observers:
            try:
                observer(event, value, priority)
            except Exception:  # a metrics hook must never break a request
                log.debug("pacer observer failed", exc_info=True)

    async def close(self) -> None:
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pump
        for waiter in self._queue:
            if not waiter.future.done():
                waiter.future.cancel()
        self._queue.clear()

    # -- the hook in discord.py's HTTP session ---------------------------------------------------
    def trace_config(self) -> aiohttp.TraceConfig:
        """The aiohttp trace that puts every counted request through this pacer."""
        trace = aiohttp.TraceConfig()
        trace.on_request_start.append(self._on_request_start)
        trace.on_request_end.append(self._on_request_end)
        return trace

    async def _on_request_start(
        self, _session: aiohttp.ClientSession, _ctx: SimpleNamespace, params: aiohttp.TraceRequestStartParams
    ) -> None:
        if not counts_against_global(params.url.path):
            return
        current = _PACING.get() or Pacing()
        await self.acquire(current.priority, current.still_wanted)

    async def _on_request_end(
        self, _session: aiohttp.ClientSession, _ctx: SimpleNamespace, params: aiohttp.TraceRequestEndParams
    ) -> None:
        response = params.response
        if response.status != 429:
            return
        headers = response.headers
        scope = headers.get("X-RateLimit-Scope") or ("global" if headers.get("X-RateLimit-Global") else "user")
        try:
            retry_after = float(headers.get("Retry-After", "1"))
        except ValueError:
            retry_after = 1.0
        if counts_against_global(params.url.path) or scope == "global":
            self.rate_limited(scope, retry_after)
