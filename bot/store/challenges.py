"""Challenges: created open, then accepted (creating a match), declined, cancelled or expired."""

from __future__ import annotations

import sqlite3

from .db import transaction
from .matches import insert_match
from .rows import ChallengeRow, NewMatch
from .settings import upsert_player

_COLS = ("id, guild_id, channel_id, challenger_id, challenger_name, opponent_id, opponent_name, rules, status,"
         " created_at, expires_at, message_id, match_id")


def _row(r: tuple | None) -> ChallengeRow | None:
    return None if r is None else ChallengeRow(*r)


def insert_challenge(conn: sqlite3.Connection, guild_id: int, channel_id: int, challenger: tuple[int, str],
                     opponent: tuple[int | None, str | None], rules: str, created_at: str, expires_at: str) -> ChallengeRow:
    with transaction(conn):
        cur = conn.execute(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, challenger_name, opponent_id, opponent_name,"
            " rules, status, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)",
            (guild_id, channel_id, challenger[0], challenger[1], opponent[0], opponent[1], rules, created_at, expires_at),
        )
        upsert_player(conn, guild_id, challenger[0], challenger[1], created_at)
        if opponent[0] is not None and opponent[1]:
            upsert_player(conn, guild_id, opponent[0], opponent[1], created_at)
        return get_challenge(conn, cur.lastrowid)  # type: ignore[return-value]


def get_challenge(conn: sqlite3.Connection, challenge_id: int) -> ChallengeRow | None:
    return _row(conn.execute(f"SELECT {_COLS} FROM challenges WHERE id = ?", (challenge_id,)).fetchone())


def open_in_channel(conn: sqlite3.Connection, channel_id: int) -> ChallengeRow | None:
    return _row(conn.execute(f"SELECT {_COLS} FROM challenges WHERE channel_id = ? AND status = 'open'",
                             (channel_id,)).fetchone())


def set_status(conn: sqlite3.Connection, challenge_id: int, status: str) -> ChallengeRow | None:
    """open -> status; None if it was no longer open (someone else got there first)."""
    with transaction(conn):
        cur = conn.execute("UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'", (status, challenge_id))
        if cur.rowcount != 1:
            return None
        return get_challenge(conn, challenge_id)


def set_message(conn: sqlite3.Connection, challenge_id: int, message_id: int) -> None:
    with transaction(conn):
        conn.execute("UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id))


def expire(conn: sqlite3.Connection, now: str) -> list[ChallengeRow]:
    """Mark every open challenge whose time is up as expired; return them."""
    with transaction(conn):
        ids = [r[0] for r in conn.execute(
            "SELECT id FROM challenges WHERE status = 'open' AND expires_at <= ?", (now,)).fetchall()]
        conn.executemany("UPDATE challenges SET status = 'expired' WHERE id = ?", [(i,) for i in ids])
        return [get_challenge(conn, i) for i in ids]  # type: ignore[misc]


def accept(conn: sqlite3.Connection, challenge_id: int, acceptor: tuple[int, str], match: NewMatch) -> tuple[ChallengeRow, int] | None:
    """Create the match and mark the challenge accepted, in one transaction. None if no longer open."""
    with transaction(conn):
        cur = conn.execute("UPDATE challenges SET status = 'accepted' WHERE id = ? AND status = 'open'", (challenge_id,))
        if cur.rowcount != 1:
            return None
        match_id = insert_match(conn, match)
        conn.execute("UPDATE challenges SET match_id = ?, opponent_id = ?, opponent_name = ? WHERE id = ?",
                     (match_id, acceptor[0], acceptor[1], challenge_id))
        upsert_player(conn, match.guild_id, acceptor[0], acceptor[1], match.started_at)
        row = get_challenge(conn, challenge_id)
        assert row is not None
        return row, match_id
