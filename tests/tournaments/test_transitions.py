"""The transitions: start, pairing a round, recording (idempotent), forfeits, awards and removals, and
the errors they refuse with (catalogue ids with fields)."""

from __future__ import annotations

import pytest

from bot.engine import Said
from bot.tournaments import (
    Entrant,
    Format,
    Outcome,
    TournamentError,
    award,
    bracket_view,
    champion,
    finished,
    forfeit,
    pair_next_round,
    pending,
    record,
    remove,
    standings,
    start,
)

from .helpers import begin, config, higher_seed_wins, play_out, play_round, players, seats_of


def test_start_seeds_by_rating_the_earlier_check_in_first_on_a_tie() -> None:
    t = start(config(Format.SWISS, rounds=1), [Entrant(7, "G", 1500), Entrant(3, "C", 1600), Entrant(9, "I", 1500)])
    assert [e.user_id for e in t.entrants] == [3, 7, 9]
    assert t.rounds == () and not finished(t)


@pytest.mark.parametrize(
    ("entrants", "message", "fields"),
    [
        (players(1), "This tournament needs at least {n} players.", {"n": 2}),
        (players(5), "{n} players checked in; this tournament takes at most {cap}.", {"n": 5, "cap": 4}),
        ([*players(2), Entrant(1, "P1", 1)], "{name} is entered twice.", {"name": "P1"}),
    ],
)
def test_start_refuses(entrants: list[Entrant], message: str, fields: dict[str, object]) -> None:
    with pytest.raises(TournamentError) as caught:
        start(config(Format.SINGLE, cap=4), entrants)
    assert (caught.value.message, caught.value.fields) == (message, fields)
    assert caught.value.said == Said(message, **fields) and str(caught.value) == message.format(**fields)


def test_a_round_is_paired_only_when_the_last_is_complete() -> None:
    t = pair_next_round(begin(Format.SWISS, 4, rounds=2))
    with pytest.raises(TournamentError, match="Round 1 is still being played"):
        pair_next_round(t)
    t = play_round(record(record(t, (1, 1), [1]), (1, 2), [2]), higher_seed_wins)
    assert finished(t)
    with pytest.raises(TournamentError, match="The tournament is over"):
        pair_next_round(t)


def test_recording_the_same_result_twice_changes_nothing_and_another_is_refused() -> None:
    t = pair_next_round(begin(Format.SWISS, 4, rounds=1))
    once = record(t, (1, 1), [3, 1], scores=[80, 112])
    assert record(once, (1, 1), [3, 1], scores=[80, 112]) is once
    assert record(once, (1, 1), [3], scores=[80, 112]) is once  # the loser left out is the same result
    with pytest.raises(TournamentError) as caught:
        record(once, (1, 1), [1, 3])
    assert caught.value.message == "Match {table} of round {round} is already decided."
    assert caught.value.fields == {"round": 1, "table": 1}
    result = once.rounds[0].pairings[0].result
    assert result is not None and (result.winner, result.scores, result.outcome) == (3, (80, 112), Outcome.PLAYED)


@pytest.mark.parametrize(
    ("key", "order", "scores", "message"),
    [
        ((2, 1), [1], [], "There is no match {table} in round {round}."),
        ((1, 9), [1], [], "There is no match {table} in round {round}."),
        ((1, 1), [2], [], "Name the players at the table in the order they finished."),
        ((1, 1), [1, 1], [], "Name the players at the table in the order they finished."),
        ((1, 1), [1, 3], [5], "Give a score for every player at the table, or none."),
    ],
)
def test_record_refuses(key: tuple[int, int], order: list[int], scores: list[int], message: str) -> None:
    t = pair_next_round(begin(Format.SWISS, 4, rounds=1))
    with pytest.raises(TournamentError) as caught:
        record(t, key, order, scores)
    assert caught.value.message == message


def test_a_forfeit_loses_the_match_and_in_double_elimination_drops_to_the_losers() -> None:
    t = pair_next_round(begin(Format.DOUBLE, 4))
    t = forfeit(t, (1, 1), [1])
    result = t.rounds[0].pairings[0].result
    assert result is not None and (result.outcome, result.order, result.forfeited) == (Outcome.FORFEIT, (4, 1), (1,))
    assert forfeit(t, (1, 1), [1]) is t
    t = record(t, (1, 2), [2])
    t = pair_next_round(t)
    assert seats_of(t, 2) == [(4, 2), (1, 3)]  # the winners' final; 1 meets 3 in the losers' bracket
    with pytest.raises(TournamentError, match="must remain"):
        forfeit(t, (2, 1), [4, 2])
    with pytest.raises(TournamentError, match="Only a player at the table"):
        forfeit(t, (2, 1), [3])


def test_an_award_carries_its_reason() -> None:
    t = pair_next_round(begin(Format.SINGLE, 2))
    with pytest.raises(TournamentError, match="Give a reason"):
        award(t, (1, 1), [2], "  ")
    with pytest.raises(TournamentError, match="at most 200"):
        award(t, (1, 1), [2], "x" * 201)
    t = award(t, (1, 1), [2], " 1 left the server ")
    assert finished(t)
    won = champion(t)
    assert won is not None and won.user_id == 2
    match = bracket_view(t).sections[0].rounds[0].matches[0]
    assert (match.outcome, match.reason, [s.place for s in match.seats]) == (
        Outcome.AWARDED,
        "1 left the server",
        [2, 1],
    )


def test_a_removed_player_forfeits_his_match_and_is_not_paired_again() -> None:
    t = pair_next_round(begin(Format.SWISS, 5, rounds=3))
    t = remove(t, 2)
    result = t.rounds[0].pairings[1].result
    assert result is not None and (result.outcome, result.order) == (Outcome.FORFEIT, (4, 2))
    with pytest.raises(TournamentError, match="P2 was already removed"):
        remove(t, 2)
    with pytest.raises(TournamentError, match="not in this tournament"):
        remove(t, 99)
    t = play_out(record(t, (1, 1), [1]), higher_seed_wins)
    assert all(2 not in seats for r in range(2, 4) for seats in seats_of(t, r))
    assert [r.removed for r in standings(t).rows if r.user_id == 2] == [True]


def test_removed_from_a_bracket_his_next_opponent_has_a_bye() -> None:
    t = play_round(begin(Format.SINGLE, 4), higher_seed_wins)  # 1-4, 2-3
    t = remove(t, 2)
    t = pair_next_round(t)
    assert seats_of(t, 2) == [(1,)] and finished(t)
    rows = standings(t).rows
    assert [(r.place, r.user_id, r.removed) for r in rows] == [
        (1, 1, False),
        (2, 3, False),
        (2, 4, False),
        (4, 2, True),
    ]


def test_in_a_round_robin_the_games_against_a_removed_player_are_forfeited() -> None:
    t = remove(play_round(begin(Format.ROUND_ROBIN, 4), higher_seed_wins), 4)
    t = pair_next_round(t)
    assert [(p.seats, p.result and p.result.outcome) for p in t.rounds[1].pairings] == [
        ((1, 3), None),
        ((4, 2), Outcome.FORFEIT),
    ]
    assert [p.seats for p in pending(t)] == [(1, 3)]


def test_a_table_goes_on_without_a_removed_player_who_is_placed_last() -> None:
    t = pair_next_round(begin(Format.TABLES, 6, rounds=1, seats=3))
    t = remove(t, 1)
    assert t.rounds[0].pairings[0].result is None  # 2 and 3 play on
    t = record(t, (1, 1), [1, 3, 2])
    result = t.rounds[0].pairings[0].result
    assert result is not None and (result.order, result.forfeited) == ((3, 2, 1), (1,))
    t = remove(remove(t, 5), 6)  # one player left at table 2: he wins it
    result = t.rounds[0].pairings[1].result
    assert result is not None and (result.outcome, result.order, result.forfeited) == (
        Outcome.FORFEIT,
        (4, 5, 6),
        (5, 6),
    )


def test_a_tournament_ends_when_too_few_players_are_left() -> None:
    t = play_round(begin(Format.SWISS, 3, rounds=5), higher_seed_wins)
    t = remove(remove(t, 2), 3)
    assert finished(t)
    won = champion(t)
    assert won is not None and won.user_id == 1
    with pytest.raises(TournamentError, match="The tournament is over"):
        remove(t, 1)
