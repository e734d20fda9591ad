"""The view fields every Gin-family table builds alike: ``pile_fields`` (the public cards of a
deal), ``own_fields`` (a seat's own cards and moves), ``match_fields`` (how the match stands),
and ``KnockHelpers`` on the seat views."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from ..cards import Card, sort_for_display
from ..melds import best_arrangement, best_discards
from .actions import Action, ActionKind
from .core import MatchCore


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
