"""Opening, pragmas, migrations from an empty file, re-opening, and refusing a newer schema."""

from __future__ import annotations

import sqlite3

import aiosqlite
import pytest

from bot.store import Database, SchemaTooNew, Store
from bot.store.migrate import Migration, _statements, available, current_version, migrate
from bot.tables import TableService

from .helpers import query


def test_migration_files_are_numbered_and_shipped():
    migs = available()
    assert [m.version for m in migs] == list(range(1, len(migs) + 1))
    assert migs[0].name == "0001_init.sql"
    assert "CREATE TABLE moves" in migs[0].sql


async def test_empty_file_is_created_and_migrated(tmp_path):
    path = tmp_path / "sub" / "gin.sqlite3"  # the directory does not exist yet
    db = await Database.open(path)
    await db.close()
    names = {r[0] for r in query(path, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {
        "schema_version",
        "guild_settings",
        "players",
        "matches",
        "challenges",
        "hands",
        "moves",
        "snapshots",
        "player_stats",
    } <= names
    assert query(path, "SELECT version, name FROM schema_version") == [(m.version, m.name) for m in available()]


async def test_pragmas(tmp_path):
    db = await Database.open(tmp_path / "p.sqlite3")

    def pragmas(conn: sqlite3.Connection) -> tuple:
        return tuple(
            conn.execute(f"PRAGMA {p}").fetchone()[0]
            for p in ("journal_mode", "foreign_keys", "synchronous", "busy_timeout")
        )

    assert await db.run(pragmas) == ("wal", 1, 1, 5000)  # synchronous 1 = NORMAL
    await db.close()
    db = await Database.open(tmp_path / "f.sqlite3", synchronous="FULL")
    assert (await db.run(pragmas))[2] == 2
    await db.close()
    with pytest.raises(ValueError):
        await Database.open(tmp_path / "x.sqlite3", synchronous="OFF")


async def test_reopen_keeps_data_and_does_not_reapply(tmp_path):
    path = tmp_path / "gin.sqlite3"
    svc = await TableService.open(path)
    await svc.update_settings(5, turn_timeout_s=600)
    await svc.close()
    svc = await TableService.open(path)
    assert (await svc.guild_settings(5)).turn_timeout_s == 600
    await svc.close()
    assert query(path, "SELECT COUNT(*) FROM schema_version") == [(len(available()),)]


async def test_newer_database_refuses_to_start(tmp_path):
    path = tmp_path / "gin.sqlite3"
    db = await Database.open(path)
    await db.close()
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO schema_version VALUES (99, '0099_future.sql', 'later')")
    conn.commit()
    conn.close()
    with pytest.raises(SchemaTooNew, match=f"schema version 99.*only knows up to {len(available())}"):
        await TableService.open(path)
    with pytest.raises(SchemaTooNew):
        await Store.open(path)


def test_newer_migration_upgrades_an_older_database(tmp_path):
    conn = sqlite3.connect(tmp_path / "m.sqlite3", isolation_level=None)
    base = available()
    latest = len(base)
    assert migrate(conn, base) == latest
    extra = Migration(
        latest + 1,
        f"{latest + 1:04d}_extra.sql",
        "-- a comment\nCREATE TABLE extra (a TEXT DEFAULT 'x;y');\nCREATE INDEX extra_a ON extra (a); -- trailing\n",
    )
    assert migrate(conn, [*base, extra]) == latest + 1
    assert current_version(conn) == latest + 1
    conn.execute("INSERT INTO extra DEFAULT VALUES")
    assert conn.execute("SELECT a FROM extra").fetchone() == ("x;y",)


def test_failing_migration_leaves_nothing_half_applied(tmp_path):
    conn = sqlite3.connect(tmp_path / "m.sqlite3", isolation_level=None)
    base = available()
    migrate(conn, base)
    latest = len(base)
    bad = Migration(latest + 1, f"{latest + 1:04d}_bad.sql", "CREATE TABLE half (a);\nCREATE TABLE matches (oops);\n")
    with pytest.raises(sqlite3.OperationalError):
        migrate(conn, [*base, bad])
    assert current_version(conn) == latest
    assert conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'half'").fetchone() == (0,)


def test_statement_splitter():
    sql = "-- head\nCREATE TABLE a (x TEXT DEFAULT ';');\n\n-- between\nCREATE TABLE b (y);\n-- tail\n"
    assert _statements(sql) == ["CREATE TABLE a (x TEXT DEFAULT ';');", "-- between\nCREATE TABLE b (y);"]
    with pytest.raises(ValueError):
        _statements("CREATE TABLE c (z")


def test_aiosqlite_queue_entry_point_exists():
    """Database.run relies on aiosqlite's one-call-per-queue-entry ``_execute``: pin it."""
    assert callable(getattr(aiosqlite.Connection, "_execute", None))
    conn = aiosqlite.connect(":memory:")
    assert conn._thread.daemon is False and isinstance(aiosqlite.Connection._conn, property)


async def test_one_call_is_one_transaction(tmp_path):
    """A failing function rolls back everything it wrote."""
    from bot.store import transaction

    db = await Database.open(tmp_path / "t.sqlite3")

    def half(conn: sqlite3.Connection) -> None:
        with transaction(conn):
            conn.execute("INSERT INTO players VALUES (1, 1, 'a', 't')")
            conn.execute("INSERT INTO players VALUES (1, 1, 'dup', 't')")  # primary key

    with pytest.raises(sqlite3.IntegrityError):
        await db.run(half)
    assert await db.run(lambda c: c.execute("SELECT COUNT(*) FROM players").fetchone()) == (0,)
    assert await db.run(lambda c: c.in_transaction) is False
    await db.close()


def test_a_failed_commit_is_rolled_back(tmp_path):
    """COMMIT itself can fail (here: a deferred foreign key); the transaction must not stay open."""
    from bot.store import transaction

    conn = sqlite3.connect(tmp_path / "c.sqlite3", isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("CREATE TABLE parent (id INTEGER PRIMARY KEY)")
    conn.execute("CREATE TABLE child (p INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)")
    with pytest.raises(sqlite3.IntegrityError), transaction(conn):
        conn.execute("INSERT INTO child VALUES (7)")  # checked only at COMMIT
    assert conn.in_transaction is False
    with transaction(conn):  # the connection is usable again
        conn.execute("INSERT INTO parent VALUES (7)")
        conn.execute("INSERT INTO child VALUES (7)")
    assert conn.execute("SELECT COUNT(*) FROM child").fetchone() == (1,)
    conn.close()


async def test_worker_thread_is_a_daemon_and_close_is_idempotent(tmp_path):
    db = await Database.open(tmp_path / "d.sqlite3")
    assert db._conn._thread.daemon is True
    await db.close()
    await db.close()
