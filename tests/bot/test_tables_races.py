"""Concurrency: identical concurrent moves apply once; many tables all land."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from bot.ai import greedy_action
from bot.tables import Refusal, TableService
from tests.store.helpers import gin_view, new_pvp, query, turn_of


async def test_fifty_identical_acts_apply_once(gin_db):
    path = gin_db
    svc = await TableService.open(path)
    info = await new_pvp(svc, channel=1, seed=3)
    user = info.players[turn_of(info)]
    action = (await svc.seat_view(info.id, user)).legal[0]
    outcomes = await asyncio.gather(
        *(svc.act(info.id, user, action, info.version) for _ in range(50)), return_exceptions=True
    )
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, Refusal)]
    assert len(applied) == 1 and len(refused) == 49
    assert all(r.reason.startswith("This was out of date") for r in refused)
    assert query(path, "SELECT seq, action FROM moves WHERE match_id = ?", info.id) == [(1, str(action))]
    assert query(path, "SELECT version FROM matches WHERE id = ?", info.id) == [(1,)]
    await svc.close()


async def test_concurrent_moves_in_100_channels_all_land(gin_db):
    path = gin_db
    svc = await TableService.open(path)
    infos = await asyncio.gather(*(new_pvp(svc, channel=100 + i, a=2 * i + 1, b=2 * i + 2, seed=i) for i in range(100)))
    assert len({i.id for i in infos}) == 100
    per_table = 12

    async def run(info):
        for _ in range(per_table):
            user = info.players[turn_of(info)]
            view = await svc.seat_view(info.id, user)
            info = (await svc.act(info.id, user, greedy_action(gin_view(view)), info.version)).match
        return info

    finals = await asyncio.gather(*(run(info) for info in infos))
    assert all(f.version == per_table for f in finals)
    assert query(path, "SELECT COUNT(*), COUNT(DISTINCT match_id) FROM moves") == [(100 * per_table, 100)]
    assert query(path, "SELECT MIN(version), MAX(version) FROM matches") == [(per_table, per_table)]
    await svc.close()
    # a fresh service agrees, and replaying every log reproduces every snapshot
    svc = await TableService.open(path)
    assert svc.recovery_mismatches == [] and len(await svc.active_matches()) == 100
    await svc.close()


async def test_concurrent_challenges_for_one_channel_create_one(gin_db):
    svc = await TableService.open(gin_db)
    outcomes = await asyncio.gather(
        *(svc.challenge(1, 5, u, f"u{u}", None) for u in range(1, 21)), return_exceptions=True
    )
    created = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(created) == 1 and all(isinstance(o, Refusal) for o in outcomes if o is not created[0])
    accepts = await asyncio.gather(
        *(svc.accept(created[0].id, u, f"u{u}") for u in range(30, 40)), return_exceptions=True
    )
    matches = [o for o in accepts if not isinstance(o, BaseException)]
    assert len(matches) == 1 and all(isinstance(o, Refusal) for o in accepts if o is not matches[0])
    assert len(await svc.active_matches()) == 1
    await svc.close()


async def test_board_message_never_publishes_an_uncommitted_move(gin_db, monkeypatch):
    """set_board_message while a move waits for its commit: lock-free readers still see only the
    committed version. The order is forced with events, not timing: the board's row is written,
    then a queued call holds the match's writer, then the move is applied in memory and its
    commit waits behind that call, and only then does set_board_message finish and the reader look."""
    path = gin_db
    svc = await TableService.open(path)
    info = await new_pvp(svc, channel=1, seed=3)
    user = info.players[turn_of(info)]
    view = await svc.seat_view(info.id, user)
    seen: list[tuple[int, int]] = []
    public: list[Any] = []
    board_written, move_applied = asyncio.Event(), asyncio.Event()
    writer_held, release = threading.Event(), threading.Event()
    store = svc.store
    write_board, commit_move = store.set_board_message, store.commit_move

    async def board_then_wait(match_id: int, message_id: int | None) -> None:
        await write_board(match_id, message_id)
        board_written.set()
        await move_applied.wait()  # the move is applied in memory, its commit held back

    async def commit_spy(write: Any) -> Any:
        move_applied.set()  # act calls the store only after applying the move in memory
        return await commit_move(write)

    monkeypatch.setattr(store, "set_board_message", board_then_wait)
    monkeypatch.setattr(store, "commit_move", commit_spy)

    def hold(_conn: Any) -> None:  # the queue the match's commit takes
        writer_held.set()
        assert release.wait(10), "the test never released the writer"

    async def board() -> None:
        await svc.set_board_message(info.id, 999)
        on_disk = query(path, "SELECT version FROM matches WHERE id = ?", info.id)[0][0]
        now = await svc.get_match(info.id)
        seen.append((now.version, on_disk))
        public.append(now.public)

    reader = asyncio.create_task(board())
    await asyncio.wait_for(board_written.wait(), 10)
    held = asyncio.create_task(svc.store.db.run(hold, key=info.id))
    assert await asyncio.to_thread(writer_held.wait, 10)
    move = asyncio.create_task(svc.act(info.id, user, greedy_action(gin_view(view)), info.version))
    try:
        await asyncio.wait_for(reader, 10)
    finally:
        release.set()
    await held
    await move
    assert seen == [(info.version, info.version)], f"reader saw version {seen[0][0]}, disk had {seen[0][1]}"
    assert public == [info.public], "the reader saw the table of the uncommitted move"
    after = await svc.get_match(info.id)
    assert (after.version, after.board_message_id) == (info.version + 1, 999)
    await svc.close()


async def test_concurrent_settings_changes_keep_both(gin_db):
    path = gin_db
    svc = await TableService.open(path)
    await asyncio.gather(svc.update_settings(1, target=150), svc.update_settings(1, turn_timeout_s=600))
    s = await svc.guild_settings(1)
    assert (s.target, s.turn_timeout_s) == (150, 600)
    assert query(path, "SELECT target, turn_timeout_s FROM guild_settings WHERE guild_id = 1") == [(150, 600)]
    await svc.close()
