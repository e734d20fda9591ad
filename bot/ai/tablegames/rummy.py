"""The Rummy AI (2 to 6 players), whose turn play Colonel's AI shares. Reads only the seat view.

A hand is judged (``Judge``) by its *stuck* cards: those left after the best split into melds
(tableplan.best_split) that fit no meld on the table either. Each stuck card costs
``count_weight`` (a turn further from going out) plus ``value_weight`` times its value (points
for whoever goes out), less ``out_weight`` for every unseen card that would still rescue it: one
that makes a meld with another stuck card or (``chains``) one that, laid on a table meld, would
let this card follow it. As the stock runs low (``low_stock``) the rescue credit fades.

* Draw: the pile's top card is taken when the hand after taking it and the best discard beats the
  average, over the unseen cards, of the hand after a stock draw.
* Lay: the best split is laid meld by meld, then every card that fits a table meld is laid off.
  A player who has laid nothing yet in the hand holds his melds while a "rummy" (going out in one
  turn, double points) is close and nobody else is near going out.
* Discard: the legal discard that leaves the best hand, with a charge for a card that makes a
  meld with cards the next player is known to hold; with ``lookahead``, the few best by that score
  are compared by the average hand after the next stock draw.

Two weight sets (bench/table_games.py measured both against the greedy player): ``TWO`` for two
players, where the loser's cards are the winner's points, and ``MANY`` for 3 to 6, where only the
player going out scores and the race to go out is nearly everything.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass

from bot.engine import Card
from bot.engine.tablegames import Act, MeldStyle, RummyView, TableAction, TableMeld, TableSeatView, extend, extensions

from .greedy import greedy_action
from .plan import Split, best_split, first, layoff_from, meld_from, outs, style_of, unseen


@dataclass(frozen=True, slots=True)
class Params:
    out_weight: float = 4.0  # credited per unseen card that would rescue a stuck card
    count_weight: float = 5.0  # charged per stuck card
    value_weight: float = 0.3  # times the value of a stuck card
    outs_cap: int = 4  # outs beyond this many earn no more credit
    danger_weight: float = 4.0  # charged for discarding a card that melds with the next player's known cards
    low_stock: int = 8  # below this many stock cards the out credit fades out
    take_margin: float = 0.0  # the pile card must beat the average stock card by this much
    hold_for_rummy: bool = True  # Rummy: keep melds in hand while a rummy is near and safe
    chains: bool = True  # count lay-off chains (8S rescues 9S when 5-6-7S is on the table) as outs
    lookahead: bool = False  # judge a discard by the average hand after the next stock draw
    candidates: int = 4  # ...for this many discards, the best by the plain score


MANY = Params()  # 3 to 6 players: only the player going out scores, so the race (card count) counts most
# Two players: the cards left in hand are the winner's points, so their value counts in full; a discard
# is judged by the average hand after the next draw (bench/table_games.py measured both sets).
TWO = Params(out_weight=1.0, count_weight=3.0, value_weight=1.0, chains=False, lookahead=True)


def params_for(view: TableSeatView) -> Params:
    return TWO if view.seats == 2 else MANY


class Judge:
    """Scores hands for one decision of one seat (the table, the unseen cards and the weights are fixed)."""

    def __init__(self, view: TableSeatView, params: Params, melds: list[TableMeld] | None = None) -> None:
        """``melds``: the table melds this seat may lay off on (all of them unless given)."""
        self.view, self.params, self.style = view, params, style_of(view)
        self.hidden = unseen(view)
        self.fade = min(1.0, view.stock_count / params.low_stock) if params.low_stock else 1.0
        self.fits: set[Card] = set()
        self.chain: dict[Card, set[Card]] = {}
        self._splits: dict[int, tuple[Split, frozenset[Card]]] = {}
        for meld in view.melds if melds is None else melds:
            ext = extensions(meld, self.style)
            self.fits |= ext
            if params.chains:
                for u in ext & self.hidden:
                    for c in extensions(extend(meld, u, self.style), self.style) - ext:
                        self.chain.setdefault(c, set()).add(u)

    def free(self, cards: list[Card]) -> frozenset[Card]:
        return frozenset(c for c in cards if c in self.fits)

    def split(self, cards: list[Card]) -> tuple[Split, frozenset[Card]]:
        key = 0
        for c in cards:
            key |= c.bit
        hit = self._splits.get(key)
        if hit is None:
            free = self.free(cards)
            hit = self._splits[key] = (best_split(cards, self.style, free), free)
        return hit

    def costs(self, stuck: list[Card]) -> dict[Card, float]:
        p, style = self.params, self.style
        out: dict[Card, float] = {}
        for c in stuck:
            rescue = outs(c, stuck, self.hidden, style) + len(self.chain.get(c, ()))
            out[c] = (
                p.value_weight * style.value(c) + p.count_weight - p.out_weight * self.fade * min(rescue, p.outs_cap)
            )
        return out

    def score(self, cards: list[Card]) -> float:
        """A hand that is not going to discard (lower is better)."""
        split, free = self.split(cards)
        return sum(self.costs(split.stuck(free)).values())

    def score_without(self, cards: list[Card], card: Card) -> float:
        """``score`` of ``cards`` less ``card``. A loose card leaves the best split as it is (any split of
        the rest is one of the whole hand with that card loose), so only a meld card needs a new split."""
        split, free = self.split(cards)
        if card in split.loose:
            return sum(self.costs([c for c in split.stuck(free) if c != card]).values())
        return self.score([c for c in cards if c != card])

    def settle(self, cards: list[Card], keep: Card | None = None) -> float:
        """A hand about to discard: the score after its best discard (never ``keep``); going out scores -100."""
        split, free = self.split(cards)
        stuck = split.stuck(free)
        if len(stuck) <= 1 and keep not in stuck:
            return -100.0
        costs = self.costs(stuck)
        total = sum(costs.values())
        options = [v for c, v in costs.items() if c != keep]
        return total - max(options) if options else total


def _danger(card: Card, view: TableSeatView, style: MeldStyle) -> bool:
    wanted = list(view.known[(view.seat + 1) % view.seats]) if view.known else []
    return bool(wanted) and outs(card, [*wanted, card], {card}, style) > 0


def discard_choice(view: TableSeatView, params: Params, judge: Judge | None = None) -> TableAction:
    judge = judge or Judge(view, params)
    hand = list(view.hand)
    scored: list[tuple[float, int, TableAction]] = []
    for i, a in enumerate(view.legal):
        if a.kind is Act.DISCARD:
            card = a.cards[0]
            score = judge.score_without(hand, card)
            if _danger(card, view, judge.style):
                score += params.danger_weight
            scored.append((score, i, a))
    scored.sort(key=lambda t: t[:2])
    if params.lookahead and judge.hidden and len(scored) > 1:
        deeper = []
        for score, i, a in scored[: params.candidates]:
            rest = [c for c in hand if c != a.cards[0]]
            ahead = statistics.fmean(judge.settle([*rest, u]) for u in judge.hidden)
            deeper.append((ahead + (score - judge.score_without(hand, a.cards[0])), i, a))  # keep the danger charge
        deeper.sort(key=lambda t: t[:2])
        return deeper[0][2]
    return scored[0][2]


def draw_choice(view: TableSeatView, params: Params) -> TableAction:
    stock = first(view, Act.DRAW_STOCK)
    pile = first(view, Act.DRAW_PILE)
    top = view.pile_top
    if pile is None or top is None:
        return stock or view.legal[0]
    if stock is None:
        return pile
    judge = Judge(view, params)
    hand = list(view.hand)
    with_pile = judge.settle([*hand, top], keep=top)
    hidden = sorted(judge.hidden)
    with_stock = statistics.fmean(judge.settle([*hand, u]) for u in hidden) if hidden else with_pile
    return pile if with_pile < with_stock - params.take_margin else stock


def _threat(view: TableSeatView) -> bool:
    """Someone else could go out soon."""
    return any(n <= 3 for s, n in enumerate(view.hand_sizes) if s != view.seat)


def _holding(view: TableSeatView, split: Split, stuck: list[Card], params: Params) -> bool:
    """Keep the melds in hand this turn, hoping to go out all at once (a rummy doubles the score)."""
    own = view.own
    if not params.hold_for_rummy or not isinstance(own, RummyView) or not own.laid_before or own.laid_before[view.seat]:
        return False
    if _threat(view) or view.stock_count < 10:
        return False
    return len(stuck) <= 2 and bool(split.melds)


def play_choice(view: TableSeatView, params: Params) -> TableAction:
    """Meld, lay off or discard (the play phase of Rummy and Colonel)."""
    judge = Judge(view, params)
    hand = list(view.hand)
    split, free = judge.split(hand)
    stuck = split.stuck(free)
    going_out = len(stuck) <= 1 and not (
        stuck
        and view.drawn is not None
        and stuck[0] == view.drawn
        and view.known[view.seat]
        and view.drawn in view.known[view.seat]
    )
    if going_out or not _holding(view, split, stuck, params):
        a = meld_from(view, split)
        if a is not None:
            return a
    a = layoff_from(view, split, free)
    if a is not None:
        return a
    if not any(a.kind is Act.DISCARD for a in view.legal):
        return view.legal[0]
    return discard_choice(view, params, judge)


def turn_choice(view: TableSeatView, params: Params) -> TableAction:
    if view.phase == "draw":
        return draw_choice(view, params)
    if view.phase == "play":
        return play_choice(view, params)
    return greedy_action(view)


def choose(view: TableSeatView, level: str, rng: random.Random) -> TableAction:
    """The Rummy chooser: 'easy' is the greedy player, 'normal' and 'hard' play the strategy above."""
    if level == "easy":
        return greedy_action(view)
    return turn_choice(view, params_for(view))


__all__ = [
    "MANY",
    "TWO",
    "Judge",
    "Params",
    "choose",
    "discard_choice",
    "draw_choice",
    "params_for",
    "play_choice",
    "turn_choice",
]
