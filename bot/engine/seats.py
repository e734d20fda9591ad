"""What the Gin-family matches share: two-player Gin (``Match``), three players (``ThreeMatch``),
partnerships (``TeamMatch``) and Knockout (``KnockoutMatch``).

* ``cut_low``: the first cut, the single lowest rank deals.
* ``MatchCore``: the bookkeeping around the moves (resigning, counting moves, ``last_events``,
  the end of the match) and the common end of each match's JSON (``state_from_dict``,
  ``check_format``).
* ``tally``: the per-seat counts of a match summary.
* The view fields every table builds alike: ``pile_fields`` (the public cards of a deal),
  ``own_fields`` (a seat's own cards and moves), ``match_fields`` (how the match stands),
  and ``KnockHelpers`` on the seat views.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .actions import RESIGN, Action, ActionKind, IllegalAction
from .cards import DECK, Card, sort_for_display
from .columns import Game
from .events import Event, EventKind, event_from_dict, event_to_dict, merge_turn
from .game import MatchSummary
from .melds import best_arrangement, best_discards
from .rules import Ruleset
from .scoring import Outcome

if TYPE_CHECKING:
    from .duel import Duel


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
        self, game: Game, scorer: int, rules: Ruleset, events: list[Event], winner: int | None = None
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


# -- view fields ---------------------------------------------------------------------------------


class _Deal(Protocol):
    """A deal's cards as the views read them (both hand classes)."""

    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...

    @property
    def stock(self) -> Sequence[Card]: ...

    @property
    def discards(self) -> Sequence[Card]: ...

    @property
    def discarded_by(self) -> Sequence[int]: ...

    @property
    def known(self) -> Sequence[Sequence[Card]]: ...

    @property
    def declined(self) -> Sequence[Sequence[Card]]: ...


def pile_fields(hand: _Deal, seat_of: Sequence[int] | None = None) -> dict[str, Any]:
    """The public cards of a deal: the stock count, the pile and who put each card there, and per seat the pile
    tops it left, its card count and the pile cards it still holds. ``seat_of`` maps the deal's seats to the view's."""
    discards = hand.discards
    return {
        "stock_count": len(hand.stock),
        "discard_top": discards[-1] if discards else None,
        "discard_count": len(discards),
        "discard_pile": tuple(discards),
        "discard_seats": tuple(None if s < 0 else s if seat_of is None else seat_of[s] for s in hand.discarded_by),
        "declined": tuple(tuple(d) for d in hand.declined),
        "card_counts": tuple(len(h) for h in hand.hands),
        "known_cards": tuple(tuple(k) for k in hand.known),
    }


def own_fields(
    cards: tuple[Card, ...], runs: bool, drawn: Card | None, legal: Iterable[Action], full: int
) -> dict[str, Any]:
    """A seat's own part of its view: its hand sorted and at its best arrangement, the card it just drew, its
    moves and, holding ``full`` cards (one over the deal), the deadwood after each discard."""
    return {
        "hand": sort_for_display(cards),
        "arrangement": best_arrangement(cards, runs),
        "drawn": drawn,
        "legal": tuple(legal),
        "discard_options": tuple(best_discards(cards, runs)) if len(cards) == full else (),
    }


def match_fields(m: MatchCore[Any]) -> dict[str, Any]:
    """How the match stands, as every view shows it."""
    return {
        "last_events": m.last_events,  # events never carry a hidden card
        "last_hand": m.history[-1] if m.history else None,
        "hands_played": len(m.history),
        "finished": m.finished,
        "winner": m.winner,
        "summary": m.summary(),
        "moves": m.moves,
    }


class _DuelMatch(Protocol):
    """A match played at two-player ``Duel`` tables, as ``duel_seat_fields`` reads it."""

    @property
    def rules(self) -> Ruleset: ...

    @property
    def deal_number(self) -> int: ...

    @property
    def moves(self) -> int: ...

    @property
    def history(self) -> Sequence[Any]: ...

    def totals(self) -> tuple[int, ...]: ...

    def legal_actions(self, seat: int) -> list[Action]: ...


def duel_seat_fields(m: _DuelMatch, table: Duel, seat: int, live: bool = True) -> dict[str, Any]:
    """A seated player's own part of its view at a ``Duel`` table of a bigger match: its own cards and moves,
    what it knows of its opponent's hand and, while the deal goes on (``live``), its two-player Gin view."""
    local = table.local(seat)
    hand = table.hand
    totals = m.totals()
    a, b = table.players
    return {
        **own_fields(
            tuple(hand.hands[local]),
            m.rules.sequence,
            hand.drawn if table.turn == seat else None,
            m.legal_actions(seat),
            11,
        ),
        "opponent_known": tuple(hand.known[1 - local]),
        "gin_view": table.gin_view(
            seat,
            m.rules,
            deal_number=m.deal_number,
            moves=m.moves,
            totals=(totals[a], totals[b]),
            hands_played=len(m.history),
        )
        if live
        else None,
    }


class KnockHelpers:
    """``can_knock``, ``can_gin`` and ``best_knock`` for any seat view with ``legal`` and ``discard_options``."""

    __slots__ = ()
    legal: tuple[Action, ...]
    discard_options: tuple[tuple[Card, int], ...]

    @property
    def can_knock(self) -> bool:
        """A knock (with deadwood) is a legal move now."""
        return any(a.kind is ActionKind.KNOCK for a in self.legal)

    @property
    def can_gin(self) -> bool:
        """Gin or big gin is a legal move now (a melded hand while waiting is not: gin is declared on a discard)."""
        return any(a.kind is ActionKind.GIN or a.kind is ActionKind.BIG_GIN for a in self.legal)

    @property
    def best_knock(self) -> tuple[Card, int] | None:
        """The knock leaving the least deadwood: (the card going face down, the deadwood), if legal now."""
        knocks = {a.card for a in self.legal if a.kind is ActionKind.KNOCK}
        return next(((c, dw) for c, dw in self.discard_options if c in knocks), None)
