"""Engine speed: the meld solver on distinct random hands, and full random-play hands per second.

Run: python -m bench.engine [--hands N] [--runs N]

The solver keeps no cache across calls, so every timed hand is solved from scratch.
Random play: every move is drawn uniformly from legal_actions(); 'knocking' also takes
a knock or gin whenever one is legal. Hands/s counts all hands, drawn ones included.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.engine import DECK, Card, best_arrangement, best_discards
from bot.engine.gin import Match
from bot.engine.knock import ActionKind, preset

_ENDS = (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)


def _hands(n: int, size: int, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    seen: set[frozenset] = set()
    hands: list[tuple[Card, ...]] = []
    while len(hands) < n:
        hand = tuple(rng.sample(DECK, size))
        key = frozenset(hand)
        if key not in seen:
            seen.add(key)
            hands.append(hand)
    return hands


def _median_us(fn, hands) -> tuple[float, float]:
    """Median and p95 over hands of the per-call time, each hand timed alone."""
    clock = time.perf_counter_ns
    per_hand = []
    for hand in hands:
        t0 = clock()
        fn(hand)
        per_hand.append((clock() - t0) / 1000)
    per_hand.sort()
    return statistics.median(per_hand), per_hand[int(len(per_hand) * 0.95)]


def random_play(matches: int, knocking: bool, seed: int) -> tuple[float, float]:
    """Hands per second and moves per hand over ``matches`` standard matches."""
    rng = random.Random(seed)
    hands = moves = 0
    t0 = time.perf_counter()
    for s in range(matches):
        m = Match.new(preset("standard"), seed * 100_000 + s)
        while not m.finished:
            seat = m.turn
            assert seat is not None
            legal = m.legal_actions(seat)
            choice = legal[0] if knocking and legal[0].kind in _ENDS else rng.choice(legal)
            m.apply(seat, choice)
            moves += 1
        hands += len(m.history)
    return hands / (time.perf_counter() - t0), moves / hands


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--matches", type=int, default=10, help="matches per random-play run")
    args = ap.parse_args()
    h10 = _hands(args.hands, 10, 1)
    h11 = _hands(args.hands, 11, 2)
    for fn, hands, name in (
        (best_arrangement, h10, "best_arrangement, 10 cards"),
        (best_discards, h11, "best_discards, 11 cards"),
    ):
        fn(hands[0])  # import-time warm-up only; every timed hand is distinct
        med, p95 = _median_us(fn, hands)
        print(f"{name}: median {med:.1f} µs, p95 {p95:.1f} µs over {len(hands)} distinct hands")
    for knocking in (False, True):
        runs = [random_play(args.matches, knocking, seed) for seed in range(1, args.runs + 1)]
        label = "random play, knock when legal" if knocking else "random play, uniform"
        rates = sorted(r for r, _ in runs)
        per_hand = statistics.median(m for _, m in runs)
        print(
            f"{label}: median {statistics.median(rates):.0f} hands/s over {args.runs} runs "
            f"(min {rates[0]:.0f}, max {rates[-1]:.0f}), {per_hand:.0f} moves per hand"
        )


if __name__ == "__main__":
    main()
