"""Tournaments running by themselves (docs/tournaments.md): the scheduler's ``drive_tournaments`` closes
the sign-up and check-in windows, starts, feeds finished matches back, pairs the next round and creates
its matches, and finishes; the organiser removes a player, awards a match or cancels.

Exactly once: each step is computed from the stored state and written by ``store.tournaments.step`` only
if the tournament is still at the version it was read at, with the matches it creates, the results it
counts (each match once: ``counted_at``) and its announcements in the same transaction. A process drives
only the tournaments of its own guilds (bot.tables.shards); a restart computes the same step again.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable, Iterable
from datetime import datetime, timedelta
from typing import Any, Final

from bot.store import (
    START_RATING,
    MatchRecord,
    MatchStatus,
    NewMatch,
    NoticeKind,
    StaleTournament,
    Step,
    TournamentMatch,
    TournamentRow,
    TournamentStatus,
    family_of,
)
from bot.tournaments import (
    Entrant,
    Pairing,
    PairingKey,
    TournamentError,
    award,
    finished,
    forfeit,
    from_json,
    pair_next_round,
    pending,
    record,
    remove,
    start,
    to_json,
)
from bot.tournaments import Tournament as PureTournament

from .challenges import ChallengesPart
from .errors import Refusal
from .live import Live
from .moves import MovesPart
from .tournament_entry import TournamentEntryPart, config_of, refusal

log = logging.getLogger(__name__)

# Where a new match is played: the Discord layer opens a thread (or names the tournament's channel);
# None: nowhere yet (the match is created by a later look, when a channel is free).
Opener = Callable[[TournamentRow, Pairing], Awaitable[int | None]]
NOTICE_CLAIM: Final = timedelta(minutes=2)  # a poster holds a pending announcement this long


class TournamentDrivePart(TournamentEntryPart, ChallengesPart, MovesPart):
    async def drive_tournaments(self, opener: Opener, now: datetime | None = None) -> int:
        """One look at every tournament of our guilds that is not over; returns the steps written."""
        now = now or self._now()
        written = 0
        for row in await self.store.tournaments.going():
            if not self.shards.owns(row.guild_id):
                continue
            try:
                written += await self._drive(row, opener, now)
            except StaleTournament:
                log.info("tournament %d moved on meanwhile; its next look starts again", row.id)
            except Exception:  # one tournament's trouble (e.g. no channel for a match) holds up no other
                log.exception("tournament %d: its step failed; the next look tries again", row.id)
        return written

    async def start_tournament(self, tournament_id: int, opener: Opener) -> TournamentRow:
        """The organiser closes the sign-up (or the check-in) now."""
        row = await self.tournament(tournament_id)
        if row.status not in (TournamentStatus.SIGNUP, TournamentStatus.CHECKIN):
            raise Refusal("This tournament has started already.")
        await self._drive(row, opener, self._now(), force=True)
        return await self.tournament(tournament_id)

    async def _drive(self, row: TournamentRow, opener: Opener, now: datetime, *, force: bool = False) -> int:
        if row.status is TournamentStatus.SIGNUP and (force or now >= row.signup_ends):
            if row.checkin_s > 0:
                step = Step(
                    row.version,
                    None,
                    TournamentStatus.CHECKIN,
                    now,
                    notices=((NoticeKind.CHECKIN, {}),),
                    checkin_ends=now + timedelta(seconds=row.checkin_s),
                )
                await self.store.tournaments.step(row.id, step)
                return 1
            return await self._start(row, opener, now, checked_in_only=False)
        if row.status is TournamentStatus.CHECKIN and (
            force or (row.checkin_ends is not None and now >= row.checkin_ends)
        ):
            return await self._start(row, opener, now, checked_in_only=True)
        if row.status is TournamentStatus.RUNNING:
            return await self._run(row, opener, now)
        return 0

    async def _start(self, row: TournamentRow, opener: Opener, now: datetime, *, checked_in_only: bool) -> int:
        """Seed the players by rating and pair the first round; cancelled if too few came."""
        config = config_of(row)
        family = family_of(config.game, config.seats)
        entrants = []
        entries = await self.store.tournaments.entries(row.id)  # in the order they joined
        if checked_in_only:  # equal ratings keep the order of the check-in (docs/tournaments.md)
            entries = sorted(
                (e for e in entries if e.checked_in_at is not None), key=lambda e: e.checked_in_at or e.joined_at
            )
        for e in entries:
            stats = None if e.ai_level is not None else await self.store.get_stats(row.guild_id, e.user_id, family)
            entrants.append(Entrant(e.user_id, e.name, START_RATING if stats is None else stats.rating))
        try:
            t = start(config, entrants)
        except TournamentError as e:
            log.info("tournament %d cancelled at its start: %s", row.id, e)
            step = Step(
                row.version,
                None,
                TournamentStatus.CANCELLED,
                now,
                notices=((NoticeKind.CANCELLED, {"message": e.message, "fields": _plain(e.fields)}),),
                ended_at=now,
            )
            await self.store.tournaments.step(row.id, step)
            return 1
        started = dataclasses.replace(row, status=TournamentStatus.RUNNING)
        return await self._commit(started, t, opener, now, (), (), started_at=now)

    async def _run(self, row: TournamentRow, opener: Opener, now: datetime) -> int:
        """Count the matches that ended, then pair on or finish: one step, if anything changed."""
        assert row.state is not None
        before = t = from_json(row.state)
        counted: list[int] = []
        for tm, match in await self.store.tournaments.uncounted_ended(row.id):
            t = self._count(row, t, tm, match)
            counted.append(tm.match_id)
        decided = [p.key for p in t.pairings() if p.done and not _done(before, p.key)]
        mapped = {(m.round, m.board) for m in await self.store.tournaments.matches(row.id)}
        waiting = tuple(p for p in pending(t) if len(p.seats) > 1 and p.key not in mapped)  # no channel had been free
        if not counted and not decided and not waiting and not t.round_complete:
            return 0
        return await self._commit(row, t, opener, now, tuple(counted), tuple(decided), before=before, waiting=waiting)

    def _count(self, row: TournamentRow, t: PureTournament, tm: TournamentMatch, match: MatchRecord) -> PureTournament:
        """A finished match's result in the tournament (unchanged if the pairing was decided otherwise)."""
        key: PairingKey = (tm.round, tm.board)
        pairing = t.pairing(key)
        if pairing is None or pairing.done or match.winner is None:
            return t
        seats = pairing.seats
        totals = match.totals or ()
        rest = sorted((s for s in range(len(seats)) if s != match.winner), key=lambda s: -totals[s] if totals else 0)
        order = [seats[match.winner], *(seats[s] for s in rest)]
        try:
            if match.status is MatchStatus.ABANDONED:
                return forfeit(
                    t, key, order[1:] if len(seats) == 2 else order[-1:], order[:-1] if len(seats) > 2 else ()
                )
            return record(t, key, order, totals if len(totals) == len(seats) else ())
        except TournamentError as e:
            log.warning("tournament %d: match %d not counted: %s", row.id, match.id, e)
            return t

    async def _commit(
        self,
        row: TournamentRow,
        t: PureTournament,
        opener: Opener,
        now: datetime,
        counted: tuple[int, ...],
        decided: tuple[PairingKey, ...],
        *,
        before: PureTournament | None = None,
        started_at: datetime | None = None,
        waiting: tuple[Pairing, ...] = (),
    ) -> int:
        """Pair on while a round is complete (a round of byes only is complete at once), create the matches
        that have a channel (``waiting``: pairings still without a match), then write; 0 if nothing changed."""
        notices: list[tuple[NoticeKind, dict[str, Any]]] = [
            (NoticeKind.RESULT, {"round": r, "board": b}) for r, b in decided
        ]
        new_pairings: list[Pairing] = []
        while t.round_complete and not finished(t):
            t = pair_next_round(t)
            notices.append((NoticeKind.ROUND, {"round": len(t.rounds)}))
            new_pairings.extend(p for p in pending(t))
            # Decided as soon as paired: a removed player's match is forfeited (a bye needs no result).
            notices.extend(
                (NoticeKind.RESULT, {"round": p.key[0], "board": p.key[1]})
                for p in t.rounds[-1].pairings
                if p.done and len(p.seats) > 1
            )
        done = finished(t)
        if done:
            notices.append((NoticeKind.FINAL, {}))
        matches: list[NewMatch] = []
        used: set[int] = set()  # the tournament's channel holds one match: never two in one step
        for p in (*waiting, *new_pairings):
            channel_id = await opener(row, p)
            if channel_id is None or channel_id in used:
                log.info("tournament %d: match %s waits for a channel", row.id, p.key)
                continue
            used.add(channel_id)
            matches.append(await self._new_tournament_match(row, t, p, channel_id))
        state = to_json(t)
        if not (counted or notices or matches or started_at) and state == row.state:
            return 0  # e.g. every waiting match still without a channel (a removal changes the state alone)
        step = Step(
            row.version,
            state,
            TournamentStatus.FINISHED if done else TournamentStatus.RUNNING,
            now,
            counted=counted,
            matches=tuple(matches),
            notices=tuple(notices),
            started_at=started_at,
            ended_at=now if done else None,
        )
        _, ids = await self.store.tournaments.step(row.id, step)
        for new, match_id in zip(matches, ids, strict=True):
            self._match_timeouts[match_id] = new.turn_timeout_s
            self._adopt(match_id, Live(new.match, self._game(new.match.game, None).load(new.state)))
        log.info(
            "tournament %d: %d results counted, %d matches created%s",
            row.id,
            len(counted),
            len(ids),
            ", finished" if done else "",
        )
        return 1

    async def _new_tournament_match(
        self, row: TournamentRow, t: PureTournament, pairing: Pairing, channel_id: int
    ) -> NewMatch:
        config = t.config
        entries = {e.user_id: e for e in await self.store.tournaments.entries(row.id)}
        seats = pairing.seats
        ai = [entries[u].ai_level if u in entries else None for u in seats]
        rules = self.tournament_rules(row)
        seed = self.seed_source()
        state = self._game(config.game, None).new(rules, seed, len(seats))
        now = self._now()
        match = MatchRecord(
            id=0,
            game=config.game,
            guild_id=row.guild_id,
            channel_id=channel_id,
            players=tuple(row.bot_id if level is not None else u for u, level in zip(seats, ai, strict=True)),
            names=tuple(_name(t, u) for u in seats),
            ai_levels=tuple(ai),
            rules=rules,
            seed=seed,
            status=MatchStatus.ACTIVE,
            version=0,
            started_at=now,
            turn_deadline=now + timedelta(seconds=config.turn_timeout_s),
        )
        return NewMatch(pairing.key[0], pairing.key[1], match, state.to_dict(), config.rated, config.turn_timeout_s)

    # -- the organiser ---------------------------------------------------------------------------
    async def remove_entrant(self, tournament_id: int, user_id: int, opener: Opener) -> TournamentRow:
        """Remove a player: his match in progress is forfeited (and ended) and he is not paired again.
        Before the start, his sign-up is dropped."""
        row = await self.tournament(tournament_id)
        if row.status in (TournamentStatus.SIGNUP, TournamentStatus.CHECKIN):
            await self.store.tournaments.step(
                row.id, Step(row.version, None, row.status, self._now(), removed_entries=(user_id,))
            )
            return await self.tournament(tournament_id)
        t = self._running(row)
        try:
            changed = remove(t, user_id)
        except TournamentError as e:
            raise refusal(e) from None
        await self._decide(row, t, changed, opener, (user_id,))
        return await self.tournament(tournament_id)

    async def award_match(
        self, tournament_id: int, key: PairingKey, winner: int, reason: str, opener: Opener
    ) -> TournamentRow:
        """The organiser decides a pairing for ``winner``, with a reason shown; its match is ended."""
        row = await self.tournament(tournament_id)
        t = self._running(row)
        pairing = t.pairing(key)
        if pairing is None or winner not in pairing.seats:
            raise Refusal("That player is not in that match.")
        try:
            changed = award(t, key, [winner], reason)
        except TournamentError as e:
            raise refusal(e) from None
        await self._decide(row, t, changed, opener, tuple(u for u in pairing.seats if u != winner))
        return await self.tournament(tournament_id)

    async def cancel_tournament(self, tournament_id: int, reason: str) -> TournamentRow:
        """The organiser cancels: nothing more is paired; matches in progress are played on as friendly ones."""
        row = await self.tournament(tournament_id)
        if not row.status.going:
            raise Refusal("This tournament is over.")
        reason = reason.strip()[:200]
        step = Step(
            row.version,
            row.state,
            TournamentStatus.CANCELLED,
            self._now(),
            notices=((NoticeKind.CANCELLED, {"reason": reason}),),
            ended_at=self._now(),
            reason=reason,
        )
        await self.store.tournaments.step(row.id, step)
        return await self.tournament(tournament_id)

    def _running(self, row: TournamentRow) -> PureTournament:
        if row.status is not TournamentStatus.RUNNING or row.state is None:
            raise Refusal("This tournament is not running.")
        return from_json(row.state)

    async def _decide(
        self, row: TournamentRow, before: PureTournament, t: PureTournament, opener: Opener, losers: Iterable[int]
    ) -> None:
        """Write an organiser's decision (and what follows: the next round, the end), then end the
        decided matches still being played: the loser's seat is abandoned, the result already stands."""
        decided = tuple(p.key for p in t.pairings() if p.done and not _done(before, p.key))
        await self._commit(row, t, opener, self._now(), (), decided, before=before)
        mapped = {(m.round, m.board): m for m in await self.store.tournaments.matches(row.id)}
        out = set(losers)
        for key in decided:
            tm = mapped.get(key)
            pairing = before.pairing(key)
            if tm is None or pairing is None:
                continue
            async with self.live.locked(tm.match_id) as live:
                if live.record.status is not MatchStatus.ACTIVE:
                    continue
                seat = next((s for s, u in enumerate(pairing.seats) if u in out), None)
                if seat is not None:
                    await self._apply(live, seat, None, None, MatchStatus.ABANDONED)

    # -- announcements ---------------------------------------------------------------------------
    async def claim_tournament_notices(self, limit: int = 20) -> list[tuple[TournamentRow, Any]]:
        """Pending announcements of our guilds, each claimed for this caller (post, then ``tournament_notice_done``)."""
        now = self._now()
        free_before = self._free_claims_before(now, NOTICE_CLAIM)
        out = []
        rows: dict[int, TournamentRow | None] = {}
        for notice in await self.store.tournaments.pending_notices(free_before, limit):
            if notice.tournament_id not in rows:
                rows[notice.tournament_id] = await self.store.tournaments.get(notice.tournament_id)
            row = rows[notice.tournament_id]
            if row is None or not self.shards.owns(row.guild_id):
                continue
            if await self.store.tournaments.claim_notice(notice.id, free_before, now + NOTICE_CLAIM):
                out.append((row, notice))
        return out

    async def tournament_notice_done(self, notice_id: int, message_id: int | None) -> bool:
        return await self.store.tournaments.notice_done(notice_id, message_id, self._now())

    async def channel_busy(self, channel_id: int) -> bool:
        """Whether a match is being played in the channel (a channel holds one at a time)."""
        return await self.store.active_in_channel(channel_id) is not None

    async def set_tournament_message(self, tournament_id: int, kind: NoticeKind, message_id: int) -> None:
        await self.store.tournaments.set_message(tournament_id, kind, message_id)


def _done(t: PureTournament, key: PairingKey) -> bool:
    p = t.pairing(key)
    return p is not None and p.done


def _name(t: PureTournament, user_id: int) -> str:
    e = t.entrant(user_id)
    return e.name if e is not None else str(user_id)


def _plain(fields: dict[str, object]) -> dict[str, Any]:
    return {k: v if isinstance(v, (int, str)) else str(v) for k, v in fields.items()}
