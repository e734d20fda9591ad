"""The one database connection: open, pragmas, migrations, and running work on it.

Every piece of work is a plain function ``fn(conn, *args)`` run on aiosqlite's worker
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
import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar

import aiosqlite

from .migrate import migrate

log = logging.getLogger(__name__)
T = TypeVar("T")

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


def configure(conn: sqlite3.Connection, synchronous: str = "NORMAL") -> None:
    """Pragmas for every connection (also used by tools that open the file directly)."""
    if synchronous.upper() not in ("NORMAL", "FULL"):
        raise ValueError("synchronous must be NORMAL or FULL")
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if str(mode).lower() != "wal":  # e.g. a network file system refuses WAL
        raise RuntimeError(f"SQLite refused WAL mode (got {mode!r}) for this database file")
    conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
    conn.execute("PRAGMA foreign_keys = ON")


class Database:
    """An aiosqlite connection in autocommit mode; transactions are explicit."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self.path = path
        self._closed = False

    @classmethod
    async def open(cls, path: str | Path, *, synchronous: str = "NORMAL") -> "Database":
        """Open (creating if needed), configure and migrate. SchemaTooNew if the file is newer."""
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: the sqlite3 module must not open transactions behind our back.
        pending = aiosqlite.connect(str(path), isolation_level=None)
        # A daemon worker: a process that dies without close() (a crash, a failed test) must
        # exit instead of hanging on this thread. SQLite's atomic commit makes that as safe
        # as a kill: a transaction is either in the WAL or not.
        pending._thread.daemon = True
        conn = await pending
        db = cls(conn, path)
        try:
            await db.run(configure, synchronous)
            version = await db.run(migrate)
        except BaseException:
            await conn.close()
            raise
        log.info("database %s ready at schema version %d", path, version)
        return db

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(sqlite3_connection, *args)`` on the worker thread as one queued call."""
        # aiosqlite's queue entry point; it has had this shape since 0.11. Pinned by
        # tests/store/test_db.py so an aiosqlite upgrade that changes it fails loudly.
        return await self._conn._execute(fn, self._conn._conn, *args)

    async def close(self) -> None:
        """Finish queued work and close (a second call does nothing)."""
        if self._closed:
            return
        self._closed = True
        await self._conn.close()
