"""FakeDiscord: the stand-in server object tests talk to (see package docstring for the API)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from typing import Any, Callable, Iterator, Mapping, Optional, Sequence, Union

import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import web

from .gateway import RESUMABLE_CLOSE, Gateway
from .rest import Rest
from .state import (
    ADMIN_PERMISSIONS,
    BOT_PERMISSIONS,
    MEMBER_PERMISSIONS,
    FakeChannel,
    FakeUser,
    InteractionRecord,
    Payload,
    Store,
    StoredMessage,
)

log = logging.getLogger(__name__)

# Fixed ids so a bot restarted against a new stand-in (or a DB) sees the same world.
APPLICATION_ID = 800000000000000001  # the bot user has the application's id, as on Discord
GUILD_ID = 810000000000000001
CHANNEL_ID = 820000000000000001
CHANNEL2_ID = 820000000000000002
ADMIN_ROLE_ID = 830000000000000001

MessageRef = Union[StoredMessage, int]


def _option_type(value: Any, declared: Optional[int]) -> int:
    if isinstance(value, FakeUser):
        return 6
    if isinstance(value, FakeChannel):
        return 7
    if declared is not None:
        return declared
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    if isinstance(value, float):
        return 10
    return 3


class FakeDiscord:
    """A local Discord (REST v10 + gateway) on 127.0.0.1; use as `async with FakeDiscord() as fd`."""

    def __init__(self, *, patch: bool = True, callback_deadline: Optional[float] = None, connect_timeout: float = 10.0) -> None:
        self.store = Store()
        self.gateway = Gateway(self)
        self.rest = Rest(self)
        self.patch = patch
        # When set, callbacks arriving later than this many seconds get 10062 like on Discord (3.0).
        self.callback_deadline = callback_deadline
        self.connect_timeout = connect_timeout

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
        self.users: dict[int, FakeUser] = {
            u.id: u for u in (self.bot_user, *self.humans, self.other_bot)
        }
        self.channel = FakeChannel(CHANNEL_ID, "gin-table", GUILD_ID, position=0)
        self.channel2 = FakeChannel(CHANNEL2_ID, "general", GUILD_ID, position=1)
        self.channels: dict[int, FakeChannel] = {c.id: c for c in (self.channel, self.channel2)}
        self.channel_id = self.channel.id
        self.bot_permissions: dict[int, str] = {}  # channel id -> the bot's permissions there, if not the default

        self.port = 0
        self._runner: Optional[web.AppRunner] = None
        self._patch_stack: Optional[contextlib.ExitStack] = None
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

    async def start(self) -> "FakeDiscord":
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

    async def __aenter__(self) -> "FakeDiscord":
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

    # -- JSON shapes -------------------------------------------------------------------
    def roles_json(self) -> list[dict[str, Any]]:
        def role(rid: int, name: str, perms: str, position: int) -> dict[str, Any]:
            return {
                "id": str(rid), "name": name, "color": 0, "colors": {"primary_color": 0}, "hoist": False,
                "position": position, "permissions": perms, "managed": False, "mentionable": False,
                "flags": 0, "icon": None, "unicode_emoji": None,
            }
        return [role(self.guild_id, "@everyone", MEMBER_PERMISSIONS, 0), role(self.admin_role_id, "Admin", ADMIN_PERMISSIONS, 1)]

    def guild_json(self) -> dict[str, Any]:
        members = [u.member_json(admin_role=self.admin_role_id) for u in self.users.values()]
        return {
            "id": str(self.guild_id), "name": "Gin Test Guild", "icon": None, "splash": None,
            "discovery_splash": None, "banner": None, "description": None, "owner_id": str(self.owner.id),
            "afk_channel_id": None, "afk_timeout": 300, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0, "roles": self.roles_json(),
            "emojis": [], "stickers": [], "features": [], "mfa_level": 0, "application_id": None,
            "system_channel_id": str(self.channel.id), "system_channel_flags": 0, "rules_channel_id": None,
            "public_updates_channel_id": None, "safety_alerts_channel_id": None, "max_members": 500000,
            "vanity_url_code": None, "premium_tier": 0, "premium_subscription_count": 0,
            "preferred_locale": "en-US", "nsfw_level": 0, "premium_progress_bar_enabled": False,
            "joined_at": "2024-01-01T00:00:00+00:00", "large": False, "unavailable": False,
            "member_count": len(members), "members": members,
            "channels": [c.to_json() for c in self.channels.values() if c.guild_id == self.guild_id],
            "threads": [], "presences": [], "voice_states": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [], "lazy": True,
        }

    def application_json(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id), "name": "GinBot (fake)", "icon": None, "description": "",
            "rpc_origins": [], "bot_public": True, "bot_require_code_grant": False,
            "owner": self.owner.to_json(), "summary": "", "verify_key": "0" * 64, "team": None,
            "flags": 0, "bot": self.bot_user.to_json(), "tags": [], "redirect_uris": [],
        }

    def message_json(self, message: StoredMessage) -> dict[str, Any]:
        channel = self.channels.get(message.channel_id)
        data: dict[str, Any] = {
            "id": str(message.id), "channel_id": str(message.channel_id), "author": message.author.to_json(),
            "content": message.content, "timestamp": message.created, "edited_timestamp": message.edited,
            "tts": False, "mention_everyone": False,
            "mentions": [self.users[i].to_json() for i in message.mention_ids if i in self.users],
            "mention_roles": [], "attachments": [a.to_json(self.url, message.channel_id) for a in message.attachments],
            "embeds": message.embeds, "pinned": False, "type": message.type, "flags": message.flags,
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

    # -- waiting ---------------------------------------------------------------------------
    async def wait_until(self, probe: Callable[[], Any], timeout: float = 3.0, what: str = "condition") -> Any:
        """Return probe()'s first truthy value; re-checked after every request the bot makes."""
        return await self.store.wait_until(probe, timeout, what)

    async def wait_connected(self, timeout: Optional[float] = None) -> None:
        """Wait for a live, identified gateway session (a bot connected)."""
        await self.wait_until(
            lambda: self.gateway.live_sessions(), timeout or self.connect_timeout, "a bot to connect to the gateway"
        )

    async def drop_connection(self, code: int = RESUMABLE_CLOSE) -> None:
        """Close the bot's websocket; discord.py reconnects and RESUMEs."""
        await self.gateway.drop(code)

    # -- injection ---------------------------------------------------------------------------
    def _member_payload(self, user: FakeUser) -> dict[str, Any]:
        return user.member_json(admin_role=self.admin_role_id)

    def _resolve(self, value: Any, resolved: dict[str, dict[str, Any]]) -> None:
        if isinstance(value, FakeUser):
            resolved.setdefault("users", {})[str(value.id)] = value.to_json()
            resolved.setdefault("members", {})[str(value.id)] = value.member_json(with_user=False, admin_role=self.admin_role_id)
        elif isinstance(value, FakeChannel):
            data = value.to_json()
            resolved.setdefault("channels", {})[str(value.id)] = {
                k: data[k] for k in ("id", "name", "type", "permissions") if k in data
            } | {"guild_id": str(value.guild_id), "parent_id": None, "position": value.position}

    def command_schema(self, name: str, type: int = 1) -> Optional[dict[str, Any]]:
        """The synced command (guild first, then global), if the bot synced one."""
        for scope in (self.guild_id, None):
            for cmd in self.store.commands.get(scope, []):
                if cmd["name"] == name and int(cmd.get("type", 1)) == type:
                    return cmd
        return None

    def _build_options(
        self, options: Mapping[str, Any], schema: Sequence[dict[str, Any]], resolved: dict[str, dict[str, Any]], focused: Optional[str]
    ) -> list[dict[str, Any]]:
        declared = {o["name"]: int(o["type"]) for o in schema}
        out = []
        for name, value in options.items():
            if isinstance(value, dict) and "type" in value and "value" in value:
                opt = {"name": name, **value}  # raw escape hatch
            else:
                otype = _option_type(value, declared.get(name))
                self._resolve(value, resolved)
                if otype in (6, 7, 8, 9, 11):
                    raw: Any = str(getattr(value, "id", value))
                elif otype == 4 and focused != name:
                    raw = int(value)
                elif otype == 10 and focused != name:
                    raw = float(value)
                elif otype == 5:
                    raw = bool(value)
                else:
                    raw = value if focused == name else str(value)
                opt = {"name": name, "type": otype, "value": raw}
            if focused == name:
                opt["focused"] = True
            out.append(opt)
        return out

    def _command_data(
        self, name: str, subcommand: Optional[str], group: Optional[str], options: Mapping[str, Any], focused: Optional[str] = None
    ) -> dict[str, Any]:
        cmd = self.command_schema(name, 1)
        level: Sequence[dict[str, Any]] = (cmd or {}).get("options") or []

        def child(items: Sequence[dict[str, Any]], child_name: str) -> Sequence[dict[str, Any]]:
            for o in items:
                if o["name"] == child_name:
                    return o.get("options") or []
            return []

        if group:
            level = child(level, group)
        if subcommand:
            level = child(level, subcommand)
        resolved: dict[str, dict[str, Any]] = {}
        opts = self._build_options(options, level, resolved, focused)
        if subcommand:
            opts = [{"name": subcommand, "type": 1, "options": opts}]
        if group:
            opts = [{"name": group, "type": 2, "options": opts}]
        data: dict[str, Any] = {
            "id": (cmd or {}).get("id", str(self.store.ids.next())),
            "name": name,
            "type": 1,
            "options": opts,
        }
        if cmd and cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    async def _inject(
        self,
        user: FakeUser,
        itype: int,
        data: dict[str, Any],
        channel: Optional[FakeChannel],
        message: Optional[StoredMessage] = None,
    ) -> InteractionRecord:
        await self.wait_connected()
        channel = channel or (self.channels[message.channel_id] if message else self.channel)
        iid = self.store.ids.next()
        token = f"fake-{iid}-{secrets.token_hex(8)}"
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": token,
            "version": 1,
            "locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "attachment_size_limit": 26214400,
            "app_permissions": self.bot_permissions.get(channel.id, BOT_PERMISSIONS),
            "channel": channel.to_json(),
            "channel_id": str(channel.id),
        }
        if channel.guild_id is not None:
            payload["guild_id"] = str(self.guild_id)
            payload["guild"] = {"id": str(self.guild_id), "locale": "en-US", "features": []}
            payload["guild_locale"] = "en-US"
            payload["context"] = 0
            payload["member"] = self._member_payload(user)
        else:
            payload["user"] = user.to_json()
            payload["context"] = 1
        if message is not None:
            payload["message"] = self.message_json(message)
        loop = asyncio.get_running_loop()
        record = InteractionRecord(
            id=iid,
            token=token,
            type=itype,
            user=user,
            channel_id=channel.id,
            data=data,
            message_id=message.id if message else None,
            sent_at=time.perf_counter(),
            _future=loop.create_future(),
            _store=self.store,
        )
        self.store.interactions[iid] = record
        self.store.by_token[token] = record
        record.sent_at = time.perf_counter()
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        return record

    async def slash(
        self,
        user: FakeUser,
        name: str,
        *,
        subcommand: Optional[str] = None,
        group: Optional[str] = None,
        options: Optional[Mapping[str, Any]] = None,
        channel: Optional[FakeChannel] = None,
    ) -> InteractionRecord:
        """Inject a slash command (INTERACTION_CREATE type 2). USER options take FakeUser values."""
        data = self._command_data(name, subcommand, group, options or {})
        return await self._inject(user, 2, data, channel)

    async def autocomplete(
        self,
        user: FakeUser,
        name: str,
        *,
        focused: str,
        subcommand: Optional[str] = None,
        group: Optional[str] = None,
        options: Optional[Mapping[str, Any]] = None,
        channel: Optional[FakeChannel] = None,
    ) -> InteractionRecord:
        """Inject an autocomplete request (type 4); the answer's `.choices` holds the bot's choices."""
        data = self._command_data(name, subcommand, group, options or {}, focused=focused)
        return await self._inject(user, 4, data, channel)

    async def user_command(
        self, user: FakeUser, name: str, target: FakeUser, *, channel: Optional[FakeChannel] = None
    ) -> InteractionRecord:
        """Inject a user context-menu command (type 2, command type 2, target_id)."""
        cmd = self.command_schema(name, 2)
        resolved: dict[str, dict[str, Any]] = {}
        self._resolve(target, resolved)
        data = {
            "id": (cmd or {}).get("id", str(self.store.ids.next())),
            "name": name,
            "type": 2,
            "target_id": str(target.id),
            "resolved": resolved,
        }
        return await self._inject(user, 2, data, channel)

    def message(self, ref: MessageRef) -> StoredMessage:
        """The stored message (current state) for a StoredMessage or id."""
        mid = ref.id if isinstance(ref, StoredMessage) else int(ref)
        try:
            return self.store.messages[mid]
        except KeyError:
            raise LookupError(f"no message {mid} in the stand-in") from None

    def _component_for(self, user: FakeUser, message: StoredMessage, custom_id: str, force: bool) -> dict[str, Any]:
        if message.deleted:
            raise LookupError(f"message {message.id} was deleted")
        if message.ephemeral and message.interaction_user not in (None, user) and not force:
            raise PermissionError(f"{user.name} cannot see {message.interaction_user.name}'s ephemeral message {message.id}")  # type: ignore[union-attr]
        comp = message.find_component(custom_id=custom_id)
        if comp is None:
            if force:
                return {"type": 2, "custom_id": custom_id}
            message.component(custom_id=custom_id)  # raises with the list of what is there
        assert comp is not None
        if comp.get("disabled") and not force:
            raise PermissionError(f"component {custom_id!r} on message {message.id} is disabled")
        return comp

    async def click(self, user: FakeUser, message: MessageRef, custom_id: str, *, force: bool = False) -> InteractionRecord:
        """Press a button (INTERACTION_CREATE type 3). Checks the button is on the message's
        current version, enabled, and (for ephemeral messages) visible to `user`, unless force=True."""
        msg = self.message(message)
        comp = self._component_for(user, msg, custom_id, force)
        data = {"custom_id": custom_id, "component_type": int(comp.get("type", 2))}
        return await self._inject(user, 3, data, None, msg)

    async def click_label(self, user: FakeUser, message: MessageRef, label: str) -> InteractionRecord:
        """Press the button with this label."""
        comp = self.message(message).component(label=label)
        return await self.click(user, message, comp["custom_id"])

    async def select(
        self, user: FakeUser, message: MessageRef, custom_id: str, values: Sequence[str], *, force: bool = False
    ) -> InteractionRecord:
        """Choose values in a select menu (type 3, component_type 3 for string selects)."""
        msg = self.message(message)
        comp = self._component_for(user, msg, custom_id, force)
        ctype = int(comp.get("type", 3)) if comp.get("type") != 2 else 3
        if not force and comp.get("options") is not None:
            allowed = {o["value"] for o in comp["options"]}
            missing = [v for v in values if v not in allowed]
            if missing:
                raise LookupError(f"values {missing} not among select {custom_id!r} options {sorted(allowed)}")
        data = {"custom_id": custom_id, "component_type": ctype, "values": list(values)}
        return await self._inject(user, 3, data, None, msg)

    async def submit_modal(
        self, user: FakeUser, custom_id: str, values: Mapping[str, str], *, message: Optional[MessageRef] = None,
        channel: Optional[FakeChannel] = None,
    ) -> InteractionRecord:
        """Submit a modal (type 5) with text inputs {custom_id: value}."""
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in values.items()]
        msg = self.message(message) if message is not None else None
        return await self._inject(user, 5, {"custom_id": custom_id, "components": rows}, channel, msg)

    # -- queries -----------------------------------------------------------------------------
    def channel_messages(self, channel: Optional[Union[FakeChannel, int]] = None, *, include_deleted: bool = False) -> list[StoredMessage]:
        """Public messages in a channel (default: the game channel), oldest first."""
        cid = getattr(channel, "id", channel) or self.channel.id
        return [
            m for m in sorted(self.store.messages.values(), key=lambda m: m.id)
            if m.channel_id == cid and m.public and (include_deleted or not m.deleted)
        ]

    def last_public_message(self, channel: Optional[Union[FakeChannel, int]] = None) -> Optional[StoredMessage]:
        msgs = self.channel_messages(channel)
        return msgs[-1] if msgs else None

    def ephemeral_messages(self, user: Optional[FakeUser] = None) -> list[StoredMessage]:
        """Ephemeral interaction messages (optionally only those shown to `user`), oldest first."""
        return [
            m for m in sorted(self.store.messages.values(), key=lambda m: m.id)
            if m.ephemeral and (user is None or m.interaction_user == user)
        ]

    def dm_messages(self, user: FakeUser) -> list[StoredMessage]:
        return self.channel_messages(self.dm_channel(user))

    def all_messages(self) -> list[StoredMessage]:
        return sorted(self.store.messages.values(), key=lambda m: m.id)

    def all_payloads(self) -> list[Payload]:
        """Every body the bot sent (JSON or multipart), in order, including refused ones."""
        return list(self.store.payloads)

    def public_payloads(self) -> list[Payload]:
        """Message-bearing payloads that everyone in the channel can see."""
        return [p for p in self.store.payloads if p.public]

    def interactions(self) -> list[InteractionRecord]:
        return list(self.store.interactions.values())

    def latencies(self) -> list[float]:
        """Injection -> callback seconds for every answered interaction."""
        return [r.answer.latency for r in self.store.interactions.values() if r.answer is not None]

    def late_or_unanswered(self, limit: float = 3.0) -> list[InteractionRecord]:
        """Interactions with no callback yet or answered later than `limit` seconds (Discord's 3 s)."""
        return [r for r in self.store.interactions.values() if r.answer is None or r.answer.latency > limit]

    @property
    def unknown_routes(self) -> list[str]:
        return list(self.store.unknown_routes)

    async def wait_for_message(
        self, predicate: Callable[[StoredMessage], bool], timeout: float = 3.0, *, what: str = "a matching message"
    ) -> StoredMessage:
        """First stored message (any channel/visibility, current state) satisfying predicate."""
        def probe() -> Optional[StoredMessage]:
            for m in self.all_messages():
                if not m.deleted and predicate(m):
                    return m
            return None
        return await self.wait_until(probe, timeout, what)
