"""AI strength against the reference players: single hands and whole matches, seats swapped.

Run: python -m bench.ai_strength [--deals 2000] [--search-deals 0] [--matches 400]
                                 [--pairs expert:pimc,hard:eaai_simple,...] [--csv bench/ai_strength.csv]
                                 [--workers 2] [--seed 1]

Players: 'easy', 'normal', 'hard', 'expert' (bot.ai levels), 'eaai_simple', 'openspiel_simple'
(bench/reference_bots.py) and 'pimc' (bench/pimc.py, the determinised Monte Carlo reference).
A pair 'A:B' is reported from A's side.

* Hands: deal seed s is the first hand of ``Match.new(standard, s)``; each deal is
  played twice, A in seat 0 and then in seat 1 (the cut, so the dealer, follows the
  seat), so both players get the same cards once each. Points per hand are A's score
  minus B's (0 for a drawn hand); the 95% CI is over per-deal means (the two hands of
  a deal are not independent). A pair with a searching player (expert, pimc) plays
  ``--search-deals`` deals instead of ``--deals``: its decisions take a thousand times longer.
* Matches: ``--matches`` matches to 100 under the standard rules; seed s is played
  twice with the seats swapped (so the count is rounded up to even).
* Win rates come with 95% Wilson intervals; decision times are for A's moves when A
  is an AI level (choose_action only, not building the view), median and p99. Each
  worker process is one player pair on one core; ``--workers 1`` for times on an idle core.
* One CSV row per hand: pair, deal seed, A's seat, outcome, knocker, points for A.

Bars (issue 24), checked at the end for the pairs run: expert wins at least 60% of the
matches against pimc; hard at least 80% against each reference bot; expert's decision
median at most 200 ms and p99 at most 1 s; hard's p99 under 100 ms.
(Issue 6's: normal > 55% of matches against eaai_simple; easy loses to normal.)
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from bot.ai import LEVELS, choose_action
from bot.engine.gin import Match, SeatView, seat_view
from bot.engine.knock import Action, preset

from .pimc import pimc
from .reference_bots import REFERENCE_BOTS, Player

# Every opponent that is not a level of the bot: the simple reference bots and the PIMC searcher.
BENCH_PLAYERS: dict[str, Player] = {**REFERENCE_BOTS, "pimc": pimc}

DEFAULT_PAIRS = "expert:pimc,hard:eaai_simple,hard:openspiel_simple,normal:eaai_simple,easy:normal"
SEARCHING = frozenset({"expert", "pimc"})


@dataclass
class Timed:
    """A player callable that records its decision times."""

    name: str
    seed: int
    times: list[float]

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def __call__(self, view: SeatView) -> Action:
        t0 = time.perf_counter()
        a = choose_action(view, self.name) if self.name in LEVELS else BENCH_PLAYERS[self.name](view, self.rng)
        self.times.append(time.perf_counter() - t0)
        return a


MAX_HAND_MOVES = 1000  # the engine has no cap on pile-only turns; a cycle would never end


class Stuck(Exception):
    """A hand went past MAX_HAND_MOVES (both players kept taking from the pile)."""


def _play(match: Match, players: tuple[Callable[[SeatView], Action], ...], one_hand: bool) -> None:
    in_hand = 0
    hands = len(match.history)
    while not match.finished:
        seat = match.turn
        assert seat is not None
        match.apply(seat, players[seat](seat_view(match, seat)))
        if len(match.history) != hands:
            hands, in_hand = len(match.history), 0
            if one_hand:
                return
        in_hand += 1
        if in_hand > MAX_HAND_MOVES:
            raise Stuck


def _paired_games(a: str, b: str, seeds: list[int], times: list[float], one_hand: bool):
    """Each seed played twice, A in seat 0 then in seat 1: yields (seed, A's seat, match or None if stuck)."""
    rules = preset("standard")
    for s in seeds:
        for a_seat in (0, 1):
            pa = Timed(a, s * 2 + a_seat, times)
            pb = Timed(b, s * 2 + 1 - a_seat, [])
            m = Match.new(rules, s)
            try:
                _play(m, (pa, pb) if a_seat == 0 else (pb, pa), one_hand=one_hand)
            except Stuck:
                yield s, a_seat, None
                continue
            yield s, a_seat, m


def _hand_job(args: tuple[str, str, list[int]]) -> tuple[list[tuple], list[float]]:
    a, b, seeds = args
    rows: list[tuple] = []
    times: list[float] = []
    for s, a_seat, m in _paired_games(a, b, seeds, times, one_hand=True):
        if m is None:
            rows.append((s, a_seat, "stuck", "", 0))
            continue
        rec = m.history[0]
        pts = 0 if rec.winner is None else (rec.points if rec.winner == a_seat else -rec.points)
        knocker = "" if rec.knocker is None else ("A" if rec.knocker == a_seat else "B")
        rows.append((s, a_seat, rec.outcome, knocker, pts))
    return rows, times


def _match_job(args: tuple[str, str, list[int]]) -> tuple[list[tuple], list[float]]:
    a, b, seeds = args
    rows: list[tuple] = []
    times: list[float] = []
    for s, a_seat, m in _paired_games(a, b, seeds, times, one_hand=False):
        if m is None:
            rows.append((s, a_seat, False, 0, -1))
            continue
        totals = m.totals()
        rows.append((s, a_seat, m.winner == a_seat, totals[a_seat] - totals[1 - a_seat], len(m.history)))
    return rows, times


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (centre - half, centre + half)


def mean_ci(xs: list[float], z: float = 1.96) -> tuple[float, float, float]:
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, m, m
    half = z * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, m - half, m + half


def _run(job, a: str, b: str, seeds: list[int], workers: int) -> tuple[list[tuple], list[float]]:
    # A searching pair takes hours: small chunks, each reported on stderr when done (a long run shows
    # how it goes, and a stopped one what it had).
    n_chunks = max(1, workers * 4, len(seeds) // 5 if {a, b} & SEARCHING else 0)
    chunks = [c for c in (seeds[i::n_chunks] for i in range(n_chunks)) if c]
    rows: list[tuple] = []
    times: list[float] = []
    if workers <= 1:
        for c in chunks:
            _collect(job((a, b, c)), rows, times, len(chunks))
    else:
        with ProcessPoolExecutor(workers) as pool:
            for future in as_completed([pool.submit(job, (a, b, c)) for c in chunks]):
                _collect(future.result(), rows, times, len(chunks))
    rows.sort()
    return rows, times


def _collect(result: tuple[list[tuple], list[float]], rows: list[tuple], times: list[float], chunks: int) -> None:
    r, t = result
    rows.extend(r)
    times.extend(t)
    if chunks > 8:
        won = sum(1 for row in rows if row[2] is True)
        print(f"  ... {len(rows)} games done, A won {won} matches so far", file=sys.stderr, flush=True)


def percentile(xs: list[float], q: float) -> float:
    ts = sorted(xs)
    return ts[min(len(ts) - 1, int(len(ts) * q))]


def _times_line(times: list[float]) -> str:
    if not times:
        return "decisions: none timed (A is not an AI level)"
    return (
        f"decision time: median {statistics.median(times) * 1000:.2f} ms, p99 {percentile(times, 0.99) * 1000:.2f} ms, "
        f"mean {statistics.fmean(times) * 1000:.2f} ms, max {max(times) * 1000:.2f} ms over {len(times)} decisions"
    )


def report_hands(a: str, b: str, rows: list[tuple], times: list[float]) -> dict:
    per_deal: dict[int, list[int]] = {}
    for s, _seat, _outcome, _k, pts in rows:
        per_deal.setdefault(s, []).append(pts)
    m, lo, hi = mean_ci([sum(v) / len(v) for v in per_deal.values()])
    won = sum(1 for r in rows if r[4] > 0)
    lost = sum(1 for r in rows if r[4] < 0)
    draws = len(rows) - won - lost
    stuck = sum(1 for r in rows if r[2] == "stuck")
    if stuck:
        print(f"  {stuck} hands stopped after {MAX_HAND_MOVES} moves (pile-only cycle), scored 0")
    wl, wh = wilson(won, won + lost)
    print(f"[hands] {a} vs {b}: {len(rows)} hands ({len(per_deal)} deals x 2 seats)")
    print(f"  points/hand for {a}: {m:+.2f} (95% CI {lo:+.2f} .. {hi:+.2f})")
    print(
        f"  hands won {won}, lost {lost}, no score {draws}: win rate {won / max(1, won + lost):.1%} "
        f"(Wilson {wl:.1%} .. {wh:.1%})"
    )
    print(f"  {_times_line(times)}")
    return {"points": m, "points_lo": lo, "points_hi": hi, "hand_win": won / max(1, won + lost)}


def report_matches(a: str, b: str, rows: list[tuple], times: list[float]) -> dict:
    won = sum(1 for r in rows if r[2])
    n = len(rows)
    lo, hi = wilson(won, n)
    margin = statistics.fmean(r[3] for r in rows) if rows else 0.0
    hands = statistics.fmean(r[4] for r in rows) if rows else 0.0
    stuck = sum(1 for r in rows if r[4] < 0)
    if stuck:
        print(f"  {stuck} matches stopped: a hand passed {MAX_HAND_MOVES} moves (counted as lost)")
    print(
        f"[matches] {a} vs {b}: {n} matches to 100: {a} won {won} = {won / max(1, n):.1%} "
        f"(Wilson {lo:.1%} .. {hi:.1%}); mean margin {margin:+.1f}, {hands:.1f} hands/match"
    )
    print(f"  {_times_line(times)}")
    return {"match_win": won / max(1, n), "match_lo": lo, "match_hi": hi, "times": times}


# Issue 24's bars: (pair, least share of matches won)
MATCH_BARS = {("expert", "pimc"): 0.60, ("hard", "eaai_simple"): 0.80, ("hard", "openspiel_simple"): 0.80}
# (level, median at most, p99 at most), seconds
TIME_BARS = {"expert": (0.200, 1.0), "hard": (None, 0.100)}


def check_bars(results: dict[tuple[str, str], dict]) -> list[str]:
    """One line per bar of issue 24 that the pairs run can check: met or missed, with the number."""
    lines = []
    for pair, least in MATCH_BARS.items():
        r = results.get(pair)
        if r is not None:
            ok = "met" if r["match_win"] >= least else "MISSED"
            lines.append(
                f"{pair[0]} vs {pair[1]}: {r['match_win']:.1%} of matches (Wilson {r['match_lo']:.1%} .. "
                f"{r['match_hi']:.1%}), bar {least:.0%}: {ok}"
            )
    for level, (median_max, p99_max) in TIME_BARS.items():
        times = [t for (a, _), r in results.items() if a == level for t in r["times"]]
        if not times:
            continue
        median, p99 = statistics.median(times), percentile(times, 0.99)
        met = (median_max is None or median <= median_max) and p99 <= p99_max
        bar = (f"median <= {median_max * 1000:.0f} ms, " if median_max else "") + f"p99 <= {p99_max * 1000:.0f} ms"
        lines.append(
            f"{level} decisions: median {median * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms ({bar}): "
            + ("met" if met else "MISSED")
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=2000, help="deals per pair (each played twice)")
    ap.add_argument("--search-deals", type=int, default=0, help="deals per pair with a searching player")
    ap.add_argument("--matches", type=int, default=400, help="matches per pair (half the seeds, seats swapped)")
    ap.add_argument("--pairs", default=DEFAULT_PAIRS, help=f"comma-separated A:B (default {DEFAULT_PAIRS})")
    ap.add_argument("--csv", default="bench/ai_strength.csv", help="per-hand CSV path ('' for none)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1, help="first deal/match seed")
    args = ap.parse_args(argv)
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",") if p]
    known = set(LEVELS) | set(BENCH_PLAYERS)
    for pair in pairs:
        if len(pair) != 2 or not set(pair) <= known:
            ap.error(f"bad pair {':'.join(pair)}; players are {', '.join(sorted(known))}")
    results: dict[tuple[str, str], dict] = {}
    with contextlib.ExitStack() as stack:
        writer = None
        if args.csv:
            Path(args.csv).parent.mkdir(parents=True, exist_ok=True)
            writer = csv.writer(stack.enter_context(open(args.csv, "w", newline="")))
            writer.writerow(["a", "b", "deal_seed", "a_seat", "outcome", "knocker", "points_a"])
        for a, b in pairs:
            t0 = time.perf_counter()
            deals = args.search_deals if {a, b} & SEARCHING else args.deals
            if deals:
                seeds = list(range(args.seed, args.seed + deals))
                rows, times = _run(_hand_job, a, b, seeds, args.workers)
                report_hands(a, b, rows, times)
                if writer:
                    writer.writerows((a, b, *r) for r in rows)
            if args.matches:
                seeds = list(range(10_000_000 + args.seed, 10_000_000 + args.seed + (args.matches + 1) // 2))
                rows, times = _run(_match_job, a, b, seeds, args.workers)
                results[(a, b)] = report_matches(a, b, rows, times)
            print(f"  ({time.perf_counter() - t0:.0f} s)", flush=True)
    lines = check_bars(results)
    if lines:
        print("Bars (issue 24):")
        for line in lines:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
