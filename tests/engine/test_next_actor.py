"""``next_actor``: who moves next when the AI plays every seat (one rule for selfplay and the benchmarks)."""

from __future__ import annotations

import random

import pytest

import bot.ai
from bot.engine import game_type, next_actor


def test_the_two_tables_of_a_partnership_take_turns_move_by_move() -> None:
    gt = game_type("gin")
    state = gt.new(gt.make_rules("standard", None, ""), 5, 4)
    chooser, rng = bot.ai.chooser_for("gin"), random.Random(5)
    both = 0
    while not state.finished and state.public_view().deal_number == 1:
        act = state.to_act
        seat = next_actor(state)
        assert seat in act
        if len(act) == 2:
            both += 1
            assert seat == act[state.moves % 2]  # even moves the first table, odd the second
        state.apply(seat, chooser(state.seat_view(seat), "easy", rng))
    assert both > 10


def test_a_single_actor_is_the_next_one_and_a_finished_match_has_none() -> None:
    gt = game_type("colonel")
    state = gt.new(gt.make_rules(gt.variants[0], None, ""), 3, 2)
    assert next_actor(state) == state.to_act[0]
    state.resign(0)
    with pytest.raises(ValueError, match="nobody may act"):
        next_actor(state)
