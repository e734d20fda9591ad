"""The language of the text being written now, for code that writes words deep below the layer that
knows the reader (a renderer's narration under the board): the Discord layer sets it around the
writing of a message, ``Voice`` and ``current()`` read it. Per task (a ContextVar), English outside."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .catalogue import DEFAULT, Texts, texts

_LANGUAGE: ContextVar[str] = ContextVar("gin_language", default=DEFAULT)


@contextmanager
def speaking(lang: str) -> Iterator[Texts]:
    """Write in ``lang`` inside the block (and in the tasks it starts)."""
    token = _LANGUAGE.set(lang)
    try:
        yield texts(lang)
    finally:
        _LANGUAGE.reset(token)


def current() -> Texts:
    """The texts of the language being written now."""
    return texts(_LANGUAGE.get())
