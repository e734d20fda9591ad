"""What each seat may see, and what everyone may see. Renderer, AI and Discord read only these.

A ``PublicView`` never holds a card from a hidden hand. A ``SeatView`` adds that
seat's own hand, its best arrangement and its legal moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import Card, sort_for_display
from .match import Event, Game, HandRecord, Match, MatchSummary
from .melds import Arrangement, best_arrangement, best_discards
from .rules import Ruleset


@dataclass(frozen=True, slots=True)
class GameView:
    scores: tuple[int, int]
    hands_won: tuple[int, int]
    finished: bool
    winner: int | None
    line_bonus: tuple[int, int]
    game_bonus: int
    shutout: bool
    totals: tuple[int, int]


def _game_view(g: Game) -> GameView:
    return GameView(
        scores=(g.scores[0], g.scores[1]), hands_won=(g.hands_won[0], g.hands_won[1]),
        finished=g.finished, winner=g.winner, line_bonus=(g.line_bonus[0], g.line_bonus[1]),
        game_bonus=g.game_bonus, shutout=g.shutout, totals=(g.totals[0], g.totals[1]),
    )


@dataclass(frozen=True, slots=True)
class PublicView:
    """The table as a spectator sees it."""

    rules: Ruleset
    deal_number: int
    dealer: int
    phase: str  # 'offer', 'draw', 'discard', 'over'
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
    last_events: tuple[Event, ...]
    last_hand: HandRecord | None  # the latest finished deal (hands shown face up at its end)
    hands_played: int
    finished: bool
    winner: int | None
    summary: MatchSummary | None
    moves: int


@dataclass(frozen=True, slots=True)
class SeatView(PublicView):
    """The table as one player sees it: public facts plus that player's own cards and moves."""

    seat: int = 0
    hand: tuple[Card, ...] = ()
    arrangement: Arrangement | None = None
    drawn: Card | None = None  # taken this turn (shown as NEW)
    legal: tuple[Action, ...] = ()
    discard_options: tuple[tuple[Card, int], ...] = ()  # with 11 cards: deadwood after each discard
    opponent_known: tuple[Card, ...] = ()


def _public_fields(m: Match) -> dict:
    hand = m.hand
    return dict(
        rules=m.rules,
        deal_number=m.deal_number,
        dealer=hand.dealer,
        phase=hand.phase.value,
        turn=m.turn,
        stock_count=len(hand.stock),
        discard_top=hand.discards[-1] if hand.discards else None,
        discard_count=len(hand.discards),
        discard_pile=tuple(hand.discards),
        discard_seats=tuple(None if s < 0 else s for s in hand.discarded_by),
        declined=(tuple(hand.declined[0]), tuple(hand.declined[1])),
        card_counts=(len(hand.hands[0]), len(hand.hands[1])),
        known_cards=(tuple(hand.known[0]), tuple(hand.known[1])),
        knock_limit=m.rules.hand_knock_limit(hand.upcard),
        multiplier=m.rules.hand_multiplier(hand.upcard),
        games=tuple(_game_view(g) for g in m.games),
        totals=m.totals(),
        last_events=m.last_events,  # events never carry a hidden card
        last_hand=m.history[-1] if m.history else None,
        hands_played=len(m.history),
        finished=m.finished,
        winner=m.winner,
        summary=m.summary(),
        moves=m.moves,
    )


def public_view(m: Match) -> PublicView:
    return PublicView(**_public_fields(m))


def seat_view(m: Match, seat: int) -> SeatView:
    hand = m.hand
    cards = tuple(hand.hands[seat])
    own_turn = m.turn == seat
    return SeatView(
        **_public_fields(m),
        seat=seat,
        hand=sort_for_display(cards),
        arrangement=best_arrangement(cards),
        drawn=hand.drawn if own_turn else None,
        legal=tuple(m.legal_actions(seat)),
        discard_options=tuple(best_discards(cards)) if len(cards) == 11 else (),
        opponent_known=tuple(hand.known[1 - seat]),
    )
