"""The next round of each format, a pure function of the state: the same state always pairs the same round.

Matches to play come first in a round (tables 1, 2 ...), then what is decided as it is paired: byes, and
in a round robin the games against a removed player, forfeited.
"""

from __future__ import annotations

from .config import Format
from .elimination import match_states, plan
from .roundrobin import circle_round
from .state import Bracket, Node, Outcome, Pairing, Result, Round, Tournament
from .swiss import swiss_pairs
from .tables import seat
from .tally import buchholz, tallies

Seating = tuple[Node | None, tuple[int, ...], Result | None]  # a node (None: numbered by table), seats, result


def next_round(t: Tournament) -> Round:
    """The round after the last one (the caller checks that one is due)."""
    number = len(t.rounds) + 1
    fmt = t.config.format
    if fmt is Format.SWISS:
        seatings = _swiss(t)
    elif fmt is Format.ROUND_ROBIN:
        seatings = _round_robin(t, number)
    elif fmt is Format.TABLES:
        seatings = _tables(t)
    else:
        seatings = _bracket(t)
    ordered = [s for s in seatings if s[2] is None] + [s for s in seatings if s[2] is not None]
    return Round(
        number,
        tuple(
            Pairing((number, i), node or Node(Bracket.MAIN, number, i - 1), seats, result)
            for i, (node, seats, result) in enumerate(ordered, 1)
        ),
    )


def _bye(user: int) -> Result:
    return Result(Outcome.BYE, (user,))


def _swiss(t: Tournament) -> list[Seating]:
    pairs, bye = swiss_pairs(t)
    out: list[Seating] = [(None, pair, None) for pair in pairs]
    return out if bye is None else [*out, (None, (bye,), _bye(bye))]


def _round_robin(t: Tournament, number: int) -> list[Seating]:
    gone = set(t.removed)
    out: list[Seating] = []
    for a, b in circle_round([e.user_id for e in t.entrants], number):
        here = [u for u in (a, b) if u is not None and u not in gone]
        if len(here) == 2:
            out.append((None, (here[0], here[1]), None))
        elif len(here) == 1 and a is not None and b is not None:  # his opponent was removed: a forfeit
            absent = b if here[0] == a else a
            out.append((None, (a, b), Result(Outcome.FORFEIT, (here[0], absent), forfeited=(absent,))))
        elif here:
            out.append((None, (here[0],), _bye(here[0])))
    return out


def _tables(t: Tournament) -> list[Seating]:
    table = tallies(t)
    ratings = {e.user_id: e.rating for e in t.entrants}
    seeds = {e.user_id: i for i, e in enumerate(t.entrants)}
    ranked = sorted(t.active(), key=lambda u: (-table[u].points, -buchholz(u, table), -ratings[u], seeds[u]))
    had_bye = {u for u in ranked if table[u].byes}
    tables, byes = seat(ranked, t.config.seats, t.config.min_seats, had_bye)
    return [*((None, seats, None) for seats in tables), *((None, (u,), _bye(u)) for u in byes)]


def _bracket(t: Tournament) -> list[Seating]:
    bracket = plan(len(t.entrants), double=t.config.format is Format.DOUBLE)
    out: list[Seating] = []
    for node, state in match_states(t, bracket).items():
        if state.ready:
            players = state.players
            out.append((node, players, _bye(players[0]) if len(players) == 1 else None))
    return out


__all__ = ["next_round"]
