"""A two-player Gin deal on bitmasks, played to its end fast: the play-outs of the searching players.

The engine's ``HandState`` validates and records every move; a search plays thousands of deals a
decision, so this copy keeps only what play needs: both hands and the pile as masks, the stock
(top last), whose turn and what phase. The rules are the engine's (docs/rules.md#a-turn: the
upcard offer, draws, a pile card not discarded at once, the knock limit of the hand, gin
compulsory, big gin, the drawn hand at two stock cards); a finished deal is scored by the
engine's own scorer (``score_knock``, ``score_low``), so lay-offs and undercuts are exact.
tests/ai/test_sim.py plays the same deals here and in the engine and checks that they agree.

Hand values come from ``values.py`` (deadwood and best discards cached by the melding cards).
A ``Policy`` decides every move of a play-out for both seats from that seat's own cards and the
public pile: ``GREEDY`` is the simple player (greedy.py's rules), ``policy.py`` the stronger one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from bot.engine import FULL_MASK, cards_of
from bot.engine.gin import SeatView
from bot.engine.knock import OKLAHOMA, STOCK_FLOOR, Action, Ruleset, score_low

from ..knock.moves import (
    BIG_GIN,
    DISCARD,
    DISCARD_,
    DRAW,
    GIN,
    KINDS,
    KNOCK,
    OFFER,
    OVER,
    PASS,
    PILE,
    STOCK,
    TAKE,
    SimMove,
)
from ..knock.score import knock_points
from ..knock.values import VALUE, best_discard, card_joins, deadwood, is_big_gin

_PHASES = {"offer": OFFER, "draw": DRAW, "discard": DISCARD, "over": OVER}


@dataclass(frozen=True, slots=True)
class SimRules:
    """The rules of one deal as the simulation reads them (the knock limit fixed for the deal)."""

    limit: int
    big_gin: bool
    gin_compulsory: bool
    runs: bool  # Sequence Gin: only runs are melds
    stock_out_lower: bool
    multiplier: int
    scoring: Ruleset  # the engine's rules for the scorer, with this deal's knock limit fixed


def sim_rules(view: SeatView) -> SimRules:
    """The simulation's rules for the deal of ``view`` (Oklahoma's limit and spade double read from the view)."""
    rules = view.rules
    scoring = rules
    if rules.knock_limit == OKLAHOMA:
        scoring = replace(rules, knock_limit=view.knock_limit, oklahoma_spade_double=False)
    return SimRules(
        limit=view.knock_limit,
        big_gin=rules.big_gin,
        gin_compulsory=rules.gin_compulsory,
        runs=rules.sequence,
        stock_out_lower=rules.stock_out == "lower",
        multiplier=view.multiplier,
        scoring=scoring,
    )


class Deal:
    """One deal's cards and turn; ``play`` moves it on. Seats 0 and 1 as in the view it came from."""

    __slots__ = (
        "dealer",
        "forbidden",
        "hands",
        "known",
        "passes",
        "phase",
        "pile",
        "pile_mask",
        "points",
        "stock",
        "stock_only",
        "turn",
    )

    def __init__(
        self,
        hands: list[int],
        stock: list[int],
        pile: list[int],
        turn: int,
        phase: int,
        dealer: int,
        *,
        passes: int = 0,
        stock_only: bool = False,
        forbidden: int = 0,
        known: list[int] | None = None,
    ) -> None:
        self.hands = hands
        self.stock = stock  # card bits, the top last
        self.pile = pile  # card bits, the top last
        self.pile_mask = 0
        for bit in pile:
            self.pile_mask |= bit
        self.turn = turn
        self.phase = phase
        self.dealer = dealer
        self.passes = passes
        self.stock_only = stock_only
        self.forbidden = forbidden  # the card taken from the pile this turn: not to be discarded now
        self.known = known if known is not None else [0, 0]  # per seat: pile cards taken and still held
        self.points = 0  # when over: for seat 0 (negative: seat 1 scored)

    def copy(self) -> Deal:
        d = Deal.__new__(Deal)
        d.hands = self.hands[:]
        d.stock = self.stock[:]
        d.pile = self.pile[:]
        d.pile_mask = self.pile_mask
        d.turn = self.turn
        d.phase = self.phase
        d.dealer = self.dealer
        d.passes = self.passes
        d.stock_only = self.stock_only
        d.forbidden = self.forbidden
        d.known = self.known[:]
        d.points = self.points
        return d

    def unseen(self, seat: int) -> int:
        """The cards ``seat`` cannot see: the stock and the other hand's cards not taken from the pile."""
        return FULL_MASK & ~(self.hands[seat] | self.pile_mask | self.known[1 - seat])

    # -- the moves -------------------------------------------------------------------------------
    def play(self, move: SimMove, rules: SimRules) -> None:
        """Apply one move of the seat to move (assumed legal: the policies only make legal ones)."""
        kind, bit = move
        seat = self.turn
        if kind in (TAKE, PILE):
            top = self.pile.pop()
            self.pile_mask ^= top
            self.hands[seat] |= top
            self.known[seat] |= top
            self.forbidden = top
            self.phase = DISCARD
            self.stock_only = False
        elif kind == STOCK:
            self.hands[seat] |= self.stock.pop()
            self.forbidden = 0
            self.phase = DISCARD
            self.stock_only = False
        elif kind == PASS:
            self.passes += 1
            if self.passes == 2:
                self.stock_only = True
                self.phase = DRAW
                self.turn = 1 - self.dealer
            else:
                self.turn = self.dealer
        elif kind == DISCARD_:
            h = self.hands[seat] ^ bit
            if rules.gin_compulsory and deadwood(h, rules.runs) == 0:
                self._finish(seat, h, rules)
                return
            self.hands[seat] = h
            self.known[seat] &= ~bit
            self.pile.append(bit)
            self.pile_mask |= bit
            self.forbidden = 0
            if len(self.stock) <= STOCK_FLOOR:
                self._stock_out(rules)
            else:
                self.turn = 1 - seat
                self.phase = DRAW
        elif kind == BIG_GIN:
            self._finish(seat, self.hands[seat], rules)
        else:  # KNOCK, GIN: the card goes face down
            self._finish(seat, self.hands[seat] ^ bit, rules)

    def _finish(self, knocker: int, cards: int, rules: SimRules) -> None:
        self.phase = OVER
        by_knocker, points = knock_points(cards, self.hands[1 - knocker], rules.scoring, rules.limit)
        if by_knocker is not None:
            pts = points * rules.multiplier
            self.points = pts if (knocker == 0) == by_knocker else -pts

    def _stock_out(self, rules: SimRules) -> None:
        self.phase = OVER
        if not rules.stock_out_lower:
            return
        a, b = self.hands
        da, db = deadwood(a, rules.runs), deadwood(b, rules.runs)
        if da == db:
            return
        low = 0 if da < db else 1
        result = score_low(cards_of(self.hands[low]), cards_of(self.hands[1 - low]), rules.scoring)
        if result is not None:
            self._score(low, result.scorer, result.points, rules)

    def _score(self, knocker: int, scorer: str | None, points: int, rules: SimRules) -> None:
        self.phase = OVER
        if scorer is None:
            return
        winner = knocker if scorer == "knocker" else 1 - knocker
        pts = points * rules.multiplier
        self.points = pts if winner == 0 else -pts


Policy = Callable[[Deal, SimRules], SimMove]


def greedy(deal: Deal, rules: SimRules) -> SimMove:
    """The simple player (greedy.py): the pile card only to meld it, the lowest deadwood, any knock at once."""
    seat = deal.turn
    h = deal.hands[seat]
    phase = deal.phase
    runs = rules.runs
    if phase in (DRAW, OFFER):
        pile = deal.pile
        if pile and (phase == OFFER or not deal.stock_only) and card_joins(h, pile[-1], runs):
            return (TAKE, 0) if phase == OFFER else (PILE, 0)
        return (PASS, 0) if phase == OFFER else (STOCK, 0)
    if rules.big_gin and is_big_gin(h, runs):
        return (BIG_GIN, 0)
    dw, bit = best_discard(h, deal.forbidden, runs)
    if dw == 0:
        return (GIN, bit)
    if dw <= rules.limit:
        return (KNOCK, bit)
    return (DISCARD_, bit)


GREEDY: Policy = greedy
MAX_MOVES = 400  # a play-out stops here (two policies passing pile cards back and forth forever): no score


def play_out(deal: Deal, rules: SimRules, policy: Policy, other: Policy | None = None) -> int:
    """Play the deal to its end (seat 0 by ``policy``, seat 1 by ``other``, default the same); the
    points for seat 0 (negative: seat 1 scored; 0 for a drawn deal)."""
    policies = (policy, other or policy)
    moves = 0
    while deal.phase != OVER:
        deal.play(policies[deal.turn](deal, rules), rules)
        moves += 1
        if moves > MAX_MOVES:
            return 0
    return deal.points


# -- between the engine and the simulation ---------------------------------------------------------


def sim_move(a: Action) -> SimMove:
    """The simulation's form of an engine move."""
    return (KINDS[a.kind], a.card.bit if a.card is not None else 0)


def deal_from_view(view: SeatView, opp_hidden: int, stock: list[int], knowledge_drawn_from_pile: bool) -> Deal:
    """The deal as ``view`` shows it with a guess at what it hides: the opponent's hidden cards (a
    mask) and the stock order (top last). The seat of the view is to move."""
    seat = view.seat
    own = 0
    for c in view.hand:
        own |= c.bit
    opp_known = 0
    for c in view.opponent_known:
        opp_known |= c.bit
    hands = [0, 0]
    hands[seat] = own
    hands[1 - seat] = opp_known | opp_hidden
    known = [0, 0]
    known[1 - seat] = opp_known
    known[seat] = sum(c.bit for c in view.known_cards[seat]) if view.known_cards else 0
    phase = _PHASES[view.phase.value]
    pile = [c.bit for c in view.discard_pile]
    drawn = view.drawn
    return Deal(
        hands,
        stock,
        pile,
        seat,
        phase,
        view.dealer,
        passes=1 if phase == OFFER and seat == view.dealer else 0,
        stock_only=phase == DRAW and bool(pile) and len(view.legal) == 1,
        forbidden=drawn.bit if drawn is not None and knowledge_drawn_from_pile else 0,
        known=known,
    )


__all__ = [
    "BIG_GIN",
    "DISCARD",
    "DISCARD_",
    "DRAW",
    "GIN",
    "GREEDY",
    "KNOCK",
    "OFFER",
    "OVER",
    "PASS",
    "PILE",
    "STOCK",
    "TAKE",
    "VALUE",
    "Deal",
    "Policy",
    "SimMove",
    "SimRules",
    "deal_from_view",
    "greedy",
    "play_out",
    "sim_move",
    "sim_rules",
]
