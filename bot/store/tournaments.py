"""Tournaments in the store (docs/tournaments.md): the row with its JSON state and version, sign-ups and
check-ins, the matches of each round, and the pending announcements.

Every change of a running tournament is one ``step``: a conditional update on the version, with the
matches it creates (the key (round, board) is the primary key of ``tournament_matches``), the results it
counts and the messages it implies, all or nothing. A second process, or a restart that computes the
same step again, finds the version moved on and writes nothing.
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import datetime
from typing import Any

from .codec import dumps, loads
from .db import reading, transaction
from .dialect import lock_row
from .matches import MATCH_COLUMNS, insert_match, match_record
from .records import MatchRecord
from .timefmt import from_db, to_db
from .tournament_records import (
    Entry,
    Notice,
    NoticeKind,
    Step,
    TournamentMatch,
    TournamentRow,
    TournamentStatus,
)

_COLS = (
    "id, guild_id, channel_id, organiser_id, bot_id, variant, config, state, status, version, created_at,"
    " signup_ends, checkin_s, signup_message, checkin_message, checkin_ends, started_at, ended_at, reason"
)
_ENTRY = "user_id, name, ai_level, joined_at, checked_in_at"
_MATCH = "tournament_id, round, board, match_id, rated, turn_timeout_s, counted_at"
_NOTICE = "id, tournament_id, version, kind, payload, created_at"


class StaleTournament(RuntimeError):
    """A step's tournament is no longer at the version it was computed from (nothing was written)."""


def _row(r: tuple[Any, ...]) -> TournamentRow:
    return TournamentRow(
        id=int(r[0]),
        guild_id=int(r[1]),
        channel_id=int(r[2]),
        organiser_id=int(r[3]),
        bot_id=int(r[4]),
        variant=str(r[5]),
        config=str(r[6]),
        state=r[7],
        status=TournamentStatus(r[8]),
        version=int(r[9]),
        created_at=from_db(r[10]),
        signup_ends=from_db(r[11]),
        checkin_s=int(r[12]),
        signup_message=None if r[13] is None else int(r[13]),
        checkin_message=None if r[14] is None else int(r[14]),
        checkin_ends=from_db(r[15]),
        started_at=from_db(r[16]),
        ended_at=from_db(r[17]),
        reason=str(r[18]),
    )


def _entry(r: tuple[Any, ...]) -> Entry:
    return Entry(int(r[0]), str(r[1]), r[2], from_db(r[3]), from_db(r[4]))


def _match(r: tuple[Any, ...]) -> TournamentMatch:
    return TournamentMatch(int(r[0]), int(r[1]), int(r[2]), int(r[3]), bool(r[4]), int(r[5]), from_db(r[6]))


def _notice(r: tuple[Any, ...]) -> Notice:
    return Notice(int(r[0]), int(r[1]), int(r[2]), NoticeKind(r[3]), loads(r[4]), from_db(r[5]))


def _add_notice(
    conn: sqlite3.Connection, tid: int, version: int, kind: NoticeKind, payload: dict[str, Any], at: datetime
) -> None:
    conn.execute(
        "INSERT INTO tournament_outbox (tournament_id, version, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)",
        (tid, version, kind.value, dumps(payload), to_db(at)),
    )


def create(conn: sqlite3.Connection, t: TournamentRow) -> TournamentRow:
    """Insert a tournament open for sign-up, and its sign-up message (pending): one transaction."""
    with transaction(conn):
        cur = conn.execute(
            "INSERT INTO tournaments (guild_id, channel_id, organiser_id, bot_id, variant, config, status, version,"
            " created_at, signup_ends, checkin_s) VALUES (?, ?, ?, ?, ?, ?, 'signup', 0, ?, ?, ?)",
            (
                t.guild_id,
                t.channel_id,
                t.organiser_id,
                t.bot_id,
                t.variant,
                t.config,
                to_db(t.created_at),
                to_db(t.signup_ends),
                t.checkin_s,
            ),
        )
        assert cur.lastrowid is not None
        tid = int(cur.lastrowid)
        _add_notice(conn, tid, 0, NoticeKind.SIGNUP, {}, t.created_at)
    return replace(t, id=tid, status=TournamentStatus.SIGNUP, version=0)


def get(conn: sqlite3.Connection, tid: int) -> TournamentRow | None:
    r = conn.execute(f"SELECT {_COLS} FROM tournaments WHERE id = ?", (tid,)).fetchone()
    return None if r is None else _row(r)


def going(conn: sqlite3.Connection, guild_id: int | None = None) -> list[TournamentRow]:
    """Tournaments not over (of one server, or of all), oldest first."""
    where = "status IN ('signup', 'checkin', 'running')"
    if guild_id is None:
        rows = conn.execute(f"SELECT {_COLS} FROM tournaments WHERE {where} ORDER BY id").fetchall()
    else:
        rows = conn.execute(
            f"SELECT {_COLS} FROM tournaments WHERE guild_id = ? AND {where} ORDER BY id", (guild_id,)
        ).fetchall()
    return [_row(r) for r in rows]


def latest(conn: sqlite3.Connection, guild_id: int) -> TournamentRow | None:
    """A server's newest tournament (going or not)."""
    r = conn.execute(
        f"SELECT {_COLS} FROM tournaments WHERE guild_id = ? ORDER BY id DESC LIMIT 1", (guild_id,)
    ).fetchone()
    return None if r is None else _row(r)


def entries(conn: sqlite3.Connection, tid: int) -> list[Entry]:
    """The sign-ups in the order they joined."""
    rows = conn.execute(
        f"SELECT {_ENTRY} FROM tournament_entries WHERE tournament_id = ? ORDER BY joined_at, user_id", (tid,)
    ).fetchall()
    return [_entry(r) for r in rows]


def join(conn: sqlite3.Connection, tid: int, entry: Entry, cap: int) -> str:
    """Add a sign-up while the tournament is open and not full: 'joined', 'already', 'full' or 'closed'.
    One transaction, so two clicks at once never take the cap's last place twice."""
    with transaction(conn):
        lock_row(conn, "tournaments", tid)
        r = conn.execute("SELECT status FROM tournaments WHERE id = ?", (tid,)).fetchone()
        if r is None or r[0] != TournamentStatus.SIGNUP.value:
            return "closed"
        if conn.execute(
            "SELECT 1 FROM tournament_entries WHERE tournament_id = ? AND user_id = ?", (tid, entry.user_id)
        ).fetchone():
            return "already"
        (count,) = conn.execute("SELECT COUNT(*) FROM tournament_entries WHERE tournament_id = ?", (tid,)).fetchone()
        if int(count) >= cap:
            return "full"
        conn.execute(
            f"INSERT INTO tournament_entries (tournament_id, {_ENTRY}) VALUES (?, ?, ?, ?, ?, ?)",
            (tid, entry.user_id, entry.name, entry.ai_level, to_db(entry.joined_at), to_db(entry.checked_in_at)),
        )
        return "joined"


def leave(conn: sqlite3.Connection, tid: int, user_id: int) -> bool:
    """Drop a sign-up while sign-up or check-in is open; False if there was none (or it closed)."""
    with transaction(conn):
        cur = conn.execute(
            "DELETE FROM tournament_entries WHERE tournament_id = ? AND user_id = ? AND EXISTS"
            " (SELECT 1 FROM tournaments WHERE id = ? AND status IN ('signup', 'checkin'))",
            (tid, user_id, tid),
        )
        return cur.rowcount == 1


def check_in(conn: sqlite3.Connection, tid: int, user_id: int, at: datetime) -> bool:
    """Confirm a sign-up while the check-in is open; False if not signed up, already in, or closed."""
    with transaction(conn):
        cur = conn.execute(
            "UPDATE tournament_entries SET checked_in_at = ? WHERE tournament_id = ? AND user_id = ?"
            " AND checked_in_at IS NULL AND EXISTS (SELECT 1 FROM tournaments WHERE id = ? AND status = 'checkin')",
            (to_db(at), tid, user_id, tid),
        )
        return cur.rowcount == 1


def step(conn: sqlite3.Connection, tid: int, s: Step) -> tuple[int, tuple[int, ...]]:
    """Write one step if the tournament is still at ``s.version``: the new version and the ids of the
    matches created (in ``s.matches``' order). StaleTournament (nothing written) if another step came first."""
    with transaction(conn):
        new = s.version + 1
        cur = conn.execute(
            "UPDATE tournaments SET state = ?, status = ?, version = ?,"
            " checkin_ends = COALESCE(?, checkin_ends), started_at = COALESCE(?, started_at),"
            " ended_at = COALESCE(?, ended_at), reason = CASE WHEN ? = '' THEN reason ELSE ? END"
            " WHERE id = ? AND version = ?",
            (
                s.state,
                s.status.value,
                new,
                to_db(s.checkin_ends),
                to_db(s.started_at),
                to_db(s.ended_at),
                s.reason,
                s.reason,
                tid,
                s.version,
            ),
        )
        if cur.rowcount != 1:
            raise StaleTournament(f"tournament {tid} is not at version {s.version}")
        for match_id in s.counted:
            cur = conn.execute(
                "UPDATE tournament_matches SET counted_at = ? WHERE match_id = ? AND tournament_id = ?"
                " AND counted_at IS NULL",
                (to_db(s.at), match_id, tid),
            )
            if cur.rowcount != 1:  # counted by an earlier step: this one was computed from a stale state
                raise StaleTournament(f"match {match_id} of tournament {tid} is counted already")
        created: list[int] = []
        for m in s.matches:
            match_id = insert_match(conn, m.match, m.state)
            created.append(match_id)
            conn.execute(
                f"INSERT INTO tournament_matches ({_MATCH}) VALUES (?, ?, ?, ?, ?, ?, NULL)",
                (tid, m.round, m.board, match_id, int(m.rated), m.turn_timeout_s),
            )
        for user_id in s.removed_entries:
            conn.execute("DELETE FROM tournament_entries WHERE tournament_id = ? AND user_id = ?", (tid, user_id))
        for kind, payload in s.notices:
            _add_notice(conn, tid, new, kind, payload, s.at)
        return new, tuple(created)


def tournament_matches(conn: sqlite3.Connection, tid: int) -> list[TournamentMatch]:
    rows = conn.execute(
        f"SELECT {_MATCH} FROM tournament_matches WHERE tournament_id = ? ORDER BY round, board", (tid,)
    ).fetchall()
    return [_match(r) for r in rows]


def uncounted_ended(conn: sqlite3.Connection, tid: int) -> list[tuple[TournamentMatch, MatchRecord]]:
    """The tournament's matches that ended and are not counted yet, with their rows."""
    with reading(conn):
        rows = conn.execute(
            f"SELECT {', '.join('t.' + c.strip() for c in _MATCH.split(','))}, {MATCH_COLUMNS}"
            " FROM tournament_matches t JOIN matches m ON m.id = t.match_id"
            " WHERE t.tournament_id = ? AND t.counted_at IS NULL AND m.status <> 'active' ORDER BY t.round, t.board",
            (tid,),
        ).fetchall()
        return [(_match(r[:7]), match_record(conn, r[7:])) for r in rows]


def match_terms(conn: sqlite3.Connection, match_id: int) -> tuple[bool, int] | None:
    """A tournament match's (rated, turn timeout); None for a match outside tournaments."""
    r = conn.execute("SELECT rated, turn_timeout_s FROM tournament_matches WHERE match_id = ?", (match_id,)).fetchone()
    return None if r is None else (bool(r[0]), int(r[1]))


def set_message(conn: sqlite3.Connection, tid: int, kind: NoticeKind, message_id: int) -> None:
    """Remember the sign-up or check-in message (its buttons are edited when the window closes)."""
    column = {NoticeKind.SIGNUP: "signup_message", NoticeKind.CHECKIN: "checkin_message"}[kind]
    with transaction(conn):
        conn.execute(f"UPDATE tournaments SET {column} = ? WHERE id = ?", (message_id, tid))


def pending_notices(conn: sqlite3.Connection, now: datetime, limit: int) -> list[Notice]:
    """Messages not posted yet and not claimed by a poster now, oldest first."""
    rows = conn.execute(
        f"SELECT {_NOTICE} FROM tournament_outbox WHERE done_at IS NULL"
        " AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY id LIMIT ?",
        (to_db(now), limit),
    ).fetchall()
    return [_notice(r) for r in rows]


def claim_notice(conn: sqlite3.Connection, notice_id: int, now: datetime, until: datetime) -> bool:
    """Claim a pending message for posting until ``until``: True for exactly one caller at a time."""
    with transaction(conn):
        cur = conn.execute(
            "UPDATE tournament_outbox SET claimed_until = ? WHERE id = ? AND done_at IS NULL"
            " AND (claimed_until IS NULL OR claimed_until <= ?)",
            (to_db(until), notice_id, to_db(now)),
        )
        return cur.rowcount == 1


def notice_done(conn: sqlite3.Connection, notice_id: int, message_id: int | None, at: datetime) -> bool:
    """Discord accepted the message; False if it was already marked."""
    with transaction(conn):
        cur = conn.execute(
            "UPDATE tournament_outbox SET done_at = ?, message_id = ? WHERE id = ? AND done_at IS NULL",
            (to_db(at), message_id, notice_id),
        )
        return cur.rowcount == 1


def notices(conn: sqlite3.Connection, tid: int) -> list[tuple[NoticeKind, dict[str, Any], bool]]:
    """Every message of a tournament in order: its kind, payload and whether it was posted."""
    rows = conn.execute(
        "SELECT kind, payload, done_at FROM tournament_outbox WHERE tournament_id = ? ORDER BY id", (tid,)
    ).fetchall()
    return [(NoticeKind(r[0]), loads(r[1]), r[2] is not None) for r in rows]
