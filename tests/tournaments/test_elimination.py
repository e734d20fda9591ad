"""Single and double elimination, worked out by hand: bracket places, byes, rounds, places at the end."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.engine import Said
from bot.tournaments import (
    Bracket,
    Format,
    Node,
    Outcome,
    bracket_view,
    champion,
    finished,
    pair_next_round,
    record,
    standings,
)
from bot.tournaments.elimination import seed_order

from .helpers import begin, higher_seed_wins, play_out, play_round, seats_of


def test_the_standard_seed_order_keeps_seeds_1_and_2_apart() -> None:
    assert seed_order(2) == [1, 2]
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


@pytest.mark.parametrize(
    ("n", "rounds"),
    [
        # five: three byes to the top seeds, 4-5 the only first-round match
        (5, [[(4, 5), (1,), (2,), (3,)], [(1, 4), (2, 3)], [(1, 2)]]),
        (6, [[(4, 5), (3, 6), (1,), (2,)], [(1, 4), (2, 3)], [(1, 2)]]),
        (8, [[(1, 8), (4, 5), (2, 7), (3, 6)], [(1, 4), (2, 3)], [(1, 2)]]),
        (
            13,
            [
                [(8, 9), (4, 13), (5, 12), (7, 10), (6, 11), (1,), (2,), (3,)],
                [(1, 8), (4, 5), (2, 7), (3, 6)],
                [(1, 4), (2, 3)],
                [(1, 2)],
            ],
        ),
    ],
)
def test_single_elimination_places_seeds_and_byes(n: int, rounds: list[list[tuple[int, ...]]]) -> None:
    t = play_out(begin(Format.SINGLE, n), higher_seed_wins)
    assert [seats_of(t, i) for i in range(1, len(t.rounds) + 1)] == rounds
    assert all(
        p.result is not None and p.result.outcome is Outcome.BYE for p in t.rounds[0].pairings if len(p.seats) == 1
    )
    won = champion(t)
    assert won is not None and won.user_id == 1


def test_single_elimination_places_share_the_round_they_went_out_in() -> None:
    t = play_out(begin(Format.SINGLE, 8), higher_seed_wins)
    rows = standings(t).rows
    assert [(r.place, r.user_id) for r in rows] == [(1, 1), (2, 2), (3, 3), (3, 4), (5, 5), (5, 6), (5, 7), (5, 8)]
    assert [(r.wins, r.losses) for r in rows[:2]] == [(3, 0), (2, 1)]


def test_the_bracket_view_shows_the_matches_to_come() -> None:
    t = play_round(begin(Format.SINGLE, 8), higher_seed_wins)
    view = bracket_view(t)
    assert view.champion is None and len(view.sections) == 1 and view.sections[0].title is None
    titles = [r.title for r in view.sections[0].rounds]
    assert titles == [Said("Quarter-finals"), Said("Semi-finals"), Said("Final")]
    first, semis, final = view.sections[0].rounds
    assert [tuple(s.place for s in m.seats) for m in first.matches] == [(1, 2)] * 4
    assert [m.key for m in semis.matches] == [None, None]
    assert [tuple(s.name for s in m.seats) for m in semis.matches] == [("P1", "P4"), ("P2", "P3")]
    assert [tuple(s.user_id for s in m.seats) for m in final.matches] == [(None, None)]


def _double(choose_final: dict[int, Sequence[int]]) -> list[tuple[int, list[tuple[int, ...]]]]:
    """An 8-player double elimination where the higher seed wins, but for the rounds named."""
    t = begin(Format.DOUBLE, 8)
    while not finished(t):
        t = pair_next_round(t)
        number = len(t.rounds)
        for p in t.rounds[-1].pairings:
            if p.result is None:
                t = record(t, p.key, choose_final.get(number, higher_seed_wins(p)))
    assert all(p.result is not None for p in t.pairings())
    return [(len(t.rounds), seats_of(t, i)) for i in range(1, len(t.rounds) + 1)]


EIGHT = [
    [(1, 8), (4, 5), (2, 7), (3, 6)],  # winners' round 1
    [(1, 4), (2, 3), (8, 5), (7, 6)],  # winners' round 2; losers' round 1: the first round's losers
    [(1, 2), (5, 3), (6, 4)],  # winners' final; losers' round 2: the second round's losers drop in crossed
    [(3, 4)],  # losers' round 3
    [(3, 2)],  # losers' final: the winners' final loser drops in
    [(1, 2)],  # grand final
]


def test_double_elimination_of_eight_by_hand() -> None:
    rounds = _double({})
    assert [seats for _, seats in rounds] == EIGHT
    t = play_out(begin(Format.DOUBLE, 8), higher_seed_wins)
    assert [p.node.bracket for p in t.rounds[1].pairings] == [Bracket.WINNERS] * 2 + [Bracket.LOSERS] * 2
    rows = standings(t).rows
    assert [(r.place, r.user_id) for r in rows] == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (5, 6), (7, 7), (7, 8)]
    assert all(r.losses == 2 for r in rows[1:]) and rows[0].losses == 0


def test_the_losers_champion_winning_the_grand_final_plays_a_reset() -> None:
    rounds = _double({6: [2, 1], 7: [1, 2]})
    assert [seats for _, seats in rounds] == [*EIGHT, [(1, 2)]]
    t = begin(Format.DOUBLE, 8)
    for number in range(1, 8):
        t = pair_next_round(t)
        for p in t.rounds[-1].pairings:
            if p.result is None:
                t = record(t, p.key, [2, 1] if number == 6 else higher_seed_wins(p))
    assert t.rounds[-1].pairings[0].node.bracket is Bracket.RESET and finished(t)
    rows = standings(t).rows
    assert [(r.user_id, r.losses) for r in rows[:2]] == [(1, 1), (2, 2)]
    view = bracket_view(t)
    assert [s.title for s in view.sections] == [Said("Winners' bracket"), Said("Losers' bracket"), Said("Grand final")]
    assert [r.title for r in view.sections[2].rounds] == [Said("Grand final"), Said("Second grand final")]
    assert view.champion == "P1"


def test_a_double_elimination_of_two_is_a_match_and_a_grand_final() -> None:
    t = play_round(begin(Format.DOUBLE, 2), lambda p: [2, 1])
    t = play_round(t, higher_seed_wins)  # the grand final: 1 (one loss) beats 2 (the winners' champion)
    assert seats_of(t, 2) == [(2, 1)] and not finished(t)
    t = play_round(t, higher_seed_wins)
    assert finished(t) and [(r.user_id, r.losses) for r in standings(t).rows] == [(1, 1), (2, 2)]


def test_byes_in_the_losers_bracket_come_from_empty_first_round_places() -> None:
    t = play_out(begin(Format.DOUBLE, 5), higher_seed_wins)
    losers_byes = [p.seats for p in t.pairings() if p.node.bracket is Bracket.LOSERS and len(p.seats) == 1]
    # 5 lost the only first-round match and meets nobody in losers' round 1; in round 2, 5 meets 3 (who lost
    # to 2) and 4 (who lost to 1) has the place that nobody from round 1 fills
    assert losers_byes == [(5,), (4,)]
    assert [p.seats for p in t.pairings() if p.node == Node(Bracket.LOSERS, 2, 0)] == [(5, 3)]
    won = champion(t)
    assert won is not None and won.user_id == 1
    assert len(t.rounds) == 6  # a bracket of eight: 2 x 3 rounds
