"""The picture pool: worker processes draw the same pictures as this process, from plain views."""

from __future__ import annotations

import asyncio
import os
import pickle
import signal
import time
from typing import Any

import pytest

from bot.engine.gin import public_view
from bot.i18n import speaking
from bot.tournaments import Format, standings
from render import Style, register_renderer, renderer_for, unregister_renderer
from render.pool import RenderPool
from render.tournament import render_standings
from tests.tournaments.helpers import begin

from .helpers import first_hand


async def test_workers_draw_the_same_pictures_as_this_process(draw_pair, names):
    _, after, m = draw_pair
    table = public_view(m)
    assert pickle.loads(pickle.dumps(after)) == after  # views travel to the workers as plain data
    pool = RenderPool(2)
    try:
        assert pool.start()
        assert pool.mode == "threads"  # until the workers have started
        assert await pool.ready()
        assert pool.mode == "processes"
        images = await asyncio.gather(
            pool.draw("gin", "hand", after, names, Style()),
            pool.draw("gin", "table", table, names, Style(four_colour=True)),
        )
        assert images[0].png == renderer_for("gin").hand(after, names, Style()).png
        assert images[1].png == renderer_for("gin").table(table, names, Style(four_colour=True)).png
        assert images[0].alt == renderer_for("gin").hand(after, names, Style()).alt
        stats = pool.take_stats()
        assert stats.drawn == 2 and stats.backlog == 0 and stats.mode == "processes"
        assert "2 drawn" in stats.line()
        assert pool.take_stats().drawn == 0  # taken: the next minute starts from zero
    finally:
        await pool.close()
    assert pool.mode == "threads"


async def test_starting_the_workers_leaves_the_event_loop_free():
    lags: list[float] = []
    ticking = True

    async def ticker() -> None:  # the bot's other work: how late does a 5 ms sleep wake?
        while ticking:
            start = time.perf_counter()
            await asyncio.sleep(0.005)
            lags.append(time.perf_counter() - start - 0.005)

    task = asyncio.create_task(ticker())
    await asyncio.sleep(0.02)  # the ticker is sleeping when the workers are asked for
    pool = RenderPool(2)
    try:
        assert pool.start()
        assert await pool.ready()
    finally:
        ticking = False
        await task
        await pool.close()
    # started on the loop's thread, the fork server and the workers held it for 0.3 to 0.45 s
    assert max(lags) < 0.1, sorted(lags)[-3:]


async def test_a_game_the_workers_do_not_know_is_drawn_here(names):
    view = first_hand("knock")
    register_renderer("gin-here-only", renderer_for("gin"), offered=False)  # in this process only
    pool = RenderPool(1)
    try:
        pool.start()
        assert await pool.ready()
        image = await pool.draw("gin-here-only", "result", view, names, Style())
        here = renderer_for("gin").result(view, names, Style())
        assert image is not None and here is not None and image.png == here.png
        again = await pool.draw("gin-here-only", "table", view, names, Style())
        assert again.png == renderer_for("gin").table(view, names, Style()).png
    finally:
        unregister_renderer("gin-here-only")
        await pool.close()


async def test_no_workers_draws_in_a_thread_and_busy_says_when_pictures_wait(draw_pair, names):
    _, after, m = draw_pair
    pool = RenderPool(0, capacity=1)
    assert not pool.start() and pool.mode == "threads"
    assert not pool.busy
    first = asyncio.create_task(pool.draw("gin", "hand", after, names, Style()))
    second = asyncio.create_task(pool.draw("gin", "table", public_view(m), names, Style()))
    await asyncio.sleep(0)  # both asked for: one draws, one waits for the slot
    assert pool.backlog == 2 and pool.busy
    hand, table = await asyncio.gather(first, second)
    assert hand.png == renderer_for("gin").hand(after, names, Style()).png
    assert table.png == renderer_for("gin").table(public_view(m), names, Style()).png
    assert pool.backlog == 0 and not pool.busy
    stats = pool.take_stats()
    assert stats.drawn == 2 and stats.max_backlog == 2


class SlowGin:
    """The Gin renderer, each picture 50 ms slower: the wait for the slot then dwarfs the few
    milliseconds a loaded machine adds between the two requests."""

    def __init__(self) -> None:
        self.inner = renderer_for("gin")

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.inner, name)

        def slow(*args: Any) -> Any:
            time.sleep(0.05)
            return method(*args)

        return slow


async def test_the_observer_is_told_each_pictures_wait_and_total_as_measured(draw_pair, names):
    _, after, m = draw_pair
    register_renderer("gin-slow", SlowGin(), offered=False)
    pool = RenderPool(0, capacity=1)
    seen: list[tuple[float, float]] = []
    pool.observer = lambda wait, total: seen.append((wait, total))
    try:
        await asyncio.gather(
            pool.draw("gin-slow", "hand", after, names, Style()),
            pool.draw("gin-slow", "table", public_view(m), names, Style()),
        )
    finally:
        unregister_renderer("gin-slow")
    assert pool.take_stats().drawn == len(seen) == 2
    assert all(0 <= wait < total for wait, total in seen)
    first, second = sorted(seen)
    assert second[0] >= first[1] * 0.5  # the second waited for the one slot while the first was drawn


async def test_a_dead_worker_is_replaced_and_pictures_still_come(draw_pair, names):
    _, after, _ = draw_pair
    expected = renderer_for("gin").hand(after, names, Style()).png
    pool = RenderPool(1)
    try:
        pool.start()
        assert await pool.ready()
        (pid,) = await pool.worker_pids()
        os.kill(pid, signal.SIGKILL)
        assert (await pool.draw("gin", "hand", after, names, Style())).png == expected
        assert (await pool.draw("gin", "hand", after, names, Style())).png == expected
        assert pool.mode == "processes"
        assert await pool.worker_pids() != {pid}
    finally:
        await pool.close()


async def test_a_tournament_picture_is_drawn_by_a_worker_in_the_callers_language():
    """The bracket and standings views (their titles are ``Said``: they pickle) travel to a worker,
    which writes the words of the language being spoken here."""
    t = begin(Format.SWISS, 6, cap=64, rounds=3)
    view = standings(t)
    assert pickle.loads(pickle.dumps(view)) == view
    with speaking("de"):
        here = render_standings(view)
    pool = RenderPool(1)
    try:
        pool.start()
        assert await pool.ready()
        with speaking("de"):
            drawn = await pool.call(render_standings, view)
        assert pool.mode == "processes" and await pool.worker_pids()  # no worker died on the job
        assert drawn.png == here.png and drawn.alt == here.alt and "Tabelle" in drawn.alt
    finally:
        await pool.close()
    with pytest.raises(ValueError):
        await pool.call(len, "not a picture")
