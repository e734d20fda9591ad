"""PostgreSQL through asyncpg, behind the same interface as the SQLite ``Database``.

The query functions (matches.py, challenges.py, ...) are plain functions ``fn(conn, *args)`` that
run one transaction as ONE call on a connection's own thread. For PostgreSQL each connection
lives on a worker thread with its own event loop: the worker runs ``fn`` with a ``PgConnection``
(the part of ``sqlite3.Connection`` the queries use: ``execute``, ``executemany``,
``in_transaction``), whose statements go through asyncpg on that loop. So the queries are written
once for both stores, a transaction never interleaves with another call on its connection, and
a call queued after a write sees that write, exactly as with SQLite. Like SQLite's store there
are writer connections (every write, and the reads that must follow one) and a reader; unlike
SQLite, PostgreSQL commits on several connections at once (and flushes their commits together),
so there are ``writers`` of them, and every call about one match goes to the same one
(``key``): the calls of a match stay in order, which is all the service relies on.

The SQL text is SQLite's; ``bot.store.dialect`` translates it (placeholders, row ids, types).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from . import dialect
from .db import BUSY_TIMEOUT_MS
from .faults import ConstraintViolation, FaultKind, FaultLog, StorageFault, StorageUnusable
from .migrate import migrate

log = logging.getLogger(__name__)
T = TypeVar("T")

CONNECT_TIMEOUT_S = 10.0
WRITERS = 4  # writer connections per process


def redact(url: str) -> str:
    """The URL without its password (for logs and error texts)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    user = f"{parts.username}:***@" if parts.username else ":***@"
    return urlunsplit((parts.scheme, user + host, parts.path, parts.query, parts.fragment))


class PgCursor:
    """What a statement returned: rows (as tuples), the rows it changed, the id it generated."""

    __slots__ = ("_rows", "lastrowid", "rowcount")

    def __init__(self, rows: list[tuple[Any, ...]], rowcount: int, lastrowid: int | None = None) -> None:
        self._rows = rows
        self.rowcount = rowcount
        self.lastrowid = lastrowid

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list[tuple[Any, ...]]:
        return list(self._rows)

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self._rows)


def _rowcount(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PgConnection:
    """sqlite3.Connection's methods the queries use, on one asyncpg connection, for its worker thread only."""

    dialect: dialect.Dialect = dialect.POSTGRESQL

    def __init__(self, loop: asyncio.AbstractEventLoop, conn: asyncpg.Connection) -> None:
        self._loop = loop
        self._conn = conn

    @property
    def in_transaction(self) -> bool:
        return bool(self._conn.is_in_transaction())

    def _wait(self, aw: Any) -> Any:
        try:
            return self._loop.run_until_complete(aw)
        except asyncpg.IntegrityConstraintViolationError as e:
            # The callers catch sqlite3.IntegrityError (a unique index refused the row): same meaning.
            raise ConstraintViolation(f"{type(e).__name__}: {e}") from e

    def execute(self, sql: str, params: Sequence[Any] = ()) -> PgCursor:
        text, returns_id = dialect.query(sql)
        head = text.lstrip()[:8].upper()
        if not params and head.startswith(("BEGIN", "COMMIT", "ROLLBACK")):
            self._wait(self._conn.execute(text))
            return PgCursor([], -1)
        if returns_id or head.startswith(("SELECT", "WITH")) or " RETURNING " in text.upper():
            rows = [tuple(r) for r in self._wait(self._conn.fetch(text, *params))]
            return PgCursor(rows, len(rows), int(rows[0][0]) if returns_id and rows else None)
        status = self._wait(self._conn.execute(text, *params))
        return PgCursor([], _rowcount(str(status)))

    def executemany(self, sql: str, seq: Iterable[Sequence[Any]]) -> PgCursor:
        rows = [tuple(p) for p in seq]
        if rows:
            # No RETURNING here: a batch never needs its generated ids.
            self._wait(self._conn.executemany(dialect.placeholders(sql), rows))
        return PgCursor([], len(rows))


class _Worker(threading.Thread):
    """One asyncpg connection on its own thread and loop; runs queued calls strictly in order."""

    def __init__(self, url: str, name: str, lock_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
        # A daemon: a process that dies without close() must exit instead of hanging on this thread
        # (the server rolls back whatever transaction was open).
        super().__init__(name=name, daemon=True)
        self.url = url
        # How long a statement waits for a lock another client holds (a row, a table) before it
        # fails as busy (55P03), like SQLite's busy timeout; without it a write would wait forever.
        self._settings = {"lock_timeout": str(int(lock_timeout_ms))}
        self._queue: queue.SimpleQueue[tuple[asyncio.Future[Any], Callable[..., Any], tuple[Any, ...]] | None]
        self._queue = queue.SimpleQueue()
        self._loop = asyncio.new_event_loop()
        self._conn: PgConnection | None = None

    def _connection(self) -> PgConnection:
        """The open connection; a new one after the server dropped the last (a restart, a failover)."""
        if self._conn is None or self._conn._conn.is_closed():
            raw = self._loop.run_until_complete(
                asyncpg.connect(self.url, timeout=CONNECT_TIMEOUT_S, server_settings=self._settings)
            )
            self._conn = PgConnection(self._loop, raw)
        return self._conn

    def run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                break
            future, fn, args = item
            try:
                outcome: tuple[Any, BaseException | None] = (fn(self._connection(), *args), None)
            except BaseException as e:
                outcome = (None, e)
            # RuntimeError: the caller's loop is closed (it ended while this ran): nobody waits.
            with contextlib.suppress(RuntimeError):
                future.get_loop().call_soon_threadsafe(_settle, future, *outcome)
        if self._conn is not None and not self._conn._conn.is_closed():
            try:
                self._loop.run_until_complete(self._conn._conn.close(timeout=5))
            except Exception:
                log.warning("closing a PostgreSQL connection failed", exc_info=True)
        self._loop.close()

    def submit(self, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.put((future, fn, args))
        return future

    def stop(self) -> None:
        self._queue.put(None)


def _migrate(conn: sqlite3.Connection) -> int:  # a PgConnection, typed as every query function is
    """migrate() without the lock timeout: a process waits for another one's migrations (and their
    locks) however long they take; a long migration elsewhere is not a busy database."""
    conn.execute("SET lock_timeout = 0")
    version = migrate(conn)
    conn.execute("RESET lock_timeout")  # the connection's own setting again (a failed open drops it)
    return version


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():  # the caller was cancelled; the work itself ran (or failed) all the same
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def classify(error: BaseException) -> FaultKind | None:
    """The fault a PostgreSQL error stands for, or None when it is a bug of ours."""
    if isinstance(error, (OSError, asyncpg.InterfaceError, asyncpg.PostgresConnectionError, TimeoutError)):
        return FaultKind.UNREACHABLE
    code = getattr(error, "sqlstate", None) or ""
    if code == "53100":
        return FaultKind.FULL
    if code == "25006":
        return FaultKind.READ_ONLY
    if code in ("40001", "40P01", "55P03", "53300"):  # serialization, deadlock, lock, too many connections
        return FaultKind.BUSY
    if code.startswith(("08", "57P")):  # connection failures, the server shutting down
        return FaultKind.UNREACHABLE
    if code.startswith(("53", "58")):  # insufficient resources, system errors
        return FaultKind.IO
    return None


class PgDatabase:
    """Writer connections and a reader connection to PostgreSQL, each on its own worker thread."""

    dialect: dialect.Dialect = dialect.POSTGRESQL

    def __init__(self, writers: list[_Worker], reader: _Worker, url: str) -> None:
        self._writers = writers
        self._reader = reader
        self.url = url
        self.path = url  # where the data lives (for a file store: the file), as tests and tools name it
        self._closed = False
        self.faults = FaultLog(log)

    @classmethod
    async def open(cls, url: str, *, writers: int = WRITERS, lock_timeout_ms: int = BUSY_TIMEOUT_MS) -> PgDatabase:
        """Connect and migrate. StorageUnusable if the server cannot be used; SchemaTooNew as for SQLite.
        A statement that waits ``lock_timeout_ms`` for another client's lock fails as busy."""
        if writers < 1:
            raise ValueError("at least one writer connection")
        workers = [_Worker(url, f"gin-pg-writer-{i}", lock_timeout_ms) for i in range(writers)]
        reader = _Worker(url, "gin-pg-reader", lock_timeout_ms)
        for worker in (*workers, reader):
            worker.start()
        db = cls(workers, reader, url)
        try:
            try:
                version = await workers[0].submit(_migrate)
                for worker in (*workers[1:], reader):
                    await worker.submit(lambda conn: conn.execute("SELECT 1"))
            except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
                raise StorageUnusable(
                    f"GIN_DB={redact(url)} cannot be used ({type(e).__name__}: {e}); check the server, "
                    "the database name and the credentials."
                ) from None
        except BaseException:
            await db.close()
            raise
        log.info("database %s ready at schema version %d", redact(url), version)
        return db

    async def run(self, fn: Callable[..., T], *args: Any, key: int | None = None) -> T:
        """Run ``fn(connection, *args)`` on a writer's thread as one queued call (see Database.run):
        the calls with the same ``key`` (a match id) on the same writer, in order."""
        return await self._call(self._writers[0 if key is None else key % len(self._writers)], fn, *args)

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a read-only ``fn`` on the reader's thread (not behind queued writes)."""
        return await self._call(self._reader, fn, *args)

    async def _call(self, worker: _Worker, fn: Callable[..., T], *args: Any) -> T:
        if self._closed:
            raise RuntimeError("the database is closed")
        try:
            return await worker.submit(fn, *args)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
            kind = classify(e)
            if kind is None:
                raise
            fault = StorageFault(kind, f"{type(e).__name__}: {e}")
            self.faults.report(fault)
            raise fault from e

    async def close(self) -> None:
        """Finish queued work and close (a second call does nothing)."""
        if self._closed:
            return
        self._closed = True
        for worker in (self._reader, *self._writers):
            worker.stop()
        for worker in (self._reader, *self._writers):
            await asyncio.to_thread(worker.join)
