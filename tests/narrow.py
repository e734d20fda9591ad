"""``narrow``: a value typed by a protocol (any game's view, rules or state) as the class a test knows it is."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def narrow(value: object, cls: type[T]) -> T:
    """``value`` itself, asserted to be a ``cls`` (a test's statement of what it expects, checked)."""
    assert isinstance(value, cls), f"expected a {cls.__name__}, got a {type(value).__name__}"
    return value
