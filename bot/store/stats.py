"""Per-guild player statistics, Elo ratings and leaderboards."""

from __future__ import annotations

import sqlite3

from .rows import MatchResult, StatsRow

START_RATING = 1500
K_FACTOR = 32

_STAT_COLS = ("s.guild_id, s.user_id, COALESCE(p.name, ''), s.rating, s.matches_won, s.matches_lost, s.hands_won,"
              " s.gins, s.undercuts, s.points_for, s.points_against, s.best_margin, s.streak, s.vs_bot_won,"
              " s.vs_bot_lost")
_STAT_FROM = ("FROM player_stats s LEFT JOIN players p ON p.guild_id = s.guild_id AND p.user_id = s.user_id")

# ORDER BY clauses match the stats_by_* indexes, so a top-N reads N index entries.
_BOARDS = {
    "rating": ("s.matches_won + s.matches_lost > 0", "s.rating DESC, s.matches_won DESC, s.user_id"),
    "wins": ("s.matches_won + s.matches_lost > 0", "s.matches_won DESC, s.rating DESC, s.user_id"),
    "points": ("s.matches_won + s.matches_lost > 0", "s.points_for DESC, s.rating DESC, s.user_id"),
    "vs_bot": ("s.vs_bot_won + s.vs_bot_lost > 0", "s.vs_bot_won DESC, s.vs_bot_lost, s.user_id"),
}
BOARDS = tuple(_BOARDS)


def expected_score(rating: float, other: float) -> float:
    """Elo: the chance ``rating`` beats ``other``."""
    return 1.0 / (1.0 + 10.0 ** ((other - rating) / 400.0))


def elo_delta(winner_rating: int, loser_rating: int, k: int = K_FACTOR) -> int:
    """Points the winner gains and the loser loses (whole numbers, zero-sum)."""
    return round(k * (1.0 - expected_score(winner_rating, loser_rating)))


def _ensure(conn: sqlite3.Connection, guild_id: int, user_id: int) -> None:
    conn.execute("INSERT INTO player_stats (guild_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING", (guild_id, user_id))


def record_result(conn: sqlite3.Connection, r: MatchResult) -> dict[int, int] | None:
    """Add a finished match to the stats (inside the caller's transaction).

    Player vs player: ratings, wins/losses, hands, gins, undercuts, points, margin, streak.
    Against the AI: only the human's vs_bot_won / vs_bot_lost. Returns rating changes (pvp)."""
    g = r.guild_id
    if r.ai_seat is not None:
        human = 1 - r.ai_seat
        _ensure(conn, g, r.players[human])
        col = "vs_bot_won" if r.winner == human else "vs_bot_lost"
        conn.execute(f"UPDATE player_stats SET {col} = {col} + 1 WHERE guild_id = ? AND user_id = ?",
                     (g, r.players[human]))
        return None
    w, l = r.winner, 1 - r.winner
    for seat in (0, 1):
        _ensure(conn, g, r.players[seat])
    ratings = {uid: rating for uid, rating in conn.execute(
        "SELECT user_id, rating FROM player_stats WHERE guild_id = ? AND user_id IN (?, ?)", (g, *r.players))}
    delta = elo_delta(ratings[r.players[w]], ratings[r.players[l]])
    for seat in (0, 1):
        won = seat == w
        conn.execute(
            "UPDATE player_stats SET rating = rating + ?, matches_won = matches_won + ?, matches_lost = matches_lost + ?,"
            " hands_won = hands_won + ?, gins = gins + ?, undercuts = undercuts + ?, points_for = points_for + ?,"
            " points_against = points_against + ?, best_margin = MAX(best_margin, ?),"
            " streak = CASE WHEN ? THEN (CASE WHEN streak > 0 THEN streak + 1 ELSE 1 END)"
            "               ELSE (CASE WHEN streak < 0 THEN streak - 1 ELSE -1 END) END"
            " WHERE guild_id = ? AND user_id = ?",
            (delta if won else -delta, int(won), int(not won), r.hands_won[seat], r.gins[seat], r.undercuts[seat],
             r.totals[seat], r.totals[1 - seat], r.margin if won else 0, int(won), g, r.players[seat]),
        )
    return {r.players[w]: delta, r.players[l]: -delta}


def get_stats(conn: sqlite3.Connection, guild_id: int, user_id: int) -> StatsRow | None:
    row = conn.execute(f"SELECT {_STAT_COLS} {_STAT_FROM} WHERE s.guild_id = ? AND s.user_id = ?",
                       (guild_id, user_id)).fetchone()
    return None if row is None else StatsRow(*row)


def leaderboard(conn: sqlite3.Connection, guild_id: int, by: str = "rating", limit: int = 10) -> list[StatsRow]:
    where, order = _BOARDS[by]
    rows = conn.execute(f"SELECT {_STAT_COLS} {_STAT_FROM} WHERE s.guild_id = ? AND {where} ORDER BY {order} LIMIT ?",
                        (guild_id, limit)).fetchall()
    return [StatsRow(*r) for r in rows]
