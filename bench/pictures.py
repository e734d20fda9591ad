"""Every picture of every game and table size: its size in pixels and bytes, and its smallest text
when Discord fits it into a phone's preview box (550 x 550).

    python -m bench.pictures [--seed 5] [--box 550]

A seeded match of each table is played by the AI; at its first draw, its first scored hand and its
end, the board, one hand, the hand's result and the match end are drawn in the default style. The
smallest text is the smallest font size (em, in pixels) any text of the picture was drawn with,
times the scale the box fits the picture by.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial

from PIL import ImageFont

import bot.ai
import render
from bot.ai import no_deadline
from bot.engine import AnyState, game_type, next_actor
from render.games import renderer_for

TABLES = [
    ("gin", 2),
    ("gin", 3),
    ("gin", 4),
    ("knockout", 2),
    ("knockout", 3),
    ("knockout", 4),
    ("colonel", 2),
    ("skarney", 2),
    ("rummy", 2),
    ("rummy", 4),
    ("rummy", 6),
]
NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank")


@dataclass(frozen=True)
class Measured:
    game: str
    seats: int
    kind: str
    width: int
    height: int
    kb: float
    smallest_em: int

    def fitted_text(self, box: int) -> float:
        return self.smallest_em * min(1.0, box / self.width, box / self.height)


@contextmanager
def font_sizes() -> Iterator[list[int]]:
    """Records the size of every font that draws text meanwhile (caches of drawn text are emptied first)."""
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()
    sizes: list[int] = []
    original = ImageFont.FreeTypeFont.getmask2

    def recording(self: ImageFont.FreeTypeFont, *args: object, **kwargs: object) -> object:
        sizes.append(int(self.size))
        return original(self, *args, **kwargs)  # type: ignore[arg-type]

    ImageFont.FreeTypeFont.getmask2 = recording  # type: ignore[method-assign,assignment]
    try:
        yield sizes
    finally:
        ImageFont.FreeTypeFont.getmask2 = original  # type: ignore[method-assign]


def measure(game: str, seats: int, kind: str, draw: Callable[[], render.RenderedImage | None]) -> Measured | None:
    with font_sizes() as sizes:
        image = draw()
    if image is None:
        return None
    return Measured(game, seats, kind, image.width, image.height, len(image.png) / 1024, min(sizes, default=0))


def moments(game: str, seats: int, seed: int) -> Iterator[tuple[str, AnyState, int]]:
    """(moment, state, seat to show) at the first draw, the first scored hand and the match end."""
    kind = game_type(game)
    state = kind.new(kind.make_rules(kind.variants[0], None, ""), seed, seats)
    choose = bot.ai.chooser_for(game)
    rng = random.Random(seed)
    shown: set[str] = set()
    with no_deadline():
        while not state.finished:
            seat = next_actor(state)
            if "turn" not in shown and state.moves >= seats * 2:
                shown.add("turn")
                yield "turn", state, seat
            state.apply(seat, choose(state.seat_view(seat), "normal", rng))
            if "result" not in shown and state.hands:
                shown.add("result")
                yield "result", state, seat
    yield "end", state, 0


def run(seed: int) -> list[Measured]:
    out: list[Measured] = []
    style = render.Style()
    for game, seats in TABLES:
        r = renderer_for(game)
        names = NAMES[:seats]
        for moment, state, seat in moments(game, seats, seed):
            public = state.public_view()
            draws: dict[str, Callable[[], render.RenderedImage | None]]
            if moment == "turn":
                draws = {
                    "table": partial(r.table, public, names, style),
                    "hand": partial(r.hand, state.seat_view(seat), names, style),
                }
            elif moment == "result":
                draws = {"result": partial(r.result, public, names, style)}
            else:
                draws = {"match end": partial(r.match_end, public, names, style, None)}
            for kind, draw in draws.items():
                m = measure(game, seats, kind, draw)
                if m is not None:
                    out.append(m)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.pictures", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--box", type=int, default=550)
    args = parser.parse_args(argv)
    rows = run(args.seed)
    print(
        f"{'game':10} {'seats':>5} {'picture':10} {'px':>11} {'KB':>6} {'taller':>6} {'text at ' + str(args.box):>12}"
    )
    for m in rows:
        taller = "yes" if m.height > m.width else ""
        print(
            f"{m.game:10} {m.seats:>5} {m.kind:10} {m.width:>5}x{m.height:<5} {m.kb:>6.1f} {taller:>6} "
            f"{m.fitted_text(args.box):>10.1f}px"
        )


if __name__ == "__main__":
    main()
