"""Table options as text: ``'gin=20 undercut=10 tie=no shutout=plus100 length=hands:8'``.

One parser for every game. A game describes its options in an ``OptionTable`` of typed
``Option`` entries (key, what it sets, the kind of value, the words or numbers allowed, and how
to read it back from a rules object); ``GameType.options`` holds it, so the slash commands, the
terminal, selfplay and help texts see the same table. The spelling is the same in every game:
fields are ``key=value`` words with spaces or commas between them, keys and values in any
case, yes/no written as yes, no, y, n, true, false, on, off, 1 or 0. Every bad field gets its
own message and all of them are reported together in one ValueError, joined by '; '
(docs/rules.md#table-options lists the keys).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .limits import Span

Overrides = dict[str, Any]  # rules field -> value (typed by the rules class the caller builds)
Reader = Callable[[str], Overrides]  # a value's text (lower case) -> overrides; ValueError(reason) if bad
Shower = Callable[[Any], str | None]  # a rules object -> the option's value as written (None: not set)
OptionKind = Literal["number", "yes/no", "choice", "custom"]

YES: tuple[str, ...] = ("yes", "y", "true", "on", "1")
NO: tuple[str, ...] = ("no", "n", "false", "off", "0")


@dataclass(frozen=True, slots=True)
class Option:
    """One table option of a game: ``key=value`` in an options string."""

    key: str  # as written, lower case: 'gin'
    what: str  # what it sets, for messages and help: 'the gin bonus'
    kind: OptionKind
    accepts: str  # the values it takes, in words: 'a whole number from 0 to 1000', 'yes or no'
    values: tuple[str, ...]  # the words a value may be (a choice, yes/no); () for numbers and free forms
    span: Span | None  # a number's bounds (kind 'number'; a free form may name one too)
    read: Reader
    show: Shower

    def parse(self, text: str) -> Overrides:
        """The rules fields this value sets; ValueError with the reason (without the key) if bad."""
        return self.read(text.strip().lower())


def number(key: str, field: str, what: str, span: Span) -> Option:
    """A whole number in ``span`` for the rules field ``field``."""
    return Option(
        key,
        what,
        "number",
        span.words,
        (),
        span,
        lambda text: {field: span.read(text, what)},
        lambda rules: _shown(getattr(rules, field)),
    )


def _shown(value: object) -> str | None:
    return None if value is None else str(value)


def read_yes_no(text: str, what: str) -> bool:
    """True or False from any yes/no spelling (lower case); ValueError "<what>: write yes or no"."""
    if text in YES:
        return True
    if text in NO:
        return False
    raise ValueError(f"{what}: write yes or no")


def yes_no(key: str, field: str, what: str) -> Option:
    """Yes or no for the boolean rules field ``field``."""
    return Option(
        key,
        what,
        "yes/no",
        "yes or no",
        ("yes", "no"),
        None,
        lambda text: {field: read_yes_no(text, what)},
        lambda rules: "yes" if getattr(rules, field) else "no",
    )


def choice(key: str, field: str, what: str, words: Mapping[str, object]) -> Option:
    """One of ``words`` (lower case), each mapped to the value it gives the field."""
    table = dict(words)
    names = {value: word for word, value in table.items()}

    def read(text: str) -> Overrides:
        if text not in table:
            raise ValueError(f"{what}: choose {either(list(table))}")
        return {field: table[text]}

    def show(rules: Any) -> str | None:
        value = getattr(rules, field)
        return None if value is None else names.get(value, str(value))

    return Option(key, what, "choice", either(list(table)), tuple(table), None, read, show)


def custom(
    key: str,
    what: str,
    accepts: str,
    read: Reader,
    show: Shower,
    *,
    values: tuple[str, ...] = (),
    span: Span | None = None,
) -> Option:
    """An option with a value of its own form (Gin's ``length=hands:8``, ``biggin=yes`` or ``biggin=40``)."""
    return Option(key, what, "custom", accepts, values, span, read, show)


def either(words: list[str]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


@dataclass(frozen=True, slots=True)
class OptionEntry:
    """An option with its value in some rules and its default, for help texts and autocomplete."""

    option: Option
    value: str | None  # as written in an options string; None: not set (the game decides, e.g. by seats)
    default: str | None


@dataclass(frozen=True, slots=True)
class OptionTable:
    """The options of one game, in the order help lists them."""

    game: str  # the game's title, for "Skarney Gin takes no options"
    options: tuple[Option, ...] = ()

    def __post_init__(self) -> None:
        keys = self.keys
        if len(set(keys)) != len(keys) or any(k != k.lower() or not k or "=" in k for k in keys):
            raise ValueError(f"option keys must be distinct lower-case words: {keys}")

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(o.key for o in self.options)

    def __iter__(self) -> Iterator[Option]:
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)

    def get(self, key: str) -> Option | None:
        key = key.strip().lower()
        return next((o for o in self.options if o.key == key), None)

    def unknown(self, key: str) -> str:
        """The message for a key this game does not know."""
        if not self.options:
            return f"unknown option {key!r} ({self.game} takes no options)"
        return f"unknown option {key!r} (known: {', '.join(self.keys)})"

    def parse(self, text: str) -> Overrides:
        """Rules field overrides from an options string; ValueError naming every bad field, joined by '; '."""
        overrides: Overrides = {}
        errors: list[str] = []
        seen: set[str] = set()
        for word in split_options(text):
            key, eq, value = word.partition("=")
            key, value = key.strip().lower(), value.strip()
            if not key:
                errors.append(f"{word!r} names no option: write key=value")
                continue
            option = self.get(key)
            if option is None:
                errors.append(self.unknown(key))
                continue
            if not eq or not value:
                errors.append(f"{word!r} needs a value: write {key}=value")
                continue
            if key in seen:
                errors.append(f"{key} is given twice")
                continue
            seen.add(key)
            try:
                overrides.update(option.parse(value))
            except ValueError as e:
                errors.append(f"{key}={value}: {e}")
        if errors:
            raise ValueError("; ".join(errors))
        return overrides

    def describe(self, rules: object, defaults: object) -> tuple[OptionEntry, ...]:
        """Each option with its value in ``rules`` and in ``defaults`` (e.g. the game's first variant)."""
        return tuple(OptionEntry(o, o.show(rules), o.show(defaults)) for o in self.options)


def split_options(text: str) -> list[str]:
    """The fields of an options string: spaces or commas between them."""
    return text.replace(",", " ").split()


NO_OPTIONS = OptionTable("this game")
"""The table of a game that takes no options (the default of ``GameType.options``)."""

__all__ = [
    "NO",
    "NO_OPTIONS",
    "YES",
    "Option",
    "OptionEntry",
    "OptionKind",
    "OptionTable",
    "Overrides",
    "choice",
    "custom",
    "either",
    "number",
    "read_yes_no",
    "split_options",
    "yes_no",
]
