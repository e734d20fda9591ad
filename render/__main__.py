"""Write every picture kind of a seeded match of any game, to look at what the renderer makes.

    python -m render --game G --players N [--variant V] --seed S --out DIR [--scale 2] [--size large] [--lang de]

For each style (two-colour and four-colour deck) it writes the table mid-hand, each seat's hand at
that moment, the first scored hand's result and the match end, as PNG, and every picture's words
(what a player who chose words instead of pictures reads) in one text file. Without ``--game``:
two-player Gin. ``--lang``: the words in one of the languages (default English).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from bot.ai import chooser_for, no_deadline
from bot.engine import game_names, game_type, next_actor
from bot.i18n import DEFAULT, LANGUAGES, PSEUDO, speaking

from . import RenderedImage, Style, renderer_for

MID_HAND_MOVES = 9  # the moves into the first deal at which the table and the hands are drawn
NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Finn")


@dataclass(frozen=True)
class Moments:
    """Views of one seeded match: mid-hand (table and every seat), the first scored hand, the end."""

    table: Any
    hands: tuple[Any, ...]
    result: Any
    end: Any


def play(game: str, seats: int | None, variant: str | None, seed: int) -> Moments:
    """Play the match with the AI in every seat, keeping the views worth a picture (the result: of the
    first hand someone won; a drawn hand has no cards laid out to show)."""
    kind = game_type(game)
    count = seats or kind.seat_counts[0]
    rules = kind.make_rules(variant or kind.variants[0], None, "")
    kind.validate(rules, count)
    state = kind.new(rules, seed, count)
    choose = chooser_for(game)
    rng = random.Random(seed)
    table: Any = None
    hands: tuple[Any, ...] = ()
    result: Any = None
    with no_deadline():
        while not state.finished:
            seat = next_actor(state)
            state.apply(seat, choose(state.seat_view(seat), "easy", rng))
            if table is None and state.moves >= MID_HAND_MOVES and not state.hands:
                table, hands = state.public_view(), tuple(state.seat_view(s) for s in range(count))
            if result is None and state.hands and state.hands[-1].winner is not None:  # not a drawn hand
                result = state.public_view()
    end = state.public_view()
    return Moments(table or end, hands or tuple(state.seat_view(s) for s in range(count)), result or end, end)


def tables(every_variant: bool = False) -> list[tuple[str, int, str]]:
    """(game, seats, variant) of every registered game and table size: its first variant, or every
    variant the size allows."""
    out = []
    for game in game_names():
        kind = game_type(game)
        for seats in kind.seat_counts:
            for variant in kind.variants if every_variant else kind.variants[:1]:
                try:
                    kind.validate(kind.make_rules(variant, None, ""), seats)
                except ValueError:
                    continue  # e.g. Hollywood, for two players only
                out.append((game, seats, variant))
    return out


def draws(
    game: str, moments: Moments, names: tuple[str, ...], style: Style
) -> dict[str, Callable[[], RenderedImage | None]]:
    """How to draw every picture kind of the moments, by a file stem (a result may be None: a match
    whose every hand was drawn)."""
    r = renderer_for(game)
    out: dict[str, Callable[[], RenderedImage | None]] = {"table": partial(r.table, moments.table, names, style)}
    for seat, view in enumerate(moments.hands):
        out[f"hand-seat{seat}"] = partial(r.hand, view, names, style)
    out["result"] = partial(r.result, moments.result, names, style)
    winner = moments.end.winner
    changes = {s: (14 if s == winner else -7) for s in range(len(names))}
    out["match-end"] = partial(r.match_end, moments.end, names, style, changes)
    return out


def pictures(game: str, moments: Moments, names: tuple[str, ...], style: Style) -> dict[str, RenderedImage]:
    """Every picture kind of the moments, by a file stem."""
    drawn = {stem: draw() for stem, draw in draws(game, moments, names, style).items()}
    return {stem: image for stem, image in drawn.items() if image is not None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="gin", help="a registered game (default gin)")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the game's first)")
    parser.add_argument("--variant", default=None, help="the game's variant (default: its first)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=Path("render-samples"))
    parser.add_argument("--scale", type=int, default=2)
    parser.add_argument("--size", default="normal", choices=["small", "normal", "large"], help="card size")
    parser.add_argument(
        "--lang", default=DEFAULT, choices=[*LANGUAGES, PSEUDO], help="the words' language (default en)"
    )
    args = parser.parse_args(argv)
    try:
        moments = play(args.game, args.players, args.variant, args.seed)
    except (ValueError, LookupError) as e:
        print(f"render: {e}", file=sys.stderr)
        return 2
    names = NAMES[: len(moments.hands)]
    prefix = f"{args.game}{len(names)}"
    args.out.mkdir(parents=True, exist_ok=True)
    words: list[str] = []
    for four in (False, True):
        style = Style(four_colour=four, scale=args.scale, size=args.size)
        with speaking(args.lang):
            drawn = pictures(args.game, moments, names, style)
        for stem, image in drawn.items():
            path = args.out / f"{prefix}-{stem}-{'4colour' if four else '2colour'}.png"
            path.write_bytes(image.png)
            print(f"{path}  {image.width}x{image.height}  {len(image.png) // 1024} KB")
            if not four:
                words.append(f"{stem}:\n{image.alt}")
    text = args.out / f"{prefix}-words.txt"
    text.write_text("\n\n".join(words) + "\n", encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
