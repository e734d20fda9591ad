"""What a player can do, in a form that prints, parses and fits in a Discord custom_id."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..cards import DECK, Card, parse_card


class ActionKind(StrEnum):
    TAKE_UPCARD = "take"  # first turn: take the face-up card
    PASS = "pass"  # first turn: refuse it
    DRAW_STOCK = "stock"
    DRAW_DISCARD = "discard_pile"
    DISCARD = "discard"
    KNOCK = "knock"  # discard face down and lay out, deadwood within the limit
    GIN = "gin"  # a knock with no deadwood
    BIG_GIN = "big_gin"  # all 11 cards in melds, no discard
    RESIGN = "resign"


_NEEDS_CARD = {ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN}


@dataclass(frozen=True, slots=True)
class Action:
    kind: ActionKind
    card: Card | None = None

    def __post_init__(self) -> None:
        if (self.kind in _NEEDS_CARD) != (self.card is not None):
            raise ValueError(f"{self.kind.value} {'needs' if self.kind in _NEEDS_CARD else 'takes no'} card")

    def __str__(self) -> str:
        return self.kind.value if self.card is None else f"{self.kind.value} {self.card}"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Inverse of ``str``: ``'discard 7H'``, ``'stock'``, ``'big_gin'``."""
        parts = text.split()
        if not parts:
            raise ValueError("empty action")
        try:
            kind = ActionKind(parts[0].lower())
        except ValueError:
            raise ValueError(f"unknown action {parts[0]!r}") from None
        if len(parts) > 2:
            raise ValueError(f"too many words in action {text!r}")
        card = parse_card(parts[1]) if len(parts) == 2 else None
        if (kind in _NEEDS_CARD) != (card is not None):
            raise ValueError(f"{kind.value} {'needs' if kind in _NEEDS_CARD else 'takes no'} card")
        return action(kind, card)


def action(kind: ActionKind, card: Card | None = None) -> Action:
    """The shared instance of an action (actions are immutable; the hot loop reuses them)."""
    return _INTERNED[(kind, card)]


_INTERNED: dict[tuple[ActionKind, Card | None], Action] = {
    (k, c): Action(k, c) for k in ActionKind for c in ((None,) if k not in _NEEDS_CARD else DECK)
}

# Short constructors for callers and tests.
TAKE = action(ActionKind.TAKE_UPCARD)
PASS = action(ActionKind.PASS)
DRAW_STOCK = action(ActionKind.DRAW_STOCK)
DRAW_DISCARD = action(ActionKind.DRAW_DISCARD)
BIG_GIN = action(ActionKind.BIG_GIN)
RESIGN = action(ActionKind.RESIGN)


def discard(card: Card) -> Action:
    return action(ActionKind.DISCARD, card)


def knock(card: Card) -> Action:
    return action(ActionKind.KNOCK, card)


def gin(card: Card) -> Action:
    return action(ActionKind.GIN, card)
