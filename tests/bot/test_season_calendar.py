"""Season boundaries (UTC: weekly from Monday, monthly from the 1st, quarterly from January, April,
July and October 1st), the soft reset, and the season tables' orderings against the everlasting
board's SQL: known cases and properties."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.store import PlayerStats, SeasonLength, soft_reset
from bot.store.migrate import migrate
from bot.store.standings import ORDERS, champion, ranked
from bot.store.stats import BOARDS, START_RATING, leaderboard
from bot.tables.calendar import next_boundary, season_start

LENGTHS = [SeasonLength.WEEKLY, SeasonLength.MONTHLY, SeasonLength.QUARTERLY]
times = st.datetimes(
    min_value=datetime(2000, 1, 1), max_value=datetime(2200, 12, 31), timezones=st.just(UTC)
) | st.datetimes(
    min_value=datetime(2000, 1, 2), max_value=datetime(2200, 12, 30), timezones=st.just(timezone(timedelta(hours=-7)))
)


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC)


@pytest.mark.parametrize(
    ("length", "at", "start", "end"),
    [
        (SeasonLength.WEEKLY, utc(2026, 1, 1, 12), utc(2025, 12, 29), utc(2026, 1, 5)),
        (SeasonLength.WEEKLY, utc(2026, 1, 5), utc(2026, 1, 5), utc(2026, 1, 12)),  # a boundary begins its season
        (SeasonLength.WEEKLY, utc(2026, 1, 4, 23, 59, 59), utc(2025, 12, 29), utc(2026, 1, 5)),
        (SeasonLength.MONTHLY, utc(2026, 12, 31, 23), utc(2026, 12, 1), utc(2027, 1, 1)),
        (SeasonLength.MONTHLY, utc(2028, 2, 29, 8), utc(2028, 2, 1), utc(2028, 3, 1)),
        (SeasonLength.QUARTERLY, utc(2026, 3, 31, 23), utc(2026, 1, 1), utc(2026, 4, 1)),
        (SeasonLength.QUARTERLY, utc(2026, 11, 15), utc(2026, 10, 1), utc(2027, 1, 1)),
        (SeasonLength.QUARTERLY, utc(2026, 7, 1), utc(2026, 7, 1), utc(2026, 10, 1)),
        # 23:00 on Sunday in UTC-7 is Monday 06:00 UTC: the boundaries are UTC's
        (
            SeasonLength.WEEKLY,
            datetime(2026, 1, 4, 23, tzinfo=timezone(timedelta(hours=-7))),
            utc(2026, 1, 5),
            utc(2026, 1, 12),
        ),
    ],
)
def test_known_boundaries(length: SeasonLength, at: datetime, start: datetime, end: datetime) -> None:
    assert (season_start(length, at), next_boundary(length, at)) == (start, end)


def test_no_boundaries_while_off_or_for_a_naive_time() -> None:
    with pytest.raises(ValueError):
        season_start(SeasonLength.OFF, utc(2026, 1, 1))
    with pytest.raises(ValueError):
        next_boundary(SeasonLength.WEEKLY, datetime(2026, 1, 1))


@given(st.sampled_from(LENGTHS), times)
def test_a_season_holds_its_time_and_runs_from_one_boundary_to_the_next(length: SeasonLength, at: datetime) -> None:
    start, end = season_start(length, at), next_boundary(length, at)
    assert start <= at < end and start.tzinfo is UTC and end.tzinfo is UTC
    assert season_start(length, start) == start and season_start(length, end) == end  # both are boundaries
    assert season_start(length, end - timedelta(microseconds=1)) == start  # nothing between them
    assert next_boundary(length, start) == end
    assert (start.hour, start.minute, start.second, start.microsecond) == (0, 0, 0, 0)
    if length is SeasonLength.WEEKLY:
        assert start.weekday() == 0 and end - start == timedelta(days=7)
    else:
        assert start.day == 1 and 28 <= (end - start).days <= 92
        if length is SeasonLength.QUARTERLY:
            assert start.month in (1, 4, 7, 10)


def test_the_soft_reset_known_cases() -> None:
    assert [soft_reset(r) for r in (1500, 1501, 1502, 1633, 1499, 1401, 900, 2400)] == [
        1500,
        1500,
        1501,
        1566,
        1500,
        1451,
        1200,
        1950,
    ]


@given(st.integers(min_value=-5000, max_value=9000))
def test_the_soft_reset_halves_the_distance_to_1500(rating: int) -> None:
    after = soft_reset(rating)
    assert abs(after - START_RATING) == abs(rating - START_RATING) // 2
    assert (after - START_RATING) * (rating - START_RATING) >= 0  # never past 1500
    assert soft_reset(after) == after or abs(soft_reset(after) - START_RATING) < abs(after - START_RATING)


rows = st.lists(
    st.builds(
        lambda user, rating, won, lost, pf, vbw, vbl: PlayerStats(
            1, user, f"p{user}", rating, won, lost, 0, pf, 0, 0, 0, vbw, vbl, "gin:2"
        ),
        st.integers(1, 40),
        st.integers(1400, 1600),
        st.integers(0, 3),
        st.integers(0, 3),
        st.integers(0, 300),
        st.integers(0, 2),
        st.integers(0, 2),
    ),
    max_size=25,
    unique_by=lambda p: p.user_id,
)


@given(rows, st.sampled_from(BOARDS), st.integers(1, 30))
def test_a_season_table_orders_as_the_everlasting_board_does(table: list[PlayerStats], by: str, limit: int) -> None:
    """The same rows in player_stats, ordered by the everlasting board's SQL, and by ``ranked``."""
    assert set(ORDERS) == set(BOARDS)
    conn = sqlite3.connect(":memory:", isolation_level=None)
    migrate(conn)
    conn.executemany(
        "INSERT INTO players (guild_id, user_id, name, updated_at) VALUES (1, ?, ?, 'x')",
        [(p.user_id, p.name) for p in table],
    )
    conn.executemany(
        "INSERT INTO player_stats (guild_id, family, user_id, rating, matches_won, matches_lost, points_for,"
        " vs_bot_won, vs_bot_lost) VALUES (1, 'gin:2', ?, ?, ?, ?, ?, ?, ?)",
        [
            (p.user_id, p.rating, p.matches_won, p.matches_lost, p.points_for, p.vs_bot_won, p.vs_bot_lost)
            for p in table
        ],
    )
    expected = [p.user_id for p in leaderboard(conn, 1, by, limit, "gin:2")]
    assert [p.user_id for p in ranked(table, by, limit)] == expected
    top = champion(table)
    assert ([] if top is None else [top.user_id]) == [p.user_id for p in leaderboard(conn, 1, "rating", 1, "gin:2")]
