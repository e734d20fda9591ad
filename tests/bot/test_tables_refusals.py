"""Bad input gets a clear Refusal and writes nothing; a failed commit leaves memory as on disk."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.engine import parse_card
from bot.engine.knock import discard
from bot.tables import Refusal, TableService
from tests.store.helpers import dump, fail_writes, first_legal, new_pvp, play_one, query, stop_failing


@pytest.fixture
async def table(gin_db):
    path = gin_db
    svc = await TableService.open(path)
    info = await new_pvp(svc, channel=1, a=1, b=2, seed=11)
    for _ in range(3):
        info = (await play_one(svc, info.id)).match
    yield svc, path, info
    await svc.close()


async def _refused(svc, path, coro, match: str) -> None:
    before = dump(path)
    with pytest.raises(Refusal, match=match) as exc:
        await coro
    assert exc.value.reason == str(exc.value)
    assert dump(path) == before


async def test_unknown_match(table):
    svc, path, _info = table
    await _refused(svc, path, svc.act(999, 1, "stock", None), "There is no such match")
    await _refused(svc, path, svc.resign(999, 1), "There is no such match")
    await _refused(svc, path, svc.seat_view(999, 1), "There is no such match")
    with pytest.raises(Refusal, match="no such match"):
        await svc.get_match(999)


async def test_player_not_in_match(table):
    svc, path, info = table
    await _refused(svc, path, svc.act(info.id, 3, "stock", info.version), "You are not playing in this match")
    await _refused(svc, path, svc.resign(info.id, 3), "You are not playing")
    await _refused(svc, path, svc.claim(info.id, 3), "You are not playing")
    await _refused(svc, path, svc.seat_view(info.id, 3), "You are not playing")


async def test_stale_version(table):
    svc, path, info = table
    user = info.players[info.public.turn]
    view = await svc.seat_view(info.id, user)
    for old in (0, info.version - 1, info.version + 1):
        await _refused(svc, path, svc.act(info.id, user, view.legal[0], old), r"^This was out of date")
    assert (await svc.get_match(info.id)).version == info.version


async def test_illegal_moves(table):
    svc, path, info = table
    turn = info.public.turn
    mover, waiter = info.players[turn], info.players[1 - turn]
    view = await svc.seat_view(info.id, mover)
    await _refused(svc, path, svc.act(info.id, waiter, view.legal[0], info.version), "not your turn")
    not_held = next(c for c in map(parse_card, ["AS", "2S", "3S", "4S", "5S", "6S"]) if c not in view.hand)
    await _refused(svc, path, svc.act(info.id, mover, discard(not_held), info.version), ".")
    await _refused(svc, path, svc.act(info.id, mover, "fly away", info.version), "That is not a move")
    # the refusal never names the mover's hidden cards
    with pytest.raises(Refusal) as exc:
        await svc.act(info.id, mover, "big_gin", info.version)
    assert not any(str(c) in exc.value.reason or c.pretty in exc.value.reason for c in view.hand)
    # and the match still plays on from the same version
    assert (await play_one(svc, info.id)).match.version == info.version + 1


async def test_finished_match_refuses_moves(table):
    svc, path, info = table
    await svc.resign(info.id, 1)
    await _refused(svc, path, svc.act(info.id, 2, "stock", None), "That match is over")
    await _refused(svc, path, svc.resign(info.id, 2), "That match is over")
    await _refused(svc, path, svc.claim(info.id, 2), "That match is over")
    await _refused(svc, path, svc.abandon(info.id, 0), "That match is over")
    assert await svc.ai_step(info.id) is None
    assert (await svc.seat_view(info.id, 1)).finished  # viewing a finished match is fine


async def test_failed_commit_leaves_memory_as_on_disk(table):
    """A real database failure inside the move's transaction (a trigger raises): nothing lands and the
    service's memory does not run ahead; once the fault is gone the same move applies once."""
    svc, path, info = table
    user = info.players[info.public.turn]
    view = await svc.seat_view(info.id, user)
    before = dump(path)
    # The match row: every move updates it (the snapshot only every n-th move), after the move row.
    await fail_writes(svc, "fail_match_row", "matches", "UPDATE", "disk says no")
    with pytest.raises(sqlite3.IntegrityError, match="disk says no"):
        await svc.act(info.id, user, view.legal[0], info.version)
    assert dump(path) == before  # the move row of the same transaction was rolled back too
    assert (await svc.get_match(info.id)).version == info.version
    assert [m.id for m in await svc.active_matches()] == [info.id]  # the scheduler still sees it
    assert (await svc.seat_view(info.id, user)) == view
    await stop_failing(svc, "fail_match_row", "matches")
    result = await svc.act(info.id, user, view.legal[0], info.version)
    assert result.match.version == info.version + 1
    with pytest.raises(Refusal, match="out of date"):
        await svc.act(info.id, user, view.legal[0], info.version)


async def test_bot_game_stays_scheduled_after_a_failed_commit(gin_db):
    """A bot move whose commit fails: the match stays listed for ai_pending (else the bot would never
    move again until a restart) and the next ai_step plays from what is on disk."""
    path = gin_db
    svc = await TableService.open(path, chooser=first_legal)
    info = await svc.play_bot(1, 1, 10, "human", 99, "bot", seed=5)
    while info.public.turn != info.ai_seat:
        info = (await play_one(svc, info.id)).match
    await fail_writes(svc, "fail_move", "moves", "INSERT", "disk says no")
    with pytest.raises(sqlite3.IntegrityError):
        await svc.ai_step(info.id)
    assert [m.id for m in await svc.ai_pending()] == [info.id]
    await stop_failing(svc, "fail_move", "moves")
    result = await svc.ai_step(info.id)
    assert result is not None and result.match.version == info.version + 1
    assert query(path, "SELECT version FROM matches WHERE id = ?", info.id) == [(info.version + 1,)]
    await svc.close()


async def test_failed_final_commit_does_not_finish_the_match(table):
    svc, path, info = table
    before = dump(path)
    await fail_writes(svc, "fail_stats", "player_stats", "INSERT", "no stats")
    with pytest.raises(sqlite3.IntegrityError):
        await svc.resign(info.id, 1)
    assert dump(path) == before
    assert (await svc.get_match(info.id)).status == "active"
    assert (await svc.match_for_channel(1)).id == info.id
    await stop_failing(svc, "fail_stats", "player_stats")
    assert (await svc.resign(info.id, 1)).match.status == "resigned"


async def test_cancelled_act_never_leaves_memory_ahead(table, caplog, monkeypatch):
    """Cancel act() while its commit is queued: the write still lands (it was queued), the service
    drops its copy, and the next reader reloads exactly what is on disk."""
    svc, path, info = table
    user = info.players[info.public.turn]
    view = await svc.seat_view(info.id, user)
    committing = asyncio.Event()
    commit_move = svc.store.commit_move

    async def signalling_commit(write):  # the move is applied in memory; its write goes out now
        committing.set()
        return await commit_move(write)

    monkeypatch.setattr(svc.store, "commit_move", signalling_commit)
    task = asyncio.create_task(svc.act(info.id, user, view.legal[0], info.version))
    waiter = asyncio.create_task(committing.wait())
    await asyncio.wait({task, waiter}, timeout=5, return_when=asyncio.FIRST_COMPLETED)
    if not committing.is_set():
        waiter.cancel()
        pytest.fail(f"the act never reached its commit ({task})")
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    notes = [r for r in caplog.records if "was cancelled (it may still land); reloading it" in r.getMessage()]
    assert [r.levelname for r in notes] == ["WARNING"]  # a shutdown is not an error
    memory = await svc.seat_view(info.id, user)  # reloads under the lock, after the queued write
    on_disk = query(path, "SELECT version FROM matches WHERE id = ?", info.id)[0][0]
    assert memory.moves == on_disk == info.version + 1
    assert (await svc.get_match(info.id)).version == on_disk
    with pytest.raises(Refusal, match="out of date"):  # and it is never applied twice
        await svc.act(info.id, user, view.legal[0], info.version)
