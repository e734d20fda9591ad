"""The standings: every entrant's place, points and tie-breaks, in a form a renderer draws without rules.

Swiss and tables: points, then Buchholz (the points of everyone met), then rating. Round robin: points,
then the games won among the players tied on points, then Sonneborn-Berger (the points of everyone beaten),
then rating. Brackets: the players still in (by wins), then those out, the later out the higher, sharing a
place when out at the same stage; players removed come last. The seed settles what is still level.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Said

from .config import Entrant, Format
from .elimination import match_states, plan
from .state import Tournament
from .tally import Tally, buchholz, sonneborn_berger, tallies
from .transitions import finished

BUCHHOLZ = Said("Buchholz")
HEAD_TO_HEAD = Said("Head to head")
SONNEBORN_BERGER = Said("Sonneborn-Berger")


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's line. ``tiebreaks`` are in the order of ``Standings.tiebreaks``."""

    place: int
    user_id: int
    name: str
    rating: int
    points: int
    wins: int
    losses: int
    byes: int
    tiebreaks: tuple[int, ...]
    removed: bool


@dataclass(frozen=True, slots=True)
class Standings:
    """Every entrant from first to last; ``tiebreaks`` names the tie-break columns; ``points`` is False in
    the brackets, where the places come from how far each player got, not from points."""

    title: Said
    tiebreaks: tuple[Said, ...]
    rows: tuple[Standing, ...]
    finished: bool
    points: bool = True


def standings(t: Tournament) -> Standings:
    table = tallies(t)
    fmt = t.config.format
    if fmt.eliminates:
        return _brackets(t, table)
    values: dict[int, tuple[int, ...]]
    if fmt is Format.ROUND_ROBIN:
        names: tuple[Said, ...] = (HEAD_TO_HEAD, SONNEBORN_BERGER)
        values = {u: (_head_to_head(u, table), sonneborn_berger(u, table)) for u in table}
    else:
        names = (BUCHHOLZ,)
        values = {u: (buchholz(u, table),) for u in table}
    ratings = {e.user_id: e.rating for e in t.entrants}
    order = sorted(table, key=lambda u: (-table[u].points, *(-v for v in values[u]), -ratings[u], t.seed(u)))
    rows = tuple(_row(t, i, u, table[u], values[u]) for i, u in enumerate(order, 1))
    return Standings(fmt.title, names, rows, finished(t))


def _head_to_head(user: int, table: dict[int, Tally]) -> int:
    """Games won against the players level with ``user`` on points."""
    level = table[user].points
    return sum(1 for o in table[user].beaten if table[o].points == level)


def _row(t: Tournament, place: int, user: int, mine: Tally, tiebreaks: tuple[int, ...]) -> Standing:
    e = t.entrant(user)
    assert e is not None
    return Standing(
        place, user, e.name, e.rating, mine.points, mine.wins, mine.losses, mine.byes, tiebreaks, user in t.removed
    )


def _brackets(t: Tournament, table: dict[int, Tally]) -> Standings:
    bracket = plan(len(t.entrants), double=t.config.format is Format.DOUBLE)
    losses: dict[int, int] = {}
    out_at: dict[int, int] = {}  # a player out: the stage of the match that put him out
    for p in t.pairings():
        for loser in p.result.order[1:] if p.result is not None else ():
            losses[loser] = losses.get(loser, 0) + 1
            if losses[loser] == bracket.losses_out:
                out_at[loser] = bracket.stage(p.node)
    gone = set(t.removed)
    still = sorted(
        (u for u in table if u not in out_at and u not in gone),
        key=lambda u: (-table[u].wins, table[u].losses, t.seed(u)),
    )
    out = sorted((u for u in out_at if u not in gone), key=lambda u: (-out_at[u], t.seed(u)))
    rows: list[Standing] = [_row(t, i, u, table[u], ()) for i, u in enumerate(still, 1)]
    for i, u in enumerate(out):
        shared = i > 0 and out_at[out[i - 1]] == out_at[u]
        rows.append(_row(t, rows[-1].place if shared else len(rows) + 1, u, table[u], ()))
    removed = sorted(gone, key=lambda u: (-table[u].wins, t.seed(u)))
    rows += [_row(t, len(rows) + 1 + i, u, table[u], ()) for i, u in enumerate(removed)]
    return Standings(t.config.format.title, (), tuple(rows), finished(t), points=False)


def champion(t: Tournament) -> Entrant | None:
    """The winner of a finished tournament (None before the end, or if nobody was left to win it)."""
    if not finished(t):
        return None
    fmt = t.config.format
    if fmt.eliminates:
        bracket = plan(len(t.entrants), double=fmt is Format.DOUBLE)
        winner = match_states(t, bracket)[bracket.last].winner
        return None if winner is None else t.entrant(winner)
    best = next((row for row in standings(t).rows if not row.removed), None)
    return None if best is None else t.entrant(best.user_id)


__all__ = ["Standing", "Standings", "champion", "standings"]
