"""Table options as text: ``'gin=20 undercut=10 tie=no shutout=plus100 length=hands:8'``.

One parser for every game. A game describes its options in an ``OptionTable`` of typed
``Option`` entries (key, what it sets, the kind of value, the words or numbers allowed, and how
to read it back from a rules object); ``GameType.options`` holds it, so the slash commands, the
terminal, selfplay and help texts see the same table. The spelling is the same in every game:
fields are ``key=value`` words with spaces or commas between them, keys and values in any
case, yes/no written as yes, no, y, n, true, false, on, off, 1 or 0. Every bad field gets its
own message and all of them are reported together in one ``OptionError`` (a ValueError), joined
by '; ' (docs/rules.md#table-options lists the keys). Every description and message is an English
catalogue id (``N_``, ``Said``) translated by the layer that shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import reduce
from typing import Any, Final, Literal

from .limits import Span
from .said import OptionError, Said

Overrides = dict[str, Any]  # rules field -> value (typed by the rules class the caller builds)
Reader = Callable[[str], Overrides]  # a value's text (lower case) -> overrides; OptionError(reason) if bad
Shower = Callable[[Any], str | None]  # a rules object -> the option's value as written (None: not set)
OptionKind = Literal["number", "yes/no", "choice", "custom"]

YES: tuple[str, ...] = ("yes", "y", "true", "on", "1")
NO: tuple[str, ...] = ("no", "n", "false", "off", "0")
_AS_WRITTEN: Final = "{word}"  # a value as typed (no words to translate): not a catalogue id


@dataclass(frozen=True, slots=True)
class Option:
    """One table option of a game: ``key=value`` in an options string."""

    key: str  # as written, lower case: 'gin'
    what: str  # what it sets, for messages and help: 'the gin bonus' (a message id, marked N_)
    kind: OptionKind
    accepts: Said  # the values it takes, in words: 'a whole number from 0 to 1000', 'yes or no'
    values: tuple[str, ...]  # the words a value may be (a choice, yes/no); () for numbers and free forms
    span: Span | None  # a number's bounds (kind 'number'; a free form may name one too)
    read: Reader
    show: Shower

    def parse(self, text: str) -> Overrides:
        """The rules fields this value sets; OptionError with the reason (without the key) if bad."""
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
    """True or False from any yes/no spelling (lower case); OptionError "<what>: write yes or no"
    (``what``: a marked message id)."""
    if text in YES:
        return True
    if text in NO:
        return False
    raise OptionError("{what}: write yes or no", what=Said(what))


def yes_no(key: str, field: str, what: str) -> Option:
    """Yes or no for the boolean rules field ``field``."""
    return Option(
        key,
        what,
        "yes/no",
        Said("yes or no"),
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
            raise OptionError("{what}: choose {words}", what=Said(what), words=either(list(table)))
        return {field: table[text]}

    def show(rules: Any) -> str | None:
        value = getattr(rules, field)
        return None if value is None else names.get(value, str(value))

    return Option(key, what, "choice", either(list(table)), tuple(table), None, read, show)


def custom(
    key: str,
    what: str,
    accepts: Said,
    read: Reader,
    show: Shower,
    *,
    values: tuple[str, ...] = (),
    span: Span | None = None,
) -> Option:
    """An option with a value of its own form (Gin's ``length=hands:8``, ``biggin=yes`` or ``biggin=40``)."""
    return Option(key, what, "custom", accepts, values, span, read, show)


def either(words: list[str]) -> Said:
    """'a', 'a or b', 'a, b or c' (words as typed: '7', 'double'; 'or' is translated)."""
    if len(words) == 1:
        return Said(_AS_WRITTEN, word=words[0])
    return Said("{words} or {word}", words=", ".join(words[:-1]), word=words[-1])


@dataclass(frozen=True, slots=True)
class OptionEntry:
    """An option with its value in some rules and its default, for help texts and autocomplete."""

    option: Option
    value: str | None  # as written in an options string; None: not set (the game decides, e.g. by seats)
    default: str | None


@dataclass(frozen=True, slots=True)
class OptionTable:
    """The options of one game, in the order help lists them."""

    game: str  # the game's title, for "Skarney Gin takes no options" ('' for no game: "this game")
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

    def unknown(self, key: str) -> Said:
        """The message for a key this game does not know."""
        if not self.options:
            if not self.game:
                return Said("unknown option {key} (this game takes no options)", key=repr(key))
            return Said("unknown option {key} ({game} takes no options)", key=repr(key), game=self.game)
        return Said("unknown option {key} (known: {keys})", key=repr(key), keys=", ".join(self.keys))

    def parse(self, text: str) -> Overrides:
        """Rules field overrides from an options string; OptionError naming every bad field, joined by '; '."""
        overrides: Overrides = {}
        errors: list[Said] = []
        seen: set[str] = set()
        for word in split_options(text):
            key, eq, value = word.partition("=")
            key, value = key.strip().lower(), value.strip()
            if not key:
                errors.append(Said("{word} names no option: write key=value", word=repr(word)))
                continue
            option = self.get(key)
            if option is None:
                errors.append(self.unknown(key))
                continue
            if not eq or not value:
                errors.append(Said("{word} needs a value: write {key}=value", word=repr(word), key=key))
                continue
            if key in seen:
                errors.append(Said("{key} is given twice", key=key))
                continue
            seen.add(key)
            try:
                overrides.update(option.parse(value))
            except ValueError as e:
                reason = e.said if isinstance(e, OptionError) else str(e)
                errors.append(Said("{key}={value}: {reason}", key=key, value=value, reason=reason))
        if errors:
            raise OptionError.of(reduce(lambda first, then: Said("{first}; {then}", first=first, then=then), errors))
        return overrides

    def describe(self, rules: object, defaults: object) -> tuple[OptionEntry, ...]:
        """Each option with its value in ``rules`` and in ``defaults`` (e.g. the game's first variant)."""
        return tuple(OptionEntry(o, o.show(rules), o.show(defaults)) for o in self.options)


def split_options(text: str) -> list[str]:
    """The fields of an options string: spaces or commas between them."""
    return text.replace(",", " ").split()


NO_OPTIONS = OptionTable("")
"""The table of a game that takes no options (the default of ``GameType.options``)."""

__all__ = [
    "NO",
    "NO_OPTIONS",
    "YES",
    "Option",
    "OptionEntry",
    "OptionError",
    "OptionKind",
    "OptionTable",
    "Overrides",
    "Said",
    "choice",
    "custom",
    "either",
    "number",
    "read_yes_no",
    "split_options",
    "yes_no",
]
