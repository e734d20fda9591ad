"""Every game reports its own counters through MatchSummary.counts: the keys its GameType lists, in
that order, one value per seat, each counting the hands that seat won that way."""

from __future__ import annotations

import random

import pytest

from bot.ai import chooser_for
from bot.engine import MatchSummary, game_names, game_type
from bot.engine.game import AnyState
from bot.engine.knock import Outcome
from bot.engine.knock.summary import tally

# The counters each game keeps today, and the hand outcomes each one counts (by the hand's winner).
COUNTED = {
    "gin": {"gins": {"gin", "big_gin"}, "undercuts": {"undercut"}},
    "knockout": {"gins": {"gin", "big_gin"}},
    "rummy": {"rummies": {"rummy"}},
    "skarney": {"gins": {"gin"}},
    "colonel": {},
}


def _finished(name: str, seats: int, seed: int) -> tuple[AnyState, MatchSummary]:
    """A match played to its end by the game's easy AI (it goes gin, undercuts and goes rummy, where
    random moves hardly ever do)."""
    kind = game_type(name)
    state = kind.new(kind.make_rules(kind.variants[0], 60), seed, seats)
    choose, rng = chooser_for(name), random.Random(seed)
    for _ in range(20_000):
        if state.finished:
            break
        seat = state.to_act[0]
        state.apply(seat, choose(state.seat_view(seat), LEVEL, rng))
    summary = state.summary()
    assert summary is not None, f"{name} for {seats} did not finish"
    return state, summary


LEVEL = "easy"
CASES = [(name, seats) for name in sorted(COUNTED) for seats in game_type(name).seat_counts]


def test_every_registered_game_is_covered() -> None:
    assert set(COUNTED) <= set(game_names())
    for name, counted in COUNTED.items():
        assert game_type(name).counters == tuple(counted)


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_a_summary_counts_what_its_game_lists(name: str, seats: int) -> None:
    kind = game_type(name)
    for seed in range(3):
        state, s = _finished(name, seats, seed)
        assert [key for key, _ in s.counts] == list(kind.counters)
        assert all(len(values) == seats for _, values in s.counts)
        for key, values in s.counts:
            assert s.count(key) == values
            assert all(values[seat] <= s.hands_won[seat] for seat in range(seats))
        assert s.count("no such counter") == (0,) * seats
        assert s.counts_of(0) == tuple((key, values[0]) for key, values in s.counts)
        if name == "gin" and seats == 4:
            continue  # a partnership hand is two tables: its record is not one outcome and one winner
        for key, outcomes in COUNTED[name].items():
            expected = tuple(
                sum(1 for h in state.hands if h.winner == seat and str(h.outcome) in outcomes) for seat in range(seats)
            )
            assert s.count(key) == expected, (name, seats, seed, key)


def test_the_knock_tally_counts_only_the_counters_asked_for() -> None:
    wins = [(0, Outcome.GIN), (1, Outcome.UNDERCUT), (0, Outcome.BIG_GIN), (None, Outcome.DRAW), (1, Outcome.KNOCK)]
    assert tally(wins, 2) == ((2, 2), (("gins", (2, 0)), ("undercuts", (0, 1))))
    assert tally(wins, 3, ("gins",)) == ((2, 2, 0), (("gins", (2, 0, 0)),))  # Knockout: no undercuts


def test_played_matches_do_count_something() -> None:
    """The comparison above is not only of zeros: the AI's matches have undercuts and gins in them."""
    seen = {
        (name, key)
        for name, seats in CASES
        for seed in range(3)
        for key, values in _finished(name, seats, seed)[1].counts
        if any(values)
    }
    assert {("gin", "undercuts"), ("skarney", "gins"), ("rummy", "rummies")} <= seen
