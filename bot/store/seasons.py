"""Seasons in the store (docs/seasons.md): a server's season settings, the rollover that closes a
season exactly once, the archived tables, and the champions' announcement (pending until posted).

The rollover is one transaction that starts with a conditional update of the running season's bounds
(``close_season``): among any number of processes and retries exactly one moves them on, and only it
archives the season's tables, writes its pending announcement and applies the reset, all or nothing.
The times a season needs (its boundaries) come from the caller (bot.tables.calendar).
"""

from __future__ import annotations

import sqlite3
from datetime import datetime
from typing import Any

from .db import reading, transaction
from .dialect import POSTGRESQL, dialect_of
from .records import PlayerStats
from .season_records import ClosedSeason, RatingReset, Season, SeasonLength, SeasonSettings, soft_reset
from .standings import champion, ratings_at, tally
from .timefmt import from_db, to_db

_SETTINGS = "guild_id, season_length, season_channel, season_reset, season_start, season_end"
_SEASON = "guild_id, started_at, ended_at, length, reset, closed_at, channel_id, announced_at, message_id"
_STANDING = (
    "s.guild_id, s.user_id, COALESCE(p.name, ''), s.rating, s.matches_won, s.matches_lost, 0,"
    " s.points_for, s.points_against, 0, 0, s.vs_bot_won, s.vs_bot_lost, s.family"
)
_STANDING_FROM = "FROM season_standings s LEFT JOIN players p ON p.guild_id = s.guild_id AND p.user_id = s.user_id"


def _settings(r: tuple[Any, ...]) -> SeasonSettings:
    return SeasonSettings(
        int(r[0]),
        SeasonLength(r[1]),
        None if r[2] is None else int(r[2]),
        RatingReset(r[3]),
        from_db(r[4]),
        from_db(r[5]),
    )


def _season(r: tuple[Any, ...]) -> Season:
    return Season(
        int(r[0]),
        from_db(r[1]),
        from_db(r[2]),
        SeasonLength(r[3]),
        RatingReset(r[4]),
        from_db(r[5]),
        None if r[6] is None else int(r[6]),
        from_db(r[7]),
        None if r[8] is None else int(r[8]),
    )


def get_settings(conn: sqlite3.Connection, guild_id: int) -> SeasonSettings | None:
    row = conn.execute(f"SELECT {_SETTINGS} FROM guild_settings WHERE guild_id = ?", (guild_id,)).fetchone()
    return None if row is None else _settings(row)


def save_settings(
    conn: sqlite3.Connection,
    guild_id: int,
    length: SeasonLength,
    channel_id: int | None,
    reset: RatingReset,
    season_start: datetime,
    next_boundary: datetime,
) -> SeasonSettings:
    """Set a server's seasons. Turned on, the running season is the one holding now (``season_start``
    .. ``next_boundary``), begun no earlier than the end of the last one archived; a new length keeps
    the running season's start and ends it at ``next_boundary``; off forgets the running season."""
    with transaction(conn):
        conn.execute("INSERT INTO guild_settings (guild_id) VALUES (?) ON CONFLICT DO NOTHING", (guild_id,))
        if dialect_of(conn) == POSTGRESQL:  # the row read below is written back: hold it (SQLite holds the file)
            conn.execute("SELECT 1 FROM guild_settings WHERE guild_id = ? FOR UPDATE", (guild_id,))
        current = get_settings(conn, guild_id)
        assert current is not None
        start, end = current.started_at, current.ends_at
        if length is SeasonLength.OFF:
            start = end = None
        elif start is None or current.length is SeasonLength.OFF:
            row = conn.execute("SELECT MAX(ended_at) FROM seasons WHERE guild_id = ?", (guild_id,)).fetchone()
            last = from_db(row[0]) if row is not None and row[0] is not None else None
            start, end = (season_start if last is None else max(season_start, last)), next_boundary
        elif length is not current.length:
            end = next_boundary
        conn.execute(
            "UPDATE guild_settings SET season_length = ?, season_channel = ?, season_reset = ?, season_start = ?,"
            " season_end = ? WHERE guild_id = ?",
            (length.value, channel_id, reset.value, to_db(start), to_db(end), guild_id),
        )
        return SeasonSettings(guild_id, length, channel_id, reset, start, end)


def due(conn: sqlite3.Connection, now: datetime, limit: int) -> list[SeasonSettings]:
    """The servers whose running season is over at ``now``, the longest over first."""
    rows = conn.execute(
        f"SELECT {_SETTINGS} FROM guild_settings WHERE season_end IS NOT NULL AND season_end <= ?"
        " ORDER BY season_end, guild_id LIMIT ?",
        (to_db(now), limit),
    ).fetchall()
    return [_settings(r) for r in rows]


def close_season(
    conn: sqlite3.Connection, guild_id: int, start: datetime, end: datetime, next_end: datetime, now: datetime
) -> ClosedSeason | None:
    """Close the season [start, end) of a server if it is still its running one and over at ``now``:
    the next one runs to ``next_end``; the tables are archived, the announcement is left pending (a
    channel and a champion: else it is marked done) and the reset applied, in ONE transaction. None
    when another call closed it first (or the settings changed meanwhile): nothing was written."""
    with transaction(conn):
        # The claim: exactly one caller moves the bounds on (PostgreSQL: a second one waits for the
        # first's commit, then finds the row changed and updates nothing).
        cur = conn.execute(
            "UPDATE guild_settings SET season_start = ?, season_end = ?"
            " WHERE guild_id = ? AND season_start = ? AND season_end = ? AND season_end <= ?",
            (to_db(end), to_db(next_end), guild_id, to_db(start), to_db(end), to_db(now)),
        )
        if cur.rowcount != 1:
            return None
        settings = get_settings(conn, guild_id)  # the row is ours until the commit
        assert settings is not None and settings.length is not SeasonLength.OFF
        tables = tally(conn, guild_id, start, end)
        champions = tuple(c for c in (champion(rows) for rows in tables.values()) if c is not None)
        announce = settings.channel_id is not None and bool(champions)
        conn.execute(
            f"INSERT INTO seasons ({_SEASON}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)",
            (
                guild_id,
                to_db(start),
                to_db(end),
                settings.length.value,
                settings.reset.value,
                to_db(now),
                settings.channel_id,
                None if announce else to_db(now),
            ),
        )
        rows = [p for family_rows in tables.values() for p in family_rows]
        conn.executemany(
            "INSERT INTO season_standings (guild_id, started_at, family, user_id, rating, matches_won, matches_lost,"
            " points_for, points_against, vs_bot_won, vs_bot_lost) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    guild_id,
                    to_db(start),
                    p.family,
                    p.user_id,
                    p.rating,
                    p.matches_won,
                    p.matches_lost,
                    p.points_for,
                    p.points_against,
                    p.vs_bot_won,
                    p.vs_bot_lost,
                )
                for p in rows
            ],
        )
        moved = 0
        if settings.reset is RatingReset.SOFT:
            # Only the families with a rated match this season; every rating of such a family moves.
            for family in sorted({c.family for c in champions}):
                moved += _reset(conn, guild_id, family, end)
        season = Season(
            guild_id,
            start,
            end,
            settings.length,
            settings.reset,
            now,
            settings.channel_id,
            None if announce else now,
            None,
        )
        return ClosedSeason(season, tuple(sorted(tables)), champions, moved)


def _reset(conn: sqlite3.Connection, guild_id: int, family: str, end: datetime) -> int:
    """Move each rating of a family by what a soft reset at ``end`` would have moved it (the matches
    since then keep their changes): a relative update, so a match committing meanwhile loses nothing."""
    moves = [
        (soft_reset(rating) - rating, guild_id, family, user)
        for user, rating in sorted(ratings_at(conn, guild_id, family, end).items())
        if soft_reset(rating) != rating
    ]
    conn.executemany(
        "UPDATE player_stats SET rating = rating + ? WHERE guild_id = ? AND family = ? AND user_id = ?", moves
    )
    return len(moves)


def last_season(conn: sqlite3.Connection, guild_id: int) -> Season | None:
    """The server's most recently ended season."""
    row = conn.execute(
        f"SELECT {_SEASON} FROM seasons WHERE guild_id = ? ORDER BY started_at DESC LIMIT 1", (guild_id,)
    ).fetchone()
    return None if row is None else _season(row)


def current_table(
    conn: sqlite3.Connection, guild_id: int, start: datetime, end: datetime, family: str
) -> list[PlayerStats]:
    """The running season [start, end)'s table of one family so far (unsorted), read in one state of
    the database: what its close would archive if it closed now."""
    with reading(conn):
        return tally(conn, guild_id, start, end, family).get(family, [])


def archived(
    conn: sqlite3.Connection, guild_id: int, started_at: datetime, family: str | None = None
) -> list[PlayerStats]:
    """An ended season's table of one family (None: of every family), unsorted (``standings.ranked``)."""
    where, args = "s.guild_id = ? AND s.started_at = ?", [guild_id, to_db(started_at)]
    if family is not None:
        where, args = f"{where} AND s.family = ?", [*args, family]
    rows = conn.execute(f"SELECT {_STANDING} {_STANDING_FROM} WHERE {where}", args).fetchall()
    return [PlayerStats(*r) for r in rows]


def champions(conn: sqlite3.Connection, season: Season) -> list[PlayerStats]:
    """The champion of each family of an ended season (the top of its rating table), by family."""
    tables: dict[str, list[PlayerStats]] = {}
    for p in archived(conn, season.guild_id, season.started_at):
        tables.setdefault(p.family, []).append(p)
    return [c for _, rows in sorted(tables.items()) if (c := champion(rows)) is not None]


def pending(conn: sqlite3.Connection, now: datetime, limit: int) -> list[Season]:
    """Ended seasons whose announcement is not posted and not being posted (no claim, or one run out)."""
    rows = conn.execute(
        f"SELECT {_SEASON} FROM seasons WHERE announced_at IS NULL AND (claimed_until IS NULL OR claimed_until <= ?)"
        " ORDER BY closed_at, guild_id LIMIT ?",
        (to_db(now), limit),
    ).fetchall()
    return [_season(r) for r in rows]


def claim(conn: sqlite3.Connection, guild_id: int, started_at: datetime, now: datetime, until: datetime) -> bool:
    """Take the announcement of a season to post it, until ``until``; True for one caller only (a
    claim that ran out, its poster gone, may be taken again)."""
    with transaction(conn):
        cur = conn.execute(
            "UPDATE seasons SET claimed_until = ? WHERE guild_id = ? AND started_at = ? AND announced_at IS NULL"
            " AND (claimed_until IS NULL OR claimed_until <= ?)",
            (to_db(until), guild_id, to_db(started_at), to_db(now)),
        )
        return cur.rowcount == 1


def mark_announced(
    conn: sqlite3.Connection, guild_id: int, started_at: datetime, message_id: int | None, at: datetime
) -> bool:
    """Discord accepted the announcement (``message_id``; None: dropped, its channel gone); False if
    it was marked already."""
    with transaction(conn):
        cur = conn.execute(
            "UPDATE seasons SET announced_at = ?, message_id = ? WHERE guild_id = ? AND started_at = ?"
            " AND announced_at IS NULL",
            (to_db(at), message_id, guild_id, to_db(started_at)),
        )
        return cur.rowcount == 1
