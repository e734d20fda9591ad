"""Self-play speed: whole matches with the AI in every seat, per game and seat count.

Run: python -m bench.selfplay [--matches N] [--level normal] [--games gin,knockout] [--hard]

For every registered game that has an AI, and each of its seat counts, plays ``--matches``
matches from seeds 1..N (the AI's time guard on, as in the bot) and prints a table:
matches per second, hands per match, and the AI's decision time (median, p99, max) over
every decision, with the seat view it reads built outside the timing and with it
("view+AI p99"). The bar is a p99 decision under 100 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import bot.ai
from bot.engine import game_names, game_type, next_actor

BAR_MS = 100.0


def run(
    game: str, seats: int, matches: int, level: str, variant: str | None = None, options: str = ""
) -> dict[str, float]:
    gt = game_type(game)
    rules = gt.make_rules(variant or gt.variants[0], None, options)
    chooser = bot.ai.chooser_for(game)
    decide: list[float] = []
    whole: list[float] = []
    hands = 0
    clock = time.perf_counter
    t0 = clock()
    for seed in range(1, matches + 1):
        state = gt.new(rules, seed, seats)
        rng = random.Random(seed)
        while not state.finished:
            seat = next_actor(state)
            a = clock()
            view = state.seat_view(seat)
            b = clock()
            action = chooser(view, level, rng)
            c = clock()
            decide.append(c - b)
            whole.append(c - a)
            state.apply(seat, action)
        hands += len(state.hands)
    elapsed = clock() - t0
    decide.sort()
    whole.sort()
    return {
        "matches_s": matches / elapsed,
        "hands": hands / matches,
        "decisions": len(decide),
        "median_ms": statistics.median(decide) * 1000,
        "p99_ms": decide[int(len(decide) * 0.99)] * 1000,
        "max_ms": decide[-1] * 1000,
        "view_p99_ms": whole[int(len(whole) * 0.99)] * 1000,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=10)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--games", default="", help="comma-separated game names (default: every game with an AI)")
    ap.add_argument("--sequence", action="store_true", help="also two-player Sequence Gin")
    args = ap.parse_args()
    names = args.games.split(",") if args.games else list(game_names())
    rows: list[tuple[str, int, str, dict[str, float]]] = []
    for name in names:
        try:
            bot.ai.chooser_for(name)
        except LookupError:
            continue
        for seats in game_type(name).seat_counts:
            rows.append((name, seats, "", run(name, seats, args.matches, args.level)))
            print(_line(*rows[-1]), flush=True)
        if name == "gin" and args.sequence:
            rows.append((name, 2, "sequence", run(name, 2, args.matches, args.level, "sequence")))
            print(_line(*rows[-1]), flush=True)
    worst = max(r[3]["p99_ms"] for r in rows)
    print(
        f"level {args.level}, {args.matches} matches each; worst decision p99 {worst:.1f} ms "
        f"({'under' if worst < BAR_MS else 'OVER'} the {BAR_MS:.0f} ms bar)"
    )


_HEADER_DONE = False


def _line(game: str, seats: int, variant: str, r: dict[str, float]) -> str:
    global _HEADER_DONE
    head = ""
    if not _HEADER_DONE:
        _HEADER_DONE = True
        head = (
            f"{'game':<18}{'seats':>5}{'matches/s':>11}{'hands/match':>12}{'decisions':>10}"
            f"{'median ms':>10}{'p99 ms':>8}{'max ms':>8}{'view+AI p99':>12}\n"
        )
    label = f"{game}{'+' + variant if variant else ''}"
    return (
        head + f"{label:<18}{seats:>5}{r['matches_s']:>11.2f}{r['hands']:>12.1f}{int(r['decisions']):>10}"
        f"{r['median_ms']:>10.2f}{r['p99_ms']:>8.1f}{r['max_ms']:>8.1f}{r['view_p99_ms']:>12.1f}"
    )


if __name__ == "__main__":
    main()
