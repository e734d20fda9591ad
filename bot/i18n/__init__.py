"""Every text a player reads, in his language: one gettext catalogue per language (Babel's tools).

Code writes English message ids and asks a language's ``Texts`` for them::

    t = texts("de")
    t._("Draw from the stock")                       # -> "Vom Stapel ziehen"
    t.ngettext("{n} card", "{n} cards", 3, n=3)      # the language's own plural rules
    t.number(1234)                                   # -> "1.234"
    t.said(rules.summary()[0])                       # a text the engine decided: its id and fields

Placeholders are ``str.format`` fields (``{name}``), filled after the translation. A text needed
before a language is known (a module constant) is marked with ``N_`` and translated where shown.
The catalogues live in bot/i18n/locales/<lang>/LC_MESSAGES/gin.po, the template in
bot/i18n/locales/gin.pot (``python -m bot.i18n extract`` rewrites it and merges new ids into every
catalogue); they are compiled when first used. Which language a text is shown in is the caller's
choice (``choose``): the clicking player's for private answers, the server's for public ones.
A leaf package: it imports nothing of the project, so the engine's callers, the renderer and the
Discord layer may all use it.
"""

from __future__ import annotations

from .catalogue import CATALOGUES, DEFAULT, IN_PROGRESS, LANGUAGES, PSEUDO, Saying, Texts, texts
from .choice import choose, from_discord, language_names
from .speaking import current, speaking

N_ = str  # marks a text for the catalogue without translating it here


def NP_(context: str, message: str) -> tuple[str, str]:
    """Marks a text in a context for the catalogue: (context, message), translated where shown."""
    return context, message


__all__ = [
    "CATALOGUES",
    "DEFAULT",
    "IN_PROGRESS",
    "LANGUAGES",
    "NP_",
    "N_",
    "PSEUDO",
    "Saying",
    "Texts",
    "choose",
    "current",
    "from_discord",
    "language_names",
    "speaking",
    "texts",
]
