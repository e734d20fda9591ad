"""What one seat knows about the cards, taken from its SeatView alone.

Every card is in exactly one of four places from this seat's point of view:

* ``own``: its own hand;
* ``pile``: the discard pile (every card in it was shown face up, so it is in no hand);
* ``opp_known``: cards the opponent took from the pile and still holds;
* ``unseen``: the rest, i.e. the opponent's hidden cards plus the stock, in an order
  this seat cannot know. Without further evidence each unseen card is equally likely
  to be the next stock card, and equally likely to be in the opponent's hand.

The opponent's hidden cards are never read: the whole AI works from these masks, so
the same view always gives the same knowledge (tests/ai/test_view_only.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import FULL_MASK, Card, card_at, mask_of
from bot.engine.gin import SeatView
from bot.engine.knock import ActionKind


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Card masks and counts for one decision (see the module docstring)."""

    own: int
    pile: int
    opp_known: int
    unseen: int
    unseen_cards: tuple[Card, ...]
    opp_hidden: int  # how many of the opponent's cards are unseen
    stock_count: int
    knock_limit: int
    top: Card | None  # the discard pile's top card
    drawn: Card | None
    drawn_from_pile: bool  # the card drawn this turn came from the pile: it may not be discarded
    # Cards the opponent discarded (still in the pile) or saw on top and did not take:
    # evidence that it holds no pair that melds with them (it would have kept or taken them).
    opp_neg: int = 0
    runs: bool = False  # Sequence Gin: only runs are melds

    @property
    def p_opp(self) -> float:
        """Chance that one given unseen card is in the opponent's hand."""
        n = self.unseen.bit_count()
        return self.opp_hidden / n if n else 0.0


def cards_in(mask: int) -> tuple[Card, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(card_at(low.bit_length() - 1))
        mask ^= low
    return tuple(out)


def knowledge_of(view: SeatView) -> Knowledge:
    """Build the knowledge masks from a seat's view."""
    own = mask_of(view.hand)
    pile = mask_of(view.discard_pile)
    opp_known = mask_of(view.opponent_known)
    unseen = FULL_MASK & ~(own | pile | opp_known)
    opp_count = view.card_counts[1 - view.seat]
    drawn = view.drawn
    # The engine forbids discarding a card just taken from the pile; the legal moves
    # show it: such a card has no plain discard among them.
    from_pile = False
    if drawn is not None and view.phase == "discard":
        from_pile = not any(a.kind is ActionKind.DISCARD and a.card is drawn for a in view.legal)
    opp = 1 - view.seat
    neg = mask_of(view.declined[opp]) if view.declined else 0
    for card, by in zip(view.discard_pile, view.discard_seats or (), strict=False):
        if by == opp:
            neg |= card.bit
    return Knowledge(
        runs=view.rules.sequence,
        opp_neg=neg,
        own=own,
        pile=pile,
        opp_known=opp_known,
        unseen=unseen,
        unseen_cards=cards_in(unseen),
        opp_hidden=max(0, opp_count - len(view.opponent_known)),
        stock_count=view.stock_count,
        knock_limit=view.knock_limit,
        top=view.discard_top,
        drawn=drawn,
        drawn_from_pile=from_pile,
    )
