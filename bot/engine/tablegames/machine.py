"""The shared state machine of the table games: melds go on the table during play and a hand ends
by going out (Colonel, Skarney Gin, Rummy; docs/rules.md).

``TableGame`` implements the game protocol (bot.engine.game.GameState). A game subclass lists its
legal moves (``_legal``), checks a move without changing anything (``_check``, IllegalAction with
the player's reason) and performs it (``_do``). This class deals, draws, lays melds and lay-offs,
scores a finished hand, ends the match, keeps the events of the current turn and builds the views;
its fields and their JSON form are in tablestate.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from ..cards import DECK, Card, sort_for_display
from ..game import GameRules, GameType, IllegalAction, MatchSummary, RulesMaker, register
from ..options import NO_OPTIONS, OptionTable
from .checks import TableChecks
from .melds import MeldStyle, TableMeld, extend, extensions, make_meld
from .moves import Act, Ev, TableAction, TableEvent, TableHand
from .state import DRAW, OVER, PLAY, RESPOND
from .views import OwnView, TablePublicView, TableSeatView

__all__ = ["DRAW", "OVER", "PLAY", "RESPOND", "TableGame", "register_table_game"]


class TableGame(TableChecks):
    # The game's own counters in a summary: (key, outcome): per seat, the hands it won that way.
    COUNTED: ClassVar[tuple[tuple[str, str], ...]] = ()

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TableGame:
        """A saved match of this game (each game reads its own rules, then ``_load``)."""
        raise NotImplementedError

    # -- hooks of a game --------------------------------------------------------------------------
    def _new_hand(self) -> None:
        """Reset the game's per-hand fields."""

    def _deal_size(self) -> int:
        return 10

    def _legal(self, seat: int) -> list[TableAction]:
        raise NotImplementedError

    def _check(self, seat: int, action: TableAction) -> None:
        raise NotImplementedError

    def _do(self, seat: int, action: TableAction, events: list[TableEvent]) -> None:
        raise NotImplementedError

    def _own_view(self) -> OwnView:
        """The game's own fields of its views."""
        raise NotImplementedError

    def _match_winner(self) -> int | None:
        """The match winner after a scored hand, if the match is over."""
        best = max(range(self.seats), key=lambda s: self.scores[s])
        return best if self.scores[best] >= self.rules.target else None

    # -- the protocol -----------------------------------------------------------------------------
    @property
    def hands(self) -> list[TableHand]:
        return self.history

    @property
    def turn(self) -> int | None:
        if self.finished:
            return None
        return self.responder if self.responder is not None else self.current

    @property
    def to_act(self) -> tuple[int, ...]:
        t = self.turn
        return () if t is None else (t,)

    def legal_actions(self, seat: int) -> list[TableAction]:
        if self.finished or seat != self.turn:
            return []
        return self._legal(seat)

    def apply(self, seat: int, action: TableAction) -> list[TableEvent]:
        """Apply a move of ``seat``; IllegalAction with the reason if not allowed (nothing changes then)."""
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalAction("You are not playing at this table.")
        if self.finished:
            raise IllegalAction("That match is over.")
        if not isinstance(action, TableAction):
            raise IllegalAction("That is not a move of this game.")
        if seat != self.turn:
            raise IllegalAction("It is not your turn.")
        self._check(seat, action)
        self._closes = False
        events: list[TableEvent] = []
        self._do(seat, action, events)
        return self._done(events)

    def resign(self, seat: int) -> list[TableEvent]:
        """``seat`` gives up; the best placed other player wins with the totals as they stand."""
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise IllegalAction("You are not playing at this table.")
        if self.finished:
            raise IllegalAction("That match is over.")
        others = [(seat + i) % self.seats for i in range(1, self.seats)]
        winner = max(others, key=lambda s: self.scores[s])  # ties: the first after the resigning seat
        events = [TableEvent(Ev.RESIGNED, seat)]
        self._closes = True
        self.resigned_by = seat
        self._finish(winner, events)
        return self._done(events)

    def totals(self) -> tuple[int, ...]:
        return tuple(self.scores)

    def summary(self) -> MatchSummary | None:
        if not self.finished or self.winner is None:
            return None
        w, n = self.winner, self.seats
        others = [s for s in range(n) if s != w]
        if self.resigned_by is not None:
            loser = self.resigned_by
        else:
            loser = min(others, key=lambda s: (self.scores[s], -((s - w) % n)))
        runner_up = max(self.scores[s] for s in others)
        won = tuple(sum(1 for h in self.history if h.winner == s) for s in range(n))
        counts = tuple(
            (key, tuple(sum(1 for h in self.history if h.outcome == outcome and h.winner == s) for s in range(n)))
            for key, outcome in self.COUNTED
        )
        return MatchSummary(
            winner=w,
            loser=loser,
            totals=self.totals(),
            margin=self.scores[w] - runner_up,
            hands_played=len(self.history),
            hands_won=won,
            counts=counts,
            resigned_by=self.resigned_by,
        )

    # -- dealing ----------------------------------------------------------------------------------
    def _cut(self) -> int:
        rng = random.Random(f"{self.NAME}:{self.seed}:cut")
        while True:
            ranks = [c.rank for c in rng.sample(DECK, self.seats)]
            best = max(ranks) if self.HIGH_CUT_DEALS else min(ranks)
            if ranks.count(best) == 1:
                return ranks.index(best)

    def _deal(self, dealer: int, events: list[TableEvent]) -> None:
        self.dealer = dealer
        self.deal_number += 1
        deck = list(DECK)
        random.Random(f"{self.NAME}:{self.seed}:deal:{self.deal_number}").shuffle(deck)
        size = self._deal_size()
        self.held = [[] for _ in range(self.seats)]
        for i in range(size * self.seats):
            self.held[(dealer + 1 + i) % self.seats].append(deck[i])
        rest = deck[size * self.seats :]
        self.pile = [rest.pop()] if self.HAS_PILE else []
        self.stock = rest
        self.known = [[] for _ in range(self.seats)]
        self.melds = []
        self._new_hand()
        events.append(TableEvent(Ev.DEALT, dealer))
        self._start_turn(self.next_seat(dealer))

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def _start_turn(self, seat: int) -> None:
        self.current, self.responder, self.phase = seat, None, DRAW
        self.drawn = self.from_pile = None
        self.turn_layoffs = {}
        self.turn_laid = False

    # -- moves shared by the games ----------------------------------------------------------------
    def _take(self, seat: int, card: Card) -> None:
        self.held[seat].append(card)

    def _give(self, seat: int, card: Card) -> None:
        self.held[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _draw(self, seat: int, action: TableAction, events: list[TableEvent]) -> None:
        if action.kind is Act.DRAW_PILE:
            card = self.pile.pop()
            self.from_pile = card
            self.known[seat].append(card)
            events.append(TableEvent(Ev.DREW_PILE, seat, (card,)))
        else:
            card = self.stock.pop()
            events.append(TableEvent(Ev.DREW_STOCK, seat))
        self._take(seat, card)
        self.drawn = card
        self.phase = PLAY

    def _lay(self, seat: int, cards: tuple[Card, ...], events: list[TableEvent]) -> None:
        meld = make_meld(len(self.melds) + 1, seat, cards, self.STYLE)
        for c in cards:
            self._give(seat, c)
        self.melds.append(meld)
        self.turn_laid = True
        events.append(TableEvent(Ev.MELDED, seat, meld.cards, meld.number))

    def _lay_off(self, seat: int, card: Card, number: int, events: list[TableEvent]) -> None:
        self.melds[number - 1] = extend(self.melds[number - 1], card, self.STYLE)
        self._give(seat, card)
        self.turn_layoffs[number] = self.turn_layoffs.get(number, 0) + 1
        self.turn_laid = True
        events.append(TableEvent(Ev.LAID_OFF, seat, (card,), number))

    def _discard(self, seat: int, card: Card, events: list[TableEvent]) -> None:
        self._give(seat, card)
        self.pile.append(card)
        events.append(TableEvent(Ev.DISCARDED, seat, (card,)))

    def layoff_options(self, seat: int, melds: list[TableMeld] | None = None) -> list[tuple[Card, int]]:
        """(card, meld number) for every card of ``seat``'s hand that fits a meld (of ``melds``, default all)."""
        out: list[tuple[Card, int]] = []
        for meld in self.melds if melds is None else melds:
            ext = _extensions(meld, self.STYLE)
            out.extend((c, meld.number) for c in self.held[seat] if c in ext)
        return out

    def hand_points(self, seat: int) -> int:
        return self.STYLE.points(self.held[seat])

    # -- the end of a hand and of the match -------------------------------------------------------
    def _score_hand(
        self, outcome: str, knocker: int | None, winner: int | None, points: int, events: list[TableEvent]
    ) -> None:
        left = tuple(sort_for_display(h) for h in self.held)
        self.history.append(
            TableHand(
                self.deal_number,
                self.dealer,
                outcome,
                knocker,
                winner,
                points,
                left,
                tuple(self.STYLE.points(h) for h in self.held),
            )
        )
        self._closes = True
        if winner is None:
            events.append(TableEvent(Ev.HAND_DRAWN))
        else:
            self.scores[winner] += points
            events.append(TableEvent(Ev.HAND_SCORED, winner, points=points))
        champion = self._match_winner()
        if champion is not None:
            self._finish(champion, events)
        else:  # nobody scored: the same player deals again
            self._deal(self.dealer if winner is None else self.next_seat(self.dealer), events)

    def _finish(self, winner: int, events: list[TableEvent]) -> None:
        self.finished, self.winner, self.phase, self.responder = True, winner, OVER, None
        events.append(TableEvent(Ev.MATCH_ENDED, winner))

    def _end_turn(self) -> None:
        """The move just made passes the turn on (a discard, an offer, ...): the next move starts new events."""
        self._closes = True

    _closes = False  # set while a move is applied: it ends the turn

    def _done(self, events: list[TableEvent]) -> list[TableEvent]:
        """Count the move and keep the events of the whole current turn in ``last_events``."""
        self.moves += 1
        self.last_events = (*self.last_events, *events) if self.turn_open else tuple(events)
        self.turn_open = not self._closes and not self.finished
        return events

    # -- views ------------------------------------------------------------------------------------
    def _public_fields(self, seat: int | None) -> dict[str, Any]:
        by_owner = tuple(tuple(m for m in self.melds if m.owner == s) for s in range(self.seats))
        won = tuple(sum(1 for h in self.history if h.winner == s) for s in range(self.seats))
        return {
            "game": self.NAME,
            "rules": self.rules,
            "seats": self.seats,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "turn": self.turn,
            "to_act": self.to_act,
            "current": None if self.finished else self.current,
            "phase": OVER if self.finished else self.phase,
            "stock_count": len(self.stock),
            "pile_count": len(self.pile),
            "pile_top": self.pile[-1] if self.pile else None,
            "pile": tuple(self.pile),
            "melds": tuple(self.melds),
            "melds_by_owner": by_owner,
            "hand_sizes": tuple(len(h) for h in self.held),
            "known": tuple(tuple(k) for k in self.known),
            "scores": self.totals(),
            "hands_won": won,
            "last_events": self.last_events,
            "last_hand": self.history[-1].public() if self.history else None,
            "hands_played": len(self.history),
            "finished": self.finished,
            "winner": self.winner,
            "moves": self.moves,
            "summary": self.summary(),
            "own": self._own_view(),
        }

    def public_view(self) -> TablePublicView:
        return TablePublicView(**self._public_fields(None))

    def seat_view(self, seat: int) -> TableSeatView:
        own_turn = seat == self.current and not self.finished
        legal = tuple(self.legal_actions(seat))
        return TableSeatView(
            **self._public_fields(seat),
            seat=seat,
            hand=sort_for_display(self.held[seat]),
            hand_points=self.hand_points(seat),
            drawn=self.drawn if own_turn else None,
            legal=legal,
            meld_options=tuple(a for a in legal if a.kind in (Act.MELD, Act.CONTRACT)),
            layoff_options=tuple((a.cards[0], a.meld) for a in legal if a.kind is Act.LAYOFF and a.meld is not None),
        )


_EXT_CACHE: dict[tuple[TableMeld, MeldStyle], frozenset[Card]] = {}


def _extensions(meld: TableMeld, style: MeldStyle) -> frozenset[Card]:
    """``extensions`` with a cache (the same melds are asked about on every move of a hand)."""
    key = (meld, style)
    hit = _EXT_CACHE.get(key)
    if hit is None:
        if len(_EXT_CACHE) > 50_000:
            _EXT_CACHE.clear()
        hit = _EXT_CACHE[key] = extensions(meld, style)
    return hit


def register_table_game(
    game: type[TableGame],
    rules_type: type[Any],
    *,
    name: str,
    title: str,
    seat_counts: tuple[int, ...],
    variants: tuple[str, ...],
    make_rules: RulesMaker,
    check_seats: Callable[[GameRules, int], None] | None = None,
    options: OptionTable = NO_OPTIONS,
) -> GameType:
    """Register a table game: its state class and rules class make the GameType's constructors."""

    def new(rules: GameRules, seed: int, seats: int) -> TableGame:
        if not isinstance(rules, rules_type):
            raise TypeError(f"{title} needs {title} rules")
        return game(rules, seed, seats)

    def rules_from_dict(data: dict[str, Any]) -> GameRules:
        rules: GameRules = rules_type.from_dict(data)
        return rules

    return register(
        GameType(
            name=name,
            title=title,
            seat_counts=seat_counts,
            variants=variants,
            make_rules=make_rules,
            rules_from_dict=rules_from_dict,
            new=new,
            load=game.from_dict,
            check_seats=check_seats,
            parse_action=TableAction.parse,
            options=options,
            counters=tuple(key for key, _ in game.COUNTED),
        )
    )
