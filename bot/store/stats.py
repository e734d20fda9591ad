"""Per-guild player statistics per game family, Elo ratings and leaderboards.

A family is a game and its seat count ('gin:2', 'gin:3', 'rummy:5': ``records.family_of``): a
two-player Gin win is not a three-player one, so each family has its own rows, ratings and
leaderboards. Ratings:

- two seats: Elo, K = 32 (``elo_delta``);
- partnerships (every seat has a team): the teams play one Elo game, each team rated at its
  players' mean; every winner gains and every loser loses that team delta (``team_deltas``);
- three or more seats, each for himself: the protocol names one winner and no finishing order
  of the others, so the winner plays one Elo game against each other seat, K = 32 / (seats - 1)
  per pair (``winner_deltas``): among equals a win is worth what it is worth between two and
  the expected change of every seat stays 0; nothing moves between two losers.

Every change is a whole number and zero-sum. A match with any AI seat is not rated: each human
gets a vs_bot win (his side won) or loss, and the bot gets no row.

Each game's own tallies (``MatchSummary.counts``: Gin's gins and undercuts, Rummy's rummies ...) are
rows of ``player_counters`` keyed by the counter's name, not columns: the store adds them up and
hands them back by name; which a game has, in which order and in which words is not its business.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from bot.engine import MatchSummary

from .records import MatchRecord, PlayerStats, family_of
from .timefmt import to_db

START_RATING = 1500
K_FACTOR = 32
DEFAULT_FAMILY = family_of("gin", 2)

_STAT_COLS = (
    "s.guild_id, s.user_id, COALESCE(p.name, ''), s.rating, s.matches_won, s.matches_lost, s.hands_won,"
    " s.points_for, s.points_against, s.best_margin, s.streak, s.vs_bot_won,"
    " s.vs_bot_lost, s.family"
)
_STAT_FROM = "FROM player_stats s LEFT JOIN players p ON p.guild_id = s.guild_id AND p.user_id = s.user_id"

# ORDER BY clauses match the stats_by_* indexes (guild, family, ...), so a top-N reads N index entries.
_BOARDS = {
    "rating": ("s.matches_won + s.matches_lost > 0", "s.rating DESC, s.matches_won DESC, s.user_id"),
    "wins": ("s.matches_won + s.matches_lost > 0", "s.matches_won DESC, s.rating DESC, s.user_id"),
    "points": ("s.matches_won + s.matches_lost > 0", "s.points_for DESC, s.rating DESC, s.user_id"),
    "vs_bot": ("s.vs_bot_won + s.vs_bot_lost > 0", "s.vs_bot_won DESC, s.vs_bot_lost, s.user_id"),
}
BOARDS = tuple(_BOARDS)


def expected_score(rating: float, other: float) -> float:
    """Elo: the chance ``rating`` beats ``other``."""
    return 1.0 / (1.0 + float(10.0 ** ((other - rating) / 400.0)))


def elo_delta(winner_rating: float, loser_rating: float, k: float = K_FACTOR) -> int:
    """Points the winner gains and the loser loses (whole numbers, zero-sum)."""
    return round(k * (1.0 - expected_score(winner_rating, loser_rating)))


def winner_deltas(ratings: Sequence[int], winner: int) -> list[int]:
    """Rating changes per seat when ``winner`` beats every other seat of an N-seat match (each for
    himself): one Elo game against each, K / (N - 1) per game. Zero-sum whole numbers."""
    n = len(ratings)
    if n < 2 or not 0 <= winner < n:
        raise ValueError("a rated match has a winner among at least two seats")
    k = K_FACTOR / (n - 1)
    out = [0] * n
    for seat in range(n):
        if seat != winner:
            d = elo_delta(ratings[winner], ratings[seat], k)
            out[seat] -= d
            out[winner] += d
    return out


def team_deltas(ratings: Sequence[int], teams: Sequence[int], winning_team: int) -> list[int]:
    """Rating changes per seat when ``winning_team`` beats the other team: one Elo game between the
    teams' mean ratings; each winner gains and each loser loses the same whole number."""
    if len(set(teams)) != 2 or winning_team not in teams:
        raise ValueError("a partnership match is two teams")
    mean = {t: sum(r for r, u in zip(ratings, teams, strict=True) if u == t) / teams.count(t) for t in set(teams)}
    other = next(t for t in mean if t != winning_team)
    d = elo_delta(mean[winning_team], mean[other])
    return [d if t == winning_team else -d for t in teams]


def _ensure(conn: sqlite3.Connection, guild_id: int, family: str, user_id: int) -> None:
    conn.execute(
        "INSERT INTO player_stats (guild_id, family, user_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        (guild_id, family, user_id),
    )


def record_result(conn: sqlite3.Connection, m: MatchRecord, r: MatchSummary) -> dict[int, int] | None:
    """Add a finished match to its family's stats (inside the caller's transaction).

    Player vs player: ratings, wins/losses, hands, points, margin, streak and the game's counters.
    With an AI seat: only each human's vs_bot_won / vs_bot_lost. Returns rating changes (pvp)."""
    g, players, family, n = m.guild_id, m.players, m.family, len(m.players)
    won = [m.team_of(s) == m.team_of(r.winner) for s in range(n)]
    # Player rows are written in user id order, not seat order: two matches of the same players in
    # opposite seats ending at once would otherwise lock them in opposite orders (PostgreSQL: deadlock).
    by_user = sorted(range(n), key=lambda s: players[s])
    if m.ai_seats:
        for seat in by_user:
            if m.is_ai(seat):
                continue
            _ensure(conn, g, family, players[seat])
            col = "vs_bot_won" if won[seat] else "vs_bot_lost"
            conn.execute(
                f"UPDATE player_stats SET {col} = {col} + 1 WHERE guild_id = ? AND family = ? AND user_id = ?",
                (g, family, players[seat]),
            )
        return None
    for seat in by_user:
        _ensure(conn, g, family, players[seat])
    marks = ", ".join("?" * n)
    rating_of = dict(
        conn.execute(
            f"SELECT user_id, rating FROM player_stats WHERE guild_id = ? AND family = ? AND user_id IN ({marks})",
            (g, family, *players),
        )
    )
    ratings = [int(rating_of[u]) for u in players]
    if m.teams is not None:
        deltas = team_deltas(ratings, m.teams, m.teams[r.winner])
    elif n == 2:
        d = elo_delta(ratings[r.winner], ratings[1 - r.winner])
        deltas = [d if s == r.winner else -d for s in range(2)]
    else:
        deltas = winner_deltas(ratings, r.winner)
    for seat in by_user:
        # Points against: each opposing side's total once (a partnership's total stands in both its seats).
        sides = {m.team_of(s): r.totals[s] for s in range(n) if m.team_of(s) != m.team_of(seat)}
        conn.execute(
            "UPDATE player_stats SET rating = rating + ?, matches_won = matches_won + ?, matches_lost = matches_lost + ?,"
            " hands_won = hands_won + ?, points_for = points_for + ?,"
            # Plain CASE, not SQLite's two-argument MAX(): the same text runs on PostgreSQL.
            " points_against = points_against + ?,"
            " best_margin = CASE WHEN best_margin > ? THEN best_margin ELSE ? END,"
            " streak = CASE WHEN ? = 1 THEN (CASE WHEN streak > 0 THEN streak + 1 ELSE 1 END)"
            "               ELSE (CASE WHEN streak < 0 THEN streak - 1 ELSE -1 END) END"
            " WHERE guild_id = ? AND family = ? AND user_id = ?",
            (
                deltas[seat],
                int(won[seat]),
                int(not won[seat]),
                r.hands_won[seat],
                r.totals[seat],
                sum(sides.values()),
                r.margin if won[seat] else 0,
                r.margin if won[seat] else 0,
                int(won[seat]),
                g,
                family,
                players[seat],
            ),
        )
    _add_counts(conn, g, family, [(players[seat], key, value) for seat in by_user for key, value in r.counts_of(seat)])
    at = to_db(m.ended_at or m.started_at)
    conn.executemany(
        "INSERT INTO rating_changes (match_id, user_id, guild_id, family, at, change, rating)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(m.id, players[s], g, family, at, deltas[s], ratings[s] + deltas[s]) for s in by_user],
    )
    return {players[s]: deltas[s] for s in range(n)}


def _add_counts(conn: sqlite3.Connection, guild_id: int, family: str, counts: Iterable[tuple[int, str, int]]) -> None:
    """Add (user, counter, value) to the players' counters of a family (a zero writes nothing)."""
    rows = [(guild_id, family, user, key, value) for user, key, value in counts if value]
    if rows:
        conn.executemany(
            "INSERT INTO player_counters (guild_id, family, user_id, counter, value) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, family, user_id, counter) DO UPDATE SET value = player_counters.value + excluded.value",
            rows,
        )


def _with_counts(conn: sqlite3.Connection, guild_id: int, rows: Iterable[tuple[Any, ...]]) -> list[PlayerStats]:
    """Stats rows of one guild, each with its counters (one query for all of them)."""
    found = [PlayerStats(*row) for row in rows]
    if not found:
        return []
    families = sorted({p.family for p in found})
    users = sorted({p.user_id for p in found})
    counts: dict[tuple[str, int], list[tuple[str, int]]] = {}
    for family, user, key, value in conn.execute(
        f"SELECT family, user_id, counter, value FROM player_counters WHERE guild_id = ?"
        f" AND family IN ({', '.join('?' * len(families))}) AND user_id IN ({', '.join('?' * len(users))})"
        " ORDER BY family, user_id, counter",
        (guild_id, *families, *users),
    ):
        counts.setdefault((str(family), int(user)), []).append((str(key), int(value)))
    return [replace(p, counts=tuple(counts.get((p.family, p.user_id), ()))) for p in found]


def get_stats(
    conn: sqlite3.Connection, guild_id: int, user_id: int, family: str = DEFAULT_FAMILY
) -> PlayerStats | None:
    row = conn.execute(
        f"SELECT {_STAT_COLS} {_STAT_FROM} WHERE s.guild_id = ? AND s.family = ? AND s.user_id = ?",
        (guild_id, family, user_id),
    ).fetchone()
    return next(iter(_with_counts(conn, guild_id, [] if row is None else [row])), None)


def families_of(conn: sqlite3.Connection, guild_id: int, user_id: int) -> list[PlayerStats]:
    """A player's stats in every family he has played, by family name."""
    rows = conn.execute(
        f"SELECT {_STAT_COLS} {_STAT_FROM} WHERE s.guild_id = ? AND s.user_id = ? ORDER BY s.family",
        (guild_id, user_id),
    ).fetchall()
    return _with_counts(conn, guild_id, rows)


def leaderboard(
    conn: sqlite3.Connection, guild_id: int, by: str = "rating", limit: int = 10, family: str = DEFAULT_FAMILY
) -> list[PlayerStats]:
    where, order = _BOARDS[by]
    rows = conn.execute(
        f"SELECT {_STAT_COLS} {_STAT_FROM} WHERE s.guild_id = ? AND s.family = ? AND {where} ORDER BY {order} LIMIT ?",
        (guild_id, family, limit),
    ).fetchall()
    return _with_counts(conn, guild_id, rows)
