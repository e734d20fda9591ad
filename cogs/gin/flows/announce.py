"""The outbox side of the board: what committed changes implied and this process has not posted
yet (after a crash, a failed post, a restart) is posted on start-up and every tick, in id order
per match, each row marked done once Discord accepted it (``Board._mark``). A channel that refused
a post for a missing permission is tried again after a backoff, and the boards that missed a move
there are redrawn once it takes posts again (``reach.Refusals``); a channel Discord no longer knows
is lost (``Board.on_lost``)."""

from __future__ import annotations

import asyncio
import logging

from bot.i18n import speaking
from bot.tables import Announcement, AnnouncementKind, MatchInfo, MatchStatus
from render import renderer_for

from .. import messages
from .board import Board
from .posting import draw
from .reach import ChannelLost, PostingRefused, is_transient
from .shown import Shown, hand_number

log = logging.getLogger(__name__)


class AnnouncingBoard(Board):
    """The board, and the posting of every pending announcement."""

    _retry: asyncio.Task[None] | None = None

    async def post_pending(self, limit: int = 100) -> int:
        """Post what the outbox holds and this process is not posting already (start-up, every tick),
        in id order per match. Returns how many rows were handled."""
        rows = await self.service.pending_announcements(limit=limit)
        matches = list(dict.fromkeys(a.match_id for a in rows if a.id not in self._claimed))
        done = 0
        for match_id in matches:
            try:
                done += await self._sweep_match(match_id)
            except ChannelLost as lost:
                await self.lost(lost)
            except PostingRefused as refused:
                self.refusals.refused(refused, match_id)
            except Exception as error:
                if not is_transient(error):
                    log.exception("match %d: posting its pending announcements failed", match_id)
                    continue
                self.failed(await self.service.get_match(match_id), error)
        await self.catch_up()
        return done

    def retry_soon(self) -> None:
        """After Discord failed: post what is pending again once the first backoff is over (and again
        after each further failure), not only at the scheduler's next tick."""
        if self._retry is None or self._retry.done():
            self._retry = asyncio.create_task(self._retry_later(), name="gin-outbox-retry")

    async def _retry_later(self) -> None:
        while (wait := self.refusals.next_retry()) is not None:
            await asyncio.sleep(wait + 0.05)
            try:
                await self.post_pending()
            except Exception:
                log.exception("posting the pending announcements again failed")
                return
            if self.refusals.next_retry() is None:
                return

    async def lost(self, lost: ChannelLost) -> None:
        if self.on_lost is not None:
            await self.on_lost(lost.channel_id)

    async def _sweep_match(self, match_id: int) -> int:
        match = await self.service.get_match(match_id)
        if self.refusals.waiting(match.channel_id):
            return 0  # refused lately: tried again after the backoff
        with speaking(await self.language(match.guild_id)):
            done = await self._sweep_match_in_language(match_id)
        self.refusals.went_through(match.channel_id)
        return done

    async def catch_up(self) -> None:
        """Redraw the boards that missed a move while their channel refused posts (once it takes them)."""
        for match_id, channel_id in list(self.refusals.behind.items()):
            if self.refusals.waiting(channel_id):
                continue
            try:
                await self._redraw(match_id, behind=True)
                self.refusals.forget(match_id)
                self.refusals.went_through(channel_id)
            except ChannelLost as lost:
                await self.lost(lost)
            except PostingRefused as refused:
                self.refusals.refused(refused, match_id, behind=True)
            except Exception as error:
                if is_transient(error):
                    self.refusals.failed(channel_id, match_id, error)
                    continue
                log.exception("match %d: redrawing its board failed", match_id)
                self.refusals.forget(match_id)

    async def _redraw(self, match_id: int, *, behind: bool = False) -> bool:
        """The board as the match stands now (edited, or posted if gone), unless it shows that already
        (``behind``: it does not, whatever this process last drew). Returns whether it was drawn."""
        shown = self._entry(match_id)
        async with shown.lock:
            match = await self.service.get_match(match_id)  # under the lock: no newer move is on the board
            if match.status is not MatchStatus.ACTIVE or (not behind and shown.version >= match.version):
                return False
            with speaking(await self.language(match.guild_id)):
                line = renderer_for(match.game).describe(match.public, match.names)
                await self._edit(match, shown, line)
            shown.advance(match.version)
            return True

    async def _sweep_match_in_language(self, match_id: int) -> int:
        shown = self._entry(match_id)
        async with shown.lock:
            rows = [a for a in await self.service.pending_announcements(match_id) if a.id not in self._claimed]
            if not rows:
                return 0
            match = await self.service.get_match(match_id)
            if any(a.version > match.version for a in rows):
                # The move is committed in the store but its caller has not taken it up yet (the
                # match in memory is older): its own ``show`` posts these, or the next sweep does.
                return 0
            self._claimed.update(a.id for a in rows)
            try:
                for i, a in enumerate(rows):
                    if a.kind is AnnouncementKind.HAND_RESULT:
                        await self._sweep_result(match, shown, a)
                    elif a.kind is AnnouncementKind.MATCH_END:
                        await self._sweep_match_end(match, shown, a)
                    else:
                        await self._sweep_board(match, shown, a, rows[i + 1 :])
            except BaseException:
                for a in rows:
                    self._claimed.discard(a.id)  # unmarked ones are tried again
                raise
            shown.advance(max(a.version for a in rows))  # the moves these rows came from are shown
            if match.status is not MatchStatus.ACTIVE and self._shown.get(match_id) is shown:
                del self._shown[match_id]
            log.info("match %d: %d pending announcement(s) posted", match_id, len(rows))
            return len(rows)

    async def _sweep_result(self, match: MatchInfo, shown: Shown, a: Announcement) -> None:
        """A hand's result: the view at its own version, into that hand's board (or a new message)."""
        # The hand this row tells is the last one scored at its version (the move that scored it may
        # have dealt the next hand already, whose number the view's deal would give).
        view, scored = await self.service.result_at(match.id, a.version)
        # Only that hand's own board becomes its result: several pending results are separate
        # messages, and a newer hand's board is never replaced.
        board = await self.service.result_board(match.id, a.version, scored)
        renderer, names = renderer_for(match.game), match.names
        text = messages.hand_result(
            messages.title_of(match.game),
            names,
            scored,
            renderer.hand_line(view, names),
            renderer.score_line(view, names),
        )
        image = await draw(renderer.result, view, names, self.style)
        message_id = await self._replace(match, board, text, image, a)
        if board is not None and board in (shown.message_id, match.board_message_id):
            shown.message_id, shown.retired = None, board  # a result now: the next hand's board is a new message
        await self._mark(a, message_id)

    async def _sweep_match_end(self, match: MatchInfo, shown: Shown, a: Announcement) -> None:
        renderer = renderer_for(match.game)
        view = await self.service.view_at(match.id, a.version)
        # From the match itself, not from which rows are still pending: the result of the hand that
        # ended the match may already be posted (and marked) when the process stopped.
        summary = view.summary
        ended_hand = summary is None or summary.resigned_by is None
        if not ended_hand:  # ended in the middle of a hand: its board keeps its last state, without buttons
            names = match.names
            text = messages.finished_board(
                messages.title_of(match.game),
                names,
                hand_number(view),
                renderer.describe(view, names),
                renderer.score_line(view, names),
            )
            await self._replace(
                match,
                self._board_of(match, shown),
                text,
                await draw(renderer.table, view, names, self.style),
                None,
                post=False,
            )
        raw = a.payload.get("rating_changes") or {}
        changes = {int(k): int(v) for k, v in raw.items()} if isinstance(raw, dict) else {}
        await self._send_match_end(match, view, renderer, changes or None, a)

    async def _sweep_board(self, match: MatchInfo, shown: Shown, a: Announcement, later: list[Announcement]) -> None:
        """A hand's first board: skipped if a newer board is pending or the match moved on to a later
        hand (or ended), else posted with the current state."""
        if match.status is not MatchStatus.ACTIVE or any(b.kind is AnnouncementKind.BOARD for b in later):
            await self._mark(a, None)
            return
        if a.version != match.version and hand_number(await self.service.view_at(match.id, a.version)) != hand_number(
            match.public
        ):
            await self._mark(a, None)
            return
        if await self.service.board_hand(match.id) == hand_number(match.public):
            # The board was posted already (a redraw while this row waited): it is this hand's board.
            await self._mark(a, match.board_message_id)
            return
        line = renderer_for(match.game).describe(match.public, match.names)
        await self._post(match, shown, line, self._to_notify(match), a)

    async def close(self) -> None:
        if self._retry is not None:
            self._retry.cancel()
        await super().close()

    async def refresh_active(self) -> int:
        """Start-up: every active match's board shows its current state (edited, or posted if gone)."""
        count = 0
        active = await self.service.active_matches()
        # What the boards show by the store's record: a board another process (or this one before a
        # restart) brought up to date is not drawn again.
        recorded = await self.service.shown_versions([m.id for m in active])
        for match in active:
            shown = self._entry(match.id)
            try:
                async with shown.lock:
                    if shown.version < 0 and match.id in recorded:
                        shown.advance(recorded[match.id])
                if await self._redraw(match.id):
                    count += 1
            except ChannelLost as lost:
                await self.lost(lost)
            except PostingRefused as refused:
                self.refusals.refused(refused, match.id, behind=True)
            except Exception as error:
                if is_transient(error):
                    self.failed(match, error)
                    continue
                log.exception("match %d: refreshing its board failed", match.id)
        return count
