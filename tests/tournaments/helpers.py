"""Building and playing tournaments in tests: entrants with names and ratings, results by rule or at random."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bot.tournaments import (
    Entrant,
    Format,
    LengthKind,
    MatchLength,
    Pairing,
    Tournament,
    TournamentConfig,
    finished,
    pair_next_round,
    pending,
    record,
    start,
)

LENGTH = MatchLength(LengthKind.TARGET, 100)


def config(fmt: Format, *, rounds: int = 0, seats: int = 2, min_seats: int = 2, cap: int = 64) -> TournamentConfig:
    return TournamentConfig("gin", fmt, LENGTH, rounds=rounds, seats=seats, min_seats=min_seats, size_cap=cap)


def players(n: int) -> list[Entrant]:
    """n entrants, user ids 1..n, rated 2000 down by 10: user id == seed."""
    return [Entrant(i, f"P{i}", 2000 - 10 * i) for i in range(1, n + 1)]


def begin(fmt: Format, n: int, **kw: int) -> Tournament:
    return start(config(fmt, **kw), players(n))


Chooser = Callable[[Pairing], Sequence[int]]  # a pairing's finishing order


def higher_seed_wins(p: Pairing) -> Sequence[int]:
    return sorted(p.seats)


def at_random(rng: random.Random) -> Chooser:
    def choose(p: Pairing) -> Sequence[int]:
        order = list(p.seats)
        rng.shuffle(order)
        return order

    return choose


def play_round(t: Tournament, choose: Chooser) -> Tournament:
    """Pairs the next round and records every match of it."""
    t = pair_next_round(t)
    for p in pending(t):
        t = record(t, p.key, choose(p))
    return t


def play_out(t: Tournament, choose: Chooser, limit: int = 1000) -> Tournament:
    for _ in range(limit):
        if finished(t):
            return t
        t = play_round(t, choose)
    raise AssertionError("the tournament did not finish")


def seats_of(t: Tournament, number: int) -> list[tuple[int, ...]]:
    """The seats of every pairing of round ``number`` (from 1)."""
    return [p.seats for p in t.rounds[number - 1].pairings]
