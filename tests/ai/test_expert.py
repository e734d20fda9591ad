"""The expert level: it searches from the seat's view alone, within its budget, and its parts hold.

* The hidden-card test (issue 24): a match whose hidden cards (the opponent's hand, the stock) are
  reshuffled gives the same seat view, and the expert makes the same decision from it for the same
  random seed.
* The guesses at the hidden cards keep every fact the seat knows; the stakes are a chance of
  winning the match; the budget's time and the confidence rule bound what the search does.
"""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import choose_action, no_deadline
from bot.ai.gin.expert import candidates, search
from bot.ai.gin.guess import Guesser
from bot.ai.gin.knowledge import knowledge_of
from bot.ai.gin.stakes import POINTS, Stakes
from bot.ai.knock.values import best_discard, deadwood
from bot.ai.paired import Budget, budget
from bot.engine import mask_of
from bot.engine.gin import Match, seat_view
from bot.engine.knock import ActionKind, preset

from .helpers import decision_points
from .test_view_only import _shuffled_hidden

SMALL = Budget(seconds=60.0, rounds=10, min_rounds=10, discards=3)


def _hard_points(seed: int, moves: int = 70) -> list[tuple[Match, int]]:
    """Decision points of a match played by the hard AI (its positions look like real play)."""
    out = []
    m = Match.new(preset("standard"), seed)
    for _ in range(moves):
        if m.finished:
            break
        seat = m.turn
        assert seat is not None
        view = seat_view(m, seat)
        if len(view.legal) > 1:
            out.append((Match.from_dict(m.to_dict()), seat))
        m.apply(seat, choose_action(view, "hard"))
    return out


@pytest.mark.parametrize("seed", [3, 4])
def test_swapped_hidden_cards_give_the_same_decision(seed: int) -> None:
    rng = random.Random(seed)
    searched = 0
    for m, seat in _hard_points(seed)[:16]:
        view = seat_view(m, seat)
        twins = [_shuffled_hidden(m, seat, rng) for _ in range(2)]
        assert any(t.hand.hands[1 - seat] != m.hand.hands[1 - seat] for t in twins)
        with no_deadline(), budget(SMALL):
            first = choose_action(view, "expert", random.Random(seed))
            for twin in twins:
                assert seat_view(twin, seat) == view  # every field: nothing hidden reaches the search
                assert choose_action(seat_view(twin, seat), "expert", random.Random(seed)) == first
        searched += len(candidates(view, first, SMALL.discards)) > 1
    assert searched >= 5  # the search really ran at these points (else this test proves nothing)


def test_every_decision_is_legal_and_within_the_time_budget() -> None:
    """10,000 rounds would take seconds; the budget's 30 ms stop the search. (Processor time: on a
    busy machine the wall clock runs on while the test waits for a core.)"""
    quick = Budget(seconds=0.03, rounds=10_000, min_rounds=8, check_every=4)
    worst = 0.0
    for m, seat in decision_points(11, moves=60):
        view = seat_view(m, seat)
        start = time.process_time()
        with budget(quick):
            move = choose_action(view, "expert", random.Random(1))
        worst = max(worst, time.process_time() - start)
        assert move in view.legal
    assert worst < 0.03 + 0.25  # the budget, and a round or two of play-outs after it


def test_without_confidence_the_expert_plays_hard() -> None:
    never = Budget(seconds=60.0, rounds=12, min_rounds=12, z=1e9)
    for m, seat in _hard_points(5, moves=40):
        view = seat_view(m, seat)
        with no_deadline(), budget(never):
            assert choose_action(view, "expert", random.Random(2)) == choose_action(view, "hard", random.Random(2))


def _view_at(seed: int, wanted: ActionKind) -> tuple[Match, int]:
    for m, seat in _hard_points(seed, moves=200):
        if any(a.kind is wanted for a in seat_view(m, seat).legal):
            return m, seat
    raise AssertionError("no such position")


def test_near_the_target_the_expert_knocks_more() -> None:
    """At 95 to 0 any hand won by 5 points or more ends the match, so a knock is worth more than its
    points; at 0 to 0 it is worth only them. Where a knock is legal and hard plays on (the stock is
    long), the expert knocks more often near the target."""
    wide = Budget(seconds=60.0, rounds=48, min_rounds=48)
    near = level = 0
    for seed in range(21, 27):
        m, seat = _view_at(seed, ActionKind.KNOCK)
        view = seat_view(m, seat)
        hard = choose_action(view, "hard", random.Random(0))
        assert hard.kind is ActionKind.DISCARD and view.stock_count > 4
        with no_deadline():
            near += search(view, random.Random(0), hard, Stakes(95, 0, 100), wide).kind is ActionKind.KNOCK
            level += search(view, random.Random(0), hard, POINTS, wide).kind is ActionKind.KNOCK
    assert near > level, (near, level)


@settings(max_examples=30)
@given(seed=st.integers(0, 10_000), at=st.integers(0, 40))
def test_guesses_keep_what_the_seat_knows(seed: int, at: int) -> None:
    view = next(
        seat_view(m, seat) for i, (m, seat) in enumerate(decision_points(seed % 50 + 1, moves=at + 1)) if i == at
    )
    seat = view.seat
    k = knowledge_of(view)
    rng = random.Random(seed)
    guesser = Guesser(k)
    for _ in range(5):
        hand, stock = guesser.guess(rng)
        assert hand & k.opp_known == k.opp_known  # the pile cards he took and holds
        assert hand.bit_count() == view.card_counts[1 - seat]
        assert not hand & (k.own | k.pile)  # nothing the seat has seen
        assert len(stock) == view.stock_count
        together = hand & ~k.opp_known
        for bit in stock:
            together |= bit
        assert together == k.unseen  # the stock and his hidden cards are the unseen cards


def test_guesses_lean_on_the_pile_cards_he_took() -> None:
    """He took the 7 of hearts from the pile: the cards that meld with it are likelier in his hand."""
    m, seat = next(
        (m, s) for seed in range(1, 60) for m, s in decision_points(seed, moves=60) if seat_view(m, s).opponent_known
    )
    view = seat_view(m, seat)
    k = knowledge_of(view)
    taken = view.opponent_known[0]
    partners = [
        c for c in k.unseen_cards if c.rank == taken.rank or (c.suit == taken.suit and abs(c.rank - taken.rank) <= 2)
    ]
    others = [c for c in k.unseen_cards if c not in partners]
    counts = dict.fromkeys(k.unseen_cards, 0)
    rng = random.Random(3)
    for _ in range(400):
        hand, _ = Guesser(k).guess(rng)
        for c in k.unseen_cards:
            counts[c] += bool(hand & c.bit)
    share = lambda cards: sum(counts[c] for c in cards) / len(cards)  # noqa: E731
    assert share(partners) > 1.3 * share(others)


def test_the_stakes_are_a_chance_of_winning() -> None:
    level = Stakes(0, 0, 100)
    assert level.value(0) == 0.5
    assert level.value(-10) < level.value(0) < level.value(10) < level.value(40)
    assert Stakes(80, 30, 100).value(20) == 1.0 and Stakes(30, 80, 100).value(-20) == 0.0
    for a, b, x in ((10, 40, 12), (60, 20, -30), (0, 90, 5)):
        assert Stakes(a, b, 100).value(x) == pytest.approx(1 - Stakes(b, a, 100).value(-x))
    # near the target a small hand is worth much more than at 0-0
    assert Stakes(95, 40, 100).value(5) - Stakes(95, 40, 100).value(-5) > 2 * (level.value(5) - level.value(-5))
    assert POINTS.value(25) == 0.25


def test_a_pile_card_is_searched_only_when_it_lowers_the_deadwood() -> None:
    seen = set()
    for seed in (1, 2, 3):
        for m, seat in decision_points(seed, moves=60):
            view = seat_view(m, seat)
            take = next((a for a in view.legal if a.kind in (ActionKind.DRAW_DISCARD, ActionKind.TAKE_UPCARD)), None)
            if take is None or view.discard_top is None:
                continue
            h = mask_of(view.hand)
            helps = best_discard(h | view.discard_top.bit, view.discard_top.bit)[0] < deadwood(h)
            moves = candidates(view, view.legal[0], 4)
            assert (take in moves) == helps and (len(moves) == 2) == helps
            seen.add(helps)
    assert seen == {True, False}
