"""Which AI plays which game: one chooser per registered game, reading only that game's seat view."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

Chooser = Callable[[Any, str, random.Random], Any]  # (seat view, level, rng) -> one of view.legal

_AIS: dict[str, Chooser] = {}


def register_ai(game: str, chooser: Chooser) -> None:
    _AIS[game] = chooser


def unregister_ai(game: str) -> None:
    _AIS.pop(game, None)


def chooser_for(game: str) -> Chooser:
    """The AI of a game; LookupError if the game has none."""
    try:
        return _AIS[game]
    except KeyError:
        raise LookupError(f"no AI for game {game!r}") from None
