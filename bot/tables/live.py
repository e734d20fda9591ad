"""The matches held in memory, each with its lock: the only place a cached game state lives.

Consistency: one asyncio.Lock per match serialises everything that changes it. A move is
applied to the cached state, then written in one transaction; only after the commit is a
new ``MatchInfo`` published. If a commit fails (or is cancelled), the entry is marked
stale and the next user under the lock reloads it from the store, whose queue runs the
reload after the write, so memory never runs ahead of disk. Readers that do not take the
lock see ``info``: the last committed state.

Start-up does not wait for the cache: a match is loaded when it is first used, and the
background start-up (bot.tables.recovery) ``offer``s the rest from one bulk read, which never
replaces what a first use loaded (or dropped) meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.engine import AnyState, game_type
from bot.store import MatchRecord, MatchStatus, Snapshot, Store

from .errors import Refusal
from .records import MatchInfo

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Live:
    """A match in memory: its committed row, its engine state, and what readers see."""

    record: MatchRecord
    state: AnyState
    stale: bool = False  # the engine state ran ahead of a failed commit: reload before use
    info: MatchInfo = field(init=False)
    # Per seat, the committed state's SeatView, kept while a move has changed ``state`` and its commit
    # has not yet published: what a player's own look shows while the disk is slow.
    views: tuple[Any, ...] | None = field(default=None, init=False)
    changing: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        self.publish()

    def publish(self, views: tuple[Any, ...] | None = None) -> MatchInfo:
        """``state`` is committed: readers see it (``views``, if known, are its seat views)."""
        self.info = MatchInfo.of(self.record, self.state.public_view(), tuple(self.state.to_act))
        self.views, self.changing = views, False
        return self.info

    def begin_change(self) -> None:
        """A move is about to change ``state`` ahead of its commit: keep every seat's committed view."""
        if self.views is None:
            self.views = tuple(self.state.seat_view(s) for s in range(self.state.seats))
        self.changing = True

    def committed_view(self, seat: int) -> Any:
        """The seat's view of the last committed state."""
        if self.changing and self.views is not None:
            return self.views[seat]
        return self.state.seat_view(seat)

    @classmethod
    def load(cls, record: MatchRecord, snapshot: Snapshot) -> Live:
        return cls(record, game_type(record.game).load(snapshot.state))


class LiveMatches:
    """Active matches by id, loaded on first use, with one lock each."""

    def __init__(self, store: Store, *, verify: bool = False) -> None:
        self.store = store
        # Check a cached match's version against the store before each use (sharded processes: the
        # match may have moved in another process since, e.g. across a re-shard).
        self.verify = verify
        self._live: dict[int, Live] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        # Matches dropped while a bulk read (start-up) may still offer their older state: never re-cached.
        self._gone: set[int] | None = None

    def get(self, match_id: int) -> Live | None:
        return self._live.get(match_id)

    def committed_view(self, match_id: int, user_id: int) -> Any | None:
        """The player's view of the last committed state while a move of the match is being written
        (its lock is held), so a look at one's cards need not wait for the disk; None otherwise."""
        live, lock = self._live.get(match_id), self._locks.get(match_id)
        if live is None or lock is None or not lock.locked() or live.stale:
            return None
        seat = live.record.seat_of(user_id)
        return None if seat is None else live.committed_view(seat)

    def put(self, live: Live) -> None:
        self._live[live.record.id] = live

    def begin_bulk(self) -> None:
        """A bulk read of the active matches starts (``offer`` follows): remember what is dropped meanwhile."""
        self._gone = set()

    def end_bulk(self) -> None:
        self._gone = None

    def offer(self, live: Live) -> bool:
        """Cache a match read in bulk, unless this process has used it since the read began (it is
        cached, being loaded, or was dropped): then what this process holds is newer. Returns
        whether it was cached."""
        match_id = live.record.id
        if match_id in self._live or match_id in self._locks or (self._gone is not None and match_id in self._gone):
            return False
        self._live[match_id] = live
        return True

    def drop(self, match_id: int) -> None:
        """Forget an ended match: later users only read it, and a fresh lock is fine for that."""
        self._live.pop(match_id, None)
        if self._gone is not None:
            self._gone.add(match_id)
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
                if live is not None and not live.stale and self.verify and await self._outdated(live):
                    live.stale = True
                if live is None or live.stale:
                    # A first load may use the reader: no write of a match this process never
                    # loaded can be in flight (at start-up the writer is busy with the bulk read).
                    # A stale entry's reload must follow its failed write: the writer's queue.
                    loaded = await self.store.load_match(match_id, settled=live is None)
                    if loaded is None:
                        raise Refusal("There is no such match.")
                    live = Live.load(*loaded)
                    if live.record.status is MatchStatus.ACTIVE:
                        self._live[match_id] = live
                    else:
                        self.drop(match_id)
                yield live
        finally:
            # A match that is not (or no longer) active keeps no lock: nothing changes it any more.
            if match_id not in self._live and self._locks.get(match_id) is lock and not lock.locked():
                del self._locks[match_id]

    async def _outdated(self, live: Live) -> bool:
        """Whether the store holds a newer (or ended) state of this match than the cache: one read by id."""
        row = await self.store.get_match(live.record.id)
        outdated = row is None or row.version != live.record.version or row.status is not live.record.status
        if outdated:
            log.info(
                "match %d: cached version %d is not the stored one; reloading", live.record.id, live.record.version
            )
        return outdated
