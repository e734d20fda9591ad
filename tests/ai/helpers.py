"""Shared helpers for the AI tests: drive real matches to decision points."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from bot.engine.gin import Match, SeatView
from bot.engine.knock import Action, preset


def random_player(rng: random.Random) -> Callable[[SeatView], Action]:
    def play(view: SeatView) -> Action:
        return rng.choice(view.legal)

    return play


def decision_points(seed: int, variant: str = "standard", moves: int = 60) -> Iterator[tuple[Match, int]]:
    """Yield (match, seat to move) along one seeded match played by random legal moves."""
    rng = random.Random(seed)
    m = Match.new(preset(variant), seed)
    for _ in range(moves):
        if m.finished:
            return
        seat = m.turn
        assert seat is not None
        yield m, seat
        m.apply(seat, rng.choice(m.legal_actions(seat)))
