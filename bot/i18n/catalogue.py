"""The catalogues: one compiled gettext translation per language, loaded once and kept."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from functools import cache
from gettext import GNUTranslations, NullTranslations
from pathlib import Path
from typing import Final, Protocol, runtime_checkable

from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from .pseudo import pseudo, pseudo_translations

DOMAIN: Final = "gin"
LOCALES: Final = Path(__file__).parent / "locales"
DEFAULT: Final = "en"
# offered to players: complete catalogues (English is the ids themselves)
LANGUAGES: Final = ("en", "de", "es", "fr", "pt_BR")
IN_PROGRESS: Final[tuple[str, ...]] = ()  # catalogues being written: not offered until complete
CATALOGUES: Final = (*LANGUAGES[1:], *IN_PROGRESS)
PSEUDO: Final = "qps"  # a test language: every text accented, 30 % longer and bracketed


@runtime_checkable
class Saying(Protocol):
    """A text decided before its language is known: an English message id and its ``{fields}`` (the
    engine's ``Said``, ``IllegalAction``, ``OptionError``; the service's ``Refusal``). A field may be a
    ``Saying`` itself, translated on its own; one with ``plural`` and ``n`` is counted (ngettext)."""

    @property
    def message(self) -> str: ...

    @property
    def fields(self) -> Mapping[str, object]: ...


class Texts:
    """The texts of one language."""

    def __init__(self, lang: str, translations: NullTranslations) -> None:
        self.lang = lang
        self._tr = translations
        self.locale = Locale.parse(DEFAULT if lang == PSEUDO else lang)

    def _(self, message: str, /, **fields: object) -> str:
        """The translation of ``message`` with its ``{fields}`` filled."""
        text = self._tr.gettext(message)
        return text.format(**fields) if fields else text

    def ngettext(self, singular: str, plural: str, n: int, /, **fields: object) -> str:
        """The form of a counted text that the language's plural rules choose for ``n``."""
        text = self._tr.ngettext(singular, plural, n)
        return text.format(**fields) if fields else text

    def pgettext(self, context: str, message: str, /, **fields: object) -> str:
        """The translation of ``message`` in ``context`` (e.g. 'you': the same English words said to
        the reader, which other languages write with another verb form)."""
        text = self._tr.pgettext(context, message)
        return text.format(**fields) if fields else text

    def said(self, text: Saying | str, /) -> str:
        """A text decided elsewhere (``Saying``: its id and fields, nested ones translated too), or a
        plain message id, in this language."""
        if isinstance(text, str):
            return self._(text)
        fields = {k: self.said(v) if isinstance(v, Saying) else v for k, v in text.fields.items()}
        plural, n = getattr(text, "plural", None), getattr(text, "n", None)
        if isinstance(plural, str) and isinstance(n, int):
            return self.ngettext(text.message, plural, n, **fields)
        return self._(text.message, **fields)

    def number(self, n: float) -> str:
        """A number as the language writes it (grouping and decimal signs)."""
        return format_decimal(n, locale=self.locale)

    def join(self, items: Sequence[str], *, alternatives: bool = False) -> str:
        """'a, b and c' as the language writes a list ('a, b or c' for ``alternatives``)."""
        joined = (
            format_list(list(items), style="or" if alternatives else "standard", locale=self.locale) if items else ""
        )
        return pseudo(joined) if self.lang == PSEUDO and len(items) > 1 else joined

    def __repr__(self) -> str:
        return f"Texts({self.lang!r})"


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _compiled(lang: str) -> NullTranslations:
    with po_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return GNUTranslations(buf)


@cache
def texts(lang: str) -> Texts:
    """The texts of ``lang`` (one of LANGUAGES, or PSEUDO); English for any other."""
    if lang == PSEUDO:
        return Texts(lang, pseudo_translations())
    if lang not in CATALOGUES:
        return Texts(DEFAULT, NullTranslations())
    return Texts(lang, _compiled(lang))
