"""Interaction routes: the callback (the first answer) and the interaction webhook
(follow-ups, @original and follow-up edits/deletes)."""

from __future__ import annotations

import logging
import time
from typing import Any

from aiohttp import web

from ..messages import StoredMessage
from ..records import Answer, InteractionRecord, Payload
from ..world import EPHEMERAL, LOADING
from .base import Body, RouteBase, error, json_response, no_content

log = logging.getLogger("fakediscord.rest")


class InteractionRoutes(RouteBase):
    """/interactions/{id}/{token}/callback and /webhooks/{app}/{token}/..."""

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
        if cb_type in (4, 7):
            current = self.store.messages.get(record.message_id) if cb_type == 7 and record.message_id else None
            refused = self._refused_message(
                request,
                "callback",
                body,
                data,
                create=cb_type == 4,
                prefix=("data",),
                flags=current.flags if current is not None else 0,
                interaction_id=record.id,
            )
            if refused is not None:
                return refused
        message: StoredMessage | None = None
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
        record.answer = answer = _make_answer(
            cb_type, data, body, arrived - record.sent_at, message, payload, ephemeral
        )
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

    def _record_for_token(self, p: dict[str, str]) -> InteractionRecord | None:
        if int(p["app"]) != self.fd.application_id:
            return None
        return self.store.by_token.get(p["token"])

    def _expired(self, record: InteractionRecord | None) -> bool:
        """Discord refuses an interaction token 15 minutes after the interaction (here: when a test
        expired it, or after ``FakeDiscord(token_ttl=...)`` seconds)."""
        if record is None:
            return False
        ttl = self.fd.token_ttl
        return record.token_expired or (ttl is not None and time.perf_counter() - record.sent_at > ttl)

    def _unacknowledged(self, record: InteractionRecord | None) -> bool:
        """Discord invalidates the token of an interaction not acknowledged within the callback
        deadline (when ``FakeDiscord(callback_deadline=...)`` models it): its webhook is unknown."""
        deadline = self.fd.callback_deadline
        if record is None or deadline is None or record.answer is not None:
            return False
        return time.perf_counter() - record.sent_at > deadline

    def _token_refused(
        self, request: web.Request, kind: str | None, body: Body, record: InteractionRecord | None
    ) -> web.Response | None:
        """An expired token (401 50027) or one invalidated by a missed callback deadline (404 10015);
        the refused body is recorded as a payload of ``kind`` (None: not recorded, a read)."""
        if self._expired(record):
            response = error(401, 50027, "Invalid Webhook Token")
        elif self._unacknowledged(record):
            response = error(404, 10015, "Unknown Webhook")
        else:
            return None
        if kind is not None:
            self._record(request, kind, body)
        return response

    def _target(self, record: InteractionRecord, ref: str) -> StoredMessage | None:
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
        refused = self._token_refused(request, "followup", body, record)
        if refused is not None:
            return refused
        data = body.json or {}
        refused = self._refused_message(request, "followup", body, data, create=True, interaction_id=record.id)
        if refused is not None:
            return refused
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
        self._record(
            request, "followup", body, interaction_id=record.id, message_id=message.id, ephemeral=message.ephemeral
        )
        if request.query.get("wait") in ("true", "True", "1"):
            return json_response(self.fd.message_json(message))
        return no_content()

    async def webhook_get(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        record = self._record_for_token(p)
        refused = self._token_refused(request, None, body, record)
        if refused is not None:
            return refused
        message = self._target(record, p["msg"]) if record else None
        return json_response(self.fd.message_json(message)) if message else error(404, 10008, "Unknown Message")

    async def webhook_edit(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        record = self._record_for_token(p)
        refused = self._token_refused(request, "webhook_edit", body, record)
        if refused is not None:
            return refused
        message = self._target(record, p["msg"]) if record else None
        if record is None or message is None:
            self._record(request, "webhook_edit", body)
            return error(404, 10008, "Unknown Message")
        refused = self._refused_message(
            request,
            "webhook_edit",
            body,
            body.json or {},
            create=False,
            flags=message.flags,
            interaction_id=record.id,
            message_id=message.id,
            ephemeral=message.ephemeral,
        )
        if refused is not None:
            return refused
        self.edit_message(message, body.json or {}, body.files)
        self._record(
            request, "webhook_edit", body, interaction_id=record.id, message_id=message.id, ephemeral=message.ephemeral
        )
        await self._announce(message, "MESSAGE_UPDATE")
        return json_response(self.fd.message_json(message))

    async def webhook_delete(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        record = self._record_for_token(p)
        refused = self._token_refused(request, None, body, record)
        if refused is not None:
            return refused
        message = self._target(record, p["msg"]) if record else None
        if message is None:
            return error(404, 10008, "Unknown Message")
        message.deleted = True
        return no_content()


def _make_answer(
    cb_type: int,
    data: dict[str, Any],
    body: Body,
    latency: float,
    message: StoredMessage | None,
    payload: Payload,
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
