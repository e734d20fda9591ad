"""Four players in two partnerships (docs/rules.md#four-players-in-partnerships).

Partners sit opposite: seats 0 and 2 are team 0, seats 1 and 3 team 1. Each hand is two
separate two-player Gin hands played at the same time, each with its own pack; the
pairings swap every hand (0-1 and 2-3, then 0-3 and 2-1). When both have ended: a team
that won both scores the sum; if each team won one, the team with the higher score scores
the difference (``teams='separate'``: each team keeps what its players won); a drawn game
scores 0. Team totals run to the target (``team_target``, 125); the game, line (per hand
the team scored in) and shutout bonuses go to teams. ``TeamMatch`` implements the game
protocol; two seats may act at once, one per table (``to_act``). The records and views are in
bot.engine.teams_views; every public name is imported from here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from ..game import IllegalAction, MatchSummary
from ..knock.actions import Action, ActionKind
from ..knock.column import ScoreColumn
from ..knock.core import MatchCore, check_format, cut_low, state_from_dict
from ..knock.events import Event, EventKind
from ..knock.fields import match_fields
from ..knock.rules import Ruleset
from ..knock.summary import summarize
from .duel import Duel, duel_seat_fields
from .partners_views import TeamHandRecord, TeamPublicView, TeamSeatView
from .views import game_view

GAME = "gin"
FORMAT_VERSION = 1
SEATS = 4
TEAMS: tuple[tuple[int, int], tuple[int, int]] = ((0, 2), (1, 3))

__all__ = [
    "FORMAT_VERSION",
    "GAME",
    "SEATS",
    "TEAMS",
    "TeamHandRecord",
    "TeamMatch",
    "TeamPublicView",
    "TeamSeatView",
    "cut_team",
    "pairings",
    "team_of",
]


def team_of(seat: int) -> int:
    return seat % 2


def pairings(deal_number: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Who plays whom in a hand (team 0's seat first): 0-1 and 2-3 in odd hands, 0-3 and 2-1 in even ones."""
    return ((0, 1), (2, 3)) if deal_number % 2 else ((0, 3), (2, 1))


def cut_team(seed: int) -> int:
    """The team that deals first: the single lowest of four cut cards (a tie for low cuts again)."""
    return team_of(cut_low(f"gin4:{seed}:cut", SEATS))


def _deal_rng(seed: int, deal_number: int, table: int) -> random.Random:
    return random.Random(f"gin4:{seed}:{deal_number}:{table}")


@dataclass(slots=True)
class TeamMatch(MatchCore[TeamHandRecord]):
    rules: Ruleset  # its target is the team target
    seed: int
    first_team: int
    deal_number: int
    tables: list[Duel]
    game: ScoreColumn  # entries per team
    history: list[TeamHandRecord] = field(default_factory=list)
    finished: bool = False
    winner: int | None = None
    resigned_by: int | None = None
    moves: int = 0
    last_events: tuple[Event, ...] = ()

    @classmethod
    def new(cls, rules: Ruleset, seed: int, seats: int = SEATS) -> TeamMatch:
        if seats != SEATS:
            raise ValueError("partnerships are four players")
        rules = replace(rules, target=rules.team_target)
        first = cut_team(seed)
        return cls(rules, seed, first, 1, _deal_tables(rules, seed, 1, first), ScoreColumn.empty(2))

    # -- questions -------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return SEATS

    @property
    def dealing_team(self) -> int:
        return (self.first_team + self.deal_number - 1) % 2

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        return tuple(t.turn for t in self.tables if t.turn is not None)

    @property
    def turn(self) -> int | None:
        act = self.to_act
        return act[0] if act else None

    def table_of(self, seat: int) -> int:
        return 0 if seat in self.tables[0].players else 1

    def legal_actions(self, seat: int) -> list[Action]:
        if self.finished or not 0 <= seat < SEATS:
            return []
        return self.tables[self.table_of(seat)].legal(seat, self.rules)

    def team_totals(self) -> tuple[int, int]:
        src = self.game.totals if self.game.finished else self.game.scores
        return src[0], src[1]

    def totals(self) -> tuple[int, ...]:
        teams = self.team_totals()
        return tuple(teams[team_of(s)] for s in range(SEATS))

    def summary(self) -> MatchSummary | None:
        if not self.finished or self.winner is None:
            return None
        w = self.winner
        teams = self.team_totals()
        return summarize(
            self,
            w,
            ((t.scorer, t.outcome) for r in self.history for t in r.tables),
            loser=1 - w,
            totals=self.totals(),
            margin=teams[w] - teams[1 - w],
        )

    # -- moves ---------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        self._check_seat(seat)
        if action.kind is ActionKind.RESIGN:  # a player resigns for his team; the match goes to the other
            return self._resigned(seat, TEAMS[1 - team_of(seat)][0])
        t = self.table_of(seat)
        table = self.tables[t]
        if table.over:
            raise IllegalAction("Your game of this hand is over: wait for the other table.")
        events = table.apply(seat, action, self.rules)  # raises before any change
        if table.over:
            assert table.outcome is not None
            events.append(Event(EventKind.TABLE_ENDED, table.outcome.scorer, game=t))
            if all(x.over for x in self.tables):
                self._end_hand(events)
        return self._done(events)

    def _end_hand(self, events: list[Event]) -> None:
        rules, game = self.rules, self.game
        r0, r1 = self.tables[0].outcome, self.tables[1].outcome
        assert r0 is not None and r1 is not None
        results = (r0, r1)
        won = [0, 0]
        for r in results:
            if r.scorer is not None:
                won[team_of(r.scorer)] += r.points
        scoring = {team_of(r.scorer) for r in results if r.scorer is not None and r.points}
        if rules.teams == "separate":
            points = (won[0], won[1])
            outcome = "separate" if scoring else "draw"
        else:
            diff = won[0] - won[1]
            points = (max(diff, 0), max(-diff, 0))
            outcome = "draw" if not scoring else "sum" if len(scoring) == 1 else "difference"
        winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
        self.history.append(
            TeamHandRecord(
                self.deal_number,
                self.tables[0].dealer,
                self.dealing_team,
                (self.tables[0].players, self.tables[1].players),
                results,
                points,
                outcome,
                winner,
                points[winner] if winner is not None else 0,
            )
        )
        for team in (0, 1):
            if points[team]:
                game.scores[team] += points[team]
                game.hands_won[team] += 1
        events.append(Event(EventKind.HAND_SCORED if winner is not None else EventKind.HAND_DRAWN, winner))
        if rules.length == "hands":
            ended = len(self.history) >= rules.hand_count and game.scores[0] != game.scores[1]
        else:
            ended = max(game.scores) >= rules.target and game.scores[0] != game.scores[1]
        if ended:  # a tie at or over the target (separate scoring only) plays on
            team = 0 if game.scores[0] > game.scores[1] else 1
            self._close_game(game, team, rules, events, TEAMS[team][0])  # the match goes to the team's first seat
            return
        self.deal_number += 1
        self.tables = _deal_tables(rules, self.seed, self.deal_number, self.first_team)
        events.append(Event(EventKind.DEALT, self.tables[0].dealer))

    # -- views --------------------------------------------------------------------------
    def _public_fields(self) -> dict[str, Any]:
        counts = [0] * SEATS
        for t in self.tables:
            for local, seat in enumerate(t.players):
                counts[seat] = len(t.hand.hands[local])
        return {
            "rules": self.rules,
            "seats": SEATS,
            "teams": TEAMS,
            "deal_number": self.deal_number,
            "dealer": self.tables[0].dealer,
            "dealing_team": self.dealing_team,
            "turn": self.turn,
            "to_act": self.to_act,
            "tables": (self.tables[0].table_view(self.rules), self.tables[1].table_view(self.rules)),
            "card_counts": tuple(counts),
            "games": (game_view(self.game),),
            "team_totals": self.team_totals(),
            "totals": self.totals(),
            "team_hands_won": (self.game.hands_won[0], self.game.hands_won[1]),
            **match_fields(self),
        }

    def public_view(self) -> TeamPublicView:
        return TeamPublicView(**self._public_fields())

    def seat_view(self, seat: int) -> TeamSeatView:
        fields = self._public_fields()
        if not 0 <= seat < SEATS:
            return TeamSeatView(**fields, seat=seat)
        t = self.table_of(seat)
        table = self.tables[t]
        live = not self.finished and not table.over
        return TeamSeatView(**fields, seat=seat, table_index=t, **duel_seat_fields(self, table, seat, live))

    # -- serialisation -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": GAME,
            "format": FORMAT_VERSION,
            "seats": SEATS,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "first_team": self.first_team,
            "deal_number": self.deal_number,
            "tables": [t.to_dict() for t in self.tables],
            "scores": self.game.to_dict(),
            **self._state_dict(),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TeamMatch:
        if d.get("game") != GAME or d.get("seats") != SEATS:
            raise ValueError("not a partnership Gin match")
        check_format(d, FORMAT_VERSION)
        return cls(
            rules=Ruleset.from_dict(d["rules"]),
            seed=d["seed"],
            first_team=d["first_team"],
            deal_number=d["deal_number"],
            tables=[Duel.from_dict(t) for t in d["tables"]],
            game=ScoreColumn.from_dict(d["scores"]),
            history=[TeamHandRecord.from_dict(r) for r in d["history"]],
            **state_from_dict(d),
        )


def _deal_tables(rules: Ruleset, seed: int, deal_number: int, first_team: int) -> list[Duel]:
    """Both tables of a hand: the dealing team's player deals at each; the other moves first."""
    dealing = (first_team + deal_number - 1) % 2
    tables = []
    for i, pair in enumerate(pairings(deal_number)):
        dealer = pair[0] if team_of(pair[0]) == dealing else pair[1]
        other = pair[1] if dealer == pair[0] else pair[0]
        tables.append(Duel.deal((other, dealer), dealer, _deal_rng(seed, deal_number, i), rules))
    return tables
