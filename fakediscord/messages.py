"""Messages as the stand-in keeps them: uploads, attachments, snapshots of old versions, and
the text/component queries tests assert on."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .world import EPHEMERAL, LOADING, FakeUser, iso_now

_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(frozen=True)
class UploadedFile:
    """One `files[n]` part of a multipart request."""

    field: str
    filename: str
    data: bytes
    content_type: str | None

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def index(self) -> int | None:
        m = re.fullmatch(r"files\[(\d+)\]", self.field)
        return int(m.group(1)) if m else None


@dataclass(frozen=True)
class StoredAttachment:
    """An attachment on a stored message, with its bytes for assertions."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def to_json(self, base_url: str, channel_id: int) -> dict[str, Any]:
        url = f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}"
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": url,
            "proxy_url": url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        return data


@dataclass(frozen=True)
class MessageSnapshot:
    """The visible state of a message at one moment (kept in StoredMessage.history)."""

    content: str
    embeds: tuple[dict[str, Any], ...]
    components: tuple[dict[str, Any], ...]
    attachments: tuple[StoredAttachment, ...]
    flags: int
    at: float


def iter_components(components: Any) -> Iterator[dict[str, Any]]:
    """Every component dict, depth first (action rows, containers, sections, accessories)."""
    for comp in components or ():
        if not isinstance(comp, dict):
            continue
        yield comp
        yield from iter_components(comp.get("components"))
        accessory = comp.get("accessory")
        if isinstance(accessory, dict):
            yield from iter_components([accessory])


def component_texts(components: Any) -> list[str]:
    """Human-visible strings in components: labels, placeholders, option labels/descriptions, text displays."""
    out: list[str] = []
    for comp in iter_components(components):
        for key in ("label", "placeholder", "content", "title", "value"):
            if isinstance(comp.get(key), str):
                out.append(comp[key])
        for opt in comp.get("options") or ():
            for key in ("label", "description"):
                if isinstance(opt.get(key), str):
                    out.append(opt[key])
    return out


def embed_texts(embeds: Any) -> list[str]:
    """Human-visible strings in embeds."""
    out: list[str] = []
    for emb in embeds or ():
        for key in ("title", "description"):
            if isinstance(emb.get(key), str):
                out.append(emb[key])
        for part in ("footer", "author"):
            sub = emb.get(part) or {}
            for key in ("text", "name"):
                if isinstance(sub.get(key), str):
                    out.append(sub[key])
        for fld in emb.get("fields") or ():
            out.extend(str(fld.get(k, "")) for k in ("name", "value"))
    return out


@dataclass(eq=False)
class StoredMessage:
    """A message as the stand-in holds it; edits replace fields and push the old state to `history`."""

    id: int
    channel_id: int
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    interaction_id: int | None = None  # set when created by an interaction answer / follow-up
    interaction_user: FakeUser | None = None  # who may see it when ephemeral
    message_reference: dict[str, Any] | None = None
    allowed_mentions: dict[str, Any] | None = None
    created: str = field(default_factory=iso_now)
    edited: str | None = None
    deleted: bool = False
    history: list[MessageSnapshot] = field(default_factory=list)
    notified: tuple[int, ...] = ()  # users this message notified when it was created (edits never notify)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def public(self) -> bool:
        return not self.ephemeral

    @property
    def mention_ids(self) -> list[int]:
        return [int(x) for x in _MENTION.findall(self.content or "")]

    def mentions_notified(self) -> tuple[int, ...]:
        """Who the mentions of a new public message notify, as Discord decides it: every mentioned
        user unless ``allowed_mentions`` limits it (``parse`` with "users", or the ``users`` list).
        Ephemeral messages notify nobody."""
        if self.ephemeral:
            return ()
        mentioned = self.mention_ids
        allowed = self.allowed_mentions
        if allowed is None or "users" in (allowed.get("parse") or ()):
            return tuple(mentioned)
        users = {int(u) for u in allowed.get("users") or ()}
        return tuple(u for u in mentioned if u in users)

    def snapshot(self) -> MessageSnapshot:
        return MessageSnapshot(
            self.content,
            tuple(self.embeds),
            tuple(self.components),
            tuple(self.attachments),
            self.flags,
            time.perf_counter(),
        )

    # -- component queries -------------------------------------------------
    def all_components(self) -> list[dict[str, Any]]:
        return list(iter_components(self.components))

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if "custom_id" in c]

    def labels(self) -> list[str]:
        return [c["label"] for c in self.all_components() if c.get("label")]

    def find_component(
        self, *, label: str | None = None, custom_id: str | None = None, prefix: str | None = None
    ) -> dict[str, Any] | None:
        """First component whose label equals `label` / custom_id equals `custom_id` / custom_id starts with `prefix`."""
        for comp in self.all_components():
            if label is not None and comp.get("label") != label:
                continue
            if custom_id is not None and comp.get("custom_id") != custom_id:
                continue
            if prefix is not None and not str(comp.get("custom_id", "")).startswith(prefix):
                continue
            if label is None and custom_id is None and prefix is None:
                continue
            return comp
        return None

    def component(
        self, *, label: str | None = None, custom_id: str | None = None, prefix: str | None = None
    ) -> dict[str, Any]:
        """Like find_component but raises LookupError (listing what is there) when absent."""
        comp = self.find_component(label=label, custom_id=custom_id, prefix=prefix)
        if comp is None:
            raise LookupError(
                f"no component label={label!r} custom_id={custom_id!r} prefix={prefix!r} on message {self.id}; "
                f"has {[(c.get('label'), c.get('custom_id')) for c in self.all_components() if 'custom_id' in c]}"
            )
        return comp

    def texts(self) -> list[str]:
        """Every human-visible string: content, embeds, components, attachment names."""
        return [self.content or "", *embed_texts(self.embeds), *component_texts(self.components)] + [
            a.filename for a in self.attachments
        ]

    def __repr__(self) -> str:
        kind = "ephemeral" if self.ephemeral else "public"
        return f"<StoredMessage {self.id} {kind} content={self.content[:60]!r} edits={len(self.history)}>"


MessageRef = StoredMessage | int  # a message or its id
