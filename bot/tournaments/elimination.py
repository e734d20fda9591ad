"""Single and double elimination: the bracket as a fixed tree of matches, and where each stands.

A bracket has 2^k places (the smallest power of two that holds everyone); seeds take the standard places
(1 8 4 5 2 7 3 6 for eight) so seeds 1 and 2 can meet only in the final and the empty places, byes, go to
the top seeds. Every match takes its players from seeds or from the winner or loser of earlier matches.
Nobody fills an empty place: a match with one player is a bye; with none it is decided at once, with nobody.
A removed player leaves his place empty in every match not yet paired.

Double elimination: the losers of the winners' bracket drop into the losers' bracket (its odd rounds pair
its own winners, its even rounds meet the next drop, in alternating order so early rematches are rare);
the winners' champion meets the losers' champion in the grand final, and if the losers' champion wins it
a second grand final is played (the reset), so nobody leaves before his second loss.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .state import Bracket, Node, Outcome, Pairing, Tournament


@dataclass(frozen=True, slots=True)
class Seed:
    seed: int  # from 1


@dataclass(frozen=True, slots=True)
class WinnerOf:
    node: Node


@dataclass(frozen=True, slots=True)
class LoserOf:
    node: Node


Source = Seed | WinnerOf | LoserOf


@dataclass(frozen=True, slots=True)
class Plan:
    """Every match of a bracket with where its players come from, earlier matches first."""

    depth: int  # k: the bracket has 2^k places
    double: bool
    matches: tuple[tuple[Node, tuple[Source, ...]], ...]

    @property
    def last(self) -> Node:
        """The match whose winner is the champion."""
        return self.matches[-1][0]

    def stage(self, node: Node) -> int:
        """How far a player got who leaves at ``node``: a later stage ranks higher (0: nobody leaves there)."""
        if not self.double:
            return node.round
        return {
            Bracket.WINNERS: 0,
            Bracket.LOSERS: node.round,
            Bracket.GRAND_FINAL: 2 * self.depth - 1,
            Bracket.RESET: 2 * self.depth,
        }[node.bracket]

    @property
    def losses_out(self) -> int:
        """The losses that put a player out."""
        return 2 if self.double else 1


def depth_for(players: int) -> int:
    """The k of the smallest bracket of 2^k places (at least two) that holds ``players``."""
    return max(1, (players - 1).bit_length())


def seed_order(places: int) -> list[int]:
    """The seeds in bracket order, two by two the first round's matches (8: 1 8 4 5 2 7 3 6)."""
    order = [1]
    while len(order) < places:
        size = 2 * len(order)
        order = [x for s in order for x in (s, size + 1 - s)]
    return order


def plan(players: int, *, double: bool) -> Plan:
    k = depth_for(players)
    main = Bracket.WINNERS if double else Bracket.MAIN
    seeds = seed_order(2**k)
    out: list[tuple[Node, tuple[Source, ...]]] = [
        (Node(main, 1, i), (Seed(seeds[2 * i]), Seed(seeds[2 * i + 1]))) for i in range(2 ** (k - 1))
    ]
    for r in range(2, k + 1):
        out += [
            (Node(main, r, i), (WinnerOf(Node(main, r - 1, 2 * i)), WinnerOf(Node(main, r - 1, 2 * i + 1))))
            for i in range(2 ** (k - r))
        ]
    if not double:
        return Plan(k, False, tuple(out))
    out += _losers(k)
    w_final = Node(Bracket.WINNERS, k, 0)
    champion_of_losers: Source = LoserOf(w_final) if k == 1 else WinnerOf(Node(Bracket.LOSERS, 2 * k - 2, 0))
    grand = Node(Bracket.GRAND_FINAL, 1, 0)
    out.append((grand, (WinnerOf(w_final), champion_of_losers)))
    out.append((RESET, (WinnerOf(grand), LoserOf(grand))))
    return Plan(k, True, tuple(out))


RESET: Final = Node(Bracket.RESET, 1, 0)


def _losers(k: int) -> list[tuple[Node, tuple[Source, ...]]]:
    """The losers' bracket of a 2^k bracket: 2(k-1) rounds."""
    w, lb = Bracket.WINNERS, Bracket.LOSERS
    out: list[tuple[Node, tuple[Source, ...]]] = []
    if k < 2:
        return out
    out += [(Node(lb, 1, i), (LoserOf(Node(w, 1, 2 * i)), LoserOf(Node(w, 1, 2 * i + 1)))) for i in range(2 ** (k - 2))]
    for j in range(1, k):
        count = 2 ** (k - 1 - j)
        for i in range(count):
            drop = count - 1 - i if j % 2 else i  # alternate the order the losers drop in
            out.append((Node(lb, 2 * j, i), (WinnerOf(Node(lb, 2 * j - 1, i)), LoserOf(Node(w, j + 1, drop)))))
        if j < k - 1:
            out += [
                (Node(lb, 2 * j + 1, i), (WinnerOf(Node(lb, 2 * j, 2 * i)), WinnerOf(Node(lb, 2 * j, 2 * i + 1))))
                for i in range(2 ** (k - 2 - j))
            ]
    return out


@dataclass(frozen=True, slots=True)
class MatchState:
    """Where one bracket match stands.

    ``seats`` has one entry per source: the player, or None for nobody or not known yet (``known``).
    A match is ``decided`` once it has a result, or at once when nobody comes to it (``winner`` None);
    ``needed`` is False for a reset the first grand final made unnecessary."""

    node: Node
    seats: tuple[int | None, ...]
    known: tuple[bool, ...]
    pairing: Pairing | None
    decided: bool
    winner: int | None
    loser: int | None
    needed: bool = True

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(s for s in self.seats if s is not None)

    @property
    def ready(self) -> bool:
        """Both players known (or known to be nobody) and not paired yet."""
        return not self.decided and self.pairing is None and all(self.known)


def match_states(t: Tournament, bracket: Plan) -> dict[Node, MatchState]:
    """Where every match of ``bracket`` stands in ``t``."""
    paired = {p.node: p for p in t.pairings()}
    gone = set(t.removed)
    out: dict[Node, MatchState] = {}
    for node, sources in bracket.matches:
        pairing = paired.get(node)
        if pairing is not None:
            out[node] = _from_pairing(node, pairing)
            continue
        if node == RESET:
            out[node] = _reset(out[Node(Bracket.GRAND_FINAL, 1, 0)], gone)
            continue
        known, seats = [], []
        for source in sources:
            player, is_known = _player(source, t, out)
            known.append(is_known)
            seats.append(None if player in gone else player)
        state = MatchState(node, tuple(seats), tuple(known), None, False, None, None)
        if state.ready and not state.players:
            state = MatchState(node, state.seats, state.known, None, True, None, None)
        out[node] = state
    return out


def _from_pairing(node: Node, pairing: Pairing) -> MatchState:
    result = pairing.result
    seats: tuple[int | None, ...] = pairing.seats
    known = (True,) * len(seats)
    if result is None:
        return MatchState(node, seats, known, pairing, False, None, None)
    loser = result.order[1] if len(result.order) > 1 else None
    return MatchState(node, seats, known, pairing, True, result.winner, loser)


def _player(source: Source, t: Tournament, done: dict[Node, MatchState]) -> tuple[int | None, bool]:
    """The player a source gives (None: nobody) and whether it is known yet."""
    if isinstance(source, Seed):
        return (t.entrants[source.seed - 1].user_id if source.seed <= len(t.entrants) else None), True
    state = done[source.node]
    if not state.decided:
        return None, False
    return (state.winner if isinstance(source, WinnerOf) else state.loser), True


def _reset(grand: MatchState, gone: set[int]) -> MatchState:
    """The second grand final: played only when the losers' champion won a first one that was played."""
    p = grand.pairing
    if not grand.decided:
        return MatchState(RESET, (None, None), (False, False), None, False, None, None)
    played = p is not None and p.result is not None and p.result.outcome is not Outcome.BYE
    if not played or p is None or grand.winner == p.seats[0]:
        return MatchState(RESET, (), (), None, True, grand.winner, None, needed=False)
    seats = tuple(None if s in gone else s for s in p.seats)
    state = MatchState(RESET, seats, (True, True), None, False, None, None)
    return state if state.players else MatchState(RESET, seats, (True, True), None, True, None, None)


__all__ = ["RESET", "MatchState", "Plan", "depth_for", "match_states", "plan", "seed_order"]
