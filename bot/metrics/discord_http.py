"""What discord.py's HTTP session tells the metrics: every request's route group and status, the
429s by scope, and the moment Discord accepted each interaction's answer.

discord.py takes one ``aiohttp.TraceConfig`` (``Client(http_trace=...)``, the pacer's: bot.pacer) for
the one session that carries its REST calls and the interaction answers alike; these callbacks are
added to it, so they see each try of a request (discord.py's own retries after a 429 or a 5xx
included) without touching discord.py. Every 429 is counted here, on every route; the pacer's own
429 events are not counted again.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping
from types import SimpleNamespace

import aiohttp
from discord.utils import snowflake_time
from yarl import URL

from . import registry

_CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
_WEBHOOK = re.compile(r"/webhooks/\d+/[^/]+")


def route_of(url: URL) -> tuple[str, int | None]:
    """The route group of a request (registry.ROUTES), and the interaction's id for a callback."""
    path = url.path
    callback = _CALLBACK.search(path)
    if callback is not None:
        return "interaction_callback", int(callback.group(1))
    if _WEBHOOK.search(path):
        return "interaction_webhook", None  # the bot posts through no other webhook
    if "/channels/" in path:
        return "channel", None
    return "other", None


def status_label(status: int) -> str:
    """A 4xx by its code (401, 403 and 429 count towards Discord's invalid-request ban), else its class."""
    return str(status) if 400 <= status < 500 else f"{status // 100}xx"


def scope_of(headers: Mapping[str, str]) -> str:
    """A 429's scope: X-RateLimit-Scope, else global when X-RateLimit-Global says so, else user.
    ``headers`` as aiohttp gives them: names in any case."""
    scope = headers.get("X-RateLimit-Scope", "").strip().lower()
    if scope:
        return scope
    return "global" if headers.get("X-RateLimit-Global", "").strip().lower() == "true" else "user"


async def _ended(_session: aiohttp.ClientSession, _ctx: SimpleNamespace, params: aiohttp.TraceRequestEndParams) -> None:
    route, interaction_id = route_of(params.url)
    status = params.response.status
    registry.discord_request(route, status_label(status))
    if status == 429:
        registry.record_rate_limited(scope_of(params.response.headers))
    elif interaction_id is not None and 200 <= status < 300:
        registry.interaction_answered(time.time() - snowflake_time(interaction_id).timestamp())


async def _failed(
    _session: aiohttp.ClientSession, _ctx: SimpleNamespace, params: aiohttp.TraceRequestExceptionParams
) -> None:
    registry.discord_request(route_of(params.url)[0], "error")  # a timeout or a lost connection


def observe(trace: aiohttp.TraceConfig) -> aiohttp.TraceConfig:
    """``trace`` (discord.py takes one: the pacer's) with the metrics' callbacks added after its own."""
    trace.on_request_end.append(_ended)
    trace.on_request_exception.append(_failed)
    return trace
