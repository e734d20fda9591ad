"""The expert level against hard at the bigger tables and the other games: does the search pay?

Run: python -m bench.expert_tables [--tables gin3,gin4,knockout2,knockout3,knockout4] [--matches 60]
                                   [--against hard] [--workers 2] [--seed 1]

One seat plays ``expert``, every other seat ``--against`` (hard), whole matches under the default
rules; each seed is played once with the expert in every seat (so the count is rounded up to a
multiple of the seats). Reported: how often the expert's side won the match (its team at four-seat
Gin, where its partner plays hard) against the fair share (one in the number of sides), with a 95%
Wilson interval, and the expert's decision times (median, p99). Colonel, Skarney and Rummy have no
expert search (their expert plays as hard: see docs/benchmarks.md), so they are not tables here.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bench.ai_strength import percentile, wilson
from bot.ai import chooser_for
from bot.engine import game_type

TABLES = {
    "gin3": ("gin", 3),
    "gin4": ("gin", 4),
    "knockout2": ("knockout", 2),
    "knockout3": ("knockout", 3),
    "knockout4": ("knockout", 4),
}
MAX_HAND_MOVES = 2000


def _sides(state: Any, seats: int) -> list[int]:
    """The side of each seat: its team at a partnership table, else itself."""
    teams = state.public_view().teams
    side = list(range(seats))
    for i, team in enumerate(teams):
        for s in team:
            side[s] = i
    return side


def play(game: str, seats: int, seed: int, expert_seat: int, against: str, times: list[float]) -> bool | None:
    """One match; whether the expert's side won (None: a hand went on past MAX_HAND_MOVES)."""
    gt = game_type(game)
    state = gt.new(gt.make_rules(gt.variants[0]), seed, seats)
    chooser = chooser_for(game)
    rngs = [random.Random(seed * 10 + s) for s in range(seats)]
    hands, in_hand = 0, 0
    while not state.finished:
        seat = next(iter(state.to_act))
        view = state.seat_view(seat)
        if seat == expert_seat:
            t0 = time.perf_counter()
            action = chooser(view, "expert", rngs[seat])
            times.append(time.perf_counter() - t0)
        else:
            action = chooser(view, against, rngs[seat])
        state.apply(seat, action)
        in_hand += 1
        if len(state.hands) != hands:
            hands, in_hand = len(state.hands), 0
        if in_hand > MAX_HAND_MOVES:
            return None
    side = _sides(state, seats)
    return state.winner is not None and side[state.winner] == side[expert_seat]


def _job(args: tuple[str, str, list[int]]) -> tuple[list[bool | None], list[float]]:
    key, against, seeds = args
    game, seats = TABLES[key]
    won: list[bool | None] = []
    times: list[float] = []
    for s in seeds:
        for seat in range(seats):
            won.append(play(game, seats, s, seat, against, times))
    return won, times


def run(key: str, against: str, matches: int, first_seed: int, workers: int) -> dict[str, float]:
    seats = TABLES[key][1]
    seeds = list(range(first_seed, first_seed + max(1, math.ceil(matches / seats))))
    chunks = [c for c in (seeds[i :: max(1, workers * 4)] for i in range(max(1, workers * 4))) if c]
    t0 = time.perf_counter()
    if workers <= 1:
        results = [_job((key, against, c)) for c in chunks]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_job, [(key, against, c) for c in chunks]))
    won = [w for r in results for w in r[0]]
    times = [t for r in results for t in r[1]]
    n_sides = 2 if key == "gin4" else seats
    wins = sum(1 for w in won if w)
    lo, hi = wilson(wins, len(won))
    stuck = sum(1 for w in won if w is None)
    print(
        f"{key:9} expert vs {against}: expert's side won {wins}/{len(won)} = {wins / len(won):.1%} "
        f"(Wilson {lo:.1%} .. {hi:.1%}; fair share {1 / n_sides:.0%})" + (f", {stuck} stopped" if stuck else "")
    )
    print(
        f"{'':9} decision median {statistics.median(times) * 1000:.1f} ms, p99 {percentile(times, 0.99) * 1000:.1f} ms "
        f"over {len(times)}; {time.perf_counter() - t0:.0f} s",
        flush=True,
    )
    return {"rate": wins / len(won), "lo": lo, "hi": hi}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", default=",".join(TABLES))
    ap.add_argument("--matches", type=int, default=60, help="matches per table (rounded up to a multiple of its seats)")
    ap.add_argument("--against", default="hard")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    for key in args.tables.split(","):
        if key not in TABLES:
            ap.error(f"unknown table {key!r}; choose from {', '.join(TABLES)}")
        run(key, args.against, args.matches, args.seed, args.workers)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
