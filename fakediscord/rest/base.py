"""Shared REST plumbing: JSON replies, request bodies, recording payloads, writing messages.

Every reply carries `Content-Type: application/json` exactly (discord.py's json_or_text
compares the header verbatim; aiohttp's json_response would add a charset and the client
would then see a str, not a dict).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from ..host import Host
from ..messages import StoredAttachment, StoredMessage, UploadedFile
from ..records import InteractionRecord, Payload
from ..world import EPHEMERAL, LOADING, iso_now
from .message_rules import Path, errors_json, is_empty, problems, too_large

log = logging.getLogger("fakediscord.rest")

API_PREFIX = "/api/v10"


def json_response(data: Any, status: int = 200) -> web.Response:
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"})


def error(status: int, code: int, message: str) -> web.Response:
    return json_response({"code": code, "message": message}, status=status)


def no_content() -> web.Response:
    return web.Response(status=204)


@dataclass(frozen=True)
class Body:
    json: Any
    files: tuple[UploadedFile, ...]


async def read_body(request: web.Request) -> Body:
    """JSON body, or multipart with payload_json + files[n] parts (bytes kept)."""
    ctype = request.headers.get("Content-Type", "")
    if ctype.startswith("multipart/"):
        payload: Any = None
        files: list[UploadedFile] = []
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):  # discord.py never nests multiparts
                log.warning("fakediscord: unexpected nested multipart")
                continue
            if part.name == "payload_json":
                payload = json.loads(await part.text())
            elif part.filename is not None:
                data = bytes(await part.read())
                files.append(UploadedFile(part.name or "", part.filename, data, part.headers.get("Content-Type")))
            else:
                log.warning("fakediscord: unexpected multipart field %r", part.name)
        return Body(payload, tuple(files))
    raw = await request.read()
    if not raw:
        return Body(None, ())
    return Body(json.loads(raw), ())


Handler = Callable[[web.Request, dict[str, str], Body], Awaitable[web.Response]]


class RouteBase:
    """What every group of routes shares: the stand-in, its store, payload records, message writes."""

    def __init__(self, fd: Host) -> None:
        self.fd = fd
        self.store = fd.store

    def _record(self, request: web.Request, kind: str, body: Body, **extra: Any) -> Payload:
        flags = 0
        data = body.json if isinstance(body.json, dict) else {}
        if kind == "callback":
            data = data.get("data") or {}
        if isinstance(data, dict):
            flags = int(data.get("flags") or 0)
        defaults: dict[str, Any] = {"ephemeral": bool(flags & EPHEMERAL), "message_id": None, "interaction_id": None}
        defaults.update(extra)
        return self.store.add_payload(
            method=request.method,
            path=request.path,
            kind=kind,
            json=body.json,
            files=body.files,
            flags=flags,
            **defaults,
        )

    def _refused_message(
        self,
        request: web.Request,
        kind: str,
        body: Body,
        data: dict[str, Any],
        *,
        create: bool,
        prefix: Path = (),
        flags: int = 0,
        **record: Any,
    ) -> web.Response | None:
        """Discord's answer to a message body over its limits (recorded as a refused payload, and in
        fd.limits.stats.form_errors), or None when Discord would take it (or fd.limits.message_rules
        is off)."""
        limits = self.fd.limits
        if not limits.message_rules:
            return None
        response: web.Response | None = None
        if too_large(body.files, limits.attachment_size):
            errors: dict[str, Any] = {"files": f"over {limits.attachment_size} bytes"}
            response = error(413, 40005, "Request entity too large")
        elif found := problems(data, body.files, flags=flags, unique_ids=limits.unique_custom_ids):
            errors = errors_json(found, prefix)
            response = json_response({"code": 50035, "errors": errors, "message": "Invalid Form Body"}, status=400)
        elif create and is_empty(data, body.files):
            errors = {"": "empty message"}
            response = error(400, 50006, "Cannot send an empty message")
        if response is None:
            return None
        log.warning("fakediscord: %s refused like Discord (%s): %s", kind, response.status, errors)
        limits.stats.form_errors.append((kind, errors))
        self._record(request, kind, body, **record)
        return response

    # -- message helpers -----------------------------------------------------------
    def _attachments_from(
        self, data: dict[str, Any], files: tuple[UploadedFile, ...], keep: list[StoredAttachment]
    ) -> list[StoredAttachment]:
        """Discord semantics: an `attachments` list names what stays (existing ids) and
        describes new uploads (id = file index); without it, uploads are appended."""
        by_index = {f.index: f for f in files}
        if "attachments" not in data:
            return keep + [StoredAttachment(self.store.ids.next(), f.filename, f.data, f.content_type) for f in files]
        existing = {str(a.id): a for a in keep}
        out: list[StoredAttachment] = []
        for entry in data.get("attachments") or []:
            key = str(entry.get("id"))
            if key in existing:
                out.append(existing[key])
                continue
            upload = by_index.get(int(key)) if key.isdigit() and len(key) < 6 else None
            if upload is None:
                log.warning(
                    "fakediscord: attachment entry %r matches neither an existing attachment nor an upload", entry
                )
                continue
            out.append(
                StoredAttachment(
                    self.store.ids.next(),
                    entry.get("filename") or upload.filename,
                    upload.data,
                    upload.content_type,
                    entry.get("description"),
                )
            )
        return out

    def create_message(
        self,
        channel_id: int,
        data: dict[str, Any],
        files: tuple[UploadedFile, ...],
        *,
        flags: int = 0,
        interaction: InteractionRecord | None = None,
        type: int = 0,
    ) -> StoredMessage:
        message = StoredMessage(
            id=self.store.ids.next(),
            channel_id=channel_id,
            author=self.fd.bot_user,
            content=data.get("content") or "",
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            attachments=self._attachments_from(data, files, []),
            flags=flags,
            type=type,
            interaction_id=interaction.id if interaction else None,
            interaction_user=interaction.user if interaction else None,
            message_reference=data.get("message_reference"),
            allowed_mentions=data.get("allowed_mentions"),
        )
        message.notified = message.mentions_notified()
        self.store.messages[message.id] = message
        return message

    def edit_message(self, message: StoredMessage, data: dict[str, Any], files: tuple[UploadedFile, ...]) -> None:
        message.history.append(message.snapshot())
        if "content" in data:
            message.content = data["content"] or ""
        if "embeds" in data:
            message.embeds = list(data["embeds"] or [])
        if "components" in data:
            message.components = list(data["components"] or [])
        if "attachments" in data or files:
            message.attachments = self._attachments_from(data, files, message.attachments)
        if "allowed_mentions" in data:
            message.allowed_mentions = data["allowed_mentions"]
        if "flags" in data and data["flags"] is not None:
            # Only presentation flags can change on edit; ephemeral never does.
            message.flags = (message.flags & EPHEMERAL) | (int(data["flags"]) & ~(EPHEMERAL | LOADING))
        message.flags &= ~LOADING  # any edit replaces the "thinking..." placeholder
        message.edited = iso_now()

    async def _announce(self, message: StoredMessage, event: str) -> None:
        """Public messages reach the bot's gateway like on Discord (ephemeral ones never do)."""
        if message.public:
            await self.fd.gateway.dispatch(event, self.fd.message_json(message))
