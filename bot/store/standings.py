"""A season's table, counted from the matches that ended within it (docs/seasons.md).

Each game family's table lists every human who finished a match of it in the window: rated matches
(no AI seat) won and lost with the points for and against, matches against the bot won and lost,
and the rating at the window's end. That rating is counted back from today's: the player's rating
now less every change of a match that ended at or after the window's end (``rating_changes``), so it
does not matter how long after its end a season is closed. A match counts where it ended; one that
ended without a result (its channel lost: no winner) counts nowhere, as in the everlasting table.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from .records import PlayerStats, family_of
from .stats import START_RATING
from .timefmt import to_db

# Each ordering of the leaderboard (bot.store.stats._BOARDS, in Python): who is listed, and the sort key.
Board = tuple[Callable[[PlayerStats], bool], Callable[[PlayerStats], tuple[int, ...]]]


def _rated(p: PlayerStats) -> bool:
    return p.matches_won + p.matches_lost > 0


ORDERS: dict[str, Board] = {
    "rating": (_rated, lambda p: (-p.rating, -p.matches_won, p.user_id)),
    "wins": (_rated, lambda p: (-p.matches_won, -p.rating, p.user_id)),
    "points": (_rated, lambda p: (-p.points_for, -p.rating, p.user_id)),
    "vs_bot": (lambda p: p.vs_bot_won + p.vs_bot_lost > 0, lambda p: (-p.vs_bot_won, p.vs_bot_lost, p.user_id)),
}


def ranked(rows: Iterable[PlayerStats], by: str, limit: int) -> list[PlayerStats]:
    """The first ``limit`` rows of one ordering, as the everlasting leaderboard orders and filters them."""
    listed, key = ORDERS[by]
    return sorted((p for p in rows if listed(p)), key=key)[:limit]


def champion(rows: Iterable[PlayerStats]) -> PlayerStats | None:
    """The top of the rating table (rated matches only); None when nobody played a rated match."""
    return next(iter(ranked(rows, "rating", 1)), None)


@dataclass
class _Tally:
    won: int = 0
    lost: int = 0
    points_for: int = 0
    points_against: int = 0
    bot_won: int = 0
    bot_lost: int = 0


Seat = tuple[int, int, bool, int, int]  # seat, user, an AI's seat, side (team, or the seat itself), total


def _count(game: str, winner: int, seats: list[Seat], tallies: dict[tuple[str, int], _Tally]) -> None:
    """Add one ended match to its family's tallies (as ``stats.record_result`` counts it)."""
    family = family_of(game, len(seats))
    won_side = next(side for seat, _, _, side, _ in seats if seat == winner)
    with_ai = any(ai for _, _, ai, _, _ in seats)
    # Each side's total once (a partnership's total stands in both its seats).
    sides = {side: total for _, _, _, side, total in seats}
    every = sum(sides.values())
    for _, user, ai, side, total in seats:
        if ai:
            continue
        t = tallies.get((family, user))
        if t is None:
            t = tallies[family, user] = _Tally()
        won = side == won_side
        if with_ai:
            t.bot_won += won
            t.bot_lost += not won
        else:
            t.won += won
            t.lost += not won
            t.points_for += total
            t.points_against += every - sides[side]


def tally(
    conn: sqlite3.Connection, guild_id: int, start: datetime, end: datetime, family: str | None = None
) -> dict[str, list[PlayerStats]]:
    """Each family's table of the matches that ended in [start, end) (of one family, or all), unsorted;
    each player's rating is his rating at ``end``. Inside the caller's transaction or read."""
    where = "m.guild_id = ? AND m.ended_at >= ? AND m.ended_at < ? AND m.winner IS NOT NULL"
    args: list[Any] = [guild_id, to_db(start), to_db(end)]
    if family is not None:
        game, _, seats = family.rpartition(":")
        where += " AND m.game = ? AND m.seats = ?"
        args += [game, int(seats)]
    matches: dict[int, tuple[str, int, list[Seat]]] = {}
    # The matches' columns come from the index matches_by_guild_end alone; their seats by primary key.
    for mid, game, winner, seat, user, ai_level, team, total in conn.execute(
        "SELECT m.id, m.game, m.winner, s.seat, s.user_id, s.ai_level, s.team, s.total"
        f" FROM matches m JOIN match_seats s ON s.match_id = m.id WHERE {where}",
        args,
    ):
        found = matches.get(mid)
        if found is None:
            found = matches[mid] = (str(game), int(winner), [])
        found[2].append(
            (int(seat), int(user), ai_level is not None, int(seat if team is None else team), int(total or 0))
        )
    tallies: dict[tuple[str, int], _Tally] = {}
    for game_name, winner_seat, seated in matches.values():
        _count(game_name, winner_seat, seated, tallies)
    families = sorted({f for f, _ in tallies})
    names = _names(conn, guild_id, sorted({u for _, u in tallies}))
    out: dict[str, list[PlayerStats]] = {}
    for fam in families:
        ratings = ratings_at(conn, guild_id, fam, end)
        out[fam] = [
            PlayerStats(
                guild_id,
                user,
                names.get(user, ""),
                ratings.get(user, START_RATING),
                t.won,
                t.lost,
                0,
                t.points_for,
                t.points_against,
                0,
                0,
                t.bot_won,
                t.bot_lost,
                fam,
            )
            for (f, user), t in sorted(tallies.items())
            if f == fam
        ]
    return out


def ratings_at(conn: sqlite3.Connection, guild_id: int, family: str, at: datetime) -> dict[int, int]:
    """Every rated player's rating in a family at ``at``: today's, less the changes of the matches that
    ended at or after ``at`` (one statement: one state of the database on either store)."""
    rows = conn.execute(
        "SELECT s.user_id, s.rating - COALESCE((SELECT SUM(r.change) FROM rating_changes r"
        " WHERE r.guild_id = s.guild_id AND r.family = s.family AND r.user_id = s.user_id AND r.at >= ?), 0)"
        " FROM player_stats s WHERE s.guild_id = ? AND s.family = ?",
        (to_db(at), guild_id, family),
    ).fetchall()
    return {int(user): int(rating) for user, rating in rows}


def _names(conn: sqlite3.Connection, guild_id: int, users: list[int]) -> dict[int, str]:
    if not users:
        return {}
    rows = conn.execute(
        f"SELECT user_id, name FROM players WHERE guild_id = ? AND user_id IN ({', '.join('?' * len(users))})",
        (guild_id, *users),
    ).fetchall()
    return {int(u): str(n) for u, n in rows}


def with_names(conn: sqlite3.Connection, rows: list[PlayerStats]) -> list[PlayerStats]:
    """The rows with each player's name as the server knows it now."""
    if not rows:
        return rows
    names = _names(conn, rows[0].guild_id, sorted({p.user_id for p in rows}))
    return [replace(p, name=names.get(p.user_id, p.name)) for p in rows]
