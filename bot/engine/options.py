"""Table options as text: ``'gin=20 undercut=10 tie=no shutout=plus100 length=hands:8'``.

A table's options string is a list of ``key=value`` words (spaces or commas between them).
Each game names its keys; every bad word gets its own message, and all of them are
reported together in one ValueError (docs/rules.md#table-options lists the keys).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Parser = Callable[[str], dict[str, Any]]  # a value's text -> field overrides; ValueError(message) if bad

YES = {"yes", "on", "true", "1", "y"}
NO = {"no", "off", "false", "0", "n"}


def whole(field: str, what: str, low: int = 0, high: int = 1000) -> Parser:
    """A whole number from ``low`` to ``high`` for ``field``."""

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
    """One of the words of ``values`` (each mapped to the field's value)."""

    def parse(text: str) -> dict[str, Any]:
        low = text.lower()
        if low not in values:
            raise ValueError(f"{what}: choose {_or(list(values))}")
        return {field: values[low]}

    return parse


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def parse_options(text: str, keys: Mapping[str, Parser], game: str) -> dict[str, Any]:
    """Field overrides from an options string; ValueError naming every bad word, joined by '; '."""
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
