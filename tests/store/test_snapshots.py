"""A snapshot every n moves (and at every hand's end): the moves after it are replayed on load, on both
stores, and a reopened service shows exactly what an engine match that played the same moves shows."""

from __future__ import annotations

import logging

from bot.ai import greedy_action
from bot.engine.gin import Match, public_view, seat_view
from bot.store import Store
from bot.tables import TableService
from tests.store.helpers import execute, gin_rules, gin_view, new_pvp, query, turn_of

EVERY = 8


async def _service(target, every: int = EVERY) -> TableService:
    svc = TableService(await Store.open(target, snapshot_every=every))
    await svc.recover()
    return svc


async def test_snapshots_every_n_moves_and_at_hand_ends_and_loads_replay_the_rest(gin_db):
    svc = await _service(gin_db)
    info = await new_pvp(svc, channel=1, seed=11)
    engine = Match.new(gin_rules(info.rules), 11)
    written = []
    while engine.moves < 45:
        seat = turn_of(info)
        action = greedy_action(gin_view(await svc.seat_view(info.id, info.players[seat])))
        hands = len(engine.history)
        info = (await svc.act(info.id, info.players[seat], action, info.version)).match
        engine.apply(seat, action)
        stored = query(gin_db, "SELECT version FROM snapshots WHERE match_id = ?", info.id)[0][0]
        if stored == info.version:
            written.append(info.version)
            assert info.version % EVERY == 0 or len(engine.history) > hands, info.version
        else:  # not due: the snapshot stays at the last one written
            assert stored == (written[-1] if written else 0)
    assert engine.history, "the moves should cross a hand's end"
    assert len(written) < info.version // 2  # most moves left the snapshot alone
    assert written[-1] < info.version  # so loading below replays the moves after it
    await svc.close()

    for every in (1, EVERY):  # whatever this process's own interval, it loads the same state
        again = await _service(gin_db, every)
        try:
            assert again.recovery_mismatches == []
            recovered = await again.get_match(info.id)
            assert recovered.version == engine.moves and recovered.public == public_view(engine)
            for seat, user in enumerate(info.players):
                assert await again.seat_view(info.id, user) == seat_view(engine, seat)
        finally:
            await again.close()


async def test_a_missing_move_after_the_snapshot_is_reported(gin_db, caplog):
    svc = await _service(gin_db)
    info = await new_pvp(svc, channel=1, seed=3)
    for _ in range(EVERY + 3):
        seat = turn_of(info)
        action = greedy_action(gin_view(await svc.seat_view(info.id, info.players[seat])))
        info = (await svc.act(info.id, info.players[seat], action, info.version)).match
    await svc.close()
    stored = query(gin_db, "SELECT version FROM snapshots WHERE match_id = ?", info.id)[0][0]
    assert stored < info.version
    execute(gin_db, "DELETE FROM moves WHERE match_id = ? AND seq = ?", info.id, info.version)
    with caplog.at_level(logging.ERROR):
        again = await _service(gin_db)
    assert again.recovery_mismatches == [info.id]
    assert "the moves after its snapshot" in caplog.text and "versions disagree" in caplog.text
    await again.close()
