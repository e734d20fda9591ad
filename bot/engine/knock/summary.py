"""A finished Gin-family match's summary: per seat, hands won, gins and undercuts."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..game import MatchSummary
from .core import MatchCore
from .scoring import Outcome

_GINS = (Outcome.GIN, Outcome.BIG_GIN)


def tally(
    wins: Iterable[tuple[int | None, Outcome]], seats: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per seat, from (scorer, outcome) per finished hand: hands won, gins (big gin too) and undercuts."""
    won, gins, unders = [0] * seats, [0] * seats, [0] * seats
    for seat, outcome in wins:
        if seat is None:
            continue
        won[seat] += 1
        if outcome in _GINS:
            gins[seat] += 1
        elif outcome is Outcome.UNDERCUT:
            unders[seat] += 1
    return tuple(won), tuple(gins), tuple(unders)


def summarize(
    m: MatchCore[Any],
    winner: int,
    wins: Iterable[tuple[int | None, Outcome]],
    *,
    loser: int,
    totals: tuple[int, ...],
    margin: int,
    undercuts: bool = True,
) -> MatchSummary:
    """A finished match's summary, the per-seat counts tallied from (scorer, outcome) per finished hand
    (``undercuts`` False: none are counted, the game has none)."""
    won, gins, unders = tally(wins, m.seats)
    return MatchSummary(
        winner=winner,
        loser=loser,
        totals=totals,
        margin=margin,
        hands_played=len(m.history),
        hands_won=won,
        gins=gins,
        undercuts=unders if undercuts else (0,) * m.seats,
        resigned_by=m.resigned_by,
    )
