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
from ..knock.rules import KNOCK_SCORING, PRESETS, SHUTOUTS, STOCK_OUTS, TEAM_SCORING, Ruleset, preset
from ..knock.summary import COUNTERS
from ..limits import LIMITS
from ..options import OptionTable, Overrides, choice, custom, number, read_yes_no, yes_no
from ..said import N_, OptionError, Said
from .match import Match
from .partners import TEAMS, TeamMatch
from .three import ThreeMatch

# The variants a table can choose: every preset, and Hollywood scoring combined with the others.
VARIANTS: tuple[str, ...] = (*PRESETS, "oklahoma+hollywood", "straight+hollywood", "sequence+hollywood")
SEAT_COUNTS = (2, 3, 4)


def _length(text: str) -> Overrides:
    kind, _, n = text.partition(":")
    if kind == "target":
        return {"length": "target", **({"target": LIMITS.target.read(n, N_("the target"))} if n else {})}
    if kind == "hands":
        if not n:
            raise OptionError("write hands:N, the number of deals")
        return {"length": "hands", "hand_count": LIMITS.gin_hands.read(n, N_("the number of deals"))}
    if kind == "series":
        return {"length": "series", **({"series_target": LIMITS.target.read(n, N_("the series target"))} if n else {})}
    raise OptionError("choose target:N, hands:N or series (series:N for another series target than 500)")


def _show_length(rules: Ruleset) -> str:
    if rules.length == "hands":
        return f"hands:{rules.hand_count}"
    if rules.length == "series":
        return f"series:{rules.series_target}"
    return "target"  # its number is the table's target (length=target:N would set the partnerships' too)


def _big_gin(text: str) -> Overrides:
    if text.isascii() and text.isdigit():  # a number is the bonus (so 0 and 1 are bonuses here, not no and yes)
        return {"big_gin": True, "big_gin_bonus": LIMITS.bonus.read(text, N_("the big gin bonus"))}
    return {"big_gin": read_yes_no(text, N_("big gin"))}


GIN_OPTIONS = OptionTable(
    "Gin Rummy",
    (
        number("gin", "gin_bonus", N_("the gin bonus"), LIMITS.bonus),
        number("undercut", "undercut_bonus", N_("the undercut bonus"), LIMITS.bonus),
        yes_no("tie", "undercut_bonus_on_tie", N_("the undercut bonus on a tie")),
        custom(
            "biggin",
            N_("big gin"),
            Said(
                "yes, no or the big gin bonus (a whole number from {low} to {high})",
                low=LIMITS.bonus.low,
                high=LIMITS.bonus.high,
            ),
            _big_gin,
            lambda rules: str(rules.big_gin_bonus) if rules.big_gin else "no",
            values=("yes", "no"),
            span=LIMITS.bonus,
        ),
        number("line", "line_bonus", N_("the line bonus"), LIMITS.bonus),
        number("game", "game_bonus", N_("the game bonus"), LIMITS.bonus),
        choice("shutout", "shutout", N_("the shutout rule"), {s: s for s in SHUTOUTS}),
        choice("knock", "knock_scoring", N_("a knock scores"), {s: s for s in KNOCK_SCORING}),
        choice("stockout", "stock_out", N_("at 2 stock cards"), {s: s for s in STOCK_OUTS}),
        choice("deal", "deal", N_("the deal"), {"10": 10, "11": 11}),
        custom(
            "length",
            N_("the match length"),
            Said("target:N, hands:N or series (series:N)"),
            _length,
            _show_length,
            values=("target", "hands:", "series"),
        ),
        choice("teams", "teams", N_("partnership scoring"), {s: s for s in TEAM_SCORING}),  # not set: sum
    ),
)


def make_rules(variant: str, target: int | None = None, options: str = "") -> Ruleset:
    """The rules of a named variant with an optional target and options string
    (e.g. ``'gin=20 tie=no length=hands:8'``); ValueError says what is wrong, every bad option named."""
    rules = preset(variant)
    overrides = GIN_OPTIONS.parse(options)
    if "target" in overrides:  # length=target:N in the options is the partnerships' target too
        overrides["team_target"] = overrides["target"]
    if target is not None:
        told = overrides.get("target")
        if told is not None and told != target:
            raise OptionError(
                "the target is {target}, but length=target:{told} says otherwise", target=target, told=told
            )
        overrides["target"] = overrides["team_target"] = target  # the partnerships' target too
    return replace(rules, **overrides)


def check_seats(rules: GameRules, seats: int) -> None:
    """Refuse the combinations that cannot be played by ``seats`` players (ValueError with the reason)."""
    if not isinstance(rules, Ruleset):
        raise TypeError("Gin needs a Gin ruleset")
    if rules.teams is not None and seats != 4:
        raise OptionError("teams= is the scoring of four players in two partnerships")
    if rules.hollywood and seats != 2:
        raise OptionError("Hollywood scores three games between two players: play it with two")
    if rules.length == "series" and seats != 2:
        raise OptionError("a series (length=series) is played by two players")


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
        options=GIN_OPTIONS,
        counters=COUNTERS,
    )
)
