"""Channel routes: the channel, its messages (list, send, get, edit, delete), typing, reactions, and
public threads (POST /channels/{id}/threads without a message: type 11, THREAD_CREATE on the gateway)."""

from __future__ import annotations

import logging
import time

from aiohttp import web

from ..messages import StoredMessage
from ..world import (
    ADD_REACTIONS,
    ADMINISTRATOR,
    ATTACH_FILES,
    BOT_PERMISSIONS,
    CREATE_PUBLIC_THREADS,
    EPHEMERAL,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    THREAD,
    VIEW_CHANNEL,
    FakeChannel,
)
from .base import Body, RouteBase, error, json_response, no_content

log = logging.getLogger("fakediscord.rest")

NONCE_TTL_S = 300.0  # Discord: a nonce with enforce_nonce is unique per author and channel for a few minutes


class ChannelRoutes(RouteBase):
    """/channels/{chan} and /channels/{chan}/messages/..."""

    def _denied(self, p: dict[str, str], *needed: int) -> web.Response | None:
        """Discord's answer when the bot lacks a permission in the channel (fd.bot_permissions, else
        the default): 403 50001 Missing Access without View Channel, 403 50013 Missing Permissions
        without one of ``needed``; None when allowed (also in DMs, or with fd.limits.permissions off)."""
        cid = int(p["chan"])
        channel = self.fd.channels.get(cid)
        if not self.fd.limits.permissions or channel is None or channel.guild_id is None:
            return None
        if channel.type == THREAD and channel.parent_id is not None:
            # A thread has its parent's permissions; posting in it needs Send Messages in Threads instead.
            cid = channel.parent_id
            needed = tuple(SEND_MESSAGES_IN_THREADS if bit == SEND_MESSAGES else bit for bit in needed)
        perms = int(self.fd.bot_permissions.get(cid, BOT_PERMISSIONS))
        if perms & ADMINISTRATOR:
            return None
        if not perms & VIEW_CHANNEL:
            return error(403, 50001, "Missing Access")
        if any(not perms & bit for bit in needed):
            return error(403, 50013, "Missing Permissions")
        return None

    async def get_channel(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        channel = self.fd.channels.get(int(p["chan"]))
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        return self._denied(p) or json_response(channel.to_json())

    async def typing(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        return self._denied(p, SEND_MESSAGES) or no_content()

    async def reaction(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        return self._denied(p, ADD_REACTIONS) or no_content()

    def _public_message(self, p: dict[str, str]) -> StoredMessage | None:
        message = self.store.messages.get(int(p["msg"]))
        if message is None or message.deleted or message.ephemeral or message.channel_id != int(p["chan"]):
            return None
        return message

    async def list_messages(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        cid = int(p["chan"])
        if cid not in self.fd.channels:
            return error(404, 10003, "Unknown Channel")
        denied = self._denied(p)
        if denied is not None:
            return denied
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
        denied = self._denied(p, SEND_MESSAGES, *((ATTACH_FILES,) if body.files else ()))
        if denied is not None:
            self._record(request, "channel_send", body)
            return denied
        refused = self._refused_message(request, "channel_send", body, data, create=True)
        if refused is not None:
            return refused
        flags = int(data.get("flags") or 0)
        if flags & EPHEMERAL:
            log.warning("fakediscord: bot asked for an ephemeral CHANNEL message; Discord ignores that flag")
        nonce = data.get("nonce")
        key = (cid, str(nonce))
        if nonce is not None and data.get("enforce_nonce"):
            # Discord: the same author sending the same nonce in the same channel within a few
            # minutes gets the first message back, and no second one is created.
            seen = self.store.nonces.get(key)
            if seen is not None and time.monotonic() - seen[1] < NONCE_TTL_S:
                first = self.store.messages.get(seen[0])
                if first is not None:
                    self._record(request, "channel_send", body, message_id=first.id, ephemeral=False)
                    return json_response(self.fd.message_json(first))
        message = self.create_message(cid, data, body.files, flags=flags & ~EPHEMERAL)
        if nonce is not None and data.get("enforce_nonce"):
            self.store.nonces[key] = (message.id, time.monotonic())
        self._record(request, "channel_send", body, message_id=message.id, ephemeral=False)
        await self._announce(message, "MESSAGE_CREATE")
        return json_response(self.fd.message_json(message))

    async def channel_get(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        denied = self._denied(p)
        if denied is not None:
            return denied
        message = self._public_message(p)
        return json_response(self.fd.message_json(message)) if message else error(404, 10008, "Unknown Message")

    async def channel_edit(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        denied = self._denied(p, *((ATTACH_FILES,) if body.files else ()))
        if denied is not None:
            self._record(request, "channel_edit", body)
            return denied
        message = self._public_message(p)
        if message is None:
            self._record(request, "channel_edit", body)
            return error(404, 10008, "Unknown Message")
        if message.author.id != self.fd.bot_user.id:
            self._record(request, "channel_edit", body, message_id=message.id, ephemeral=False)
            return error(403, 50005, "Cannot edit a message authored by another user")
        refused = self._refused_message(
            request, "channel_edit", body, body.json or {}, create=False, flags=message.flags, message_id=message.id
        )
        if refused is not None:
            return refused
        self.edit_message(message, body.json or {}, body.files)
        self._record(request, "channel_edit", body, message_id=message.id, ephemeral=False)
        await self._announce(message, "MESSAGE_UPDATE")
        return json_response(self.fd.message_json(message))

    async def channel_delete(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        denied = self._denied(p)
        if denied is not None:
            return denied
        message = self._public_message(p)
        if message is None:
            return error(404, 10008, "Unknown Message")
        message.deleted = True
        channel = self.fd.channels.get(message.channel_id)
        data = {"id": str(message.id), "channel_id": str(message.channel_id)}
        if channel is not None and channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
        await self.fd.gateway.dispatch("MESSAGE_DELETE", data)
        return no_content()

    async def create_thread(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        """A public thread without a starter message, as Discord makes it: 201 with the thread (type 11,
        its parent), THREAD_CREATE (newly_created) on the gateway. 403 50013 without Create Public Threads."""
        cid = int(p["chan"])
        parent = self.fd.channels.get(cid)
        if parent is None:
            return error(404, 10003, "Unknown Channel")
        if parent.type != 0:
            return error(400, 50024, "Cannot execute action on this channel type")
        denied = self._denied(p, CREATE_PUBLIC_THREADS)
        if denied is not None:
            return denied
        data = body.json or {}
        name = str(data.get("name") or "")
        if not 1 <= len(name) <= 100:
            return error(400, 50035, "Invalid Form Body")
        if int(data.get("type") or THREAD) != THREAD:
            return error(400, 50035, "Invalid Form Body")  # the stand-in makes public threads only
        thread = FakeChannel(
            self.store.ids.next(), name, parent.guild_id, type=THREAD, parent_id=cid, owner_id=self.fd.bot_user.id
        )
        self.fd.channels[thread.id] = thread
        self.store.threads.append(thread.id)
        await self.fd.gateway.dispatch("THREAD_CREATE", {**thread.to_json(), "newly_created": True})
        return json_response(thread.to_json(), status=201)
