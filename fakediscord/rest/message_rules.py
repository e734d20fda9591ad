"""Discord's limits for a message the bot creates or edits (a channel message, an interaction answer,
a follow-up or a webhook edit), checked as Discord answers a bad one: 400, code 50035 Invalid Form
Body, with the nested ``errors`` naming the field's path; 50006 for an empty new message; 413, code
40005, for files over the upload limit
(https://discord.com/developers/docs/resources/message, .../components/reference, .../reference).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..messages import UploadedFile

MAX_CONTENT: Final = 2000
MAX_EMBEDS, MAX_EMBED_TOTAL = 10, 6000
EMBED_TITLE, EMBED_DESCRIPTION, EMBED_FIELDS = 256, 4096, 25
FIELD_NAME, FIELD_VALUE, FOOTER_TEXT, AUTHOR_NAME = 256, 1024, 2048, 256
MAX_ROWS, MAX_BUTTONS_PER_ROW, MAX_V2_COMPONENTS = 5, 5, 40
MAX_CUSTOM_ID, MAX_BUTTON_LABEL, MAX_PLACEHOLDER = 100, 80, 150
MAX_OPTIONS, MAX_OPTION_TEXT = 25, 100
MAX_ATTACHMENTS: Final = 10
MAX_NONCE: Final = 25  # Discord: a string nonce is at most 25 characters
IS_COMPONENTS_V2: Final = 1 << 15
ACTION_ROW, BUTTON, STRING_SELECT = 1, 2, 3
SELECTS = frozenset({3, 5, 6, 7, 8})
LINK_STYLE, PREMIUM_STYLE = 5, 6

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """One broken rule: the field's path, Discord's error code string and its message."""

    path: Path
    code: str
    message: str

    def __str__(self) -> str:
        return f"{'.'.join(str(p) for p in self.path)}: {self.message}"


def _max_length(path: Path, value: Any, limit: int) -> Iterator[Problem]:
    if isinstance(value, str | list | tuple) and len(value) > limit:
        yield Problem(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def problems(
    data: dict[str, Any], files: Sequence[UploadedFile], *, flags: int = 0, unique_ids: bool = True
) -> list[Problem]:
    """Every limit the message body breaks (empty: Discord would take it). ``flags``: the message's
    flags when the body has none (an edit of a Components V2 message); ``unique_ids``: check that
    no custom_id repeats."""
    out: list[Problem] = []
    out += _max_length(("content",), data.get("content"), MAX_CONTENT)
    if isinstance(data.get("nonce"), str):
        out += _max_length(("nonce",), data["nonce"], MAX_NONCE)
    out += _embeds(data.get("embeds"))
    v2 = bool(int(data.get("flags") or flags or 0) & IS_COMPONENTS_V2)
    out += _components(data.get("components"), v2, unique_ids)
    attachments = data.get("attachments")
    count = max(len(files), len(attachments) if isinstance(attachments, list) else 0)
    if count > MAX_ATTACHMENTS:
        out.append(Problem(("attachments",), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ATTACHMENTS} or fewer in length."))
    return out


def is_empty(data: dict[str, Any], files: Sequence[UploadedFile]) -> bool:
    """A new message with nothing to show (Discord: 50006 Cannot send an empty message)."""
    return not (
        (data.get("content") or "").strip()
        or data.get("embeds")
        or data.get("components")
        or files
        or data.get("sticker_ids")
        or data.get("poll")
    )


def too_large(files: Sequence[UploadedFile], limit: int) -> bool:
    """Files over the upload limit (Discord: 413, code 40005 Request entity too large)."""
    return sum(f.size for f in files) > limit


def errors_json(found: Sequence[Problem], prefix: Path = ()) -> dict[str, Any]:
    """Discord's nested ``errors`` object: {"content": {"_errors": [{"code", "message"}]}}."""
    root: dict[str, Any] = {}
    for problem in found:
        node = root
        for key in (*prefix, *problem.path):
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
    return root


def _embeds(embeds: Any) -> Iterator[Problem]:
    if not isinstance(embeds, list):
        return
    yield from _max_length(("embeds",), embeds, MAX_EMBEDS)
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            continue
        path: Path = ("embeds", i)
        texts: list[tuple[Path, Any, int]] = [
            ((*path, "title"), embed.get("title"), EMBED_TITLE),
            ((*path, "description"), embed.get("description"), EMBED_DESCRIPTION),
            ((*path, "footer", "text"), (embed.get("footer") or {}).get("text"), FOOTER_TEXT),
            ((*path, "author", "name"), (embed.get("author") or {}).get("name"), AUTHOR_NAME),
        ]
        fields = embed.get("fields") or []
        yield from _max_length((*path, "fields"), fields, EMBED_FIELDS)
        for j, fld in enumerate(fields):
            texts.append(((*path, "fields", j, "name"), fld.get("name"), FIELD_NAME))
            texts.append(((*path, "fields", j, "value"), fld.get("value"), FIELD_VALUE))
        for text_path, text, limit in texts:
            if isinstance(text, str):
                total += len(text)
                yield from _max_length(text_path, text, limit)
    if total > MAX_EMBED_TOTAL:
        yield Problem(("embeds",), "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}")


def _components(components: Any, v2: bool, unique_ids: bool) -> Iterator[Problem]:
    if not isinstance(components, list):
        return
    if v2:
        count = sum(1 for _ in _walk(components, ("components",)))
        if count > MAX_V2_COMPONENTS:
            yield Problem(("components",), "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_V2_COMPONENTS} or fewer in length.")
    else:
        yield from _max_length(("components",), components, MAX_ROWS)
        for i, row in enumerate(components):
            if isinstance(row, dict) and row.get("type") != ACTION_ROW:
                yield Problem(
                    ("components", i, "type"), "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,).'
                )
    seen: set[str] = set()
    for path, comp in _walk(components, ("components",)):
        kind = comp.get("type")
        if kind == ACTION_ROW:
            yield from _row(path, comp.get("components") or [])
        custom_id = comp.get("custom_id")
        if isinstance(custom_id, str):
            yield from _max_length((*path, "custom_id"), custom_id, MAX_CUSTOM_ID)
            if unique_ids and custom_id in seen:
                yield Problem(
                    (*path, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"
                )
            seen.add(custom_id)
        elif (kind == BUTTON and comp.get("style") not in (LINK_STYLE, PREMIUM_STYLE)) or kind in SELECTS:
            yield Problem((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
        if kind == BUTTON:
            yield from _max_length((*path, "label"), comp.get("label"), MAX_BUTTON_LABEL)
        if kind in SELECTS:
            yield from _max_length((*path, "placeholder"), comp.get("placeholder"), MAX_PLACEHOLDER)
        if kind == STRING_SELECT:
            options = comp.get("options") or []
            yield from _max_length((*path, "options"), options, MAX_OPTIONS)
            if not options:
                yield Problem((*path, "options"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
            for j, option in enumerate(options):
                for key in ("label", "value", "description"):
                    yield from _max_length((*path, "options", j, key), option.get(key), MAX_OPTION_TEXT)


def _row(path: Path, children: list[Any]) -> Iterator[Problem]:
    inner = (*path, "components")
    if not children:
        yield Problem(inner, "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
    elif any(isinstance(c, dict) and c.get("type") in SELECTS for c in children) and len(children) > 1:
        yield Problem(inner, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
    else:
        yield from _max_length(inner, children, MAX_BUTTONS_PER_ROW)


def _walk(components: list[Any], path: Path) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Every component with its path, depth first (rows, containers, sections and accessories)."""
    for i, comp in enumerate(components):
        if not isinstance(comp, dict):
            continue
        here = (*path, i)
        yield here, comp
        yield from _walk(comp.get("components") or [], (*here, "components"))
        accessory = comp.get("accessory")
        if isinstance(accessory, dict):
            yield (*here, "accessory"), accessory
