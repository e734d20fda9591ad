"""The coach (bot/ai/gin/coach.py): constructed positions with a known best move, stable estimates,
and advice that names only the player's own cards."""

from __future__ import annotations

import random

from bot.ai import no_deadline
from bot.ai.gin import choose_action
from bot.ai.gin.coach import Decision, estimate, hand_decisions, review
from bot.engine import DECK, Card, parse_card, parse_cards
from bot.engine.gin import Match, SeatView
from bot.engine.knock import Action, HandState, Phase, discard, preset

# Three melds' worth of cards (7s and 2-3-4 of clubs) and five loose high cards, the K♠ dead: the
# other kings and the Q♠ are in the pile, so it can never meld.
HAND = parse_cards("7S 7H 7D 2C 3C 4C KS QH JD 9C 5S")
PILE = parse_cards("KH KD KC QS")


def _position(hand: tuple[Card, ...] = HAND, pile: tuple[Card, ...] = PILE, seed: int = 3) -> SeatView:
    """Seat 0 to discard after drawing the 5♠ from the stock; the other cards dealt at random."""
    rest = [c for c in DECK if c not in hand and c not in pile]
    random.Random(seed).shuffle(rest)
    state = HandState(
        dealer=1,
        hands=[list(hand), rest[:10]],
        stock=rest[10:],
        discards=list(pile),
        upcard=pile[0],
        phase=Phase.DISCARD,
        turn=0,
        drawn=parse_card("5S"),
        discarded_by=[-1, 0, 1, 0][: len(pile)],
    )
    match = Match.new(preset("standard"), seed)
    match.hand = state
    return match.seat_view(0)


def test_breaking_a_meld_while_a_dead_card_is_there_is_flagged() -> None:
    view = _position()
    bad = Decision(5, view, discard(parse_card("7S")))
    (advice,) = review([bad], seed=1)
    assert advice.position == 5 and advice.played == bad.action
    assert advice.better == discard(parse_card("KS"))
    assert advice.cost >= 5


def test_the_right_discard_is_not_flagged() -> None:
    view = _position()
    assert review([Decision(5, view, discard(parse_card("KS")))], seed=1) == []


def test_the_estimate_is_stable_across_seeds() -> None:
    view = _position()
    bad, good = discard(parse_card("7S")), discard(parse_card("KS"))
    first, second = (review([Decision(5, view, bad)], seed=seed)[0] for seed in (1, 2))
    assert first.playouts == second.playouts == 800  # a hand with one dispute spends its budget there
    assert abs(first.cost - second.cost) <= 1.0, (first.cost, second.cost)
    # the same seed, the same answer
    assert estimate(view, bad, good, 100, 1, 5) == estimate(view, bad, good, 100, 1, 5)


def _played_hand(seed: int) -> tuple[Match, list[tuple[int, int, str]]]:
    """One hand of a seeded match: the easy AI in seat 0, the normal one in seat 1."""
    match = Match.new(preset("standard"), seed)
    rng = random.Random(seed)
    log: list[tuple[int, int, str]] = []
    while not match.history:
        seat = match.turn
        assert seat is not None
        with no_deadline():
            move = choose_action(match.seat_view(seat), ("easy", "normal")[seat], rng)
        match.apply(seat, move)
        log.append((len(log) + 1, seat, str(move)))
    return match, log


def test_advice_names_only_cards_the_player_could_see() -> None:
    """Every decision is his own seat's view, and every card the advice names was in his hand or
    on top of the pile then (a knock or discard of his own card, or the pile's top card taken)."""
    seen = 0
    for seed in (3, 4):
        match, log = _played_hand(seed)
        decisions = hand_decisions(match.rules, seed, log, 0, 1)
        assert decisions is not None
        assert decisions and all(d.view.seat == 0 for d in decisions)
        assert [d.position for d in decisions] == [seq for seq, seat, _ in log if seat == 0]
        for advice in review(decisions, seed=seed, per_hand=400):
            seen += 1
            mine = set(advice.view.hand)
            for move in (advice.played, advice.better):
                assert move in advice.view.legal
                assert move.card is None or move.card in mine
    assert seen  # the easy player makes mistakes the coach finds


def test_hand_decisions_stop_at_the_hand_asked_for() -> None:
    match, log = _played_hand(5)
    assert hand_decisions(match.rules, 5, log, 1, 2) is None  # not played (a running hand alike)
    assert hand_decisions(match.rules, 5, log[:-1], 1, 1) is None
    decisions = hand_decisions(match.rules, 5, log, 1, 1)
    assert decisions is not None
    assert [d.action for d in decisions] == [Action.parse(text) for _, seat, text in log if seat == 1]
