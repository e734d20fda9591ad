"""A tournament's state: its rounds of pairings with their results, and the players removed (frozen data)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

from .config import Entrant, TournamentConfig

PairingKey = tuple[int, int]  # (round, table), both counted from 1: stable for the store and the Discord layer


class Outcome(Enum):
    """How a pairing was decided."""

    PLAYED = "played"  # the match was played to its end
    FORFEIT = "forfeit"  # a player did not play it out (a timeout, removed by the organiser)
    AWARDED = "awarded"  # the organiser decided it, with a reason
    BYE = "bye"  # a player alone, nobody to play


@dataclass(frozen=True, slots=True)
class Result:
    """A decided pairing: ``order`` is every seated player from first place to last (two seats: winner, loser);
    ``scores`` the match's final totals in the pairing's seat order (empty when there are none);
    ``forfeited`` who forfeited (last in ``order``); ``reason`` the organiser's words for an award."""

    outcome: Outcome
    order: tuple[int, ...]
    scores: tuple[int, ...] = ()
    forfeited: tuple[int, ...] = ()
    reason: str = ""

    @property
    def winner(self) -> int:
        return self.order[0]


class Bracket(Enum):
    """Which part of a tournament a pairing belongs to."""

    MAIN = "main"  # Swiss, round robin, tables and single elimination: one part
    WINNERS = "winners"  # double elimination: the unbeaten
    LOSERS = "losers"  # double elimination: one loss
    GRAND_FINAL = "grand_final"  # the winners' champion against the losers' champion
    RESET = "reset"  # the second grand final, when the losers' champion won the first


@dataclass(frozen=True, slots=True, order=True)
class Node:
    """A pairing's place in its bracket: the bracket's own round (from 1) and the index in it (from 0).

    Outside the brackets the round is the tournament's round and the index the table's."""

    bracket: Bracket
    round: int
    index: int


@dataclass(frozen=True, slots=True)
class Pairing:
    """Players seated together in one round (one seat: a bye), and the result once decided."""

    key: PairingKey
    node: Node
    seats: tuple[int, ...]
    result: Result | None = None

    @property
    def done(self) -> bool:
        return self.result is not None


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    pairings: tuple[Pairing, ...]

    @property
    def complete(self) -> bool:
        return all(p.done for p in self.pairings)


@dataclass(frozen=True, slots=True)
class Tournament:
    """The whole state: what was chosen, the entrants in seed order (seed 1 first), the rounds paired so far
    and the players the organiser removed (in the order removed)."""

    config: TournamentConfig
    entrants: tuple[Entrant, ...]
    rounds: tuple[Round, ...] = ()
    removed: tuple[int, ...] = ()

    def pairings(self) -> Iterator[Pairing]:
        """Every pairing, round by round."""
        for r in self.rounds:
            yield from r.pairings

    def pairing(self, key: PairingKey) -> Pairing | None:
        round_no, table = key
        if not 1 <= round_no <= len(self.rounds):
            return None
        pairings = self.rounds[round_no - 1].pairings
        return pairings[table - 1] if 1 <= table <= len(pairings) else None

    def entrant(self, user_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def seed(self, user_id: int) -> int:
        """A player's seed, from 1 (the highest rating at check-in)."""
        return next(i for i, e in enumerate(self.entrants, 1) if e.user_id == user_id)

    def active(self) -> tuple[int, ...]:
        """The players not removed, in seed order."""
        gone = set(self.removed)
        return tuple(e.user_id for e in self.entrants if e.user_id not in gone)

    @property
    def round_complete(self) -> bool:
        """Whether every pairing of the last round is decided (also before the first round)."""
        return not self.rounds or self.rounds[-1].complete


__all__ = ["Bracket", "Node", "Outcome", "Pairing", "PairingKey", "Result", "Round", "Tournament"]
