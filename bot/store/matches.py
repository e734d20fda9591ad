"""Matches, their move log, hand rows and the latest snapshot."""

from __future__ import annotations

import sqlite3

from .db import transaction
from .rows import MatchRow, MoveWrite, NewMatch
from .stats import record_result


class StaleWrite(RuntimeError):
    """The match on disk is not at the version the write was prepared for (nothing was written)."""


_COLS = (
    "m.id, m.guild_id, m.channel_id, m.player0, m.player1, m.name0, m.name1, m.ai_seat, m.ai_level, m.rules,"
    " m.seed, m.status, m.version, m.started_at, m.ended_at, m.winner, m.total0, m.total1, m.board_message_id,"
    " m.turn_deadline, m.warned_version, m.warned_stage, s.version, s.state"
)
_FROM = "FROM matches m JOIN snapshots s ON s.match_id = m.id"


def _row(r: tuple) -> MatchRow:
    return MatchRow(
        id=r[0], guild_id=r[1], channel_id=r[2], players=(r[3], r[4]), names=(r[5], r[6]), ai_seat=r[7],
        ai_level=r[8], rules=r[9], seed=r[10], status=r[11], version=r[12], started_at=r[13], ended_at=r[14],
        winner=r[15], totals=None if r[16] is None else (r[16], r[17]), board_message_id=r[18],
        turn_deadline=r[19], warned_version=r[20], warned_stage=r[21], snapshot_version=r[22], state=r[23],
    )


def insert_match(conn: sqlite3.Connection, m: NewMatch) -> int:
    """Insert a match and its version-0 snapshot (inside the caller's transaction)."""
    cur = conn.execute(
        "INSERT INTO matches (guild_id, channel_id, player0, player1, name0, name1, ai_seat, ai_level, rules, seed,"
        " status, version, started_at, turn_deadline) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', 0, ?, ?)",
        (m.guild_id, m.channel_id, m.players[0], m.players[1], m.names[0], m.names[1], m.ai_seat, m.ai_level,
         m.rules, m.seed, m.started_at, m.turn_deadline),
    )
    match_id = int(cur.lastrowid)  # type: ignore[arg-type]
    conn.execute("INSERT INTO snapshots (match_id, version, state) VALUES (?, 0, ?)", (match_id, m.state))
    return match_id


def create_match(conn: sqlite3.Connection, m: NewMatch, names_at: str) -> int:
    """A match not born from a challenge (against the AI): one transaction."""
    from .settings import upsert_player

    with transaction(conn):
        match_id = insert_match(conn, m)
        for user, name in zip(m.players, m.names):
            upsert_player(conn, m.guild_id, user, name, names_at)
        return match_id


def commit_move(conn: sqlite3.Connection, w: MoveWrite) -> dict[int, int] | None:
    """Append the move, replace the snapshot, bump the version, add hand rows and, when the
    match ends, its result, stats and ratings: all in ONE transaction. Returns rating changes."""
    with transaction(conn):
        # The primary key (match_id, seq) refuses a second move n: no double application.
        conn.execute("INSERT INTO moves (match_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                     (w.match_id, w.seq, w.seat, w.action, w.at))
        cur = conn.execute("UPDATE snapshots SET version = ?, state = ? WHERE match_id = ? AND version = ?",
                           (w.seq, w.state, w.match_id, w.seq - 1))
        if cur.rowcount != 1:
            raise StaleWrite(f"match {w.match_id} is not at version {w.seq - 1}")
        total0, total1 = w.totals if w.totals is not None else (None, None)
        cur = conn.execute(
            "UPDATE matches SET version = ?, status = ?, turn_deadline = ?, ended_at = ?, winner = ?, total0 = ?,"
            " total1 = ? WHERE id = ? AND version = ? AND status = 'active'",
            (w.seq, w.status, w.turn_deadline, w.ended_at, w.winner, total0, total1, w.match_id, w.seq - 1),
        )
        if cur.rowcount != 1:
            raise StaleWrite(f"match {w.match_id} is not active at version {w.seq - 1}")
        if w.hands:
            conn.executemany(
                "INSERT INTO hands (match_id, number, dealer, outcome, knocker, winner, points, record)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(w.match_id, h.number, h.dealer, h.outcome, h.knocker, h.winner, h.points, h.record) for h in w.hands],
            )
        return record_result(conn, w.result) if w.result is not None else None


def get_match(conn: sqlite3.Connection, match_id: int) -> MatchRow | None:
    r = conn.execute(f"SELECT {_COLS} {_FROM} WHERE m.id = ?", (match_id,)).fetchone()
    return None if r is None else _row(r)


def active_matches(conn: sqlite3.Connection) -> list[MatchRow]:
    return [_row(r) for r in conn.execute(f"SELECT {_COLS} {_FROM} WHERE m.status = 'active' ORDER BY m.id")]


def active_in_channel(conn: sqlite3.Connection, channel_id: int) -> int | None:
    r = conn.execute("SELECT id FROM matches WHERE channel_id = ? AND status = 'active'", (channel_id,)).fetchone()
    return None if r is None else int(r[0])


def recent_for_player(conn: sqlite3.Connection, guild_id: int, user_id: int, limit: int) -> list[MatchRow]:
    """Ended matches of a player, newest first."""
    ids = conn.execute(
        "SELECT id FROM (SELECT id, status FROM matches WHERE guild_id = ? AND player0 = ?"
        " UNION ALL SELECT id, status FROM matches WHERE guild_id = ? AND player1 = ?)"
        " WHERE status <> 'active' ORDER BY id DESC LIMIT ?",
        (guild_id, user_id, guild_id, user_id, limit),
    ).fetchall()
    out = [get_match(conn, i) for (i,) in ids]
    return [m for m in out if m is not None]


def move_log(conn: sqlite3.Connection, match_id: int) -> list[tuple[int, int, str]]:
    """(seq, seat, action) in order."""
    return conn.execute("SELECT seq, seat, action FROM moves WHERE match_id = ? ORDER BY seq", (match_id,)).fetchall()


def set_board_message(conn: sqlite3.Connection, match_id: int, message_id: int | None) -> None:
    with transaction(conn):
        conn.execute("UPDATE matches SET board_message_id = ? WHERE id = ?", (message_id, match_id))


def mark_warned(conn: sqlite3.Connection, match_id: int, version: int, stage: str) -> None:
    with transaction(conn):
        conn.execute("UPDATE matches SET warned_version = ?, warned_stage = ? WHERE id = ?", (version, stage, match_id))
