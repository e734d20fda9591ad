"""The pacer (bot/pacer.py): its budget, its priorities, dropped redraws, a 429's effect, which
requests it counts. Real asyncio time with small budgets; the end-to-end version is
tests/e2e/test_discord_budget.py."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.pacer import Pacer, Priority, Superseded, counts_against_global


@pytest.mark.parametrize(
    ("path", "counted"),
    [
        ("/api/v10/channels/1/messages", True),
        ("/api/v10/channels/1/messages/2", True),
        ("/api/v10/applications/1/guilds/2/commands", True),
        ("/api/v10/gateway/bot", True),
        ("/api/v10/interactions/1/tok/callback", False),
        ("/api/v10/webhooks/1/tok", False),
        ("/api/v10/webhooks/1/tok/messages/@original", False),
        ("/?v=10&encoding=json", False),  # the gateway
    ],
)
def test_which_requests_count_against_the_global_limit(path: str, counted: bool) -> None:
    assert counts_against_global(path) is counted


async def test_the_budget_holds_over_a_burst() -> None:
    """40 requests at once through a budget of 20 a second (burst 2) take about two seconds, and no
    one-second window ever holds more than the budget plus the burst."""
    pacer = Pacer(20.0, burst=2)
    started = time.monotonic()
    sent: list[float] = []

    async def one() -> None:
        await pacer.acquire()
        sent.append(time.monotonic() - started)

    await asyncio.gather(*(one() for _ in range(40)))
    assert sent[-1] >= 1.8
    busiest = max(sum(1 for t in sent if s <= t < s + 1.0) for s in sent)
    assert busiest <= 22
    assert pacer.stats.paced == 40 and pacer.stats.waited >= 38
    await pacer.close()


async def test_announcements_go_before_redraws_before_others() -> None:
    """With the budget used up, waiting requests are served by priority, then in arrival order."""
    pacer = Pacer(50.0, burst=1)
    await pacer.acquire()  # the only slot: everything below queues
    order: list[str] = []

    async def one(name: str, priority: Priority) -> None:
        await pacer.acquire(priority)
        order.append(name)

    tasks = [
        asyncio.create_task(one("words-1", Priority.WORDS)),
        asyncio.create_task(one("redraw-1", Priority.REDRAW)),
        asyncio.create_task(one("normal-1", Priority.NORMAL)),
        asyncio.create_task(one("announce-1", Priority.ANNOUNCE)),
        asyncio.create_task(one("redraw-2", Priority.REDRAW)),
        asyncio.create_task(one("announce-2", Priority.ANNOUNCE)),
    ]
    await asyncio.gather(*tasks)
    assert order == ["announce-1", "announce-2", "normal-1", "redraw-1", "redraw-2", "words-1"]
    await pacer.close()


async def test_a_redraw_no_longer_wanted_is_dropped_without_a_slot() -> None:
    pacer = Pacer(20.0, burst=1)
    await pacer.acquire()
    newest = {"version": 1}

    async def redraw(version: int) -> str:
        try:
            await pacer.acquire(Priority.REDRAW, lambda: newest["version"] <= version)
        except Superseded:
            return f"dropped {version}"
        return f"sent {version}"

    first = asyncio.create_task(redraw(1))
    await asyncio.sleep(0)
    newest["version"] = 2  # a newer move will draw the board
    second = asyncio.create_task(redraw(2))
    assert await first == "dropped 1"
    assert await second == "sent 2"
    assert pacer.stats.dropped == 1 and pacer.stats.paced == 2
    await pacer.close()


async def test_a_429_slows_the_pacer_and_it_recovers() -> None:
    clock = [0.0]
    pacer = Pacer(40.0, clock=lambda: clock[0])
    pacer.rate_limited("global", 1.0)
    assert pacer.rate == 20.0 and pacer.stats.rate_limited["global"] == 1
    pacer.rate_limited("global", 1.0)
    pacer.rate_limited("global", 1.0)
    assert pacer.rate == 20.0  # never below half the budget
    clock[0] += 1.0
    pacer._refill()
    assert pacer.rate == 20.0  # not straight after a 429
    clock[0] += 30.0
    pacer._refill()
    assert pacer.rate == 40.0
    await pacer.close()


async def test_a_cancelled_waiter_does_not_stop_the_queue() -> None:
    pacer = Pacer(50.0, burst=1)
    await pacer.acquire()
    stuck = asyncio.create_task(pacer.acquire(Priority.ANNOUNCE))
    await asyncio.sleep(0)
    stuck.cancel()
    await asyncio.wait_for(pacer.acquire(), 1.0)
    assert pacer.stats.paced == 2
    await pacer.close()
