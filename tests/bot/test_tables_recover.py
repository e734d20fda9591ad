"""recover(): active matches come back from their snapshots; the move log must agree."""

from __future__ import annotations

import json
import logging
import re
import sqlite3

from bot.ai.greedy import greedy_action
from bot.engine import Match, public_view, seat_view
from bot.tables import TableService
from tests.store.helpers import new_pvp, play_one


async def _two_matches(path, moves=9):
    svc = await TableService.open(path)
    a = await new_pvp(svc, channel=1, a=1, b=2, seed=1)
    b = await new_pvp(svc, channel=2, a=3, b=4, seed=2)
    views = {}
    for info in (a, b):
        for _ in range(moves):
            await play_one(svc, info.id)
        views[info.id] = [await svc.seat_view(info.id, u) for u in info.players]
    done = await new_pvp(svc, channel=3, a=5, b=6, seed=3)
    await svc.resign(done.id, 5)
    await svc.close()
    return a, b, views


async def test_reopen_recovers_active_matches_and_play_continues(tmp_path):
    path = tmp_path / "gin.sqlite3"
    a, b, views = await _two_matches(path)
    svc = await TableService.open(path)
    assert svc.recovery_mismatches == []
    assert sorted(i.id for i in await svc.active_matches()) == [a.id, b.id]
    assert await svc.recover() == 2
    for info in (a, b):
        assert [await svc.seat_view(info.id, u) for u in info.players] == views[info.id]
        assert (await svc.get_match(info.id)).version == 9
        assert (await play_one(svc, info.id)).match.version == 10
    await svc.close()


def _edit(path, sql, *args):
    conn = sqlite3.connect(path)
    conn.execute(sql, args)
    conn.commit()
    conn.close()


async def test_a_tampered_snapshot_is_reported_and_wins(tmp_path, caplog):
    path = tmp_path / "gin.sqlite3"
    a, b, views = await _two_matches(path)
    conn = sqlite3.connect(path)
    state = json.loads(conn.execute("SELECT state FROM snapshots WHERE match_id = ?", (a.id,)).fetchone()[0])
    conn.close()
    state["hand"]["stock"] = " ".join(reversed(state["hand"]["stock"].split()))  # a different (still valid) future
    _edit(path, "UPDATE snapshots SET state = ? WHERE match_id = ?", json.dumps(state), a.id)
    with caplog.at_level(logging.ERROR, logger="bot.tables"):
        svc = await TableService.open(path)
    assert svc.recovery_mismatches == [a.id]
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and f"RECOVERY MISMATCH in match {a.id}" in errors[0].getMessage()
    for view in views[a.id]:  # no card in the loud log line
        words = set(re.findall(r"\w+", errors[0].getMessage()))
        assert not any(str(c) in words or c.pretty in errors[0].getMessage() for c in view.hand)
    live = svc.live.get(a.id)
    assert live is not None
    assert " ".join(str(c) for c in live.state.hand.stock) == state["hand"]["stock"]  # the snapshot wins
    assert [await svc.seat_view(b.id, u) for u in b.players] == views[b.id]  # the other is untouched
    await svc.close()


async def test_a_missing_move_row_is_reported(tmp_path, caplog):
    path = tmp_path / "gin.sqlite3"
    _a, b, _ = await _two_matches(path)
    _edit(path, "DELETE FROM moves WHERE match_id = ? AND seq = 9", b.id)
    with caplog.at_level(logging.ERROR, logger="bot.tables"):
        svc = await TableService.open(path)
    assert svc.recovery_mismatches == [b.id]
    assert "the move log has 8 moves for version 9" in caplog.text
    assert (await svc.get_match(b.id)).version == 9
    await svc.close()


async def test_a_snapshot_version_behind_the_match_is_reported(tmp_path, caplog):
    path = tmp_path / "gin.sqlite3"
    a, _, _ = await _two_matches(path)
    _edit(path, "UPDATE matches SET version = 8 WHERE id = ?", a.id)
    svc = await TableService.open(path)
    assert svc.recovery_mismatches == [a.id] and "versions disagree" in caplog.text
    await svc.close()


async def test_an_unreplayable_log_is_reported(tmp_path, caplog):
    path = tmp_path / "gin.sqlite3"
    a, _, _ = await _two_matches(path)
    _edit(path, "UPDATE moves SET action = 'big_gin' WHERE match_id = ? AND seq = 1", a.id)
    svc = await TableService.open(path)
    assert svc.recovery_mismatches == [a.id] and "does not replay (IllegalAction)" in caplog.text
    await svc.close()


async def test_views_of_recovered_match_equal_engine_views(tmp_path):
    """Close the service, reopen the same file: the recovered match shows exactly the views of an
    engine match that played the same moves on its own (nothing read back from the database)."""
    path = tmp_path / "gin.sqlite3"
    svc = await TableService.open(path)
    info = await new_pvp(svc, channel=1, a=1, b=2, seed=11)
    engine = Match.new(info.rules, 11)
    while engine.moves < 25:
        seat = info.public.turn
        action = greedy_action(await svc.seat_view(info.id, info.players[seat]))
        info = (await svc.act(info.id, info.players[seat], action, info.version)).match
        engine.apply(seat, action)
    assert engine.history, "the moves should cross a hand's end"
    await svc.close()

    svc = await TableService.open(path)
    try:
        assert svc.recovery_mismatches == []
        assert await svc.recover() == 1
        recovered = await svc.get_match(info.id)
        assert recovered.version == engine.moves and recovered.status == "active"
        assert recovered.public == public_view(engine)
        for seat, user in enumerate(info.players):
            assert await svc.seat_view(info.id, user) == seat_view(engine, seat)
    finally:
        await svc.close()
