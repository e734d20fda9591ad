"""Properties over random results and sizes 2..32, for every format: nobody seated twice in a round, no
Swiss rematch or repeated bye while one can be avoided (a brute force judges up to nine players),
elimination ends with one champion after the right number of rounds, double elimination puts nobody out
before his second loss, a round robin pairs everyone with everyone once; the JSON round trip is the
identity, the next round a function of the state, and recording a result again changes nothing."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments import (
    Bracket,
    Format,
    Outcome,
    Tournament,
    award,
    champion,
    finished,
    forfeit,
    from_json,
    pair_next_round,
    pending,
    record,
    remove,
    standings,
    to_json,
)
from bot.tournaments.elimination import depth_for
from bot.tournaments.matching import matching_size
from bot.tournaments.roundrobin import round_count

from .helpers import begin

SIZES = st.integers(2, 32)


def check_round(before: Tournament, after: Tournament) -> None:
    """The round ``after`` added to ``before``: each player seated once at most, nobody removed in a match to
    play, and the same round from the state read back from JSON."""
    new = after.rounds[-1]
    seated = Counter(u for p in new.pairings for u in p.seats)
    assert all(n == 1 for n in seated.values())
    assert not any(u in before.removed for p in new.pairings if not p.done for u in p.seats)
    for p in new.pairings:  # a walkover against a removed player is decided as it is paired
        if any(u in before.removed for u in p.seats):
            assert p.result is not None and p.result.outcome is Outcome.FORFEIT
    again = from_json(to_json(before))
    assert again == before and pair_next_round(again) == after
    if after.config.format in (Format.SWISS, Format.ROUND_ROBIN, Format.TABLES):
        assert set(seated) >= set(before.active())


def decide_all(t: Tournament, rng: random.Random) -> Tournament:
    for p in pending(t):
        order = list(p.seats)
        rng.shuffle(order)
        t = record(t, p.key, order)
        assert record(t, p.key, order) is t
    assert from_json(to_json(t)) == t
    return t


def run(t: Tournament, rng: random.Random) -> Tournament:
    while not finished(t):
        before = t
        t = pair_next_round(t)
        check_round(before, t)
        t = decide_all(t, rng)
    return t


def min_cost(ranked: list[int], played: set[frozenset[int]], had_bye: set[int]) -> tuple[int, int]:
    """The fewest rematches, then whether the bye must repeat, over every possible pairing: by brute force
    up to nine players, else by the maximum matching of the pairs not played (itself checked by brute force
    in test_matching.py)."""

    def rematches(players: list[int]) -> int:
        if len(players) > 9:
            fresh = {frozenset((a, b)) for i, a in enumerate(players) for b in players[i + 1 :]} - played
            return len(players) // 2 - matching_size(players, fresh)
        if not players:
            return 0
        first, rest = players[0], players[1:]
        return min(int(frozenset((first, o)) in played) + rematches([u for u in rest if u != o]) for o in rest)

    if len(ranked) % 2 == 0:
        return rematches(ranked), 0
    return min((rematches([u for u in ranked if u != b]), int(b in had_bye)) for b in ranked)


@settings(max_examples=60, deadline=None)
@given(SIZES, st.integers(1, 8), st.randoms(use_true_random=False))
def test_swiss_avoids_rematches_and_repeated_byes_while_it_can(n: int, rounds: int, rng: random.Random) -> None:
    t = begin(Format.SWISS, n, rounds=rounds)
    while not finished(t):
        played = {frozenset(p.seats) for p in t.pairings() if len(p.seats) == 2}
        had_bye = {p.seats[0] for p in t.pairings() if len(p.seats) == 1}
        before = t
        t = pair_next_round(t)
        check_round(before, t)
        pairs = [p.seats for p in t.rounds[-1].pairings if len(p.seats) == 2]
        byes = [p.seats[0] for p in t.rounds[-1].pairings if len(p.seats) == 1]
        assert len(byes) == n % 2
        ours = (sum(frozenset(s) in played for s in pairs), int(any(b in had_bye for b in byes)))
        assert ours == min_cost(list(before.active()), played, had_bye)
        t = decide_all(t, rng)
    assert len(t.rounds) == rounds


@settings(max_examples=60, deadline=None)
@given(SIZES, st.randoms(use_true_random=False))
def test_single_elimination_crowns_one_champion_in_log2_rounds(n: int, rng: random.Random) -> None:
    t = run(begin(Format.SINGLE, n), rng)
    assert len(t.rounds) == depth_for(n)
    won = champion(t)
    assert won is not None
    losses = {r.user_id: r.losses for r in standings(t).rows}
    assert losses.pop(won.user_id) == 0 and set(losses.values()) == {1}
    meetings = [r.number for r in t.rounds for p in r.pairings if set(p.seats) == {1, 2}]
    assert meetings in ([], [len(t.rounds)])  # seeds 1 and 2 can meet only in the final


@settings(max_examples=60, deadline=None)
@given(SIZES, st.randoms(use_true_random=False))
def test_double_elimination_puts_nobody_out_before_two_losses(n: int, rng: random.Random) -> None:
    t = run(begin(Format.DOUBLE, n), rng)
    k = depth_for(n)
    reset = any(p.node.bracket is Bracket.RESET for p in t.pairings())
    assert len(t.rounds) == 2 * k + reset
    won = champion(t)
    assert won is not None
    losses = {r.user_id: r.losses for r in standings(t).rows}
    assert losses.pop(won.user_id) == int(reset) and set(losses.values()) == {2}


@settings(max_examples=25, deadline=None)
@given(SIZES, st.randoms(use_true_random=False))
def test_a_round_robin_pairs_everyone_with_everyone_once(n: int, rng: random.Random) -> None:
    t = run(begin(Format.ROUND_ROBIN, n), rng)
    assert len(t.rounds) == round_count(n)
    met = Counter(frozenset(p.seats) for p in t.pairings() if len(p.seats) == 2)
    assert len(met) == n * (n - 1) // 2 and set(met.values()) == {1}
    assert Counter(p.seats[0] for p in t.pairings() if len(p.seats) == 1) == (
        Counter(range(1, n + 1)) if n % 2 else Counter()
    )


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 32), st.integers(3, 6), st.integers(2, 6), st.integers(1, 5), st.randoms(use_true_random=False))
def test_tables_seat_everyone_at_tables_the_game_allows(
    n: int, seats: int, min_seats: int, rounds: int, rng: random.Random
) -> None:
    min_seats = min(min_seats, seats)
    if n < max(2, min_seats):
        return
    t = begin(Format.TABLES, n, rounds=rounds, seats=seats, min_seats=min_seats)
    t = run(t, rng)
    assert len(t.rounds) == rounds
    for p in t.pairings():
        assert len(p.seats) == 1 or min_seats <= len(p.seats) <= seats
    total = sum(r.points for r in standings(t).rows)
    tables = sum(len(p.seats) * (len(p.seats) - 1) // 2 for p in t.pairings() if len(p.seats) > 1)
    assert total == tables + sum(1 for p in t.pairings() if len(p.seats) == 1) * ((seats - 1) // 2)


FORMATS = st.sampled_from(list(Format))


@settings(max_examples=80, deadline=None)
@given(FORMATS, SIZES, st.randoms(use_true_random=False))
def test_removals_forfeits_and_awards_keep_every_rule(fmt: Format, n: int, rng: random.Random) -> None:
    kw = {"rounds": rng.randint(1, 6)} if fmt in (Format.SWISS, Format.TABLES) else {}
    if fmt is Format.TABLES:
        kw["seats"] = 3
    t = begin(fmt, n, **kw)
    while not finished(t):
        before = t
        t = pair_next_round(t)
        check_round(before, t)
        if rng.random() < 0.3 and len(t.active()) > 1 and not finished(t):
            t = remove(t, rng.choice(t.active()))
        for p in pending(t):
            seats = [u for u in p.seats if u not in t.removed]
            roll = rng.random()
            if roll < 0.15 and len(seats) > 1:
                out = rng.choice(seats)
                rest = [u for u in seats if u != out]
                rng.shuffle(rest)
                t = forfeit(t, p.key, [out], rest)
            elif roll < 0.25:
                order = list(p.seats)
                rng.shuffle(order)
                t = award(t, p.key, order, "a dispute")
            else:
                order = list(p.seats)
                rng.shuffle(order)
                t = record(t, p.key, order)
        assert from_json(to_json(t)) == t
    rows = standings(t).rows
    assert sorted(r.user_id for r in rows) == list(range(1, n + 1))
    won = champion(t)
    assert won is None or won.user_id not in t.removed
    if fmt is Format.DOUBLE and won is not None:
        assert all(r.losses >= 2 for r in rows if not r.removed and r.user_id != won.user_id)
    if fmt is Format.SINGLE and won is not None:
        assert all(r.losses >= 1 for r in rows if not r.removed and r.user_id != won.user_id)
