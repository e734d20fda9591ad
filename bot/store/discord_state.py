"""What the Discord side remembers beyond one process (migration 0006): the newest version each
board shows, and the turn pings sent. A new owner of a guild (a restart, a re-shard) reads them so
it neither draws a current board again nor pings a player twice in one turn."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from .db import transaction

CHUNK = 500  # ids per IN (...) list: well below both stores' limits on parameters


@dataclass(frozen=True)
class TurnPing:
    """A human's current turn, announced to him: by a ping message, or (None) by the board's mention."""

    user_id: int
    version: int  # the match version at which the turn came to him
    message_id: int | None


def shown_versions(conn: sqlite3.Connection, match_ids: Sequence[int]) -> dict[int, int]:
    """Match id -> the newest version its board shows, for those of ``match_ids`` that recorded one."""
    out: dict[int, int] = {}
    ids = list(match_ids)
    for start in range(0, len(ids), CHUNK):
        part = ids[start : start + CHUNK]
        rows = conn.execute(
            f"SELECT id, shown_version FROM matches WHERE id IN ({', '.join('?' * len(part))})"
            " AND shown_version IS NOT NULL",
            tuple(part),
        ).fetchall()
        out.update((int(r[0]), int(r[1])) for r in rows)
    return out


def set_shown_version(conn: sqlite3.Connection, match_id: int, version: int) -> None:
    """The board shows ``version``: recorded unless a newer one already is (it never goes back)."""
    with transaction(conn):
        conn.execute(
            "UPDATE matches SET shown_version = ? WHERE id = ? AND COALESCE(shown_version, -1) < ?",
            (version, match_id, version),
        )


def turn_pings(conn: sqlite3.Connection, match_id: int) -> list[TurnPing]:
    rows = conn.execute(
        "SELECT user_id, version, message_id FROM turn_pings WHERE match_id = ? ORDER BY user_id", (match_id,)
    ).fetchall()
    return [TurnPing(int(r[0]), int(r[1]), None if r[2] is None else int(r[2])) for r in rows]


def save_turn_ping(conn: sqlite3.Connection, match_id: int, ping: TurnPing) -> None:
    with transaction(conn):
        conn.execute(
            "INSERT INTO turn_pings (match_id, user_id, version, message_id) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (match_id, user_id) DO UPDATE SET version = excluded.version, message_id = excluded.message_id",
            (match_id, ping.user_id, ping.version, ping.message_id),
        )


def clear_turn_ping(conn: sqlite3.Connection, match_id: int, user_id: int) -> None:
    with transaction(conn):
        conn.execute("DELETE FROM turn_pings WHERE match_id = ? AND user_id = ?", (match_id, user_id))
