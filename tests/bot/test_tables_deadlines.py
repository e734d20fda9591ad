"""Turn deadlines: warn, then claimable, then abandon; with an injected clock."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.tables import Refusal, TableService
from tests.clock import T0, Clock
from tests.store.helpers import first_legal, new_pvp, play_one, query

TIMEOUT = 600


@pytest.fixture
async def setup(gin_db):
    clock = Clock()
    svc = await TableService.open(gin_db, clock=clock, chooser=first_legal)
    await svc.update_settings(1, turn_timeout_s=TIMEOUT)
    info = await new_pvp(svc, channel=1, a=1, b=2, seed=9)
    yield svc, clock, info
    await svc.close()


def _stages(overdue):
    return [(o.match.id, o.seat, o.stage) for o in overdue]


async def test_deadline_is_stored_in_utc_and_moves_with_each_turn(setup):
    svc, clock, info = setup
    assert info.turn_deadline == T0 + timedelta(seconds=TIMEOUT)
    assert query(svc.store.db.path, "SELECT turn_deadline FROM matches") == [("2026-01-01T12:10:00.000000Z",)]
    clock.advance(100)
    moved = (await play_one(svc, info.id)).match
    assert moved.turn_deadline == T0 + timedelta(seconds=100 + TIMEOUT)


async def test_warn_claim_policy(setup):
    svc, clock, info = setup
    idle = info.public.turn
    idle_user, waiting_user = info.players[idle], info.players[1 - idle]
    assert await svc.overdue() == []
    clock.advance(TIMEOUT - 1)
    assert await svc.overdue() == []
    clock.advance(1)
    assert _stages(await svc.overdue()) == [(info.id, idle, "warn")]
    await svc.mark_warned(info.id, info.version)
    assert await svc.overdue() == []  # warned once per version
    with pytest.raises(Refusal, match="only when your opponent has been idle long enough"):
        await svc.claim(info.id, waiting_user)
    clock.advance(TIMEOUT)
    assert _stages(await svc.overdue()) == [(info.id, idle, "claimable")]
    await svc.mark_warned(info.id, info.version, "claimable")
    assert await svc.overdue() == []
    with pytest.raises(Refusal, match="It is your turn"):
        await svc.claim(info.id, idle_user)
    result = await svc.claim(info.id, waiting_user)
    assert result.match_over and result.match.status == "abandoned" and result.match.public.winner == 1 - idle
    assert query(svc.store.db.path, "SELECT seat, action FROM moves WHERE seq = ?", result.match.version) == [
        (idle, "resign")
    ]
    assert (await svc.player_stats(1, idle_user)).matches_lost == 1
    assert (await svc.player_stats(1, waiting_user)).matches_won == 1
    assert await svc.overdue() == []


async def test_abandon_after_two_periods(setup):
    svc, clock, info = setup
    idle = info.public.turn
    clock.advance(3 * TIMEOUT + 1)  # deadline (one timeout) + two more
    with pytest.raises(Refusal, match="not the one to move"):
        await svc.abandon(info.id, 1 - idle)
    clock.advance(-2)
    with pytest.raises(Refusal, match="not overdue yet"):
        await svc.abandon(info.id, idle)
    clock.advance(2)
    assert _stages(await svc.overdue()) == [(info.id, idle, "abandon")]
    await svc.mark_warned(info.id, info.version, "claimable")
    assert _stages(await svc.overdue()) == [(info.id, idle, "abandon")]  # listed until acted on
    result = await svc.abandon(info.id, idle)
    assert result.match.status == "abandoned" and result.rating_changes is not None
    assert await svc.overdue() == []


async def test_a_move_resets_the_warning(setup):
    svc, clock, info = setup
    clock.advance(TIMEOUT)
    await svc.mark_warned(info.id, info.version)
    moved = (await play_one(svc, info.id)).match
    assert await svc.overdue() == []
    clock.advance(TIMEOUT)
    assert _stages(await svc.overdue()) == [(info.id, moved.public.turn, "warn")]


async def test_overdue_survives_a_restart(setup, tmp_path):
    svc, clock, info = setup
    clock.advance(TIMEOUT)
    await svc.mark_warned(info.id, info.version)
    clock.advance(TIMEOUT)
    again = await TableService.open(svc.store.db.path, clock=clock)
    assert _stages(await again.overdue()) == [(info.id, info.public.turn, "claimable")]
    await again.mark_warned(info.id, info.version, "claimable")
    await again.close()
    again = await TableService.open(svc.store.db.path, clock=clock)
    assert await again.overdue() == []
    await again.close()


async def test_the_ai_seat_is_never_overdue(setup):
    svc, clock, _ = setup
    m = await svc.play_bot(1, 2, 5, "human", 999, "Bot", seed=1)
    if m.public.turn == 0:
        m = (await svc.act(m.id, 5, "pass", 0)).match
    assert m.public.turn == 1
    clock.advance(10 * TIMEOUT)
    assert all(o.match.id != m.id for o in await svc.overdue())
    assert [i.id for i in await svc.ai_pending()] == [m.id]
    assert (await svc.ai_step(m.id)).match.version == m.version + 1
