"""Every numeric limit of the games and the tables, in one frozen table (``LIMITS``).

The engine's rules check their numbers against it (a target of 1 to 10000, each bonus 0 to
1000 ...); the table service, the slash commands, the terminal and selfplay read the narrower
ranges a table offers (``table_target``, ``turn_timeout_s``, ``seats``) from the same place,
so no two layers can disagree about a bound. ``bot.constants`` re-exports the table's numbers
under their old names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeGuard

from .said import OptionError, Said


@dataclass(frozen=True, slots=True)
class Span:
    """The whole numbers from ``low`` to ``high``, both included."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError(f"an empty span: {self.low} > {self.high}")

    def holds(self, value: object) -> TypeGuard[int]:
        """Whether ``value`` is a whole number (not a bool) in the span."""
        return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high

    def check(self, value: object, what: str) -> int:
        """``value`` itself if the span holds it; OptionError "<what> must be a whole number from .. to .."
        otherwise (``what``: a rules field's name, as written in code)."""
        if not self.holds(value):
            raise OptionError(
                "{what} must be a whole number from {low} to {high}", what=what, low=self.low, high=self.high
            )
        return value

    def read(self, text: str, what: str) -> int:
        """A number written in ASCII digits and in the span; OptionError "<what> is a whole number from .. to .."
        (``what``: a marked message id, 'the gin bonus', translated where the error is shown).

        Signs, underscores and other scripts' digits are refused, which ``int()`` would take.
        """
        if not (text.isascii() and text.isdigit()) or not self.holds(int(text)):
            raise OptionError(
                "{what} is a whole number from {low} to {high}", what=Said(what), low=self.low, high=self.high
            )
        return int(text)

    @property
    def words(self) -> Said:
        """'a whole number from 0 to 1000', translated where it is shown."""
        return Said("a whole number from {low} to {high}", low=self.low, high=self.high)


@dataclass(frozen=True, slots=True)
class Limits:
    """The bounds every layer shares. Engine rules accept the wide ranges; a table offers the ``table_*`` ones."""

    # -- what the engine's rules can express ---------------------------------------------------
    target: Span = Span(1, 10_000)  # points to win a match (also Gin's team and series targets)
    bonus: Span = Span(0, 1000)  # each of Gin's bonuses (gin, undercut, big gin, line, game, shutout, series)
    gin_hands: Span = Span(1, 1000)  # a Gin match of a fixed number of deals (length=hands:N)
    knock_limit: Span = Span(0, 10)  # the deadwood a knock may carry (Gin's presets, Knockout's limit=)
    rummy_hands: Span = Span(1, 100)  # a Rummy match of a fixed number of hands
    rummy_cards: Span = Span(3, 10)  # cards dealt to each Rummy player (cards=)
    rules_name: Span = Span(1, 40)  # characters in a rules' name (a variant, e.g. 'oklahoma+hollywood')
    # -- what a table offers (service, slash commands, server settings) ----------------------------
    table_target: Span = Span(10, 1000)  # a target a server or a challenge may choose
    seats: Span = Span(2, 6)  # players at one table, over every game (each game narrows it: GameType.seat_counts)
    turn_timeout_s: Span = Span(60, 7 * 24 * 3600)  # a server's turn timeout: a minute to a week
    turn_timeout_default_s: int = 1800
    challenge_ttl_s: int = 300  # how long an unanswered challenge stays open


LIMITS: Final = Limits()
"""The one table of limits; read it, never copy its numbers."""

__all__ = ["LIMITS", "Limits", "Span"]
