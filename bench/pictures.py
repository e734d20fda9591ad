"""Every picture of every game and table size: its size in pixels and bytes, and its smallest text
when Discord fits it into a phone's preview box (550 x 550).

    python -m bench.pictures [--seeds 1 2 3] [--variants] [--all] [--size large]

The seeded matches and pictures are those of ``python -m render`` (render/__main__.py: the AI
plays; the table and every seat's hand mid-hand, the first scored hand's result, the match end),
drawn in the default style (``--size``: another card size). The smallest text is the smallest font size any text of the picture
was drawn with, times the scale the box fits the picture by (render.kit.draw.smallest_shown).
Each row is the worst picture of its kind over the seeds (and over the seats, for the hand): the
smallest text, then the tallest. ``--variants``: every variant a table size allows, not only the
first; ``--all``: one row per picture instead of the worst.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from render import Style
from render.__main__ import NAMES, draws, play, tables
from render.kit.draw import MIN_SHOWN_PX, PUBLIC_MAX_UNITS, measured
from render.kit.style import DEFAULT_STYLE

MAX_PX = 2 * PUBLIC_MAX_UNITS  # at the default scale


@dataclass(frozen=True)
class Measured:
    game: str
    seats: int
    variant: str
    kind: str
    seed: int
    width: int
    height: int
    kb: float
    text_px: float  # the smallest text, fitted into the box

    @property
    def fits(self) -> bool:
        return self.width <= MAX_PX and self.height <= self.width and self.text_px >= MIN_SHOWN_PX


def run(seeds: list[int], every_variant: bool = False, style: Style = DEFAULT_STYLE) -> list[Measured]:
    """Every picture of every table and seed."""
    out: list[Measured] = []
    for game, seats, variant in tables(every_variant):
        names = NAMES[:seats]
        for seed in seeds:
            moments = play(game, seats, variant, seed)
            for stem, draw in draws(game, moments, names, style).items():
                image, text_px = measured(draw)
                if image is not None:
                    kind = stem.split("-seat")[0]
                    kb = len(image.png) / 1024
                    out.append(Measured(game, seats, variant, kind, seed, image.width, image.height, kb, text_px))
    return out


def worst(rows: list[Measured]) -> list[Measured]:
    """The worst picture of each kind of each table: the smallest text, then the tallest."""
    best: dict[tuple[str, int, str, str], Measured] = {}

    def badness(m: Measured) -> tuple[float, float]:
        return -m.text_px, m.height / m.width

    for m in rows:
        key = (m.game, m.seats, m.variant, m.kind)
        if key not in best or badness(m) > badness(best[key]):
            best[key] = m
    return list(best.values())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.pictures", description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[5])
    parser.add_argument("--variants", action="store_true", help="every variant, not only each game's first")
    parser.add_argument("--all", action="store_true", help="every picture, not the worst of each kind")
    parser.add_argument("--size", default="normal", choices=["small", "normal", "large"], help="card size")
    args = parser.parse_args(argv)
    rows = run(args.seeds, args.variants, Style(size=args.size))
    if not args.all:
        rows = worst(rows)
    print(f"{'game':9} {'seats':>5} {'variant':18} {'picture':10} {'seed':>4} {'px':>11} {'KB':>6} {'text':>7}  fits")
    for m in rows:
        print(
            f"{m.game:9} {m.seats:>5} {m.variant:18} {m.kind:10} {m.seed:>4} {m.width:>5}x{m.height:<5} "
            f"{m.kb:>6.1f} {m.text_px:>5.1f}px  {'' if m.fits else 'NO'}"
        )
    print(f"{sum(not m.fits for m in rows)} of {len(rows)} pictures do not fit")


if __name__ == "__main__":
    main()
