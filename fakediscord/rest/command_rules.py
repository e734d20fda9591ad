"""Discord's rules for an application command, checked when one is registered (as Discord answers a
bad one: 400, code 50035, with the field's path): names, descriptions, options, choices and their
localisations (https://discord.com/developers/docs/interactions/application-commands)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final

CHAT_INPUT, USER, MESSAGE = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
NAME: Final = re.compile(r"^[-_\w]{1,32}$")  # \w: letters and digits of any script, and '_'
MAX_DESCRIPTION, MAX_OPTIONS, MAX_CHOICES, MAX_CHOICE_NAME = 100, 25, 25, 100
# The locales Discord accepts as keys of *_localizations.
LOCALES: Final = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)


def problems(command: dict[str, Any]) -> list[str]:
    """Every rule a command breaks, as 'path: what' (empty: Discord would take it)."""
    kind = command.get("type", CHAT_INPUT)
    return list(_named(command, "", chat=kind == CHAT_INPUT, needs_description=kind == CHAT_INPUT))


def _named(item: dict[str, Any], path: str, *, chat: bool, needs_description: bool) -> Iterator[str]:
    yield from _name(item.get("name"), f"{path}name", chat=chat)
    for locale, name in (item.get("name_localizations") or {}).items():
        if locale not in LOCALES:
            yield f"{path}name_localizations.{locale}: not a valid locale"
        yield from _name(name, f"{path}name_localizations.{locale}", chat=chat)
    if needs_description:
        yield from _description(item.get("description"), f"{path}description")
        for locale, text in (item.get("description_localizations") or {}).items():
            if locale not in LOCALES:
                yield f"{path}description_localizations.{locale}: not a valid locale"
            yield from _description(text, f"{path}description_localizations.{locale}")
    options = item.get("options") or []
    if len(options) > MAX_OPTIONS:
        yield f"{path}options: more than {MAX_OPTIONS}"
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        yield f"{path}options: option names must be unique"
    for i, option in enumerate(options):
        yield from _named(option, f"{path}options.{i}.", chat=True, needs_description=True)
        yield from _choices(option.get("choices") or [], f"{path}options.{i}.choices")
    for locale in _localised_keys(options):
        localised = [(o.get("name_localizations") or {}).get(locale, o.get("name")) for o in options]
        if len(set(localised)) != len(localised):
            yield f"{path}options: option names in {locale} must be unique"


def _localised_keys(options: list[dict[str, Any]]) -> set[str]:
    return {locale for o in options for locale in (o.get("name_localizations") or {})}


def _name(name: object, path: str, *, chat: bool) -> Iterator[str]:
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        yield f"{path}: must be 1 to 32 characters"
        return
    if chat and (not NAME.match(name) or name != name.lower()):
        yield f"{path}: {name!r} breaks the name rule (lower case letters, digits, '-' and '_')"


def _description(text: object, path: str) -> Iterator[str]:
    if not isinstance(text, str) or not 1 <= len(text) <= MAX_DESCRIPTION:
        yield f"{path}: must be 1 to {MAX_DESCRIPTION} characters"


def _choices(choices: list[dict[str, Any]], path: str) -> Iterator[str]:
    if len(choices) > MAX_CHOICES:
        yield f"{path}: more than {MAX_CHOICES}"
    for i, choice in enumerate(choices):
        texts = [choice.get("name"), *(choice.get("name_localizations") or {}).values()]
        if any(not isinstance(t, str) or not 1 <= len(t) <= MAX_CHOICE_NAME for t in texts):
            yield f"{path}.{i}.name: must be 1 to {MAX_CHOICE_NAME} characters in every language"
