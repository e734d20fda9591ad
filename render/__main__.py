"""Write the pictures of a seeded match as PNG files, to look at what the renderer makes.

python -m render --seed 7 --out render-samples [--variant hollywood] [--scale 2] [--size large]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bot.demo import play

from . import Style, describe_events, render_hand, render_match_end, render_result, render_table


def _sample_ratings(winner: int | None) -> dict[int, int]:
    """Illustrative Elo changes for the sample picture: the winner gains what the loser gives."""
    w = 0 if winner is None else winner
    return {w: 14, 1 - w: -14}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=Path("render-samples"))
    parser.add_argument("--variant", default="standard", help="a preset, e.g. standard, oklahoma+hollywood")
    parser.add_argument("--scale", type=int, default=2)
    parser.add_argument("--size", default="normal", choices=["small", "normal", "large"], help="card size")
    parser.add_argument("--names", default="Alice,Bob", help="the two names in seat order, comma-separated")
    args = parser.parse_args(argv)
    names = tuple(args.names.split(",", 1))
    if len(names) != 2:
        parser.error("--names needs two names")
    moments = play(args.seed, args.variant)
    args.out.mkdir(parents=True, exist_ok=True)
    alts = []
    for four in (False, True):
        style = Style(four_colour=four, scale=args.scale, size=args.size)
        images = {
            "hand-seat0": render_hand(moments.hands[0], names, style),
            "hand-seat1": render_hand(moments.hands[1], names, style),
            "table": render_table(moments.table, names, style),
            "result": render_result(moments.result, names, style),
            "match-end": render_match_end(
                moments.end, names, style, rating_changes=_sample_ratings(moments.end.winner)
            ),
        }
        for stem, image in images.items():
            path = args.out / f"{stem}-{'4colour' if four else '2colour'}.png"
            path.write_bytes(image.png)
            print(f"{path}  {image.width}x{image.height}  {len(image.png) // 1024} KB")
            if not four:
                alts.append(f"{stem}: {image.alt}")
    alts.append("table, the last turn in words: " + describe_events(moments.table, names))
    (args.out / "alt-texts.txt").write_text("\n\n".join(alts) + "\n", encoding="utf-8")
    print(args.out / "alt-texts.txt")


if __name__ == "__main__":
    main()
