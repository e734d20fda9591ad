"""Start-up: load every active match and check that its move log reproduces its snapshot.

Two ways: ``recover()`` does both before it returns (tests, tools); ``start_recovery()`` does
them in the background (the bot), so the bot answers at once: a match used before the
background has reached it is loaded on first use (``LiveMatches.locked``). The background first
caches every active match from one bulk read (what lists all matches, the scheduler's
``active_matches`` and ``overdue``, waits for that), then checks each match's move log under the
match's lock, so a move made meanwhile never looks like a mismatch. A mismatch is handled as
before: logged loudly, recorded in ``recovery_mismatches``, and the snapshot wins.
A match whose stored state does not load at all (a damaged row) is logged and left out; the
others load as usual.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

from bot.engine import IllegalAction, game_type
from bot.store import MatchRecord, MatchStatus, Snapshot

from .base import ServiceBase
from .live import Live

log = logging.getLogger(__name__)


YIELD_EVERY = 5  # matches loaded or checked between two turns of the event loop (answers go first)


class RecoveryPart(ServiceBase):
    _recovery: asyncio.Task[int] | None = None

    def start_recovery(self) -> None:
        """Load and check every active match in the background; until every match is cached, the
        calls that list matches wait (``loaded``)."""
        if self._recovery is not None:
            return
        self.loaded.clear()
        self._recovery = asyncio.create_task(self._recover_in_background(), name="gin-recovery")

    async def recovered(self) -> int:
        """Wait for the background recovery (if one runs); the number of matches it checked."""
        return 0 if self._recovery is None else await asyncio.shield(self._recovery)

    async def stop_recovery(self) -> None:
        task, self._recovery = self._recovery, None
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _recover_in_background(self) -> int:
        try:
            loaded = await self._load_active()
        except Exception:
            log.exception("start-up: loading the active matches failed; they load on first use")
            return 0
        finally:
            self.loaded.set()  # a failed bulk read still lets the scheduler go on with what is cached
        checked = 0
        for match_id in loaded:
            try:
                checked += await self._check(match_id)
            except Exception:
                log.exception("start-up: checking the move log of match %d failed", match_id)
            if checked % YIELD_EVERY == 0:
                await asyncio.sleep(0)
        log.info("checked the move logs of %d active matches in the background", checked)
        return checked

    async def _check(self, match_id: int) -> int:
        """Check one match under its lock (no move of it can commit meanwhile); 1 if it was checked."""
        async with self.live.locked(match_id) as live:
            if live.record.status is not MatchStatus.ACTIVE:
                return 0
            row = await self.store.load_match(match_id)
            if row is None:
                return 0
            self._report(match_id, await self._replay_problem(*row, live))
            return 1

    async def _load_active(self) -> list[int]:
        """Cache every active match (of our shards) from one bulk read; returns their ids."""
        self.live.begin_bulk()
        try:
            rows = [(r, s) for r, s in await self.store.active_matches() if self.shards.owns(r.guild_id)]
            ids = []
            for n, (record, snapshot) in enumerate(rows, 1):
                live = _load(record, snapshot)
                if live is not None:
                    self.live.offer(live)
                    ids.append(record.id)
                if n % YIELD_EVERY == 0:
                    await asyncio.sleep(0)
        finally:
            self.live.end_bulk()
        if ids:
            log.info("loaded %d active matches%s", len(ids), "" if self.shards.all else f" ({self.shards})")
        return ids

    def _report(self, match_id: int, problem: str | None) -> None:
        if problem:
            self.recovery_mismatches.append(match_id)
            log.error("RECOVERY MISMATCH in match %d: %s; keeping the snapshot", match_id, problem)

    async def recover(self) -> int:
        """Load every active match; check that replaying its moves from the seed reproduces the
        snapshot. A mismatch is logged loudly and the snapshot wins. Returns the number loaded."""
        loaded = 0
        for record, snapshot in await self.store.active_matches():
            if not self.shards.owns(record.guild_id) or (live := _load(record, snapshot)) is None:
                continue
            self._report(record.id, await self._replay_problem(record, snapshot, live))
            self.live.put(live)
            loaded += 1
        if loaded:
            log.info("recovered %d active matches%s", loaded, "" if self.shards.all else f" ({self.shards})")
        return loaded

    async def _replay_problem(self, record: MatchRecord, snapshot: Snapshot, live: Live) -> str | None:
        """Why the move log and the snapshot disagree, or None when they agree."""
        if not record.version == snapshot.version == live.state.moves:
            return f"versions disagree (match {record.version}, snapshot {snapshot.version}, state {live.state.moves})"
        moves = await self.store.move_log(record.id)
        if [seq for seq, _, _ in moves] != list(range(1, record.version + 1)):
            return f"the move log has {len(moves)} moves for version {record.version}"
        try:
            replayed = game_type(record.game).replay(
                record.rules, record.seed, len(record.players), [(seat, text) for _, seat, text in moves]
            )
        except (IllegalAction, ValueError, KeyError) as e:
            return f"the move log does not replay ({type(e).__name__})"
        # Compare as stored: through JSON, as the snapshot was written.
        if json.loads(json.dumps(replayed.to_dict())) != snapshot.state:
            return "replaying the move log does not reproduce the snapshot"
        return None


def _load(record: MatchRecord, snapshot: Snapshot) -> Live | None:
    """The match as stored, or None when its state does not load (a damaged row): logged, and only
    that match is left out of start-up (on first use it fails again, alone)."""
    try:
        return Live.load(record, snapshot)
    except Exception as e:  # whatever the engine makes of damaged data; the text may name cards: not logged
        log.error("match %d: its stored state does not load (%s); it is left out", record.id, type(e).__name__)
        return None
