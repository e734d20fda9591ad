"""The Skarney Gin AI. Reads only the seat view.

The race: a player goes gin when his hand is empty, and a card changes hands only when it is
accepted. Accepting a card the taker can only lay off leaves his hand as it was but takes a card
from the offerer, so it helps the offerer; a card that completes a meld with two stuck cards
helps the taker more. Hence:

* Answer an offer: before its contract, accept a card that brings the contract closer (more
  disjoint 3-card melds). After it, accept a card that leaves ``accept_gain`` (2) fewer cards
  stuck in hand; an ace (it replaces the draw) whenever it is not stuck itself.
* Contract: laid as soon as one exists; of those listed, the one leaving the best rest of the hand
  (rummy.Judge, with lay-offs on its own melds only) and the most cards that could extend it.
* After the contract: lays the best split's melds and lays off every card it can (two a meld a
  turn), which goes gin when the hand empties; 'end hand' or 'last card' when those are the moves.
* Offer: the card whose loss hurts its hand least; never one that makes a meld with cards the
  opponent is known to hold; a card that only fits his melds is preferred (he may take it and
  gain nothing), and so is an ace (taken, it costs him his draw).

bench/table_games.py measured the weights (``Params``) against the greedy player.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

from bot.engine import DECK, Card
from bot.engine.tablegames import (
    Act,
    MeldStyle,
    SkarneyView,
    TableAction,
    TableMeld,
    TableSeatView,
    extensions,
    make_meld,
    melds_in,
)

from .greedy import greedy_action
from .plan import best_split, first, free_cards, layoff_from, meld_from, style_of
from .rummy import Judge
from .rummy import Params as ScoreParams

MAX_CONTRACTS = 40  # contracts examined (the engine lists the highest first)


SCORE = ScoreParams(out_weight=2.0, count_weight=3.0, value_weight=1.0, low_stock=6)


@dataclass(frozen=True, slots=True)
class Params:
    score: ScoreParams = SCORE  # how a hand is judged (rummy.Judge)
    feed_penalty: float = 25.0  # charged for offering a card that makes a meld with cards he is known to hold
    layoff_credit: float = 4.0  # credited for offering a card that only fits his melds (he takes it, gains nothing)
    accept_gain: int = 2  # accept (after the contract) when the card leaves this many fewer cards stuck
    ext_weight: float = 1.5  # contract choice: credit per card (in hand or unseen) that could extend its melds
    pre_accept: bool = True  # before the contract, accept a card that brings it closer


NORMAL = Params()


def skarney_of(view: TableSeatView) -> SkarneyView:
    """The Skarney fields of a seat view (TypeError for another game's view: this AI plays Skarney only)."""
    if not isinstance(view.own, SkarneyView):
        raise TypeError(f"the Skarney AI cannot read a {type(view.own).__name__}")
    return view.own


def contract_progress(cards: list[Card], style: MeldStyle) -> int:
    """The most disjoint 3-card melds in ``cards`` (0 to 3)."""
    threes = [sum(c.bit for c in m) for m in melds_in(cards, style, size=3)]
    best = min(1, len(threes))
    for i, j in combinations(range(len(threes)), 2):
        if not threes[i] & threes[j]:
            best = 2
            for k in range(j + 1, len(threes)):
                if not (threes[k] & threes[i] or threes[k] & threes[j]):
                    return 3
    return best


def _own_melds(view: TableSeatView, seat: int) -> list[TableMeld]:
    return [m for m in view.melds if m.owner == seat]


def wants(card: Card, view: TableSeatView, seat: int, hand: list[Card], contract_down: bool) -> bool:
    """Would ``seat`` (holding ``hand``; for the opponent, the cards known in his hand) use ``card``?"""
    style = style_of(view)
    if contract_down and free_cards([card], [m for m in view.melds if m.owner == seat], style):
        return True
    if not contract_down:
        return contract_progress([*hand, card], style) > contract_progress(hand, style)
    return any(card in m for m in melds_in([*hand, card], style))


def stuck_count(hand: list[Card], view: TableSeatView, seat: int) -> int:
    """Cards of ``hand`` that would stay in hand after laying the best melds and every lay-off on ``seat``'s melds."""
    style = style_of(view)
    free = free_cards(hand, _own_melds(view, seat), style)
    return len(best_split(hand, style, free).stuck(free))


def answer(view: TableSeatView, params: Params) -> TableAction:
    """Accept when the card shortens the race more for this seat than for the offerer (who loses a card).

    Before the contract: a card that brings the contract closer. After it: a card that leaves at least
    ``params.accept_gain`` fewer cards stuck in hand than rejecting it (a card that only lays off
    gains nothing here and gives the opponent one card less). An ace replaces the draw, so it is taken
    whenever it is not stuck itself.
    """
    card = skarney_of(view).offer
    if card is None or first(view, Act.ACCEPT) is None:
        return first(view, Act.REJECT) or view.legal[0]
    hand = list(view.hand)
    if not skarney_of(view).contract[view.seat]:
        take = params.pre_accept and wants(card, view, view.seat, hand, False)
    else:
        before, after = stuck_count(hand, view, view.seat), stuck_count([*hand, card], view, view.seat)
        take = after <= before if card.rank == 1 else before - after >= params.accept_gain
    return first(view, Act.ACCEPT if take else Act.REJECT) or view.legal[0]


def judge(view: TableSeatView, params: Params) -> Judge:
    """Scores hands of this seat: only its own melds take lay-offs, and none before its contract."""
    own = _own_melds(view, view.seat) if skarney_of(view).contract[view.seat] else []
    return Judge(view, params.score, own)


def choose_contract(view: TableSeatView, params: Params) -> TableAction | None:
    options = [a for a in view.legal if a.kind is Act.CONTRACT][:MAX_CONTRACTS]
    if not options:
        return None
    hand = list(view.hand)
    style = style_of(view)
    j = judge(view, params)
    hidden = j.hidden

    def cost(a: TableAction) -> float:
        rest = [c for c in hand if c not in a.cards]
        score = j.score(rest)
        if params.ext_weight:
            reach: set[Card] = set()
            for group in a.groups():
                reach |= extensions(make_meld(0, view.seat, group, style), style)
            score -= params.ext_weight * len(reach & (hidden | set(rest)))
        return score

    return min(options, key=cost)


def choose_offer(view: TableSeatView, params: Params) -> TableAction:
    offers = [a for a in view.legal if a.kind is Act.OFFER]
    hand = list(view.hand)
    other = 1 - view.seat
    style = style_of(view)
    j = judge(view, params)
    known = list(view.known[other])
    opp_down = skarney_of(view).contract[other]

    opp_free = free_cards(list(DECK), _own_melds(view, other), style) if opp_down else frozenset()

    def cost(a: TableAction) -> float:
        card = a.cards[0]
        score = j.score_without(hand, card)
        if known and any(card in m for m in melds_in([*known, card], style)):
            score += params.feed_penalty
        elif card in opp_free:
            score -= params.layoff_credit
        if card.rank == 1:
            score -= 3  # an accepted ace costs the taker his draw
        return score

    return min(offers, key=cost)


def play(view: TableSeatView, params: Params) -> TableAction:
    style = style_of(view)
    seat = view.seat
    if not skarney_of(view).contract[seat]:
        contract = choose_contract(view, params)
        if contract is not None:
            return contract
    elif any(a.kind in (Act.MELD, Act.LAYOFF) for a in view.legal):
        hand = list(view.hand)
        free = free_cards(hand, _own_melds(view, seat), style)
        split = best_split(hand, style, free)
        a = meld_from(view, split) or layoff_from(view, split, free)
        if a is not None:
            return a
    for kind in (Act.END_HAND, Act.LAST_CARD):
        a = first(view, kind)
        if a is not None:
            return a
    return choose_offer(view, params)


def choose_skarney(view: TableSeatView, params: Params) -> TableAction:
    if view.phase == "respond":
        return answer(view, params)
    if view.phase == "draw":
        return first(view, Act.DRAW_STOCK) or view.legal[0]
    return play(view, params)


def choose(view: TableSeatView, level: str, rng: random.Random) -> TableAction:
    """The Skarney chooser: 'easy' is the greedy player, 'normal' and 'hard' play the strategy above."""
    if level == "easy":
        return greedy_action(view)
    return choose_skarney(view, NORMAL)


__all__ = ["NORMAL", "Params", "choose", "choose_skarney", "contract_progress", "wants"]
