"""Checking an output written in the pseudo-language (bot.i18n.PSEUDO: every catalogue text accented,
longer and in ⟦brackets⟧): any English word left outside the brackets escaped the catalogue."""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.i18n.pseudo import CLOSE, OPEN

_SEGMENT = re.compile(re.escape(OPEN) + "[^" + re.escape(OPEN + CLOSE) + "]*" + re.escape(CLOSE))
# What needs no translation: mentions, Discord timestamps and channels, cards (10♠), custom emoji, numbers.
_NEUTRAL = re.compile(r"<[@#]!?\d+>|<t:\d+(:\w)?>|\b(10|[2-9AJQK])[♠♥♦♣]|[\d.,:+\-–−]+")
_WORD = re.compile(r"[A-Za-z]{2,}")
# The games' titles stay their names in every language (docs/i18n.md).
GAME_TITLES = frozenset({"Gin", "Rummy", "Knockout", "Colonel", "Skarney"})


def english_left(text: str, names: Iterable[str] = ()) -> list[str]:
    """The words outside every pseudo segment (nested ones first), besides names and neutral tokens."""
    while True:
        shorter = _SEGMENT.sub(" ", text)
        if shorter == text:
            break
        text = shorter
    text = _NEUTRAL.sub(" ", text)
    allowed = {*names}
    return [w for w in _WORD.findall(text) if w not in allowed]


__all__ = ["GAME_TITLES", "english_left"]
