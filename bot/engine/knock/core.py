"""What the Gin-family matches share: two-player Gin (``Match``), three players (``ThreeMatch``),
partnerships (``TeamMatch``) and Knockout (``KnockoutMatch``).

* ``cut_low``: the first cut, the single lowest rank deals.
* ``MatchCore``: the bookkeeping around the moves (resigning, counting moves, ``last_events``,
  the end of the match) and the common end of each match's JSON (``state_from_dict``,
  ``check_format``).

The per-seat counts of a summary are in ``summary.py``, the view fields every table builds
alike in ``fields.py``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from ..cards import DECK
from ..game import IllegalAction, MatchSummary
from .actions import RESIGN, Action
from .column import ScoreColumn
from .events import Event, EventKind, event_from_dict, event_to_dict, merge_turn
from .rules import Ruleset


def cut_low(key: str, seats: int) -> int:
    """The first dealer (or dealing seat): each seat cuts a card, the single lowest rank wins the cut
    (a tie for low cuts again). ``key`` seeds the cut."""
    rng = random.Random(key)
    while True:
        ranks = [c.rank for c in rng.sample(DECK, seats)]
        low = min(ranks)
        if ranks.count(low) == 1:
            return ranks.index(low)


# -- the match around the moves ------------------------------------------------------------------


class _Record(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=_Record)


class MatchCore(Generic[R]):
    """The bookkeeping every Gin-family match does alike; a mixin of slotted dataclasses with these fields."""

    if not TYPE_CHECKING:  # no instance dict; mypy would read the empty slots as forbidding the fields
        __slots__ = ()
    history: list[R]
    finished: bool
    winner: int | None
    resigned_by: int | None
    moves: int  # successful applies so far
    last_events: tuple[Event, ...]

    if TYPE_CHECKING:

        @property
        def seats(self) -> int: ...

        def apply(self, seat: int, action: Action, /) -> list[Event]: ...

        def summary(self) -> MatchSummary | None: ...

    @property
    def hands(self) -> list[R]:
        """The finished deals, drawn ones included, oldest first."""
        return self.history

    def resign(self, seat: int) -> list[Event]:
        """``seat`` gives up the match (each game says who wins it then)."""
        return self.apply(seat, RESIGN)

    def _check_seat(self, seat: int) -> None:
        """IllegalAction unless ``seat`` plays at this table and the match goes on."""
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalAction("You are not playing at this table.")
        if self.finished:
            raise IllegalAction("That match is over.")

    def _resigned(self, seat: int, winner: int) -> list[Event]:
        """``seat`` resigned: the match ends, won by ``winner``."""
        self.resigned_by = seat
        events = [Event(EventKind.RESIGNED, seat)]
        self._end_match(winner, events)
        return self._done(events)

    def _done(self, events: list[Event]) -> list[Event]:
        self.moves += 1
        self.last_events = merge_turn(self.last_events, events)
        return events

    def _end_match(self, winner: int, events: list[Event]) -> None:
        self.finished = True
        self.winner = winner
        events.append(Event(EventKind.MATCH_ENDED, winner))

    def _close_game(
        self, game: ScoreColumn, scorer: int, rules: Ruleset, events: list[Event], winner: int | None = None
    ) -> None:
        """The match's one game ends, won by ``scorer`` (its column entry: a seat or a team); so does the
        match, won by ``winner`` (the seat; default ``scorer``)."""
        game.close(scorer, rules)
        events.append(Event(EventKind.GAME_ENDED, scorer, game=0))
        self._end_match(scorer if winner is None else winner, events)

    def _state_dict(self) -> dict[str, Any]:
        """The end of a match's JSON: its finished hands, how it ended and the last turn's events."""
        return {
            "history": [r.to_dict() for r in self.history],
            "finished": self.finished,
            "winner": self.winner,
            "resigned_by": self.resigned_by,
            "moves": self.moves,
            "last_events": [event_to_dict(e) for e in self.last_events],
        }


def state_from_dict(d: dict[str, Any]) -> dict[str, Any]:
    """The ``MatchCore`` fields but ``history`` (its records are each game's) from a match's JSON."""
    return {
        "finished": d["finished"],
        "winner": d["winner"],
        "resigned_by": d["resigned_by"],
        "moves": d["moves"],
        "last_events": tuple(event_from_dict(e) for e in d["last_events"]),
    }


def check_format(d: dict[str, Any], version: int) -> None:
    """ValueError unless a match's JSON is of the format this engine reads."""
    if d.get("format") != version:
        raise ValueError(f"unsupported match format {d.get('format')!r} (this engine reads {version})")
