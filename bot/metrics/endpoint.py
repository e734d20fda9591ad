"""The Prometheus endpoint: ``GET /metrics`` served on the bot's own event loop (aiohttp).

On the loop rather than in a thread of its own: a scrape first refreshes the sampled gauges
(bot.metrics.sampling) where they live, and a bot whose loop is stuck stops answering scrapes,
which Prometheus reports as the target being down.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from aiohttp import web
from prometheus_client.aiohttp import make_aiohttp_handler

from .registry import REGISTRY

log = logging.getLogger(__name__)

PATH = "/metrics"


class MetricsEndpoint:
    """Serves the registry on ``host:port`` once started (port 0: a free one, for tests)."""

    def __init__(self, port: int, host: str, refresh: Callable[[], Awaitable[None]] | None = None) -> None:
        self.host = host
        self.port = port
        self._refresh = refresh
        self._serve = make_aiohttp_handler(REGISTRY)
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Listen (OSError when the address cannot be had, e.g. the port is taken)."""
        app = web.Application()
        app.router.add_get(PATH, self._metrics)
        runner = web.AppRunner(app, access_log=None)  # no log line per scrape
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        if self.port == 0 and runner.addresses:
            self.port = int(runner.addresses[0][1])
        log.info("metrics: serving http://%s:%d%s", self.host, self.port, PATH)

    async def _metrics(self, request: web.Request) -> web.StreamResponse:
        if self._refresh is not None:
            await self._refresh()
        return await self._serve(request)

    async def close(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
