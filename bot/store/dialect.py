"""The one place where SQLite and PostgreSQL differ: SQL text written for SQLite, translated for PostgreSQL.

The queries and migrations are written once, in SQLite's dialect (the embedded default). For
PostgreSQL this module rewrites:

- placeholders: ``?`` -> ``$1, $2, ...`` (outside quoted text);
- transactions: ``BEGIN IMMEDIATE`` (a write) -> ``BEGIN`` (READ COMMITTED: every write is guarded
  by its own WHERE, e.g. the version check of a move); a plain ``BEGIN`` (``db.reading``: several
  SELECTs that must see one state) -> ``BEGIN ISOLATION LEVEL REPEATABLE READ``;
- new row ids: an INSERT into a table with a generated ``id`` gets ``RETURNING id`` (sqlite3's
  ``lastrowid``);
- types in DDL: ``INTEGER`` -> ``BIGINT`` (Discord ids are 64-bit), a table's ``id INTEGER PRIMARY KEY``
  (SQLite's rowid) -> ``id BIGSERIAL PRIMARY KEY``, ``WITHOUT ROWID`` dropped;
- what cannot be translated (a rebuilt table, a trigger): a migration holds both versions in
  ``-- only: sqlite`` / ``-- only: postgresql`` ... ``-- end only`` sections.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Final, Literal

Dialect = Literal["sqlite", "postgresql"]

SQLITE: Final = "sqlite"
POSTGRESQL: Final = "postgresql"

# Tables whose rows get their id from the database (SQLite's rowid, PostgreSQL's BIGSERIAL).
SERIAL_TABLES: Final = frozenset({"matches", "challenges", "outbox", "tournaments", "tournament_outbox"})

_ONLY = re.compile(r"^\s*--\s*only:\s*(sqlite|postgresql)\s*$", re.IGNORECASE)
_END = re.compile(r"^\s*--\s*end only\s*$", re.IGNORECASE)
_INSERT = re.compile(r"^\s*INSERT\s+INTO\s+(\w+)", re.IGNORECASE)
_ID_PK = re.compile(r"\bid(\s+)INTEGER\s+PRIMARY\s+KEY\b", re.IGNORECASE)
_INTEGER = re.compile(r"\bINTEGER\b", re.IGNORECASE)
_WITHOUT_ROWID = re.compile(r"\)\s*WITHOUT\s+ROWID\b", re.IGNORECASE)


def dialect_of(conn: Any) -> Dialect:
    """The dialect of a connection: a sqlite3.Connection, or a store connection that names its own."""
    return POSTGRESQL if getattr(conn, "dialect", SQLITE) == POSTGRESQL else SQLITE


def lock_row(conn: Any, table: str, row_id: int) -> None:
    """Inside a write transaction, hold ``table``'s row ``row_id`` until it ends, before reading what
    the transaction then changes (read-modify-write). SQLite's BEGIN IMMEDIATE already holds the
    whole database; PostgreSQL locks the row, so a second process's transaction waits for this one."""
    if dialect_of(conn) == POSTGRESQL:
        conn.execute(f"SELECT 1 FROM {table} WHERE id = ? FOR UPDATE", (row_id,))


def is_postgres_url(target: object) -> bool:
    """A GIN_DB value that names a PostgreSQL server rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def section(sql: str, dialect: Dialect) -> str:
    """The script as ``dialect`` runs it: the other dialect's ``-- only:`` sections left out
    (as blank lines, so line numbers in errors stay those of the file)."""
    out: list[str] = []
    only: str | None = None
    for line in sql.splitlines():
        m = _ONLY.match(line)
        if m:
            if only is not None:
                raise ValueError("a '-- only:' section inside another; close it with '-- end only'")
            only = m.group(1).lower()
            out.append("")
            continue
        if _END.match(line):
            if only is None:
                raise ValueError("'-- end only' without an opening '-- only:'")
            only = None
            out.append("")
            continue
        out.append(line if only in (None, dialect) else "")
    if only is not None:
        raise ValueError("a '-- only:' section is not closed with '-- end only'")
    return "\n".join(out) + "\n"


def ddl(statement: str) -> str:
    """A schema statement in PostgreSQL's types."""
    statement = _ID_PK.sub(r"id\1BIGSERIAL PRIMARY KEY", statement)
    statement = _INTEGER.sub("BIGINT", statement)
    return _WITHOUT_ROWID.sub(")", statement)


@lru_cache(maxsize=512)
def query(sql: str) -> tuple[str, bool]:
    """A statement for asyncpg: its text, and whether it returns a generated id (``RETURNING id``)."""
    head = sql.lstrip().upper()
    if head == "BEGIN IMMEDIATE":
        return "BEGIN", False
    if head == "BEGIN":
        return "BEGIN ISOLATION LEVEL REPEATABLE READ", False
    text = placeholders(sql)
    m = _INSERT.match(text)
    if m and m.group(1).lower() in SERIAL_TABLES and "RETURNING" not in head:
        return f"{text.rstrip().rstrip(';')} RETURNING id", True
    return text, False


def placeholders(sql: str) -> str:
    """``?`` -> ``$n`` outside quotes and comments."""
    out: list[str] = []
    n = 0
    i = 0
    quote: str | None = None
    while i < len(sql):
        ch = sql[i]
        if quote is not None:
            out.append(ch)
            if ch == quote:
                quote = None
        elif ch in ("'", '"'):
            quote = ch
            out.append(ch)
        elif ch == "-" and sql.startswith("--", i):
            end = sql.find("\n", i)
            end = len(sql) if end < 0 else end
            out.append(sql[i:end])
            i = end
            continue
        elif ch == "?":
            n += 1
            out.append(f"${n}")
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def statements(script: str) -> list[str]:
    """Split a PostgreSQL script into statements at ``;`` outside quotes, ``$$`` bodies and comments."""
    out: list[str] = []
    buf: list[str] = []
    i = 0
    quote: str | None = None
    while i < len(script):
        if quote is not None:
            end = script.find(quote, i)
            end = len(script) if end < 0 else end + len(quote)
            buf.append(script[i:end])
            i, quote = end, None
            continue
        ch = script[i]
        if script.startswith("--", i):
            end = script.find("\n", i)
            i = len(script) if end < 0 else end
            continue
        if script.startswith("$$", i):
            quote = "$$"
            buf.append("$$")
            i += 2
            continue
        if ch == "'":
            quote = "'"
            buf.append(ch)
            i += 1
            continue
        if ch == ";":
            text = "".join(buf).strip()
            if text:
                out.append(text)
            buf = []
        else:
            buf.append(ch)
        i += 1
    if "".join(buf).strip():
        raise ValueError(f"incomplete SQL statement at the end of a migration: {''.join(buf).strip()[:60]!r}")
    return out
