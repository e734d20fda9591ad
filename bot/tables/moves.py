"""Moves: a player's action, resigning, claiming an idle opponent's match, the AI's turn.

Every change goes through ``_apply``: validate, apply, persist in one transaction, publish.
"""

from __future__ import annotations

import asyncio
import logging
import random
from dataclasses import replace
from datetime import timedelta
from typing import Any

from bot.engine import RESIGN_TEXT, IllegalAction, game_type
from bot.store import MatchStatus, MoveWrite, Stage, StorageFault

from .base import ServiceBase
from .errors import STALE, Refusal
from .live import Live
from .records import ActResult
from .thinking import SEARCHING

log = logging.getLogger(__name__)


class MovesPart(ServiceBase):
    async def act(self, match_id: int, user_id: int, action: Any, expected_version: int | None) -> ActResult:
        """Apply one move of ``user_id`` (an action or its text); persisted before this returns."""
        async with self.live.locked(match_id) as live:
            seat = self._seat(live, user_id)
            text = action if isinstance(action, str) else str(action)
            if text == RESIGN_TEXT:  # resigning has its own call (and a confirmation before it)
                raise Refusal("That is not a move.")
            try:  # through the text form: whatever a caller passes, the engine gets its own action
                action = game_type(live.record.game).parse_action(text)
            except ValueError:
                raise Refusal("That is not a move.") from None
            return await self._apply(live, seat, action, expected_version)

    async def resign(self, match_id: int, user_id: int) -> ActResult:
        async with self.live.locked(match_id) as live:
            return await self._apply(live, self._seat(live, user_id), None, None, MatchStatus.RESIGNED)

    async def claim(self, match_id: int, user_id: int) -> ActResult:
        """A waiting player claims a match whose opponent has been idle past deadline + timeout: the
        idle seat resigns (for Knockout: is out; else the match ends), status 'abandoned'."""
        async with self.live.locked(match_id) as live:
            seat = self._seat(live, user_id)
            self._require_active(live)
            rec = live.record
            waiting = [s for s in live.state.to_act if not rec.is_ai(s)]
            if seat in live.state.to_act or not live.state.to_act:
                raise Refusal("It is your turn; there is nothing to claim.")
            idle = next((s for s in waiting if rec.team_of(s) != rec.team_of(seat)), None)
            if idle is None:
                if waiting:
                    raise Refusal("Only an opponent of the idle player can claim this match.")
                raise Refusal("The bot is thinking; there is nothing to claim.")
            due = await self._stage_time(live, Stage.CLAIMABLE)
            if due is None or self._now() < due:
                if due is None:
                    raise Refusal("You can claim this match only when your opponent has been idle long enough.")
                when = f"<t:{int(due.timestamp())}:R>"  # Discord writes it in each reader's words
                raise Refusal(
                    "You can claim this match only when your opponent has been idle long enough, {when}.", when=when
                )
            return await self._apply(live, idle, None, None, MatchStatus.ABANDONED)

    async def abandon(self, match_id: int, seat: int) -> ActResult:
        """The idle ``seat`` loses (resign semantics, status 'abandoned'); only once it is abandon-overdue."""
        async with self.live.locked(match_id) as live:
            self._require_active(live)
            if seat not in live.state.to_act or live.record.is_ai(seat):
                raise Refusal("That player is not the one to move.")
            due = await self._stage_time(live, Stage.ABANDON)
            if due is None or self._now() < due:
                raise Refusal("That player is not overdue yet.")
            return await self._apply(live, seat, None, None, MatchStatus.ABANDONED)

    async def ai_step(self, match_id: int) -> ActResult | None:
        """If an AI seat may act: choose and apply ONE move, of the first such seat (None if none may)."""
        async with self.live.locked(match_id) as live:
            rec = live.record
            ai = next((s for s in live.state.to_act if rec.is_ai(s)), None)
            if ai is None or rec.status is not MatchStatus.ACTIVE:
                return None
            level = rec.ai_levels[ai] or "normal"
            view = live.state.seat_view(ai)
            # Seeded from the match and version: the same position gives the same choice.
            seed = f"ai:{rec.seed}:{live.state.moves}"
            chooser = self.chooser
            if chooser is None and level in SEARCHING:
                # A search holds the GIL for up to a second: in the worker process (thinking.py).
                action = await self.thinkers.choose(rec.game, view, level, seed)
            else:
                if chooser is None:
                    from bot.ai import chooser_for  # lazy: only the AI's turns need it

                    chooser = chooser_for(rec.game)
                # In a thread: a 'hard' decision may take ~0.1 s and the event loop must keep serving.
                action = await asyncio.to_thread(chooser, view, level, random.Random(seed))
            if action not in view.legal:
                log.error(
                    "AI chose a move that is not legal in match %d at version %d; using the first legal move",
                    match_id,
                    live.state.moves,
                )
                action = view.legal[0]
            return await self._apply(live, ai, action, None)

    async def _restore(self, live: Live) -> None:
        """Put the committed state back in memory after a write that failed before anything was written."""
        try:
            loaded = await self.store.load_match(live.record.id, settled=True)
        except StorageFault:
            return  # still stale: the next user reloads it
        if loaded is not None:
            fresh = Live.load(*loaded)
            live.record, live.state, live.stale = fresh.record, fresh.state, False
            live.publish()

    async def _only_others_moved(self, live: Live, seat: int, version: int) -> bool:
        """Whether a move offered at an older ``version`` still means what it meant: the seat may act
        now and every move since was another seat's. Only a game where two seats act at once (a
        partnership hand: one per table) gets here with that true: the other table moved while this
        player clicked. A double click, or a move after the seat's own, stays out of date."""
        if not 0 <= version < live.state.moves or seat not in live.state.to_act or len(live.state.to_act) < 2:
            return False
        log_ = await self.store.move_log(live.record.id)
        return all(s != seat for seq, s, _ in log_ if seq > version)

    @staticmethod
    def _seat(live: Live, user_id: int) -> int:
        """The human seat of ``user_id`` (AI seats move only through ai_step)."""
        rec = live.record
        seat = next((s for s, u in enumerate(rec.players) if u == user_id and not rec.is_ai(s)), None)
        if seat is None:
            raise Refusal("You are not playing in this match.")
        return seat

    @staticmethod
    def _require_active(live: Live) -> None:
        if live.record.status is not MatchStatus.ACTIVE:
            raise Refusal("That match is over.")

    async def _apply(
        self,
        live: Live,
        seat: int,
        action: Any,
        expected_version: int | None,
        resign_status: MatchStatus = MatchStatus.RESIGNED,
    ) -> ActResult:
        """Validate, apply, persist in one transaction, publish. ``action`` None resigns. Caller holds the lock."""
        self._require_active(live)
        state = live.state
        if (
            expected_version is not None
            and expected_version != state.moves
            and not await self._only_others_moved(live, seat, expected_version)
        ):
            raise Refusal(STALE)
        # Everything that may fail or wait comes before the engine changes the cached state.
        timeout_s = await self._turn_timeout_s(live.record)
        hands_before = len(state.hands)
        live.begin_change()
        try:
            events = state.resign(seat) if action is None else state.apply(seat, action)
        except IllegalAction as e:
            raise Refusal(e.message, **e.fields) from None
        now = self._now()
        new_hands = tuple(state.hands[hands_before:])
        summary = state.summary() if state.finished else None
        columns: dict[str, Any] = {"version": state.moves}
        if state.finished:
            # Resigned (or abandoned) only when this very resignation ended it: in a game where a
            # resigning seat is just out (Knockout), the others may still play the match to its end.
            columns.update(
                status=resign_status if action is None else MatchStatus.FINISHED,
                turn_deadline=None,
                ended_at=now,
                winner=state.winner,
                totals=state.totals(),
            )
        else:
            columns.update(turn_deadline=now + timedelta(seconds=timeout_s))
        record = replace(live.record, **columns)
        write = MoveWrite(
            match=record,
            seat=seat,
            action=RESIGN_TEXT if action is None else str(action),
            at=now,
            state=state.to_dict(),
            hands=new_hands,
            summary=summary,
            new_deal=bool(new_hands) and not state.finished,
        )
        try:
            committed = await self.store.commit_move(write)
        except BaseException as error:
            # Memory must never run ahead of disk: the next user reloads the match from the store
            # (after this write, whether it landed or not); live.info is still the last committed
            # state, so the scheduler keeps seeing the match meanwhile.
            live.stale = True
            if isinstance(error, StorageFault):  # the disk, not the bot: the store logged it; the player is told
                # Nothing was written (the transaction failed): the reader has the committed state,
                # so other players' reads need not queue behind the writer while the fault lasts.
                await self._restore(live)
                raise Refusal(error.reason) from None
            if isinstance(error, asyncio.CancelledError):  # e.g. shutdown: not an error
                log.warning(
                    "commit of move %d in match %d was cancelled (it may still land); reloading it from the store",
                    record.version,
                    record.id,
                )
            else:
                log.exception(
                    "commit of move %d in match %d failed; reloading it from the store", record.version, record.id
                )
            raise
        # From live.record, not record: the board message may have been set while the commit ran.
        live.record = replace(live.record, **columns)
        views = tuple(state.seat_view(s) for s in range(state.seats))
        info = live.publish(views)
        if state.finished:
            self.live.drop(record.id)
            log.info("match %d ended (%s) after %d moves", record.id, record.status, state.moves)
        return ActResult(
            match=info,
            seat=seat,
            events=tuple(events),
            views=views,
            hand_over=new_hands[-1] if new_hands else None,
            match_over=state.finished,
            rating_changes=committed.rating_changes,
            announcements=committed.announcements,
        )
