"""Storage faults by name: unusable files stop start-up with one line; a failing disk refuses a move,
changes nothing, logs one ERROR a minute, and recovers by itself.

A lock held elsewhere and a damaged match row are tested on both stores (``gin_db``); the file checks
are SQLite's alone (PostgreSQL's files are its server's business). A full disk is not simulated on
PostgreSQL: only the server's own file system can fill, which takes a size-limited mount on the
server's host (root there), and no server setting caps table writes (``temp_file_limit`` caps only
temporary files), so that test stays on SQLite, whose ``max_page_count`` is a real cap. A dropped
connection and a server that is down for a while are in test_postgres.py.
"""

from __future__ import annotations

import asyncio
import logging
import os
import pwd
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest

from bot.store import Database, StorageUnusable, is_postgres_url
from bot.store.faults import FaultKind, FaultLog, StorageFault
from bot.tables import Refusal, TableService
from tests.store.helpers import dump, execute, new_pvp, play_one, turn_of


async def test_a_garbage_file_is_named_and_left_untouched(tmp_path):
    path = tmp_path / "gin.sqlite3"
    path.write_bytes(b"this is not a database, just a file someone put here\n" * 40)
    before = path.read_bytes()
    with pytest.raises(StorageUnusable, match="is not a SQLite database"):
        await TableService.open(path)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["gin.sqlite3"]


# Database.open(argv[1]) in a fresh interpreter that is not root: as root (whom permission bits do not
# stop) it first opens a scratch database, so every module the check needs is loaded while the
# interpreter's own files are readable (they may sit in root's home, which no other user may enter),
# then drops to the uid and gid of argv[2] for good. Prints the StorageUnusable message, or "opened".
_OPEN_AS = """
import asyncio, os, sys, tempfile
from bot.store import Database, StorageUnusable

async def open_and_close(path):
    await (await Database.open(path)).close()

with tempfile.TemporaryDirectory() as scratch:
    asyncio.run(open_and_close(os.path.join(scratch, "scratch.sqlite3")))
if os.getuid() == 0:
    os.setgroups([])
    os.setgid(int(sys.argv[2]))
    os.setuid(int(sys.argv[2]))
assert os.getuid() != 0 and os.geteuid() != 0, "still root"
try:
    asyncio.run(open_and_close(sys.argv[1]))
except StorageUnusable as e:
    print(e)
else:
    print("opened")
"""

ROOT = Path(__file__).resolve().parents[2]


def _unprivileged() -> int:
    """The uid the check runs as: ``nobody`` when the tests run as root, else the current user."""
    if os.getuid() != 0:
        return os.getuid()
    try:
        return pwd.getpwnam("nobody").pw_uid
    except KeyError:
        return 65534


def _open_as(uid: int, path: Path) -> str:
    """What Database.open(path) says when run by ``uid`` (see _OPEN_AS)."""
    done = subprocess.run(
        [sys.executable, "-c", _OPEN_AS, str(path), str(uid)],
        cwd=ROOT,
        env={"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.fixture
def users_folder() -> Iterator[tuple[int, Path]]:
    """An unprivileged uid and a folder of its own that it may enter (pytest's tmp_path is root's alone)."""
    uid = _unprivileged()
    folder = Path(tempfile.mkdtemp(prefix="gin-ro-"))
    try:
        folder.chmod(0o755)
        if os.getuid() == 0:
            os.chown(folder, uid, uid)
        yield uid, folder
    finally:
        folder.chmod(0o755)  # a read-only folder's files cannot be removed, not even by their owner
        shutil.rmtree(folder)


def _own(uid: int, path: Path, mode: int) -> None:
    if os.getuid() == 0:
        os.chown(path, uid, uid)
    path.chmod(mode)


async def test_a_read_only_file_is_named(users_folder):
    """A real read-only file, checked by a user whom its permission bits stop (not root)."""
    uid, folder = users_folder
    path = folder / "gin.sqlite3"
    await (await Database.open(path)).close()
    _own(uid, path, 0o444)
    said = _open_as(uid, path)
    assert said == f"GIN_DB={path} is read-only; give the bot's user write permission on it."
    _own(uid, path, 0o644)  # the same file, writable: the same user opens it
    assert _open_as(uid, path) == "opened"


async def test_a_read_only_folder_is_named(users_folder):
    """A writable file in a folder its user may not write: SQLite could not create its journal (WAL) there."""
    uid, folder = users_folder
    path = folder / "gin.sqlite3"
    await (await Database.open(path)).close()
    _own(uid, path, 0o644)
    folder.chmod(0o555)
    said = _open_as(uid, path)
    assert said.startswith(f"the folder of GIN_DB={path} is not writable (SQLite keeps its journal"), said
    assert sorted(p.name for p in folder.iterdir()) == ["gin.sqlite3"]  # nothing was created


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


@pytest.mark.parametrize("background", [False, True], ids=["recover", "background"])
@pytest.mark.parametrize("state", ["{not json", '{"format": 1}', "[]"], ids=["not-json", "not-a-match", "a-list"])
async def test_a_damaged_match_state_leaves_that_match_out_of_start_up(gin_db, caplog, state, background):
    """A match whose stored state does not load (a damaged row): start-up names it in one ERROR and
    goes on with the others, on both stores (both read it through the same code)."""
    svc = await TableService.open(gin_db)
    damaged = await new_pvp(svc, channel=1, seed=1)
    other = await new_pvp(svc, channel=2, a=3, b=4, seed=2)
    await play_one(svc, other.id)
    await svc.close()
    execute(gin_db, "UPDATE snapshots SET state = ? WHERE match_id = ?", state, damaged.id)
    with caplog.at_level(logging.ERROR):
        svc = await TableService.open(gin_db, background=background)
        await svc.recovered()
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and errors[0].startswith(f"match {damaged.id}: its stored state does not load ("), errors
    assert [i.id for i in await svc.active_matches()] == [other.id]
    assert (await play_one(svc, other.id)).match.version == 2
    await svc.close()


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


@asynccontextmanager
async def _write_lock_held_elsewhere(db: Path | str, match_id: int) -> AsyncIterator[None]:
    """Another client in an open transaction that holds what a move must write: SQLite's write lock
    (BEGIN IMMEDIATE), PostgreSQL's lock on the match's row (an UPDATE of it, not committed)."""
    if is_postgres_url(db):
        conn = await asyncpg.connect(str(db))
        held = conn.transaction()
        await held.start()
        try:
            await conn.execute("UPDATE matches SET board_message_id = 42 WHERE id = $1", match_id)
            yield
        finally:
            await held.rollback()
            await conn.close()
        return
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


async def test_a_write_lock_held_elsewhere_refuses_writes_but_not_reads(gin_db):
    svc = await TableService.open(gin_db, busy_timeout_ms=300)
    info = await new_pvp(svc, channel=1, seed=3)
    before = dump(gin_db)
    async with _write_lock_held_elsewhere(gin_db, info.id):
        start = time.perf_counter()
        with pytest.raises(Refusal, match="The database is busy; try again in a moment: nothing was changed"):
            await asyncio.wait_for(play_one(svc, info.id), 5)
        assert time.perf_counter() - start < 3
        # reads go on beside the held lock
        reads = await asyncio.wait_for(
            asyncio.gather(svc.leaderboard(1), svc.match_for_channel(1), svc.player_stats(1, 1)), 1
        )
        assert reads[1] is not None and reads[1].id == info.id
    assert dump(gin_db) == before  # nothing of the refused move, nothing of the other client's
    assert (await play_one(svc, info.id)).match.version == 1
    await svc.close()


async def test_a_look_at_ones_cards_does_not_wait_for_a_move_being_written(gin_db):
    """While a move waits on a lock held elsewhere, both players' own views answer at once, from the
    last committed state (not the move in memory, which may yet be refused)."""
    svc = await TableService.open(gin_db, busy_timeout_ms=2500)
    info = await new_pvp(svc, channel=1, seed=3)
    before = [await svc.seat_view(info.id, user) for user in info.players]
    async with _write_lock_held_elsewhere(gin_db, info.id):
        move = asyncio.create_task(play_one(svc, info.id))
        live = svc.live.get(info.id)
        assert live is not None
        while not live.changing:  # until the move has changed the state in memory and waits to be written
            assert not move.done()
            await asyncio.sleep(0.01)
        start = time.perf_counter()
        looks = await asyncio.wait_for(asyncio.gather(*(svc.seat_view(info.id, u) for u in info.players)), 1)
        assert time.perf_counter() - start < 1 and not move.done()
        assert list(looks) == before
        with pytest.raises(Refusal, match="The database is busy"):
            await move
    assert [await svc.seat_view(info.id, user) for user in info.players] == before
    assert (await play_one(svc, info.id)).match.version == 1
    after = await svc.seat_view(info.id, info.players[turn_of(info)])
    assert after != before[turn_of(info)]
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
