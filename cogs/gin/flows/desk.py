"""The Desk: the parts of the Discord layer wired together, one per bot (``GinBot.desk``).

It only translates: interaction -> TableService -> renderer -> Discord answer or board edit.
Decisions (legal moves, turns, versions, who may do what) come from the service and the
engine's views; pictures, words and controls from the game's renderer. The parts:

- ``board`` (board.py, announce.py): the public board, results, match end, what the outbox holds;
- ``hands`` (hand.py): private hands (live: redrawn after every move) and moves, resign, claim, rules;
- ``pings`` (pings.py): at most one turn ping, and none while the player's live hand is up;
- ``challenges`` (challenges.py): challenges, tables against the bot, rematches, expiry;
- ``lobby`` (lobby.py): tables of three or more: seats, the AI, partners, Start;
- ``scheduler`` (scheduler.py): the bot's moves, deadlines and the periodic tick;
- ``seasons`` (seasons.py): the seasons that are over closed, their champions announced (on the tick);
- ``inflight`` (answer.py): handlers in flight, so shutdown lets them finish.

A channel Discord no longer knows (deleted: the CHANNEL_DELETE event or a 404 met by the board),
or every channel of a server the bot was removed from, is lost: ``channel_lost``/``guild_lost``
end its tables in the service and forget them here, with one INFO line (reach.py).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.constants import AI_DELAY_S, TICK_S
from bot.tables import ActResult, LostTables, MatchInfo, TableService
from render import Style

from ..answer import Inflight
from .announce import AnnouncingBoard
from .challenges import Challenges
from .hand import Hands
from .live import LiveHands
from .lobby import Lobby
from .pings import Pings
from .reach import ChannelLost, PostingRefused, is_transient
from .scheduler import Scheduler
from .seasons import SeasonEnds

log = logging.getLogger(__name__)

UNPOSTED_GRACE_S = 5.0  # an open table younger than this is still being posted by its own command

BoardAction = Callable[[discord.Interaction, int], Awaitable[None]]


class Desk:
    """Glue between Discord and the TableService for one bot."""

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        *,
        style: Style | None = None,
        ai_delay_s: float = AI_DELAY_S,
        tick_s: float = TICK_S,
    ) -> None:
        self.client = client
        self.service = service
        self.inflight = Inflight()
        style = style or Style()
        self.live = LiveHands()
        self.board = AnnouncingBoard(client, service, style)
        self.hands = Hands(service, style, self.after_move, self.live)
        self.pings = Pings(client, service, self.live)
        self.challenges = Challenges(client, service, self.start_match)
        self.lobby = Lobby(client, service, self.start_match)
        self.challenges.lobby_rematch = self.lobby.rematch
        self.board.on_lost = self.channel_lost
        self.seasons = SeasonEnds(client, service, self.channel_lost)
        self.scheduler = Scheduler(
            client,
            service,
            self.after_move,
            self.challenges.announce_expired,
            ai_delay_s=ai_delay_s,
            tick_s=tick_s,
            announce=self.post_pending,
            recover=self.board.refresh_active,
            seasons=self.seasons.tick,
        )
        # The board buttons (ids.BOARD_ACTIONS) and who answers each.
        self.board_actions: dict[str, BoardAction] = {
            "hand": self.hands.show,
            "resign": self.hands.ask_resign,
            "resign_yes": self.hands.resign,
            "cancel": self.hands.cancel,
            "claim": self.hands.claim,
            "rules": self.hands.rules,
            "rematch": self.challenges.rematch,
        }

    # -- the components' Routes (cogs/gin/components/routes.py): where each click goes --------------
    async def move(self, interaction: discord.Interaction, match_id: int, action: str, version: int) -> None:
        await self.hands.move(interaction, match_id, action, version)

    async def ask(self, interaction: discord.Interaction, match_id: int, action: str, version: int) -> None:
        await self.hands.ask(interaction, match_id, action, version)

    async def choose(self, interaction: discord.Interaction, match_id: int, action: str, version: int) -> None:
        await self.hands.choose(interaction, match_id, action, version)

    async def board_button(self, interaction: discord.Interaction, match_id: int, what: str) -> None:
        await self.board_actions[what](interaction, match_id)

    async def challenge_button(self, interaction: discord.Interaction, challenge_id: int, what: str) -> None:
        await self.challenges.button(interaction, challenge_id, what)

    async def lobby_button(self, interaction: discord.Interaction, table_id: int, what: str, value: str | None) -> None:
        await self.lobby.button(interaction, table_id, what, value)

    async def start_match(self, match: MatchInfo) -> None:
        """A new match: its first board, and the bot's first move if it starts."""
        try:
            await self.board.start(match)
        except ChannelLost as lost:
            await self.channel_lost(lost.channel_id)
            return
        except PostingRefused as refused:  # its outbox row stays pending: the sweep posts it later
            self.board.refusals.refused(refused, match.id)
        try:
            await self.pings.start(match)  # a second human to act at once (a partnership hand)
        except Exception:
            log.exception("match %d: the first turn pings failed", match.id)
        self.scheduler.kick(match)

    async def after_move(self, result: ActResult, drawn_seat: int | None = None) -> PostingRefused | None:
        """Everything a committed move changes besides the mover's own answer: the board, the other
        live hands (``drawn_seat``'s own click draws his), the turn ping, then the bot's turn if
        it is next. Returns why the board could not show the move, when a permission is missing
        (the move is saved; the board catches up once the permission is back).

        Callers start this before anything else can await, so moves reach the board in the
        order they were committed (the board's lock per match keeps that order)."""
        match = result.match
        quiet = {
            user
            for seat, user in enumerate(match.players)
            if seat == drawn_seat or self.live.alive(match.id, user) is not None
        }
        pushed = asyncio.create_task(self._push(result, drawn_seat), name=f"gin-hands-{match.id}")
        notified = refused = None
        try:
            notified = await self.board.show(result, quiet)
            self.board.refusals.went_through(match.channel_id)
        except ChannelLost as lost:
            await pushed
            await self.channel_lost(lost.channel_id)
            return None
        except PostingRefused as error:
            refused = error
            self.board.refusals.refused(error, match.id, behind=True)
        except Exception as error:
            if is_transient(error):
                self.board.failed(match, error)  # kept: posted again after a backoff
            else:
                log.exception("match %d: showing move %d failed", match.id, match.version)
        live = await pushed
        if drawn_seat is not None:
            live.add(drawn_seat)
        try:
            await self.pings.after(result, live, notified)
        except Exception:
            log.exception("match %d: the turn ping after move %d failed", match.id, match.version)
        if result.match_over:
            self.scheduler.forget(result.match.id)
        else:
            self.scheduler.kick(result.match)
        return refused

    async def post_pending(self) -> int:
        """Every tick: what the outbox holds, then the open tables whose message was never posted."""
        done = await self.board.post_pending()
        await self.post_unposted_tables()
        return done

    async def post_unposted_tables(self) -> int:
        """Post the message of every open table that has none (the process stopped, or Discord
        failed, between the table's commit and its post); returns how many were posted."""
        posted = 0
        for table in await self.service.unposted_tables(UNPOSTED_GRACE_S):
            if table.id in self.challenges.posting or table.id in self.lobby.posting:
                continue
            try:
                if table.seats > 2:
                    await self.lobby.post(table)
                else:
                    await self.challenges.post(table)
                posted += 1
                log.info("table %d: its message posted by the sweep", table.id)
            except ChannelLost as lost:
                await self.channel_lost(lost.channel_id)
            except PostingRefused as refused:
                log.info("table %d: posting its message refused (code %d)", table.id, refused.code)
            except Exception as error:
                if not is_transient(error):
                    log.exception("table %d: posting its message failed", table.id)
                else:
                    log.warning("table %d: Discord did not take its message (%s); tried again", table.id, error)
        return posted

    async def channel_lost(self, channel_id: int) -> LostTables:
        """The channel is gone: its tables end (nothing to show, nowhere to post)."""
        lost = await self.service.lose_channel(channel_id)
        self._forget(lost, f"channel {channel_id} is gone")
        return lost

    async def guild_lost(self, guild_id: int) -> LostTables:
        """The bot was removed from the server: every table of it ends."""
        lost = await self.service.lose_guild(guild_id)
        self._forget(lost, f"the bot was removed from server {guild_id}")
        return lost

    def _forget(self, lost: LostTables, why: str) -> None:
        for match_id in lost.matches:
            self.board.forget(match_id)
            self.scheduler.forget(match_id)
            self.pings.forget(match_id)
            self.live.forget_match(match_id)
        if lost:
            log.info(
                "%s: %d match(es) ended abandoned, %d table(s) closed, %d unposted message(s) dropped",
                why,
                len(lost.matches),
                len(lost.tables),
                lost.announcements,
            )

    async def _push(self, result: ActResult, drawn_seat: int | None) -> set[int]:
        try:
            return await self.hands.push(result, drawn_seat)
        except Exception:
            log.exception(
                "match %d: redrawing the live hands after move %d failed", result.match.id, result.match.version
            )
            return set()

    def start(self) -> None:
        """Start the periodic tick (once the bot is ready)."""
        self.scheduler.start()

    async def close(self, grace_s: float = 5.0) -> None:
        """Stop the tick, let in-flight handlers finish (bounded), then stop the bot's move tasks."""
        self.scheduler.loop.cancel()
        if not await self.inflight.wait_idle(grace_s):
            log.warning("shutting down with %d interaction(s) still being answered", self.inflight.count)
        await self.scheduler.close()
        await self.board.close()
        await self.pings.close()


def desk_of(client: discord.Client) -> Desk:
    """The bot's Desk (set up by GinBot.setup_hook); RuntimeError on a client without one."""
    desk = getattr(client, "desk", None)
    if not isinstance(desk, Desk):
        raise RuntimeError("this client has no Gin desk: it is set up in GinBot.setup_hook")
    return desk
