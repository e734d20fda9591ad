"""Elo math, result recording, leaderboard order and the indexes behind it."""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.store import MatchResult, elo_delta, expected_score, transaction
from bot.store.db import configure
from bot.store.migrate import migrate
from bot.store.stats import _BOARDS, get_stats, leaderboard, record_result


@pytest.fixture
def conn(tmp_path):
    c = sqlite3.connect(tmp_path / "s.sqlite3", isolation_level=None)
    configure(c)
    migrate(c)
    yield c
    c.close()


def test_elo_known_values():
    assert elo_delta(1500, 1500) == 16
    assert expected_score(1500, 1500) == 0.5
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)  # 400 points: 10 to 1
    assert elo_delta(1900, 1500) == round(32 / 11)  # the favourite gains little
    assert elo_delta(1500, 1900) == round(32 * 10 / 11)  # the upset gains a lot


@given(st.integers(100, 3000), st.integers(100, 3000))
def test_elo_properties(a, b):
    assert expected_score(a, b) + expected_score(b, a) == pytest.approx(1.0)
    d = elo_delta(a, b)
    assert 0 <= d <= 32
    if a < b:
        assert d >= elo_delta(b, a)  # beating a stronger player gains at least as much


def _result(players, winner, ai_seat=None, totals=(150, 40), guild=1):
    margin = totals[winner] - totals[1 - winner]
    return MatchResult(guild, players, ai_seat, winner, totals, margin, (4, 1), (1, 0), (0, 1))


def test_pvp_result_updates_both_players(conn):
    with transaction(conn):
        changes = record_result(conn, _result((10, 20), 0))
    assert changes == {10: 16, 20: -16}
    w, l = get_stats(conn, 1, 10), get_stats(conn, 1, 20)
    assert (w.rating, w.matches_won, w.matches_lost, w.hands_won, w.gins, w.undercuts) == (1516, 1, 0, 4, 1, 0)
    assert (w.points_for, w.points_against, w.best_margin, w.streak) == (150, 40, 110, 1)
    assert (l.rating, l.matches_won, l.matches_lost, l.hands_won, l.undercuts, l.streak) == (1484, 0, 1, 1, 1, -1)
    assert (l.best_margin, w.vs_bot_won, l.vs_bot_lost) == (0, 0, 0)
    with transaction(conn):  # the loser wins the rematch: streaks flip, ratings move back (not exactly)
        changes = record_result(conn, _result((10, 20), 1, totals=(30, 120)))
    assert changes == {20: elo_delta(1484, 1516), 10: -elo_delta(1484, 1516)}
    assert get_stats(conn, 1, 10).streak == -1 and get_stats(conn, 1, 20).streak == 1
    assert get_stats(conn, 1, 10).best_margin == 110  # the best margin is kept


def test_vs_bot_results_are_kept_apart(conn):
    with transaction(conn):
        assert record_result(conn, _result((10, 99), 0, ai_seat=1)) is None
        assert record_result(conn, _result((10, 99), 1, ai_seat=1)) is None
        assert record_result(conn, _result((10, 99), 1, ai_seat=1)) is None
    s = get_stats(conn, 1, 10)
    assert (s.vs_bot_won, s.vs_bot_lost, s.rating, s.matches_won, s.matches_lost, s.hands_won, s.streak) == \
        (1, 2, 1500, 0, 0, 0, 0)
    assert get_stats(conn, 1, 99) is None  # the bot itself gets no row
    assert leaderboard(conn, 1, "rating") == []
    assert [r.user_id for r in leaderboard(conn, 1, "vs_bot")] == [10]


def test_stats_are_per_guild(conn):
    with transaction(conn):
        record_result(conn, _result((10, 20), 0, guild=1))
        record_result(conn, _result((10, 20), 1, guild=2))
    assert get_stats(conn, 1, 10).matches_won == 1 and get_stats(conn, 2, 10).matches_lost == 1
    assert get_stats(conn, 3, 10) is None


def test_leaderboard_orders(conn):
    rows = [  # user, rating, won, lost, points, vs_bot_won, vs_bot_lost
        (1, 1600, 3, 1, 500, 0, 0), (2, 1550, 9, 8, 900, 2, 0), (3, 1600, 5, 0, 100, 0, 0),
        (4, 1400, 0, 0, 0, 5, 1), (5, 1450, 1, 4, 950, 2, 3),
    ]
    with transaction(conn):
        conn.executemany(
            "INSERT INTO player_stats (guild_id, user_id, rating, matches_won, matches_lost, points_for, vs_bot_won,"
            " vs_bot_lost) VALUES (1, ?, ?, ?, ?, ?, ?, ?)", rows)
        conn.execute("INSERT INTO players VALUES (1, 3, 'Cara', 't')")
    ids = lambda by, n=10: [r.user_id for r in leaderboard(conn, 1, by, n)]  # noqa: E731
    assert ids("rating") == [3, 1, 2, 5]  # tie on rating: more wins first; user 4 never played pvp
    assert ids("wins") == [2, 3, 1, 5]
    assert ids("points") == [5, 2, 1, 3]
    assert ids("vs_bot") == [4, 2, 5]  # more wins, then fewer losses
    assert ids("rating", 2) == [3, 1]
    assert leaderboard(conn, 1, "rating")[0].name == "Cara" and leaderboard(conn, 1, "rating")[1].name == ""
    assert leaderboard(conn, 2, "rating") == []


@pytest.mark.parametrize("by", sorted(_BOARDS))
def test_leaderboards_read_an_index_without_sorting(conn, by):
    where, order = _BOARDS[by]
    plan = " | ".join(r[3] for r in conn.execute(
        f"EXPLAIN QUERY PLAN SELECT s.user_id FROM player_stats s WHERE s.guild_id = 1 AND {where}"
        f" ORDER BY {order} LIMIT 10"))
    assert f"stats_by_{by}" in plan
    assert "TEMP B-TREE" not in plan


def test_recent_matches_and_active_lookups_use_indexes(conn):
    plan = " | ".join(r[3] for r in conn.execute(
        "EXPLAIN QUERY PLAN SELECT id FROM (SELECT id, status FROM matches WHERE guild_id = 1 AND player0 = 2"
        " UNION ALL SELECT id, status FROM matches WHERE guild_id = 1 AND player1 = 2)"
        " WHERE status <> 'active' ORDER BY id DESC LIMIT 5"))
    assert "matches_by_player0" in plan and "matches_by_player1" in plan
    plan = " | ".join(r[3] for r in conn.execute(
        "EXPLAIN QUERY PLAN SELECT id FROM matches WHERE channel_id = 5 AND status = 'active'"))
    assert "matches_one_active_per_channel" in plan
