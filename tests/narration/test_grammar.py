"""The narration of seeded whole matches of every game and table size, public and to a player:
no broken grammar ("You deals", "1 cards", a line starting with "and"), no empty or doubled
line, every turn one line, every finished hand told for every player in it."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import bot.ai
from bot.ai import no_deadline
from bot.engine import AnyState, game_type, next_actor
from bot.engine.gin import HandRecord, PublicView, TeamHandRecord, TeamPublicView, TrioHandRecord, TrioPublicView
from bot.engine.knockout import KnockoutPublicView, KnockoutRecord
from bot.engine.tablegames import TableHand, TablePublicView
from render.narration import (
    Voice,
    gin_hand,
    knock_turn_lines,
    knockout_end,
    knockout_hand,
    table_hand,
    table_turn_lines,
    team_hand,
    trio_hand,
)

TABLES = [("gin", 2), ("gin", 3), ("gin", 4), ("knockout", 3), ("knockout", 4), ("colonel", 2), ("skarney", 2)]
TABLES += [("rummy", n) for n in range(2, 7)]
NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Finn"]
BAD = [
    (
        re.compile(r"\bYou (deals|is|has|scores|adds|goes|wins|takes|draws|reached \S+ and is)\b"),
        "a verb for 'he' after 'You'",
    ),
    (re.compile(r"(?<![\d.])1 (cards|hands|points|deadwood points)\b"), "a plural after 1"),
    (re.compile(r"\b\w+ (and|&) \w+ (scores|wins|is)\b"), "a singular verb after two names"),
    (re.compile(r"^(and|, |\. )"), "a fragment"),
    (re.compile(r" {2,}|\.\.|\s[,.:]"), "doubled space or stray punctuation"),
    (re.compile(r"[{}]"), "a field left unfilled"),
    (re.compile(r"\b(the|a|of|on|with) *$"), "cut short"),
]


def _lines(view: object, voice: Voice) -> list[str]:
    if isinstance(view, TablePublicView):
        return table_turn_lines(view.last_events, voice, deal_number=view.deal_number)
    assert isinstance(view, PublicView | TrioPublicView | TeamPublicView | KnockoutPublicView)
    return knock_turn_lines(view.last_events, voice, deal_number=view.deal_number)


def _story(record: object, view: object, voice: Voice) -> list[str]:
    if isinstance(record, HandRecord):
        return gin_hand(record, voice)
    if isinstance(record, TrioHandRecord):
        return trio_hand(record, voice)
    if isinstance(record, TeamHandRecord):
        assert isinstance(view, TeamPublicView)
        return team_hand(record, view.teams, voice)
    if isinstance(record, KnockoutRecord):
        assert isinstance(view, KnockoutPublicView)
        return knockout_hand(record, view.rules.target, voice)
    assert isinstance(record, TableHand)
    return table_hand(record, voice)


def _match(game: str, seats: int, seed: int) -> Iterator[AnyState]:
    gt = game_type(game)
    state = gt.new(gt.make_rules(gt.variants[0], None, ""), seed, seats)
    choose = bot.ai.chooser_for(game)
    rng = random.Random(seed)
    with no_deadline():
        while not state.finished:
            seat = next_actor(state)
            state.apply(seat, choose(state.seat_view(seat), "normal", rng))
            yield state


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_every_line_of_a_whole_match_reads_right(game: str, seats: int) -> None:
    problems: list[str] = []
    told_hands = 0
    public, private = Voice(NAMES[:seats]), Voice(["You", *NAMES[1:seats]], viewer=0)
    for state in _match(game, seats, seed=11):
        view = state.public_view()
        lines = _lines(view, public) + _lines(view, private)
        record = state.hands[-1] if state.hands and len(state.hands) > told_hands else None
        if record is not None:
            told_hands = len(state.hands)
            story = _story(record, view, public) + _story(record, view, private)
            assert story, f"hand {told_hands} told in no line"
            lines += story
        if isinstance(view, KnockoutPublicView) and view.finished:
            lines += knockout_end(view, public)
        for line in lines:
            if not line.strip():
                problems.append("an empty line")
            problems.extend(f"{why}: {line!r}" for pattern, why in BAD if pattern.search(line))
    assert told_hands > 0
    assert not problems, "\n".join(sorted(set(problems))[:30])
