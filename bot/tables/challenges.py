"""Challenges (two-seat tables: open, accepted, declined, cancelled, expired), the channel checks every
table shares, and new matches, including against the bot. Bigger tables: lobby.py."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from bot.constants import CHALLENGE_TTL_S, DEFAULT_GAME, LEVELS
from bot.engine import AnyState, GameRules
from bot.store import Challenge, ChallengeStatus, GuildSettings, MatchRecord, MatchStatus

from .base import ServiceBase
from .errors import Refusal, no_longer_open
from .live import Live
from .records import MatchInfo

log = logging.getLogger(__name__)


def _mentions(users: Iterable[int]) -> str:
    return ", ".join(f"<@{u}>" for u in users)


class ChallengesPart(ServiceBase):
    async def _check_channel(self, settings: GuildSettings, channel_id: int, users: tuple[int, ...]) -> None:
        """Refusal unless the channel is allowed and has no active match."""
        if not settings.allows(channel_id):
            raise Refusal("Gin is not played in this channel; ask a moderator which channels are allowed.")
        busy = await self.store.active_in_channel(channel_id)
        if busy is None:
            return
        info = await self.get_match(busy)
        if users and info.seat_of(users[0]) is not None:
            raise Refusal("You are already playing a match in this channel.")
        for other in users[1:]:
            if info.seat_of(other) is not None:
                mention = f"<@{other}>"
                raise Refusal("{player} is already playing a match in this channel.", player=mention)
        raise Refusal("There is already a match in this channel; wait for it to end or use another channel.")

    async def challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        challenger_name: str,
        opponent_id: int | None,
        opponent_name: str | None = None,
        variant: str | None = None,
        target: int | None = None,
        ttl_s: int = CHALLENGE_TTL_S,
        *,
        game: str = DEFAULT_GAME,
    ) -> Challenge:
        """Challenge someone (or anyone: ``opponent_id=None``) to a match in this channel."""
        if opponent_id == challenger_id:
            raise Refusal("You cannot challenge yourself.")
        if ttl_s <= 0:
            raise ValueError("ttl_s must be positive")
        settings = await self.guild_settings(guild_id)
        rules = await self._table_rules(guild_id, game, variant, target)
        async with self._lifecycle:
            now = self._now()
            await self._expire_now(now)  # a stale open challenge must not block the channel
            users = (challenger_id,) if opponent_id is None else (challenger_id, opponent_id)
            await self._check_channel(settings, channel_id, users)
            if await self.store.open_challenge_in_channel(channel_id) is not None:
                raise Refusal("There is already an open challenge in this channel; accept it or wait for it to expire.")
            try:
                return await self.store.insert_challenge(
                    game,
                    guild_id,
                    channel_id,
                    (challenger_id, challenger_name),
                    (opponent_id, opponent_name),
                    rules,
                    now,
                    now + timedelta(seconds=ttl_s),
                )
            except sqlite3.IntegrityError:  # the unique index: an open challenge appeared meanwhile
                raise Refusal("There is already an open challenge in this channel.") from None

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self.store.set_challenge_message(challenge_id, message_id)

    async def unposted_tables(self, min_age_s: float) -> list[Challenge]:
        """Open tables of this process's guilds whose public message was never posted, older than
        ``min_age_s`` (younger ones are still being posted by the command that opened them)."""
        rows = await self.store.unposted_tables(self._now() - timedelta(seconds=min_age_s))
        return [c for c in rows if self.shards.all or self.shards.owns(c.guild_id)]

    async def get_challenge(self, challenge_id: int) -> Challenge:
        row = await self.store.get_challenge(challenge_id)
        if row is None:
            raise Refusal("There is no such challenge.")
        return row

    async def _open_challenge(self, challenge_id: int) -> Challenge:
        """The challenge, if still open and not past its time (else Refusal; an overdue one is expired)."""
        row = await self.get_challenge(challenge_id)
        if row.status is ChallengeStatus.OPEN and row.expires_at <= self._now():
            expired = await self.store.set_challenge_status(challenge_id, ChallengeStatus.EXPIRED)
            if expired is not None:
                self._expired.append(expired)
            raise Refusal("This challenge has expired.")
        if row.status is not ChallengeStatus.OPEN:
            raise no_longer_open("challenge", row.status)
        return row

    async def accept(self, challenge_id: int, user_id: int, user_name: str, *, seed: int | None = None) -> MatchInfo:
        """Accept a two-seat table: the host keeps seat 0, the acceptor takes seat 1; the match starts now.
        A bigger table is joined (``join``) and started by its host (``start``)."""
        async with self._lifecycle:
            row = await self._open_challenge(challenge_id)
            if user_id == row.challenger_id:
                raise Refusal("You cannot accept your own challenge.")
            if row.seats != 2:
                raise Refusal("Take a seat at this table instead; its host starts the match.")
            if row.place_of(user_id) is not None:
                raise Refusal("You are already at this table; its host starts the match.")
            if row.full:
                raise Refusal("This table is full.")
            if row.invited and user_id not in row.invited:
                raise Refusal("This challenge is for {players}.", players=_mentions(row.invited))
            if user_id in row.declined:
                raise Refusal("You declined this challenge.")
            settings = await self.guild_settings(row.guild_id)
            await self._check_channel(settings, row.channel_id, (user_id, row.challenger_id))
            live = self._new_match(
                settings,
                row.game,
                row.guild_id,
                row.channel_id,
                (row.challenger_id, user_id),
                (row.challenger_name, user_name),
                (None, None),
                row.rules,
                seed,
            )
            try:
                done = await self.store.accept_challenge(
                    challenge_id, (user_id, user_name), live.record, live.state.to_dict()
                )
            except sqlite3.IntegrityError:
                raise Refusal("There is already a match in this channel.") from None
            if done is None:
                raise Refusal("This challenge is no longer open.")
            return self._adopt(done[1], live).info

    async def decline(self, challenge_id: int, user_id: int) -> Challenge:
        """An invited player says no. The table closes as declined when nobody is left who could
        still come: no invitation pending and nobody but the host seated (a challenge: at once)."""
        async with self._lifecycle:
            row = await self._open_challenge(challenge_id)
            if not row.invited:
                raise Refusal("An open challenge cannot be declined; it expires by itself.")
            if user_id not in row.invited:
                if row.seats == 2:
                    raise Refusal("Only the challenged player can decline this challenge.")
                raise Refusal("Only an invited player can decline this table.")
            if row.place_of(user_id) is not None:
                raise Refusal("You are already at this table; leave it instead.")
            if user_id in row.declined:
                raise Refusal("You have already declined.")
            close = not [u for u in row.pending_invites if u != user_id] and len(row.places) <= 1
            done = await self.store.decline_table(challenge_id, user_id, close)
            if done is None:
                raise Refusal("This challenge is no longer open.")
            return done

    async def cancel(self, challenge_id: int, user_id: int) -> Challenge:
        """The host withdraws the table."""
        row = await self._open_challenge(challenge_id)
        if user_id != row.challenger_id:
            if row.seats == 2:
                raise Refusal("Only the challenger can cancel this challenge.")
            raise Refusal("Only the host can cancel this table.")
        return await self._close_challenge(challenge_id, ChallengeStatus.CANCELLED)

    async def _close_challenge(self, challenge_id: int, status: ChallengeStatus) -> Challenge:
        row = await self.store.set_challenge_status(challenge_id, status)
        if row is None:
            raise Refusal("This challenge is no longer open.")
        return row

    async def _expire_now(self, now: datetime) -> None:
        # Only this process's guilds: another process owns (and edits the messages of) the rest.
        owns = None if self.shards.all else self.shards.owns
        self._expired.extend(await self.store.expire_challenges(now, owns))

    async def expire_challenges(self, now: datetime | None = None) -> list[Challenge]:
        """Mark open challenges past their time as expired; returns every challenge that expired
        since the last call (also those expired along the way by other calls)."""
        await self._expire_now(now or self._now())
        out, self._expired = self._expired, []
        return out

    async def play_bot(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        user_name: str,
        bot_user_id: int,
        bot_name: str,
        level: str = "normal",
        variant: str | None = None,
        target: int | None = None,
        *,
        seed: int | None = None,
        game: str = DEFAULT_GAME,
    ) -> MatchInfo:
        """A match against the AI: the human takes seat 0, the AI seat 1."""
        if level not in LEVELS:
            raise Refusal("Unknown level '{level}'; choose from {levels}.", level=level, levels=", ".join(LEVELS))
        if user_id == bot_user_id:
            raise Refusal("The bot cannot play itself.")
        settings = await self.guild_settings(guild_id)
        rules = await self._table_rules(guild_id, game, variant, target)
        async with self._lifecycle:
            await self._expire_now(self._now())
            await self._check_channel(settings, channel_id, (user_id,))
            if await self.store.open_challenge_in_channel(channel_id) is not None:
                raise Refusal("There is an open challenge in this channel; accept it or wait for it to expire.")
            live = self._new_match(
                settings,
                game,
                guild_id,
                channel_id,
                (user_id, bot_user_id),
                (user_name, bot_name),
                (None, level),
                rules,
                seed,
            )
            try:
                match_id = await self.store.create_match(live.record, live.state.to_dict())
            except sqlite3.IntegrityError:
                raise Refusal("There is already a match in this channel.") from None
            return self._adopt(match_id, live).info

    def _new_match(
        self,
        settings: GuildSettings,
        game: str,
        guild_id: int,
        channel_id: int,
        players: Sequence[int],
        names: Sequence[str],
        ai_levels: Sequence[str | None],
        rules: GameRules,
        seed: int | None,
        state: AnyState | None = None,
        teams: Sequence[int] | None = None,
    ) -> Live:
        """A match not stored yet (id 0): its first deal (``state``, if already dealt) and turn deadline."""
        seed = self.seed_source() if seed is None else seed
        state = self._game(game, None).new(rules, seed, len(players)) if state is None else state
        now = self._now()
        record = MatchRecord(
            id=0,
            game=game,
            guild_id=guild_id,
            channel_id=channel_id,
            players=tuple(players),
            names=tuple(names),
            ai_levels=tuple(ai_levels),
            rules=rules,
            seed=seed,
            status=MatchStatus.ACTIVE,
            version=0,
            started_at=now,
            turn_deadline=now + timedelta(seconds=settings.turn_timeout_s),
            teams=None if teams is None else tuple(teams),
        )
        return Live(record, state)

    def _adopt(self, match_id: int, live: Live) -> Live:
        """Put a just-created (committed) match in the cache under its id."""
        live.record = replace(live.record, id=match_id)
        live.publish()
        self.live.put(live)
        log.info(
            "match %d started in channel %d (%s, %s)",
            match_id,
            live.record.channel_id,
            live.record.game,
            live.record.rules.name,
        )
        return live
