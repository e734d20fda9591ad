"""Every level returns a legal move, in every phase and variant, over many seeded games."""

from __future__ import annotations

import random

import pytest

from bot.ai import LEVELS, choose_action
from bot.engine.gin import Match, seat_view
from bot.engine.knock import ActionKind, preset


@pytest.mark.parametrize("variant", ["standard", "oklahoma", "straight", "hollywood"])
@pytest.mark.parametrize("level", LEVELS)
def test_always_legal_never_resigns(level: str, variant: str) -> None:
    kinds = set()
    for seed in range(3):
        rng = random.Random(seed)
        m = Match.new(preset(variant, target=40), seed)
        moves = 0
        # The AI plays seat 0; seat 1 plays random legal moves (it reaches odd positions).
        while not m.finished and moves < 400:
            seat = m.turn
            assert seat is not None
            if seat == 0:
                view = seat_view(m, seat)
                a = choose_action(view, level, rng=rng)
                assert a in view.legal
                assert a.kind is not ActionKind.RESIGN
                kinds.add(a.kind)
            else:
                a = rng.choice(m.legal_actions(seat))
            m.apply(seat, a)
            moves += 1
    assert {ActionKind.DRAW_STOCK, ActionKind.DISCARD} <= kinds


def test_unknown_level_is_refused() -> None:
    m = Match.new(preset("standard"), 1)
    assert m.turn is not None
    with pytest.raises(ValueError):
        choose_action(seat_view(m, m.turn), "grandmaster")


def test_no_move_for_the_waiting_seat() -> None:
    m = Match.new(preset("standard"), 1)
    assert m.turn is not None
    with pytest.raises(ValueError):
        choose_action(seat_view(m, 1 - m.turn), "normal")
