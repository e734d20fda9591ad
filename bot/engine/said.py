"""A text for a player decided in the engine: an English catalogue id with its ``{fields}``.

The engine has no language; what it says to a player (a rules summary's line, an option's
description, why an options string is refused) is a ``Said``: the message id and its fields,
translated by the layer that shows it (``bot.i18n.Texts.said``). ``str()`` is the English filled
in, so a caller without a language (a log, a test) reads the words it always read. A field may be
a ``Said`` itself (a phrase translated on its own, e.g. the option named in an error); a ``Counted``
is a text with a plural form, chosen by the language's rules for its count.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def N_(text: str) -> str:
    """Marks an English text for the catalogue (bot.i18n) where it is written; it is translated where shown."""
    return text


def _filled(message: str, fields: Mapping[str, object]) -> str:
    return message.format(**fields) if fields else message


class Said:
    """An English message id and its fields (``Said("First to {target} points wins.", target=100)``)."""

    __slots__ = ("fields", "message")
    message: str
    fields: Mapping[str, object]

    def __init__(self, message: str, /, **fields: object) -> None:
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "fields", fields)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __str__(self) -> str:
        return _filled(self.message, self.fields)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        fields = "".join(f", {k}={v!r}" for k, v in self.fields.items())
        return f"{type(self).__name__}({self.message!r}{fields})"

    def _key(self) -> tuple[Any, ...]:
        return (type(self), self.message, tuple(self.fields.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its constructor's arguments (the slots refuse pickle's own setattr)."""
        return (_said, (self.message, dict(self.fields)))


class Counted(Said):
    """A text with a count: the singular and plural ids (English's two forms) and the count that chooses."""

    __slots__ = ("n", "plural")
    plural: str
    n: int

    def __init__(self, singular: str, plural: str, n: int, /, **fields: object) -> None:
        super().__init__(singular, **fields)
        object.__setattr__(self, "plural", plural)
        object.__setattr__(self, "n", n)

    def __str__(self) -> str:
        return _filled(self.message if self.n == 1 else self.plural, self.fields)

    def _key(self) -> tuple[Any, ...]:
        return (*super()._key(), self.plural, self.n)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_counted, (self.message, self.plural, self.n, dict(self.fields)))


def _said(message: str, fields: dict[str, object]) -> Said:
    return Said(message, **fields)


def _counted(singular: str, plural: str, n: int, fields: dict[str, object]) -> Counted:
    return Counted(singular, plural, n, **fields)


class OptionError(ValueError):
    """A table's rules or options refused, for the player setting up the table: ``message`` is an
    English id with ``{fields}`` (translated where it is shown, like ``IllegalAction``); ``str()`` is
    the English filled in. ``said`` is the same as a ``Said`` (to nest it in another text)."""

    def __init__(self, message: str, /, **fields: object) -> None:
        self.message = message
        self.fields = fields
        super().__init__(_filled(message, fields))

    @property
    def said(self) -> Said:
        return Said(self.message, **self.fields)

    @classmethod
    def of(cls, said: Said) -> OptionError:
        """The error that says ``said``."""
        return cls(said.message, **said.fields)


__all__ = ["N_", "Counted", "OptionError", "Said"]
