"""The outbox: public messages a committed change implies, written with the change, posted after."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from typing import Any

from .codec import dumps, loads
from .db import transaction
from .records import Announcement, AnnouncementKind
from .timefmt import from_db, to_db

_COLS = "id, match_id, version, kind, payload, created_at"


def add(
    conn: sqlite3.Connection,
    match_id: int,
    version: int,
    kind: AnnouncementKind,
    at: datetime,
    payload: dict[str, Any] | None = None,
) -> Announcement:
    """Record a message to post (inside the caller's transaction)."""
    cur = conn.execute(
        "INSERT INTO outbox (match_id, version, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)",
        (match_id, version, kind.value, dumps(payload or {}), to_db(at)),
    )
    assert cur.lastrowid is not None
    return Announcement(int(cur.lastrowid), match_id, version, kind, payload or {}, at)


def _announcement(r: tuple[Any, ...]) -> Announcement:
    return Announcement(r[0], r[1], r[2], AnnouncementKind(r[3]), loads(r[4]), from_db(r[5]))


def pending(conn: sqlite3.Connection, limit: int, match_id: int | None = None) -> list[Announcement]:
    """Messages not posted yet (of one match, or of all), oldest first."""
    if match_id is None:
        rows = conn.execute(f"SELECT {_COLS} FROM outbox WHERE done_at IS NULL ORDER BY id LIMIT ?", (limit,))
    else:
        rows = conn.execute(
            f"SELECT {_COLS} FROM outbox WHERE done_at IS NULL AND match_id = ? ORDER BY id LIMIT ?", (match_id, limit)
        )
    return [_announcement(r) for r in rows]


def backlog(conn: sqlite3.Connection) -> tuple[int, datetime | None]:
    """How many messages are not posted yet, and when the oldest of them was committed (None: none)."""
    count, oldest = conn.execute("SELECT COUNT(*), MIN(created_at) FROM outbox WHERE done_at IS NULL").fetchone()
    return int(count), from_db(oldest)


def mark_done(conn: sqlite3.Connection, announcement_id: int, message_id: int | None, at: datetime) -> bool:
    """Record that Discord accepted the message; False if it was already marked."""
    with transaction(conn):
        cur = conn.execute(
            "UPDATE outbox SET done_at = ?, message_id = ? WHERE id = ? AND done_at IS NULL",
            (to_db(at), message_id, announcement_id),
        )
        return cur.rowcount == 1


def board_message_before(conn: sqlite3.Connection, match_id: int, version: int) -> int | None:
    """The message of the last board posted (through the outbox) before ``version``: the board of the
    hand that was in play then (None: none was posted)."""
    row = conn.execute(
        "SELECT message_id FROM outbox WHERE match_id = ? AND kind = 'board' AND version < ? AND done_at IS NOT NULL"
        " AND message_id IS NOT NULL ORDER BY version DESC, id DESC LIMIT 1",
        (match_id, version),
    ).fetchone()
    return None if row is None else int(row[0])
