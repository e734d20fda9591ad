"""What the stand-in's parts (the gateway, the REST routes) read of the whole stand-in: a Protocol
the FakeDiscord server fulfils, so those parts need no import of the server (which builds them)."""

from __future__ import annotations

from typing import Any, Protocol

from .limits import Limits
from .messages import StoredMessage
from .records import Payload
from .store import Store
from .world import FakeChannel, FakeGuild, FakeUser


class Dispatcher(Protocol):
    """The gateway as the REST routes use it: a DISPATCH to the sessions of the event's guild."""

    async def dispatch(self, event: str, data: dict[str, Any]) -> int: ...


class Host(Protocol):
    """The state and the JSON shapes of one stand-in (fakediscord.server.FakeDiscord)."""

    store: Store
    users: dict[int, FakeUser]
    channels: dict[int, FakeChannel]
    guilds: dict[int, FakeGuild]
    bot_user: FakeUser
    application_id: int
    guild_id: int
    admin_role_id: int
    callback_deadline: float | None
    limits: Limits
    bot_permissions: dict[int, str]
    deleted_channels: dict[int, FakeChannel]
    removed_guilds: dict[int, FakeGuild]
    token_ttl: float | None
    shard_count: int
    max_concurrency: int

    @property
    def gateway(self) -> Dispatcher: ...

    @property
    def gateway_url(self) -> str: ...

    def dm_channel(self, user: FakeUser) -> FakeChannel: ...

    def all_payloads(self) -> list[Payload]: ...

    def roles_json(self, guild_id: int | None = None) -> list[dict[str, Any]]: ...

    def guild_json(self, guild_id: int | None = None) -> dict[str, Any]: ...

    def application_json(self) -> dict[str, Any]: ...

    def message_json(self, message: StoredMessage) -> dict[str, Any]: ...
