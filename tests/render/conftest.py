"""Real views from seeded matches, built once per test session."""

from __future__ import annotations

import pytest

from bot.engine import Card
from bot.engine.gin import Match, PublicView, SeatView, public_view, seat_view
from bot.engine.knock import ActionKind, preset

from .helpers import first_hand, play_until, seat_view_where, step

NAMES = ("Alice", "Bob")


@pytest.fixture(scope="session")
def names() -> tuple[str, str]:
    return NAMES


@pytest.fixture(scope="session")
def draw_pair() -> tuple[SeatView, SeatView, Match]:
    """The same seat just before its 4th stock draw (10 cards) and just after (11 cards, NEW)."""
    m = Match.new(preset("standard"), 11)
    draws = 0
    while True:
        seat = m.turn
        assert seat is not None
        v = seat_view(m, seat)
        if v.phase == "draw":
            draws += 1
            if draws == 4:
                before = v
                step(m, "never")
                return before, seat_view(m, seat), m
        step(m, "never")


def _layoffs(v: PublicView) -> tuple[tuple[Card, int], ...]:
    """The defender's lay-offs in the hand just ended by a knock."""
    assert v.last_hand is not None and v.last_hand.result is not None, "a knocked hand has its result"
    return v.last_hand.result.defender_layoffs


@pytest.fixture(scope="session")
def knock_view() -> PublicView:
    return first_hand("knock", want=lambda v: bool(_layoffs(v)))


@pytest.fixture(scope="session")
def plain_knock_view() -> PublicView:
    return first_hand("knock", want=lambda v: not _layoffs(v))


@pytest.fixture(scope="session")
def gin_view() -> PublicView:
    return first_hand("gin", policy="gin")


@pytest.fixture(scope="session")
def undercut_view() -> PublicView:
    return first_hand("undercut")


@pytest.fixture(scope="session")
def drawn_view() -> PublicView:
    return first_hand("draw", policy="never")


@pytest.fixture(scope="session")
def can_knock_view() -> SeatView:
    return seat_view_where(
        lambda v: (
            any(a.kind is ActionKind.KNOCK for a in v.legal)
            and not any(a.kind in (ActionKind.GIN, ActionKind.BIG_GIN) for a in v.legal)
        )
    )


@pytest.fixture(scope="session")
def can_gin_view() -> SeatView:
    return seat_view_where(lambda v: any(a.kind in (ActionKind.GIN, ActionKind.BIG_GIN) for a in v.legal))


def _finished(variant: str, seed: int = 5) -> PublicView:
    m = Match.new(preset(variant), seed)
    play_until(m, lambda m: m.finished)
    return public_view(m)


@pytest.fixture(scope="session")
def end_view() -> PublicView:
    return _finished("standard")


@pytest.fixture(scope="session")
def hollywood_end_view() -> PublicView:
    return _finished("hollywood")


@pytest.fixture(scope="session")
def resigned_view() -> PublicView:
    m = Match.new(preset("standard"), 9)
    play_until(m, lambda m: len(m.history) >= 2)
    from bot.engine.knock import RESIGN

    m.apply(1, RESIGN)
    return public_view(m)
