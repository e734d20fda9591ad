"""Renderer speed and size: the old way (reference) and the palette canvas, per picture.

Run: python -m bench.render [--runs N] [--seed N]

Prints, in one run on one machine:
  1. the card cache build (palette tiles, cold, fonts unloaded);
  2. the zlib level trade-off of the PNG (each level's encode time and size, per picture);
  3. lossless WebP for comparison (encode time and size);
  4. per picture, drawn and encoded: the reference path (RGB drawing with Pillow's
     antialiasing, fast-octree quantise to 256 colours, zlib level 6: how pictures were made
     before, render.draw.reference_drawing) against the palette canvas; CPU-time medians and
     p95, wall-time medians, sizes;
  5. the bar: an 11-card hand at most 1/4 of the reference's CPU time, under 40 KB.

The two paths compared take turns within every round, so a busy machine slows both alike.

Card tiles (and, for the reference, RGBA faces) are warm for the per-picture timings: the
bot warms them at start-up, so a request measures layout, drawing and encoding.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable

from PIL import Image

from bot.demo import play
from render import RenderedImage, Style, render_hand, render_match_end, render_result, render_table, warm_cache
from render.kit.cards import clear_cache
from render.kit.draw import PNG_LEVEL, encode, recording, reference_drawing
from render.kit.fonts import font

BAR_SPEEDUP = 4.0
BAR_KB = 40


def _interleaved(fns: dict[str, Callable[[], object]], runs: int) -> dict[str, tuple[float, float, float]]:
    """(median CPU ms, p95 CPU ms, median wall ms) of each function over ``runs`` rounds, the
    functions taking turns in every round (after one untimed call each), so a busy machine
    slows them all alike. CPU time (this process only) is the cost of a picture; wall time
    also holds the waits for other processes on a shared machine."""
    for fn in fns.values():
        fn()
    cpu: dict[str, list[float]] = {k: [] for k in fns}
    wall: dict[str, list[float]] = {k: [] for k in fns}
    for _ in range(runs):
        for key, fn in fns.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            fn()
            cpu[key].append((time.process_time() - start_cpu) * 1000)
            wall[key].append((time.perf_counter() - start) * 1000)
    out = {}
    for key, ts in cpu.items():
        ts.sort()
        out[key] = (statistics.median(ts), ts[max(0, int(len(ts) * 0.95) - 1)], statistics.median(wall[key]))
    return out


def _reference(fn: Callable[[], RenderedImage]) -> Callable[[], RenderedImage]:
    def run() -> RenderedImage:
        with reference_drawing():
            return fn()

    return run


def _picture(fn: Callable[[], RenderedImage]) -> Image.Image:
    """The palette picture ``fn`` draws, before encoding."""
    with recording() as canvases:
        fn()
    return canvases[-1].image()


def _webp(im: Image.Image, method: int, quality: int) -> bytes:
    buf = io.BytesIO()
    im.save(buf, format="WEBP", lossless=True, method=method, quality=quality)
    return buf.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    runs = args.runs

    print("card cache build (104 palette tiles + back + blank), cold, fonts unloaded:")
    for style in (Style(), Style(four_colour=True), Style(scale=1), Style(size="large")):
        clear_cache()
        font.cache_clear()
        took = warm_cache(style)
        print(f"  {style.slug:12s} {took * 1000:6.1f} ms")

    moments = play(args.seed)
    eleven = next(v for v in moments.hands if len(v.hand) == 11)
    ten = next(v for v in moments.hands if len(v.hand) == 10)
    names = ("Alice", "Bob")

    def cases(style: Style) -> dict[str, Callable[[], RenderedImage]]:
        return {
            "hand, 11 cards": lambda: render_hand(eleven, names, style),
            "hand, 10 cards": lambda: render_hand(ten, names, style),
            "table": lambda: render_table(moments.table, names, style),
            "hand result": lambda: render_result(moments.result, names, style),
            "match end": lambda: render_match_end(moments.end, names, style, {0: 9, 1: -9}),
        }

    default = Style()
    warm_cache(default)
    pictures = {label: _picture(fn) for label, fn in cases(default).items() if label != "hand, 10 cards"}
    zruns = max(5, runs // 4)

    print(
        f"\nPNG zlib level trade-off ({default.slug}, encode only, CPU median of {zruns}; * = render.draw.PNG_LEVEL):"
    )
    print("  level " + "".join(f"{label:>22s}" for label in pictures))
    fns: dict[str, Callable[[], object]] = {}
    sizes: dict[str, int] = {}
    for level in range(10):
        for label, im in pictures.items():
            key = f"{level}/{label}"
            fns[key] = lambda im=im, level=level: encode(im, level)  # type: ignore[misc]
            sizes[key] = len(encode(im, level))
    timed = _interleaved(fns, zruns)
    for level in range(10):
        cells = [
            f"{timed[f'{level}/{label}'][0]:7.2f} ms {sizes[f'{level}/{label}'] / 1024:6.1f} KB" for label in pictures
        ]
        mark = "*" if level == PNG_LEVEL else " "
        print(f"  {level:>4d}{mark}" + "".join(f"{c:>22s}" for c in cells))

    wruns = max(3, zruns // 2)
    print(f"\nlossless WebP ({default.slug}, encode only, CPU median of {wruns}), against the PNG above:")
    webp: dict[str, Callable[[], object]] = {}
    wsizes: dict[str, int] = {}
    settings = ((0, 0), (0, 100), (1, 25), (4, 50))
    for method, quality in settings:
        for label, im in pictures.items():
            key = f"m{method} q{quality}/{label}"
            webp[key] = lambda im=im, m=method, q=quality: _webp(im, m, q)  # type: ignore[misc]
            wsizes[key] = len(_webp(im, method, quality))
    wtimed = _interleaved(webp, wruns)
    for method, quality in settings:
        cells = [
            f"{wtimed[f'm{method} q{quality}/{label}'][0]:7.2f} ms "
            f"{wsizes[f'm{method} q{quality}/{label}'] / 1024:6.1f} KB"
            for label in pictures
        ]
        print(f"  m{method} q{quality:<3d}" + "".join(f"{c:>22s}" for c in cells))

    print(
        f"\nper picture, drawn + encoded, {runs} runs: CPU ms median / p95 (wall median), size;"
        "  reference = RGB + octree quantise + zlib 6;  new = palette canvas + zlib "
        f"{PNG_LEVEL}"
    )
    verdict: list[str] = []
    for style in (default, Style(four_colour=True), Style(scale=1)):
        warm_cache(style)
        for label, fn in cases(style).items():
            ref_size, new_size = len(_reference(fn)().png), len(fn().png)
            timed = _interleaved({"reference": _reference(fn), "new": fn}, runs)
            ref, new = timed["reference"], timed["new"]
            print(
                f"  {style.slug} {label:15s} reference {ref[0]:6.2f} / {ref[1]:6.2f} ({ref[2]:6.2f}) ms "
                f"{ref_size / 1024:5.1f} KB   new {new[0]:5.2f} / {new[1]:5.2f} ({new[2]:5.2f}) ms "
                f"{new_size / 1024:5.1f} KB   {ref[0] / new[0]:4.1f}x"
            )
            if style == default and label == "hand, 11 cards":
                ok = new[0] * BAR_SPEEDUP <= ref[0] and new_size < BAR_KB * 1024
                verdict.append(
                    f"11-card hand, CPU median: {new[0]:.2f} ms vs reference {ref[0]:.2f} ms "
                    f"({ref[0] / new[0]:.1f}x, bar {BAR_SPEEDUP:.0f}x), {new_size / 1024:.1f} KB "
                    f"(bar {BAR_KB} KB): {'PASS' if ok else 'FAIL'}"
                )
    print("\n" + "\n".join(verdict))


if __name__ == "__main__":
    main()
