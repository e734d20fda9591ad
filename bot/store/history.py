"""Looking back: a player's finished matches in a server (newest first, a page at a time), his rating
over time, and his record against one opponent. Plain functions on the connection, read-only."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from .db import reading
from .matches import MATCH_COLUMNS, match_record
from .records import MatchRecord
from .timefmt import from_db

PAGE: Final = 10  # matches a history page shows


@dataclass(frozen=True, slots=True)
class PastMatch:
    """One finished match as a player's history lists it: the match row and his rating change."""

    match: MatchRecord
    seat: int  # the player's seat
    rating_change: int | None  # None: no rated match (an AI at the table, or before ratings were kept)


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The rating a finished match left a player with."""

    match_id: int
    at: datetime
    change: int
    rating: int


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """A player's record against one opponent in a server (matches where both sat, any game)."""

    matches: int
    won: int
    lost: int
    points_for: int
    points_against: int
    last: tuple[bool, ...]  # the newest results first, at most five: True = won


def past_matches(
    conn: sqlite3.Connection,
    guild_id: int,
    user_id: int,
    *,
    game: str | None = None,
    seats: int | None = None,
    before: int | None = None,
    limit: int = PAGE,
) -> list[PastMatch]:
    """The player's finished matches in the server, newest first; ``before``: only matches with a
    lower id (the next page after the last one shown)."""
    where = ["s.user_id = ?", "m.guild_id = ?", "m.status IN ('finished', 'resigned')"]
    args: list[object] = [user_id, guild_id]
    if game is not None:
        where.append("m.game = ?")
        args.append(game)
    if seats is not None:
        where.append("m.seats = ?")
        args.append(seats)
    if before is not None:
        where.append("s.match_id < ?")
        args.append(before)
    with reading(conn):
        rows = conn.execute(
            f"SELECT {MATCH_COLUMNS}, s.seat, r.change FROM match_seats s JOIN matches m ON m.id = s.match_id"
            " LEFT JOIN rating_changes r ON r.match_id = m.id AND r.user_id = s.user_id"
            # By the seat's match id: the index match_seats_by_user (user_id, match_id) is walked
            # backwards and stops after a page (ordering by m.id sorted every match of the player).
            f" WHERE {' AND '.join(where)} ORDER BY s.match_id DESC LIMIT ?",
            (*args, limit),
        ).fetchall()
        return [PastMatch(match_record(conn, r[:16]), int(r[16]), None if r[17] is None else int(r[17])) for r in rows]


def rating_history(
    conn: sqlite3.Connection, guild_id: int, family: str, user_id: int, limit: int = 500
) -> list[RatingPoint]:
    """The player's ratings in one game and table size, oldest first (the newest ``limit``)."""
    rows = conn.execute(
        "SELECT match_id, at, change, rating FROM rating_changes WHERE guild_id = ? AND family = ? AND user_id = ?"
        " ORDER BY at DESC, match_id DESC LIMIT ?",
        (guild_id, family, user_id, limit),
    ).fetchall()
    points = [RatingPoint(int(r[0]), from_db(r[1]), int(r[2]), int(r[3])) for r in rows]
    return points[::-1]


def _won(match: MatchRecord, seat: int) -> bool:
    if match.winner is None:
        return False
    if match.teams is not None:
        return match.teams[seat] == match.teams[match.winner]
    return seat == match.winner


def head_to_head(conn: sqlite3.Connection, guild_id: int, user_id: int, other_id: int) -> HeadToHead:
    """The player's record against ``other_id`` over their finished matches in the server."""
    with reading(conn):
        rows = conn.execute(
            f"SELECT {MATCH_COLUMNS} FROM matches m"
            " JOIN match_seats a ON a.match_id = m.id AND a.user_id = ?"
            " JOIN match_seats b ON b.match_id = m.id AND b.user_id = ?"
            " WHERE m.guild_id = ? AND m.status IN ('finished', 'resigned') ORDER BY m.id DESC",
            (user_id, other_id, guild_id),
        ).fetchall()
        played = [match_record(conn, r) for r in rows]
    results: list[bool] = []
    points_for = points_against = 0
    for m in played:
        me, them = m.players.index(user_id), m.players.index(other_id)
        results.append(_won(m, me))
        if m.totals is not None:
            points_for += m.totals[me]
            points_against += m.totals[them]
    won = sum(results)
    return HeadToHead(len(played), won, len(played) - won, points_for, points_against, tuple(results[:5]))


def last_scored_in_channel(conn: sqlite3.Connection, channel_id: int) -> int | None:
    """The newest match of the channel that has a finished hand (any status)."""
    row = conn.execute(
        "SELECT m.id FROM matches m WHERE m.channel_id = ?"
        " AND EXISTS (SELECT 1 FROM hands h WHERE h.match_id = m.id) ORDER BY m.id DESC LIMIT 1",
        (channel_id,),
    ).fetchone()
    return None if row is None else int(row[0])
