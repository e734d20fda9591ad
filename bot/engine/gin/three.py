"""Three-player Gin (docs/rules.md#three-players): two play a normal hand while the dealer sits out.

The cut's low card deals the first hand and sits out. The loser of each hand deals the
next and sits out; the winner and the previous dealer play it. After a drawn hand (or a
tie that nobody scores) the same two play again with the same dealer. Each player keeps
his own total; the first to the target wins the match and the game bonus; each gets the
line bonus for his own won hands; the shutout rule applies only if neither other player
won a hand. ``ThreeMatch`` implements the game protocol (bot.engine.game.GameState). The
records and views are in bot.engine.trio_views; every public name is imported from here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card
from ..game import IllegalAction, MatchSummary
from ..knock.actions import Action, ActionKind
from ..knock.column import ScoreColumn
from ..knock.core import MatchCore, check_format, cut_low, state_from_dict
from ..knock.events import Event, EventKind
from ..knock.fields import match_fields
from ..knock.rules import Ruleset
from ..knock.scoring import Outcome
from ..knock.summary import summarize
from .duel import Duel, duel_seat_fields
from .three_views import TrioHandRecord, TrioPublicView, TrioSeatView
from .views import game_view

GAME = "gin"
FORMAT_VERSION = 1
SEATS = 3

__all__ = [
    "FORMAT_VERSION",
    "GAME",
    "SEATS",
    "ThreeMatch",
    "TrioHandRecord",
    "TrioPublicView",
    "TrioSeatView",
    "cut_three",
    "players_of",
]


def cut_three(seed: int) -> int:
    """The first dealer: each of the three cuts a card; the single lowest rank deals (a tie for low cuts again)."""
    return cut_low(f"gin3:{seed}:cut", SEATS)


def players_of(dealer: int) -> tuple[int, int]:
    """The two who play a hand: the dealer's left moves first (docs/rules.md#three-players)."""
    return (dealer + 1) % SEATS, (dealer + 2) % SEATS


def _deal_rng(seed: int, deal_number: int) -> random.Random:
    return random.Random(f"gin3:{seed}:{deal_number}")


@dataclass(slots=True)
class ThreeMatch(MatchCore[TrioHandRecord]):
    rules: Ruleset
    seed: int
    dealer: int
    deal_number: int
    table: Duel
    game: ScoreColumn
    history: list[TrioHandRecord] = field(default_factory=list)
    finished: bool = False
    winner: int | None = None
    resigned_by: int | None = None
    moves: int = 0
    last_events: tuple[Event, ...] = ()

    @classmethod
    def new(cls, rules: Ruleset, seed: int, seats: int = SEATS) -> ThreeMatch:
        if seats != SEATS:
            raise ValueError("this is the three-player table")
        dealer = cut_three(seed)
        return cls(
            rules,
            seed,
            dealer,
            1,
            Duel.deal(players_of(dealer), dealer, _deal_rng(seed, 1), rules),
            ScoreColumn.empty(SEATS),
        )

    # -- questions -------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return SEATS

    @property
    def sitting_out(self) -> int:
        return self.dealer

    @property
    def turn(self) -> int | None:
        return None if self.finished else self.table.turn

    @property
    def to_act(self) -> tuple[int, ...]:
        turn = self.turn
        return () if turn is None else (turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        return [] if self.finished else self.table.legal(seat, self.rules)

    def totals(self) -> tuple[int, ...]:
        return tuple(self.game.totals if self.game.finished else self.game.scores)

    def summary(self) -> MatchSummary | None:
        if not self.finished or self.winner is None:
            return None
        totals = self.totals()
        w = self.winner
        others = [s for s in range(SEATS) if s != w]
        return summarize(
            self,
            w,
            ((r.winner, r.outcome) for r in self.history),
            loser=min(others, key=lambda s: (totals[s], s)),
            totals=totals,
            margin=totals[w] - max(totals[s] for s in others),
        )

    # -- moves ---------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        self._check_seat(seat)
        if action.kind is ActionKind.RESIGN:
            # The match ends; the best of the other two by total (then hands won, then seat) wins it.
            totals = self.totals()
            won = [self.game.hands_won[s] for s in range(SEATS)]
            winner = max((s for s in range(SEATS) if s != seat), key=lambda s: (totals[s], won[s], -s))
            return self._resigned(seat, winner)
        if seat == self.dealer:
            raise IllegalAction("You dealt this hand and sit it out.")
        events = self.table.apply(seat, action, self.rules)  # raises before any change
        if self.table.over:
            self._end_hand(events)
        return self._done(events)

    def _end_hand(self, events: list[Event]) -> None:
        out = self.table.outcome
        assert out is not None
        self.history.append(
            TrioHandRecord(
                self.deal_number,
                self.dealer,
                self.table.players,
                out.outcome,
                out.knocker,
                out.scorer,
                out.loser,
                out.points,
                out.result,
            )
        )
        game, rules = self.game, self.rules
        next_dealer = self.dealer  # a drawn hand or a tie nobody scores: the same two again, same dealer
        if out.scorer is None:
            events.append(Event(EventKind.HAND_DRAWN if out.outcome is Outcome.DRAW else EventKind.HAND_SCORED))
        else:
            assert out.loser is not None
            game.scores[out.scorer] += out.points
            game.hands_won[out.scorer] += 1
            events.append(Event(EventKind.HAND_SCORED, out.scorer))
            next_dealer = out.loser
            if rules.length != "hands" and game.scores[out.scorer] >= rules.target:
                self._close_game(game, out.scorer, rules, events)
                return
        if rules.length == "hands" and len(self.history) >= rules.hand_count:
            best = max(game.scores)
            leaders = [s for s in range(SEATS) if game.scores[s] == best]
            if len(leaders) == 1:  # a tie for the lead plays on, a deal at a time
                self._close_game(game, leaders[0], rules, events)
                return
        self._deal(next_dealer, events)

    def _deal(self, dealer: int, events: list[Event]) -> None:
        self.dealer = dealer
        self.deal_number += 1
        self.table = Duel.deal(players_of(dealer), dealer, _deal_rng(self.seed, self.deal_number), self.rules)
        events.append(Event(EventKind.DEALT, dealer))

    # -- views --------------------------------------------------------------------------
    def _public_fields(self) -> dict[str, Any]:
        table = self.table
        hand = table.hand
        counts = [0] * SEATS
        known: list[tuple[Card, ...]] = [()] * SEATS
        for local, seat in enumerate(table.players):
            counts[seat] = len(hand.hands[local])
            known[seat] = tuple(hand.known[local])
        totals = self.totals()
        return {
            "rules": self.rules,
            "seats": SEATS,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "sitting_out": self.dealer,
            "players": table.players,
            "phase": hand.phase,
            "turn": self.turn,
            "to_act": self.to_act,
            "table": table.table_view(self.rules),
            "card_counts": tuple(counts),
            "known_cards": tuple(known),
            "games": (game_view(self.game),),
            "totals": totals,
            "hands_won": tuple(self.game.hands_won),
            "standings": tuple(sorted(range(SEATS), key=lambda s: (-totals[s], s))),
            **match_fields(self),
        }

    def public_view(self) -> TrioPublicView:
        return TrioPublicView(**self._public_fields())

    def seat_view(self, seat: int) -> TrioSeatView:
        fields = self._public_fields()
        table = self.table
        if seat not in table.players or self.finished:
            return TrioSeatView(**fields, seat=seat)
        return TrioSeatView(**fields, seat=seat, **duel_seat_fields(self, table, seat))

    # -- serialisation -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": GAME,
            "format": FORMAT_VERSION,
            "seats": SEATS,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "table": self.table.to_dict(),
            "scores": self.game.to_dict(),
            **self._state_dict(),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ThreeMatch:
        if d.get("game") != GAME or d.get("seats") != SEATS:
            raise ValueError("not a three-player Gin match")
        check_format(d, FORMAT_VERSION)
        return cls(
            rules=Ruleset.from_dict(d["rules"]),
            seed=d["seed"],
            dealer=d["dealer"],
            deal_number=d["deal_number"],
            table=Duel.from_dict(d["table"]),
            game=ScoreColumn.from_dict(d["scores"]),
            history=[TrioHandRecord.from_dict(r) for r in d["history"]],
            **state_from_dict(d),
        )
