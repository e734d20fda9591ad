"""A Knockout deal for two to four players on bitmasks, played to its end fast (the expert's play-outs).

Like Gin's (bot/ai/gin/sim.py): the engine's rules of a Knockout deal (docs/rules.md#knockout-gin:
one stock and one pile in turn, no upcard offer, a pile card not discarded at once, the knock
limit, big gin, the drawn deal at two stock cards) on masks, the end scored by the knock scorer
of bot/ai/knock/score.py, which lays the hands out as the engine does. Every seat is played by
``greedy``, the Knockout AI's easy habits (the pile card only to meld it, the least deadwood, any
knock at once). tests/ai/test_knockout_sim.py plays the same deals here and in the engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import FULL_MASK, Card
from bot.engine.knock import STOCK_FLOOR, Action, ActionKind
from bot.engine.knockout import KnockoutSeatView

from ..knock.moves import BIG_GIN, DISCARD, DISCARD_, DRAW, GIN, KINDS, KNOCK, OVER, PILE, STOCK, SimMove
from ..knock.score import knockout_penalties
from ..knock.values import best_discard, card_joins, is_big_gin


class KnockoutDeal:
    """One deal's cards and turn, seats as at the table; ``penalties`` once over (per seat, 0 for a drawn deal)."""

    __slots__ = (
        "big_gin",
        "forbidden",
        "hands",
        "known",
        "limit",
        "order",
        "penalties",
        "phase",
        "pile",
        "stock",
        "turn",
    )

    def __init__(
        self,
        order: tuple[int, ...],
        hands: list[int],
        stock: list[int],
        pile: list[int],
        turn: int,
        phase: int,
        *,
        limit: int,
        big_gin: bool,
        forbidden: int = 0,
        known: list[int] | None = None,
    ) -> None:
        self.order = order
        self.hands = hands  # per seat (0 for a seat not in this deal)
        self.stock = stock  # card bits, the top last
        self.pile = pile
        self.turn = turn
        self.phase = phase
        self.limit = limit
        self.big_gin = big_gin
        self.forbidden = forbidden
        self.known = known if known is not None else [0] * len(hands)
        self.penalties = [0] * len(hands)

    def copy(self) -> KnockoutDeal:
        d = KnockoutDeal.__new__(KnockoutDeal)
        d.order, d.turn, d.phase = self.order, self.turn, self.phase
        d.hands, d.stock, d.pile = self.hands[:], self.stock[:], self.pile[:]
        d.limit, d.big_gin, d.forbidden = self.limit, self.big_gin, self.forbidden
        d.known, d.penalties = self.known[:], self.penalties[:]
        return d

    def play(self, move: SimMove) -> None:
        """Apply one move of the seat to move (assumed legal)."""
        kind, bit = move
        seat = self.turn
        if kind in (STOCK, PILE):
            card = self.stock.pop() if kind == STOCK else self.pile.pop()
            self.hands[seat] |= card
            self.forbidden = card if kind == PILE else 0
            if kind == PILE:
                self.known[seat] |= card
            self.phase = DISCARD
        elif kind == DISCARD_:
            self.hands[seat] ^= bit
            self.known[seat] &= ~bit
            self.pile.append(bit)
            self.forbidden = 0
            if len(self.stock) <= STOCK_FLOOR:
                self.phase = OVER
            else:
                order = self.order
                self.turn = order[(order.index(seat) + 1) % len(order)]
                self.phase = DRAW
        else:
            cards = self.hands[seat] if kind == BIG_GIN else self.hands[seat] ^ bit
            order = self.order
            i = order.index(seat)
            others = order[i + 1 :] + order[:i]
            penalties = knockout_penalties(cards, [self.hands[s] for s in others])
            for s, p in zip((seat, *others), penalties, strict=True):
                self.penalties[s] = p
            self.phase = OVER


Policy = Callable[[KnockoutDeal], SimMove]


def greedy(deal: KnockoutDeal) -> SimMove:
    """The pile card only to meld it, big gin, gin or any knock at once, else the least deadwood."""
    h = deal.hands[deal.turn]
    if deal.phase == DRAW:
        return (PILE, 0) if deal.pile and card_joins(h, deal.pile[-1]) else (STOCK, 0)
    if deal.big_gin and is_big_gin(h):
        return (BIG_GIN, 0)
    dw, bit = best_discard(h, deal.forbidden)
    if dw == 0:
        return (GIN, bit)
    return (KNOCK, bit) if dw <= deal.limit else (DISCARD_, bit)


MAX_MOVES = 600


def play_out(deal: KnockoutDeal, policy: Policy = greedy) -> list[int]:
    """Play the deal to its end; each seat's penalty (all 0 for a drawn deal)."""
    moves = 0
    while deal.phase != OVER:
        deal.play(policy(deal))
        moves += 1
        if moves > MAX_MOVES:
            return [0] * len(deal.hands)
    return deal.penalties


def sim_move(a: Action) -> SimMove:
    return (KINDS[a.kind], a.card.bit if a.card is not None else 0)


def _mask(cards: tuple[Card, ...]) -> int:
    m = 0
    for c in cards:
        m |= c.bit
    return m


class Guesser:
    """Guesses at what one seat cannot see: every other hand's hidden cards and the stock order.

    The cards another player took from the pile and still holds stay in his hand; the rest of the
    unseen cards are dealt at random, then each player's stock draws so far are replayed, half of
    them, each followed by the discard that leaves him the least deadwood (as Gin's guess.py)."""

    __slots__ = ("hidden", "known", "seats", "steps", "unseen")

    def __init__(self, view: KnockoutSeatView) -> None:
        seen = _mask(view.hand) | _mask(view.discard_pile)
        self.known = [_mask(k) if s != view.seat else 0 for s, k in enumerate(view.known_cards)]
        for k in self.known:
            seen |= k
        self.unseen = [1 << i for i in range(64) if (FULL_MASK & ~seen) >> i & 1]
        self.seats = [s for s in view.order if s != view.seat]
        self.hidden = {s: view.card_counts[s] - len(view.known_cards[s]) for s in self.seats}
        initial = 52 - len(view.order) * view.rules.cards_for(view.seats, len(view.order)) - 1
        drawn_each = max(0, (initial - view.stock_count) // max(1, len(view.order)))
        spare = len(self.unseen) - sum(self.hidden.values())
        self.steps = min(drawn_each // 2, spare // max(1, len(self.seats)))

    def guess(self, rng: random.Random) -> tuple[dict[int, int], list[int]]:
        """(the hand of every other player in the deal, the stock as card bits, top last)."""
        cards = self.unseen[:]
        rng.shuffle(cards)
        hands = {}
        at = 0
        for s in self.seats:
            h = self.known[s]
            for bit in cards[at : at + self.hidden[s]]:
                h |= bit
            at += self.hidden[s]
            hands[s] = h
        for s in self.seats:
            for bit in cards[at : at + self.steps]:
                h = hands[s] | bit
                _, out = best_discard(h, self.known[s])
                hands[s] = h ^ out  # the card let go stays among the unknown cards: the stock
            at += self.steps
        held = 0
        for h in hands.values():
            held |= h
        stock = [bit for bit in cards if not bit & held]
        rng.shuffle(stock)
        return hands, stock


def deal_from_view(view: KnockoutSeatView, hands: dict[int, int], stock: list[int]) -> KnockoutDeal:
    """The deal as ``view`` shows it, with guessed hands for the others and a guessed stock."""
    seat = view.seat
    all_hands = [0] * view.seats
    all_hands[seat] = _mask(view.hand)
    for s, h in hands.items():
        all_hands[s] = h
    drawn = view.drawn
    from_pile = drawn is not None and not any(a.kind is ActionKind.DISCARD and a.card is drawn for a in view.legal)
    return KnockoutDeal(
        tuple(view.order),
        all_hands,
        stock,
        [c.bit for c in view.discard_pile],
        seat,
        DISCARD if view.phase.value == "discard" else DRAW,
        limit=view.knock_limit,
        big_gin=view.rules.big_gin,
        forbidden=drawn.bit if drawn is not None and from_pile else 0,
        known=[_mask(k) for k in view.known_cards],
    )
