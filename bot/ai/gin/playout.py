"""Playing the rest of a two-player hand out from one seat's view, for the coach (coach.py).

A *determinisation* fills in what the seat could not see: the opponent's hidden cards (a
plausible hand from ``opponent.sample_hand``, which knows the cards it took from the pile and
replays its past stock draws greedily) and the order of the stock (the other unseen cards,
shuffled). ``start_state`` builds the engine's own deal (``HandState``) from the view and such a
guess, so every rule of the table is the engine's; ``play_out`` then plays both seats with the
greedy policy (greedy.py's rules on masks, no view built) to the end of the hand and returns the
points from the seat's side.
"""

from __future__ import annotations

import random
from dataclasses import replace

from bot.engine import Card, card_at, mask_of, meldable_mask
from bot.engine.gin import SeatView
from bot.engine.knock import OKLAHOMA, Action, ActionKind, HandState, Phase, Ruleset, action

from ..knock.evaluate import deadwood, discard_values
from .greedy import card_joins_meld
from .knowledge import Knowledge
from .opponent import sample_hand

_TAKE, _PASS = action(ActionKind.TAKE_UPCARD), action(ActionKind.PASS)
_STOCK, _PILE = action(ActionKind.DRAW_STOCK), action(ActionKind.DRAW_DISCARD)
_BIG_GIN = action(ActionKind.BIG_GIN)
_OFFER, _DRAW, _DISCARD, _OVER = Phase.OFFER, Phase.DRAW, Phase.DISCARD, Phase.OVER

Guess = tuple[int, tuple[Card, ...]]  # the opponent's hand as a mask, the stock (top last)


def fixed_rules(view: SeatView) -> Ruleset:
    """The table's rules with this hand's knock limit fixed: the deal needs no upcard then (Oklahoma's
    spade double is applied by ``play_out`` from the view's multiplier)."""
    rules = view.rules
    if rules.knock_limit == OKLAHOMA:
        return replace(rules, knock_limit=view.knock_limit, oklahoma_spade_double=False)
    return rules


def determinise(k: Knowledge, rng: random.Random) -> Guess:
    """One guess at the hidden cards consistent with what the seat knows."""
    opp = sample_hand(k, rng)
    stock = [c for c in k.unseen_cards if not c.bit & opp]
    rng.shuffle(stock)
    return opp, tuple(stock)


def start_state(view: SeatView, k: Knowledge, guess: Guess) -> HandState:
    """The deal as the view shows it, with the guessed hidden cards; the seat of the view to move."""
    opp_mask, stock = guess
    seat = view.seat
    hands: list[list[Card]] = [[], []]
    hands[seat] = list(view.hand)
    hands[1 - seat] = [card_at(i) for i in range(64) if opp_mask >> i & 1]
    phase = view.phase
    pile = list(view.discard_pile)
    return HandState(
        dealer=view.dealer,
        hands=hands,
        stock=list(stock),
        discards=pile,
        upcard=None,
        phase=phase,
        turn=seat,
        passes=1 if phase is _OFFER and seat == view.dealer else 0,
        stock_only=phase is _DRAW and bool(pile) and len(view.legal) == 1,
        drawn=view.drawn,
        drawn_from_discard=k.drawn_from_pile,
        known=(list(view.known_cards[0]), list(view.known_cards[1])),
        discarded_by=[-1 if s is None else s for s in view.discard_seats],
        declined=(list(view.declined[0]), list(view.declined[1])),
    )


def greedy_move(state: HandState, rules: Ruleset, limit: int) -> Action:
    """The greedy player's move for the seat to move (greedy.py's rules, read from the deal's masks)."""
    seat = state.turn
    runs = rules.sequence
    h = mask_of(state.hands[seat])
    phase = state.phase
    if phase is _OFFER or phase is _DRAW:
        top = state.discards[-1] if state.discards else None
        may_take = phase is _OFFER or not state.stock_only
        if may_take and top is not None and card_joins_meld(h, top, runs):
            return _TAKE if phase is _OFFER else _PILE
        return _PASS if phase is _OFFER else _STOCK
    if rules.big_gin and meldable_mask(h, runs) == h and deadwood(h, runs) == 0:
        return _BIG_GIN
    drawn = state.drawn
    forbidden = drawn.bit if drawn is not None and state.drawn_from_discard else 0
    dw, bit = discard_values(h, forbidden, runs)[0]
    card = card_at(bit.bit_length() - 1)
    if dw == 0:
        return action(ActionKind.GIN, card)
    if dw <= limit:
        return action(ActionKind.KNOCK, card)
    return action(ActionKind.DISCARD, card)


def play_out(state: HandState, rules: Ruleset, seat: int, multiplier: int) -> int:
    """Play the deal to its end with the greedy policy; the points for ``seat`` (negative: the other scores)."""
    limit = rules.hand_knock_limit(None)
    while state.phase is not _OVER:
        state.apply(state.turn, greedy_move(state, rules, limit), rules)
    return points_for(state, seat, multiplier)


def points_for(state: HandState, seat: int, multiplier: int) -> int:
    """The finished deal's points from ``seat``'s side (0 for a drawn hand)."""
    result = state.result
    if state.drawn_hand or result is None or result.scorer is None or state.knocker is None:
        return 0
    scorer = state.knocker if result.scorer == "knocker" else 1 - state.knocker
    points = result.points * multiplier
    return points if scorer == seat else -points
