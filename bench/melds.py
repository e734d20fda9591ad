"""Benchmark the meld solver: median µs per call on distinct random hands (cold: no cache across calls).

Run: python -m bench.melds [--hands N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.engine.cards import DECK
from bot.engine.melds import best_arrangement, best_discards


def _hands(n: int, size: int, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    seen: set[frozenset] = set()
    hands = []
    while len(hands) < n:
        hand = tuple(rng.sample(DECK, size))
        key = frozenset(hand)
        if key not in seen:
            seen.add(key)
            hands.append(hand)
    return hands


def _median_us(fn, hands, repeats: int = 5) -> tuple[float, float]:
    """Median and p95 over hands of the per-call time (each hand timed alone, best of `repeats` batches)."""
    clock = time.perf_counter_ns
    per_hand = []
    for hand in hands:
        t0 = clock()
        fn(hand)
        per_hand.append((clock() - t0) / 1000)
    per_hand.sort()
    return statistics.median(per_hand), per_hand[int(len(per_hand) * 0.95)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=20000)
    args = ap.parse_args()
    h10 = _hands(args.hands, 10, 1)
    h11 = _hands(args.hands, 11, 2)
    for fn, hands, name in ((best_arrangement, h10, "best_arrangement, 10 cards"),
                            (best_discards, h11, "best_discards, 11 cards")):
        fn(hands[0])  # import-time warm-up only; every timed hand is distinct
        med, p95 = _median_us(fn, hands)
        print(f"{name}: median {med:.1f} µs, p95 {p95:.1f} µs over {len(hands)} distinct hands")


if __name__ == "__main__":
    main()
