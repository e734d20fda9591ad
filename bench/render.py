"""Renderer speed and size: render + PNG encode per image, and the card-face cache build.

Run: python -m bench.render [--runs N] [--seed N]

Bars (issue 4): hand of 11 cards at 2x, render + encode: median < 25 ms, p95 < 50 ms, PNG
< 100 KB (< 40 KB paletted); table < 20 ms; face cache build < 200 ms. Faces are warm for the
per-image timings (the bot warms them at start-up), so a request measures layout + encode.
"""

from __future__ import annotations

import argparse
import statistics
import time

from render import Style, render_hand, render_match_end, render_result, render_table, warm_cache
from render.cards import clear_cache
from render.demo import play
from render.fonts import font


def _timed(fn, runs: int) -> tuple[float, float, int]:
    """Median and p95 in ms over ``runs`` calls, and the PNG size in bytes."""
    times = []
    size = 0
    for _ in range(runs):
        start = time.perf_counter()
        image = fn()
        times.append((time.perf_counter() - start) * 1000)
        size = len(image.png)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1], size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    print("face cache build (104 faces + back), cold, fonts unloaded:")
    for style in (Style(), Style(four_colour=True), Style(scale=1)):
        clear_cache()
        font.cache_clear()
        took = warm_cache(style)
        print(f"  {style.slug}: {took * 1000:.1f} ms")

    moments = play(args.seed)
    eleven = next(v for v in moments.hands if len(v.hand) == 11)
    ten = next(v for v in moments.hands if len(v.hand) == 10)
    names = ("Alice", "Bob")
    print(f"per image, {args.runs} runs, render + PNG encode (median / p95 ms, PNG size):")
    for style in (Style(), Style(four_colour=True), Style(scale=1)):
        warm_cache(style)
        cases = {
            "hand, 11 cards": lambda: render_hand(eleven, names, style),
            "hand, 10 cards": lambda: render_hand(ten, names, style),
            "table": lambda: render_table(moments.table, names, style),
            "hand result": lambda: render_result(moments.result, names, style),
            "match end": lambda: render_match_end(moments.end, names, style),
        }
        for label, fn in cases.items():
            med, p95, size = _timed(fn, args.runs)
            print(f"  {style.slug} {label:15s} {med:6.1f} / {p95:6.1f} ms   {size / 1024:5.1f} KB")


if __name__ == "__main__":
    main()
