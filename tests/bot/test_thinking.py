"""The searching levels think in the service's worker process (bot/tables/thinking.py), not on the event loop."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

from bot.ai import greedy_action
from bot.engine.gin import Match, seat_view
from bot.engine.knock import preset
from bot.tables import TableService
from bot.tables.thinking import SEARCHING, Thinkers, decide
from tests.store.helpers import gin_view


async def test_a_decision_in_the_worker_is_the_same_as_here() -> None:
    thinkers = Thinkers()
    try:
        m = Match.new(preset("standard"), 5)
        for _ in range(12):
            seat = m.turn
            assert seat is not None
            view = seat_view(m, seat)
            seed = f"ai:5:{m.moves}"
            there = await thinkers.choose("gin", view, "hard", seed)
            assert there == decide("gin", view, "hard", seed)  # hard's decision depends on the view and seed alone
            m.apply(seat, there)
        assert thinkers.decided == 12 and thinkers.local == 0 and thinkers.mode == "process"
        pids = await thinkers.worker_pids()
        assert len(pids) == 1 and os.getpid() not in pids
    finally:
        await thinkers.close()


async def test_without_a_worker_the_decision_is_made_in_a_thread() -> None:
    thinkers = Thinkers(workers=0)
    m = Match.new(preset("standard"), 6)
    view = seat_view(m, m.turn or 0)
    assert await thinkers.choose("gin", view, "easy", "ai:6:0") in view.legal
    assert (thinkers.decided, thinkers.local, thinkers.mode) == (0, 1, "thread")
    assert await thinkers.worker_pids() == set()
    await thinkers.close()


async def test_an_expert_seat_moves_through_the_worker_and_the_loop_keeps_running(tmp_path: Path) -> None:
    assert "expert" in SEARCHING
    svc = await TableService.open(tmp_path / "gin.sqlite3")
    lags: list[float] = []
    ticking = True

    async def ticker() -> None:  # the event loop's other work: how late does a 5 ms sleep wake?
        while ticking:
            start = time.perf_counter()
            await asyncio.sleep(0.005)
            lags.append(time.perf_counter() - start - 0.005)

    task = asyncio.create_task(ticker())
    try:
        info = await svc.play_bot(1, 9, 5, "human", 999, "GinBot", level="expert", seed=77)
        ai_moves = 0
        while info.status == "active" and ai_moves < 12:
            if 1 in info.public.to_act:
                result = await svc.ai_step(info.id)
                assert result is not None
                ai_moves += 1
            else:
                view = await svc.seat_view(info.id, 5)
                result = await svc.act(info.id, 5, greedy_action(gin_view(view)), info.version)
            info = result.match
        assert svc.thinkers.decided == ai_moves > 0 and svc.thinkers.local == 0
    finally:
        ticking = False
        await task
        await svc.close()
    # a search holds the GIL for up to its budget (0.15 s); in the worker none of it reaches the loop
    assert max(lags) < 0.1, sorted(lags)[-5:]
