"""Matches, their move log, hand rows and the latest snapshot.

A move may leave the snapshot as it was (``snapshot_every`` > 1: a snapshot every n moves, and at
every hand's end, new deal and match end): the moves table is the log, the snapshot a
checkpoint, and a match is loaded as its snapshot with the moves after it replayed by the engine
(``catch_up``). Fewer pages are written per move; loading replays at most n - 1 moves.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from typing import Any

from bot.engine import RESIGN_TEXT, IllegalAction, game_type

from . import outbox
from .codec import dumps, loads, rules_from
from .db import reading, transaction
from .records import AnnouncementKind, Committed, MatchRecord, MatchStatus, MoveWrite, Snapshot, Stage
from .settings import upsert_player
from .stats import record_result
from .timefmt import from_db, to_db

log = logging.getLogger(__name__)


class StaleWrite(RuntimeError):
    """The match on disk is not at the version the write was prepared for (nothing was written)."""


MATCH_COLUMNS = (
    "m.id, m.game, m.guild_id, m.channel_id, m.rules, m.seed, m.status, m.version, m.started_at, m.ended_at,"
    " m.winner, m.board_message_id, m.turn_deadline, m.warned_version, m.warned_stage, m.seats"
)


def match_record(conn: sqlite3.Connection, r: tuple[Any, ...]) -> MatchRecord:
    seats = conn.execute(
        "SELECT seat, user_id, name, ai_level, team, total FROM match_seats WHERE match_id = ? ORDER BY seat", (r[0],)
    ).fetchall()
    if [s[0] for s in seats] != list(range(r[15])):
        raise RuntimeError(f"match {r[0]} has seats {[s[0] for s in seats]}, not 0 to {r[15] - 1}")
    totals = tuple(s[5] for s in seats)
    teams = tuple(s[4] for s in seats)
    return MatchRecord(
        id=r[0],
        game=r[1],
        guild_id=r[2],
        channel_id=r[3],
        players=tuple(int(s[1]) for s in seats),
        names=tuple(str(s[2]) for s in seats),
        ai_levels=tuple(s[3] for s in seats),
        rules=rules_from(r[1], r[4]),
        seed=r[5],
        status=MatchStatus(r[6]),
        version=r[7],
        started_at=from_db(r[8]),
        ended_at=from_db(r[9]),
        winner=r[10],
        totals=None if None in totals else totals,
        board_message_id=r[11],
        turn_deadline=from_db(r[12]),
        warned_version=r[13],
        warned_stage=None if r[14] is None else Stage(r[14]),
        teams=None if None in teams else teams,
    )


def insert_match(conn: sqlite3.Connection, m: MatchRecord, state: dict[str, Any]) -> int:
    """Insert a match, its seats, its version-0 snapshot and its players' names (inside the caller's transaction)."""
    n = len(m.players)
    if n < 1 or len(m.names) != n or len(m.ai_levels) != n or (m.teams is not None and len(m.teams) != n):
        raise ValueError("a match needs a user id, a name and an AI level (None: a human) for every seat")
    cur = conn.execute(
        "INSERT INTO matches (game, guild_id, channel_id, seats, rules, seed, status, version, started_at, turn_deadline)"
        " VALUES (?, ?, ?, ?, ?, ?, 'active', 0, ?, ?)",
        (
            m.game,
            m.guild_id,
            m.channel_id,
            n,
            dumps(m.rules.to_dict()),
            m.seed,
            to_db(m.started_at),
            to_db(m.turn_deadline),
        ),
    )
    assert cur.lastrowid is not None
    match_id = int(cur.lastrowid)
    conn.executemany(
        "INSERT INTO match_seats (match_id, seat, user_id, name, ai_level, team) VALUES (?, ?, ?, ?, ?, ?)",
        [
            (match_id, s, m.players[s], m.names[s], m.ai_levels[s], None if m.teams is None else m.teams[s])
            for s in range(n)
        ],
    )
    conn.execute("INSERT INTO snapshots (match_id, version, state) VALUES (?, 0, ?)", (match_id, dumps(state)))
    outbox.add(conn, match_id, 0, AnnouncementKind.BOARD, m.started_at)
    for s in range(n):
        if not m.is_ai(s):  # the bot's name is its own; 'GinBot 2' is a seat's name, not the user's
            upsert_player(conn, m.guild_id, m.players[s], m.names[s], to_db(m.started_at))
    return match_id


def create_match(conn: sqlite3.Connection, m: MatchRecord, state: dict[str, Any]) -> int:
    """A match not born from a table (against the AI): one transaction."""
    with transaction(conn):
        return insert_match(conn, m, state)


def snapshot_due(w: MoveWrite, every: int) -> bool:
    """Whether this move writes the snapshot: every ``every``-th version, and whenever a hand or the
    match ends or a new hand is dealt (the states a reload most often starts from)."""
    m = w.match
    return every <= 1 or m.version % every == 0 or bool(w.hands) or w.new_deal or m.status is not MatchStatus.ACTIVE


def commit_move(conn: sqlite3.Connection, w: MoveWrite, snapshot_every: int = 1) -> Committed:
    """Append the move, replace the snapshot (when due), bump the version, add hand rows, the messages
    to announce and, when the match ends, its result, stats and ratings: all in ONE transaction."""
    m = w.match
    with transaction(conn):
        # The primary key (match_id, seq) refuses a second move n: no double application.
        conn.execute(
            "INSERT INTO moves (match_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
            (m.id, m.version, w.seat, w.action, to_db(w.at)),
        )
        if snapshot_due(w, snapshot_every):
            cur = conn.execute(
                "UPDATE snapshots SET version = ?, state = ? WHERE match_id = ? AND version < ?",
                (m.version, dumps(w.state), m.id, m.version),
            )
            if cur.rowcount != 1:
                raise StaleWrite(f"match {m.id} has a snapshot at version {m.version} or later")
        # The version check of every move: the match row is the authority, snapshot written or not.
        # A move that leaves the match active assigns no status (nor end, nor winner): SQLite rewrites
        # the entries of the indexes on status whenever it is assigned, even to the value it had.
        if m.status is MatchStatus.ACTIVE:
            cur = conn.execute(
                "UPDATE matches SET version = ?, turn_deadline = ? WHERE id = ? AND version = ? AND status = 'active'",
                (m.version, to_db(m.turn_deadline), m.id, m.version - 1),
            )
        else:
            cur = conn.execute(
                "UPDATE matches SET version = ?, status = ?, turn_deadline = ?, ended_at = ?, winner = ?"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (m.version, m.status.value, to_db(m.turn_deadline), to_db(m.ended_at), m.winner, m.id, m.version - 1),
            )
        if cur.rowcount != 1:
            raise StaleWrite(f"match {m.id} is not active at version {m.version - 1}")
        if m.totals is not None:
            conn.executemany(
                "UPDATE match_seats SET total = ? WHERE match_id = ? AND seat = ?",
                [(t, m.id, s) for s, t in enumerate(m.totals)],
            )
        if w.hands:
            conn.executemany(
                "INSERT INTO hands (match_id, number, dealer, outcome, winner, points, record)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(m.id, h.number, h.dealer, str(h.outcome), h.winner, h.points, dumps(h.to_dict())) for h in w.hands],
            )
        # A tournament match the organiser left unrated (tournament_matches.rated = 0) leaves the stats alone.
        rated = (
            w.summary is not None
            and conn.execute("SELECT 1 FROM tournament_matches WHERE match_id = ? AND rated = 0", (m.id,)).fetchone()
            is None
        )
        changes = record_result(conn, m, w.summary) if w.summary is not None and rated else None
        posts = [outbox.add(conn, m.id, m.version, AnnouncementKind.HAND_RESULT, w.at) for _ in w.hands[-1:]]
        if w.summary is not None:
            posts.append(
                outbox.add(
                    conn,
                    m.id,
                    m.version,
                    AnnouncementKind.MATCH_END,
                    w.at,
                    {"rating_changes": {str(k): v for k, v in (changes or {}).items()}},
                )
            )
        elif w.new_deal:
            posts.append(outbox.add(conn, m.id, m.version, AnnouncementKind.BOARD, w.at))
        return Committed(changes, tuple(posts))


def get_match(conn: sqlite3.Connection, match_id: int) -> MatchRecord | None:
    with reading(conn):
        r = conn.execute(f"SELECT {MATCH_COLUMNS} FROM matches m WHERE m.id = ?", (match_id,)).fetchone()
        return None if r is None else match_record(conn, r)


def get_snapshot(conn: sqlite3.Connection, match_id: int) -> Snapshot | None:
    r = conn.execute("SELECT version, state FROM snapshots WHERE match_id = ?", (match_id,)).fetchone()
    return None if r is None else Snapshot(r[0], loads(r[1]))


def load_match(conn: sqlite3.Connection, match_id: int) -> tuple[MatchRecord, Snapshot] | None:
    """A match's row and its state at the row's version: the snapshot, with the moves after it
    replayed when it was written before the last move (read together)."""
    with reading(conn):
        record = get_match(conn, match_id)
        snapshot = get_snapshot(conn, match_id) if record is not None else None
        if record is None or snapshot is None:
            return None
        if snapshot.version < record.version:
            tail = conn.execute(
                "SELECT seq, seat, action FROM moves WHERE match_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
                (match_id, snapshot.version, record.version),
            ).fetchall()
            snapshot = catch_up(record, snapshot, [(int(a), int(b), str(c)) for a, b, c in tail])
    return record, snapshot


def catch_up(record: MatchRecord, snapshot: Snapshot, tail: list[tuple[int, int, str]]) -> Snapshot:
    """The snapshot with ``tail`` (seq, seat, action after it) replayed up to the match's version. A
    tail that does not replay is logged and the stored snapshot returned: its version then differs
    from the match's, which recovery reports."""
    seqs = [seq for seq, _, _ in tail]
    if seqs != list(range(snapshot.version + 1, record.version + 1)):
        log.error("match %d: the moves after its snapshot (version %d) are missing", record.id, snapshot.version)
        return snapshot
    kind = game_type(record.game)
    try:
        state = kind.load(snapshot.state)
        for _, seat, text in tail:
            if text == RESIGN_TEXT:
                state.resign(seat)
            else:
                state.apply(seat, kind.parse_action(text))
    except (IllegalAction, ValueError, KeyError) as e:
        log.error("match %d: the moves after its snapshot do not replay (%s)", record.id, type(e).__name__)
        return snapshot
    # Through JSON, as a written snapshot would read.
    return Snapshot(state.moves, loads(dumps(state.to_dict())))


def active_matches(conn: sqlite3.Connection) -> list[tuple[MatchRecord, Snapshot]]:
    """Every active match with its state; one whose stored state is not JSON (a damaged row) is
    logged and left out, so it does not keep the others from loading."""
    ids = [r[0] for r in conn.execute("SELECT id FROM matches WHERE status = 'active' ORDER BY id")]
    out = []
    for i in ids:
        try:
            loaded = load_match(conn, i)
        except json.JSONDecodeError as e:
            log.error("match %d: its stored state does not load (%s); it is left out", i, type(e).__name__)
            continue
        if loaded is not None:
            out.append(loaded)
    return out


def active_in_channel(conn: sqlite3.Connection, channel_id: int) -> int | None:
    r = conn.execute("SELECT id FROM matches WHERE channel_id = ? AND status = 'active'", (channel_id,)).fetchone()
    return None if r is None else int(r[0])


def move_log(conn: sqlite3.Connection, match_id: int) -> list[tuple[int, int, str]]:
    """(seq, seat, action) in order."""
    rows = conn.execute("SELECT seq, seat, action FROM moves WHERE match_id = ? ORDER BY seq", (match_id,)).fetchall()
    return [(int(a), int(b), str(c)) for a, b, c in rows]


def set_board_message(conn: sqlite3.Connection, match_id: int, message_id: int | None) -> None:
    with transaction(conn):
        conn.execute("UPDATE matches SET board_message_id = ? WHERE id = ?", (message_id, match_id))


def mark_warned(conn: sqlite3.Connection, match_id: int, version: int, stage: Stage) -> bool:
    """Claim the overdue notice of ``stage`` at ``version``. True for exactly one caller, however many
    processes share the database: the match is still active at ``version`` and no notice of this
    stage or a later one was recorded at it. False: someone else gave it, or the player moved."""
    given = [s.value for s in Stage if s.periods >= stage.periods]
    with transaction(conn):
        cur = conn.execute(
            "UPDATE matches SET warned_version = ?, warned_stage = ?"
            " WHERE id = ? AND version = ? AND status = 'active'"
            f" AND NOT (COALESCE(warned_version, -1) = ? AND COALESCE(warned_stage, '') IN ({', '.join('?' * len(given))}))",
            (version, stage.value, match_id, version, version, *given),
        )
        return cur.rowcount == 1
