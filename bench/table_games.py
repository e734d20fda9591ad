"""AI strength and speed in the table games: Colonel, Skarney Gin, Rummy for 2 and for 5 players.

Run: python -m bench.table_games [--matches 200] [--games colonel,skarney,rummy2,rummy5]
                                 [--opponents random,greedy,hard] [--level normal] [--workers 2] [--seed 1]
     python -m bench.table_games --level expert --opponents hard --games colonel,skarney,rummy2 --workers 1

For each game the AI (bot.ai, the chosen level) plays whole matches under the default rules
against a random legal player and against the greedy player ('lay down everything at once',
bot/ai/tablegreedy.py):

* Two players: each seed is played twice with the seats swapped (the count is rounded up to
  even). A match is won by the AI or not; the rate has a 95% Wilson interval.
* Five players (rummy5): the AI plays four copies of the opponent; each seed is played five
  times, the AI in each seat once. Reported: the AI's match wins (equal players would win 20%)
  and, as the strength measure, how often the AI finished ahead of an opponent (each match gives
  four AI-opponent comparisons; equal players: 50%; a tie counts half). Its Wilson interval
  treats the comparisons as independent, so it is a little narrow.
* Bars: the AI beats the random player in at least 90% and the greedy player in at least 65%
  (the 5-player rows: of the comparisons); against 'hard' (the same AI's hard level: how much
  the expert's search gains) in at least 70% (issue 24).
* Speed: matches per second (all players' decisions and the engine), and the AI's decision time
  (mean, median, p99, max; the chooser only, not building the view).

A hand longer than MAX_HAND_MOVES moves is stopped and the match counted as lost by the AI.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bench.ai_strength import wilson
from bot.ai import chooser_for
from bot.ai.tablegames import table_greedy_action as greedy_action
from bot.engine import game_type

GAMES = {"colonel": ("colonel", 2), "skarney": ("skarney", 2), "rummy2": ("rummy", 2), "rummy5": ("rummy", 5)}
MAX_HAND_MOVES = 3000
BARS = {"random": 0.90, "greedy": 0.65, "hard": 0.70}  # hard: the expert level's bar (issue 24)


Player = Callable[[Any], Any]


def _player(kind: str, level: str, game: str, seed: int, times: list[float] | None) -> Player:
    rng = random.Random(seed)
    if kind == "random":
        return lambda view: rng.choice(view.legal)
    if kind == "greedy":
        return greedy_action
    if kind == "hard":
        hard = chooser_for(game)
        return lambda view: hard(view, "hard", rng)
    chooser = chooser_for(game)

    def ai(view: Any) -> Any:
        t0 = time.perf_counter()
        action = chooser(view, level, rng)
        if times is not None:
            times.append(time.perf_counter() - t0)
        return action

    return ai


def play_match(game: str, seats: int, seed: int, players: list[Player]) -> Any:
    gt = game_type(game)
    state = gt.new(gt.make_rules(gt.variants[0]), seed, seats)
    hands, in_hand = 0, 0
    while not state.finished:
        seat = state.turn
        assert seat is not None
        state.apply(seat, players[seat](state.seat_view(seat)))
        in_hand += 1
        if len(state.hands) != hands:
            hands, in_hand = len(state.hands), 0
        if in_hand > MAX_HAND_MOVES:
            return None
    return state


def _job(args: tuple[str, str, str, list[int]]) -> tuple[list[tuple[int, int, float]], list[float], int]:
    """Rows (seed, matches won by the AI, comparisons won), decision times, matches played."""
    key, opponent, level, seeds = args
    game, seats = GAMES[key]
    rows: list[tuple[int, int, float]] = []
    times: list[float] = []
    played = 0
    for s in seeds:
        for ai_seat in range(seats):
            players = [_player(opponent, level, game, s * 10 + i, None) for i in range(seats)]
            players[ai_seat] = _player("ai", level, game, s * 10 + ai_seat, times)
            state = play_match(game, seats, s, players)
            played += 1
            if state is None:
                rows.append((s, 0, 0.0))
                continue
            totals = state.totals()
            ahead = sum(
                1.0 if totals[ai_seat] > totals[o] else 0.5 if totals[ai_seat] == totals[o] else 0.0
                for o in range(seats)
                if o != ai_seat
            )
            if state.winner == ai_seat:
                ahead = float(seats - 1)  # the winner is ahead of everyone, whatever the totals
            rows.append((s, int(state.winner == ai_seat), ahead))
    return rows, times, played


def run(key: str, opponent: str, level: str, matches: int, first_seed: int, workers: int) -> dict[str, float]:
    seats = GAMES[key][1]
    n_seeds = max(1, math.ceil(matches / seats))
    seeds = list(range(first_seed, first_seed + n_seeds))
    chunks = [c for c in (seeds[i :: max(1, workers * 4)] for i in range(max(1, workers * 4))) if c]
    t0 = time.perf_counter()
    if workers <= 1:
        results = [_job((key, opponent, level, c)) for c in chunks]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_job, [(key, opponent, level, c) for c in chunks]))
    elapsed = time.perf_counter() - t0
    rows = [r for res in results for r in res[0]]
    times = sorted(t for res in results for t in res[1])
    played = sum(res[2] for res in results)
    won = sum(r[1] for r in rows)
    lo, hi = wilson(won, len(rows))
    bar = BARS.get(opponent, 0.5)
    line = f"{key:8} vs {opponent:6}: AI won {won}/{len(rows)} = {won / len(rows):6.1%} (Wilson {lo:.1%} .. {hi:.1%})"
    rate, rlo = won / len(rows), lo
    if seats > 2:
        comps = len(rows) * (seats - 1)
        ahead = sum(r[2] for r in rows)
        rate = ahead / comps
        rlo, rhi = wilson(ahead, comps)
        line += f"; ahead of an opponent {rate:6.1%} (Wilson {rlo:.1%} .. {rhi:.1%}) of {comps}"
    verdict = "meets" if rlo >= bar else ("near" if rate >= bar else "BELOW")
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))] if times else 0.0
    print(line)
    print(
        f"{'':8}    {'':6}  bar {bar:.0%}: {verdict} | {played / elapsed:.1f} matches/s "
        f"({workers} worker(s)) | AI decision mean {statistics.fmean(times) * 1000:.2f} ms, "
        f"median {statistics.median(times) * 1000:.2f} ms, "
        f"p99 {p99 * 1000:.2f} ms, max {times[-1] * 1000:.1f} ms over {len(times)}",
        flush=True,
    )
    return {"rate": rate, "lo": rlo, "p99_ms": p99 * 1000}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=200, help="matches per game and opponent")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--opponents", default="random,greedy")
    ap.add_argument("--level", default="normal")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    for key in args.games.split(","):
        if key not in GAMES:
            ap.error(f"unknown game {key!r}; choose from {', '.join(GAMES)}")
        for opponent in args.opponents.split(","):
            run(key, opponent, args.level, args.matches, args.seed, args.workers)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
