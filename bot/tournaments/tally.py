"""Each player's record so far: points, wins, losses, byes and whom he met (the ground of pairing and standings)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .config import Format
from .state import Outcome, Tournament


@dataclass(slots=True)
class Tally:
    """One player's record. A win scores a point, and a bye too in Swiss (a bye is worth a win there);
    at a table of k seats the n-th place scores k - n (one point for each player finished behind)."""

    points: int = 0
    wins: int = 0
    losses: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)  # every player met, once per meeting
    beaten: list[int] = field(default_factory=list)  # every player finished behind, once per meeting


def bye_points(config_format: Format, seats: int) -> int:
    """What a bye scores: a win in Swiss, the middle place of a full table in tables, nothing elsewhere."""
    if config_format is Format.SWISS:
        return 1
    if config_format is Format.TABLES:
        return (seats - 1) // 2
    return 0


def tallies(t: Tournament) -> dict[int, Tally]:
    """Every entrant's record over the decided pairings."""
    out = {e.user_id: Tally() for e in t.entrants}
    fmt = t.config.format
    for p in t.pairings():
        r = p.result
        if r is None:
            continue
        if r.outcome is Outcome.BYE:
            out[r.winner].byes += 1
            out[r.winner].points += bye_points(fmt, t.config.seats)
            continue
        k = len(r.order)
        for place, user in enumerate(r.order):
            mine = out[user]
            mine.opponents.extend(o for o in r.order if o != user)
            mine.beaten.extend(r.order[place + 1 :])
            if place == 0:
                mine.wins += 1
            else:
                mine.losses += 1
            mine.points += k - 1 - place if fmt is Format.TABLES else int(place == 0)
    return out


def buchholz(user: int, table: Mapping[int, Tally]) -> int:
    """The sum of the points of every opponent met (tables: every tablemate), once per meeting."""
    return sum(table[o].points for o in table[user].opponents)


def sonneborn_berger(user: int, table: Mapping[int, Tally]) -> int:
    """The sum of the points of every opponent beaten."""
    return sum(table[o].points for o in table[user].beaten)


def met(t: Tournament) -> set[frozenset[int]]:
    """Every pair of players who sat at one table."""
    out: set[frozenset[int]] = set()
    for p in t.pairings():
        seats = p.seats
        out.update(frozenset((a, b)) for i, a in enumerate(seats) for b in seats[i + 1 :])
    return out


__all__ = ["Tally", "buchholz", "bye_points", "met", "sonneborn_berger", "tallies"]
