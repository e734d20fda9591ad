"""Every options string the old parsers accepted gives the same rules through the one parser
(bot.engine.options), and the same rules JSON: generated strings, in every spelling the old
code took (key and word case, spaces or commas, leading zeros), against the frozen old code in
tests/engine/legacy_options.py.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import game_type

from .legacy_options import OLD_MAKE_RULES

Field = tuple[str, st.SearchStrategy[str]]


def numbers(low: int, high: int) -> st.SearchStrategy[str]:
    """A number in ASCII digits, sometimes with leading zeros (both parsers read '007' as 7)."""
    return st.builds(lambda n, zeros: "0" * zeros + str(n), st.integers(low, high), st.integers(0, 2))


def words(*options: str) -> st.SearchStrategy[str]:
    """One of ``options`` in any mix of upper and lower case."""
    return st.builds(
        lambda word, case: "".join(c.upper() if flip else c for c, flip in zip(word, case, strict=False)),
        st.sampled_from(options),
        st.lists(st.booleans(), min_size=12, max_size=12),
    )


GIN_YES_NO = ("yes", "no", "y", "n", "on", "off", "true", "false", "1", "0")
TABLE_YES_NO = ("yes", "no", "on", "off", "true", "false", "1", "0")  # the table games took no y/n

FIELDS: dict[str, dict[str, st.SearchStrategy[str]]] = {
    "gin": {
        "gin": numbers(0, 1000),
        "undercut": numbers(0, 1000),
        "tie": words(*GIN_YES_NO),
        "biggin": st.one_of(numbers(0, 1000), words(*(w for w in GIN_YES_NO if not w.isdigit()))),
        "line": numbers(0, 1000),
        "game": numbers(0, 1000),
        "shutout": words("double", "total", "game200", "plus100", "none"),
        "knock": words("difference", "whole"),
        "stockout": words("draw", "lower"),
        "deal": st.sampled_from(["10", "11"]),
        "length": st.one_of(
            words("target", "series"),
            st.builds(lambda w, n: f"{w}:{n}", words("target", "series"), numbers(1, 10_000)),
            st.builds(lambda w, n: f"{w}:{n}", words("hands"), numbers(1, 1000)),
        ),
        "teams": words("sum", "separate"),
    },
    "knockout": {
        "cards": st.sampled_from(["7", "10"]),
        "biggin": words(*GIN_YES_NO),
        "limit": numbers(0, 10),
    },
    "colonel": {"challenge": words(*TABLE_YES_NO)},
    "rummy": {
        "length": st.one_of(words("target"), st.builds(lambda w, n: f"{w}:{n}", words("hands"), numbers(1, 100))),
        "cards": numbers(3, 10),
    },
    "skarney": {},
}


@st.composite
def options_string(draw: st.DrawFn, game: str) -> str:
    """Some of the game's fields, each once, in any order, keys in any case, spaces or commas between."""
    fields = FIELDS[game]
    keys = draw(st.lists(st.sampled_from(sorted(fields)), unique=True)) if fields else []
    parts = [f"{draw(words(key))}={draw(fields[key])}" for key in keys]
    text = ""
    for part in parts:
        text += draw(st.sampled_from([" ", ",", ", ", "  ", " ,"])) + part
    return text + draw(st.sampled_from(["", " ", ","]))


@st.composite
def table(draw: st.DrawFn) -> tuple[str, str, int | None, str]:
    game = draw(st.sampled_from(sorted(FIELDS)))
    variant = draw(st.sampled_from(game_type(game).variants))
    target = draw(st.one_of(st.none(), st.integers(1, 10_000)))
    return game, variant, target, draw(options_string(game))


def outcome(make: Any, variant: str, target: int | None, options: str) -> tuple[str, object]:
    try:
        return "rules", make(variant, target, options).to_dict()
    except ValueError:  # a combination refused (e.g. Hollywood with length=hands): both must refuse it
        return "refused", None


@settings(max_examples=600, deadline=None)
@given(table())
def test_every_old_valid_options_string_gives_the_same_rules(case: tuple[str, str, int | None, str]) -> None:
    game, variant, target, options = case
    new = outcome(game_type(game).make_rules, variant, target, options)
    old = outcome(OLD_MAKE_RULES[game], variant, target, options)
    assert new == old


@pytest.mark.parametrize("game", sorted(FIELDS))
def test_the_generated_fields_are_the_games_options(game: str) -> None:
    """The generator above covers every option of every game (a new option needs a line there)."""
    assert sorted(FIELDS[game]) == sorted(game_type(game).options.keys)


def test_the_oracle_sees_a_difference() -> None:
    """The comparison can fail: the old Colonel refused 'challenge=y', the one parser takes it."""
    assert outcome(OLD_MAKE_RULES["colonel"], "standard", None, "challenge=y")[0] == "refused"
    assert outcome(game_type("colonel").make_rules, "standard", None, "challenge=y")[0] == "rules"
