"""recover(): active matches come back from their snapshots (a snapshot every n moves, the moves
after it replayed); the move log must agree, and a fault in the snapshot or the log is reported."""

from __future__ import annotations

import json
import logging
import re

import pytest

from bot.ai import greedy_action
from bot.constants import SNAPSHOT_EVERY
from bot.engine import game_type
from bot.engine.gin import Match, public_view, seat_view
from bot.tables import TableService
from tests.narrow import narrow
from tests.store.helpers import execute, gin_rules, gin_view, new_pvp, play_one, query, turn_of

EVERY = 4  # the fault tests' snapshot interval: 11 moves leave the snapshot at 8 and a tail of 3
MOVES = 11
AT = 8


async def _two_matches(path):
    """Two active matches of MOVES greedy moves (snapshots every EVERY moves) and a finished one."""
    svc = await TableService.open(path, snapshot_every=EVERY)
    a = await new_pvp(svc, channel=1, a=1, b=2, seed=1)
    b = await new_pvp(svc, channel=2, a=3, b=4, seed=2)
    views = {}
    for info in (a, b):
        for _ in range(MOVES):
            await play_one(svc, info.id)
        views[info.id] = [await svc.seat_view(info.id, u) for u in info.players]
    done = await new_pvp(svc, channel=3, a=5, b=6, seed=3)
    await svc.resign(done.id, 5)
    await svc.close()
    for info in (a, b):  # no hand ended early: each stored snapshot stands at AT, with a tail after it
        assert _snapshot(path, info.id)[0] == AT
    return a, b, views


def _snapshot(path, match_id: int) -> tuple[int, dict]:
    version, state = query(path, "SELECT version, state FROM snapshots WHERE match_id = ?", match_id)[0]
    return version, json.loads(state)


def _edit(path, sql, *args):
    execute(path, sql, *args)


def _no_cards_in(records: list[logging.LogRecord], views) -> None:
    """No card of a private hand in an error line."""
    for record in records:
        text = record.getMessage()
        words = set(re.findall(r"\w+", text))
        for view in views:
            assert not any(str(c) in words or c.pretty in text for c in view.hand), text


async def test_reopen_recovers_active_matches_and_play_continues(gin_db):
    path = gin_db
    a, b, views = await _two_matches(path)
    svc = await TableService.open(path)
    assert svc.recovery_mismatches == []
    assert sorted(i.id for i in await svc.active_matches()) == [a.id, b.id]
    assert await svc.recover() == 2
    for info in (a, b):
        assert [await svc.seat_view(info.id, u) for u in info.players] == views[info.id]
        assert (await svc.get_match(info.id)).version == MOVES
        assert (await play_one(svc, info.id)).match.version == MOVES + 1
    await svc.close()


async def test_a_tampered_snapshot_is_reported_and_wins(gin_db, caplog):
    """The snapshot (at 8) gets a different, still valid future: the stock below its top cards is
    reversed, so the tail (moves 9 to 11) still replays on it, but the replay from the seed does
    not reproduce the result. Reported once; the tampered snapshot with its tail is what loads."""
    path = gin_db
    a, b, views = await _two_matches(path)
    version, state = _snapshot(path, a.id)
    assert version == AT
    stock = state["hand"]["stock"].split()  # the top card is the last
    keep = MOVES - AT + 1  # more than the tail can draw
    state["hand"]["stock"] = " ".join([*reversed(stock[:-keep]), *stock[-keep:]])
    assert state["hand"]["stock"] != " ".join(stock)
    _edit(path, "UPDATE snapshots SET state = ? WHERE match_id = ?", json.dumps(state), a.id)
    # What the loader should make of it: the tampered state with the tail replayed.
    expected = game_type("gin").load(state)
    for _, seat, text in query(path, "SELECT seq, seat, action FROM moves WHERE match_id = ? AND seq > ?", a.id, AT):
        expected.apply(seat, game_type("gin").parse_action(text))
    assert expected.moves == MOVES
    with caplog.at_level(logging.ERROR, logger="bot.tables"):
        svc = await TableService.open(path)
    assert svc.recovery_mismatches == [a.id]
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and f"RECOVERY MISMATCH in match {a.id}" in errors[0].getMessage()
    assert "does not reproduce the snapshot" in errors[0].getMessage()
    _no_cards_in(errors, views[a.id])
    live = svc.live.get(a.id)
    assert live is not None and live.state.moves == MOVES
    recovered = narrow(live.state, Match)
    assert recovered.hand.stock == narrow(expected, Match).hand.stock  # the snapshot (and its tail) wins
    played = [(seat, text) for _, seat, text in await svc.store.move_log(a.id)]
    assert recovered.hand.stock != Match.replay(a.rules, 1, played).hand.stock  # not what the log says
    assert [await svc.seat_view(b.id, u) for u in b.players] == views[b.id]  # the other is untouched
    await svc.close()


@pytest.mark.parametrize(
    "seq,reason",
    [
        (MOVES, "versions disagree (match 11, snapshot 8, state 8)"),  # in the tail: the replay stops short
        (AT - 3, f"the move log has {MOVES - 1} moves for version {MOVES}"),  # before the snapshot
    ],
)
async def test_a_missing_move_row_is_reported(gin_db, caplog, seq, reason):
    path = gin_db
    _a, b, views = await _two_matches(path)
    _edit(path, "DELETE FROM moves WHERE match_id = ? AND seq = ?", b.id, seq)
    with caplog.at_level(logging.ERROR):
        svc = await TableService.open(path)
    assert svc.recovery_mismatches == [b.id]
    assert f"RECOVERY MISMATCH in match {b.id}: {reason}" in caplog.text
    _no_cards_in([r for r in caplog.records if r.levelno >= logging.ERROR], views[b.id])
    assert (await svc.get_match(b.id)).version == MOVES
    await svc.close()


@pytest.mark.parametrize("version", [AT - 2, MOVES + 1])  # a snapshot labelled behind or ahead of its state
async def test_a_snapshot_version_off_the_match_is_reported(gin_db, caplog, version):
    path = gin_db
    a, _, _ = await _two_matches(path)
    _edit(path, "UPDATE snapshots SET version = ? WHERE match_id = ?", version, a.id)
    svc = await TableService.open(path)
    assert svc.recovery_mismatches == [a.id] and "versions disagree" in caplog.text
    await svc.close()


@pytest.mark.parametrize("seq", [1, MOVES])  # before the snapshot (the check's replay) and in the tail (the load's)
async def test_an_unreplayable_log_is_reported(gin_db, caplog, seq):
    path = gin_db
    a, _, _ = await _two_matches(path)
    _edit(path, "UPDATE moves SET action = 'big_gin' WHERE match_id = ? AND seq = ?", a.id, seq)
    svc = await TableService.open(path)
    assert svc.recovery_mismatches == [a.id]
    assert "does not replay (IllegalAction)" in caplog.text or "do not replay (IllegalAction)" in caplog.text
    await svc.close()


async def test_views_of_recovered_match_equal_engine_views(gin_db):
    """Close the service, reopen the same file: the recovered match shows exactly the views of an
    engine match that played the same moves on its own (nothing read back from the database)."""
    path = gin_db
    svc = await TableService.open(path)
    info = await new_pvp(svc, channel=1, a=1, b=2, seed=11)
    engine = Match.new(gin_rules(info.rules), 11)
    while engine.moves < 25:
        seat = turn_of(info)
        action = greedy_action(gin_view(await svc.seat_view(info.id, info.players[seat])))
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


@pytest.mark.parametrize("background", [False, True])
async def test_a_restarted_service_continues_the_match_identically(gin_db, background):
    """The bot's own interval: a match played past several snapshots, the process restarted (a new
    service on the same database) at points with a tail to replay, and play goes on exactly as an
    engine match that never stopped: the same views after every move and the same next moves."""
    assert SNAPSHOT_EVERY > 1, "the bot's interval leaves a tail after some moves"
    path = gin_db
    svc = await TableService.open(path)
    info = await new_pvp(svc, channel=1, a=1, b=2, seed=5)
    engine = Match.new(gin_rules(info.rules), 5)
    snapshots: set[int] = set()
    restarts = 0
    while engine.moves < 90 and info.status == "active":
        seat = turn_of(info)
        view = gin_view(await svc.seat_view(info.id, info.players[seat]))
        assert view == seat_view(engine, seat)
        action = greedy_action(view)
        assert action == greedy_action(seat_view(engine, seat))  # the same next move
        info = (await svc.act(info.id, info.players[seat], action, info.version)).match
        engine.apply(seat, action)
        assert info.public == public_view(engine)
        stored, state = _snapshot(path, info.id)
        snapshots.add(stored)
        # The stored snapshot is the engine's state at its version, at most SNAPSHOT_EVERY - 1 moves back.
        assert 0 <= engine.moves - stored < SNAPSHOT_EVERY
        if stored == engine.moves:
            assert state == json.loads(json.dumps(engine.to_dict()))
        if engine.moves % 23 == 0 and stored < engine.moves:  # restart with a tail to replay
            await svc.close()
            svc = await TableService.open(path, background=background)
            if background:
                await svc.recovered()
            assert svc.recovery_mismatches == []
            restarts += 1
            for s, user in enumerate(info.players):
                assert await svc.seat_view(info.id, user) == seat_view(engine, s)
            assert (await svc.get_match(info.id)).public == public_view(engine)
    await svc.close()
    assert restarts >= 2 and len(snapshots) >= 6, (restarts, sorted(snapshots))
    assert engine.history, "the moves should cross a hand's end"
