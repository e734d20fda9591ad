"""Pictures drawn on every core: a pool of worker processes fed with plain data (views).

Drawing and PNG encoding hold the GIL, so threads add little; worker processes do not share it.
A job is ``(game, kind, args)``: the game's registered renderer, one of its picture methods
(``table``, ``hand``, ``result``, ``match_end``) and that method's arguments (the engine's frozen
views, the names, a ``Style``), all of which pickle; the answer is a ``RenderedImage`` (or None).
``call(fn, *args)`` draws a picture function of the render package the same way (the tournament's
bracket and standings: ``render.tournament``).

- ``RenderPool(workers=None)`` sizes itself to the machine (the cores this process may use);
  ``workers=0`` draws in a thread of this process instead, and so does a pool that cannot start
  (no process support, a sandbox) or whose workers died twice. ``start()`` launches the workers
  and ``ready()`` waits until they have warmed up; until then (the bot's start-up) pictures are
  drawn here, so the first answers never wait for a worker to start.
- At most ``capacity`` jobs are handed to the workers at once; later ones wait here (cheaply, on
  the event loop). ``busy`` says a new picture would wait: callers answer in words first.
- A game the workers do not know (registered at run time in this process only, e.g. by a test)
  is drawn here, in a thread.
- ``take_stats()`` gives the pictures drawn, the backlog and the latencies since the last call:
  the bot logs them every minute; ``observer``, when set, is told each picture's latencies (the
  bot's Prometheus metrics).

No discord import here: the Discord layer (cogs/gin/posting.py) uses this like any renderer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import statistics
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from bot.i18n import DEFAULT, current, speaking

from .games import renderer_for, renderers
from .kit.style import Style

log = logging.getLogger(__name__)

KINDS = frozenset({"table", "hand", "result", "match_end"})  # the renderer methods a job may name
CAPACITY_PER_WORKER = 4  # jobs handed to each worker at once: enough to keep it busy, no long queue
_UNKNOWN = "unknown-game"
WATCH_S = 0.5  # how often a worker checks that the bot's process still lives


def machine_workers() -> int:
    """The cores this process may run on (at least one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _start_worker(parent: int, style: Style) -> None:
    """Worker start-up: a watch on the bot's process, then every renderer's caches (card faces,
    text stamps) drawn once."""
    threading.Thread(target=_watch_parent, args=(parent,), name="gin-worker-watch", daemon=True).start()
    for renderer in renderers().values():
        renderer.warm(style)


def _watch_parent(parent: int) -> None:
    """End this worker once the bot's process is gone (killed: no shutdown reached the pool).
    Nothing else would: a worker waits for jobs on a pipe its siblings also hold open."""
    while True:
        time.sleep(WATCH_S)
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:  # the pid is someone else's now: ours is gone
            os._exit(0)


def _draw(game: str, kind: str, args: tuple[Any, ...], language: str = DEFAULT) -> tuple[str, Any]:
    """In a worker: draw one picture, its words in ``language`` (the caller's, which a process does
    not inherit). ('ok', image) or (_UNKNOWN, None) for a game it does not know."""
    try:
        renderer = renderer_for(game)
    except LookupError:
        return _UNKNOWN, None
    with speaking(language):
        return "ok", getattr(renderer, kind)(*args)


def _call(fn: Callable[..., Any], args: tuple[Any, ...], language: str = DEFAULT) -> Any:
    """In a worker: one picture function of the render package, its words in ``language``."""
    with speaking(language):
        return fn(*args)


def is_picture_function(fn: Callable[..., Any]) -> bool:
    """A module-level function of the render package: a worker holds it too (it pickles by name)."""
    module, name = getattr(fn, "__module__", "") or "", getattr(fn, "__qualname__", "")
    return module.startswith("render.") and name.isidentifier()


async def _off_loop(executor: Executor, fn: Callable[[], Any]) -> Any:
    """``fn`` in the pool, submitted from a thread: a submit that starts the workers (and the fork
    server, importing the renderers) held the event loop for 0.3 to 0.45 s."""
    future = await asyncio.to_thread(executor.submit, fn)
    return await asyncio.wrap_future(future)


def _ping() -> int:
    return os.getpid()


@dataclass(frozen=True, slots=True)
class PoolStats:
    """Pictures since the last ``take_stats``: how many, the backlog now and at most, and the
    latency of a picture (its wait for a free slot plus its drawing), in milliseconds."""

    drawn: int
    backlog: int
    max_backlog: int
    wait_p50_ms: float
    total_p50_ms: float
    total_p99_ms: float
    mode: str

    def line(self) -> str:
        return (
            f"pictures ({self.mode}): {self.drawn} drawn, backlog {self.backlog} (max {self.max_backlog}), "
            f"wait p50 {self.wait_p50_ms:.0f} ms, done p50 {self.total_p50_ms:.0f} ms p99 {self.total_p99_ms:.0f} ms"
        )


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class RenderPool:
    """Draw pictures in worker processes (or, failing that, in a thread); see the module docstring."""

    def __init__(self, workers: int | None = None, *, capacity: int | None = None, style: Style | None = None) -> None:
        self.workers = machine_workers() if workers is None else max(0, workers)
        self.capacity = capacity if capacity is not None else CAPACITY_PER_WORKER * max(1, self.workers)
        self.style = style or Style()
        self._executor: Executor | None = None
        self._slots: asyncio.Semaphore | None = None  # created on the running loop
        self._local_games: set[str] = set()  # games the workers do not know: drawn here
        self._restarts = 0
        self._ready = False  # the workers have started: until then (start-up) pictures are drawn here
        self._backlog = 0  # jobs asked for and not finished (waiting for a slot or drawing)
        self._max_backlog = 0
        self._waits: list[float] = []
        self._totals: list[float] = []
        # Told each picture's wait and wait-plus-drawing in seconds, as measured here (the bot's metrics).
        self.observer: Callable[[float, float], None] | None = None

    # -- life ------------------------------------------------------------------------------------
    @property
    def mode(self) -> str:
        return "processes" if self._executor is not None and self._ready else "threads"

    def start(self) -> bool:
        """Start the worker processes (each warms its caches); False (and threads from now on) if
        they cannot start here."""
        if self.workers == 0 or self._executor is not None:
            return self._executor is not None
        try:
            context = multiprocessing.get_context("forkserver")
            # Workers fork from a server that has imported the renderers once: quick, and never
            # a copy of this process's threads (aiosqlite's, the event loop's).
            context.set_forkserver_preload(["render"])
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=context,
                initializer=_start_worker,
                initargs=(os.getpid(), self.style),
            )
        except (OSError, ValueError, NotImplementedError, ImportError) as error:
            log.warning("pictures: no worker processes (%s); drawing in this process", error)
            self._executor = None
            return False
        log.info("pictures: %d worker processes, %d at once", self.workers, self.capacity)
        return True

    async def ready(self) -> bool:
        """Wait until every worker has started (and warmed up); False, and threads, if they fail."""
        executor = self._executor
        if executor is None:
            return False
        try:
            await asyncio.gather(*(_off_loop(executor, _ping) for _ in range(self.workers)))
        except (BrokenProcessPool, OSError) as error:
            log.warning("pictures: the worker processes failed to start (%s); drawing in this process", error)
            self._drop_executor()
            return False
        self._ready = executor is self._executor
        return self._ready

    async def worker_pids(self) -> set[int]:
        """The process ids of the workers (empty when drawing in a thread)."""
        executor = self._executor
        if executor is None:
            return set()
        return set(await asyncio.gather(*(_off_loop(executor, _ping) for _ in range(self.workers))))

    def _drop_executor(self) -> None:
        self._ready = False
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Stop the workers (pictures still asked for afterwards are drawn in a thread)."""
        self._ready = False
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, True, cancel_futures=True)

    # -- drawing ---------------------------------------------------------------------------------
    @property
    def backlog(self) -> int:
        """Pictures asked for and not yet drawn."""
        return self._backlog

    @property
    def busy(self) -> bool:
        """A picture asked for now would wait for a free slot."""
        return self._backlog >= self.capacity

    async def draw(self, game: str, kind: str, *args: Any) -> Any:
        """The picture ``kind`` of ``game``'s renderer for ``args``, drawn off the event loop."""
        if kind not in KINDS:
            raise ValueError(f"not a picture: {kind!r}")
        return await self._timed(self._run(game, kind, args))

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A picture function of the render package (``is_picture_function``), drawn off the event loop."""
        if not is_picture_function(fn):
            raise ValueError(f"not a picture function of the render package: {fn!r}")
        return await self._timed(self._run_function(fn, args))

    async def _timed(self, job: Coroutine[Any, Any, Any]) -> Any:
        """Run a drawing job in a free slot, counted in the backlog and the latencies."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.capacity)
        start = time.perf_counter()
        self._backlog += 1
        self._max_backlog = max(self._max_backlog, self._backlog)
        try:
            async with self._slots:
                waited = time.perf_counter() - start
                image = await job
        finally:
            job.close()  # a job cancelled while waiting for its slot never ran: no warning
            self._backlog -= 1
        total = time.perf_counter() - start
        self._waits.append(waited)
        self._totals.append(total)
        if self.observer is not None:
            self.observer(waited, total)
        return image

    async def _run_function(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        executor = self._executor
        if executor is None or not self._ready:
            return await asyncio.to_thread(fn, *args)
        try:
            language = current().lang
            return await asyncio.get_running_loop().run_in_executor(executor, _call, fn, args, language)
        except BrokenProcessPool:
            self._restart(executor)
            return await asyncio.to_thread(fn, *args)

    async def _run(self, game: str, kind: str, args: tuple[Any, ...]) -> Any:
        executor = self._executor
        if executor is None or not self._ready or game in self._local_games:
            return await asyncio.to_thread(self.local, game, kind, *args)
        try:
            language = current().lang  # the words of the language being written now (bot.i18n.speaking)
            status, image = await asyncio.get_running_loop().run_in_executor(
                executor, _draw, game, kind, args, language
            )
        except BrokenProcessPool:
            self._restart(executor)
            return await asyncio.to_thread(self.local, game, kind, *args)
        if status == _UNKNOWN:
            self._local_games.add(game)
            return await asyncio.to_thread(self.local, game, kind, *args)
        return image

    @staticmethod
    def local(game: str, kind: str, *args: Any) -> Any:
        """Draw in the calling thread."""
        method: Callable[..., Any] = getattr(renderer_for(game), kind)
        return method(*args)

    def _restart(self, broken: Executor) -> None:
        """A worker died (killed, out of memory): a fresh pool once, then threads for good."""
        if self._executor is not broken:
            return  # another job restarted it already
        self._drop_executor()
        self._restarts += 1
        if self._restarts > 1:
            log.error("pictures: the worker processes died again; drawing in this process from now on")
            self.workers = 0
            return
        log.warning("pictures: a worker process died; starting new ones")
        with contextlib.suppress(Exception):
            if self.start():
                self._ready = True  # a restart is not start-up: its first jobs wait for the new workers

    def take_stats(self) -> PoolStats:
        """The numbers since the last call (then forgotten)."""
        stats = self.peek_stats()
        self._waits, self._totals = [], []
        self._max_backlog = self._backlog
        return stats

    def peek_stats(self) -> PoolStats:
        """The numbers since the last ``take_stats``, kept (for a status answer between two log lines)."""
        waits, totals = self._waits, self._totals
        return PoolStats(
            drawn=len(totals),
            backlog=self._backlog,
            max_backlog=self._max_backlog,
            wait_p50_ms=statistics.median(waits) * 1000 if waits else 0.0,
            total_p50_ms=statistics.median(totals) * 1000 if totals else 0.0,
            total_p99_ms=_pct(totals, 0.99) * 1000,
            mode=self.mode,
        )
