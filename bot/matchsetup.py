"""One match set-up from the words of a command line, shared by ``python -m bot play`` (the
terminal) and ``python -m bot selfplay``: the game type, its rules from a variant, table options
and target (``GameType.make_rules``), the seat count checked against the rules, the AI's level
checked, and the game's AI.
"""

from __future__ import annotations

from dataclasses import dataclass

import bot.ai  # registers every game's AI
from bot.ai import LEVELS, AnyChooser
from bot.engine import AnyState, GameRules, GameType, game_type


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """What a new match needs: its game, rules, seat count and the AI that plays its seats."""

    game: GameType
    rules: GameRules
    seats: int
    chooser: AnyChooser

    def new(self, seed: int) -> AnyState:
        """A new match of these rules dealt from ``seed``."""
        return self.game.new(self.rules, seed, self.seats)


def setup(
    game: str, players: int | None, variant: str | None, options: str, target: int | None, level: str
) -> MatchSetup:
    """The set-up the arguments ask for; ValueError or LookupError with the reason when one is bad
    (an unknown game, level or variant, a bad option or target, a seat count the rules refuse)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    gt = game_type(game)
    seats = gt.seat_counts[0] if players is None else players
    rules = gt.make_rules(variant or gt.variants[0], target, options)
    gt.validate(rules, seats)
    return MatchSetup(gt, rules, seats, bot.ai.chooser_for(game))


def reason(exc: BaseException) -> str:
    """An exception's message on one line, without the quotes ``str(KeyError(...))`` adds."""
    text = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
    return (text.splitlines() or [type(exc).__name__])[0]


__all__ = ["MatchSetup", "reason", "setup"]
