"""REST half of the stand-in: the v10 routes discord.py uses for a slash-command bot.

Unknown routes are logged at WARNING, recorded in `store.unknown_routes` and
answered 404 with a JSON body, so a missing route is obvious in test output.
Every reply carries `Content-Type: application/json` exactly (discord.py's
json_or_text compares the header verbatim; aiohttp's json_response would add
a charset and the client would then see a str, not a dict).
"""

from __future__ import annotations

import json
import logging
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Optional

from aiohttp import web

from .state import EPHEMERAL, LOADING, Answer, InteractionRecord, StoredAttachment, StoredMessage, UploadedFile, iso_now

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"


def json_response(data: Any, status: int = 200) -> web.Response:
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


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


class Rest:
    """Route table and handlers; state lives in fd.store."""

    def __init__(self, fd: "FakeDiscord") -> None:
        self.fd = fd
        self.store = fd.store
        S = r"(?P<{}>\d+)"
        app, guild, chan, msg, cmd = S.format("app"), S.format("guild"), S.format("chan"), S.format("msg"), S.format("cmd")
        tok = r"(?P<token>[^/]+)"
        self.routes: list[tuple[str, re.Pattern[str], Handler]] = []
        add = self._add
        add("GET", r"/users/@me", self.get_me)
        add("GET", r"/users/" + S.format("user"), self.get_user)
        add("POST", r"/users/@me/channels", self.create_dm)
        add("GET", r"/oauth2/applications/@me", self.get_application)
        add("GET", r"/applications/@me", self.get_application)
        add("GET", r"/gateway", self.get_gateway)
        add("GET", r"/gateway/bot", self.get_gateway)
        for scope in (rf"/applications/{app}/commands", rf"/applications/{app}/guilds/{guild}/commands"):
            add("GET", scope, self.list_commands)
            add("PUT", scope, self.put_commands)
            add("POST", scope, self.upsert_command)
            add("GET", scope + "/" + cmd, self.get_command)
            add("PATCH", scope + "/" + cmd, self.edit_command)
            add("DELETE", scope + "/" + cmd, self.delete_command)
        add("POST", rf"/interactions/{S.format('iid')}/{tok}/callback", self.interaction_callback)
        add("POST", rf"/webhooks/{app}/{tok}", self.webhook_send)
        for target in (r"(?P<msg>@original)", msg):
            add("GET", rf"/webhooks/{app}/{tok}/messages/{target}", self.webhook_get)
            add("PATCH", rf"/webhooks/{app}/{tok}/messages/{target}", self.webhook_edit)
            add("DELETE", rf"/webhooks/{app}/{tok}/messages/{target}", self.webhook_delete)
        add("GET", rf"/channels/{chan}", self.get_channel)
        add("POST", rf"/channels/{chan}/typing", self.typing)
        add("GET", rf"/channels/{chan}/messages", self.list_messages)
        add("POST", rf"/channels/{chan}/messages", self.channel_send)
        add("GET", rf"/channels/{chan}/messages/{msg}", self.channel_get)
        add("PATCH", rf"/channels/{chan}/messages/{msg}", self.channel_edit)
        add("DELETE", rf"/channels/{chan}/messages/{msg}", self.channel_delete)
        add("PUT", rf"/channels/{chan}/messages/{msg}/reactions/(?P<emoji>[^/]+)/@me", self.reaction)
        add("DELETE", rf"/channels/{chan}/messages/{msg}/reactions/(?P<emoji>[^/]+)/@me", self.reaction)
        add("GET", rf"/guilds/{guild}", self.get_guild)
        add("GET", rf"/guilds/{guild}/channels", self.get_guild_channels)
        add("GET", rf"/guilds/{guild}/roles", self.get_roles)
        add("GET", rf"/guilds/{guild}/members/{S.format('user')}", self.get_member)
        add("GET", rf"/guilds/{guild}/members", self.list_members)

    def _add(self, method: str, pattern: str, handler: Handler) -> None:
        self.routes.append((method, re.compile(pattern + r"/?"), handler))

    # -- entry point -------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.Response:
        path = request.path
        if not path.startswith(API_PREFIX):
            return await self._unknown(request, path)
        sub = path[len(API_PREFIX):]
        self.store.requests.append((request.method, sub))
        for method, pattern, handler in self.routes:
            if method != request.method:
                continue
            m = pattern.fullmatch(sub)
            if m:
                body = await read_body(request)
                try:
                    return await handler(request, m.groupdict(), body)
                finally:
                    self.store.notify()
        return await self._unknown(request, sub)

    async def _unknown(self, request: web.Request, path: str) -> web.Response:
        line = f"{request.method} {path}"
        self.store.unknown_routes.append(line)
        log.warning("fakediscord: UNKNOWN ROUTE %s (answered 404) -- add it to tests/e2e/fakediscord/rest.py", line)
        return error(404, 0, f"404: Not Found (fakediscord has no route {line})")

    async def attachment(self, request: web.Request) -> web.Response:
        aid = int(request.match_info["aid"])
        for message in self.store.messages.values():
            for att in message.attachments:
                if att.id == aid:
                    return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")
        return web.Response(status=404)

    # -- users / application -----------------------------------------------------
    async def get_me(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        auth = request.headers.get("Authorization", "")
        if not auth.startswith("Bot "):
            return error(401, 0, "401: Unauthorized")
        return json_response({**self.fd.bot_user.to_json(), "verified": True, "mfa_enabled": False, "flags": 0})

    async def get_user(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        user = self.fd.users.get(int(p["user"]))
        return json_response(user.to_json()) if user else error(404, 10013, "Unknown User")

    async def create_dm(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        user = self.fd.users.get(int((body.json or {}).get("recipient_id", 0)))
        if user is None:
            return error(400, 50033, "Invalid Recipients")
        return json_response(self.fd.dm_channel(user).to_json())

    async def get_application(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        return json_response(self.fd.application_json())

    async def get_gateway(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        return json_response(
            {
                "url": self.fd.gateway_url,
                "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
            }
        )

    # -- application commands ----------------------------------------------------
    def _scope(self, p: dict[str, str]) -> Optional[int]:
        return int(p["guild"]) if p.get("guild") else None

    def _command_json(self, data: dict[str, Any], scope: Optional[int], old_id: Optional[int] = None) -> dict[str, Any]:
        cmd = dict(data)
        cmd["id"] = str(old_id or self.store.ids.next())
        cmd["application_id"] = str(self.fd.application_id)
        cmd["version"] = str(self.store.ids.next())
        cmd.setdefault("type", 1)
        cmd.setdefault("description", "")
        cmd.setdefault("default_member_permissions", None)
        cmd.setdefault("nsfw", False)
        if scope is not None:
            cmd["guild_id"] = str(scope)
        return cmd

    def _record(self, request: web.Request, kind: str, body: Body, **extra: Any) -> Any:
        flags = 0
        data = body.json if isinstance(body.json, dict) else {}
        if kind == "callback":
            data = data.get("data") or {}
        if isinstance(data, dict):
            flags = int(data.get("flags") or 0)
        defaults: dict[str, Any] = {"ephemeral": bool(flags & EPHEMERAL), "message_id": None, "interaction_id": None}
        defaults.update(extra)
        return self.store.add_payload(
            method=request.method, path=request.path, kind=kind, json=body.json, files=body.files, flags=flags, **defaults
        )

    async def list_commands(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        return json_response(self.store.commands.get(self._scope(p), []))

    async def put_commands(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        scope = self._scope(p)
        self._record(request, "commands", body)
        old = {(c["name"], c.get("type", 1)): int(c["id"]) for c in self.store.commands.get(scope, [])}
        new = [self._command_json(c, scope, old.get((c["name"], c.get("type", 1)))) for c in body.json or []]
        self.store.commands[scope] = new
        log.info("fakediscord: synced %d %s commands", len(new), "global" if scope is None else f"guild {scope}")
        return json_response(new)

    async def upsert_command(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        scope = self._scope(p)
        self._record(request, "commands", body)
        cmds = self.store.commands.setdefault(scope, [])
        key = (body.json["name"], body.json.get("type", 1))
        for i, c in enumerate(cmds):
            if (c["name"], c.get("type", 1)) == key:
                cmds[i] = self._command_json(body.json, scope, int(c["id"]))
                return json_response(cmds[i])
        cmd = self._command_json(body.json, scope)
        cmds.append(cmd)
        return json_response(cmd, status=201)

    def _find_command(self, p: dict[str, str]) -> tuple[list[dict[str, Any]], int]:
        cmds = self.store.commands.get(self._scope(p), [])
        for i, c in enumerate(cmds):
            if c["id"] == p["cmd"]:
                return cmds, i
        return cmds, -1

    async def get_command(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        cmds, i = self._find_command(p)
        return json_response(cmds[i]) if i >= 0 else error(404, 10063, "Unknown application command")

    async def edit_command(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        cmds, i = self._find_command(p)
        if i < 0:
            return error(404, 10063, "Unknown application command")
        cmds[i] = {**cmds[i], **(body.json or {})}
        return json_response(cmds[i])

    async def delete_command(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        cmds, i = self._find_command(p)
        if i < 0:
            return error(404, 10063, "Unknown application command")
        del cmds[i]
        return no_content()

    # -- message helpers -----------------------------------------------------------
    def _attachments_from(self, data: dict[str, Any], files: tuple[UploadedFile, ...], keep: list[StoredAttachment]) -> list[StoredAttachment]:
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
                log.warning("fakediscord: attachment entry %r matches neither an existing attachment nor an upload", entry)
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
        interaction: Optional[InteractionRecord] = None,
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

    # -- interactions --------------------------------------------------------------
    async def interaction_callback(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        arrived = time.perf_counter()
        record = self.store.interactions.get(int(p["iid"]))
        if record is None or record.token != p["token"]:
            self._record(request, "callback", body)
            return error(404, 10062, "Unknown interaction")
        payload_json = body.json or {}
        cb_type = int(payload_json.get("type", 0))
        data = payload_json.get("data") or {}
        if record.answer is not None:
            record.rejected.append(self._record(request, "callback", body, interaction_id=record.id))
            log.info("fakediscord: second callback for interaction %s refused (40060)", record.id)
            return error(400, 40060, "Interaction has already been acknowledged.")
        deadline = self.fd.callback_deadline
        if deadline is not None and arrived - record.sent_at > deadline:
            self._record(request, "callback", body, interaction_id=record.id)
            return error(404, 10062, "Unknown interaction")

        flags = int(data.get("flags") or 0)
        message: Optional[StoredMessage] = None
        if cb_type in (4, 5):
            msg_type = 20 if record.type == 2 else 0
            message = self.create_message(
                record.channel_id,
                data,
                body.files,
                flags=(flags & ~LOADING) | (LOADING if cb_type == 5 else 0),
                interaction=record,
                type=msg_type,
            )
            record.original_id = message.id
        elif cb_type in (6, 7):
            if record.message_id is None:
                return error(400, 40004, "Interaction has no message to update (not a component/modal interaction)")
            message = self.store.messages.get(record.message_id)
            if message is None:
                return error(404, 10008, "Unknown Message")
            if cb_type == 7:
                self.edit_message(message, data, body.files)
            record.original_id = message.id
        elif cb_type not in (8, 9):
            return error(400, 50035, f"Invalid Form Body: unknown callback type {cb_type}")

        ephemeral = message.ephemeral if message is not None else bool(flags & EPHEMERAL)
        payload = self._record(
            request,
            "callback",
            body,
            interaction_id=record.id,
            message_id=message.id if message else None,
            ephemeral=ephemeral,
        )
        record.answer = answer = _make_answer(cb_type, data, body, arrived - record.sent_at, message, payload, ephemeral)
        if not record._future.done():
            record._future.set_result(answer)
        if message is not None and cb_type in (4, 7):
            await self._announce(message, "MESSAGE_CREATE" if cb_type == 4 else "MESSAGE_UPDATE")

        result: dict[str, Any] = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "response_message_loading": cb_type == 5,
                "response_message_ephemeral": ephemeral,
            }
        }
        if message is not None:
            result["interaction"]["response_message_id"] = str(message.id)
            result["resource"] = {"type": cb_type, "message": self.fd.message_json(message)}
        elif cb_type == 9:
            result["resource"] = {"type": cb_type}
        return json_response(result)

    def _record_for_token(self, p: dict[str, str]) -> Optional[InteractionRecord]:
        if int(p["app"]) != self.fd.application_id:
            return None
        return self.store.by_token.get(p["token"])

    def _target(self, record: InteractionRecord, ref: str) -> Optional[StoredMessage]:
        mid = record.original_id if ref == "@original" else int(ref)
        message = self.store.messages.get(mid) if mid is not None else None
        if message is None or message.deleted:
            return None
        return message

    async def webhook_send(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        record = self._record_for_token(p)
        if record is None:
            self._record(request, "followup", body)
            return error(404, 10015, "Unknown Webhook")
        data = body.json or {}
        original = record.original
        if original is not None and original.loading:
            # Discord: the first follow-up after a deferred reply replaces the "thinking" message
            # and keeps the deferral's visibility.
            self.edit_message(original, data, body.files)
            message = original
            await self._announce(message, "MESSAGE_UPDATE")
        else:
            flags = int(data.get("flags") or 0)
            message = self.create_message(record.channel_id, data, body.files, flags=flags, interaction=record)
            await self._announce(message, "MESSAGE_CREATE")
        record.followups.append(message)
        self._record(request, "followup", body, interaction_id=record.id, message_id=message.id, ephemeral=message.ephemeral)
        if request.query.get("wait") in ("true", "True", "1"):
            return json_response(self.fd.message_json(message))
        return no_content()

    async def webhook_get(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        record = self._record_for_token(p)
        message = self._target(record, p["msg"]) if record else None
        return json_response(self.fd.message_json(message)) if message else error(404, 10008, "Unknown Message")

    async def webhook_edit(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        record = self._record_for_token(p)
        message = self._target(record, p["msg"]) if record else None
        if record is None or message is None:
            self._record(request, "webhook_edit", body)
            return error(404, 10008, "Unknown Message")
        self.edit_message(message, body.json or {}, body.files)
        self._record(request, "webhook_edit", body, interaction_id=record.id, message_id=message.id, ephemeral=message.ephemeral)
        await self._announce(message, "MESSAGE_UPDATE")
        return json_response(self.fd.message_json(message))

    async def webhook_delete(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        record = self._record_for_token(p)
        message = self._target(record, p["msg"]) if record else None
        if message is None:
            return error(404, 10008, "Unknown Message")
        message.deleted = True
        return no_content()

    # -- channels ------------------------------------------------------------------
    async def get_channel(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        channel = self.fd.channels.get(int(p["chan"]))
        return json_response(channel.to_json()) if channel else error(404, 10003, "Unknown Channel")

    async def typing(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        return no_content()

    async def reaction(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        return no_content()

    def _public_message(self, p: dict[str, str]) -> Optional[StoredMessage]:
        message = self.store.messages.get(int(p["msg"]))
        if message is None or message.deleted or message.ephemeral or message.channel_id != int(p["chan"]):
            return None
        return message

    async def list_messages(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        cid = int(p["chan"])
        if cid not in self.fd.channels:
            return error(404, 10003, "Unknown Channel")
        limit = int(request.query.get("limit", 50))
        before = int(request.query.get("before", 0)) or None
        after = int(request.query.get("after", 0)) or None
        msgs = [m for m in self.store.messages.values() if m.channel_id == cid and m.public and not m.deleted]
        msgs = [m for m in msgs if (before is None or m.id < before) and (after is None or m.id > after)]
        msgs.sort(key=lambda m: m.id, reverse=True)
        return json_response([self.fd.message_json(m) for m in msgs[:limit]])

    async def channel_send(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        cid = int(p["chan"])
        if cid not in self.fd.channels:
            self._record(request, "channel_send", body)
            return error(404, 10003, "Unknown Channel")
        data = body.json or {}
        flags = int(data.get("flags") or 0)
        if flags & EPHEMERAL:
            log.warning("fakediscord: bot asked for an ephemeral CHANNEL message; Discord ignores that flag")
        message = self.create_message(cid, data, body.files, flags=flags & ~EPHEMERAL)
        self._record(request, "channel_send", body, message_id=message.id, ephemeral=False)
        await self._announce(message, "MESSAGE_CREATE")
        return json_response(self.fd.message_json(message))

    async def channel_get(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        message = self._public_message(p)
        return json_response(self.fd.message_json(message)) if message else error(404, 10008, "Unknown Message")

    async def channel_edit(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        message = self._public_message(p)
        if message is None:
            self._record(request, "channel_edit", body)
            return error(404, 10008, "Unknown Message")
        if message.author.id != self.fd.bot_user.id:
            self._record(request, "channel_edit", body, message_id=message.id, ephemeral=False)
            return error(403, 50005, "Cannot edit a message authored by another user")
        self.edit_message(message, body.json or {}, body.files)
        self._record(request, "channel_edit", body, message_id=message.id, ephemeral=False)
        await self._announce(message, "MESSAGE_UPDATE")
        return json_response(self.fd.message_json(message))

    async def channel_delete(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        message = self._public_message(p)
        if message is None:
            return error(404, 10008, "Unknown Message")
        message.deleted = True
        await self.fd.gateway.dispatch(
            "MESSAGE_DELETE", {"id": str(message.id), "channel_id": str(message.channel_id), "guild_id": str(self.fd.guild_id)}
        )
        return no_content()

    # -- guild -------------------------------------------------------------------------
    def _guild_ok(self, p: dict[str, str]) -> bool:
        return int(p["guild"]) == self.fd.guild_id

    async def get_guild(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        if not self._guild_ok(p):
            return error(404, 10004, "Unknown Guild")
        data = self.fd.guild_json()
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key, None)
        return json_response(data)

    async def get_guild_channels(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        if not self._guild_ok(p):
            return error(404, 10004, "Unknown Guild")
        return json_response([c.to_json() for c in self.fd.channels.values() if c.guild_id == self.fd.guild_id])

    async def get_roles(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        if not self._guild_ok(p):
            return error(404, 10004, "Unknown Guild")
        return json_response(self.fd.roles_json())

    async def get_member(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        user = self.fd.users.get(int(p["user"]))
        if not self._guild_ok(p) or user is None:
            return error(404, 10007, "Unknown Member")
        return json_response(user.member_json(admin_role=self.fd.admin_role_id))

    async def list_members(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        if not self._guild_ok(p):
            return error(404, 10004, "Unknown Guild")
        return json_response([u.member_json(admin_role=self.fd.admin_role_id) for u in self.fd.users.values()])


def _make_answer(
    cb_type: int,
    data: dict[str, Any],
    body: Body,
    latency: float,
    message: Optional[StoredMessage],
    payload: Any,
    ephemeral: bool,
) -> Answer:
    return Answer(
        type=cb_type,
        flags=int(data.get("flags") or 0),
        ephemeral=ephemeral,
        content=data.get("content"),
        embeds=list(data.get("embeds") or []),
        components=list(data.get("components") or []),
        attachments=body.files,
        data=data,
        latency=latency,
        message=message,
        payload=payload,
    )
