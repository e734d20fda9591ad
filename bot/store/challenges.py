"""Tables before their match: created open, players sit down (or leave), then started (creating the
match), declined, cancelled or expired. A challenge is a two-seat table."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.engine import GameRules

from .codec import dumps, loads, rules_from
from .db import reading, transaction
from .dialect import lock_row
from .matches import insert_match
from .records import Challenge, ChallengeStatus, MatchRecord, Place
from .settings import upsert_player
from .timefmt import from_db, to_db

_COLS = (
    "id, game, guild_id, channel_id, challenger_id, challenger_name, opponent_id, opponent_name, rules,"
    " status, created_at, expires_at, message_id, match_id, seats, invited, declined"
)


def _places(conn: sqlite3.Connection, challenge_id: int) -> tuple[Place, ...]:
    rows = conn.execute(
        "SELECT user_id, name, ai_level, team FROM table_places WHERE challenge_id = ? ORDER BY place", (challenge_id,)
    ).fetchall()
    return tuple(Place(int(r[0]), str(r[1]), r[2], r[3]) for r in rows)


def _challenge(conn: sqlite3.Connection, r: tuple[Any, ...] | None) -> Challenge | None:
    if r is None:
        return None
    return Challenge(
        id=r[0],
        game=r[1],
        guild_id=r[2],
        channel_id=r[3],
        challenger_id=r[4],
        challenger_name=r[5],
        opponent_id=r[6],
        opponent_name=r[7],
        rules=rules_from(r[1], r[8]),
        status=ChallengeStatus(r[9]),
        created_at=from_db(r[10]),
        expires_at=from_db(r[11]),
        message_id=r[12],
        match_id=r[13],
        seats=r[14],
        invited=tuple(int(u) for u in loads(r[15])),
        declined=tuple(int(u) for u in loads(r[16])),
        places=_places(conn, r[0]),
    )


def insert_table(
    conn: sqlite3.Connection,
    game: str,
    guild_id: int,
    channel_id: int,
    host: tuple[int, str],
    rules: GameRules,
    seats: int,
    invited: Sequence[int],
    created_at: datetime,
    expires_at: datetime,
    opponent: tuple[int | None, str | None] = (None, None),
) -> Challenge:
    """An open table with its host in place 0 (the unique index refuses a second open one in the channel)."""
    with transaction(conn):
        cur = conn.execute(
            "INSERT INTO challenges (game, guild_id, channel_id, challenger_id, challenger_name, opponent_id,"
            " opponent_name, rules, status, created_at, expires_at, seats, invited)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?)",
            (
                game,
                guild_id,
                channel_id,
                host[0],
                host[1],
                opponent[0],
                opponent[1],
                dumps(rules.to_dict()),
                to_db(created_at),
                to_db(expires_at),
                seats,
                dumps([int(u) for u in invited]),
            ),
        )
        assert cur.lastrowid is not None
        conn.execute(
            "INSERT INTO table_places (challenge_id, place, user_id, name) VALUES (?, 0, ?, ?)",
            (cur.lastrowid, host[0], host[1]),
        )
        upsert_player(conn, guild_id, host[0], host[1], to_db(created_at))
        if opponent[0] is not None and opponent[1]:
            upsert_player(conn, guild_id, opponent[0], opponent[1], to_db(created_at))
        row = get_challenge(conn, cur.lastrowid)
        assert row is not None
        return row


def insert_challenge(
    conn: sqlite3.Connection,
    game: str,
    guild_id: int,
    channel_id: int,
    challenger: tuple[int, str],
    opponent: tuple[int | None, str | None],
    rules: GameRules,
    created_at: datetime,
    expires_at: datetime,
) -> Challenge:
    """A two-seat table: for ``opponent`` only, or (opponent id None) for anyone."""
    invited = () if opponent[0] is None else (opponent[0],)
    return insert_table(
        conn, game, guild_id, channel_id, challenger, rules, 2, invited, created_at, expires_at, opponent
    )


def get_challenge(conn: sqlite3.Connection, challenge_id: int) -> Challenge | None:
    with reading(conn):
        return _challenge(
            conn, conn.execute(f"SELECT {_COLS} FROM challenges WHERE id = ?", (challenge_id,)).fetchone()
        )


def open_in_channel(conn: sqlite3.Connection, channel_id: int) -> Challenge | None:
    with reading(conn):
        return _challenge(
            conn,
            conn.execute(
                f"SELECT {_COLS} FROM challenges WHERE channel_id = ? AND status = 'open'", (channel_id,)
            ).fetchone(),
        )


def set_status(conn: sqlite3.Connection, challenge_id: int, status: ChallengeStatus) -> Challenge | None:
    """open -> status; None if it was no longer open (someone else got there first)."""
    with transaction(conn):
        cur = conn.execute(
            "UPDATE challenges SET status = ? WHERE id = ? AND status = 'open'", (status.value, challenge_id)
        )
        if cur.rowcount != 1:
            return None
        return get_challenge(conn, challenge_id)


def set_message(conn: sqlite3.Connection, challenge_id: int, message_id: int) -> None:
    with transaction(conn):
        conn.execute("UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id))


def unposted(conn: sqlite3.Connection, created_before: datetime) -> list[Challenge]:
    """Open tables whose public message was never posted (the process stopped, or Discord failed,
    between the commit and the post), opened before ``created_before``: the message the committed
    table implies, still to post (the challenges' own outbox)."""
    ids = conn.execute(
        "SELECT id FROM challenges WHERE status = 'open' AND message_id IS NULL AND created_at <= ? ORDER BY id",
        (to_db(created_before),),
    ).fetchall()
    return [c for (cid,) in ids if (c := get_challenge(conn, int(cid))) is not None]


def expire(conn: sqlite3.Connection, now: datetime, owns: Callable[[int], bool] | None = None) -> list[Challenge]:
    """Mark every open challenge whose time is up as expired (only those of guilds ``owns`` accepts,
    when given: a sharded process expires its own guilds' tables); return those this call expired.
    Each row changes only while still open, so of two callers racing over one table exactly one
    gets it (and edits its message)."""
    with transaction(conn):
        due = conn.execute(
            "SELECT id, guild_id FROM challenges WHERE status = 'open' AND expires_at <= ? ORDER BY id", (to_db(now),)
        ).fetchall()
        out: list[Challenge] = []
        for challenge_id, guild_id in due:
            if owns is not None and not owns(int(guild_id)):
                continue
            cur = conn.execute(
                "UPDATE challenges SET status = 'expired' WHERE id = ? AND status = 'open'", (challenge_id,)
            )
            if cur.rowcount == 1 and (c := get_challenge(conn, challenge_id)) is not None:
                out.append(c)
        return out


def _open_seats(conn: sqlite3.Connection, challenge_id: int) -> int | None:
    """Seats still free at an open table, None if it is not open (inside the caller's transaction,
    which from here on holds the table's row: its places change under no one else)."""
    lock_row(conn, "challenges", challenge_id)
    row = conn.execute(
        "SELECT seats - (SELECT COUNT(*) FROM table_places p WHERE p.challenge_id = c.id)"
        " FROM challenges c WHERE c.id = ? AND c.status = 'open'",
        (challenge_id,),
    ).fetchone()
    return None if row is None else int(row[0])


def _append(conn: sqlite3.Connection, challenge_id: int, places: Sequence[Place]) -> None:
    first = conn.execute("SELECT COUNT(*) FROM table_places WHERE challenge_id = ?", (challenge_id,)).fetchone()[0]
    conn.executemany(
        "INSERT INTO table_places (challenge_id, place, user_id, name, ai_level, team) VALUES (?, ?, ?, ?, ?, ?)",
        [(challenge_id, first + i, p.user_id, p.name, p.ai_level, p.team) for i, p in enumerate(places)],
    )


def add_places(conn: sqlite3.Connection, challenge_id: int, places: Sequence[Place], at: datetime) -> Challenge | None:
    """Seat players (or AI seats) after those already seated, all or none: None if the table is no
    longer open or has too few free seats. A human already seated raises IntegrityError."""
    with transaction(conn):
        free = _open_seats(conn, challenge_id)
        if free is None or free < len(places):
            return None
        _append(conn, challenge_id, places)
        guild = conn.execute("SELECT guild_id FROM challenges WHERE id = ?", (challenge_id,)).fetchone()[0]
        for p in places:
            if not p.is_ai:
                upsert_player(conn, guild, p.user_id, p.name, to_db(at))
        return get_challenge(conn, challenge_id)


def _rewrite(conn: sqlite3.Connection, challenge_id: int, places: Sequence[Place]) -> None:
    conn.execute("DELETE FROM table_places WHERE challenge_id = ?", (challenge_id,))
    _append(conn, challenge_id, places)


def remove_place(conn: sqlite3.Connection, challenge_id: int, user_id: int) -> Challenge | None:
    """A human gets up from an open table; the places after his close up (join order is kept).
    None if the table is not open or he is not seated."""
    with transaction(conn):
        if _open_seats(conn, challenge_id) is None:
            return None
        places = _places(conn, challenge_id)
        left = [p for p in places if p.is_ai or p.user_id != user_id]
        if len(left) == len(places):
            return None
        _rewrite(conn, challenge_id, left)
        return get_challenge(conn, challenge_id)


def set_teams(conn: sqlite3.Connection, challenge_id: int, teams: Sequence[int | None]) -> Challenge | None:
    """Give each place its team, in join order. None if the table is not open or the number of
    places is no longer ``len(teams)`` (someone came or went meanwhile)."""
    with transaction(conn):
        if _open_seats(conn, challenge_id) is None:
            return None
        places = _places(conn, challenge_id)
        if len(places) != len(teams):
            return None
        _rewrite(conn, challenge_id, [replace(p, team=t) for p, t in zip(places, teams, strict=True)])
        return get_challenge(conn, challenge_id)


def decline(conn: sqlite3.Connection, challenge_id: int, user_id: int, close: bool) -> Challenge | None:
    """Record an invited player's no (and close the table as declined if ``close``); None if not open."""
    with transaction(conn):
        lock_row(conn, "challenges", challenge_id)
        row = conn.execute(
            "SELECT declined FROM challenges WHERE id = ? AND status = 'open'", (challenge_id,)
        ).fetchone()
        if row is None:
            return None
        declined = [int(u) for u in loads(row[0])]
        if user_id not in declined:
            declined.append(user_id)
        conn.execute(
            "UPDATE challenges SET declined = ?, status = ? WHERE id = ?",
            (dumps(declined), "declined" if close else "open", challenge_id),
        )
        return get_challenge(conn, challenge_id)


def accept(
    conn: sqlite3.Connection,
    challenge_id: int,
    acceptor: tuple[int, str] | None,
    match: MatchRecord,
    state: dict[str, Any],
) -> tuple[Challenge, int] | None:
    """Create the match and mark the table accepted, in one transaction. ``acceptor``: the player who
    took the last seat of a two-seat challenge by accepting it (None: the host started the table).
    None if the table is no longer open."""
    with transaction(conn):
        cur = conn.execute(
            "UPDATE challenges SET status = 'accepted' WHERE id = ? AND status = 'open'", (challenge_id,)
        )
        if cur.rowcount != 1:
            return None
        match_id = insert_match(conn, match, state)
        conn.execute("UPDATE challenges SET match_id = ? WHERE id = ?", (match_id, challenge_id))
        if acceptor is not None:
            _append(conn, challenge_id, [Place(*acceptor)])
            conn.execute(
                "UPDATE challenges SET opponent_id = ?, opponent_name = ? WHERE id = ?",
                (acceptor[0], acceptor[1], challenge_id),
            )
        row = get_challenge(conn, challenge_id)
        assert row is not None
        return row, match_id
