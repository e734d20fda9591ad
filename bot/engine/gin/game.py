"""Gin Rummy registered with the game protocol (bot.engine.game): two, three or four players.

The rules are in docs/rules.md. Two players: ``Match``; three (the dealer sits out):
``ThreeMatch``; four in two partnerships: ``TeamMatch``. ``Ruleset`` is the rules of all
three, ``Action`` the moves. Variants are the ruleset presets, combinable with '+'; an
options string changes single fields (docs/rules.md#table-options).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..game import AnyState, GameRules, GameType, register
from ..knock.actions import Action
from ..knock.rules import PRESETS, SHUTOUTS, Ruleset, preset
from ..knock.summary import COUNTERS
from ..options import Parser, choice, parse_options, whole, yes_no
from .match import Match
from .partners import TEAMS, TeamMatch
from .three import ThreeMatch

# The variants a table can choose: every preset, and Hollywood scoring combined with the others.
VARIANTS: tuple[str, ...] = (*PRESETS, "oklahoma+hollywood", "straight+hollywood", "sequence+hollywood")
SEAT_COUNTS = (2, 3, 4)


def _number(text: str, what: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise ValueError(f"{what} is a whole number from {low} to {high}")
    return value


def _length(text: str) -> dict[str, Any]:
    kind, _, n = text.lower().partition(":")
    if kind == "target":
        return {"length": "target", **({"target": _number(n, "the target", 1, 10000)} if n else {})}
    if kind == "hands":
        if not n:
            raise ValueError("write hands:N, the number of deals")
        return {"length": "hands", "hand_count": _number(n, "the number of deals", 1, 1000)}
    if kind == "series":
        return {"length": "series", **({"series_target": _number(n, "the series target", 1, 10000)} if n else {})}
    raise ValueError("choose target:N, hands:N or series (series:N for another series target than 500)")


def _big_gin(text: str) -> dict[str, Any]:
    if text.isdigit():
        return {"big_gin": True, "big_gin_bonus": _number(text, "the big gin bonus", 0, 1000)}
    return yes_no("big_gin", "big gin")(text)


GIN_OPTIONS: dict[str, Parser] = {
    "gin": whole("gin_bonus", "the gin bonus"),
    "undercut": whole("undercut_bonus", "the undercut bonus"),
    "tie": yes_no("undercut_bonus_on_tie", "the undercut bonus on a tie"),
    "biggin": _big_gin,
    "line": whole("line_bonus", "the line bonus"),
    "game": whole("game_bonus", "the game bonus"),
    "shutout": choice("shutout", "the shutout rule", {s: s for s in SHUTOUTS}),
    "knock": choice("knock_scoring", "a knock scores", {"difference": "difference", "whole": "whole"}),
    "stockout": choice("stock_out", "at 2 stock cards", {"draw": "draw", "lower": "lower"}),
    "deal": choice("deal", "the deal", {"10": 10, "11": 11}),
    "length": _length,
    "teams": choice("teams", "partnership scoring", {"sum": "sum", "separate": "separate"}),
}


def make_rules(variant: str, target: int | None = None, options: str = "") -> Ruleset:
    """The rules of a named variant with an optional target and options string
    (e.g. ``'gin=20 tie=no length=hands:8'``); ValueError says what is wrong, every bad option named."""
    rules = preset(variant)
    overrides = parse_options(options, GIN_OPTIONS, "gin")
    if "target" in overrides:  # length=target:N in the options is the partnerships' target too
        overrides["team_target"] = overrides["target"]
    if target is not None:
        told = overrides.get("target")
        if told is not None and told != target:
            raise ValueError(f"the target is {target}, but length=target:{told} says otherwise")
        overrides["target"] = target
    return replace(rules, **overrides)


def check_seats(rules: GameRules, seats: int) -> None:
    """Refuse the combinations that cannot be played by ``seats`` players (ValueError with the reason)."""
    if not isinstance(rules, Ruleset):
        raise TypeError("Gin needs a Gin ruleset")
    if rules.teams is not None and seats != 4:
        raise ValueError("teams= is the scoring of four players in two partnerships")
    if rules.hollywood and seats != 2:
        raise ValueError("Hollywood scores three games between two players: play it with two")
    if rules.length == "series" and seats != 2:
        raise ValueError("a series (length=series) is played by two players")


def _rules_from_dict(data: dict[str, Any]) -> Ruleset:
    return Ruleset.from_dict(data)


def _new(rules: GameRules, seed: int, seats: int) -> AnyState:
    GIN.validate(rules, seats)
    assert isinstance(rules, Ruleset)
    if seats == 3:
        return ThreeMatch.new(rules, seed)
    if seats == 4:
        return TeamMatch.new(rules, seed)
    return Match.new(rules, seed, seats)


def _load(data: dict[str, Any]) -> AnyState:
    seats = data.get("seats", 2)
    if seats == 3:
        return ThreeMatch.from_dict(data)
    if seats == 4:
        return TeamMatch.from_dict(data)
    return Match.from_dict(data)


def _parse(text: str) -> Action:
    return Action.parse(text)


GIN = register(
    GameType(
        name="gin",
        title="Gin Rummy",
        seat_counts=SEAT_COUNTS,
        variants=VARIANTS,
        make_rules=make_rules,
        rules_from_dict=_rules_from_dict,
        new=_new,
        load=_load,
        parse_action=_parse,
        check_seats=check_seats,
        team_layout=lambda rules, seats: TEAMS if seats == 4 else (),
        counters=COUNTERS,
    )
)
