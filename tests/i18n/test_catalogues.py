"""The catalogues keep up with the code: every message id the code uses is translated in every
language, with the same ``{fields}``, within Discord's length limits; plurals follow each language."""

from __future__ import annotations

import string

import pytest
from babel.messages.catalog import Catalog

from bot.i18n import CATALOGUES, DEFAULT, IN_PROGRESS, LANGUAGES, PSEUDO, choose, from_discord, texts
from bot.i18n.extract import read_catalogue, template_catalogue
from bot.i18n.pseudo import CLOSE, OPEN

OFFERED = [lang for lang in LANGUAGES if lang != DEFAULT]  # complete: every id translated
CONTENT_MAX = 2000  # a message's content
LIMITS = {"label": 80, "option": 100}  # "i18n: label" / "i18n: option" comments mark where a text goes


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _forms(message: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message id or translation (babel's: one text, a plural's forms, or None) as its forms."""
    if message is None:
        return ()
    return (message,) if isinstance(message, str) else tuple(message)


@pytest.fixture(scope="module")
def template() -> Catalog:
    return template_catalogue()  # from the code as it is now, without rewriting gin.pot


def test_a_language_is_offered_only_with_a_complete_catalogue() -> None:
    assert OFFERED, "at least one language besides English"
    assert set(CATALOGUES) == set(OFFERED) | set(IN_PROGRESS) and not set(OFFERED) & set(IN_PROGRESS)


@pytest.mark.parametrize("lang", CATALOGUES)
def test_every_message_id_is_translated_with_its_fields(template: Catalog, lang: str) -> None:
    """Every catalogue: each translation keeps its id's fields and Discord's limits; an offered
    language's catalogue translates every id."""
    catalogue = read_catalogue(lang)
    problems = []
    for message in template:
        if not message.id:
            continue
        found = catalogue.get(message.id, context=message.context)
        translations = _forms(found.string) if found is not None else ()
        if not translations or not all(translations) or (found is not None and found.fuzzy):  # fuzzy: not compiled
            if lang in OFFERED:
                problems.append(f"untranslated: {message.id!r}")
            continue
        wanted = set().union(*(_fields(f) for f in _forms(message.id)))
        for text in translations:
            if _fields(text) != wanted:
                problems.append(f"fields differ: {message.id!r} -> {text!r}")
        kinds = {c.split(":", 1)[1].strip() for c in message.auto_comments if c.startswith("i18n:")}
        limit = min([LIMITS[k] for k in kinds if k in LIMITS], default=CONTENT_MAX)
        problems.extend(f"longer than {limit}: {t!r}" for t in translations if len(t) > limit)
    assert not problems, "\n".join(problems[:40])


def test_discord_locales_map_to_our_languages() -> None:
    assert from_discord("pt-BR") == "pt_BR"
    assert from_discord("es-419") == from_discord("es-ES") == "es"
    assert from_discord("ja") is None
    assert choose(None, from_discord("ja"), "de") == "de"
    assert choose("fr", "de") == "fr"
    for lang in IN_PROGRESS:  # a catalogue being written is not offered yet
        assert choose(lang, "de") == "de"
    assert choose(None, "xx") == DEFAULT


def test_numbers_follow_the_language() -> None:
    assert texts("de").number(12345) == "12.345"
    assert texts("en").number(12345) == "12,345"
    assert texts("fr").number(12345) == "12\u202f345"


def test_the_pseudo_language_marks_every_text_and_keeps_fields() -> None:
    t = texts(PSEUDO)
    out = t._("{name} draws a card", name="Bob")
    assert out.startswith(OPEN) and out.endswith(CLOSE)
    assert "Bob" in out and "{" not in out
    assert len(out) >= len("Bob draws a card") * 1.2
    assert t.ngettext("{n} card", "{n} cards", 1, n=1) != t.ngettext("{n} card", "{n} cards", 2, n=2)
