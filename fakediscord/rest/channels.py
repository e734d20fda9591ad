"""Channel routes: the channel, its messages (list, send, get, edit, delete), typing, reactions."""

from __future__ import annotations

import logging
import time

from aiohttp import web

from ..messages import StoredMessage
from ..world import EPHEMERAL
from .base import Body, RouteBase, error, json_response, no_content

log = logging.getLogger("fakediscord.rest")

NONCE_TTL_S = 300.0  # Discord: a nonce with enforce_nonce is unique per author and channel for a few minutes


class ChannelRoutes(RouteBase):
    """/channels/{chan} and /channels/{chan}/messages/..."""

    async def get_channel(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        channel = self.fd.channels.get(int(p["chan"]))
        return json_response(channel.to_json()) if channel else error(404, 10003, "Unknown Channel")

    async def typing(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        return no_content()

    async def reaction(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        return no_content()

    def _public_message(self, p: dict[str, str]) -> StoredMessage | None:
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
        channel = self.fd.channels.get(message.channel_id)
        data = {"id": str(message.id), "channel_id": str(message.channel_id)}
        if channel is not None and channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
        await self.fd.gateway.dispatch("MESSAGE_DELETE", data)
        return no_content()
