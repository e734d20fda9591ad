"""Tables of three or more, worked out by hand: seating by standing, table sizes, byes, place points."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.tournaments import Format, Pairing, finished, pair_next_round, pending, record, standings
from bot.tournaments.tables import seat

from .helpers import begin, seats_of


@pytest.mark.parametrize(
    ("n", "seats", "min_seats", "tables", "byes"),
    [
        (9, 3, 2, [(1, 2, 3), (4, 5, 6), (7, 8, 9)], ()),
        (10, 3, 2, [(1, 2, 3), (4, 5, 6), (7, 8), (9, 10)], ()),  # as even as they can be, larger first
        (10, 4, 3, [(1, 2, 3, 4), (5, 6, 7), (8, 9, 10)], ()),
        (7, 3, 3, [(1, 2, 3), (4, 5, 6)], (7,)),  # 3 + 2 + 2 would be too small: 7 sits out
        (5, 4, 3, [(1, 2, 3, 4)], (5,)),
        (4, 3, 3, [(1, 2, 3)], (4,)),
    ],
)
def test_tables_are_as_even_as_the_smallest_table_allows(
    n: int, seats: int, min_seats: int, tables: list[tuple[int, ...]], byes: tuple[int, ...]
) -> None:
    assert seat(list(range(1, n + 1)), seats, min_seats, set()) == (tuple(tables), byes)


def test_the_bye_goes_to_the_lowest_player_who_has_not_had_one() -> None:
    assert seat([1, 2, 3, 4], 3, 3, {4}) == (((1, 2, 4),), (3,))


def test_each_round_seats_players_by_standing_and_scores_places() -> None:
    """Round 1 by rating. 3 wins table 1 before 1 and 2, 4 wins table 2 before 6 and 5. Round 2 by points
    (2 for a win at a table of three, 1 for second), then Buchholz (tablemates' points), then rating."""
    t = pair_next_round(begin(Format.TABLES, 6, rounds=2, seats=3))
    assert seats_of(t, 1) == [(1, 2, 3), (4, 5, 6)]
    t = record(t, (1, 1), [3, 1, 2])
    t = record(t, (1, 2), [4, 6, 5])
    points = {r.user_id: (r.points, r.tiebreaks) for r in standings(t).rows}
    assert points == {3: (2, (1,)), 4: (2, (1,)), 1: (1, (2,)), 6: (1, (2,)), 2: (0, (3,)), 5: (0, (3,))}
    t = pair_next_round(t)
    assert seats_of(t, 2) == [(3, 4, 1), (6, 2, 5)]


def test_a_bye_at_tables_scores_the_middle_place() -> None:
    t = pair_next_round(begin(Format.TABLES, 4, rounds=1, seats=3, min_seats=3))
    assert seats_of(t, 1) == [(1, 2, 3), (4,)]
    t = record(t, (1, 1), [1, 2, 3])
    assert finished(t)
    assert [(r.user_id, r.points, r.wins, r.byes) for r in standings(t).rows] == [
        (1, 2, 1, 0),
        (2, 1, 0, 0),
        (4, 1, 0, 1),
        (3, 0, 0, 0),
    ]


def _by_seat(p: Pairing) -> Sequence[int]:
    return p.seats


def test_a_table_tournament_runs_its_rounds() -> None:
    t = begin(Format.TABLES, 11, rounds=4, seats=4, min_seats=3)
    for _ in range(4):
        t = pair_next_round(t)
        assert sorted(len(p.seats) for p in t.rounds[-1].pairings) == [3, 4, 4]
        for p in pending(t):
            t = record(t, p.key, _by_seat(p))
    assert finished(t)
    assert sum(r.points for r in standings(t).rows) == 4 * (6 + 6 + 3)  # k(k-1)/2 points a table
