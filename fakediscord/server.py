"""FakeDiscord: the stand-in server object tests talk to (see the package docstring for the API).

This module holds the world (fixed ids, users, channels), the server's lifecycle, pointing
discord.py at it, and the JSON shapes of guild, application and messages. Injecting
interactions is in inject.py, queries and waiting in queries.py.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import Iterator
from typing import Any, Final, Literal

import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import web

from .gateway import RESUMABLE_CLOSE, Gateway
from .inject import Injection
from .limits import Fault, Limits
from .messages import StoredMessage
from .rest import Rest
from .store import Store
from .world import ADMIN_PERMISSIONS, MEMBER_PERMISSIONS, THREAD, FakeChannel, FakeGuild, FakeUser, shard_of

log = logging.getLogger(__name__)

# Fixed ids so a bot restarted against a new stand-in (or a DB) sees the same world.
APPLICATION_ID = 800000000000000001  # the bot user has the application's id, as on Discord
GUILD_ID = 810000000000000001
CHANNEL_ID = 820000000000000001
CHANNEL2_ID = 820000000000000002
ADMIN_ROLE_ID = 830000000000000001
GUILD_NAME = "Gin Test Guild"
EXTRA_CHANNEL_BASE = 821000000000000000  # channels of added guilds: base + 1000 * k + 1 and + 2
# The switch for Discord's 3-second callback deadline in every stand-in that does not choose:
# FAKEDISCORD_CALLBACK_DEADLINE=3 (seconds; unset, empty or "off": no deadline).
DEADLINE_ENV: Final = "FAKEDISCORD_CALLBACK_DEADLINE"
DISCORD_CALLBACK_DEADLINE: Final = 3.0


def deadline_from_env(default: float | None = None) -> float | None:
    """The callback deadline FAKEDISCORD_CALLBACK_DEADLINE asks for ("off", "none" or "0": none;
    unset or empty: ``default``)."""
    raw = os.environ.get(DEADLINE_ENV, "").strip().lower()
    if not raw:
        return default
    return None if raw in ("off", "none", "0") else float(raw)


class FakeDiscord(Injection):
    """A local Discord (REST v10 + gateway) on 127.0.0.1; use as `async with FakeDiscord() as fd`."""

    def __init__(
        self,
        *,
        patch: bool = True,
        callback_deadline: float | Literal["env"] | None = "env",
        connect_timeout: float = 10.0,
        token_ttl: float | None = None,
        shard_count: int = 1,
        max_concurrency: int = 1,
        rate_limits: bool = False,
    ) -> None:
        self.store = Store()
        self.limits = Limits(rate_limits=rate_limits)  # Discord's limits and the test's faults
        self.gateway = Gateway(self)
        self.rest = Rest(self)
        self.patch = patch
        # When set, callbacks arriving later than this many seconds get 10062 like on Discord (3.0),
        # and the token of an interaction not acknowledged in time is unknown (10015). "env": what
        # FAKEDISCORD_CALLBACK_DEADLINE says (default: no deadline).
        self.callback_deadline = deadline_from_env() if callback_deadline == "env" else callback_deadline
        self.connect_timeout = connect_timeout
        # When set, interaction tokens older than this many seconds are refused (Discord: 900).
        self.token_ttl = token_ttl
        # Sharding: GET /gateway/bot recommends ``shard_count``; a session that IDENTIFYs with
        # [shard_id, shard_count] gets the events of the guilds with (guild_id >> 22) % count == shard_id.
        if shard_count < 1 or max_concurrency < 1:
            raise ValueError("shard_count and max_concurrency must be at least 1")
        self.shard_count = shard_count
        self.max_concurrency = max_concurrency  # IDENTIFYs Discord allows per 5 s (session_start_limit)

        self.application_id = APPLICATION_ID
        self.guild_id = GUILD_ID
        self.admin_role_id = ADMIN_ROLE_ID
        self.bot_user = FakeUser(APPLICATION_ID, "GinBot", None, bot=True)
        self.alice = FakeUser(840000000000000001, "alice", "Alice")
        self.bob = FakeUser(840000000000000002, "bob", "Bob")
        self.carol = FakeUser(840000000000000003, "carol", "Carol")
        self.dana = FakeUser(840000000000000004, "dana", "Dana", admin=True)  # guild + application owner
        self.other_bot = FakeUser(840000000000000009, "robo", "Robo", bot=True)
        self.owner = self.dana
        self.humans = (self.alice, self.bob, self.carol, self.dana)
        self.users: dict[int, FakeUser] = {u.id: u for u in (self.bot_user, *self.humans, self.other_bot)}
        self.channel = FakeChannel(CHANNEL_ID, "gin-table", GUILD_ID, position=0)
        self.channel2 = FakeChannel(CHANNEL2_ID, "general", GUILD_ID, position=1)
        self.channels: dict[int, FakeChannel] = {c.id: c for c in (self.channel, self.channel2)}
        self.channel_id = self.channel.id
        self.guild = FakeGuild(GUILD_ID, GUILD_NAME, self.channel, self.channel2)
        self.guilds: dict[int, FakeGuild] = {GUILD_ID: self.guild}  # every guild; the first is fd.guild
        self.bot_permissions: dict[int, str] = {}  # channel id -> the bot's permissions there, if not the default
        self.deleted_channels: dict[int, FakeChannel] = {}  # fd.delete_channel: every route answers 10003
        self.removed_guilds: dict[int, FakeGuild] = {}  # fd.remove_bot_from_guild: 50001 on its routes

        self.port = 0
        self._runner: web.AppRunner | None = None
        self._patch_stack: contextlib.ExitStack | None = None
        self.processes: list[Any] = []  # BotProcess instances started against this stand-in

    # -- lifecycle -------------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/", self.gateway.handle)
        app.router.add_get("/attachments/{cid}/{aid}/{name}", self.rest.attachment)
        app.router.add_route("*", "/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        if self.patch:
            self._patch_stack = contextlib.ExitStack()
            self._patch_stack.enter_context(self.patched())
        log.info("fakediscord listening on %s", self.url)
        return self

    async def stop(self) -> None:
        for proc in self.processes:  # a failed test must not leave a bot process behind
            if proc.proc is not None and proc.proc.returncode is None:
                await proc.kill()
        if self._patch_stack is not None:
            self._patch_stack.close()
            self._patch_stack = None
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()

    @contextlib.contextmanager
    def patched(self) -> Iterator[None]:
        """Point this process's discord.py at the stand-in; restores the old values on exit."""
        route, ws = discord.http.Route, discord.gateway.DiscordWebSocket
        old_base, old_gateway = route.BASE, ws.DEFAULT_GATEWAY
        route.BASE = self.api_base
        ws.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield
        finally:
            route.BASE, ws.DEFAULT_GATEWAY = old_base, old_gateway

    # -- guilds and shards -------------------------------------------------------------
    def add_guild(
        self,
        *,
        shard: int | None = None,
        shard_count: int | None = None,
        name: str | None = None,
        locale: str = "en-US",
    ) -> FakeGuild:
        """A new guild (every user is a member; dana owns it) with its own "gin-table" and "general"
        channels. Ids are fixed by the order of creation (a restarted bot sees the same world); with
        ``shard``, the first free id whose guild lands on that shard of ``shard_count`` (default: the
        stand-in's shard count)."""
        count = shard_count or self.shard_count
        if shard is not None and not 0 <= shard < count:
            raise ValueError(f"shard {shard} is not one of {count} shards")
        k = 1
        while True:
            gid = GUILD_ID + (k << 22)
            taken = gid in self.guilds or gid in self.removed_guilds
            if not taken and (shard is None or shard_of(gid, count) == shard):
                break
            k += 1
        base = EXTRA_CHANNEL_BASE + 1000 * k
        guild = FakeGuild(
            gid,
            name or f"Gin Guild {k}",
            FakeChannel(base + 1, "gin-table", gid, position=0),
            FakeChannel(base + 2, "general", gid, position=1),
            locale,
        )
        self.guilds[gid] = guild
        self.channels.update({c.id: c for c in guild.channels})
        return guild

    async def delete_channel(self, channel: FakeChannel) -> None:
        """Someone deletes the channel: CHANNEL_DELETE reaches the bot, and every route of the
        channel answers 404 10003 Unknown Channel from now on."""
        self.channels.pop(channel.id, None)
        self.deleted_channels[channel.id] = channel
        await self.gateway.dispatch("CHANNEL_DELETE", channel.to_json())
        self.store.notify()

    async def remove_bot_from_guild(self, guild: FakeGuild) -> None:
        """The bot is kicked from the guild: GUILD_DELETE (without "unavailable") reaches its shard,
        later sessions no longer get the guild, and its routes and its channels' routes answer 403
        50001 Missing Access."""
        owners = self.gateway.owners(guild.id)
        self.guilds.pop(guild.id, None)
        self.removed_guilds[guild.id] = guild
        for session in owners:
            await self.gateway.dispatch_to(session, "GUILD_DELETE", {"id": str(guild.id)})
        self.store.notify()

    # -- outages -----------------------------------------------------------------------
    def fail(
        self,
        route: str,
        status: int = 502,
        *,
        count: int | None = 1,
        duration: float | None = None,
        processed: bool = False,
        retry_after: float = 1.0,
    ) -> Fault:
        """An outage: the requests that match ``route`` answer ``status`` (500, 502, 503, 504; 429: a
        shared-resource rate limit of ``retry_after`` s), ``count`` times (None: no limit), or during
        ``duration`` s, or until fd.clear_faults(). ``route``: a kind ("callback", "followup",
        "webhook_edit", "channel_send", "channel_edit", ... see fakediscord.limits.KINDS), a handler
        name, or a regular expression searched in "METHOD /path" (the path after /api/v10).
        ``processed=True``: Discord carries the request out and only the answer is lost."""
        until = time.monotonic() + duration if duration is not None else None
        if duration is not None and count == 1:
            count = None
        fault = Fault(route, status, count, until, processed=processed, retry_after=retry_after)
        return self.limits.add_fault(fault)

    def hang(
        self,
        route: str,
        seconds: float,
        *,
        count: int | None = 1,
        duration: float | None = None,
        status: int | None = None,
    ) -> Fault:
        """A slow Discord: the matching requests (as for fail) hang ``seconds`` before they are
        answered (normally, or with ``status``)."""
        until = time.monotonic() + duration if duration is not None else None
        if duration is not None and count == 1:
            count = None
        return self.limits.add_fault(Fault(route, status, count, until, delay=seconds))

    def clear_faults(self) -> None:
        """End every outage and hang."""
        self.limits.clear_faults()

    def shard_of(self, guild_id: int, shard_count: int | None = None) -> int:
        """The shard (of ``shard_count``, default the stand-in's) that receives this guild's events."""
        return shard_of(guild_id, shard_count or self.shard_count)

    # -- JSON shapes -------------------------------------------------------------------
    def roles_json(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        def role(rid: int, name: str, perms: str, position: int) -> dict[str, Any]:
            return {
                "id": str(rid),
                "name": name,
                "color": 0,
                "colors": {"primary_color": 0},
                "hoist": False,
                "position": position,
                "permissions": perms,
                "managed": False,
                "mentionable": False,
                "flags": 0,
                "icon": None,
                "unicode_emoji": None,
            }

        return [
            role(guild_id or self.guild_id, "@everyone", MEMBER_PERMISSIONS, 0),
            role(self.admin_role_id, "Admin", ADMIN_PERMISSIONS, 1),
        ]

    def guild_json(self, guild_id: int | None = None) -> dict[str, Any]:
        guild = self.guilds[guild_id or self.guild_id]
        members = [u.member_json(admin_role=self.admin_role_id) for u in self.users.values()]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner.id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": self.roles_json(guild.id),
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": str(guild.channel.id),
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "large": False,
            "unavailable": False,
            "member_count": len(members),
            "members": members,
            # Discord: the guild's channels, and its active threads apart (each with its last message).
            "channels": [c.to_json() for c in self.channels.values() if c.guild_id == guild.id and c.type != THREAD],
            "threads": [
                self._thread_json(c) for c in self.channels.values() if c.guild_id == guild.id and c.type == THREAD
            ],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "lazy": True,
        }

    def _thread_json(self, thread: FakeChannel) -> dict[str, Any]:
        posted = [m.id for m in self.store.messages.values() if m.channel_id == thread.id and not m.deleted]
        return thread.to_json(last_message_id=max(posted, default=None), message_count=len(posted))

    def application_json(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "name": "GinBot (fake)",
            "icon": None,
            "description": "",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.to_json(),
            "summary": "",
            "verify_key": "0" * 64,
            "team": None,
            "flags": 0,
            "bot": self.bot_user.to_json(),
            "tags": [],
            "redirect_uris": [],
        }

    def message_json(self, message: StoredMessage) -> dict[str, Any]:
        channel = self.channels.get(message.channel_id)
        data: dict[str, Any] = {
            "id": str(message.id),
            "channel_id": str(message.channel_id),
            "author": message.author.to_json(),
            "content": message.content,
            "timestamp": message.created,
            "edited_timestamp": message.edited,
            "tts": False,
            "mention_everyone": False,
            "mentions": [self.users[i].to_json() for i in message.mention_ids if i in self.users],
            "mention_roles": [],
            "attachments": [a.to_json(self.url, message.channel_id) for a in message.attachments],
            "embeds": message.embeds,
            "pinned": False,
            "type": message.type,
            "flags": message.flags,
            "components": message.components,
        }
        if channel is not None and channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
        if message.interaction_id is not None:
            data["webhook_id"] = str(self.application_id)
            data["application_id"] = str(self.application_id)
        if message.message_reference:
            data["message_reference"] = message.message_reference
        return data

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        for channel in self.channels.values():
            if channel.recipient == user:
                return channel
        channel = FakeChannel(self.store.ids.next(), user.name, None, type=1, recipient=user)
        self.channels[channel.id] = channel
        return channel

    async def drop_connection(self, code: int = RESUMABLE_CLOSE) -> None:
        """Close the bot's websocket; discord.py reconnects and RESUMEs."""
        await self.gateway.drop(code)
