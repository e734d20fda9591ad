"""The searching AI levels think in a worker process: a small pool the table service owns.

A ``hard`` decision takes about a millisecond and runs in a thread (moves.py). An ``expert``
decision searches for up to a few hundred milliseconds of pure Python; in a thread it would hold
the GIL all that time and every answer of the event loop would wait for it. So the levels in
``SEARCHING`` are chosen in a worker process (forkserver: a clean fork, the AI imported at its start),
fed the seat view (plain frozen data, as the picture workers are) and the seed of the decision's
random generator, so a decision is the same wherever it is made; the answer is the action.

One worker by default: the other core stays with the bot's event loop and its pictures, and the
searches of several tables queue here without anything else waiting. The pool starts on the
first searching decision; if it cannot start (no process support) or its worker died twice,
decisions are made in a thread of this process instead. ``close()`` stops it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

log = logging.getLogger(__name__)

SEARCHING = frozenset({"expert"})  # the levels decided in the worker process
WORKERS = 1
WATCH_S = 0.5  # how often a worker checks that the bot's process still lives


def decide(game: str, view: Any, level: str, seed: str) -> Any:
    """One AI decision (in a worker or a thread): the registered chooser of ``game``, its random
    generator seeded with ``seed``."""
    from bot.ai import chooser_for  # the service imports the AI only where a decision needs it

    return chooser_for(game)(view, level, random.Random(seed))


def _start_worker(parent: int) -> None:
    """Worker start-up: a watch on the bot's process, then the AI imported before the first decision."""
    threading.Thread(target=_watch_parent, args=(parent,), name="gin-thinker-watch", daemon=True).start()
    import bot.ai  # noqa: F401


def _watch_parent(parent: int) -> None:
    """End this worker once the bot's process is gone (as render/pool.py's picture workers do)."""
    while True:
        time.sleep(WATCH_S)
        try:
            os.kill(parent, 0)
        except (ProcessLookupError, PermissionError):
            os._exit(0)


def _ping() -> int:
    return os.getpid()


class Thinkers:
    """The worker process of the searching levels (see the module docstring)."""

    def __init__(self, workers: int = WORKERS) -> None:
        self.workers = max(0, workers)
        self._executor: Executor | None = None
        self._restarts = 0
        self.decided = 0  # decisions made in the worker process
        self.local = 0  # ... and in a thread here

    @property
    def mode(self) -> str:
        return "process" if self._executor is not None else "thread"

    def _start(self) -> Executor | None:
        if self._executor is not None or self.workers == 0:
            return self._executor
        try:
            # Forked from the fork server the picture pool starts too (its preload is its own: not changed here).
            context = multiprocessing.get_context("forkserver")
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),)
            )
        except (OSError, ValueError, NotImplementedError, ImportError) as error:
            log.warning("AI search: no worker process (%s); deciding in a thread", error)
            self.workers = 0
            return None
        log.info("AI search: %d worker process(es)", self.workers)
        return self._executor

    async def choose(self, game: str, view: Any, level: str, seed: str) -> Any:
        """The move of the seat of ``view`` at ``level``, decided in the worker process."""
        executor = self._start()
        if executor is not None:
            try:
                # Submitted from a thread: the first submit starts the worker (the fork server too, if
                # the picture pool has not), which blocked the loop for up to half a second under load.
                future = await asyncio.to_thread(executor.submit, decide, game, view, level, seed)
                action = await asyncio.wrap_future(future)
            except BrokenProcessPool:
                self._restart(executor)
            else:
                self.decided += 1
                return action
        self.local += 1
        return await asyncio.to_thread(decide, game, view, level, seed)

    async def worker_pids(self) -> set[int]:
        """The process ids of the workers (empty when deciding in a thread)."""
        executor = self._start()
        if executor is None:
            return set()
        loop = asyncio.get_running_loop()
        return set(await asyncio.gather(*(loop.run_in_executor(executor, _ping) for _ in range(self.workers))))

    def _restart(self, broken: Executor) -> None:
        """The worker died (killed, out of memory): a fresh one once, then threads for good."""
        if self._executor is not broken:
            return
        self._executor = None
        broken.shutdown(wait=False, cancel_futures=True)
        self._restarts += 1
        if self._restarts > 1:
            log.error("AI search: the worker process died again; deciding in a thread from now on")
            self.workers = 0
        else:
            log.warning("AI search: the worker process died; starting a new one")

    async def close(self) -> None:
        executor, self._executor = self._executor, None
        if executor is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(executor.shutdown, True, cancel_futures=True)
