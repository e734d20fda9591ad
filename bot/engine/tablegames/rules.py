"""Checking a table game's variant and target; the options strings are read by bot.engine.options.

Every error is a ValueError whose message names the bad part, for the player setting up a table.
"""

from __future__ import annotations

from ..limits import LIMITS


def check_target(target: object) -> None:
    if not LIMITS.target.holds(target):
        raise ValueError(f"target must be {LIMITS.target.words}, not {target!r}")


def check_variant(variant: str, variants: tuple[str, ...], title: str) -> str:
    name = variant.strip().lower()
    if name not in variants:
        raise ValueError(f"unknown variant {variant!r} for {title}; choose from {', '.join(variants)}")
    return name
