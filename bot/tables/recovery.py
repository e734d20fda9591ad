"""Start-up: load every active match and check that its move log reproduces its snapshot."""

from __future__ import annotations

import json
import logging

from bot.engine import IllegalAction, game_type
from bot.store import MatchRecord, Snapshot

from .base import ServiceBase
from .live import Live

log = logging.getLogger(__name__)


class RecoveryPart(ServiceBase):
    async def recover(self) -> int:
        """Load every active match; check that replaying its moves from the seed reproduces the
        snapshot. A mismatch is logged loudly and the snapshot wins. Returns the number loaded."""
        loaded = await self.store.active_matches()
        for record, snapshot in loaded:
            live = Live.load(record, snapshot)
            problem = await self._replay_problem(record, snapshot, live)
            if problem:
                self.recovery_mismatches.append(record.id)
                log.error("RECOVERY MISMATCH in match %d: %s; keeping the snapshot", record.id, problem)
            self.live.put(live)
        if loaded:
            log.info("recovered %d active matches", len(loaded))
        return len(loaded)

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
