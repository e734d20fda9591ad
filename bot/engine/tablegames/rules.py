"""Checking a table game's variant and target; the options strings are read by bot.engine.options.

Every error is an ``OptionError`` (a ValueError) whose message names the bad part, for the player
setting up a table: a catalogue id with its fields, translated where it is shown.
"""

from __future__ import annotations

from ..limits import LIMITS
from ..said import Counted, OptionError, Said


def check_target(target: object) -> None:
    if not LIMITS.target.holds(target):
        raise OptionError(
            "target must be a whole number from {low} to {high}, not {target}",
            low=LIMITS.target.low,
            high=LIMITS.target.high,
            target=repr(target),
        )


def check_variant(variant: str, variants: tuple[str, ...], title: str) -> str:
    name = variant.strip().lower()
    if name not in variants:
        raise OptionError(
            "unknown variant {variant} for {game}; choose from {variants}",
            variant=repr(variant),
            game=title,
            variants=", ".join(variants),
        )
    return name


def first_to(target: int) -> Said:
    """'First to 100 points wins.', the last line of a table game's summary."""
    return Counted("First to {target} point wins.", "First to {target} points wins.", target, target=target)
