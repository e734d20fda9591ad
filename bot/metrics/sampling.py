"""The gauges read at each scrape: matches in memory, the picture backlog, handlers in flight
(this process's memory), and the outbox's backlog and age (one query of the store)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.tables import TableService
from render.pool import RenderPool

from . import registry

log = logging.getLogger(__name__)

STORE_TIMEOUT_S = 2.0  # a scrape waits no longer for the store: a stuck store must not hide the other numbers


class Sampler:
    """Sets the sampled gauges from one bot's service, picture pool and in-flight count."""

    def __init__(
        self,
        service: TableService,
        pictures: RenderPool,
        in_flight: Callable[[], int],
        *,
        store_timeout_s: float = STORE_TIMEOUT_S,
    ) -> None:
        self.service = service
        self.pictures = pictures
        self.in_flight = in_flight
        self.store_timeout_s = store_timeout_s

    async def refresh(self) -> None:
        """Read every sampled number now (memory first: they need no store)."""
        held, active, _shards = self.service.memory_summary()
        registry.MATCHES.set(held)
        registry.ACTIVE_MATCHES.set(active)
        registry.PICTURE_BACKLOG.set(self.pictures.backlog)
        registry.IN_FLIGHT.set(self.in_flight())
        try:
            pending, age_s = await asyncio.wait_for(self.service.outbox_backlog(), self.store_timeout_s)
        except Exception as error:  # a busy or failing store logs itself; the scrape serves the last values
            registry.REFRESH_FAILURES.inc()
            log.debug("metrics: the outbox could not be read (%r)", error)
            return
        registry.OUTBOX_PENDING.set(pending)
        registry.OUTBOX_AGE.set(age_s)
