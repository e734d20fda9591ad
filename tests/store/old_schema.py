"""A connection to a database migrated only up to an older schema, on SQLite or PostgreSQL: where a
migration test puts rows before it runs the migration under test."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.store.db import configure
from bot.store.migrate import available, migrate
from bot.store.pg import PgConnection


class _Pg:
    """A PostgreSQL connection used as the store uses it: like a sqlite3 one."""

    def __init__(self, url: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.raw = self.loop.run_until_complete(asyncpg.connect(url))
        self.conn: Any = PgConnection(self.loop, self.raw)

    def close(self) -> None:
        self.loop.run_until_complete(self.raw.close())
        self.loop.close()


def database_at(request: pytest.FixtureRequest, tmp_path: Path, version: int) -> Iterator[Any]:
    """Yield a connection at schema ``version`` (``request.param``: 'sqlite' or 'postgresql')."""
    if request.param == "sqlite":
        conn = sqlite3.connect(tmp_path / "old.sqlite3", isolation_level=None)
        configure(conn)
        assert migrate(conn, available()[:version]) == version
        yield conn
        conn.close()
        return
    pg = _Pg(str(request.getfixturevalue("pg_schema_url")))
    assert migrate(pg.conn, available()[:version]) == version
    try:
        yield pg.conn
    finally:
        pg.close()
