"""The public board of a match: posted per hand, edited once per turn, turned into the hand's
result when the hand ends, followed by the match end.

Only public views (``match.public``) are drawn or described here. Discord facts kept:
- a new board message per hand (edits of messages older than an hour are rate limited apart);
- the board is a plain channel message, so it can be edited long after any interaction token
  (15 minutes) has died;
- an edit never notifies: only a new board names the player to move with a mention (and only
  when his hand message is not live; the turn pings are ``pings.Pings``'s).

A quiet channel: a move that ends a turn (the turn passes, a hand or the match ends) is shown at
once with its picture; a move inside a turn (a draw: the same player still has to discard) is
shown only if the turn's end does not follow within the server's grace period, and then in words
only, so a turn costs at most one picture. A finished hand's board becomes its result (the hand
laid out and scored, no buttons), so no picture of a turn in progress stays in the channel; a
match that ends in the middle of a hand (a resignation) leaves its board with its last state.

Moves are shown in the order they were committed: callers start ``show`` before anything else
can await (see ``Desk``), and one lock per match keeps that order.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Collection
from typing import Any

import discord

from bot.engine import PublicViewLike
from bot.i18n import speaking
from bot.pacer import Priority, Superseded, pacing
from bot.tables import ActResult, Announcement, AnnouncementKind, MatchInfo, MatchStatus, TableService
from render import AnyRenderer, RenderedImage, Style, renderer_for

from .. import messages
from ..components import board_view, rematch_view
from ..speech import public_language
from .posting import NO_MENTIONS, channel, draw, image_file, mention_only
from .reach import ChannelLost, PostingRefused, Refusals, is_transient, reaching
from .shown import Shown, hand_number, nonce

log = logging.getLogger(__name__)

ORDER_WAIT_S = 3.0  # the longest a move waits for the move before it to reach the board


class Board:
    """The public side of every match this process shows."""

    def __init__(self, client: discord.Client, service: TableService, style: Style) -> None:
        self.client = client
        self.service = service
        self.style = style  # the server's look: the board is everyone's
        self._shown: dict[int, Shown] = {}  # active matches only: dropped once the match end is posted
        # Outbox rows this process is posting or has posted: never two tasks on the same row.
        self._claimed: set[int] = set()
        self.refusals = Refusals()  # channels where Discord refused a post for a missing permission
        self.on_lost: Callable[[int], Awaitable[object]] | None = None  # a channel is gone (Desk.channel_lost)

    def _entry(self, match_id: int) -> Shown:
        return self._shown.setdefault(match_id, Shown())

    def _channel(self, match: MatchInfo) -> discord.PartialMessageable:
        return channel(self.client, match.channel_id, match.guild_id)

    def forget(self, match_id: int) -> None:
        """A match whose channel is lost: nothing of it is shown any more."""
        shown = self._shown.pop(match_id, None)
        if shown is not None:
            self._cancel_later(shown)
        self.refusals.forget(match_id)

    @staticmethod
    def _to_notify(match: MatchInfo) -> int | None:
        """The (first) human to move, if any (the bot never is notified; a second human to act at
        once, in a partnership hand, gets the turn ping)."""
        if match.status is not MatchStatus.ACTIVE:
            return None
        return next((match.players[s] for s in match.humans_to_act), None)

    async def language(self, guild_id: int) -> str:
        """The language of a server's public messages (its setting, else its preferred locale)."""
        return await public_language(self.service, self.client, guild_id)

    async def start(self, match: MatchInfo) -> None:
        """A new match: its first board (its outbox row, version 0), naming (and notifying) the player to move."""
        shown = self._entry(match.id)
        with speaking(await self.language(match.guild_id)):
            await self._start(match, shown)

    async def _start(self, match: MatchInfo, shown: Shown) -> None:
        async with shown.lock:
            rows = [
                a
                for a in await self.service.pending_announcements(match.id)
                if a.kind is AnnouncementKind.BOARD and a.id not in self._claimed
            ]
            if not rows and shown.message_id is not None:
                return  # the sweep posted it already
            self._claimed.update(a.id for a in rows)
            try:
                for older in rows[:-1]:
                    await self._mark(older, None)
                line = renderer_for(match.game).describe(match.public, match.names)
                await self._post(match, shown, line, self._to_notify(match), rows[-1] if rows else None)
            except BaseException:
                self._claimed.difference_update(a.id for a in rows)  # the sweep posts it later
                raise

    # -- the outbox ------------------------------------------------------------------------------
    async def _mark(self, announcement: Announcement | None, message_id: int | None) -> None:
        """Discord accepted the message of an outbox row: mark it done (a failure leaves it pending
        for the next sweep; a post is repeated with the same nonce, so Discord returns the first)."""
        if announcement is None:
            return
        try:
            await self.service.announced(announcement, message_id)
        except Exception as error:
            self._claimed.discard(announcement.id)
            log.warning(
                "match %d: announcement %d posted but not marked (%s); it is retried",
                announcement.match_id,
                announcement.id,
                error,
            )

    async def show(self, result: ActResult, quiet: Collection[int] = ()) -> int | None:
        """Show a committed move: edit the board (now, or in words later for a move inside a turn), or
        at a hand's end turn it into the result and post the next board. ``quiet``: users whose hand
        message is live (a new board does not notify them). Returns the user the new board notified."""
        with speaking(await self.language(result.match.guild_id)):  # the board's words, in the server's language
            return await self._show(result, quiet)

    async def _show(self, result: ActResult, quiet: Collection[int]) -> int | None:
        match = result.match
        shown = self._entry(match.id)
        inside_turn = match.public.turn is not None and match.public.turn == result.seat
        if result.hand_over is not None or result.match_over or not inside_turn:
            shown.queued = max(shown.queued, match.version)  # this move will draw the board
        async with shown.lock:
            await self._wait_for_previous(shown, match)
            if result.announcements and any(a.id in self._claimed for a in result.announcements):
                return None  # the outbox sweep has shown this move's messages already
            if self._shown.get(match.id) is not shown or shown.version >= match.version:
                return None  # the match end, or a later move, is on the board already
            self._claimed.update(a.id for a in result.announcements)
            if shown.version < 0 and not result.match_over and not await self._still_active(match.id):
                return None  # first sight of a match in this process, and it has ended since this move
            self._cancel_later(shown)
            notified = None
            renderer = renderer_for(match.game)
            line = renderer.describe(match.public, match.names)
            try:
                if result.hand_over is not None or result.match_over:
                    notified = await self._close_hand(result, shown, quiet)
                elif shown.queued > match.version:
                    # Coalesced: a newer move waits to be shown and draws the board anew; a picture
                    # (or the words) of this one would be replaced before anyone saw it.
                    log.debug("match %d: move %d not drawn (move %d follows)", match.id, match.version, shown.queued)
                elif inside_turn:
                    grace = await self.service.ping_grace(match.guild_id)
                    shown.later = asyncio.create_task(
                        self._edit_later(match, shown, line, grace), name=f"gin-board-later-{match.id}"
                    )
                else:
                    await self._edit(match, shown, line)
            except BaseException:
                self._claimed.difference_update(a.id for a in result.announcements)  # the sweep retries them
                raise
            finally:
                shown.advance(match.version)  # shown, or failed for good: the next move need not wait
            if result.match_over:
                del self._shown[match.id]
            return notified

    async def _wait_for_previous(self, shown: Shown, match: MatchInfo) -> None:
        """Wait (``lock`` held, released meanwhile) until the move before this one is on the board.
        Two tasks may show moves of one match (the mover's click, the bot's turn): without this, the
        bot's first move of a new hand could edit the old hand's board before that hand's end was shown.
        Bounded: a move whose showing was lost must not stop the board."""
        if shown.version < 0:
            return  # first sight of the match in this process: nothing earlier to wait for
        try:
            await asyncio.wait_for(shown.turn.wait_for(lambda: shown.version >= match.version - 1), ORDER_WAIT_S)
        except TimeoutError:
            log.warning("match %d: move %d shown without move %d before it", match.id, match.version, shown.version + 1)

    async def _still_active(self, match_id: int) -> bool:
        if (await self.service.get_match(match_id)).status is MatchStatus.ACTIVE:
            return True
        self._shown.pop(match_id, None)
        return False

    # -- the board message ---------------------------------------------------------------------
    @staticmethod
    def _board_of(match: MatchInfo, shown: Shown) -> int | None:
        """The message showing the hand in play (None: none, post one)."""
        if shown.message_id is not None:
            return shown.message_id
        return match.board_message_id if match.board_message_id != shown.retired else None

    def _text(self, match: MatchInfo, renderer: AnyRenderer, line: str) -> str:
        view, names = match.public, match.names
        turn = ""
        if match.status is MatchStatus.ACTIVE and view.turn is not None:
            # Every seat that may act (two at once in a partnership hand): humans named, the AI thinking.
            acting = match.to_act or (view.turn,)
            turn = "\n".join(
                messages.bot_thinking(names[s])
                if match.is_ai(s)
                else messages.to_play(match.players[s], match.turn_deadline)
                for s in acting
            )
        return messages.board_text(
            messages.title_of(match.game), names, hand_number(view), renderer.score_line(view, names), line, turn
        )

    async def _post(
        self, match: MatchInfo, shown: Shown, line: str, notify: int | None, announcement: Announcement | None = None
    ) -> None:
        """Post a new board message for the current hand and remember it in the service; an outbox
        row's post carries its nonce (a repeat after a crash gets the first message back)."""
        renderer = renderer_for(match.game)
        image = await draw(renderer.table, match.public, match.names, self.style)
        mentions = mention_only(notify) if notify is not None else NO_MENTIONS
        extra: dict[str, Any] = {"nonce": nonce(announcement)} if announcement is not None else {}
        with reaching(match.channel_id), pacing(Priority.ANNOUNCE):
            msg = await self._channel(match).send(
                self._text(match, renderer, line),
                file=image_file(image),
                view=board_view(match.id),
                allowed_mentions=mentions,
                **extra,
            )
        shown.message_id = msg.id
        shown.retired = None
        await self.service.set_board_message(match.id, msg.id)
        await self.service.board_shown(match.id, match.version)  # a later owner need not draw it again
        shown.advance(match.version)
        await self._mark(announcement, msg.id)
        log.info("match %d: board posted for hand %s (message %d)", match.id, hand_number(match.public), msg.id)

    async def _edit(self, match: MatchInfo, shown: Shown, line: str, *, picture: bool = True) -> None:
        """Edit the board: its words, and (``picture``) its picture. Paced as a redraw: dropped if a newer
        move of the match waits to be drawn by then."""
        board = self._board_of(match, shown)
        if board is None:
            await self._post(match, shown, line, None)
            return
        renderer = renderer_for(match.game)
        fields: dict[str, object] = {
            "content": self._text(match, renderer, line),
            "view": board_view(match.id),
            "allowed_mentions": NO_MENTIONS,
        }
        if picture:
            image = await draw(renderer.table, match.public, match.names, self.style)
            fields["attachments"] = [image_file(image)]
        version = match.version
        try:
            priority = Priority.REDRAW if picture else Priority.WORDS
            with reaching(match.channel_id), pacing(priority, lambda: shown.queued <= version):
                await self._channel(match).get_partial_message(board).edit(**fields)  # type: ignore[arg-type]
        except Superseded:
            log.debug("match %d: redraw of move %d dropped (move %d follows)", match.id, version, shown.queued)
            return
        except discord.NotFound:  # someone deleted the board: start a fresh one
            await self._post(match, shown, line, None)
            return
        await self.service.board_shown(match.id, match.version)

    async def _edit_later(self, match: MatchInfo, shown: Shown, line: str, grace_s: float) -> None:
        """A move inside a turn, in words, once the grace period has passed without the turn's end."""
        await asyncio.sleep(grace_s)
        try:
            async with shown.lock:
                if shown.later is not asyncio.current_task() or self._shown.get(match.id) is not shown:
                    return
                shown.later = None
                await self._edit(match, shown, line, picture=False)
        except (discord.HTTPException, PostingRefused) as error:
            log.info("match %d: the board could not be edited (%s)", match.id, type(error).__name__)
            if is_transient(error):
                self.failed(match, error)
        except ChannelLost as lost:
            if self.on_lost is not None:
                await self.on_lost(lost.channel_id)
        except Exception:
            log.exception("match %d: showing a move inside a turn failed", match.id)

    def failed(self, match: MatchInfo, error: BaseException) -> None:
        """Discord failed to take the board for a while: its pending messages stay pending and the
        board is redrawn once the channel takes posts again (the sweep, after a backoff)."""
        self.refusals.failed(match.channel_id, match.id, error)
        self.retry_soon()

    def retry_soon(self) -> None:
        """Try the pending messages again once the first backoff is over (the announcing board)."""

    @staticmethod
    def _cancel_later(shown: Shown) -> None:
        if shown.later is not None and shown.later is not asyncio.current_task():
            shown.later.cancel()
        shown.later = None

    async def _replace(
        self,
        match: MatchInfo,
        board: int | None,
        text: str,
        image: RenderedImage | None,
        announcement: Announcement | None = None,
        *,
        post: bool = True,
    ) -> int | None:
        """The board of a finished hand becomes ``text`` and ``image`` (none: no picture), without
        buttons; posted instead if the board is gone (unless not ``post``). Returns the message id."""
        files = [image_file(image)] if image is not None else []
        if board is not None:
            try:
                with reaching(match.channel_id), pacing(Priority.ANNOUNCE):
                    await (
                        self._channel(match)
                        .get_partial_message(board)
                        .edit(content=text, attachments=files, view=None, allowed_mentions=NO_MENTIONS)
                    )
                return board
            except discord.NotFound:
                files = [image_file(image)] if image is not None else []  # the streams were read
            # Any other failure is raised: the row stays pending and is posted again (never marked done
            # for a message Discord did not take).
        if not post:
            return None
        extra: dict[str, Any] = {"nonce": nonce(announcement)} if announcement is not None else {}
        with reaching(match.channel_id), pacing(Priority.ANNOUNCE):
            msg = await self._channel(match).send(text, files=files, allowed_mentions=NO_MENTIONS, **extra)
        return msg.id

    # -- the end of a hand and of the match ------------------------------------------------------
    async def _close_hand(self, result: ActResult, shown: Shown, quiet: Collection[int]) -> int | None:
        match, view, names = result.match, result.match.public, result.match.names
        renderer = renderer_for(match.game)
        title = messages.title_of(match.game)
        board = self._board_of(match, shown)
        if result.hand_over is not None:
            text = messages.hand_result(
                title, names, result.hand_over.number, renderer.hand_line(view, names), renderer.score_line(view, names)
            )
            image = await draw(renderer.result, view, names, self.style)  # None: nothing to lay out (a draw)
        else:  # the match ended in the middle of a hand: the board's last state
            text = messages.finished_board(
                title, names, hand_number(view), renderer.describe(view, names), renderer.score_line(view, names)
            )
            image = await draw(renderer.table, view, names, self.style)
        kinds = {a.kind: a for a in result.announcements}
        hand_row = kinds.get(AnnouncementKind.HAND_RESULT)
        try:
            message_id = await self._replace(match, board, text, image, hand_row)
        finally:
            # This hand's board is its result now (or will be, from the outbox): never the next hand's.
            shown.message_id, shown.retired = None, board
        await self._mark(hand_row, message_id)
        if result.match_over:
            await self._send_match_end(
                match, view, renderer, result.rating_changes, kinds.get(AnnouncementKind.MATCH_END)
            )
            return None
        notify = self._to_notify(match)
        if notify in quiet:
            notify = None
        await self._post(match, shown, renderer.describe(view, names), notify, kinds.get(AnnouncementKind.BOARD))
        return notify

    async def _send_match_end(
        self,
        match: MatchInfo,
        view: PublicViewLike,
        renderer: AnyRenderer,
        rating_changes: dict[int, int] | None,
        announcement: Announcement | None,
    ) -> None:
        by_seat = None
        if rating_changes:
            by_seat = {seat: rating_changes[uid] for seat, uid in enumerate(match.players) if uid in rating_changes}
        image = await draw(renderer.match_end, view, match.names, self.style, by_seat)
        text = messages.match_end(
            messages.title_of(match.game),
            match.names,
            view.summary,
            match.status is MatchStatus.ABANDONED,
            by_seat,
            match.ai_seat is not None,
            teams=match.teams,
            score=renderer.score_line(view, match.names),
        )
        extra: dict[str, Any] = {"nonce": nonce(announcement)} if announcement is not None else {}
        with reaching(match.channel_id), pacing(Priority.ANNOUNCE):
            msg = await self._channel(match).send(
                text, file=image_file(image), view=rematch_view(match.id), allowed_mentions=NO_MENTIONS, **extra
            )
        await self._mark(announcement, msg.id)
        log.info("match %d over: status %s", match.id, match.status)

    async def close(self) -> None:
        """Stop the moves waiting to be shown in words (shutdown)."""
        waiting = [s.later for s in self._shown.values() if s.later is not None]
        for task in waiting:
            task.cancel()
        for task in waiting:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
