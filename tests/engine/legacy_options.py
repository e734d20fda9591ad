"""The option parsers as they were before bot.engine.options became the one parser (frozen copy, the oracle
of tests/engine/test_option_equivalence.py): Gin's and Knockout's reported every bad field, the table games'
the first. Only the parts that turn a valid options string into rules are kept; the rules classes are the
engine's own, unchanged. Do not "fix" this file: it is what the new parser must agree with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from bot.engine.knock import SHUTOUTS, Ruleset, preset
from bot.engine.knockout import VARIANTS as KNOCKOUT_VARIANTS
from bot.engine.knockout import KnockoutRules
from bot.engine.tablegames import ColonelRules, RummyRules, SkarneyRules

Parser = Callable[[str], dict[str, Any]]

YES = {"yes", "on", "true", "1", "y"}
NO = {"no", "off", "false", "0", "n"}


def whole(field: str, what: str, low: int = 0, high: int = 1000) -> Parser:
    def parse(text: str) -> dict[str, Any]:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise ValueError(f"{what} is a whole number from {low} to {high}")
        return {field: value}

    return parse


def yes_no(field: str, what: str) -> Parser:
    def parse(text: str) -> dict[str, Any]:
        low = text.lower()
        if low in YES:
            return {field: True}
        if low in NO:
            return {field: False}
        raise ValueError(f"{what}: write yes or no")

    return parse


def choice(field: str, what: str, values: Mapping[str, Any]) -> Parser:
    def parse(text: str) -> dict[str, Any]:
        low = text.lower()
        if low not in values:
            raise ValueError(f"{what}: choose one")
        return {field: values[low]}

    return parse


def parse_options(text: str, keys: Mapping[str, Parser], game: str) -> dict[str, Any]:
    overrides: dict[str, Any] = {}
    errors: list[str] = []
    seen: set[str] = set()
    for word in text.replace(",", " ").split():
        key, eq, value = word.partition("=")
        key = key.strip().lower()
        if not eq or not value.strip():
            errors.append(f"{word!r} needs a value: write {key or 'key'}=value")
            continue
        parser = keys.get(key)
        if parser is None:
            errors.append(f"unknown option {key!r} for {game}; known: {', '.join(keys)}")
            continue
        if key in seen:
            errors.append(f"{key} is given twice")
            continue
        seen.add(key)
        try:
            overrides.update(parser(value.strip()))
        except ValueError as e:
            errors.append(f"{key}={value.strip()}: {e}")
    if errors:
        raise ValueError("; ".join(errors))
    return overrides


# -- Gin -------------------------------------------------------------------------------------------


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


def gin_rules(variant: str, target: int | None = None, options: str = "") -> Ruleset:
    rules = preset(variant)
    overrides = parse_options(options, GIN_OPTIONS, "gin")
    if "target" in overrides:
        overrides["team_target"] = overrides["target"]
    if target is not None:
        told = overrides.get("target")
        if told is not None and told != target:
            raise ValueError(f"the target is {target}, but length=target:{told} says otherwise")
        # one intended change since the copy: a target given is the partnerships' target too
        overrides["target"] = overrides["team_target"] = target
    return replace(rules, **overrides)


# -- Knockout --------------------------------------------------------------------------------------


def _cards(text: str) -> int:
    if text not in ("7", "10"):
        raise ValueError("deal 7 or 10 cards each")
    return int(text)


KNOCKOUT_OPTIONS: dict[str, Parser] = {
    "cards": lambda text: {"cards": _cards(text)},
    "biggin": yes_no("big_gin", "big gin"),
    "limit": whole("knock_limit", "the knock limit", 0, 10),
}


def knockout_rules(variant: str, target: int | None = None, options: str = "") -> KnockoutRules:
    name = (variant or "standard").strip().lower()
    if name not in KNOCKOUT_VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    overrides = parse_options(options, KNOCKOUT_OPTIONS, "knockout")
    if target is not None:
        overrides["target"] = target
    return KnockoutRules(name=name, **overrides)


# -- the table games (bot/engine/tablerules.py and each game's make_rules) ---------------------------


def table_options(text: str, known: tuple[str, ...], title: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in text.replace(",", " ").split():
        key, eq, value = part.partition("=")
        key, value = key.strip().lower(), value.strip().lower()
        if not known:
            raise ValueError(f"{title} takes no options (got {part!r})")
        if key not in known:
            raise ValueError(f"unknown option {key!r} for {title}; choose from {', '.join(known)}")
        if not eq or not value:
            raise ValueError(f"option {key!r} needs a value, e.g. '{key}=...'")
        if key in out:
            raise ValueError(f"option {key!r} is given twice")
        out[key] = value
    return out


def table_yes_no(key: str, value: str) -> bool:
    if value in ("yes", "on", "true", "1"):
        return True
    if value in ("no", "off", "false", "0"):
        return False
    raise ValueError(f"{key} must be yes or no, not {value!r}")


def table_whole(key: str, value: str, lo: int, hi: int) -> int:
    if not value.isdigit() or not lo <= int(value) <= hi:
        raise ValueError(f"{key} must be a whole number from {lo} to {hi}, not {value!r}")
    return int(value)


def check_variant(variant: str, variants: tuple[str, ...], title: str) -> str:
    name = variant.strip().lower()
    if name not in variants:
        raise ValueError(f"unknown variant {variant!r} for {title}")
    return name


def colonel_rules(variant: str = "standard", target: int | None = None, options: str = "") -> ColonelRules:
    name = check_variant(variant, ("standard", "no-challenge"), "Colonel")
    opts = table_options(options, ("challenge",), "Colonel")
    challenge = name != "no-challenge"
    if "challenge" in opts:
        challenge = table_yes_no("challenge", opts["challenge"])
    return ColonelRules(name=name, target=100 if target is None else target, challenge=challenge)


def rummy_rules(variant: str = "standard", target: int | None = None, options: str = "") -> RummyRules:
    name = check_variant(variant, ("standard",), "Rummy")
    opts = table_options(options, ("length", "cards"), "Rummy")
    hands = None
    length = opts.get("length", "target")
    if length.startswith("hands:"):
        hands = table_whole("length=hands:N", length[6:], 1, 100)
    elif length != "target":
        raise ValueError(f"length must be 'target' or 'hands:N', not {length!r}")
    cards = table_whole("cards", opts["cards"], 3, 10) if "cards" in opts else None
    return RummyRules(name=name, target=100 if target is None else target, hands=hands, cards=cards)


def skarney_rules(variant: str = "standard", target: int | None = None, options: str = "") -> SkarneyRules:
    name = check_variant(variant, ("standard",), "Skarney Gin")
    table_options(options, (), "Skarney Gin")
    return SkarneyRules(name=name, target=200 if target is None else target)


OLD_MAKE_RULES: dict[str, Callable[[str, int | None, str], Any]] = {
    "gin": gin_rules,
    "knockout": knockout_rules,
    "colonel": colonel_rules,
    "rummy": rummy_rules,
    "skarney": skarney_rules,
}
