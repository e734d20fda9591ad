"""Turn pings: at most one per turn, and none while the player is there.

When the turn comes to a human:
- his hand message is live (the bot has just redrawn it with his controls): no ping; if he has
  not moved when the server's grace period (/gin settings, 60 s by default) has passed, ONE ping;
- he has no live hand (never opened, older than 15 minutes, dismissed, a restart): one ping at
  once, unless the new hand's board just named him with a mention (that notified him already).

A ping is a small public message mentioning only him; it is deleted once he moves (or the turn
moves on), so the channel keeps only the boards. Pings live in memory: after a restart the
first move of each turn pings as if no hand were live.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Collection
from dataclasses import dataclass

import discord

from bot.tables import ActResult, MatchInfo, MatchStatus, TableService

from . import messages
from .live import LiveHands
from .posting import channel, mention_only

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Turn:
    """The turn being watched in one match: whose it is, its pending ping, the ping sent."""

    user_id: int
    version: int  # the match version at which the turn came to him
    later: asyncio.Task[None] | None = None
    message_id: int | None = None


class Pings:
    def __init__(self, client: discord.Client, service: TableService, live: LiveHands) -> None:
        self.client = client
        self.service = service
        self.live = live
        self._turns: dict[int, Turn] = {}  # match id -> the turn being watched
        self._seen: dict[int, int] = {}  # match id -> the newest version handled (older calls are late)

    async def after(self, result: ActResult, live_seats: Collection[int], notified: int | None) -> None:
        """A committed move: ``live_seats`` are the seats whose hand message shows it, ``notified``
        the user a new board has just notified."""
        match = result.match
        if self._seen.get(match.id, -1) >= match.version:
            return  # a later move was handled already
        self._seen[match.id] = match.version
        turn = match.public.turn
        old = self._turns.get(match.id)
        if result.match_over or match.status is not MatchStatus.ACTIVE or turn is None:
            self._turns.pop(match.id, None)
            self._seen.pop(match.id, None)
            await self._close(match, old)
            return
        if turn == result.seat and result.hand_over is None:
            # The same player goes on (he drew): he is here, his turn needs no ping any more.
            await self._close(match, old)
            return
        await self._close(match, old)  # a new turn: the last one's ping is moot
        if match.is_ai(turn):
            self._turns.pop(match.id, None)
            return
        state = self._turns[match.id] = Turn(match.players[turn], match.version)
        if notified == state.user_id:
            return
        if turn in live_seats:
            grace = await self.service.ping_grace(match.guild_id)
            state.later = asyncio.create_task(self._ping_later(match, state, grace), name=f"gin-ping-{match.id}")
        else:
            await self._ping(match, state, live=False)

    async def _ping_later(self, match: MatchInfo, state: Turn, grace_s: float) -> None:
        await asyncio.sleep(grace_s)
        if self._turns.get(match.id) is not state:
            return
        state.later = None
        try:
            await self._ping(match, state, live=self.live.alive(match.id, state.user_id) is not None)
        except Exception:
            log.exception("match %d: the turn ping failed", match.id)

    async def _ping(self, match: MatchInfo, state: Turn, *, live: bool) -> None:
        text = messages.turn_ping(state.user_id, messages.title_of(match.game), match.names, live)
        try:
            msg = await channel(self.client, match.channel_id, match.guild_id).send(
                text, allowed_mentions=mention_only(state.user_id)
            )
        except discord.HTTPException:
            log.info("match %d: turn ping could not be sent", match.id)
            return
        if self._turns.get(match.id) is state:
            state.message_id = msg.id
        else:  # the player moved while it was on its way
            await self._delete(match, msg.id)

    async def _close(self, match: MatchInfo, state: Turn | None) -> None:
        """The turn is over or its player is here: no ping pending, the one sent deleted."""
        if state is None:
            return
        if state.later is not None and state.later is not asyncio.current_task():
            state.later.cancel()
        state.later = None
        if state.message_id is not None:
            old, state.message_id = state.message_id, None
            await self._delete(match, old)

    async def _delete(self, match: MatchInfo, message_id: int) -> None:
        try:
            await channel(self.client, match.channel_id, match.guild_id).get_partial_message(message_id).delete()
        except discord.HTTPException:
            log.debug("match %d: turn ping %d already gone", match.id, message_id)

    async def close(self) -> None:
        waiting = [t.later for t in self._turns.values() if t.later is not None]
        for task in waiting:
            task.cancel()
        for task in waiting:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._turns.clear()
