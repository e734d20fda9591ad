"""``python -m bot migrate-db --from gin.sqlite3 --to postgresql://...``: copy every row to another store.

Both stores are opened as the bot opens them (checked and migrated to this version's schema, so
the source is brought up to date first), the target must hold no games yet, and every table is
copied in key order, in chunks, inside ONE transaction on the target: a failed copy leaves the
target as empty as it was. PostgreSQL's id sequences are then moved past the copied ids. Works
in any direction (SQLite or PostgreSQL on either side); stop the bot while it runs.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import dialect
from .db import Database
from .faults import StorageUnusable
from .migrate import SchemaTooNew
from .pg import PgDatabase, redact
from .store import open_database

# Every table of the schema with its primary key, parents before children (foreign keys).
TABLES: dict[str, tuple[str, ...]] = {
    "guild_settings": ("guild_id",),
    "players": ("guild_id", "user_id"),
    "player_styles": ("user_id",),
    "matches": ("id",),
    "match_seats": ("match_id", "seat"),
    "challenges": ("id",),
    "table_places": ("challenge_id", "place"),
    "hands": ("match_id", "number"),
    "moves": ("match_id", "seq"),
    "snapshots": ("match_id",),
    "player_stats": ("guild_id", "family", "user_id"),
    "player_counters": ("guild_id", "family", "user_id", "counter"),
    "rating_changes": ("match_id", "user_id"),
    "outbox": ("id",),
    "turn_pings": ("match_id", "user_id"),
    "seasons": ("guild_id", "started_at"),
    "season_standings": ("guild_id", "started_at", "family", "user_id"),
    "tournaments": ("id",),
    "tournament_entries": ("tournament_id", "user_id"),
    "tournament_matches": ("tournament_id", "round", "board"),
    "tournament_outbox": ("id",),
}
CHUNK = 5000


class TargetNotEmpty(RuntimeError):
    """The target store already holds rows; copying would mix two histories."""


def columns(conn: Any, table: str) -> list[str]:
    """The table's column names, in the database's order."""
    if dialect.dialect_of(conn) == dialect.POSTGRESQL:
        rows = conn.execute(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
            (table,),
        ).fetchall()
    else:
        rows = [(r[1],) for r in conn.execute(f"PRAGMA table_info({table})").fetchall()]
    return [str(r[0]) for r in rows]


def tables(conn: Any) -> set[str]:
    """The names of the tables the schema has (but its version table)."""
    if dialect.dialect_of(conn) == dialect.POSTGRESQL:
        sql = "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
    else:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    return {str(r[0]) for r in conn.execute(sql).fetchall()} - {"schema_version"}


def _chunk(conn: Any, table: str, cols: list[str], after: tuple[Any, ...] | None) -> list[tuple[Any, ...]]:
    key = TABLES[table]
    where = f" WHERE ({', '.join(key)}) > ({', '.join('?' * len(key))})" if after is not None else ""
    sql = f"SELECT {', '.join(cols)} FROM {table}{where} ORDER BY {', '.join(key)} LIMIT ?"
    rows: list[tuple[Any, ...]] = conn.execute(sql, (*(after or ()), CHUNK)).fetchall()
    return rows


def _count(conn: Any, table: str) -> int:
    return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def _insert(conn: Any, table: str, cols: list[str], rows: list[tuple[Any, ...]]) -> None:
    conn.executemany(f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})", rows)


def _advance_sequences(conn: Any) -> None:
    """After copying ids into BIGSERIAL columns: the next generated id follows the largest copied one."""
    if dialect.dialect_of(conn) != dialect.POSTGRESQL:
        return  # SQLite's rowid always continues after the largest id
    for table in sorted(dialect.SERIAL_TABLES):
        conn.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM {table}"
        )


def _begin(conn: Any) -> None:
    conn.execute("BEGIN IMMEDIATE")


def _end(conn: Any, commit: bool) -> None:
    if conn.in_transaction:
        conn.execute("COMMIT" if commit else "ROLLBACK")


async def copy_database(
    source: str | Path, target: str | Path, progress: Callable[[str, int], None] | None = None
) -> dict[str, int]:
    """Copy every row of ``source`` to the empty ``target`` (paths or URLs); returns rows per table."""
    src = await open_database(source)
    try:
        dst = await open_database(target)
        try:
            return await _copy(src, dst, progress)
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy(
    src: Database | PgDatabase, dst: Database | PgDatabase, progress: Callable[[str, int], None] | None
) -> dict[str, int]:
    known = set(TABLES)
    for db in (src, dst):
        found = await db.read(tables)
        if found != known:
            raise RuntimeError(f"the schema has tables {sorted(found ^ known)} this copy does not know")
    for table in TABLES:
        if await dst.read(_count, table):
            raise TargetNotEmpty(f"the target already has rows in {table}; copy into an empty database only")
    counts: dict[str, int] = {}
    await dst.run(_begin)
    try:
        for table, key in TABLES.items():
            cols = await src.read(columns, table)
            if set(cols) != set(await dst.read(columns, table)):
                raise RuntimeError(f"{table} has other columns in the target; are both at the same schema version?")
            index = [cols.index(k) for k in key]
            after: tuple[Any, ...] | None = None
            counts[table] = 0
            while rows := await src.read(_chunk, table, cols, after):
                await dst.run(_insert, table, cols, rows)
                counts[table] += len(rows)
                after = tuple(rows[-1][i] for i in index)
            if progress is not None:
                progress(table, counts[table])
        await dst.run(_advance_sequences)
    except BaseException:
        await dst.run(_end, False)
        raise
    await dst.run(_end, True)
    return counts


def _shown(target: str) -> str:
    return redact(target) if dialect.is_postgres_url(target) else target


def main(argv: list[str] | None = None) -> int:
    """The ``migrate-db`` command; returns the exit code."""
    parser = argparse.ArgumentParser(
        prog="gin-bot migrate-db",
        description="Copy every game, table, rating and setting from one store to another, empty one "
        "(e.g. from the SQLite file to PostgreSQL). Stop the bot first.",
    )
    parser.add_argument("--from", dest="source", required=True, help="the SQLite file or postgresql:// URL to read")
    parser.add_argument("--to", dest="target", required=True, help="the empty store to fill (file or URL)")
    ns = parser.parse_args(argv)
    if not dialect.is_postgres_url(ns.source) and not Path(ns.source).is_file():
        print(f"gin-bot migrate-db: {ns.source} is not a file", file=sys.stderr)
        return 2

    def shown(table: str, n: int) -> None:
        print(f"  {table:<15} {n:>9,} rows")

    print(f"copying {_shown(ns.source)} -> {_shown(ns.target)}")
    try:
        counts = asyncio.run(copy_database(ns.source, ns.target, shown))
    except (StorageUnusable, SchemaTooNew, TargetNotEmpty) as exc:
        print(f"gin-bot migrate-db: {exc}", file=sys.stderr)
        return 2
    print(f"done: {sum(counts.values()):,} rows in {len(counts)} tables")
    return 0
