"""bot.metrics: the endpoint on a real port, the counters the pacer and the HTTP trace feed, and the
gauges sampled from a real store (both stores) and picture pool."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from yarl import URL

from bot.metrics import REGISTRY, pacer_queued, pacer_waited, record_rate_limited
from bot.metrics.discord_http import route_of, scope_of, status_label
from bot.metrics.endpoint import MetricsEndpoint
from bot.metrics.sampling import Sampler
from bot.metrics.wiring import pacer_event
from bot.pacer import Pacer, Priority
from bot.tables import TableService
from render.pool import RenderPool
from tests.clock import Clock
from tests.metrics_scrape import free_port, scrape
from tests.store.helpers import new_pvp


def value(name: str, **labels: str) -> float:
    """A sample's value in the registry now (0.0 when it has none yet)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0


def refused(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


async def test_the_endpoint_serves_the_registry_after_refreshing_and_stops_listening_when_closed() -> None:
    port = free_port()
    refreshed = 0

    async def refresh() -> None:
        nonlocal refreshed
        refreshed += 1

    endpoint = MetricsEndpoint(port, "127.0.0.1", refresh)
    assert refused(port)  # nothing listens before start
    await endpoint.start()
    try:
        record_rate_limited("global")
        first = await scrape(port)
        record_rate_limited("global")
        second = await scrape(port)
        assert refreshed == 2  # every scrape samples afresh
        assert (
            second['gin_discord_rate_limited_total{scope="global"}']
            == first['gin_discord_rate_limited_total{scope="global"}'] + 1
        )
        assert "process_resident_memory_bytes" in first  # the process's own numbers too
        for name in ("gin_outbox_pending", "gin_pictures_backlog", "gin_pacer_queue_length", "gin_matches_in_memory"):
            assert name in first
    finally:
        await endpoint.close()
    assert refused(port)


async def test_a_taken_port_is_refused_at_start() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        endpoint = MetricsEndpoint(int(taken.getsockname()[1]), "127.0.0.1")
        with pytest.raises(OSError):
            await endpoint.start()
        await endpoint.close()


def test_rate_limits_are_counted_by_scope_and_an_unknown_scope_as_user() -> None:
    before = {s: value("gin_discord_rate_limited_total", scope=s) for s in ("global", "shared", "user")}
    record_rate_limited("shared")
    record_rate_limited("user")
    record_rate_limited("bucket-of-the-week")
    after = {s: value("gin_discord_rate_limited_total", scope=s) for s in ("global", "shared", "user")}
    assert {s: after[s] - before[s] for s in after} == {"global": 0, "shared": 1, "user": 2}


def test_the_pacers_queue_and_waits() -> None:
    pacer_queued(7)
    assert value("gin_pacer_queue_length") == 7
    pacer_queued(0)
    assert value("gin_pacer_queue_length") == 0
    count = value("gin_pacer_wait_seconds_count", priority="announcement")
    below = value("gin_pacer_wait_seconds_bucket", priority="announcement", le="0.5")
    pacer_waited(0.3, "announcement")
    pacer_waited(4.0, "announcement")
    assert value("gin_pacer_wait_seconds_count", priority="announcement") == count + 2
    assert value("gin_pacer_wait_seconds_bucket", priority="announcement", le="0.5") == below + 1


@given(st.integers(1, 2**63 - 1), st.text("abcdefXYZ0123456789_-", min_size=1, max_size=80))
def test_an_interaction_callback_is_told_with_its_id(interaction_id: int, token: str) -> None:
    url = URL(f"https://discord.com/api/v10/interactions/{interaction_id}/{token}/callback")
    assert route_of(url) == ("interaction_callback", interaction_id)
    assert route_of(url.with_path(f"/api/v10/webhooks/123/{token}/messages/@original")) == ("interaction_webhook", None)
    assert route_of(url.with_path(f"/api/v10/channels/{interaction_id}/messages")) == ("channel", None)
    assert route_of(url.with_path("/api/v10/gateway/bot")) == ("other", None)


@given(st.integers(100, 599))
def test_a_status_is_labelled_by_its_code_when_4xx_else_by_its_class(status: int) -> None:
    label = status_label(status)
    assert label == (str(status) if 400 <= status < 500 else f"{status // 100}xx")


def test_a_429s_scope_comes_from_its_headers() -> None:
    from multidict import CIMultiDict

    assert scope_of(CIMultiDict({"x-ratelimit-scope": "Shared"})) == "shared"
    assert scope_of(CIMultiDict({"X-RateLimit-Global": "true"})) == "global"
    assert scope_of(CIMultiDict({"Retry-After": "1"})) == "user"


async def test_the_sampler_reads_the_outbox_and_memory_of_a_real_service(gin_db: Path | str) -> None:
    clock = Clock.from_wall_clock()
    svc = await TableService.open(gin_db, clock=clock)
    pool = RenderPool(0)
    try:
        sampler = Sampler(svc, pool, lambda: 3)
        await sampler.refresh()
        assert value("gin_outbox_pending") == 0 and value("gin_outbox_oldest_age_seconds") == 0
        info = await new_pvp(svc, channel=1, seed=5)  # its first board is a pending outbox row
        clock.advance(90)
        await sampler.refresh()
        assert value("gin_outbox_pending") == 1
        assert value("gin_outbox_oldest_age_seconds") == pytest.approx(90, abs=1)
        assert (value("gin_matches_in_memory"), value("gin_active_matches_in_memory")) == (1, 1)
        assert (value("gin_interactions_in_flight"), value("gin_pictures_backlog")) == (3, 0)
        for row in await svc.pending_announcements(info.id):
            await svc.announced(row, 1)
        await sampler.refresh()
        assert value("gin_outbox_pending") == 0 and value("gin_outbox_oldest_age_seconds") == 0
    finally:
        await svc.close()


async def test_a_store_too_slow_for_the_scrape_keeps_the_last_outbox_numbers(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "gin.sqlite3")
    try:
        await new_pvp(svc, channel=1, seed=5)
        await Sampler(svc, RenderPool(0), lambda: 0).refresh()
        assert value("gin_outbox_pending") == 1
        failures = value("gin_metrics_refresh_failures_total")
        await new_pvp(svc, channel=2, a=3, b=4, seed=6)
        await Sampler(svc, RenderPool(0), lambda: 0, store_timeout_s=0).refresh()
        assert value("gin_metrics_refresh_failures_total") == failures + 1
        assert value("gin_outbox_pending") == 1  # the last good sample, not a made-up 0
        assert value("gin_matches_in_memory") == 2  # memory needs no store
    finally:
        await svc.close()


async def test_a_real_pacers_queue_and_waits_reach_the_metrics_by_priority() -> None:
    pacer = Pacer(20.0, burst=1)
    pacer.observers.append(pacer_event)
    waits = {p: value("gin_pacer_wait_seconds_count", priority=p) for p in ("announce", "redraw")}
    try:
        await pacer.acquire(Priority.NORMAL)  # the one slot of the burst: no wait
        queued = [asyncio.create_task(pacer.acquire(p)) for p in (Priority.REDRAW, Priority.ANNOUNCE)]
        await asyncio.sleep(0)
        assert value("gin_pacer_queue_length") == 2
        await asyncio.gather(*queued)
    finally:
        await pacer.close()
    assert value("gin_pacer_queue_length") == 0
    assert {p: value("gin_pacer_wait_seconds_count", priority=p) - waits[p] for p in waits} == {
        "announce": 1,
        "redraw": 1,
    }
    assert value("gin_pacer_wait_seconds_sum", priority="redraw") > 0  # it waited for two slots
