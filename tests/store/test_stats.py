"""Elo math, result recording, leaderboard order and the indexes behind it."""

from __future__ import annotations

import itertools
import re
import sqlite3
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import MatchSummary
from bot.engine.knock import preset
from bot.store import K_FACTOR, MatchRecord, MatchStatus, elo_delta, expected_score, transaction
from bot.store.db import configure
from bot.store.migrate import migrate
from bot.store.stats import _BOARDS, families_of, get_stats, leaderboard, record_result, team_deltas, winner_deltas
from tests.store.helpers import stats_of


@pytest.fixture
def sqlite_conn(tmp_path):
    c = sqlite3.connect(tmp_path / "s.sqlite3", isolation_level=None)
    configure(c)
    migrate(c)
    yield c
    c.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def conn(request):
    """The query functions' connection on either store, migrated."""
    return request.getfixturevalue("sqlite_conn" if request.param == "sqlite" else "pg_conn")


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


MATCH_IDS = itertools.count(1)  # each recorded result is its own match (its rating changes are kept per match)


def _result(players, winner, ai_seat=None, totals=(150, 40), guild=1):
    """A finished match's row and its summary, as the service hands them to record_result."""
    margin = totals[winner] - totals[1 - winner]
    levels = tuple("normal" if s == ai_seat else None for s in range(2))
    record = MatchRecord(
        id=next(MATCH_IDS),
        game="gin",
        guild_id=guild,
        channel_id=5,
        players=players,
        names=("a", "b"),
        ai_levels=levels,
        rules=preset("standard"),
        seed=1,
        status=MatchStatus.FINISHED,
        version=10,
        started_at=datetime(2026, 1, 1, tzinfo=UTC),
    )
    return record, MatchSummary(
        winner, 1 - winner, totals, margin, 5, (4, 1), (("gins", (1, 0)), ("undercuts", (0, 1))), None
    )


def test_pvp_result_updates_both_players(conn):
    with transaction(conn):
        changes = record_result(conn, *_result((10, 20), 0))
    assert changes == {10: 16, 20: -16}
    w, loser = stats_of(conn, 1, 10), stats_of(conn, 1, 20)
    assert (w.rating, w.matches_won, w.matches_lost, w.hands_won, w.count("gins"), w.count("undercuts")) == (
        1516,
        1,
        0,
        4,
        1,
        0,
    )
    assert (w.points_for, w.points_against, w.best_margin, w.streak) == (150, 40, 110, 1)
    assert (
        loser.rating,
        loser.matches_won,
        loser.matches_lost,
        loser.hands_won,
        loser.count("undercuts"),
        loser.streak,
    ) == (
        1484,
        0,
        1,
        1,
        1,
        -1,
    )
    assert (loser.best_margin, w.vs_bot_won, loser.vs_bot_lost) == (0, 0, 0)
    with transaction(conn):  # the loser wins the rematch: streaks flip, ratings move back (not exactly)
        changes = record_result(conn, *_result((10, 20), 1, totals=(30, 120)))
    assert changes == {20: elo_delta(1484, 1516), 10: -elo_delta(1484, 1516)}
    assert stats_of(conn, 1, 10).streak == -1 and stats_of(conn, 1, 20).streak == 1
    assert stats_of(conn, 1, 10).best_margin == 110  # the best margin is kept


def test_vs_bot_results_are_kept_apart(conn):
    with transaction(conn):
        assert record_result(conn, *_result((10, 99), 0, ai_seat=1)) is None
        assert record_result(conn, *_result((10, 99), 1, ai_seat=1)) is None
        assert record_result(conn, *_result((10, 99), 1, ai_seat=1)) is None
    s = stats_of(conn, 1, 10)
    assert (s.vs_bot_won, s.vs_bot_lost, s.rating, s.matches_won, s.matches_lost, s.hands_won, s.streak) == (
        1,
        2,
        1500,
        0,
        0,
        0,
        0,
    )
    assert get_stats(conn, 1, 99) is None  # the bot itself gets no row
    assert leaderboard(conn, 1, "rating") == []
    assert [r.user_id for r in leaderboard(conn, 1, "vs_bot")] == [10]


def test_stats_are_per_guild(conn):
    with transaction(conn):
        record_result(conn, *_result((10, 20), 0, guild=1))
        record_result(conn, *_result((10, 20), 1, guild=2))
    assert stats_of(conn, 1, 10).matches_won == 1 and stats_of(conn, 2, 10).matches_lost == 1
    assert get_stats(conn, 3, 10) is None


def test_leaderboard_orders(conn):
    rows = [  # user, rating, won, lost, points, vs_bot_won, vs_bot_lost
        (1, 1600, 3, 1, 500, 0, 0),
        (2, 1550, 9, 8, 900, 2, 0),
        (3, 1600, 5, 0, 100, 0, 0),
        (4, 1400, 0, 0, 0, 5, 1),
        (5, 1450, 1, 4, 950, 2, 3),
    ]
    with transaction(conn):
        conn.executemany(
            "INSERT INTO player_stats (guild_id, family, user_id, rating, matches_won, matches_lost, points_for,"
            " vs_bot_won, vs_bot_lost) VALUES (1, 'gin:2', ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
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
def test_leaderboards_read_an_index_without_sorting(sqlite_conn, by):
    where, order = _BOARDS[by]
    plan = " | ".join(
        r[3]
        for r in sqlite_conn.execute(
            f"EXPLAIN QUERY PLAN SELECT s.user_id FROM player_stats s WHERE s.guild_id = 1 AND s.family = 'gin:3'"
            f" AND {where} ORDER BY {order} LIMIT 10"
        )
    )
    assert f"stats_by_{by}" in plan
    assert "TEMP B-TREE" not in plan


def test_the_active_match_of_a_channel_is_an_index_lookup(sqlite_conn):
    plan = " | ".join(
        r[3]
        for r in sqlite_conn.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM matches WHERE channel_id = 5 AND status = 'active'"
        )
    )
    assert "matches_one_active_per_channel" in plan


# -- more than two seats: game families, pairwise and team Elo ---------------------------------------------


def test_winner_and_team_deltas_known_values():
    assert winner_deltas([1500, 1500], 0) == [16, -16]  # two seats: plain Elo
    assert winner_deltas([1500, 1500, 1500], 1) == [-8, 16, -8]  # K 16 per pair: a win among equals is still 16
    assert winner_deltas([1500] * 4, 3) == [-5, -5, -5, 15]  # K 32/3 per pair, each rounded
    assert winner_deltas([1900, 1500, 1500], 1) == [-elo_delta(1500, 1900, 16), elo_delta(1500, 1900, 16) + 8, -8]
    assert team_deltas([1500] * 4, [0, 1, 0, 1], 1) == [-16, 16, -16, 16]
    # a team is rated at its players' mean: (1700 + 1300) / 2 against 1500 is an even game
    assert team_deltas([1700, 1500, 1300, 1500], [0, 1, 0, 1], 0) == [16, -16, 16, -16]
    with pytest.raises(ValueError):
        winner_deltas([1500], 0)
    with pytest.raises(ValueError):
        team_deltas([1500] * 4, [0, 0, 0, 0], 0)


@given(st.lists(st.integers(800, 2600), min_size=2, max_size=6), st.integers(0, 5))
def test_winner_deltas_are_zero_sum_and_the_winner_never_loses(ratings, w):
    w %= len(ratings)
    deltas = winner_deltas(ratings, w)
    assert sum(deltas) == 0 and deltas[w] >= 0 and all(d <= 0 for s, d in enumerate(deltas) if s != w)
    assert deltas[w] <= (len(ratings) - 1) * round(K_FACTOR / (len(ratings) - 1))  # each pair rounded


def _n_result(players, winner, *, teams=None, ai_levels=None, totals=None, guild=1, game="gin"):
    n = len(players)
    totals = totals or tuple(100 if (teams or range(n))[s] == (teams or range(n))[winner] else 10 * s for s in range(n))
    record = MatchRecord(
        id=next(MATCH_IDS),
        game=game,
        guild_id=guild,
        channel_id=5,
        players=players,
        names=tuple(f"p{u}" for u in players),
        ai_levels=ai_levels or (None,) * n,
        rules=preset("standard"),
        seed=1,
        status=MatchStatus.FINISHED,
        version=10,
        started_at=datetime(2026, 1, 1, tzinfo=UTC),
        teams=teams,
    )
    summary = MatchSummary(
        winner, (winner + 1) % n, totals, 50, 6, tuple(range(n)), (("gins", (1,) * n), ("undercuts", (0,) * n)), None
    )
    return record, summary


def test_three_players_count_in_their_own_family(conn):
    with transaction(conn):
        changes = record_result(conn, *_n_result((10, 20, 30), 2, totals=(40, 70, 110)))
    assert changes == {10: -8, 20: -8, 30: 16}
    assert get_stats(conn, 1, 30) is None  # not a two-player result
    w = stats_of(conn, 1, 30, "gin:3")
    assert (
        w.family,
        w.rating,
        w.matches_won,
        w.matches_lost,
        w.streak,
        w.points_for,
        w.points_against,
        w.best_margin,
    ) == ("gin:3", 1516, 1, 0, 1, 110, 110, 50)
    lost = stats_of(conn, 1, 10, "gin:3")
    assert (lost.rating, lost.matches_lost, lost.points_against, lost.hands_won, lost.best_margin) == (
        1492,
        1,
        180,
        0,
        0,
    )
    assert [s.user_id for s in leaderboard(conn, 1, "rating", 10, "gin:3")] == [30, 10, 20]
    assert leaderboard(conn, 1, "rating") == []
    with transaction(conn):  # a two-player match of the same players: apart again
        record_result(conn, *_result((10, 30), 0))
    assert [(s.family, s.rating) for s in families_of(conn, 1, 10)] == [("gin:2", 1516), ("gin:3", 1492)]
    assert stats_of(conn, 1, 30, "gin:3").rating == 1516


def test_partners_win_and_lose_together(conn):
    teams = (0, 1, 0, 1)
    with transaction(conn):
        changes = record_result(conn, *_n_result((1, 2, 3, 4), 1, teams=teams, totals=(60, 130, 60, 130)))
    assert changes == {1: -16, 2: 16, 3: -16, 4: 16}
    stats = {u: stats_of(conn, 1, u, "gin:4") for u in (1, 2, 3, 4)}
    assert [stats[u].matches_won for u in (1, 2, 3, 4)] == [0, 1, 0, 1]
    assert [stats[u].streak for u in (1, 2, 3, 4)] == [-1, 1, -1, 1]
    # points against: the other team's total, once (it stands in both of its seats)
    assert [(stats[u].points_for, stats[u].points_against) for u in (1, 2)] == [(60, 130), (130, 60)]
    assert stats[4].best_margin == 50 and stats[3].best_margin == 0


def test_a_match_with_any_ai_seat_is_only_vs_bot(conn):
    ai = (None, "easy", None, "easy")
    with transaction(conn):
        assert record_result(conn, *_n_result((1, 99, 3, 99), 0, teams=(0, 1, 0, 1), ai_levels=ai)) is None
        assert record_result(conn, *_n_result((1, 2, 99), 2, ai_levels=(None, None, "hard"))) is None
    assert [
        (s.vs_bot_won, s.vs_bot_lost, s.rating, s.matches_won)
        for s in (stats_of(conn, 1, 1, "gin:4"), stats_of(conn, 1, 3, "gin:4"))
    ] == [(1, 0, 1500, 0)] * 2
    assert [(s.vs_bot_won, s.vs_bot_lost) for s in (stats_of(conn, 1, 1, "gin:3"), stats_of(conn, 1, 2, "gin:3"))] == [
        (0, 1)
    ] * 2
    assert get_stats(conn, 1, 99, "gin:4") is None and get_stats(conn, 1, 99, "gin:3") is None
    assert [s.user_id for s in leaderboard(conn, 1, "vs_bot", 10, "gin:4")] == [1, 3]


@pytest.mark.parametrize("by", sorted(_BOARDS))
def test_the_leaderboard_query_itself_reads_its_index(sqlite_conn, by):
    """The query leaderboard() runs (with the family bound as a parameter) uses its index too."""
    from bot.store import stats as stats_module

    seen: list[str] = []
    sqlite_conn.set_trace_callback(seen.append)
    stats_module.leaderboard(sqlite_conn, 1, by, 10, "rummy:5")
    sqlite_conn.set_trace_callback(None)
    sql = next(s for s in seen if s.startswith("SELECT"))
    plan = " | ".join(r[3] for r in sqlite_conn.execute(f"EXPLAIN QUERY PLAN {sql}"))
    assert f"stats_by_{by}" in plan and "TEMP B-TREE" not in plan


def test_player_rows_are_written_in_user_id_order_whatever_the_seats(sqlite_conn):
    """Two matches of the same players in opposite seats must lock their rows in one order (else two
    ending at once deadlock on PostgreSQL): every player_stats write goes in ascending user id."""
    written: list[str] = []
    sqlite_conn.set_trace_callback(written.append)
    with transaction(sqlite_conn):
        record_result(sqlite_conn, *_result((20, 10), 0))
        record_result(sqlite_conn, *_result((30, 10), 1, ai_seat=0))
    sqlite_conn.set_trace_callback(None)
    found = (re.search(r"user_id = (\d+)|VALUES \(\d+, '[^']*', (\d+)\)", x) for x in written if "player_stats " in x)
    users = [int(m.group(1) or m.group(2)) for m in found if m is not None]
    assert users[:4] == [10, 20, 10, 20] and users[4:] == [10, 10]
