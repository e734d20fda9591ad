"""The records and views of a partnership match (partners.py): a finished hand of both
tables, the table as everyone sees it and one seat's view. Every name is imported from
partners.py too."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..game import MatchSummary
from ..knock.actions import Action
from ..knock.events import Event
from ..knock.fields import KnockHelpers
from ..knock.rules import Ruleset
from ..melds import Arrangement
from .duel import DuelResult, TableView
from .views import GameView, SeatView

__all__ = ["TeamHandRecord", "TeamPublicView", "TeamSeatView"]


@dataclass(frozen=True, slots=True)
class TeamHandRecord:
    """A finished hand of a partnership: both tables and what the teams scored."""

    number: int
    dealer: int  # the dealer at table 0 (the dealing team deals at both)
    dealing_team: int
    players: tuple[tuple[int, int], tuple[int, int]]  # per table: first to move, dealer
    tables: tuple[DuelResult, DuelResult]
    team_points: tuple[int, int]
    outcome: str  # 'sum', 'difference', 'separate' or 'draw' (nobody scored)
    winner: int | None  # the first seat of the team that scored more (0 or 1), None if neither
    points: int  # what that team scored

    @property
    def knocker(self) -> int | None:
        return None  # two tables, two knockers: see ``tables``

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "dealing_team": self.dealing_team,
            "players": [list(p) for p in self.players],
            "tables": [t.to_dict() for t in self.tables],
            "team_points": list(self.team_points),
            "outcome": self.outcome,
            "knocker": None,
            "winner": self.winner,
            "points": self.points,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TeamHandRecord:
        (a, b), (c, e) = d["players"]
        t0, t1 = (DuelResult.from_dict(t) for t in d["tables"])
        p, q = d["team_points"]
        return cls(
            d["number"],
            d["dealer"],
            d["dealing_team"],
            ((a, b), (c, e)),
            (t0, t1),
            (p, q),
            d["outcome"],
            d["winner"],
            d["points"],
        )


@dataclass(frozen=True, slots=True)
class TeamPublicView:
    """A partnership table as everyone sees it: both games of the hand and the team scores."""

    rules: Ruleset
    seats: int
    teams: tuple[tuple[int, int], tuple[int, int]]
    deal_number: int
    dealer: int  # the dealer at table 0
    dealing_team: int
    turn: int | None
    to_act: tuple[int, ...]
    tables: tuple[TableView, TableView]
    card_counts: tuple[int, ...]  # per seat
    games: tuple[GameView, ...]  # one column, its entries per team
    team_totals: tuple[int, int]
    totals: tuple[int, ...]  # per seat: its team's total
    team_hands_won: tuple[int, int]  # hands each team scored in
    last_events: tuple[Event, ...]
    last_hand: TeamHandRecord | None
    hands_played: int
    finished: bool
    winner: int | None
    summary: MatchSummary | None
    moves: int


@dataclass(frozen=True, slots=True)
class TeamSeatView(TeamPublicView, KnockHelpers):
    seat: int = 0
    table_index: int = 0
    hand: tuple[Card, ...] = ()
    arrangement: Arrangement | None = None
    drawn: Card | None = None
    legal: tuple[Action, ...] = ()
    discard_options: tuple[tuple[Card, int], ...] = ()
    opponent_known: tuple[Card, ...] = ()
    gin_view: SeatView | None = None  # this seat's game as a two-player Gin view (its seats 0, 1: the table's players)
