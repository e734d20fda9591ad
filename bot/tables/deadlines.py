"""Turn deadlines: who is late, and the notices already given (warn, claimable, abandon)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from bot.store import MatchStatus, Stage

from .base import ServiceBase
from .records import Overdue


class DeadlinesPart(ServiceBase):
    async def overdue(self, now: datetime | None = None) -> list[Overdue]:
        """Human seats that may act and are late: 'warn' after the deadline, 'claimable' one timeout
        later, 'abandon' two timeouts later; one entry per idle seat (a partnership hand may wait for
        two). 'warn' and 'claimable' are listed until marked with mark_warned(match, version, stage);
        'abandon' until someone calls abandon(). The deadline is the match's: any move restarts it."""
        now = now or self._now()
        await self.loaded.wait()  # a background start-up caches every active match first
        out: list[Overdue] = []
        for live in self.live:
            info = live.info
            idle = info.humans_to_act
            if (
                info.status is not MatchStatus.ACTIVE
                or not self.shards.owns(info.guild_id)
                or info.turn_deadline is None
                or not idle
                or now < info.turn_deadline
            ):
                continue
            timeout = timedelta(seconds=await self._turn_timeout_s(info))
            late = now - info.turn_deadline
            stage = Stage.ABANDON if late >= 2 * timeout else Stage.CLAIMABLE if late >= timeout else Stage.WARN
            given = live.record.warned_stage
            if (
                stage is not Stage.ABANDON
                and live.record.warned_version == info.version
                and given is not None
                and given.periods >= stage.periods
            ):
                continue
            out.extend(Overdue(info, seat, stage) for seat in idle)
        return out

    async def mark_warned(self, match_id: int, version: int, stage: Stage | str = Stage.WARN) -> bool:
        """Record that the notice for ``stage`` was given at ``version`` (it is not listed again).
        True when this call claimed it: False if another process did first, or the match moved on."""
        stage = Stage(stage)  # ValueError for an unknown stage
        claimed = await self.store.mark_warned(match_id, version, stage)
        live = self.live.get(match_id)
        if live is not None:
            live.record = replace(live.record, warned_version=version, warned_stage=stage)
        return claimed
