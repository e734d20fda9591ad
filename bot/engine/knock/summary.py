"""A finished knock-family match's summary: per seat, hands won and the game's own counters
(Gin: gins and undercuts; Knockout: gins), tallied from who scored each hand and how."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..game import Counter, MatchSummary
from .core import MatchCore
from .scoring import Outcome

GINS = "gins"  # hands won by going gin (big gin too)
UNDERCUTS = "undercuts"  # hands won by undercutting the knocker
COUNTERS = (GINS, UNDERCUTS)  # every counter ``summarize`` knows, in the order they are shown

_COUNTED: dict[str, tuple[Outcome, ...]] = {
    GINS: (Outcome.GIN, Outcome.BIG_GIN),
    UNDERCUTS: (Outcome.UNDERCUT,),
}


def tally(
    wins: Iterable[tuple[int | None, Outcome]], seats: int, counters: tuple[str, ...] = COUNTERS
) -> tuple[tuple[int, ...], tuple[Counter, ...]]:
    """Per seat, from (scorer, outcome) per finished hand: hands won, and each of ``counters``."""
    won = [0] * seats
    counted = {key: [0] * seats for key in counters}
    for seat, outcome in wins:
        if seat is None:
            continue
        won[seat] += 1
        for key, per_seat in counted.items():
            if outcome in _COUNTED[key]:
                per_seat[seat] += 1
    return tuple(won), tuple((key, tuple(counted[key])) for key in counters)


def summarize(
    m: MatchCore[Any],
    winner: int,
    wins: Iterable[tuple[int | None, Outcome]],
    *,
    loser: int,
    totals: tuple[int, ...],
    margin: int,
    counters: tuple[str, ...] = COUNTERS,
) -> MatchSummary:
    """A finished match's summary, the per-seat counts tallied from (scorer, outcome) per finished hand
    (``counters``: the ones the game keeps, e.g. no undercuts in Knockout)."""
    won, counts = tally(wins, m.seats, counters)
    return MatchSummary(
        winner=winner,
        loser=loser,
        totals=totals,
        margin=margin,
        hands_played=len(m.history),
        hands_won=won,
        counts=counts,
        resigned_by=m.resigned_by,
    )
