"""Gateway half of the stand-in: one websocket endpoint speaking plain-text JSON frames.

discord.py asks for `compress=zlib-stream` (or zstd) in the URL query but only
decompresses *binary* frames; text frames go straight to the JSON parser, so we
ignore the query and always answer with text frames.

Sharding: a session that IDENTIFYs with ``shard: [shard_id, shard_count]`` owns the guilds with
``(guild_id >> 22) % shard_count == shard_id`` (READY lists them, a GUILD_CREATE follows for each) and
receives only their events; events without a guild (DMs) go to shard 0, as on Discord. A session
without ``shard`` owns every guild.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .host import Host
from .world import shard_of

log = logging.getLogger(__name__)

HEARTBEAT_INTERVAL_MS = 41250
# Close codes after which discord.py reconnects and RESUMEs (anything but 1000/4004/4010-4014).
RESUMABLE_CLOSE = 4000
INVALID_SHARD = 4010  # Discord: the shard sent in IDENTIFY is not valid (the client does not retry)


@dataclass(eq=False)
class Session:
    """One identified gateway session (survives a dropped socket until RESUMEd)."""

    id: str
    token: str
    intents: int
    ws: web.WebSocketResponse | None = None
    seq: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)  # dispatches, for RESUME replay
    resumes: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    shard: tuple[int, int] | None = None  # (shard_id, shard_count) from IDENTIFY; None: every guild

    @property
    def live(self) -> bool:
        return self.ws is not None and not self.ws.closed

    def owns(self, guild_id: int | None) -> bool:
        """Whether this session receives the events of ``guild_id`` (None: a DM, shard 0's)."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return shard_id == 0 if guild_id is None else shard_of(guild_id, count) == shard_id


class Gateway:
    """Websocket handler plus event dispatch to live sessions."""

    def __init__(self, fd: Host) -> None:
        self.fd = fd
        self.sessions: dict[str, Session] = {}
        self.identifies = 0
        self.heartbeats = 0
        self.presences: list[dict[str, Any]] = []
        self._sockets: set[web.WebSocketResponse] = set()

    # -- queries ---------------------------------------------------------------
    def live_sessions(self) -> list[Session]:
        return [s for s in self.sessions.values() if s.live]

    def owners(self, guild_id: int | None) -> list[Session]:
        """The live sessions that receive the events of ``guild_id`` (None: DMs)."""
        return [s for s in self.live_sessions() if s.owns(guild_id)]

    # -- sending ---------------------------------------------------------------
    async def _send(self, ws: web.WebSocketResponse, payload: dict[str, Any]) -> None:
        await ws.send_str(json.dumps(payload, separators=(",", ":")))

    async def dispatch_to(self, session: Session, event: str, data: dict[str, Any]) -> None:
        async with session.lock:
            session.seq += 1
            frame = {"op": 0, "t": event, "s": session.seq, "d": data}
            session.sent.append(frame)
            if session.live:
                assert session.ws is not None
                try:
                    await self._send(session.ws, frame)
                except (ConnectionResetError, RuntimeError):
                    log.info("gateway: session %s socket gone while sending %s", session.id, event)

    async def dispatch(self, event: str, data: dict[str, Any]) -> int:
        """Send a DISPATCH to every live session that owns the event's guild (``data["guild_id"]``;
        none: shard 0, like DMs); returns how many got it (0: no shard of that guild is connected)."""
        guild = data.get("guild_id")
        sessions = self.owners(int(guild) if guild is not None else None)
        for session in sessions:
            await self.dispatch_to(session, event, data)
        return len(sessions)

    async def drop(self, code: int = RESUMABLE_CLOSE) -> None:
        """Close every live socket (the client should reconnect and RESUME)."""
        for session in self.live_sessions():
            assert session.ws is not None
            await session.ws.close(code=code, message=b"fakediscord drop")

    async def close_all(self) -> None:
        for ws in list(self._sockets):
            await ws.close(code=1001, message=b"fakediscord shutting down")

    # -- handler ---------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        self._sockets.add(ws)
        session: Session | None = None
        log.debug("gateway: connection %s", request.query_string)
        try:
            await self._send(ws, {"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": None, "t": None})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, data = frame.get("op"), frame.get("d")
                if op == 1:
                    self.heartbeats += 1
                    await self._send(ws, {"op": 11, "d": None, "s": None, "t": None})
                elif op == 2:
                    session = await self._identify(ws, data or {})
                elif op == 6:
                    session = await self._resume(ws, data or {})
                elif op == 3:
                    self.presences.append(data)
                elif op == 8:
                    await self._members_chunk(ws, session, data or {})
                else:
                    log.info("gateway: ignoring op %s", op)
        finally:
            self._sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
            self.fd.store.notify()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        fd = self.fd
        shard: tuple[int, int] | None = None
        raw_shard = data.get("shard")
        if raw_shard is not None:
            shard_id, count = (int(x) for x in raw_shard)
            if not 0 <= shard_id < count:
                log.info("gateway: IDENTIFY with invalid shard %s refused (%d)", raw_shard, INVALID_SHARD)
                await ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
                return None
            shard = (shard_id, count)
        self.identifies += 1
        session = Session(
            id=secrets.token_hex(16), token=str(data.get("token")), intents=int(data.get("intents") or 0), shard=shard
        )
        session.ws = ws
        self.sessions[session.id] = session
        guilds = [gid for gid in fd.guilds if session.owns(gid)]
        ready = {
            "v": 10,
            "user": {**fd.bot_user.to_json(), "verified": True, "mfa_enabled": False, "flags": 0, "email": None},
            "guilds": [{"id": str(gid), "unavailable": True} for gid in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": fd.gateway_url,
            "application": {"id": str(fd.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "_trace": ["fakediscord"],
        }
        if shard is not None:
            ready["shard"] = list(shard)
        await self.dispatch_to(session, "READY", ready)
        for gid in guilds:
            await self.dispatch_to(session, "GUILD_CREATE", fd.guild_json(gid))
        log.info("gateway: IDENTIFY -> session %s (intents %s, shard %s)", session.id, session.intents, shard)
        fd.store.notify()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None:
            await self._send(ws, {"op": 9, "d": False, "s": None, "t": None})
            return None
        async with session.lock:
            session.ws = ws
            session.resumes += 1
            last = int(data.get("seq") or 0)
            for frame in session.sent:
                if frame["s"] > last:
                    await self._send(ws, frame)
        await self.dispatch_to(session, "RESUMED", {"_trace": ["fakediscord"]})
        log.info("gateway: RESUME session %s from seq %s", session.id, data.get("seq"))
        self.fd.store.notify()
        return session

    async def _members_chunk(self, ws: web.WebSocketResponse, session: Session | None, data: dict[str, Any]) -> None:
        if session is None:
            return
        fd = self.fd
        guild_id = int(data.get("guild_id") or fd.guild_id)
        members = [u.member_json(admin_role=fd.admin_role_id) for u in fd.users.values()]
        wanted = data.get("user_ids")
        if wanted:
            wanted_ids = {str(x) for x in (wanted if isinstance(wanted, list) else [wanted])}
            members = [m for m in members if m["user"]["id"] in wanted_ids]
        chunk = {
            "guild_id": str(guild_id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await self.dispatch_to(session, "GUILD_MEMBERS_CHUNK", chunk)
