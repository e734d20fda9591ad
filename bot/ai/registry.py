"""Which AI plays which game: one chooser per registered game, reading only that game's seat view.

A chooser is typed by its game's seat view and action (``Chooser[TableSeatView, TableAction]``);
the registry keeps them in one table and gives them back for any seat view of their game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from bot.constants import LEVELS
from bot.engine import GameAction

SV_contra = TypeVar("SV_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)
A = TypeVar("A")


class Chooser(Protocol[SV_contra, A_co]):
    """(seat view, level, rng) -> one of ``view.legal``."""

    def __call__(self, view: SV_contra, level: str, rng: random.Random, /) -> A_co: ...


# The registry forgets each chooser's own view type: a caller hands it a view of the game it asked for.
AnyChooser = Chooser[Any, GameAction]

_AIS: dict[str, AnyChooser] = {}


def register_ai(game: str, chooser: Chooser[Any, GameAction]) -> None:
    _AIS[game] = chooser


def unregister_ai(game: str) -> None:
    _AIS.pop(game, None)


def chooser_for(game: str) -> AnyChooser:
    """The AI of a game; LookupError if the game has none."""
    try:
        return _AIS[game]
    except KeyError:
        raise LookupError(f"no AI for game {game!r}") from None


def only_move(legal: Sequence[A], level: str) -> A | None:
    """Check a request for a move: ValueError for an unknown level or when there is no legal move;
    the move itself when it is the only one (no thinking needed), else None."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    if not legal:
        raise ValueError("no legal move for this seat now")
    return legal[0] if len(legal) == 1 else None
