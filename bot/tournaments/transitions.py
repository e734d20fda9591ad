"""Every change of a tournament, as a pure function returning the new state.

Recording is idempotent: the same result for a pairing twice gives the same state back, another result
for a decided pairing is refused. ``pair_next_round`` is a pure function of the state, so a restarted
process pairs the same round again and the store can keep it exactly once.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from .config import REASON_CHARS, Entrant, Format, TournamentConfig
from .elimination import match_states, plan
from .errors import TournamentError
from .pairing import next_round
from .roundrobin import round_count
from .state import Outcome, Pairing, PairingKey, Result, Round, Tournament


def start(config: TournamentConfig, entrants: Iterable[Entrant]) -> Tournament:
    """A tournament of the players who checked in, seeded by rating (the earlier check-in first on a tie)."""
    players = list(entrants)
    if len(players) < config.fewest_players:
        raise TournamentError("This tournament needs at least {n} players.", n=config.fewest_players)
    if len(players) > config.size_cap:
        raise TournamentError(
            "{n} players checked in; this tournament takes at most {cap}.", n=len(players), cap=config.size_cap
        )
    seen: set[int] = set()
    for e in players:
        if e.user_id in seen:
            raise TournamentError("{name} is entered twice.", name=e.name)
        seen.add(e.user_id)
    ranked = sorted(range(len(players)), key=lambda i: (-players[i].rating, i))
    return Tournament(config, tuple(players[i] for i in ranked))


def finished(t: Tournament) -> bool:
    """Whether the tournament is over: its last match decided (brackets), its rounds played, or fewer
    players left than a round needs."""
    if not t.round_complete:
        return False
    fmt = t.config.format
    if fmt.eliminates:
        bracket = plan(len(t.entrants), double=fmt is Format.DOUBLE)
        return match_states(t, bracket)[bracket.last].decided
    if len(t.active()) < t.config.fewest_players:
        return True
    rounds = round_count(len(t.entrants)) if fmt is Format.ROUND_ROBIN else t.config.rounds
    return len(t.rounds) >= rounds


def pair_next_round(t: Tournament) -> Tournament:
    """The tournament with its next round paired (``t.rounds[-1]``); refused while a round is being played."""
    if finished(t):
        raise TournamentError("The tournament is over.")
    if not t.round_complete:
        raise TournamentError("Round {round} is still being played.", round=len(t.rounds))
    return dataclasses.replace(t, rounds=(*t.rounds, next_round(t)))


def pending(t: Tournament) -> tuple[Pairing, ...]:
    """The pairings still to be decided (all in the last round)."""
    return tuple(p for p in t.pairings() if not p.done)


def record(t: Tournament, key: PairingKey, order: Sequence[int], scores: Sequence[int] = ()) -> Tournament:
    """A match played to its end: ``order`` from first place to last (the last may be left out; for two
    players, the winner alone), ``scores`` the final totals in the pairing's seat order, if any.
    A removed player still seated at a table is moved to the end as having forfeited."""
    pairing = _pairing(t, key)
    full = _order(pairing, order)
    if scores and len(scores) != len(pairing.seats):
        raise TournamentError("Give a score for every player at the table, or none.")
    gone = [u for u in full if u in t.removed]
    result = Result(Outcome.PLAYED, (*(u for u in full if u not in gone), *gone), tuple(scores), forfeited=tuple(gone))
    return _settle(t, pairing, result)


def forfeit(t: Tournament, key: PairingKey, forfeited: Sequence[int], rest: Sequence[int] = ()) -> Tournament:
    """``forfeited`` did not play the match out; the others win it, in the order ``rest`` (needed only when
    more than one remains). The forfeiting players take the last places."""
    pairing = _pairing(t, key)
    out = [u for u in pairing.seats if u in forfeited or u in t.removed]
    if not forfeited or any(u not in pairing.seats for u in forfeited):
        raise TournamentError("Only a player at the table can forfeit.")
    remaining = [u for u in pairing.seats if u not in out]
    if not remaining:
        raise TournamentError("Someone at the table must remain to win it; award the match instead.")
    if len(remaining) == 1:
        rest = remaining
    elif sorted(rest) != sorted(remaining):
        raise TournamentError("Give the order of the players who remain at the table.")
    return _settle(t, pairing, Result(Outcome.FORFEIT, (*rest, *out), forfeited=tuple(out)))


def award(t: Tournament, key: PairingKey, order: Sequence[int], reason: str) -> Tournament:
    """The organiser decides a match (``order`` as for ``record``), with the reason shown under it."""
    pairing = _pairing(t, key)
    reason = reason.strip()
    if not reason:
        raise TournamentError("Give a reason for the award.")
    if len(reason) > REASON_CHARS:
        raise TournamentError("A reason has at most {n} characters.", n=REASON_CHARS)
    return _settle(t, pairing, Result(Outcome.AWARDED, _order(pairing, order), reason=reason))


def remove(t: Tournament, user_id: int) -> Tournament:
    """The organiser removes a player: his pending match is forfeited (at a table of three or more, once
    one player remains; until then he is placed last when it is recorded) and he is not paired again."""
    who = t.entrant(user_id)
    if who is None:
        raise TournamentError("That player is not in this tournament.")
    if user_id in t.removed:
        raise TournamentError("{name} was already removed.", name=who.name)
    if finished(t):
        raise TournamentError("The tournament is over.")
    out = dataclasses.replace(t, removed=(*t.removed, user_id))
    for p in pending(out):
        if user_id in p.seats:
            staying = [u for u in p.seats if u not in out.removed]
            if len(staying) == 1:
                out = forfeit(out, p.key, [user_id])
    return out


def _pairing(t: Tournament, key: PairingKey) -> Pairing:
    pairing = t.pairing(key)
    if pairing is None:
        raise TournamentError("There is no match {table} in round {round}.", round=key[0], table=key[1])
    return pairing


def _order(pairing: Pairing, order: Sequence[int]) -> tuple[int, ...]:
    """``order`` checked against the seats, the one player left out (if any) added last."""
    seats = pairing.seats
    if len(set(order)) != len(order) or any(u not in seats for u in order) or len(order) < len(seats) - 1:
        raise TournamentError("Name the players at the table in the order they finished.")
    return (*order, *(u for u in seats if u not in order))


def _settle(t: Tournament, pairing: Pairing, result: Result) -> Tournament:
    """``t`` with ``pairing`` decided as ``result``: unchanged if it already was, refused if it was otherwise."""
    if pairing.result == result:
        return t
    if pairing.result is not None:
        round_no, table = pairing.key
        raise TournamentError("Match {table} of round {round} is already decided.", round=round_no, table=table)
    decided = dataclasses.replace(pairing, result=result)
    round_no, table = pairing.key
    old = t.rounds[round_no - 1]
    new = Round(old.number, tuple(decided if p.key == pairing.key else p for p in old.pairings))
    rounds = (*t.rounds[: round_no - 1], new, *t.rounds[round_no:])
    return dataclasses.replace(t, rounds=rounds)


__all__ = ["award", "finished", "forfeit", "pair_next_round", "pending", "record", "remove", "start"]
