"""Everything that happens without a click: the bot's own moves, turn deadlines, expired
challenges, and the periodic tick that looks for them.

- The bot's turn: one task per match, a pause (``ai_delay_s``) before each of its moves so a
  human can follow; it plays every AI seat that may act (``service.ai_step`` until it returns
  None: several AI seats, or an AI at one table of a partnership hand while a human plays at the
  other); started at once after a human's move, and by the tick after a restart.
- Deadlines: ``service.overdue()`` lists late players, one entry per idle seat; each idle player
  is warned, then his opponents (the other team's humans) may claim, then the match is abandoned
  (``Stage``). A warning or claim offer is claimed in the store first (``service.mark_warned``) and
  sent only by the caller that won the claim: one notice, however many processes see it due.
- Seasons: the tick closes the seasons that are over and posts their champions (``seasons``:
  ``SeasonEnds.tick``, cogs/gin/flows/seasons.py); the service's clock decides when one is over.
- Tournaments: the tick drives them (``tournaments``, set by cogs/gin/tournament when it loads):
  windows closed, rounds paired, results counted, their announcements posted.
- The tick: ONE ``discord.ext.tasks`` loop (``loop``) doing the above every ``tick_s``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import discord
from discord.ext import tasks

from bot.constants import AI_DELAY_S, TICK_S
from bot.i18n import current, speaking
from bot.tables import ActResult, MatchInfo, MatchStatus, Overdue, Refusal, Stage, TableService

from .. import messages
from ..components import claim_view
from ..speech import public_language
from .posting import channel, mention_only

log = logging.getLogger(__name__)

ShowMove = Callable[[ActResult], Awaitable[object]]
Expire = Callable[[], Awaitable[None]]
Announce = Callable[[], Awaitable[object]]
RESUME_EVERY = 4  # ticks between two looks for matches where the bot is to move


class Scheduler:
    """The bot's moves, deadlines and challenge expiry, driven by one loop."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        show_move: ShowMove,
        expire: Expire,
        *,
        ai_delay_s: float = AI_DELAY_S,
        tick_s: float = TICK_S,
        announce: Announce | None = None,
        recover: Announce | None = None,
        seasons: Announce | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.show_move = show_move  # the public side of a committed move (Desk.after_move)
        self.expire = expire  # edit the messages of expired challenges (Challenges.announce_expired)
        self.ai_delay_s = ai_delay_s
        self.announce = announce  # post what the outbox holds (Board.post_pending): every tick
        self.recover = recover  # start-up: every active match's board current (Board.refresh_active)
        self.seasons = seasons  # close the seasons that are over, announce their champions (SeasonEnds.tick)
        self.tournaments: Announce | None = None  # drive the tournaments, post their news (TournamentFlow.tick)
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}  # match id -> the bot's turn being played
        self._ticks = 0
        self.loop = tasks.loop(seconds=tick_s)(self.tick)
        self.loop.before_loop(self._before_tick)

    def start(self) -> None:
        self.loop.start()

    # -- the bot's moves -----------------------------------------------------------------------
    def kick(self, match: MatchInfo) -> None:
        """If an AI seat may move, play the AI's moves after a short pause (one task per match)."""
        if match.status is not MatchStatus.ACTIVE or not match.ai_to_act:
            return
        task = self._ai_tasks.get(match.id)
        if task is not None and not task.done():
            return
        self._ai_tasks[match.id] = asyncio.create_task(self._ai_turn(match.id), name=f"gin-ai-{match.id}")

    def forget(self, match_id: int) -> None:
        """A match ended: stop its bot task (unless that task is the one ending it)."""
        task = self._ai_tasks.pop(match_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _ai_turn(self, match_id: int) -> None:
        delay = self.ai_delay_s
        try:
            while True:
                await asyncio.sleep(delay)
                delay = self.ai_delay_s / 2  # a second move in the same turn follows a little quicker
                result = await self.service.ai_step(match_id)
                if result is None:
                    return
                await self.show_move(result)
                m = result.match
                if result.match_over or m.status is not MatchStatus.ACTIVE or not m.ai_to_act:
                    return
        except asyncio.CancelledError:
            raise
        except Refusal as refusal:  # e.g. the match ended meanwhile
            log.info("match %d: the bot's move was refused: %s", match_id, refusal.reason)
        except Exception:
            log.exception("match %d: the bot's move failed", match_id)
        finally:
            if self._ai_tasks.get(match_id) is asyncio.current_task():
                del self._ai_tasks[match_id]

    async def resume(self) -> None:
        """Let the bot move wherever its seat is to play (e.g. after a restart)."""
        for match in await self.service.ai_pending():
            self.kick(match)

    # -- deadlines -----------------------------------------------------------------------------
    async def handle_overdue(self, item: Overdue) -> None:
        """Give the notice for one late player; a player who moved meanwhile makes it moot."""
        try:
            await self._overdue(item)
        except Refusal as refusal:  # the player moved (or the match ended) since the list was read
            log.info("match %d: %s notice dropped: %s", item.match.id, item.stage, refusal.reason)

    async def _overdue(self, item: Overdue) -> None:
        with speaking(await public_language(self.service, self.client, item.match.guild_id)):  # public notices
            await self._notice(item)

    async def _notice(self, item: Overdue) -> None:
        match, seat = item.match, item.seat
        where = channel(self.client, match.channel_id, match.guild_id)
        late = match.humans_to_act or (seat,)
        if item.stage is not Stage.ABANDON:
            if seat != late[0]:
                return  # two idle seats at once (a partnership hand): the first seat's entry gives the notice
            # Claim first, send after: the claim is won by one caller only, however many processes
            # share the database, so a notice is never sent twice (it may be lost if the send fails).
            if not await self.service.mark_warned(match.id, match.version, item.stage):
                log.info("match %d: %s notice already given or moot", match.id, item.stage)
                return
        if item.stage is Stage.WARN:
            for idle in dict.fromkeys(match.players[s] for s in late):
                await where.send(
                    messages.idle_warning(idle, messages.title_of(match.game)), allowed_mentions=mention_only(idle)
                )
        elif item.stage is Stage.CLAIMABLE:
            # Who may claim: the waiting humans of another side; a partner cannot claim against his team.
            waiting = list(
                dict.fromkeys(
                    p
                    for s, p in enumerate(match.players)
                    if not match.is_ai(s)
                    and s not in match.to_act
                    and any(match.team_of(s) != match.team_of(i) for i in late)
                )
            )
            if not waiting:
                return  # the bot does not claim; the abandon stage ends the match
            await where.send(
                messages.claim_offer(waiting, current().join([match.names[s] for s in late])),
                view=claim_view(match.id),
                allowed_mentions=mention_only(*waiting),
            )
        elif item.stage is Stage.ABANDON:
            result = await self.service.abandon(match.id, seat)
            log.info("match %d abandoned by seat %d", match.id, seat)
            await self.show_move(result)

    # -- the tick ------------------------------------------------------------------------------
    async def _before_tick(self) -> None:
        await self.client.wait_until_ready()

    async def tick(self) -> None:
        """One pass: the outbox, expired challenges, seasons, overdue turns, and (every few ticks) the bot's pending moves.
        The first pass (right after ready) also brings every active match's board up to date."""
        if self.announce is not None:
            try:
                await self.announce()
            except Exception:
                log.exception("scheduler: posting pending announcements failed")
        if self._ticks == 0 and self.recover is not None:
            try:
                await self.recover()
            except Exception:
                log.exception("scheduler: refreshing the boards at start-up failed")
        try:
            await self.expire()
        except Exception:
            log.exception("scheduler: expiring challenges failed")
        if self.seasons is not None:
            try:
                await self.seasons()
            except Exception:
                log.exception("scheduler: closing or announcing the seasons failed")
        if self.tournaments is not None:
            try:
                await self.tournaments()
            except Exception:
                log.exception("scheduler: driving the tournaments failed")
        try:
            overdue = await self.service.overdue()
        except Exception:
            log.exception("scheduler: reading deadlines failed")
            overdue = []
        for item in overdue:
            try:
                await self.handle_overdue(item)
            except Exception:
                log.exception("scheduler: match %d overdue (%s) failed", item.match.id, item.stage)
        if self._ticks % RESUME_EVERY == 0:
            try:
                await self.resume()
            except Exception:
                log.exception("scheduler: resuming the bot's moves failed")
        self._ticks += 1

    async def close(self) -> None:
        """Stop the loop and the bot's move tasks."""
        self.loop.cancel()
        tasks_ = list(self._ai_tasks.values())
        for task in tasks_:
            task.cancel()
        await asyncio.gather(*tasks_, return_exceptions=True)
        self._ai_tasks.clear()
