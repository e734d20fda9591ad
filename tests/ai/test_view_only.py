"""The AI reads only its seat's view: hidden cards elsewhere never change its decision."""

from __future__ import annotations

import random

import pytest

from bot.ai import LEVELS, choose_action
from bot.engine import format_cards, parse_cards
from bot.engine.gin import Match, seat_view

from .helpers import decision_points


def _shuffled_hidden(match: Match, seat: int, rng: random.Random) -> Match:
    """A copy of the match where the opponent's hidden cards and the stock are reshuffled together."""
    d = match.to_dict()
    hand = d["hand"]
    opp = 1 - seat
    known = set(parse_cards(hand["known"][opp]))
    opp_cards = list(parse_cards(hand["hands"][opp]))
    hidden = [c for c in opp_cards if c not in known]
    pool = hidden + list(parse_cards(hand["stock"]))
    rng.shuffle(pool)
    new_hidden, new_stock = pool[: len(hidden)], pool[len(hidden) :]
    hand["hands"][opp] = format_cards([c for c in opp_cards if c in known] + new_hidden)
    hand["stock"] = format_cards(new_stock)
    return Match.from_dict(d)


def test_reshuffle_changes_hidden_cards_but_not_the_view() -> None:
    m, seat = next(p for p in decision_points(4) if p[0].hand.phase.value == "draw")
    other = _shuffled_hidden(m, seat, random.Random(1))
    assert other.hand.hands[1 - seat] != m.hand.hands[1 - seat] or other.hand.stock != m.hand.stock
    a, b = seat_view(m, seat), seat_view(other, seat)
    assert (a.hand, a.discard_pile, a.opponent_known, a.stock_count, a.legal) == (
        b.hand,
        b.discard_pile,
        b.opponent_known,
        b.stock_count,
        b.legal,
    )


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_same_view_same_decision(level: str, seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for m, seat in decision_points(seed, moves=40):
        if len(m.legal_actions(seat)) < 2:
            continue
        twins = [_shuffled_hidden(m, seat, rng) for _ in range(3)]
        view = seat_view(m, seat)
        # A long deadline so that the time guard never decides for us.
        first = choose_action(view, level, deadline_s=5.0)
        for t in twins:
            assert seat_view(t, seat) == view  # every field: nothing hidden reaches the AI's input
            assert choose_action(seat_view(t, seat), level, deadline_s=5.0) == first
        checked += 1
    assert checked >= 10
