"""One table of limits (bot.engine.LIMITS): every game's rules and the layers above read their
bounds from it, so a bound changed there changes everywhere, and nothing else spells it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import constants
from bot.engine import LIMITS, Span, game_names, game_type

ROOT = Path(__file__).resolve().parents[2]


def test_a_span_holds_whole_numbers_only() -> None:
    span = Span(1, 10)
    assert span.holds(1) and span.holds(10) and not span.holds(0) and not span.holds(11)
    assert not span.holds(True) and not span.holds(5.0) and not span.holds("5")
    assert span.check(7, "x") == 7
    with pytest.raises(ValueError, match=r"^x must be a whole number from 1 to 10$"):
        span.check(11, "x")
    assert span.read("007", "x") == 7
    for text in ("", "+7", "7_0", "٧", "-1", "11", "7.0"):
        with pytest.raises(ValueError, match=r"^x is a whole number from 1 to 10$"):
            span.read(text, "x")
    with pytest.raises(ValueError, match="empty span"):
        Span(2, 1)


def test_constants_are_the_limits_table() -> None:
    assert (LIMITS.table_target.low, LIMITS.table_target.high) == (constants.TARGET_MIN, constants.TARGET_MAX)
    assert (LIMITS.turn_timeout_s.low, LIMITS.turn_timeout_s.high) == (constants.TIMEOUT_MIN_S, constants.TIMEOUT_MAX_S)
    assert LIMITS.turn_timeout_default_s == constants.TIMEOUT_DEFAULT_S
    assert LIMITS.turn_timeout_s.holds(LIMITS.turn_timeout_default_s)
    assert LIMITS.challenge_ttl_s == constants.CHALLENGE_TTL_S


def test_a_table_offers_what_every_game_can_play() -> None:
    assert LIMITS.target.low <= LIMITS.table_target.low <= LIMITS.table_target.high <= LIMITS.target.high
    counts = {n for g in game_names() for n in game_type(g).seat_counts}
    assert min(counts) == LIMITS.seats.low and max(counts) == LIMITS.seats.high


@pytest.mark.parametrize("game", ["gin", "knockout", "colonel", "rummy", "skarney"])
def test_every_game_refuses_a_target_outside_the_limits(game: str) -> None:
    gt = game_type(game)
    variant = gt.variants[0]
    for target in (LIMITS.target.low, LIMITS.target.high):
        assert gt.make_rules(variant, target).to_dict()["target"] == target
    for target in (LIMITS.target.low - 1, LIMITS.target.high + 1):
        with pytest.raises(ValueError, match=f"target must be a whole number from 1 to {LIMITS.target.high}"):
            gt.make_rules(variant, target)


def test_no_module_spells_the_engine_target_bound_again() -> None:
    """'10000' (or 10_000) as a target bound is written only in bot/engine/limits.py."""
    bound = re.compile(r"\b10_?000\b")
    found = [
        str(p.relative_to(ROOT))
        for folder in ("bot", "cogs")
        for p in (ROOT / folder).rglob("*.py")
        if bound.search(p.read_text(encoding="utf-8"))
    ]
    assert found == ["bot/engine/limits.py"]
