"""REST half of the stand-in: the v10 routes discord.py uses for a slash-command bot.

The route table is here, with the small read-only routes (users, application, gateway,
guild); the bigger groups live in commands.py, interactions.py and channels.py.
Unknown routes are logged at WARNING, recorded in `store.unknown_routes` and answered 404
with a JSON body, so a missing route is obvious in test output.
"""

from __future__ import annotations

import asyncio
import re
import time

from aiohttp import web

from ..host import Host
from ..limits import Fault
from .base import API_PREFIX, Body, Handler, error, json_response, log, read_body
from .channels import ChannelRoutes
from .commands import CommandRoutes
from .interactions import InteractionRoutes

__all__ = ["Rest"]


class Rest(CommandRoutes, InteractionRoutes, ChannelRoutes):
    """Route table and handlers; state lives in fd.store."""

    def __init__(self, fd: Host) -> None:
        super().__init__(fd)
        S = r"(?P<{}>\d+)"
        app, guild, chan, msg, cmd = (
            S.format("app"),
            S.format("guild"),
            S.format("chan"),
            S.format("msg"),
            S.format("cmd"),
        )
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
        add("POST", rf"/channels/{chan}/threads", self.create_thread)
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
        sub = path[len(API_PREFIX) :]
        self.store.requests.append((request.method, sub))
        self.store.timed_requests.append((time.perf_counter(), request.method, sub))
        for method, pattern, handler in self.routes:
            if method != request.method:
                continue
            m = pattern.fullmatch(sub)
            if m:
                body = await read_body(request)
                try:
                    return await self._answer(request, handler, m.groupdict(), body, sub)
                finally:
                    self.store.notify()
        return await self._unknown(request, sub)

    async def _answer(
        self, request: web.Request, handler: Handler, p: dict[str, str], body: Body, sub: str
    ) -> web.Response:
        """One matched request through Discord's limits and the test's faults, then its handler."""
        limits = self.fd.limits
        name = getattr(handler, "__name__", "")
        if limits.enforce_ban and limits.stats.banned:
            # Cloudflare's ban: a plain-text 429 without Discord's Via header (discord.py raises at once).
            limits.answered(429, "global")
            return web.Response(status=429, text="error code: 1015", content_type="text/plain")
        verdict = limits.check(request.headers.get("Authorization", "anonymous"), name, p)
        if verdict.refused:
            limits.answered(429, verdict.scope)
            log.info("fakediscord: 429 (%s) for %s %s", verdict.scope, request.method, sub)
            return _rate_limited(verdict.headers, verdict.retry_after, verdict.scope)
        fault = limits.fault_for(name, request.method, sub)
        if fault is not None and fault.delay:
            log.info("fakediscord: %s %s hangs %.1fs (fd.hang)", request.method, sub, fault.delay)
            await asyncio.sleep(fault.delay)
        if fault is not None and fault.status is not None and not fault.processed:
            response = _outage(fault, name)
        else:
            response = self._gone(p) or await handler(request, p, body)
            if fault is not None and fault.status is not None:  # carried out, but the answer is lost
                response = _outage(fault, name)
        if response.status != 429:
            response.headers.update(verdict.headers)
        limits.answered(response.status, response.headers.get("X-RateLimit-Scope", ""))
        return response

    def _gone(self, p: dict[str, str]) -> web.Response | None:
        """Discord's answer on a route of a deleted channel (404 10003) or of a guild the bot was
        removed from (403 50001), else None."""
        chan = int(p["chan"]) if p.get("chan") else None
        if chan is not None and chan in self.fd.deleted_channels:
            return error(404, 10003, "Unknown Channel")
        channel = self.fd.channels.get(chan) if chan is not None else None
        guild = int(p["guild"]) if p.get("guild") else (channel.guild_id if channel else None)
        if guild is not None and guild in self.fd.removed_guilds:
            return error(403, 50001, "Missing Access")
        return None

    async def _unknown(self, request: web.Request, path: str) -> web.Response:
        line = f"{request.method} {path}"
        self.store.unknown_routes.append(line)
        log.warning("fakediscord: UNKNOWN ROUTE %s (answered 404) -- add it to fakediscord/rest/", line)
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
                "shards": self.fd.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 0,
                    "max_concurrency": self.fd.max_concurrency,
                },
            }
        )

    # -- guild -------------------------------------------------------------------------
    def _guild_ok(self, p: dict[str, str]) -> bool:
        return int(p["guild"]) in self.fd.guilds

    async def get_guild(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        if not self._guild_ok(p):
            return error(404, 10004, "Unknown Guild")
        data = self.fd.guild_json(int(p["guild"]))
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key, None)
        return json_response(data)

    async def get_guild_channels(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        if not self._guild_ok(p):
            return error(404, 10004, "Unknown Guild")
        return json_response([c.to_json() for c in self.fd.channels.values() if c.guild_id == int(p["guild"])])

    async def get_roles(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        if not self._guild_ok(p):
            return error(404, 10004, "Unknown Guild")
        return json_response(self.fd.roles_json(int(p["guild"])))

    async def get_member(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        user = self.fd.users.get(int(p["user"]))
        if not self._guild_ok(p) or user is None:
            return error(404, 10007, "Unknown Member")
        return json_response(user.member_json(admin_role=self.fd.admin_role_id))

    async def list_members(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        if not self._guild_ok(p):
            return error(404, 10004, "Unknown Guild")
        return json_response([u.member_json(admin_role=self.fd.admin_role_id) for u in self.fd.users.values()])


def _rate_limited(headers: dict[str, str], retry_after: float, scope: str, code: int | None = None) -> web.Response:
    """Discord's 429: the JSON body (message, retry_after, global; a code for some limits) and the
    headers, with the ``Via`` header Discord's answers carry (discord.py takes a 429 without it for
    a Cloudflare ban and gives up)."""
    data: dict[str, object] = {
        "message": "You are being rate limited.",
        "retry_after": retry_after,
        "global": scope == "global",
    }
    if code is not None:
        data["code"] = code
    response = json_response(data, status=429)
    response.headers.update(headers)
    response.headers["X-RateLimit-Scope"] = scope
    response.headers.setdefault("Retry-After", str(max(1, round(retry_after))))
    response.headers["Via"] = "1.1 google"
    return response


def _outage(fault: Fault, handler: str) -> web.Response:
    """What a fault answers: a shared-resource 429 (not counted as invalid by Discord; code 20028 on
    channel writes) or a 5xx."""
    status = fault.status or 500
    if status == 429:
        code = 20028 if handler in ("channel_send", "channel_edit") else None
        return _rate_limited({}, fault.retry_after, "shared", code)
    reasons = {500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout"}
    return error(status, 0, f"{status}: {reasons.get(status, 'Server Error')}")
