"""What per-hand points are worth in matches to 100: hands drawn at random from an ai_strength CSV.

Run: python -m bench.ai_strength --pairs hard:openspiel_simple --deals 1000 --matches 0 --csv F
     python -m bench.match_race F [--races 40000] [--target 100] [--seed 1]

Reads the per-hand points of player A (``points_a``) and plays races: hands drawn with replacement,
each adding its points to the side that scored them, until one side reaches the target (bonuses
left out: they are added after the winner is known). Prints A's match rate, then the same after
turning a share of B's knocks that A lost into undercuts worth A's mean undercut: how many more points
a hand a given match rate asks for (issue 24's 80% bar).
"""

from __future__ import annotations

import argparse
import csv
import random
import statistics
from collections.abc import Sequence
from pathlib import Path

SHARES = (0.0, 0.025, 0.05, 0.075, 0.1, 0.15)


def race_rate(points: Sequence[int], races: int, target: int, rng: random.Random) -> tuple[float, float]:
    """(A's share of matches won, hands a match) over ``races`` races of hands drawn from ``points``."""
    won = hands = 0
    for _ in range(races):
        a = b = 0
        while a < target and b < target:
            p = rng.choice(points)
            hands += 1
            if p > 0:
                a += p
            else:
                b -= p
        won += a >= target
    return won / races, hands / races


def converted(rows: Sequence[dict[str, str]], share: float, rng: random.Random) -> list[int]:
    """A's points with ``share`` of B's knocks that A lost turned into an undercut of A's mean size."""
    undercuts = [int(r["points_a"]) for r in rows if r["outcome"] == "undercut" and r["knocker"] == "B"]
    gain = round(statistics.fmean(undercuts)) if undercuts else 25
    out = []
    for r in rows:
        p = int(r["points_a"])
        lost_to_knock = r["outcome"] == "knock" and r["knocker"] == "B" and p < 0
        out.append(gain if lost_to_knock and rng.random() < share else p)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv", type=Path, help="a CSV written by bench.ai_strength --csv")
    ap.add_argument("--races", type=int, default=40000)
    ap.add_argument("--target", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    with args.csv.open(newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        ap.error(f"{args.csv} has no hands")
    print(f"{len(rows)} hands of {rows[0]['a']} against {rows[0]['b']}, matches to {args.target}")
    for share in SHARES:
        points = converted(rows, share, random.Random(args.seed))
        rate, length = race_rate(points, args.races, args.target, random.Random(args.seed))
        print(
            f"  {share:5.1%} of the lost knocks undercut instead: {statistics.fmean(points):+5.2f} a hand, "
            f"matches won {rate:6.1%}, {length:.1f} hands a match",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
