"""The table service: the only code that changes games (see /work/notes/service_contract.md).

Cogs call it; it calls the engine and the store. No discord imports.

Consistency model
- One asyncio.Lock per match serialises everything that changes it.
- A move is applied to the cached Match, then the move row, snapshot, version, hand row
  and (at the end) the result, stats and ratings are written in ONE transaction. Only
  after the commit is the new ``MatchInfo`` published and the call answered.
- If the commit fails (or the call is cancelled while it runs), the cached Match is
  marked stale: the next user under the lock reloads it from the store, whose queue runs
  the reload after the write, so memory never runs ahead of disk. The match stays listed
  for the scheduler (``ai_pending``, ``overdue``) meanwhile.
- Readers that do not take the lock (``get_match``, ``active_matches``, ``ai_pending``,
  ``overdue``) see the last committed ``MatchInfo`` only.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import sqlite3
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import AsyncIterator, Callable

from bot.engine import (Action, ActionKind, Event, HandRecord, IllegalAction, Match, PublicView, Ruleset,
                        SeatView, preset, public_view, seat_view)
from bot.engine.actions import RESIGN
from bot.store import (BOARDS, ChallengeRow, HandWrite, MatchResult, MatchRow, MoveWrite, NewMatch,
                       SettingsRow, StatsRow, Store)
from bot.store.timefmt import from_db, to_db

log = logging.getLogger(__name__)

Chooser = Callable[[SeatView, str, random.Random], Action]

LEVELS = ("easy", "normal", "hard")
MIN_TARGET, MAX_TARGET = 10, 10000
MIN_TIMEOUT_S, MAX_TIMEOUT_S = 60, 7 * 24 * 3600
DEFAULT_TIMEOUT_S = 1800
_STAGE_RANK = {"warn": 1, "claimable": 2, "abandon": 3}
STALE = "This was out of date: the table has moved on since (it is now at move {version}). Use the latest board."


class Refusal(Exception):
    """An expected, player-facing refusal. ``reason`` is a short sentence without hidden cards."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# -- public records ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class GuildSettings:
    guild_id: int
    default_variant: str = "standard"
    target: int | None = None
    turn_timeout_s: int = DEFAULT_TIMEOUT_S
    allowed_channels: tuple[int, ...] = ()

    def allows(self, channel_id: int) -> bool:
        return not self.allowed_channels or channel_id in self.allowed_channels


@dataclass(frozen=True)
class ChallengeInfo:
    id: int
    guild_id: int
    channel_id: int
    challenger_id: int
    challenger_name: str
    opponent_id: int | None
    rules: Ruleset
    status: str
    created_at: datetime
    expires_at: datetime
    message_id: int | None
    match_id: int | None


@dataclass(frozen=True)
class MatchInfo:
    id: int
    guild_id: int
    channel_id: int
    players: tuple[int, int]
    names: tuple[str, str]
    ai_seat: int | None
    ai_level: str | None
    rules: Ruleset
    status: str
    version: int
    public: PublicView
    board_message_id: int | None
    turn_deadline: datetime | None
    started_at: datetime
    ended_at: datetime | None

    def seat_of(self, user_id: int) -> int | None:
        if user_id == self.players[0]:
            return 0
        if user_id == self.players[1]:
            return 1
        return None


@dataclass(frozen=True)
class ActResult:
    match: MatchInfo
    events: tuple[Event, ...]
    seats: tuple[SeatView, SeatView]
    new_hand: bool
    hand_over: HandRecord | None
    match_over: bool
    rating_changes: dict[int, int] | None


# A player's per-guild record (rating, wins, hands, gins, points, streak, vs-bot) as the store keeps it.
PlayerStats = StatsRow


@dataclass(frozen=True)
class Overdue:
    match: MatchInfo
    seat: int
    stage: str  # 'warn' | 'claimable' | 'abandon'


# -- internals ----------------------------------------------------------------------------------------

def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


def _dumps(obj: object) -> str:
    return json.dumps(obj, separators=(",", ":"))


@dataclass(eq=False)
class _Live:
    """A match held in memory: the engine state plus the mutable columns of its row."""

    row: MatchRow  # immutable facts (players, seed, rules ...)
    match: Match
    status: str
    board_message_id: int | None
    turn_deadline: datetime | None
    ended_at: datetime | None
    warned_version: int | None
    warned_stage: str | None
    started_at: datetime
    stale: bool = False  # the engine state ran ahead of a failed commit: reload before use
    info: MatchInfo = field(init=False)  # the last committed state, for lock-free readers

    def __post_init__(self) -> None:
        self.publish()

    def publish(self) -> MatchInfo:
        r = self.row
        self.info = MatchInfo(
            id=r.id, guild_id=r.guild_id, channel_id=r.channel_id, players=r.players, names=r.names,
            ai_seat=r.ai_seat, ai_level=r.ai_level, rules=self.match.rules, status=self.status,
            version=self.match.moves, public=public_view(self.match), board_message_id=self.board_message_id,
            turn_deadline=self.turn_deadline, started_at=self.started_at, ended_at=self.ended_at,
        )
        return self.info

    @classmethod
    def from_row(cls, row: MatchRow, match: Match | None = None) -> "_Live":
        return cls(
            row=row, match=match or Match.from_dict(json.loads(row.state)), status=row.status,
            board_message_id=row.board_message_id, turn_deadline=from_db(row.turn_deadline),
            ended_at=from_db(row.ended_at), warned_version=row.warned_version, warned_stage=row.warned_stage,
            started_at=from_db(row.started_at),
        )


def _challenge_info(r: ChallengeRow) -> ChallengeInfo:
    return ChallengeInfo(
        id=r.id, guild_id=r.guild_id, channel_id=r.channel_id, challenger_id=r.challenger_id,
        challenger_name=r.challenger_name, opponent_id=r.opponent_id, rules=Ruleset.from_dict(json.loads(r.rules)),
        status=r.status, created_at=from_db(r.created_at), expires_at=from_db(r.expires_at),
        message_id=r.message_id, match_id=r.match_id,
    )


def _default_chooser(view: SeatView, level: str, rng: random.Random) -> Action:
    from bot.ai import choose_action  # lazy: the AI is optional for everything but ai_step

    return choose_action(view, level, rng)


class TableService:
    """Challenges, matches, moves, deadlines and stats; see the module docstring."""

    def __init__(self, store: Store, *, clock: Callable[[], datetime] | None = None,
                 seed_source: Callable[[], int] | None = None, chooser: Chooser | None = None) -> None:
        self.store = store
        self.clock = clock or _utcnow
        self.seed_source = seed_source or (lambda: secrets.randbits(62))
        self.chooser = chooser or _default_chooser
        self._live: dict[int, _Live] = {}  # active matches (and ones being finished)
        self._locks: dict[int, asyncio.Lock] = {}
        self._lifecycle = asyncio.Lock()  # challenge / accept / play_bot: check-then-create atomically
        self._settings: dict[int, GuildSettings] = {}
        self._settings_lock = asyncio.Lock()  # two concurrent changes must not drop each other's fields
        # Challenges that expired inside another call (a new challenge, a late click): the next
        # expire_challenges() returns them too, so their public message is updated.
        self._expired: list[ChallengeInfo] = []
        self.recovery_mismatches: list[int] = []  # match ids whose move log disagreed with the snapshot

    @classmethod
    async def open(cls, db_path: str | Path, *, clock: Callable[[], datetime] | None = None,
                   seed_source: Callable[[], int] | None = None, chooser: Chooser | None = None,
                   synchronous: str = "NORMAL") -> "TableService":
        """Open (create, migrate) the database and recover the active matches."""
        store = await Store.open(db_path, synchronous=synchronous)
        service = cls(store, clock=clock, seed_source=seed_source, chooser=chooser)
        try:
            await service.recover()
        except BaseException:
            await store.close()
            raise
        return service

    async def close(self) -> None:
        await self.store.close()

    def _now(self) -> datetime:
        now = self.clock()
        if now.tzinfo is None:
            raise ValueError("the clock must return aware UTC datetimes")
        return now

    # -- settings ---------------------------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        cached = self._settings.get(guild_id)
        if cached is not None:
            return cached
        row = await self.store.get_settings(guild_id)
        s = GuildSettings(guild_id) if row is None else GuildSettings(
            row.guild_id, row.default_variant, row.target, row.turn_timeout_s, row.allowed_channels)
        self._settings[guild_id] = s
        return s

    async def update_settings(self, guild_id: int, **fields: object) -> GuildSettings:
        """Change some settings; Refusal on a bad value, TypeError on an unknown field name."""
        async with self._settings_lock:
            return await self._update_settings(guild_id, fields)

    async def _update_settings(self, guild_id: int, fields: dict[str, object]) -> GuildSettings:
        current = await self.guild_settings(guild_id)
        unknown = set(fields) - {"default_variant", "target", "turn_timeout_s", "allowed_channels"}
        if unknown:
            raise TypeError(f"unknown settings: {', '.join(sorted(unknown))}")
        variant = fields.get("default_variant", current.default_variant)
        target = fields.get("target", current.target)
        timeout = fields.get("turn_timeout_s", current.turn_timeout_s)
        channels = fields.get("allowed_channels", current.allowed_channels)
        if target is not None and (not isinstance(target, int) or isinstance(target, bool)
                                   or not MIN_TARGET <= target <= MAX_TARGET):
            raise Refusal(f"The target must be a whole number from {MIN_TARGET} to {MAX_TARGET}.")
        if not isinstance(timeout, int) or isinstance(timeout, bool) or not MIN_TIMEOUT_S <= timeout <= MAX_TIMEOUT_S:
            raise Refusal(f"The turn timeout must be from {MIN_TIMEOUT_S} seconds to 7 days.")
        variant = self._rules(str(variant), target).name  # Refusal on an unknown variant
        try:
            channels = tuple(sorted({int(c) for c in channels}))  # type: ignore[union-attr]
        except (TypeError, ValueError):
            raise Refusal("The allowed channels must be a list of channels.") from None
        new = GuildSettings(guild_id, variant, target, timeout, channels)  # type: ignore[arg-type]
        await self.store.save_settings(SettingsRow(guild_id, new.default_variant, new.target,
                                                   new.turn_timeout_s, new.allowed_channels))
        self._settings[guild_id] = new
        return new

    @staticmethod
    def _rules(variant: str, target: int | None) -> Ruleset:
        if target is not None and (not isinstance(target, int) or not MIN_TARGET <= target <= MAX_TARGET):
            raise Refusal(f"The target must be a whole number from {MIN_TARGET} to {MAX_TARGET}.")
        try:
            return preset(variant, **({"target": target} if target is not None else {}))
        except ValueError as e:
            raise Refusal(f"{str(e)[:1].upper()}{str(e)[1:]}.") from None

    # -- challenges ------------------------------------------------------------------------------------
    async def _check_channel(self, settings: GuildSettings, channel_id: int, users: tuple[int, ...]) -> None:
        """Refusal unless the channel is allowed and has no active match and no open challenge."""
        if not settings.allows(channel_id):
            raise Refusal("Gin is not played in this channel; ask a moderator which channels are allowed.")
        busy = await self.store.active_in_channel(channel_id)
        if busy is not None:
            info = await self.get_match(busy)
            if users and info.seat_of(users[0]) is not None:
                raise Refusal("You are already playing a match in this channel.")
            for other in users[1:]:
                if info.seat_of(other) is not None:
                    raise Refusal(f"<@{other}> is already playing a match in this channel.")
            raise Refusal("There is already a match in this channel; wait for it to end or use another channel.")

    async def challenge(self, guild_id: int, channel_id: int, challenger_id: int, challenger_name: str,
                        opponent_id: int | None, opponent_name: str | None = None, variant: str | None = None,
                        target: int | None = None, ttl_s: int = 300) -> ChallengeInfo:
        """Challenge someone (or anyone: ``opponent_id=None``) to a match in this channel."""
        if opponent_id == challenger_id:
            raise Refusal("You cannot challenge yourself.")
        if ttl_s <= 0:
            raise ValueError("ttl_s must be positive")
        settings = await self.guild_settings(guild_id)
        rules = self._rules(variant or settings.default_variant, target if target is not None else settings.target)
        async with self._lifecycle:
            now = self._now()
            await self._expire_now(now)  # a stale open challenge must not block the channel
            users = (challenger_id,) if opponent_id is None else (challenger_id, opponent_id)
            await self._check_channel(settings, channel_id, users)
            if await self.store.open_challenge_in_channel(channel_id) is not None:
                raise Refusal("There is already an open challenge in this channel; accept it or wait for it to expire.")
            try:
                row = await self.store.insert_challenge(
                    guild_id, channel_id, (challenger_id, challenger_name), (opponent_id, opponent_name),
                    _dumps(rules.to_dict()), to_db(now), to_db(now + timedelta(seconds=ttl_s)))
            except sqlite3.IntegrityError:  # the unique index: an open challenge appeared meanwhile
                raise Refusal("There is already an open challenge in this channel.") from None
        return _challenge_info(row)

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self.store.set_challenge_message(challenge_id, message_id)

    async def get_challenge(self, challenge_id: int) -> ChallengeInfo:
        row = await self.store.get_challenge(challenge_id)
        if row is None:
            raise Refusal("There is no such challenge.")
        return _challenge_info(row)

    async def _open_challenge(self, challenge_id: int) -> ChallengeRow:
        """The challenge, if still open and not past its time (else Refusal; an overdue one is expired)."""
        row = await self.store.get_challenge(challenge_id)
        if row is None:
            raise Refusal("There is no such challenge.")
        if row.status == "open" and from_db(row.expires_at) <= self._now():
            expired = await self.store.set_challenge_status(challenge_id, "expired")
            if expired is not None:
                self._expired.append(_challenge_info(expired))
            raise Refusal("This challenge has expired.")
        if row.status != "open":
            raise Refusal(f"This challenge is no longer open (it was {row.status}).")
        return row

    async def accept(self, challenge_id: int, user_id: int, user_name: str, *, seed: int | None = None) -> MatchInfo:
        """Accept: the challenger takes seat 0, the acceptor seat 1; the match starts now."""
        async with self._lifecycle:
            row = await self._open_challenge(challenge_id)
            if user_id == row.challenger_id:
                raise Refusal("You cannot accept your own challenge.")
            if row.opponent_id is not None and row.opponent_id != user_id:
                raise Refusal(f"This challenge is for <@{row.opponent_id}>.")
            settings = await self.guild_settings(row.guild_id)
            await self._check_channel(settings, row.channel_id, (user_id, row.challenger_id))
            rules = Ruleset.from_dict(json.loads(row.rules))
            new, match = self._new_match(settings, row.guild_id, row.channel_id, (row.challenger_id, user_id),
                                         (row.challenger_name, user_name), None, None, rules, seed)
            try:
                done = await self.store.accept_challenge(challenge_id, (user_id, user_name), new)
            except sqlite3.IntegrityError:
                raise Refusal("There is already a match in this channel.") from None
            if done is None:
                raise Refusal("This challenge is no longer open.")
            return self._adopt(done[1], new, match).info

    async def decline(self, challenge_id: int, user_id: int) -> ChallengeInfo:
        """The challenged player says no."""
        row = await self._open_challenge(challenge_id)
        if row.opponent_id is None:
            raise Refusal("An open challenge cannot be declined; it expires by itself.")
        if user_id != row.opponent_id:
            raise Refusal("Only the challenged player can decline this challenge.")
        return await self._close_challenge(challenge_id, "declined")

    async def cancel(self, challenge_id: int, user_id: int) -> ChallengeInfo:
        """The challenger withdraws."""
        row = await self._open_challenge(challenge_id)
        if user_id != row.challenger_id:
            raise Refusal("Only the challenger can cancel this challenge.")
        return await self._close_challenge(challenge_id, "cancelled")

    async def _close_challenge(self, challenge_id: int, status: str) -> ChallengeInfo:
        row = await self.store.set_challenge_status(challenge_id, status)
        if row is None:
            raise Refusal("This challenge is no longer open.")
        return _challenge_info(row)

    async def _expire_now(self, now: datetime) -> None:
        rows = await self.store.expire_challenges(to_db(now))
        self._expired.extend(_challenge_info(r) for r in rows)

    async def expire_challenges(self, now: datetime | None = None) -> list[ChallengeInfo]:
        """Mark open challenges past their time as expired; returns every challenge that expired
        since the last call (also those expired along the way by other calls)."""
        await self._expire_now(now or self._now())
        out, self._expired = self._expired, []
        return out

    async def play_bot(self, guild_id: int, channel_id: int, user_id: int, user_name: str, bot_user_id: int,
                       bot_name: str, level: str = "normal", variant: str | None = None, target: int | None = None,
                       *, seed: int | None = None) -> MatchInfo:
        """A match against the AI: the human takes seat 0, the AI seat 1."""
        if level not in LEVELS:
            raise Refusal(f"Unknown level {level!r}; choose from {', '.join(LEVELS)}.")
        if user_id == bot_user_id:
            raise Refusal("The bot cannot play itself.")
        settings = await self.guild_settings(guild_id)
        rules = self._rules(variant or settings.default_variant, target if target is not None else settings.target)
        async with self._lifecycle:
            await self._expire_now(self._now())
            await self._check_channel(settings, channel_id, (user_id,))
            if await self.store.open_challenge_in_channel(channel_id) is not None:
                raise Refusal("There is an open challenge in this channel; accept it or wait for it to expire.")
            new, match = self._new_match(settings, guild_id, channel_id, (user_id, bot_user_id),
                                         (user_name, bot_name), 1, level, rules, seed)
            try:
                match_id = await self.store.create_match(new)
            except sqlite3.IntegrityError:
                raise Refusal("There is already a match in this channel.") from None
            return self._adopt(match_id, new, match).info

    def _new_match(self, settings: GuildSettings, guild_id: int, channel_id: int, players: tuple[int, int],
                   names: tuple[str, str], ai_seat: int | None, ai_level: str | None, rules: Ruleset,
                   seed: int | None) -> tuple[NewMatch, Match]:
        match = Match.new(rules, self.seed_source() if seed is None else seed)
        now = self._now()
        new = NewMatch(
            guild_id=guild_id, channel_id=channel_id, players=players, names=names, ai_seat=ai_seat,
            ai_level=ai_level, rules=_dumps(rules.to_dict()), seed=match.seed, started_at=to_db(now),
            turn_deadline=to_db(now + timedelta(seconds=settings.turn_timeout_s)), state=_dumps(match.to_dict()),
        )
        return new, match

    def _adopt(self, match_id: int, new: NewMatch, match: Match) -> _Live:
        """Put a just-created (committed) match in the cache."""
        row = MatchRow(
            id=match_id, guild_id=new.guild_id, channel_id=new.channel_id, players=new.players, names=new.names,
            ai_seat=new.ai_seat, ai_level=new.ai_level, rules=new.rules, seed=new.seed, status="active", version=0,
            started_at=new.started_at, ended_at=None, winner=None, totals=None, board_message_id=None,
            turn_deadline=new.turn_deadline, warned_version=None, warned_stage=None, snapshot_version=0,
            state=new.state,
        )
        live = self._live[match_id] = _Live.from_row(row, match)
        log.info("match %d started in channel %d (%s)", match_id, new.channel_id, match.rules.name)
        return live

    # -- moves -------------------------------------------------------------------------------------------
    @asynccontextmanager
    async def _locked(self, match_id: int) -> AsyncIterator[_Live]:
        """Hold the match's lock; yields its cached state (loaded from the store if needed)."""
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        async with lock:
            live = self._live.get(match_id)
            if live is None or live.stale:
                row = await self.store.get_match(match_id)
                if row is None:
                    self._locks.pop(match_id, None)
                    raise Refusal("There is no such match.")
                live = _Live.from_row(row)
                if live.status == "active":
                    self._live[match_id] = live
                else:
                    self._live.pop(match_id, None)
            yield live
        if match_id not in self._live and self._locks.get(match_id) is lock and not lock.locked():
            del self._locks[match_id]  # an ended match is only read from now on

    async def act(self, match_id: int, user_id: int, action: Action | str,
                  expected_version: int | None) -> ActResult:
        """Apply one move of ``user_id``; persisted before this returns."""
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except ValueError:
                raise Refusal("That is not a move.") from None
        async with self._locked(match_id) as live:
            seat = live.info.seat_of(user_id)
            if seat is None:
                raise Refusal("You are not playing in this match.")
            return await self._apply(live, seat, action, expected_version)

    async def resign(self, match_id: int, user_id: int) -> ActResult:
        async with self._locked(match_id) as live:
            seat = live.info.seat_of(user_id)
            if seat is None:
                raise Refusal("You are not playing in this match.")
            return await self._apply(live, seat, RESIGN, None, resign_status="resigned")

    async def claim(self, match_id: int, user_id: int) -> ActResult:
        """The waiting player claims a match whose opponent has been idle past deadline + timeout."""
        async with self._locked(match_id) as live:
            seat = live.info.seat_of(user_id)
            if seat is None:
                raise Refusal("You are not playing in this match.")
            self._require_active(live)
            idle = live.match.turn
            if idle == seat:
                raise Refusal("It is your turn; there is nothing to claim.")
            due = await self._stage_time(live, 1)
            if due is None or self._now() < due:
                when = f" after <t:{int(due.timestamp())}:R>" if due else ""
                raise Refusal(f"You can claim this match only when your opponent has been idle long enough{when}.")
            return await self._apply(live, idle, RESIGN, None, resign_status="abandoned")  # type: ignore[arg-type]

    async def abandon(self, match_id: int, seat: int) -> ActResult:
        """The idle ``seat`` loses (resign semantics, status 'abandoned'); only once it is abandon-overdue."""
        async with self._locked(match_id) as live:
            self._require_active(live)
            if live.match.turn != seat:
                raise Refusal("That player is not the one to move.")
            due = await self._stage_time(live, 2)
            if due is None or self._now() < due:
                raise Refusal("That player is not overdue yet.")
            return await self._apply(live, seat, RESIGN, None, resign_status="abandoned")

    async def ai_step(self, match_id: int) -> ActResult | None:
        """If the AI is to move: choose and apply ONE move (None if it is not the AI's turn)."""
        async with self._locked(match_id) as live:
            ai = live.row.ai_seat
            if ai is None or live.status != "active" or live.match.turn != ai:
                return None
            view = seat_view(live.match, ai)
            # Seeded from the match and version: the same position gives the same choice.
            rng = random.Random(f"ai:{live.row.seed}:{live.match.moves}")
            # In a thread: a 'hard' decision may take ~0.1 s and the event loop must keep serving.
            action = await asyncio.to_thread(self.chooser, view, live.row.ai_level or "normal", rng)
            if action not in view.legal and action.kind is not ActionKind.RESIGN:
                log.error("AI chose a move that is not legal in match %d at version %d; using the first legal move",
                          match_id, live.match.moves)
                action = view.legal[0]
            return await self._apply(live, ai, action, None)

    def _require_active(self, live: _Live) -> None:
        if live.status != "active":
            raise Refusal("That match is over.")

    async def _apply(self, live: _Live, seat: int, action: Action, expected_version: int | None,
                     resign_status: str = "resigned") -> ActResult:
        """Validate, apply, persist in one transaction, publish. Caller holds the lock."""
        self._require_active(live)
        match = live.match
        if expected_version is not None and expected_version != match.moves:
            raise Refusal(STALE.format(version=match.moves))
        # Everything that may fail or wait comes before the engine changes the cached match.
        timeout_s = (await self.guild_settings(live.row.guild_id)).turn_timeout_s
        hands_before = len(match.history)
        try:
            events = match.apply(seat, action)  # validates first; an IllegalAction changes nothing
        except IllegalAction as e:
            raise Refusal(str(e)) from None
        now = self._now()
        row = live.row
        new_hands = match.history[hands_before:]
        status, ended, result, deadline = "active", None, None, None
        if match.finished:
            status = resign_status if match.resigned_by is not None else "finished"
            ended = now
            s = match.summary()
            assert s is not None
            result = MatchResult(
                guild_id=row.guild_id, players=row.players, ai_seat=row.ai_seat, winner=s.winner,
                totals=s.totals, margin=s.margin, hands_won=s.hands_won, gins=s.gins, undercuts=s.undercuts)
        else:
            deadline = now + timedelta(seconds=timeout_s)
        write = MoveWrite(
            match_id=row.id, seq=match.moves, seat=seat, action=str(action), at=to_db(now),
            state=_dumps(match.to_dict()), status=status, turn_deadline=to_db(deadline),
            hands=tuple(HandWrite(h.number, h.dealer, h.outcome, h.knocker, h.winner, h.points, _dumps(h.to_dict()))
                        for h in new_hands),
            ended_at=to_db(ended), winner=match.winner if match.finished else None,
            totals=match.totals() if match.finished else None, result=result,
        )
        try:
            changes = await self.store.commit_move(write)
        except BaseException as error:
            # Memory must never run ahead of disk: the next user reloads the match from the
            # store (after this write, whether it landed or not); live.info is still the last
            # committed state, so the scheduler keeps seeing the match meanwhile.
            live.stale = True
            if isinstance(error, asyncio.CancelledError):  # e.g. shutdown: not an error
                log.warning("commit of move %d in match %d was cancelled (it may still land); reloading it "
                            "from the store", write.seq, row.id)
            else:
                log.exception("commit of move %d in match %d failed; reloading it from the store", write.seq, row.id)
            raise
        live.status, live.turn_deadline, live.ended_at = status, deadline, ended
        info = live.publish()
        if match.finished:
            self._live.pop(row.id, None)
            self._locks.pop(row.id, None)  # later users of a finished match only read; a fresh lock is fine
            log.info("match %d ended (%s) after %d moves", row.id, status, match.moves)
        return ActResult(
            match=info, events=tuple(events), seats=(seat_view(match, 0), seat_view(match, 1)),
            new_hand=bool(new_hands) or match.finished, hand_over=new_hands[-1] if new_hands else None,
            match_over=match.finished, rating_changes=changes,
        )

    # -- reading -----------------------------------------------------------------------------------------
    async def get_match(self, match_id: int) -> MatchInfo:
        live = self._live.get(match_id)
        if live is not None:
            return live.info
        row = await self.store.get_match(match_id)
        if row is None:
            raise Refusal("There is no such match.")
        return _Live.from_row(row).info

    async def match_for_channel(self, channel_id: int) -> MatchInfo | None:
        match_id = await self.store.active_in_channel(channel_id)
        return None if match_id is None else await self.get_match(match_id)

    async def seat_view(self, match_id: int, user_id: int) -> SeatView:
        async with self._locked(match_id) as live:
            seat = live.info.seat_of(user_id)
            if seat is None:
                raise Refusal("You are not playing in this match.")
            return seat_view(live.match, seat)

    async def set_board_message(self, match_id: int, message_id: int) -> None:
        await self.store.set_board_message(match_id, message_id)
        live = self._live.get(match_id)
        if live is not None:
            # Not publish(): a move may be applied in memory and not yet committed right now.
            live.board_message_id = message_id
            live.info = replace(live.info, board_message_id=message_id)

    async def active_matches(self) -> list[MatchInfo]:
        return [live.info for live in self._live.values() if live.info.status == "active"]

    async def ai_pending(self) -> list[MatchInfo]:
        """Active matches where the AI is to move (e.g. after a restart): call ai_step for each."""
        infos = [live.info for live in self._live.values()]
        return [i for i in infos if i.status == "active" and i.ai_seat is not None and i.public.turn == i.ai_seat]

    # -- deadlines ----------------------------------------------------------------------------------------
    async def _stage_time(self, live: _Live, periods: int) -> datetime | None:
        """When the idle player reaches stage ``periods`` (0 warn, 1 claimable, 2 abandon)."""
        if live.turn_deadline is None:
            return None
        timeout = (await self.guild_settings(live.row.guild_id)).turn_timeout_s
        return live.turn_deadline + timedelta(seconds=periods * timeout)

    async def overdue(self, now: datetime | None = None) -> list[Overdue]:
        """Matches whose player to move is late: 'warn' after the deadline, 'claimable' one timeout
        later, 'abandon' two timeouts later. 'warn' and 'claimable' are listed until marked with
        mark_warned(match, version, stage); 'abandon' until someone calls abandon()."""
        now = now or self._now()
        out = []
        for live in list(self._live.values()):
            info = live.info
            seat = info.public.turn
            if info.status != "active" or info.turn_deadline is None or seat is None or seat == info.ai_seat:
                continue
            if now < info.turn_deadline:
                continue
            timeout = timedelta(seconds=(await self.guild_settings(info.guild_id)).turn_timeout_s)
            late = now - info.turn_deadline
            stage = "abandon" if late >= 2 * timeout else "claimable" if late >= timeout else "warn"
            if (stage != "abandon" and live.warned_version == info.version
                    and _STAGE_RANK.get(live.warned_stage or "", 0) >= _STAGE_RANK[stage]):
                continue
            out.append(Overdue(info, seat, stage))
        return out

    async def mark_warned(self, match_id: int, version: int, stage: str = "warn") -> None:
        """Record that the notice for ``stage`` was given at ``version`` (it is not listed again)."""
        if stage not in _STAGE_RANK:
            raise ValueError(f"unknown stage {stage!r}")
        await self.store.mark_warned(match_id, version, stage)
        live = self._live.get(match_id)
        if live is not None:
            live.warned_version, live.warned_stage = version, stage

    # -- stats -------------------------------------------------------------------------------------------
    async def leaderboard(self, guild_id: int, by: str = "rating", limit: int = 10) -> list[PlayerStats]:
        if by not in BOARDS:
            raise Refusal(f"Unknown leaderboard {by!r}; choose from {', '.join(BOARDS)}.")
        limit = max(1, min(int(limit), 100))
        return await self.store.leaderboard(guild_id, by, limit)

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        return await self.store.get_stats(guild_id, user_id)

    async def recent_matches(self, guild_id: int, user_id: int, limit: int = 5) -> list[MatchInfo]:
        """The player's ended matches, newest first."""
        rows = await self.store.recent_for_player(guild_id, user_id, max(1, min(int(limit), 50)))
        return [_Live.from_row(r).info for r in rows]

    # -- start-up ----------------------------------------------------------------------------------------
    async def recover(self) -> int:
        """Load every active match; check that replaying its moves from the seed reproduces the
        snapshot. A mismatch is logged loudly and the snapshot wins. Returns the number loaded."""
        rows = await self.store.active_matches()
        for row in rows:
            live = _Live.from_row(row)
            problem = None
            if not row.version == row.snapshot_version == live.match.moves:
                problem = f"versions disagree (match {row.version}, snapshot {row.snapshot_version}, state {live.match.moves})"
            else:
                moves = await self.store.move_log(row.id)
                if [seq for seq, _, _ in moves] != list(range(1, row.version + 1)):
                    problem = f"the move log has {len(moves)} moves for version {row.version}"
                else:
                    try:
                        rules = Ruleset.from_dict(json.loads(row.rules))
                        replayed = Match.replay(rules, row.seed, [(seat, text) for _, seat, text in moves])
                        if json.loads(_dumps(replayed.to_dict())) != json.loads(row.state):
                            problem = "replaying the move log does not reproduce the snapshot"
                    except (IllegalAction, ValueError, KeyError) as e:
                        problem = f"the move log does not replay ({type(e).__name__})"
            if problem:
                self.recovery_mismatches.append(row.id)
                log.error("RECOVERY MISMATCH in match %d: %s; keeping the snapshot", row.id, problem)
            self._live[row.id] = live
        if rows:
            log.info("recovered %d active matches", len(rows))
        return len(rows)
