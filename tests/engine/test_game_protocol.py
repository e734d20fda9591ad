"""Gin through the game protocol: the registry, whole-turn events, view helpers, JSON and replay."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import RESIGN_TEXT, GameType, game_names, game_type, register, unregister
from bot.engine.gin import Match
from bot.engine.knock import DRAW_STOCK, PASS, ActionKind, EventKind, Outcome, Phase, preset


def test_gin_is_registered_with_its_variants() -> None:
    gin = game_type("gin")
    assert "gin" in game_names() and gin.title == "Gin Rummy" and gin.seat_counts == (2, 3, 4)
    assert gin.variants[0] == "standard" and "oklahoma+hollywood" in gin.variants
    assert gin.make_rules("straight", 250).target == 250
    with pytest.raises(ValueError, match="unknown variant"):
        gin.make_rules("nope", None)
    with pytest.raises(ValueError, match="unknown game 'nope'"):
        game_type("nope")


def test_a_second_game_cannot_take_a_registered_name() -> None:
    gin = game_type("gin")
    impostor = GameType(**{**{f: getattr(gin, f) for f in gin.__dataclass_fields__}, "title": "Other"})
    with pytest.raises(ValueError, match="already registered"):
        register(impostor)
    assert register(gin) is gin  # the same object again is fine
    unregister("nothing-by-that-name")  # forgetting an unknown game is harmless


def test_last_events_hold_the_whole_turn() -> None:
    m = Match.new(preset("standard"), 21)
    first = m.turn
    assert first is not None
    m.apply(first, PASS)
    second = m.turn
    assert second is not None
    assert second != first and [e.kind for e in m.last_events] == [EventKind.PASSED]
    m.apply(second, PASS)
    assert [e.kind for e in m.last_events] == [EventKind.PASSED]  # a pass ends that seat's turn
    m.apply(first, DRAW_STOCK)
    assert [e.kind for e in m.last_events] == [EventKind.DREW_STOCK]
    discard = next(a for a in m.legal_actions(first) if a.kind is ActionKind.DISCARD)
    m.apply(first, discard)
    assert [(e.kind, e.seat) for e in m.last_events] == [(EventKind.DREW_STOCK, first), (EventKind.DISCARDED, first)]
    assert m.last_events[-1].card == discard.card
    m.apply(second, DRAW_STOCK)  # the next player's turn starts afresh
    assert [(e.kind, e.seat) for e in m.last_events] == [(EventKind.DREW_STOCK, second)]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**62))
def test_view_helpers_agree_with_the_legal_moves(seed: int) -> None:
    rng = random.Random(seed)
    m = Match.new(preset(rng.choice(["standard", "oklahoma", "straight"])), seed)
    for _ in range(rng.randrange(1, 200)):
        if m.finished:
            break
        seat = m.turn
        assert seat is not None
        view = m.seat_view(seat)
        kinds = {a.kind for a in view.legal}
        assert view.can_knock == (ActionKind.KNOCK in kinds)
        assert view.can_gin == bool(kinds & {ActionKind.GIN, ActionKind.BIG_GIN})
        knocks = [a for a in view.legal if a.kind is ActionKind.KNOCK]
        if knocks:
            card, dw = view.best_knock or (None, None)
            assert card in {a.card for a in knocks} and dw == min(
                d for c, d in view.discard_options if c in {a.card for a in knocks}
            )
            assert dw is not None and dw <= view.knock_limit
        else:
            assert view.best_knock is None
        assert isinstance(view.phase, Phase) and not m.seat_view(1 - seat).legal
        m.apply(seat, rng.choice(view.legal))
    for record in m.hands:
        assert isinstance(record.outcome, Outcome)


def test_json_names_the_game_and_its_format() -> None:
    m = Match.new(preset("hollywood"), 3)
    data = json.loads(json.dumps(m.to_dict()))
    assert data["game"] == "gin" and data["format"] == 1
    assert game_type("gin").load(data).to_dict() == m.to_dict()
    with pytest.raises(ValueError, match="not a Gin match"):
        Match.from_dict({**data, "game": "highcard"})
    with pytest.raises(ValueError, match="unsupported match format"):
        Match.from_dict({**data, "format": 99})


def test_replay_reads_a_resignation_from_the_log() -> None:
    gin = game_type("gin")
    rules = preset("standard")
    m = Match.new(rules, 9)
    log = []
    seat = m.turn
    assert seat is not None
    m.apply(seat, PASS)
    log.append((seat, str(PASS)))
    m.resign(0)
    log.append((0, RESIGN_TEXT))
    replayed = gin.replay(rules, 9, 2, log)
    assert replayed.finished and replayed.resigned_by == 0 and replayed.winner == 1
    assert replayed.to_dict() == m.to_dict()
    with pytest.raises(ValueError, match="2, 3 or 4 players, not 5"):
        gin.new(rules, 9, 5)
