"""Data kept by the Discord stand-in: users, channels, messages, payloads, interactions.

Everything here is plain data plus small query helpers used by tests; the
server modules (rest.py, gateway.py) fill it in.
"""

from __future__ import annotations

import asyncio
import itertools
import re
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Iterator, Optional

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 64  # MessageFlags.ephemeral
LOADING = 128  # MessageFlags.loading: a deferred "is thinking..." message

# Permission bit sets sent as member/app permissions (strings, as Discord does).
ADMIN_PERMISSIONS = str((1 << 41) - 1)  # every classic bit, administrator (1 << 3) included
# add reactions, view channel, send messages, embed links, attach files, read history, use app commands
MEMBER_PERMISSIONS = str((1 << 6) | (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31))
BOT_PERMISSIONS = MEMBER_PERMISSIONS

_MENTION = re.compile(r"<@!?(\d+)>")


class Snowflakes:
    """Strictly increasing, time-based snowflake ids (so created_at is sensible)."""

    def __init__(self) -> None:
        self._last = 0
        self._counter = itertools.count()

    def next(self) -> int:
        now = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        value = max(now | (next(self._counter) & 0xFFF), self._last + 1)
        self._last = value
        return value


def iso_now() -> str:
    return datetime.now(timezone.utc).isoformat()


@dataclass(frozen=True)
class FakeUser:
    """A user in the fake guild. `admin` members get administrator permissions."""

    id: int
    name: str
    global_name: Optional[str] = None
    bot: bool = False
    admin: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        return self.global_name or self.name

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    def member_json(self, *, with_user: bool = True, admin_role: Optional[int] = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(admin_role)] if (self.admin and admin_role) else [],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "avatar": None,
            "premium_since": None,
            "communication_disabled_until": None,
            "permissions": ADMIN_PERMISSIONS if self.admin else MEMBER_PERMISSIONS,
        }
        if with_user:
            data["user"] = self.to_json()
        return data


@dataclass(frozen=True)
class FakeChannel:
    """A guild text channel (type 0) or a DM channel (type 1, recipient set)."""

    id: int
    name: str
    guild_id: Optional[int]
    type: int = 0
    position: int = 0
    recipient: Optional[FakeUser] = None

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_json(self) -> dict[str, Any]:
        if self.type == 1:
            return {
                "id": str(self.id),
                "type": 1,
                "last_message_id": None,
                "recipients": [self.recipient.to_json()] if self.recipient else [],
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "permissions": ADMIN_PERMISSIONS,
        }


@dataclass(frozen=True)
class UploadedFile:
    """One `files[n]` part of a multipart request."""

    field: str
    filename: str
    data: bytes
    content_type: Optional[str]

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def index(self) -> Optional[int]:
        m = re.fullmatch(r"files\[(\d+)\]", self.field)
        return int(m.group(1)) if m else None


@dataclass(frozen=True)
class StoredAttachment:
    """An attachment on a stored message, with its bytes for assertions."""

    id: int
    filename: str
    data: bytes
    content_type: Optional[str] = None
    description: Optional[str] = None

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
    interaction_id: Optional[int] = None  # set when created by an interaction answer / follow-up
    interaction_user: Optional[FakeUser] = None  # who may see it when ephemeral
    message_reference: Optional[dict[str, Any]] = None
    allowed_mentions: Optional[dict[str, Any]] = None
    created: str = field(default_factory=iso_now)
    edited: Optional[str] = None
    deleted: bool = False
    history: list[MessageSnapshot] = field(default_factory=list)

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
        self, *, label: Optional[str] = None, custom_id: Optional[str] = None, prefix: Optional[str] = None
    ) -> Optional[dict[str, Any]]:
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

    def component(self, *, label: Optional[str] = None, custom_id: Optional[str] = None, prefix: Optional[str] = None) -> dict[str, Any]:
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


@dataclass(frozen=True)
class Payload:
    """One request body the bot sent (JSON or multipart), for privacy/shape assertions.

    `ephemeral` is the visibility of the message the payload ends up in (edits of an
    ephemeral message are ephemeral even without flags), `flags` is what the payload said.
    """

    seq: int
    method: str
    path: str
    kind: str  # callback, followup, webhook_edit, channel_send, channel_edit, commands, other
    json: Any
    files: tuple[UploadedFile, ...]
    flags: int
    ephemeral: bool
    message_id: Optional[int]
    interaction_id: Optional[int]
    at: float

    @property
    def message_data(self) -> dict[str, Any]:
        """The message part of the body (callback `data`, else the body itself)."""
        if not isinstance(self.json, dict):
            return {}
        if self.kind == "callback":
            return self.json.get("data") or {}
        return self.json

    @property
    def carries_message(self) -> bool:
        return self.kind in ("callback", "followup", "webhook_edit", "channel_send", "channel_edit")

    @property
    def public(self) -> bool:
        return self.carries_message and not self.ephemeral

    def texts(self) -> list[str]:
        data = self.message_data
        out = [data.get("content") or ""] if isinstance(data.get("content"), str) else []
        out += embed_texts(data.get("embeds")) + component_texts(data.get("components"))
        out += [f.filename for f in self.files]
        return out


@dataclass(frozen=True)
class Answer:
    """The bot's interaction callback (the first answer to an interaction)."""

    type: int  # 4 message, 5 deferred message, 6 deferred update, 7 update message, 8 autocomplete, 9 modal
    flags: int
    ephemeral: bool
    content: Optional[str]
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: tuple[UploadedFile, ...]
    data: dict[str, Any]
    latency: float  # seconds from injection to callback arrival
    message: Optional[StoredMessage]  # message created (4/5) or updated (6/7)
    payload: Payload

    @property
    def deferred(self) -> bool:
        return self.type in (5, 6)

    @property
    def choices(self) -> list[dict[str, Any]]:
        return list(self.data.get("choices") or [])


@dataclass(eq=False)
class InteractionRecord:
    """An injected interaction; await `response()` for the bot's answer."""

    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete, 5 modal submit
    user: FakeUser
    channel_id: int
    data: dict[str, Any]
    message_id: Optional[int]  # the component's message (type 3)
    sent_at: float
    _future: asyncio.Future[Answer]
    answer: Optional[Answer] = None
    original_id: Optional[int] = None
    followups: list[StoredMessage] = field(default_factory=list)
    rejected: list[Payload] = field(default_factory=list)  # callbacks refused (already acknowledged)
    _store: Any = None

    async def response(self, timeout: float = 3.0) -> Answer:
        """Wait for the callback. Raises TimeoutError naming the interaction if none comes."""
        try:
            return await asyncio.wait_for(asyncio.shield(self._future), timeout)
        except asyncio.TimeoutError:
            raise TimeoutError(f"no interaction callback within {timeout}s for {self!r}") from None

    @property
    def answered(self) -> bool:
        return self.answer is not None

    @property
    def original(self) -> Optional[StoredMessage]:
        """The @original message as it is now (None until the callback made one)."""
        if self.original_id is None:
            return None
        return self._store.messages.get(self.original_id)

    async def final(self, timeout: float = 3.0) -> StoredMessage:
        """The @original message once it is no longer a 'thinking...' placeholder."""
        await self.response(timeout)
        return await self._store.wait_until(
            lambda: self.original if self.original is not None and not self.original.loading else None,
            timeout=timeout,
            what=f"final original of {self!r}",
        )

    async def followup(self, index: int = 0, timeout: float = 3.0) -> StoredMessage:
        """The index-th follow-up message sent for this interaction."""
        return await self._store.wait_until(
            lambda: self.followups[index] if len(self.followups) > index else None,
            timeout=timeout,
            what=f"follow-up #{index} of {self!r}",
        )

    def __repr__(self) -> str:
        name = self.data.get("name") or self.data.get("custom_id")
        return f"<InteractionRecord {self.id} type={self.type} {name!r} by {self.user.name}>"


class Store:
    """All state of one stand-in instance plus change notification for waiting."""

    def __init__(self) -> None:
        self.ids = Snowflakes()
        self.messages: dict[int, StoredMessage] = {}
        self.payloads: list[Payload] = []
        self.interactions: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self.commands: dict[Optional[int], list[dict[str, Any]]] = {}  # guild id (None = global) -> commands
        self.unknown_routes: list[str] = []
        self.requests: list[tuple[str, str]] = []  # (method, path) of every REST request
        self._changed = asyncio.Event()

    def notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, probe: Callable[[], Any], timeout: float = 3.0, what: str = "condition") -> Any:
        """Return probe()'s first truthy value, re-evaluated on each change; TimeoutError after `timeout`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = probe()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
            event = self._changed
            try:
                await asyncio.wait_for(event.wait(), remaining)
            except asyncio.TimeoutError:
                pass

    def add_payload(self, **kwargs: Any) -> Payload:
        payload = Payload(seq=len(self.payloads), at=time.perf_counter(), **kwargs)
        self.payloads.append(payload)
        return payload
