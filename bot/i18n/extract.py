"""Babel's extraction over the code, and the catalogues kept in step with it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from .catalogue import CATALOGUES, DOMAIN, LOCALES, po_path

ROOT: Final = Path(__file__).resolve().parents[2]
SOURCES: Final = ("bot", "cogs", "render")  # the folders whose texts players read
# ``IllegalAction``, ``Said``, ``Counted``, ``OptionError`` (the engine), ``Refusal`` (the table service) and
# ``TournamentError`` (bot.tournaments) carry a message id and its fields.
KEYWORDS: Final = {
    "_": None,
    "tr": None,  # cogs.gin.messages.tr: a text in the language being written now
    "ngettext": (1, 2),
    "count": (1, 2),  # render.narration.Voice.count: a counted phrase
    "pgettext": ((1, "c"), 2),
    "N_": None,
    "NP_": ((1, "c"), 2),  # a text in a context, marked where it is written (bot.i18n.NP_)
    "IllegalAction": None,
    "Refusal": None,
    "Said": None,  # bot.engine.Said: a text the engine decides (a rules summary's line, an option's values)
    "Counted": (1, 2),  # bot.engine.Counted: the same with a plural
    "OptionError": None,  # bot.engine.OptionError: a refused option or variant
    "TournamentError": None,  # bot.tournaments.TournamentError: a refused tournament step
}
TEMPLATE: Final = LOCALES / f"{DOMAIN}.pot"
STAMP: Final = datetime(2026, 11, 24, tzinfo=UTC)  # fixed, so a rerun changes no header


def extract_template() -> Catalog:
    """Every message id in the code, written to the template (gin.pot)."""
    catalog = template_catalogue()
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as f:
        write_po(f, catalog, width=100, omit_header=False)
    return catalog


def template_catalogue() -> Catalog:
    """Every message id in the code, with where it is used (nothing written)."""
    catalog = Catalog(domain=DOMAIN, project="gin-bot", fuzzy=False, creation_date=STAMP, revision_date=STAMP)
    for folder in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
            ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("i18n:",)
        ):
            catalog.add(message, None, [(f"{folder}/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def read_catalogue(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(
            locale=Locale.parse(lang),
            domain=DOMAIN,
            project="gin-bot",
            fuzzy=False,
            creation_date=STAMP,
            revision_date=STAMP,
        )
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def merge_into_catalogues(template: Catalog) -> dict[str, int]:
    """Bring every language's catalogue in step with ``template``; the count of new ids per language."""
    added: dict[str, int] = {}
    for lang in CATALOGUES:
        catalog = read_catalogue(lang)
        before = {m.id for m in catalog if m.id}
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.fuzzy = False
        added[lang] = sum(1 for m in catalog if m.id and m.id not in before)
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, catalog, width=100, ignore_obsolete=True)
    return added


def translated_share() -> dict[str, tuple[int, int]]:
    """(translated, total) message ids per language."""
    out: dict[str, tuple[int, int]] = {}
    for lang in CATALOGUES:
        messages = [m for m in read_catalogue(lang) if m.id]
        # a fuzzy entry is not translated: the compiled catalogue leaves it out, so the English id is shown
        done = sum(1 for m in messages if not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string))
        out[lang] = (done, len(messages))
    return out
