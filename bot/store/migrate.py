"""Numbered SQL migrations (migrations/NNNN_name.sql), applied in order, recorded in schema_version.

Each migration is one transaction. A migration whose first line is ``-- foreign_keys: off``
rebuilds tables that others reference (SQLite's documented create-copy-drop-rename): foreign
key enforcement is turned off around its transaction (``PRAGMA foreign_keys`` cannot change
inside one), ``PRAGMA foreign_key_check`` must find nothing before it commits, and the
setting is restored afterwards, whatever happened.

The same files migrate PostgreSQL (``bot.store.dialect`` translates them; a step SQLite and
PostgreSQL must do differently has both versions in ``-- only:`` sections). There a session-level
advisory lock keeps two processes starting at once from migrating together.
"""

from __future__ import annotations

import logging
import re
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources

from . import dialect
from .dialect import dialect_of

log = logging.getLogger(__name__)

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
FK_OFF_MARKER = "-- foreign_keys: off"
PG_MIGRATION_LOCK = 0x67696E  # pg_advisory_lock key: 'gin'


class SchemaTooNew(RuntimeError):
    """The database was written by a newer version of the bot; refuse to touch it."""


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str

    @property
    def foreign_keys_off(self) -> bool:
        """The migration rebuilds referenced tables: run it with foreign key enforcement off."""
        first = self.sql.lstrip().splitlines()[:1]
        return bool(first) and first[0].strip().lower() == FK_OFF_MARKER


def available() -> list[Migration]:
    """The migration files shipped with the package, in version order (gapless from 1)."""
    found = []
    for entry in resources.files("bot.store").joinpath("migrations").iterdir():
        m = _NAME.match(entry.name)
        if m:
            found.append(Migration(int(m.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort(key=lambda mig: mig.version)
    for i, mig in enumerate(found, start=1):
        if mig.version != i:
            raise RuntimeError(f"migration numbers must run 1, 2, 3 ... without gaps; found {mig.name}")
    return found


def current_version(conn: sqlite3.Connection) -> int:
    create = (
        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
        " applied_at TEXT NOT NULL)"
    )
    conn.execute(dialect.ddl(create) if dialect_of(conn) == dialect.POSTGRESQL else create)
    row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
    return int(row[0] or 0)


def migrate(conn: sqlite3.Connection, migrations: list[Migration] | None = None) -> int:
    """Bring the schema up to date; returns the version. Each migration is one transaction."""
    migrations = available() if migrations is None else migrations
    if dialect_of(conn) == dialect.POSTGRESQL:
        conn.execute("SELECT pg_advisory_lock(?)", (PG_MIGRATION_LOCK,))
        try:
            return _migrate(conn, migrations)
        finally:
            conn.execute("SELECT pg_advisory_unlock(?)", (PG_MIGRATION_LOCK,))
    return _migrate(conn, migrations)


def _migrate(conn: sqlite3.Connection, migrations: list[Migration]) -> int:
    known = migrations[-1].version if migrations else 0
    version = current_version(conn)
    if version > known:
        raise SchemaTooNew(
            f"This database is at schema version {version}, but this bot only knows up to {known}. "
            "It was written by a newer version of the bot: upgrade the bot (or use a backup); "
            "refusing to start so nothing is damaged."
        )
    for mig in migrations[version:]:
        if dialect_of(conn) == dialect.POSTGRESQL:
            _apply_pg(conn, mig)
            log.info("applied migration %s", mig.name)
            version = mig.version
            continue
        enforced = bool(conn.execute("PRAGMA foreign_keys").fetchone()[0])
        if mig.foreign_keys_off and enforced:
            conn.execute("PRAGMA foreign_keys = OFF")  # a no-op inside a transaction: so before BEGIN
        try:
            _apply(conn, mig)
        finally:
            if mig.foreign_keys_off and enforced:
                conn.execute("PRAGMA foreign_keys = ON")
        log.info("applied migration %s", mig.name)
        version = mig.version
    return version


def _apply(conn: sqlite3.Connection, mig: Migration) -> None:
    # executescript() would COMMIT on its own; run the statements one by one inside
    # our own transaction so a failing migration leaves nothing half-applied.
    conn.execute("BEGIN IMMEDIATE")
    try:
        for statement in _statements(dialect.section(mig.sql, dialect.SQLITE)):
            conn.execute(statement)
        if mig.foreign_keys_off:
            broken = conn.execute("PRAGMA foreign_key_check").fetchall()
            if broken:
                shown = ", ".join(f"{table} row {rowid} -> {parent}" for table, rowid, parent, _ in broken[:5])
                raise sqlite3.IntegrityError(f"migration {mig.name} would break {len(broken)} foreign keys ({shown})")
        conn.execute(
            "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
            (mig.version, mig.name, datetime.now(UTC).isoformat()),
        )
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _apply_pg(conn: sqlite3.Connection, mig: Migration) -> None:
    """One migration in one PostgreSQL transaction (DDL is transactional there)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        for statement in dialect.statements(dialect.section(mig.sql, dialect.POSTGRESQL)):
            conn.execute(dialect.ddl(statement))
        conn.execute(
            "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
            (mig.version, mig.name, datetime.now(UTC).isoformat()),
        )
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _statements(sql: str) -> list[str]:
    """Split a script into complete statements (sqlite3.complete_statement knows about quotes)."""
    out, buf = [], ""
    for line in sql.splitlines(keepends=True):
        if not buf and line.strip().startswith("--"):
            continue
        buf += line
        if sqlite3.complete_statement(buf):
            if buf.strip():
                out.append(buf.strip())
            buf = ""
    if buf.strip() and not all(ln.strip().startswith("--") or not ln.strip() for ln in buf.splitlines()):
        raise ValueError(f"incomplete SQL statement at the end of a migration: {buf[:60]!r}")
    return out
