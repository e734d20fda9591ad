"""The AI registry: one table for every game, each AI handed only views of its own game."""

from __future__ import annotations

import random

import pytest

from bot.ai import chooser_for, register_ai, unregister_ai
from bot.ai.gin import choose_action
from bot.engine import AnyState, game_names, game_type
from bot.engine.gin import SeatView
from bot.engine.knock import Action
from tests.narrow import narrow


def new(game: str, seats: int, seed: int = 4) -> AnyState:
    gt = game_type(game)
    return gt.new(gt.make_rules(gt.variants[0], None, ""), seed, seats)


def test_every_registered_game_has_an_ai() -> None:
    for game in game_names():
        chooser_for(game)  # LookupError if one is missing


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_one_gin_entry_plays_every_seat_count(seats: int) -> None:
    state = new("gin", seats)
    choose = chooser_for("gin")
    rng = random.Random(1)
    for _ in range(40):
        seat = state.to_act[0]
        view = state.seat_view(seat)
        action = choose(view, "normal", rng)
        assert action in view.legal
        state.apply(seat, action)


def test_the_two_seat_gin_entry_is_the_two_player_ai() -> None:
    state = new("gin", 2)
    seat = state.to_act[0]
    view = narrow(state.seat_view(seat), SeatView)
    assert chooser_for("gin")(view, "hard", random.Random(2)) == choose_action(view, "hard", random.Random(2))


def test_a_registered_ai_is_given_back_and_forgotten() -> None:
    seen: list[SeatView] = []

    def first(view: SeatView, level: str, rng: random.Random) -> Action:
        seen.append(view)
        return view.legal[0]

    register_ai("test-first", first)
    try:
        view = new("gin", 2).seat_view(0)
        assert chooser_for("test-first")(view, "easy", random.Random(0)) is view.legal[0]
        assert seen == [view]
    finally:
        unregister_ai("test-first")
    with pytest.raises(LookupError, match="no AI for game 'test-first'"):
        chooser_for("test-first")
