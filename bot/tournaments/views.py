"""The bracket view: sections of rounds of matches, with names, scores and places, that a renderer draws
without knowing the format's rules. Brackets show their matches to come too (players not known yet
have no name); the other formats show the rounds paired so far."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Said

from .config import Format
from .elimination import RESET, MatchState, match_states, plan
from .standings import champion
from .state import Bracket, Outcome, Pairing, PairingKey, Tournament


@dataclass(frozen=True, slots=True)
class SeatView:
    """One player in a match. ``user_id`` None: not known yet. ``place`` 1 for the winner, None while open."""

    user_id: int | None
    name: str
    seed: int | None
    score: int | None
    place: int | None
    forfeited: bool


@dataclass(frozen=True, slots=True)
class MatchView:
    """A match: ``key`` None while a bracket match is not paired yet; ``outcome`` None while undecided;
    one seat and ``Outcome.BYE``: a bye."""

    key: PairingKey | None
    seats: tuple[SeatView, ...]
    outcome: Outcome | None
    reason: str


@dataclass(frozen=True, slots=True)
class RoundView:
    title: Said
    matches: tuple[MatchView, ...]


@dataclass(frozen=True, slots=True)
class SectionView:
    """A part of the tournament drawn on its own (double elimination: winners, losers, grand final)."""

    title: Said | None
    rounds: tuple[RoundView, ...]


@dataclass(frozen=True, slots=True)
class BracketView:
    title: Said
    sections: tuple[SectionView, ...]
    champion: str | None  # the winner's name once the tournament is over


UNKNOWN = SeatView(None, "", None, None, None, False)
SECTION_TITLES = {
    Bracket.WINNERS: Said("Winners' bracket"),
    Bracket.LOSERS: Said("Losers' bracket"),
    Bracket.GRAND_FINAL: Said("Grand final"),
}


def bracket_view(t: Tournament) -> BracketView:
    fmt = t.config.format
    won = champion(t)
    name = None if won is None else won.name
    if not fmt.eliminates:
        rounds = tuple(
            RoundView(Said("Round {n}", n=r.number), tuple(_match(t, p) for p in r.pairings)) for r in t.rounds
        )
        return BracketView(fmt.title, (SectionView(None, rounds),), name)
    bracket = plan(len(t.entrants), double=fmt is Format.DOUBLE)
    states = match_states(t, bracket)
    parts: dict[Bracket, dict[int, list[MatchView]]] = {}
    for node, state in states.items():
        shown = _bracket_match(t, state)
        if shown is not None:
            parts.setdefault(Bracket.GRAND_FINAL if node == RESET else node.bracket, {}).setdefault(
                node.round if node != RESET else 2, []
            ).append(shown)
    sections = tuple(
        SectionView(
            SECTION_TITLES.get(part) if len(parts) > 1 else None,
            tuple(RoundView(_title(part, r, rounds), tuple(rounds[r])) for r in sorted(rounds)),
        )
        for part, rounds in parts.items()
    )
    return BracketView(fmt.title, sections, name)


def _title(part: Bracket, number: int, rounds: dict[int, list[MatchView]]) -> Said:
    last = number == max(rounds)
    if part is Bracket.MAIN:
        size = len(rounds[number])
        if last and size == 1:
            return Said("Final")
        if number == max(rounds) - 1:
            return Said("Semi-finals")
        if number == max(rounds) - 2:
            return Said("Quarter-finals")
    elif part is Bracket.GRAND_FINAL:
        return Said("Grand final") if number == 1 else Said("Second grand final")
    elif last:
        return Said("Winners' final") if part is Bracket.WINNERS else Said("Losers' final")
    return Said("Round {n}", n=number)


def _bracket_match(t: Tournament, state: MatchState) -> MatchView | None:
    """A bracket match as shown; None for one nobody came to, or a reset not needed (or not known yet)."""
    if state.pairing is not None:
        return _match(t, state.pairing)
    if state.decided or (state.node == RESET and not all(state.known)):
        return None
    seats = tuple(
        UNKNOWN if not known else _seat(t, user, None, None, False)
        for user, known in zip(state.seats, state.known, strict=True)
        if user is not None or not known
    )
    return MatchView(None, seats, None, "")


def _seat(t: Tournament, user: int | None, score: int | None, place: int | None, forfeited: bool) -> SeatView:
    e = None if user is None else t.entrant(user)
    if e is None:
        return UNKNOWN
    return SeatView(e.user_id, e.name, t.seed(e.user_id), score, place, forfeited)


def _match(t: Tournament, p: Pairing) -> MatchView:
    r = p.result
    seats = tuple(
        _seat(
            t,
            user,
            r.scores[i] if r is not None and r.scores else None,
            r.order.index(user) + 1 if r is not None else None,
            r is not None and user in r.forfeited,
        )
        for i, user in enumerate(p.seats)
    )
    return MatchView(p.key, seats, None if r is None else r.outcome, "" if r is None else r.reason)


__all__ = ["BracketView", "MatchView", "RoundView", "SeatView", "SectionView", "bracket_view"]
