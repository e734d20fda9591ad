"""The time guard: a passed deadline gives the greedy move, never an error or an illegal move."""

from __future__ import annotations

import pytest

from bot.ai import Deadline, DeadlineExceeded, choose_action, greedy_action
from bot.engine.gin import seat_view

from .helpers import decision_points


def test_deadline_raises_once_passed() -> None:
    Deadline(10.0).check()
    with pytest.raises(DeadlineExceeded):
        Deadline(-1.0).check()


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_zero_deadline_falls_back_to_greedy(level: str) -> None:
    differs = 0
    seen = 0
    for m, seat in decision_points(7, moves=80):
        view = seat_view(m, seat)
        if len(view.legal) < 2:
            continue
        seen += 1
        assert choose_action(view, level, deadline_s=0.0) == greedy_action(view)
        differs += choose_action(view, level, deadline_s=5.0) != greedy_action(view)
    assert seen >= 20
    assert differs >= 1  # with time, the level really searches (else this test proves nothing)
