"""The matches held in memory, each with its lock: the only place a cached game state lives.

Consistency: one asyncio.Lock per match serialises everything that changes it. A move is
applied to the cached state, then written in one transaction; only after the commit is a
new ``MatchInfo`` published. If a commit fails (or is cancelled), the entry is marked
stale and the next user under the lock reloads it from the store, whose queue runs the
reload after the write, so memory never runs ahead of disk. Readers that do not take the
lock see ``info``: the last committed state.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from bot.engine import GameState, game_type
from bot.store import MatchRecord, MatchStatus, Snapshot, Store

from .errors import Refusal
from .records import MatchInfo

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Live:
    """A match in memory: its committed row, its engine state, and what readers see."""

    record: MatchRecord
    state: GameState
    stale: bool = False  # the engine state ran ahead of a failed commit: reload before use
    info: MatchInfo = field(init=False)

    def __post_init__(self) -> None:
        self.publish()

    def publish(self) -> MatchInfo:
        self.info = MatchInfo.of(self.record, self.state.public_view(), tuple(self.state.to_act))
        return self.info

    @classmethod
    def load(cls, record: MatchRecord, snapshot: Snapshot) -> Live:
        return cls(record, game_type(record.game).load(snapshot.state))


class LiveMatches:
    """Active matches by id, loaded on first use, with one lock each."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._live: dict[int, Live] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def get(self, match_id: int) -> Live | None:
        return self._live.get(match_id)

    def put(self, live: Live) -> None:
        self._live[live.record.id] = live

    def drop(self, match_id: int) -> None:
        """Forget an ended match: later users only read it, and a fresh lock is fine for that."""
        self._live.pop(match_id, None)
        lock = self._locks.get(match_id)
        if lock is not None and not lock.locked():
            del self._locks[match_id]

    def __iter__(self) -> Iterator[Live]:
        return iter(list(self._live.values()))

    def __len__(self) -> int:
        return len(self._live)

    @asynccontextmanager
    async def locked(self, match_id: int) -> AsyncIterator[Live]:
        """Hold the match's lock; yields its cached state (loaded from the store if needed)."""
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        try:
            async with lock:
                live = self._live.get(match_id)
                if live is None or live.stale:
                    loaded = await self.store.load_match(match_id)
                    if loaded is None:
                        raise Refusal("There is no such match.")
                    live = Live.load(*loaded)
                    if live.record.status is MatchStatus.ACTIVE:
                        self._live[match_id] = live
                    else:
                        self._live.pop(match_id, None)
                yield live
        finally:
            # A match that is not (or no longer) active keeps no lock: nothing changes it any more.
            if match_id not in self._live and self._locks.get(match_id) is lock and not lock.locked():
                del self._locks[match_id]
