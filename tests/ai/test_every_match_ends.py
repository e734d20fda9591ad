"""Every seeded self-played match of every game and table size ends within a move cap (a hand that
can go on forever is a rules bug: two-player Rummy once traded one card back and forth)."""

from __future__ import annotations

import random

import pytest

import bot.ai
from bot.ai import no_deadline
from bot.engine import game_type, next_actor

MOVE_CAP = 30_000  # far above any real match of these lengths; reaching it fails loudly
TABLES = [
    ("gin", 2, "standard", "length=hands:3"),
    ("gin", 3, "standard", "length=hands:3"),
    ("gin", 4, "standard", "length=hands:2"),
    ("gin", 2, "sequence", "length=hands:3"),
    ("knockout", 2, "standard", ""),
    ("knockout", 3, "standard", ""),
    ("knockout", 4, "standard", ""),
    ("colonel", 2, "standard", ""),
    ("skarney", 2, "standard", ""),
    ("rummy", 2, "standard", "length=hands:3"),
    ("rummy", 6, "standard", "length=hands:2"),
]


def play_out(game: str, seats: int, variant: str, options: str, seed: int, level: str) -> int:
    """Moves the AI needed to finish the match; AssertionError naming the match at the cap."""
    kind = game_type(game)
    state = kind.new(kind.make_rules(variant, None, options), seed, seats)
    choose = bot.ai.chooser_for(game)
    rng = random.Random(seed)
    with no_deadline():
        while not state.finished:
            seat = next_actor(state)
            state.apply(seat, choose(state.seat_view(seat), level, rng))
            assert state.moves < MOVE_CAP, f"{game} for {seats} ({variant} {options}) seed {seed} did not end"
    return state.moves


@pytest.mark.parametrize(("game", "seats", "variant", "options"), TABLES)
def test_seeded_matches_end(game: str, seats: int, variant: str, options: str) -> None:
    moves = [play_out(game, seats, variant, options, seed, "easy") for seed in range(12)]
    assert all(m > 0 for m in moves)


@pytest.mark.parametrize("seed", [63, 76, 116, 133, 181])
def test_two_player_rummy_seeds_that_once_looped_forever_end(seed: int) -> None:
    assert play_out("rummy", 2, "standard", "", seed, "normal") < MOVE_CAP
