"""What everyone and what one seat may see of a table game (Colonel, Skarney Gin, Rummy).

A ``TablePublicView`` never holds a card from a hidden hand or the stock: the table's melds, the
discard pile (every card in it was shown face up), hand sizes, cards a seat is known to hold
(taken from the pile, or offered and kept in Skarney) and the events of the current turn. A
``TableSeatView`` adds that seat's own hand, the card it drew this turn and its legal moves.
The fields after ``summary`` belong to one game each and are neutral in the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..game import MatchSummary
from .melds import TableMeld
from .moves import TableAction, TableEvent, TableHand


@dataclass(frozen=True, slots=True)
class ColonelView:
    """Colonel's own fields of a table view."""

    challenger: int | None = None  # a Challenge by this seat awaits the other player's answer
    challenged: bool = False  # the player to move has challenged this turn (once a turn)


@dataclass(frozen=True, slots=True)
class SkarneyView:
    """Skarney Gin's own fields of a table view."""

    offer: Card | None = None  # the card held up, awaiting the answer of the player to act
    offered_by: int | None = None  # the seat that held it up
    refused: Card | None = None  # the card offered and rejected this turn (back in the offerer's hand)
    accepted: Card | None = None  # taken from the opponent this turn: it may not be offered back now
    contract: tuple[bool, ...] = ()  # per seat, the contract meld is down
    last_card: tuple[bool, ...] = ()  # per seat, announced 'last card' and still holds one card
    draw_lost: bool = False  # the player to move accepted an ace and does not draw this turn
    final_turn: bool = False  # the stock is down to 2: this turn ends the hand


@dataclass(frozen=True, slots=True)
class RummyView:
    """Rummy's own fields of a table view."""

    renewals: int = 0  # times this hand's stock was rebuilt from the pile
    laid_before: tuple[bool, ...] = ()  # per seat, melded or laid off in an earlier turn of the hand (no rummy)
    hands_left: int | None = None  # a match of a fixed number of hands: how many are still to play


OwnView = ColonelView | SkarneyView | RummyView


@dataclass(frozen=True, slots=True)
class TablePublicView:
    game: str  # 'colonel', 'skarney' or 'rummy'
    rules: Any
    seats: int
    deal_number: int  # the hand being played, 1-based
    dealer: int
    turn: int | None  # the seat to act (the one answering an offer or a Challenge while it does)
    to_act: tuple[int, ...]
    current: int | None  # the seat whose turn it is (None once the match is over)
    phase: str  # 'draw', 'play', 'respond' (an offer or a Challenge awaits an answer) or 'over'
    stock_count: int
    pile_count: int
    pile_top: Card | None
    pile: tuple[Card, ...]  # bottom first
    melds: tuple[TableMeld, ...]  # every meld on the table, by number
    melds_by_owner: tuple[tuple[TableMeld, ...], ...]  # per seat, the melds it laid
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]  # per seat, cards everyone knows it holds
    scores: tuple[int, ...]
    hands_won: tuple[int, ...]
    last_events: tuple[TableEvent, ...]  # the whole current turn (or the last one, until the next player moves)
    last_hand: TableHand | None
    hands_played: int
    finished: bool
    winner: int | None
    moves: int
    summary: MatchSummary | None
    own: OwnView  # the game's own fields (ColonelView, SkarneyView or RummyView)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Everyone plays alone at this table."""
        return ()


@dataclass(frozen=True, slots=True)
class TableSeatView(TablePublicView):
    seat: int = 0
    hand: tuple[Card, ...] = ()
    hand_points: int = 0  # the value of the cards in hand
    drawn: Card | None = None  # drawn this turn (from the stock: only this seat knows it)
    legal: tuple[TableAction, ...] = ()
    meld_options: tuple[TableAction, ...] = ()  # the melds (or contracts) legal now, best first
    layoff_options: tuple[tuple[Card, int], ...] = ()  # (card, meld number) legal now


__all__ = ["ColonelView", "OwnView", "RummyView", "SkarneyView", "TablePublicView", "TableSeatView"]
