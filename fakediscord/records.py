"""What the bot did, as records: every request body (Payload), interaction answers (Answer)
and the injected interactions themselves (InteractionRecord)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from .messages import StoredMessage, UploadedFile, component_texts, embed_texts
from .world import FakeUser

T = TypeVar("T")


class StandIn(Protocol):
    """What a record reads of its stand-in (fakediscord.store.Store): the messages and a wait."""

    messages: dict[int, StoredMessage]

    async def wait_until(self, probe: Callable[[], T | None], timeout: float = 3.0, what: str = "condition") -> T: ...


@dataclass(frozen=True)
class Payload:
    """One request body the bot sent (JSON or multipart), for privacy/shape assertions.

    `ephemeral` is the visibility of the message the payload ends up in (edits of an
    ephemeral message are ephemeral even without flags), `flags` is what the payload said.
    """

    seq: int
    method: str
    path: str
    kind: str  # callback, followup, webhook_edit, channel_send, channel_edit, commands, other
    json: Any
    files: tuple[UploadedFile, ...]
    flags: int
    ephemeral: bool
    message_id: int | None
    interaction_id: int | None
    at: float

    @property
    def message_data(self) -> dict[str, Any]:
        """The message part of the body (callback `data`, else the body itself)."""
        if not isinstance(self.json, dict):
            return {}
        if self.kind == "callback":
            return self.json.get("data") or {}
        return self.json

    @property
    def carries_message(self) -> bool:
        return self.kind in ("callback", "followup", "webhook_edit", "channel_send", "channel_edit")

    @property
    def public(self) -> bool:
        return self.carries_message and not self.ephemeral

    def texts(self) -> list[str]:
        data = self.message_data
        out = [data.get("content") or ""] if isinstance(data.get("content"), str) else []
        out += embed_texts(data.get("embeds")) + component_texts(data.get("components"))
        out += [f.filename for f in self.files]
        return out


@dataclass(frozen=True)
class Answer:
    """The bot's interaction callback (the first answer to an interaction)."""

    type: int  # 4 message, 5 deferred message, 6 deferred update, 7 update message, 8 autocomplete, 9 modal
    flags: int
    ephemeral: bool
    content: str | None
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: tuple[UploadedFile, ...]
    data: dict[str, Any]
    latency: float  # seconds from injection to callback arrival
    message: StoredMessage | None  # message created (4/5) or updated (6/7)
    payload: Payload

    @property
    def deferred(self) -> bool:
        return self.type in (5, 6)

    @property
    def choices(self) -> list[dict[str, Any]]:
        return list(self.data.get("choices") or [])


@dataclass(eq=False)
class InteractionRecord:
    """An injected interaction; await `response()` for the bot's answer."""

    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete, 5 modal submit
    user: FakeUser
    channel_id: int
    data: dict[str, Any]
    message_id: int | None  # the component's message (type 3)
    sent_at: float
    _future: asyncio.Future[Answer]
    answer: Answer | None = None
    original_id: int | None = None
    followups: list[StoredMessage] = field(default_factory=list)
    rejected: list[Payload] = field(default_factory=list)  # callbacks refused (already acknowledged)
    _store: StandIn | None = None
    message_edits: int = 0  # edits the component's message had when this was injected
    token_expired: bool = False  # set by FakeDiscord.expire_tokens (Discord: 15 minutes after the interaction)

    def _stand_in(self) -> StandIn:
        assert self._store is not None, f"{self!r} is not attached to a stand-in"
        return self._store

    async def response(self, timeout: float = 3.0) -> Answer:
        """Wait for the callback. Raises TimeoutError naming the interaction if none comes."""
        try:
            return await asyncio.wait_for(asyncio.shield(self._future), timeout)
        except TimeoutError:
            raise TimeoutError(f"no interaction callback within {timeout}s for {self!r}") from None

    @property
    def answered(self) -> bool:
        return self.answer is not None

    @property
    def original(self) -> StoredMessage | None:
        """The @original message as it is now (None until the callback made one)."""
        if self.original_id is None:
            return None
        return self._stand_in().messages.get(self.original_id)

    async def final(self, timeout: float = 3.0) -> StoredMessage:
        """The @original message once it is no longer a 'thinking...' placeholder."""
        await self.response(timeout)
        return await self._stand_in().wait_until(
            lambda: self.original if self.original is not None and not self.original.loading else None,
            timeout=timeout,
            what=f"final original of {self!r}",
        )

    @property
    def message(self) -> StoredMessage | None:
        """The message whose component was used (type 3, or a modal opened from one), as it is now."""
        return None if self.message_id is None else self._stand_in().messages.get(self.message_id)

    async def settled(self, timeout: float = 3.0) -> Answer:
        """The callback, once what it announced is visible: at once for 4 (new message),
        7 (message updated), 8 and 9; for 5 once the 'thinking' message was replaced; for 6
        (deferred update) once the clicked message was edited after the injection or a follow-up
        came (e.g. a refusal). TimeoutError naming the interaction otherwise."""
        answer = await self.response(timeout)
        if answer.type == 5:
            await self.final(timeout)
        elif answer.type == 6:

            def done() -> bool:
                message = self.message
                return bool(self.followups) or (message is not None and len(message.history) > self.message_edits)

            await self._stand_in().wait_until(done, timeout=timeout, what=f"the edit or follow-up after {self!r}")
        return answer

    async def followup(self, index: int = 0, timeout: float = 3.0) -> StoredMessage:
        """The index-th follow-up message sent for this interaction."""
        return await self._stand_in().wait_until(
            lambda: self.followups[index] if len(self.followups) > index else None,
            timeout=timeout,
            what=f"follow-up #{index} of {self!r}",
        )

    def __repr__(self) -> str:
        name = self.data.get("name") or self.data.get("custom_id")
        return f"<InteractionRecord {self.id} type={self.type} {name!r} by {self.user.name}>"
