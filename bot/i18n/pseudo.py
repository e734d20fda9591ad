"""The pseudo-language of the tests: each text accented, about 30 % longer and in brackets, with its
``{fields}`` kept, so any English left in an output escaped the catalogue and a long language's
labels are tried before a real one is written."""

from __future__ import annotations

import re
from gettext import NullTranslations
from typing import Final

OPEN, CLOSE = "⟦", "⟧"
_ACCENTS: Final = str.maketrans("aeiouyAEIOUYcnCN", "áéîöüýÁÉÎÖÜÝçñÇÑ")
_FIELD: Final = re.compile(r"(\{[^{}]*\})")


def pseudo(text: str) -> str:
    """``Draw {n}`` -> ``⟦Dŕáw {n}·····⟧``: accents outside the fields, padding to 130 %."""
    parts = [p if _FIELD.fullmatch(p) else p.translate(_ACCENTS) for p in _FIELD.split(text)]
    body = "".join(parts)
    return f"{OPEN}{body}{'·' * max(1, round(len(text) * 0.3) - 2)}{CLOSE}"


class _Pseudo(NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


def pseudo_translations() -> NullTranslations:
    return _Pseudo()
