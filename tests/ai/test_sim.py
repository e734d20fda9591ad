"""The play-out simulation agrees with the engine: hand values, knock scores and whole deals.

The engine is the oracle everywhere: ``values`` against the meld solver, ``score.knock_points``
against ``score_knock``, and a deal played by the greedy policy in the simulation against the
same deal played in ``HandState`` by the coach's greedy player (playout.greedy_move).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai.gin import sim
from bot.ai.gin.greedy import card_joins_meld
from bot.ai.gin.playout import fixed_rules, greedy_move, points_for
from bot.ai.knock import moves
from bot.ai.knock.score import knock_points
from bot.ai.knock.values import best_discard, card_joins, deadwood
from bot.engine import DECK, best_discards, cards_of, deadwood_of_mask, mask_of
from bot.engine.gin import Match, seat_view
from bot.engine.knock import HandState, Phase, Ruleset, preset, score_knock

VARIANTS = {
    "standard": preset("standard"),
    "oklahoma": preset("oklahoma"),
    "straight": preset("straight"),
    "sequence": preset("sequence"),
    "lower": preset("standard", stock_out="lower"),
    "eleven": preset("standard", deal=11),
    "whole": preset("standard", knock_scoring="whole", undercut_bonus=10, undercut_bonus_on_tie=False),
}

hands = st.lists(st.sampled_from(DECK), min_size=11, max_size=11, unique=True)


@given(hands, st.booleans())
def test_hand_values_are_the_solvers(cards: list, runs: bool) -> None:
    h = mask_of(cards)
    assert deadwood(h, runs) == deadwood_of_mask(h, runs)
    assert deadwood(h ^ cards[0].bit, runs) == deadwood_of_mask(h ^ cards[0].bit, runs)
    ranked = best_discards(cards, runs)
    assert best_discard(h, 0, runs) == (ranked[0][1], ranked[0][0].bit)
    forbidden = ranked[0][0]
    allowed = next(x for x in ranked if x[0] is not forbidden)
    assert best_discard(h, forbidden.bit, runs) == (allowed[1], allowed[0].bit)
    both = forbidden.bit | allowed[0].bit  # a mask of cards to keep (the pile cards an opponent holds)
    third = next(x for x in ranked if not x[0].bit & both)
    assert best_discard(h, both, runs) == (third[1], third[0].bit)


@given(hands, st.booleans())
def test_card_joins_is_greedys_rule(cards: list, runs: bool) -> None:
    h10, card = mask_of(cards[:10]), cards[10]
    assert card_joins(h10, card.bit, runs) == card_joins_meld(h10, card, runs)


def _knockable(rng: random.Random, limit: int) -> tuple[list, list]:
    """A knocker's 10 cards within ``limit`` (built around a meld or two) and a defender's 10."""
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        knocker: list = []
        for _ in range(rng.choice((1, 2, 3))):
            start = rng.choice([c for c in deck if c not in knocker])
            run = [c for c in deck if c.suit == start.suit and 0 <= c.rank - start.rank < rng.choice((3, 4, 5))]
            rank = [c for c in deck if c.rank == start.rank][: rng.choice((3, 4))]
            knocker += [c for c in (run if rng.random() < 0.6 else rank) if c not in knocker]
        knocker += [c for c in deck if c not in knocker][: max(0, 10 - len(knocker))]
        knocker = knocker[:10]
        if deadwood_of_mask(mask_of(knocker)) <= limit:
            return knocker, [c for c in deck if c not in knocker][:10]


@pytest.mark.parametrize("name", ["standard", "whole", "sequence"])
@settings(max_examples=150)
@given(seed=st.integers(0, 2**32), limit=st.sampled_from((0, 3, 10)))
def test_knock_points_are_the_engines(name: str, seed: int, limit: int) -> None:
    rules = replace(VARIANTS[name], knock_limit=limit, oklahoma_spade_double=False)
    knocker, defender = _knockable(random.Random(seed), limit if not rules.sequence else 10)
    if deadwood_of_mask(mask_of(knocker), rules.sequence) > limit:
        return
    result = score_knock(knocker, defender, rules)
    side = None if result.scorer is None else result.scorer == "knocker"
    assert knock_points(mask_of(knocker), mask_of(defender), rules, limit) == (side, result.points)


def test_big_gin_points() -> None:
    rules = Ruleset()
    big = 0b1111 | 0b1111 << 16 | 0b111 << 32  # A-4 of spades and of hearts, A-3 of diamonds: 11 cards
    defender = mask_of([c for c in DECK if not c.bit & big][:10])
    result = score_knock(cards_of(big), cards_of(defender), rules)
    assert knock_points(big, defender, rules, 10) == (True, result.points)


def _engine_deal(rules: Ruleset, seed: int) -> tuple[HandState, sim.Deal, sim.SimRules]:
    match = Match.new(rules, seed)
    hand = match.hand
    view = seat_view(match, hand.turn)
    deal = sim.Deal(
        [mask_of(h) for h in hand.hands],
        [c.bit for c in hand.stock],
        [c.bit for c in hand.discards],
        hand.turn,
        {Phase.OFFER: moves.OFFER, Phase.DISCARD: moves.DISCARD}[hand.phase],
        hand.dealer,
    )
    return hand, deal, sim.sim_rules(view)


@pytest.mark.parametrize("name", sorted(VARIANTS))
@settings(max_examples=40)
@given(seed=st.integers(0, 2**32))
def test_a_greedy_deal_ends_as_in_the_engine(name: str, seed: int) -> None:
    rules = VARIANTS[name]
    hand, deal, srules = _engine_deal(rules, seed)
    view_rules = fixed_rules(seat_view(Match.new(rules, seed), hand.turn))
    limit = view_rules.hand_knock_limit(None)
    while hand.phase is not Phase.OVER:
        move = greedy_move(hand, view_rules, limit)
        assert sim.greedy(deal, srules) == sim.sim_move(move)
        hand.apply(hand.turn, move, view_rules)
        deal.play(sim.sim_move(move), srules)
        assert deal.hands == [mask_of(h) for h in hand.hands] or hand.phase is Phase.OVER
    assert deal.phase == moves.OVER
    assert deal.points == points_for(hand, 0, srules.multiplier)
