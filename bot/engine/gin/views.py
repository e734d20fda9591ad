"""What each seat may see, and what everyone may see. Renderer, AI and Discord read only these.

A ``PublicView`` never holds a card from a hidden hand. A ``SeatView`` adds that
seat's own hand, its best arrangement and its legal moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..game import MatchSummary
from ..knock.actions import Action
from ..knock.column import ScoreColumn
from ..knock.deal import HandState, Phase
from ..knock.events import Event
from ..knock.fields import KnockHelpers, pile_fields
from ..knock.rules import Ruleset
from ..melds import Arrangement
from .records import HandRecord


@dataclass(frozen=True, slots=True)
class GameView:
    """One scoring column; the tuples have an entry per scorer (seat, or team in a partnership)."""

    scores: tuple[int, ...]
    hands_won: tuple[int, ...]
    finished: bool
    winner: int | None
    line_bonus: tuple[int, ...]
    game_bonus: int
    shutout: bool
    totals: tuple[int, ...]
    shutout_points: int = 0  # what the shutout rule added to the winner's total


def game_view(g: ScoreColumn) -> GameView:
    return GameView(
        scores=tuple(g.scores),
        hands_won=tuple(g.hands_won),
        finished=g.finished,
        winner=g.winner,
        line_bonus=tuple(g.line_bonus),
        game_bonus=g.game_bonus,
        shutout=g.shutout,
        totals=tuple(g.totals),
        shutout_points=g.shutout_points,
    )


@dataclass(frozen=True, slots=True)
class PublicView:
    """The table as a spectator sees it."""

    rules: Ruleset
    deal_number: int
    dealer: int
    phase: Phase
    turn: int | None  # None once the match is over
    stock_count: int
    discard_top: Card | None
    discard_count: int
    discard_pile: tuple[Card, ...]  # bottom first; every card in it was shown face up
    discard_seats: tuple[int | None, ...]  # who discarded each pile card (None: the dealt upcard)
    declined: tuple[tuple[Card, ...], tuple[Card, ...]]  # per seat: top cards it saw and did not take
    card_counts: tuple[int, int]
    known_cards: tuple[tuple[Card, ...], tuple[Card, ...]]  # taken from the pile, still held, per seat
    knock_limit: int
    multiplier: int  # 2 in an Oklahoma hand that began with a spade
    games: tuple[GameView, ...]
    totals: tuple[int, int]
    last_events: tuple[Event, ...]  # the whole current turn: a draw and its discard, a knock and the score
    last_hand: HandRecord | None  # the latest finished deal (hands shown face up at its end)
    hands_played: int
    finished: bool
    winner: int | None
    summary: MatchSummary | None
    moves: int

    @property
    def seats(self) -> int:
        return 2

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.turn is None or self.finished else (self.turn,)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Everyone plays alone at this table."""
        return ()


@dataclass(frozen=True, slots=True)
class SeatView(PublicView, KnockHelpers):
    """The table as one player sees it: public facts plus that player's own cards and moves
    (``can_knock``, ``can_gin`` and ``best_knock`` read its legal moves)."""

    seat: int = 0
    hand: tuple[Card, ...] = ()
    arrangement: Arrangement | None = None
    drawn: Card | None = None  # taken this turn (shown as NEW)
    legal: tuple[Action, ...] = ()
    discard_options: tuple[tuple[Card, int], ...] = ()  # with 11 cards: deadwood after each discard
    opponent_known: tuple[Card, ...] = ()

    @property
    def gin_view(self) -> SeatView:
        """This seat's two-player Gin view: itself (three and four seats have a field of that name)."""
        return self


def hand_fields(hand: HandState, rules: Ruleset, seat_of: tuple[int, int] | None = None) -> dict[str, Any]:
    """The public part of a two-player deal (``pile_fields`` and the hand's knock limit and multiplier);
    ``seat_of`` maps its seats to the view's."""
    return {
        **pile_fields(hand, seat_of),
        "knock_limit": rules.hand_knock_limit(hand.upcard),
        "multiplier": rules.hand_multiplier(hand.upcard),
    }


__all__ = ["GameView", "PublicView", "SeatView", "game_view", "hand_fields"]
