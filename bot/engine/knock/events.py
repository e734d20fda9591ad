"""What happened at a table: the events every Gin-family match reports, their JSON form and the turn they join.

A move's own event comes from ``move_events``; ``merge_turn`` makes ``last_events``, the whole
current turn (a draw and its discard, a knock and the score).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..cards import Card, parse_card
from .actions import Action, ActionKind


class EventKind(StrEnum):
    TOOK_UPCARD = "took_upcard"
    PASSED = "passed"
    DREW_STOCK = "drew_stock"
    DREW_DISCARD = "drew_discard"
    DISCARDED = "discarded"
    HAND_SCORED = "hand_scored"  # a knock, gin or big gin was scored
    HAND_DRAWN = "hand_drawn"  # the stock ran down to 2
    GAME_ENDED = "game_ended"
    MATCH_ENDED = "match_ended"
    RESIGNED = "resigned"
    DEALT = "dealt"
    TABLE_ENDED = "table_ended"  # partnerships: one table's hand is over (``game``: the table; ``seat``: its scorer)
    PLAYER_OUT = "player_out"  # Knockout: the seat reached the limit and is out


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``card`` is set only when every player saw it."""

    kind: EventKind
    seat: int | None = None
    card: Card | None = None
    game: int | None = None  # GAME_ENDED: which game; TABLE_ENDED: which table


MOVE_EVENTS = {
    ActionKind.DISCARD: EventKind.DISCARDED,
    ActionKind.DRAW_STOCK: EventKind.DREW_STOCK,
    ActionKind.DRAW_DISCARD: EventKind.DREW_DISCARD,
    ActionKind.TAKE_UPCARD: EventKind.TOOK_UPCARD,
    ActionKind.PASS: EventKind.PASSED,
}
CARD_EVENTS = {EventKind.DISCARDED, EventKind.DREW_DISCARD, EventKind.TOOK_UPCARD}  # their card is public
# A turn's later events join its first ones in ``last_events`` unless the turn passed or a hand ended.
TURN_BREAKS = {
    EventKind.HAND_SCORED,
    EventKind.HAND_DRAWN,
    EventKind.DEALT,
    EventKind.RESIGNED,
    EventKind.MATCH_ENDED,
    EventKind.PASSED,
    EventKind.TABLE_ENDED,
    EventKind.PLAYER_OUT,
}
_K_DISCARD = ActionKind.DISCARD
_EVENTS: dict[tuple[EventKind, int | None, Card | None], Event] = {}


def _event(kind: EventKind, seat: int | None, card: Card | None) -> Event:
    """Shared Event instances for the per-move events (they are immutable and few)."""
    key = (kind, seat, card)
    ev = _EVENTS.get(key)
    if ev is None:
        ev = _EVENTS[key] = Event(kind, seat, card)
    return ev


def move_events(seat: int, action: Action, top: Card | None) -> list[Event]:
    """The events of ``seat``'s move (``top``: the pile's top card before it): one, or none for a knock."""
    kind = MOVE_EVENTS.get(action.kind)
    if kind is None:
        return []
    card = action.card if action.kind is _K_DISCARD else top
    return [_event(kind, seat, card if kind in CARD_EVENTS else None)]


def merge_turn(previous: tuple[Event, ...], events: list[Event]) -> tuple[Event, ...]:
    """``last_events`` after a move: its events join the previous ones when the same seat goes on with its turn."""
    same_turn = (
        previous
        and events
        and previous[-1].seat == events[0].seat
        and previous[-1].kind not in TURN_BREAKS
        and events[0].kind not in TURN_BREAKS
    )
    return previous + tuple(events) if same_turn else tuple(events)


def event_to_dict(e: Event) -> dict[str, Any]:
    return {"kind": e.kind.value, "seat": e.seat, "card": str(e.card) if e.card else None, "game": e.game}


def event_from_dict(d: dict[str, Any]) -> Event:
    return Event(EventKind(d["kind"]), d["seat"], parse_card(d["card"]) if d["card"] else None, d["game"])
