"""What an organiser chooses (``TournamentConfig``) and who plays (``Entrant``): frozen data, checked when made."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from bot.engine import LIMITS, Said, Span

from .errors import TournamentError

SIZE: Final = Span(2, 256)  # players a tournament may take (its size cap)
ROUNDS: Final = Span(1, 50)  # rounds of a Swiss or a tables tournament
REASON_CHARS: Final = 200  # an award's reason, shown under the match


class Format(Enum):
    """How players are paired (docs/tournaments.md)."""

    SINGLE = "single"  # single elimination, seeded by rating
    DOUBLE = "double"  # double elimination: winners' and losers' brackets, grand final and reset
    ROUND_ROBIN = "round_robin"  # everyone plays everyone once
    SWISS = "swiss"  # a fixed number of rounds paired by score
    TABLES = "tables"  # tables of three or more seated by standing each round, scored by place points

    @property
    def title(self) -> Said:
        return _TITLES[self]

    @property
    def eliminates(self) -> bool:
        """Whether losing puts a player out (the bracket formats)."""
        return self in (Format.SINGLE, Format.DOUBLE)


_TITLES: Final = {
    Format.SINGLE: Said("Single elimination"),
    Format.DOUBLE: Said("Double elimination"),
    Format.ROUND_ROBIN: Said("Round robin"),
    Format.SWISS: Said("Swiss"),
    Format.TABLES: Said("Tables by standing"),
}


class LengthKind(Enum):
    """How a tournament match ends."""

    TARGET = "target"  # the first to a number of points
    HANDS = "hands"  # a fixed number of hands, the higher total wins


@dataclass(frozen=True, slots=True)
class MatchLength:
    """A tournament match's length: a target score or a number of hands."""

    kind: LengthKind
    value: int

    def __post_init__(self) -> None:
        span = LIMITS.table_target if self.kind is LengthKind.TARGET else LIMITS.gin_hands
        if not span.holds(self.value):
            raise TournamentError(
                "A match length is a whole number from {low} to {high}.", low=span.low, high=span.high
            )


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """An organiser's choices. ``options`` is the game's option string, kept as written (the service checks it);
    ``rounds`` counts only for Swiss and tables; ``seats`` is 2 but for tables (3 or more), where
    ``min_seats`` is the smallest table the game allows (a table is never smaller)."""

    game: str
    format: Format
    length: MatchLength
    options: str = ""
    rounds: int = 0
    seats: int = 2
    min_seats: int = 2
    turn_timeout_s: int = LIMITS.turn_timeout_default_s
    size_cap: int = 64
    rated: bool = True

    def __post_init__(self) -> None:
        if not self.game:
            raise TournamentError("Choose the game of the tournament.")
        if (self.format in (Format.SWISS, Format.TABLES)) != (self.rounds != 0):
            if self.rounds == 0:
                raise TournamentError("Say how many rounds the tournament has.")
            raise TournamentError("Only Swiss and table tournaments have a number of rounds.")
        if self.rounds and not ROUNDS.holds(self.rounds):
            raise TournamentError("A tournament has from {low} to {high} rounds.", low=ROUNDS.low, high=ROUNDS.high)
        self._check_seats()
        if not LIMITS.turn_timeout_s.holds(self.turn_timeout_s):
            raise TournamentError(
                "The turn timeout is from {low} to {high} seconds.",
                low=LIMITS.turn_timeout_s.low,
                high=LIMITS.turn_timeout_s.high,
            )
        if not SIZE.holds(self.size_cap):
            raise TournamentError("A tournament takes from {low} to {high} players.", low=SIZE.low, high=SIZE.high)

    def _check_seats(self) -> None:
        if self.format is not Format.TABLES:
            if self.seats != 2 or self.min_seats != 2:
                raise TournamentError("Only table tournaments seat more than two players at a table.")
            return
        if not 3 <= self.seats <= LIMITS.seats.high:
            raise TournamentError(
                "A table of a table tournament seats from {low} to {high} players.", low=3, high=LIMITS.seats.high
            )
        if not LIMITS.seats.low <= self.min_seats <= self.seats:
            raise TournamentError(
                "The smallest table seats from {low} to {high} players.", low=LIMITS.seats.low, high=self.seats
            )

    @property
    def fewest_players(self) -> int:
        """The fewest players the tournament can start (and go on) with."""
        return max(2, self.min_seats)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player who checked in: his Discord user id, the name shown, and his rating at check-in."""

    user_id: int
    name: str
    rating: int


__all__ = ["REASON_CHARS", "ROUNDS", "SIZE", "Entrant", "Format", "LengthKind", "MatchLength", "TournamentConfig"]
