"""Reading the stand-in's state, and waiting for the bot to do something.

Every wait re-checks its condition after each REST request the bot makes (Store.notify), so
nothing here polls with sleeps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from .messages import MessageRef, StoredMessage
from .records import InteractionRecord, Payload
from .world import FakeChannel, FakeUser

if TYPE_CHECKING:
    from .gateway import Gateway
    from .store import Store

T = TypeVar("T")


class Queries:
    """FakeDiscord's query and waiting methods (a base class of FakeDiscord)."""

    store: Store
    gateway: Gateway
    channel: FakeChannel
    connect_timeout: float

    if TYPE_CHECKING:

        def dm_channel(self, user: FakeUser) -> FakeChannel: ...

    # -- queries -----------------------------------------------------------------------------
    def message(self, ref: MessageRef) -> StoredMessage:
        """The stored message (current state) for a StoredMessage or id."""
        mid = ref.id if isinstance(ref, StoredMessage) else int(ref)
        try:
            return self.store.messages[mid]
        except KeyError:
            raise LookupError(f"no message {mid} in the stand-in") from None

    def channel_messages(
        self, channel: FakeChannel | int | None = None, *, include_deleted: bool = False
    ) -> list[StoredMessage]:
        """Public messages in a channel (default: the game channel), oldest first."""
        cid = getattr(channel, "id", channel) or self.channel.id
        return [
            m
            for m in sorted(self.store.messages.values(), key=lambda m: m.id)
            if m.channel_id == cid and m.public and (include_deleted or not m.deleted)
        ]

    def last_public_message(self, channel: FakeChannel | int | None = None) -> StoredMessage | None:
        msgs = self.channel_messages(channel)
        return msgs[-1] if msgs else None

    def ephemeral_messages(self, user: FakeUser | None = None) -> list[StoredMessage]:
        """Ephemeral interaction messages (optionally only those shown to `user`), oldest first."""
        return [
            m
            for m in sorted(self.store.messages.values(), key=lambda m: m.id)
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

    def clicks(self, user: FakeUser | None = None) -> list[InteractionRecord]:
        """Component interactions (button presses and menu choices), of one user or all, in order."""
        return [r for r in self.store.interactions.values() if r.type == 3 and (user is None or r.user == user)]

    def notifications(self, user: FakeUser | None = None) -> list[StoredMessage]:
        """Messages that notified ``user`` (or anyone) when they were posted, deleted ones too, oldest
        first: a public message whose mention its ``allowed_mentions`` let through. Edits never notify."""
        return [m for m in self.all_messages() if m.notified and (user is None or user.id in m.notified)]

    def latencies(self) -> list[float]:
        """Injection -> callback seconds for every answered interaction."""
        return [r.answer.latency for r in self.store.interactions.values() if r.answer is not None]

    def late_or_unanswered(self, limit: float = 3.0) -> list[InteractionRecord]:
        """Interactions with no callback yet or answered later than `limit` seconds (Discord's 3 s)."""
        return [r for r in self.store.interactions.values() if r.answer is None or r.answer.latency > limit]

    @property
    def unknown_routes(self) -> list[str]:
        return list(self.store.unknown_routes)

    # -- waiting -----------------------------------------------------------------------------
    async def wait_until(self, probe: Callable[[], T | None], timeout: float = 3.0, what: str = "condition") -> T:
        """Return probe()'s first truthy value; re-checked after every request the bot makes."""
        return await self.store.wait_until(probe, timeout, what)

    async def wait_connected(self, timeout: float | None = None, *, guild_id: int | None = None) -> None:
        """Wait for a live, identified gateway session (a bot connected); with ``guild_id``, one of
        the shard that receives that guild's events."""
        if guild_id is None:
            probe, what = self.gateway.live_sessions, "a bot to connect to the gateway"
        else:
            probe, what = (lambda: self.gateway.owners(guild_id)), f"the shard of guild {guild_id} to connect"
        await self.wait_until(probe, timeout or self.connect_timeout, what)

    async def wait_for_message(
        self, predicate: Callable[[StoredMessage], bool], timeout: float = 3.0, *, what: str = "a matching message"
    ) -> StoredMessage:
        """First stored message (any channel/visibility, current state) satisfying predicate."""

        def probe() -> StoredMessage | None:
            for m in self.all_messages():
                if not m.deleted and predicate(m):
                    return m
            return None

        return await self.wait_until(probe, timeout, what)

    async def wait_for_edit(self, message: MessageRef, seen: int, timeout: float = 3.0) -> StoredMessage:
        """The message once it has more than `seen` edits: take `seen = len(msg.history)` BEFORE
        causing the edit, so an edit that lands first is not missed."""

        def probe() -> StoredMessage | None:
            current = self.message(message)
            return current if len(current.history) > seen else None

        return await self.wait_until(probe, timeout, f"edit #{seen + 1} of message {getattr(message, 'id', message)}")

    async def wait_for_payload(
        self,
        predicate: Callable[[Payload], bool] | None = None,
        *,
        since: int = 0,
        timeout: float = 3.0,
        what: str = "a matching payload",
    ) -> Payload:
        """First body the bot sent from number `since` on (take `since = len(fd.all_payloads())`
        before the action) that satisfies predicate (default: any), e.g. `lambda p: p.public`."""

        def probe() -> Payload | None:
            for p in self.store.payloads[since:]:
                if predicate is None or predicate(p):
                    return p
            return None

        return await self.wait_until(probe, timeout, what)
