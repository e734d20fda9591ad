"""Tables whose channel is lost (deleted, or the bot removed from its server): their active matches
end abandoned with no result, their open tables close, their pending messages are dropped.

One transaction per call. A match that ends here gets no move, no winner, no totals and no stats
or rating rows: it is ``abandoned`` with ``winner`` NULL (an idle player's abandon has a winner).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from .db import transaction
from .timefmt import to_db

Where = Literal["channel", "guild"]
_COLUMN = {"channel": "channel_id", "guild": "guild_id"}


@dataclass(frozen=True, slots=True)
class LostTables:
    """What losing a channel (or a server) ended: match ids, table (challenge) ids, outbox rows dropped."""

    matches: tuple[int, ...] = ()
    tables: tuple[int, ...] = ()
    announcements: int = 0

    def __bool__(self) -> bool:
        return bool(self.matches or self.tables or self.announcements)


def active_matches_in(conn: sqlite3.Connection, where: Where, value: int) -> list[int]:
    """The active matches of a channel or a server (the service locks them before ``lose``)."""
    rows = conn.execute(
        f"SELECT id FROM matches WHERE {_COLUMN[where]} = ? AND status = 'active' ORDER BY id", (value,)
    ).fetchall()
    return [int(r[0]) for r in rows]


def lose(conn: sqlite3.Connection, where: Where, value: int, at: datetime) -> LostTables:
    """End the active matches of a channel (``where`` 'channel') or of a server ('guild') as
    abandoned with no winner, cancel its open tables and mark its pending outbox rows and season
    announcements done (unposted: ``message_id`` NULL), in one transaction."""
    column = _COLUMN[where]
    when = to_db(at)
    with transaction(conn):
        ended = []
        for match_id in active_matches_in(conn, where, value):
            cur = conn.execute(
                "UPDATE matches SET status = 'abandoned', turn_deadline = NULL, ended_at = ?, winner = NULL"
                " WHERE id = ? AND status = 'active'",
                (when, match_id),
            )
            if cur.rowcount == 1:
                ended.append(match_id)
        tables = []
        for (table_id,) in conn.execute(
            f"SELECT id FROM challenges WHERE {column} = ? AND status = 'open' ORDER BY id", (value,)
        ).fetchall():
            cur = conn.execute(
                "UPDATE challenges SET status = 'cancelled' WHERE id = ? AND status = 'open'", (table_id,)
            )
            if cur.rowcount == 1:
                tables.append(int(table_id))
        cur = conn.execute(
            f"UPDATE outbox SET done_at = ? WHERE done_at IS NULL AND match_id IN (SELECT id FROM matches WHERE {column} = ?)",
            (when, value),
        )
        # A season's champions to be announced there go unposted too (bot/store/seasons.py); a lost
        # channel is no longer where the server's seasons are announced, and a server the bot has
        # left runs no more seasons.
        seasons = conn.execute(
            f"UPDATE seasons SET announced_at = ? WHERE announced_at IS NULL AND {column} = ?",
            (when, value),
        )
        if where == "channel":
            conn.execute("UPDATE guild_settings SET season_channel = NULL WHERE season_channel = ?", (value,))
        else:
            conn.execute(
                "UPDATE guild_settings SET season_length = 'off', season_start = NULL, season_end = NULL"
                " WHERE guild_id = ? AND season_length <> 'off'",
                (value,),
            )
        return LostTables(tuple(ended), tuple(tables), max(cur.rowcount, 0) + max(seasons.rowcount, 0))
