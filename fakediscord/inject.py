"""Injecting what users do: slash commands, autocomplete, user commands, clicks, selects, modals.

Each injection waits for a connected bot, sends INTERACTION_CREATE over the gateway and
returns the InteractionRecord that collects the bot's answer.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .limits import Limits
from .messages import MessageRef, StoredMessage
from .queries import Queries
from .records import InteractionRecord
from .world import BOT_PERMISSIONS, MEMBER_PERMISSIONS, FakeChannel, FakeGuild, FakeUser


def _option_type(value: Any, declared: int | None) -> int:
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


class CommandHidden(Exception):
    """A member asked for a command Discord would not show him (its default member permissions)."""


class Injection(Queries):
    """FakeDiscord's injection methods (a base class of FakeDiscord)."""

    application_id: int
    guild_id: int
    admin_role_id: int
    channels: dict[int, FakeChannel]
    guilds: dict[int, FakeGuild]
    bot_permissions: dict[int, str]
    limits: Limits

    if TYPE_CHECKING:

        def message_json(self, message: StoredMessage) -> dict[str, Any]: ...

    def _member_payload(self, user: FakeUser) -> dict[str, Any]:
        return user.member_json(admin_role=self.admin_role_id)

    def _resolve(self, value: Any, resolved: dict[str, dict[str, Any]]) -> None:
        if isinstance(value, FakeUser):
            resolved.setdefault("users", {})[str(value.id)] = value.to_json()
            resolved.setdefault("members", {})[str(value.id)] = value.member_json(
                with_user=False, admin_role=self.admin_role_id
            )
        elif isinstance(value, FakeChannel):
            data = value.to_json()
            resolved.setdefault("channels", {})[str(value.id)] = {
                k: data[k] for k in ("id", "name", "type", "permissions") if k in data
            } | {"guild_id": str(value.guild_id), "parent_id": None, "position": value.position}

    def command_schema(self, name: str, type: int = 1, guild_id: int | None = None) -> dict[str, Any] | None:
        """The synced command (the guild's, the first guild's, then global), if the bot synced one."""
        for scope in dict.fromkeys((guild_id or self.guild_id, self.guild_id, None)):
            for cmd in self.store.commands.get(scope, []):
                if cmd["name"] == name and int(cmd.get("type", 1)) == type:
                    return cmd
        return None

    def _build_options(
        self,
        options: Mapping[str, Any],
        schema: Sequence[dict[str, Any]],
        resolved: dict[str, dict[str, Any]],
        focused: str | None,
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
        self,
        name: str,
        subcommand: str | None,
        group: str | None,
        options: Mapping[str, Any],
        focused: str | None = None,
        guild_id: int | None = None,
    ) -> dict[str, Any]:
        cmd = self.command_schema(name, 1, guild_id)
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
        channel: FakeChannel | None,
        message: StoredMessage | None = None,
    ) -> InteractionRecord:
        channel = channel or (self.channels[message.channel_id] if message else self.channel)
        await self.wait_connected(guild_id=channel.guild_id)
        iid = self.store.ids.next()
        token = f"fake-{iid}-{secrets.token_hex(8)}"
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(channel.guild_id or self.guild_id)},
            "attachment_size_limit": self.limits.attachment_size,
            "app_permissions": self.bot_permissions.get(channel.id, BOT_PERMISSIONS),
            "channel": channel.to_json(),
            "channel_id": str(channel.id),
        }
        if channel.guild_id is not None:
            payload["guild_id"] = str(channel.guild_id)
            guild_locale = self.guilds[channel.guild_id].locale
            payload["guild"] = {"id": str(channel.guild_id), "locale": guild_locale, "features": []}
            payload["guild_locale"] = guild_locale
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
            message_edits=len(message.history) if message is not None else 0,
        )
        self.store.interactions[iid] = record
        self.store.by_token[token] = record
        record.sent_at = time.perf_counter()
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        return record

    def _check_offered(self, user: FakeUser, name: str, guild_id: int | None) -> None:
        schema = self.command_schema(name, 1, guild_id)
        wanted = None if schema is None else schema.get("default_member_permissions")
        if wanted is None or user.admin:
            return
        needed = int(wanted)
        if needed == 0 or int(MEMBER_PERMISSIONS) & needed != needed:  # "0": administrators only
            raise CommandHidden(f"Discord does not offer /{name} to {user.name}: it needs permissions {wanted}")

    async def slash(
        self,
        user: FakeUser,
        name: str,
        *,
        subcommand: str | None = None,
        group: str | None = None,
        options: Mapping[str, Any] | None = None,
        channel: FakeChannel | None = None,
    ) -> InteractionRecord:
        """Inject a slash command (INTERACTION_CREATE type 2). USER options take FakeUser values.
        CommandHidden when Discord would not offer the command to ``user`` (its default member
        permissions are more than his)."""
        self._check_offered(user, name, channel.guild_id if channel else None)
        data = self._command_data(
            name, subcommand, group, options or {}, guild_id=channel.guild_id if channel else None
        )
        return await self._inject(user, 2, data, channel)

    async def autocomplete(
        self,
        user: FakeUser,
        name: str,
        *,
        focused: str,
        subcommand: str | None = None,
        group: str | None = None,
        options: Mapping[str, Any] | None = None,
        channel: FakeChannel | None = None,
    ) -> InteractionRecord:
        """Inject an autocomplete request (type 4); the answer's `.choices` holds the bot's choices."""
        data = self._command_data(
            name, subcommand, group, options or {}, focused=focused, guild_id=channel.guild_id if channel else None
        )
        return await self._inject(user, 4, data, channel)

    async def user_command(
        self, user: FakeUser, name: str, target: FakeUser, *, channel: FakeChannel | None = None
    ) -> InteractionRecord:
        """Inject a user context-menu command (type 2, command type 2, target_id)."""
        cmd = self.command_schema(name, 2, channel.guild_id if channel else None)
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

    def _component_for(self, user: FakeUser, message: StoredMessage, custom_id: str, force: bool) -> dict[str, Any]:
        if message.deleted:
            raise LookupError(f"message {message.id} was deleted")
        owner = message.interaction_user
        if message.ephemeral and owner is not None and owner != user and not force:
            raise PermissionError(f"{user.name} cannot see {owner.name}'s ephemeral message {message.id}")
        comp = message.find_component(custom_id=custom_id)
        if comp is None:
            if force:
                return {"type": 2, "custom_id": custom_id}
            message.component(custom_id=custom_id)  # raises with the list of what is there
        assert comp is not None
        if comp.get("disabled") and not force:
            raise PermissionError(f"component {custom_id!r} on message {message.id} is disabled")
        return comp

    async def click(
        self, user: FakeUser, message: MessageRef, custom_id: str, *, force: bool = False
    ) -> InteractionRecord:
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

    def expire_tokens(self, user: FakeUser | None = None) -> int:
        """Let Discord's 15 minutes pass for every interaction so far (of ``user``, or all): their
        tokens are refused from now on (401, 50027 Invalid Webhook Token). Returns how many."""
        records = [r for r in self.store.interactions.values() if user is None or r.user == user]
        for r in records:
            r.token_expired = True
        return len(records)

    def dismiss(self, user: FakeUser, message: MessageRef) -> None:
        """The user dismisses an ephemeral message shown to him ("Dismiss message"): it is gone, and
        editing it fails with 10008 Unknown Message."""
        msg = self.message(message)
        if not msg.ephemeral or msg.interaction_user != user:
            raise PermissionError(f"{user.name} can only dismiss ephemeral messages shown to him")
        msg.deleted = True
        self.store.notify()

    async def submit_modal(
        self,
        user: FakeUser,
        custom_id: str,
        values: Mapping[str, str],
        *,
        message: MessageRef | None = None,
        channel: FakeChannel | None = None,
    ) -> InteractionRecord:
        """Submit a modal (type 5) with text inputs {custom_id: value}."""
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in values.items()]
        msg = self.message(message) if message is not None else None
        return await self._inject(user, 5, {"custom_id": custom_id, "components": rows}, channel, msg)
