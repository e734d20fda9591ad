"""The trace of a self-played match (``python -m bot selfplay --trace``): enough for an outside
referee to re-derive every point from the dealt cards and the moves (docs/selfplay-trace.md).

Self-play sees every seat, so the trace may show every hand: it is written for checking the
engine, never shown to players. Lines, each one JSON object:

* ``{"rules": ..., "game": ..., "seats": n, "seed": s}`` first: the rules in force;
* ``{"deal": n, "dealer": d, "sits_out": [...], "hands": {"0": "AS 2C ...", ...}}`` when a hand
  is dealt (``sits_out``: seats dealt no cards, e.g. three-player Gin's dealer);
* ``{"move": [seat, "discard 7H"], "took": "5C", "gave": "7H"}`` for every move: the cards that
  entered and left the mover's hand (a draw from the stock shows the card drawn);
* ``{"hand_end": ...}`` when a hand is scored: the engine's record of it (melds, deadwood,
  lay-offs, bonuses and points, in the game's own JSON form);
* ``{"final": ...}`` last: the whole match as the engine saved it at the end (every scoring
  column with its bonuses by name).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from bot.engine import AnyState, Card, format_cards, parse_card


def _cards(cards: Sequence[object]) -> str:
    return format_cards([c for c in cards if isinstance(c, Card)])


def _named_cards(action: str) -> str:
    """The card codes an action's text names ('meld 7H 8H 9H' -> '7H 8H 9H'; 'layoff 9D 1' -> '9D')."""
    named = []
    for word in action.split():
        try:
            named.append(parse_card(word))
        except ValueError:
            continue
    return format_cards(named)


class Tracer:
    """Watches one match move by move and yields its trace lines."""

    def __init__(self, game: str, state: AnyState) -> None:
        self.state = state
        self.game = game
        self.deal = 0
        self.hands_seen = 0

    def _hand(self, seat: int) -> list[object]:
        return list(self.state.seat_view(seat).hand)

    def start(self) -> Iterator[dict[str, Any]]:
        """The rules line and the first deal."""
        s = self.state
        yield {"rules": s.rules.to_dict(), "game": self.game, "seats": s.seats, "seed": s.seed}
        yield from self._new_deal()

    def _new_deal(self) -> Iterator[dict[str, Any]]:
        view = self.state.public_view()
        if view.finished or view.deal_number == self.deal:
            return
        self.deal = view.deal_number
        hands = {seat: self._hand(seat) for seat in range(self.state.seats)}
        yield {
            "deal": view.deal_number,
            "dealer": view.dealer,
            "sits_out": [seat for seat, cards in hands.items() if not cards],
            "hands": {str(seat): _cards(cards) for seat, cards in hands.items() if cards},
        }

    def move(self, seat: int, action: object, before: Sequence[object]) -> Iterator[dict[str, Any]]:
        """The lines of a move just applied (``before``: the mover's hand before it)."""
        after = self._hand(seat) if not self.state.finished else []
        took = Counter(after) - Counter(before)
        gave = Counter(before) - Counter(after)
        line: dict[str, Any] = {"move": [seat, str(action)]}
        hands = self.state.hands
        if len(hands) > self.hands_seen:
            # the hand ended and the next may be dealt already: the cards the move put down are the ones it names
            line["took"], line["gave"] = "", _named_cards(str(action))
        else:
            line["took"], line["gave"] = _cards(list(took.elements())), _cards(list(gave.elements()))
        yield line
        while self.hands_seen < len(hands):
            yield {"hand_end": hands[self.hands_seen].to_dict()}
            self.hands_seen += 1
        if self.state.finished:
            yield {"final": self.state.to_dict()}
        else:
            yield from self._new_deal()

    def hand_before(self, seat: int) -> list[object]:
        """The mover's hand before his move (pass it to ``move``)."""
        return self._hand(seat)
