"""Turn pings: at most one per turn, and none while the player is there. Watched per seat: at a
table of three or more the turn passes around, and a partnership hand has two seats to act at once.

When the turn comes to a human:
- his hand message is live (the bot has just redrawn it with his controls): no ping; if he has
  not moved when the server's grace period (/gin-admin settings, 60 s by default) has passed, ONE ping;
- he has no live hand (never opened, older than 15 minutes, dismissed, a restart): one ping at
  once, unless the new hand's board just named him with a mention (that notified him already).

A ping is a small public message mentioning only him; it is deleted once he moves (or the turn
moves on), so the channel keeps only the boards. The pings sent (and the turns the board's mention
announced) are also kept in the store: a process that first sees a match after a restart or a
re-shard neither pings a player twice in one turn nor leaves an old ping behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Collection
from dataclasses import dataclass

import discord

from bot.i18n import speaking
from bot.tables import ActResult, MatchInfo, MatchStatus, TableService

from .. import messages
from ..speech import public_language
from .live import LiveHands
from .posting import channel, mention_only

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Turn:
    """A turn being watched in one match: whose it is, its pending ping, the ping sent."""

    user_id: int
    version: int  # the match version at which the turn came to him
    later: asyncio.Task[None] | None = None
    message_id: int | None = None
    stored: bool = False  # recorded in the store (cleared there when the turn closes)


class Pings:
    def __init__(self, client: discord.Client, service: TableService, live: LiveHands) -> None:
        self.client = client
        self.service = service
        self.live = live
        # match id -> seat -> the turn being watched (a partnership hand has two seats to act at once)
        self._turns: dict[int, dict[int, Turn]] = {}
        self._seen: dict[int, int] = {}  # match id -> the newest version handled (older calls are late)

    @staticmethod
    def _acting(match: MatchInfo) -> tuple[int, ...]:
        """The human seats that may act now."""
        return match.humans_to_act

    async def after(self, result: ActResult, live_seats: Collection[int], notified: int | None) -> None:
        """A committed move: ``live_seats`` are the seats whose hand message shows it, ``notified``
        the user a new board has just notified."""
        match = result.match
        if match.id not in self._seen and match.id not in self._turns:
            await self._load(match)  # first sight in this process: the turns another one announced
        if self._seen.get(match.id, -1) >= match.version:
            return  # a later move was handled already
        self._seen[match.id] = match.version
        turns = self._turns.setdefault(match.id, {})
        if result.match_over or match.status is not MatchStatus.ACTIVE or match.public.turn is None:
            self._turns.pop(match.id, None)
            self._seen.pop(match.id, None)
            for old in turns.values():
                await self._close(match, old)
            return
        acting = self._acting(match)
        new_hand = result.hand_over is not None
        for seat in list(turns):
            # The mover is here; a seat no longer to act is done; a new hand starts every turn afresh.
            if seat == result.seat or seat not in acting or new_hand:
                await self._close(match, turns.pop(seat))
        for seat in acting:
            if seat in turns:
                continue  # still waiting for him since an earlier move (the other table of a partnership)
            if seat == result.seat and not new_hand:
                continue  # the same player goes on (he drew): he is here, no ping
            state = turns[seat] = Turn(match.players[seat], match.version)
            if notified == state.user_id:
                await self._remember(match, state)  # the board's mention told him
                continue
            if seat in live_seats:
                grace = await self.service.ping_grace(match.guild_id)
                state.later = asyncio.create_task(
                    self._ping_later(match, seat, state, grace), name=f"gin-ping-{match.id}-{seat}"
                )
            else:
                await self._ping(match, seat, state, live=False)
        if not turns:
            self._turns.pop(match.id, None)

    async def _load(self, match: MatchInfo) -> None:
        turns: dict[int, Turn] = {}
        for ping in await self.service.turn_pings(match.id):
            seat = match.seat_of(ping.user_id)
            if seat is not None:
                turns[seat] = Turn(ping.user_id, ping.version, message_id=ping.message_id, stored=True)
        if turns and match.id not in self._seen and match.id not in self._turns:
            self._turns[match.id] = turns

    async def _remember(self, match: MatchInfo, state: Turn) -> None:
        await self.service.turn_announced(match.id, state.user_id, state.version, state.message_id)
        state.stored = True

    async def start(self, match: MatchInfo) -> None:
        """A new match: its first board notified the first human to act; anyone else who may act at
        once (the other table of a partnership hand) gets his ping now (nobody has a live hand yet)."""
        if match.status is not MatchStatus.ACTIVE:
            return
        turns = self._turns.setdefault(match.id, {})
        for seat in self._acting(match)[1:]:
            if seat not in turns:
                state = turns[seat] = Turn(match.players[seat], match.version)
                await self._ping(match, seat, state, live=False)
        if not turns:
            self._turns.pop(match.id, None)

    def _watching(self, match: MatchInfo, seat: int, state: Turn) -> bool:
        return self._turns.get(match.id, {}).get(seat) is state

    async def _ping_later(self, match: MatchInfo, seat: int, state: Turn, grace_s: float) -> None:
        await asyncio.sleep(grace_s)
        if not self._watching(match, seat, state):
            return
        state.later = None
        try:
            await self._ping(match, seat, state, live=self.live.alive(match.id, state.user_id) is not None)
        except Exception:
            log.exception("match %d: the turn ping failed", match.id)

    async def _ping(self, match: MatchInfo, seat: int, state: Turn, *, live: bool) -> None:
        with speaking(await public_language(self.service, self.client, match.guild_id)):  # a public message
            text = messages.turn_ping(state.user_id, messages.title_of(match.game), match.names, live)
        try:
            msg = await channel(self.client, match.channel_id, match.guild_id).send(
                text, allowed_mentions=mention_only(state.user_id)
            )
        except discord.HTTPException:
            log.info("match %d: turn ping could not be sent", match.id)
            return
        if self._watching(match, seat, state):
            state.message_id = msg.id
            await self._remember(match, state)
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
        if state.stored:
            state.stored = False
            await self.service.turn_closed(match.id, state.user_id)

    async def _delete(self, match: MatchInfo, message_id: int) -> None:
        try:
            await channel(self.client, match.channel_id, match.guild_id).get_partial_message(message_id).delete()
        except discord.HTTPException:
            log.debug("match %d: turn ping %d already gone", match.id, message_id)

    def forget(self, match_id: int) -> None:
        """A match whose channel is lost: its turns are watched no more (their pings went with the channel)."""
        self._seen.pop(match_id, None)
        for turn in self._turns.pop(match_id, {}).values():
            if turn.later is not None and turn.later is not asyncio.current_task():
                turn.later.cancel()

    async def close(self) -> None:
        waiting = [t.later for turns in self._turns.values() for t in turns.values() if t.later is not None]
        for task in waiting:
            task.cancel()
        for task in waiting:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._turns.clear()
