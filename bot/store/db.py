"""The database: start-up checks, pragmas, migrations, and running work on its connections.

Every piece of work is a plain function ``fn(conn, *args)`` run on an aiosqlite worker
thread as ONE queued call. aiosqlite executes its queue strictly in order on one
thread, so a function that does BEGIN ... COMMIT is atomic with respect to every other
call on the connection (no interleaving of two coroutines' statements inside one
transaction), costs one thread hop instead of one per statement, and a read queued
after a write always sees that write.

Durability: WAL with synchronous=NORMAL. A commit is appended to the WAL file by a
write() before COMMIT returns, so it survives a SIGKILL of the process (the OS page
cache keeps it); only a power loss / OS crash can lose the last commits (WAL is
fsynced at checkpoints). The database is never corrupted either way. Set
``synchronous='FULL'`` to also survive power loss at the cost of an fsync per move.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from .dialect import SQLITE, Dialect
from .faults import FaultLog, StorageFault, StorageUnusable, classify
from .migrate import migrate

log = logging.getLogger(__name__)
T = TypeVar("T")


async def _on_thread(conn: aiosqlite.Connection, fn: Callable[..., T], *args: Any) -> T:
    """``fn(sqlite3_connection, *args)`` queued on the aiosqlite connection's own thread (its private,
    untyped ``_execute``: typed here once)."""
    execute: Callable[..., Awaitable[T]] = conn._execute
    return await execute(fn, conn._conn, *args)


BUSY_TIMEOUT_MS = 5000


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any exception (re-raised)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        # Also after a failed COMMIT (e.g. SQLITE_BUSY), which leaves the transaction open;
        # SQLite may already have rolled back by itself, and the first error is the one to see.
        if conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                log.warning("rollback after a failed transaction failed too", exc_info=True)
        raise


@contextmanager
def reading(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """Several SELECTs that must see one state of the database (a row and its seats): one read
    transaction, unless the caller is already inside a transaction."""
    if conn.in_transaction:
        yield conn
        return
    conn.execute("BEGIN")
    try:
        yield conn
    finally:
        if conn.in_transaction:
            conn.execute("COMMIT")  # nothing was written: COMMIT just ends the read


def configure(conn: sqlite3.Connection, synchronous: str = "NORMAL", busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
    """Pragmas for every connection (also used by tools that open the file directly)."""
    if synchronous.upper() not in ("NORMAL", "FULL"):
        raise ValueError("synchronous must be NORMAL or FULL")
    conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
    mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if str(mode).lower() != "wal":  # e.g. a network file system refuses WAL
        raise RuntimeError(f"SQLite refused WAL mode (got {mode!r}) for this database file")
    conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
    conn.execute("PRAGMA foreign_keys = ON")


_SQLITE_HEADER = b"SQLite format 3\x00"


def check_file(path: Path) -> None:
    """Before opening: the path can hold a database we may write. StorageUnusable says what is wrong."""
    where = f"GIN_DB={path}"
    if path.exists():
        if not path.is_file():
            raise StorageUnusable(f"{where} is not a file; point GIN_DB at a database file (it is created if missing).")
        with path.open("rb") as fh:
            head = fh.read(len(_SQLITE_HEADER))
        if head and head != _SQLITE_HEADER:
            raise StorageUnusable(f"{where} is not a SQLite database; move it away or point GIN_DB at another file.")
        if not os.access(path, os.W_OK):
            raise StorageUnusable(f"{where} is read-only; give the bot's user write permission on it.")
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        why = "a part of the path is a file" if isinstance(e, (FileExistsError, NotADirectoryError)) else e.strerror
        raise StorageUnusable(
            f"cannot create the folder for {where} ({why}); choose a path the bot may write."
        ) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StorageUnusable(
            f"the folder of {where} is not writable (SQLite keeps its journal beside the "
            "database); give the bot's user write permission on it."
        )


def quick_check(conn: sqlite3.Connection) -> None:
    """PRAGMA quick_check: StorageUnusable if the file is damaged."""
    rows = [r[0] for r in conn.execute("PRAGMA quick_check").fetchall()]
    if rows != ["ok"]:
        raise StorageUnusable(
            f"the database failed its integrity check ({rows[0] if rows else 'no answer'}); "
            "restore a backup or move the file away."
        )


class Database:
    """Two aiosqlite connections in autocommit mode: one for every write (and the reads that must
    follow a write), one for plain reads, which WAL lets go on while a writer holds the lock."""

    dialect: Dialect = SQLITE

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection, path: Path) -> None:
        self._conn = writer
        self._reader = reader
        self.path = path
        self._closed = False
        self.faults = FaultLog(log)  # one ERROR a minute per kind of fault, however many calls hit it

    @classmethod
    async def open(
        cls, path: str | Path, *, synchronous: str = "NORMAL", busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> Database:
        """Check, open (creating if needed), configure and migrate. StorageUnusable or SchemaTooNew
        if the file cannot be used; then nothing was changed."""
        path = Path(path)
        memory = str(path) == ":memory:"
        if not memory:
            check_file(path)
        writer = await _connect(path)
        reader: aiosqlite.Connection | None = None
        try:
            try:
                await _on_thread(writer, quick_check)
                await _on_thread(writer, configure, synchronous, busy_timeout_ms)
                version = await _on_thread(writer, migrate)
            except sqlite3.DatabaseError as e:
                kind = classify(e)
                raise StorageUnusable(
                    f"GIN_DB={path} cannot be opened ({kind or e}); check the file and its folder."
                ) from e
            reader = writer if memory else await _connect(path)
            if reader is not writer:
                await _on_thread(reader, configure, synchronous, busy_timeout_ms)
        except BaseException:
            await writer.close()
            raise
        log.info("database %s ready at schema version %d", path, version)
        return cls(writer, reader, path)

    async def run(self, fn: Callable[..., T], *args: Any, key: int | None = None) -> T:
        """Run ``fn(sqlite3_connection, *args)`` on the writer's thread as one queued call. (``key``,
        a match id, picks one of PostgreSQL's writers; SQLite has one: every call is in order.)

        An SQLite error that comes from outside the bot (disk full, read-only, locked) is raised
        as StorageFault; any other error is ours and is raised as it is."""
        # aiosqlite's queue entry point; it has had this shape since 0.11. Pinned by
        # tests/store/test_db.py so an aiosqlite upgrade that changes it fails loudly.
        return await self._call(self._conn, fn, *args)

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a read-only ``fn`` on the reader's thread (not behind queued writes)."""
        return await self._call(self._reader, fn, *args)

    async def _call(self, conn: aiosqlite.Connection, fn: Callable[..., T], *args: Any) -> T:
        try:
            result = await _on_thread(conn, fn, *args)
        except sqlite3.OperationalError as e:
            kind = classify(e)
            if kind is None:
                raise
            fault = StorageFault(kind, str(e))
            self.faults.report(fault)
            raise fault from e
        return result

    async def close(self) -> None:
        """Finish queued work and close (a second call does nothing)."""
        if self._closed:
            return
        self._closed = True
        if self._reader is not self._conn:
            await self._reader.close()
        await self._conn.close()


async def _connect(path: Path) -> aiosqlite.Connection:
    # isolation_level=None: the sqlite3 module must not open transactions behind our back.
    pending = aiosqlite.connect(str(path), isolation_level=None)
    # A daemon worker: a process that dies without close() (a crash, a failed test) must
    # exit instead of hanging on this thread. SQLite's atomic commit makes that as safe
    # as a kill: a transaction is either in the WAL or not.
    pending._thread.daemon = True
    return await pending
