"""Storage faults by name: unusable files stop start-up with one line; a failing disk refuses a move,
changes nothing, logs one ERROR a minute, and recovers by itself."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import time

import pytest

from bot.store import Database, StorageUnusable
from bot.store.faults import FaultKind, FaultLog, StorageFault
from bot.tables import Refusal, TableService
from tests.store.helpers import dump, new_pvp, play_one


async def test_a_garbage_file_is_named_and_left_untouched(tmp_path):
    path = tmp_path / "gin.sqlite3"
    path.write_bytes(b"this is not a database, just a file someone put here\n" * 40)
    before = path.read_bytes()
    with pytest.raises(StorageUnusable, match="is not a SQLite database"):
        await TableService.open(path)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["gin.sqlite3"]


async def test_a_read_only_file_is_named(tmp_path, monkeypatch):
    """The check asks os.access (the tests run as root, whom permission bits do not stop: so it is told)."""
    path = tmp_path / "gin.sqlite3"
    await (await Database.open(path)).close()
    real = os.access
    monkeypatch.setattr(
        os, "access", lambda p, mode: False if str(p) == str(path) and mode & os.W_OK else real(p, mode)
    )
    with pytest.raises(StorageUnusable, match="is read-only; give the bot's user write permission"):
        await Database.open(path)


async def test_an_impossible_directory_is_named(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    with pytest.raises(StorageUnusable, match="cannot create the folder"):
        await Database.open(blocker / "sub" / "gin.sqlite3")
    with pytest.raises(StorageUnusable, match="is not a file"):
        await Database.open(tmp_path)


async def test_a_damaged_file_fails_its_check(tmp_path):
    path = tmp_path / "gin.sqlite3"
    svc = await TableService.open(path)
    await new_pvp(svc, channel=1)
    await svc.close()
    data = bytearray(path.read_bytes())
    for page in range(4096, len(data), 4096):  # every b-tree page after the first: a page type that does not exist
        data[page : page + 8] = b"\xff" * 8
    path.write_bytes(bytes(data))
    with pytest.raises(StorageUnusable):
        await Database.open(path)


async def test_a_full_disk_refuses_the_move_changes_nothing_and_recovers(tmp_path, caplog):
    path = tmp_path / "gin.sqlite3"
    svc = await TableService.open(path)
    info = await new_pvp(svc, channel=1, seed=3)
    await play_one(svc, info.id)
    # SQLite's own size cap: once the file needs one more page, every write is "database or disk is full"
    pages = await svc.store.db.run(lambda c: c.execute("PRAGMA page_count").fetchone()[0])
    await svc.store.db.run(lambda c: c.execute(f"PRAGMA max_page_count = {pages}"))
    caplog.set_level(logging.INFO)
    refusal = None
    channel = 1
    for _ in range(400):  # moves (and new matches) until one needs a new page
        try:
            current = await svc.get_match(info.id)
            if current.status != "active":
                channel += 1
                info = await new_pvp(svc, channel=channel, seed=channel)
            before = dump(path)
            await play_one(svc, info.id)
        except Refusal as r:
            refusal = r
            break
    assert (
        refusal is not None
        and refusal.reason == "I cannot save games right now (the disk is full): nothing was changed."
    )
    assert dump(path) == before  # nothing half-applied
    for _ in range(3):  # every further try is refused too, and logged only once a minute
        with pytest.raises(Refusal, match="the disk is full"):
            await play_one(svc, info.id)
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "database or disk is full" in errors[0], errors
    version = (await svc.get_match(info.id)).version
    await svc.store.db.run(lambda c: c.execute("PRAGMA max_page_count = 1073741823"))
    result = await play_one(svc, info.id)  # the fault is gone: the next move just works
    assert result.match.version == version + 1
    await svc.close()


async def test_a_write_lock_held_elsewhere_refuses_writes_but_not_reads(tmp_path):
    path = tmp_path / "gin.sqlite3"
    svc = await TableService.open(path, busy_timeout_ms=300)
    info = await new_pvp(svc, channel=1, seed=3)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        start = time.perf_counter()
        with pytest.raises(Refusal, match="The database is busy; try again in a moment: nothing was changed"):
            await play_one(svc, info.id)
        assert time.perf_counter() - start < 3
        # reads go on beside the held lock
        reads = await asyncio.wait_for(
            asyncio.gather(svc.leaderboard(1), svc.match_for_channel(1), svc.player_stats(1, 1)), 1
        )
        assert reads[1] is not None and reads[1].id == info.id
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert (await play_one(svc, info.id)).match.version == 1
    await svc.close()


def test_the_fault_log_reports_once_a_minute_per_kind(caplog):
    log = logging.getLogger("tests.faults")
    faults = FaultLog(log, every_s=60)
    with caplog.at_level(logging.ERROR, logger="tests.faults"):
        for _ in range(5):
            faults.report(StorageFault(FaultKind.FULL, "database or disk is full"))
        faults.report(StorageFault(FaultKind.READ_ONLY, "attempt to write a readonly database"))
    assert [r.getMessage().split(":")[1].strip() for r in caplog.records] == [
        "the disk is full",
        "the database file is read-only",
    ]
