"""Knockout's play-out simulation (bot/ai/knockout/sim.py) plays a deal as the engine does.

The same deals are played in the engine (``KnockoutHand``) and in the simulation, every move the
simulation's greedy one applied to both: the hands agree after every move and the penalties at
the end (lay-offs in turn onto the melds as extended so far) are the engine's.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai.knock import moves
from bot.ai.knockout import sim
from bot.engine import card_at, mask_of
from bot.engine.knock import Action, ActionKind, Phase, action
from bot.engine.knockout import KnockoutMatch, make_rules

_KINDS = {
    moves.STOCK: ActionKind.DRAW_STOCK,
    moves.PILE: ActionKind.DRAW_DISCARD,
    moves.DISCARD_: ActionKind.DISCARD,
    moves.KNOCK: ActionKind.KNOCK,
    moves.GIN: ActionKind.GIN,
    moves.BIG_GIN: ActionKind.BIG_GIN,
}


def _engine_move(move: moves.SimMove) -> Action:
    kind, bit = move
    return action(_KINDS[kind], card_at(bit.bit_length() - 1) if bit else None)


@pytest.mark.parametrize("seats", [2, 3, 4])
@settings(max_examples=30)
@given(seed=st.integers(0, 2**32))
def test_a_greedy_deal_ends_as_in_the_engine(seats: int, seed: int) -> None:
    match = KnockoutMatch.new(make_rules("standard"), seed, seats)
    hand = match.hand
    view = match.seat_view(hand.turn)
    deal = sim.deal_from_view(
        view, {s: mask_of(hand.hands[s]) for s in hand.order if s != view.seat}, [c.bit for c in hand.stock]
    )
    while hand.phase is not Phase.OVER:
        move = sim.greedy(deal)
        seat = hand.turn
        assert engine_legal(match, seat, move)
        hand.apply(seat, _engine_move(move), match.rules)
        deal.play(move)
        if hand.phase is not Phase.OVER:
            assert deal.hands == [mask_of(h) for h in hand.hands] and deal.turn == hand.turn
    assert deal.phase == moves.OVER
    if hand.result is None:
        assert deal.penalties == [0] * seats
    else:
        assert deal.penalties == [hand.result.penalty_of(s) for s in range(seats)]


def engine_legal(match: KnockoutMatch, seat: int, move: moves.SimMove) -> bool:
    return _engine_move(move) in match.legal_actions(seat)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_guesses_keep_what_the_seat_knows(seats: int) -> None:
    rng = random.Random(seats)
    match = KnockoutMatch.new(make_rules("standard"), 40 + seats, seats)
    for _ in range(60):
        seat = match.turn
        assert seat is not None
        view = match.seat_view(seat)
        guesser = sim.Guesser(view)
        hands, stock = guesser.guess(rng)
        assert len(stock) == view.stock_count
        held = mask_of(view.hand) | mask_of(view.discard_pile)
        for s, h in hands.items():
            assert h & mask_of(view.known_cards[s]) == mask_of(view.known_cards[s])
            assert h.bit_count() == view.card_counts[s] and not h & held
            held |= h
        for bit in stock:
            assert not bit & held
            held |= bit
        assert held.bit_count() == 52
        match.apply(seat, rng.choice(view.legal))
        if match.finished:
            break
