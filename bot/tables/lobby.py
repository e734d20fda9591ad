"""Tables of any size: a host opens one, players sit down (or leave), the host fills empty seats with
the AI, chooses partners, and starts the match. A two-seat table is also a challenge (challenges.py):
``accept`` seats its second player and starts it at once.

Every refusal comes before anything is written. AI seats all carry the bot's own user id (so a
mention or avatar of any AI seat is the bot's), each with its own name ('GinBot', 'GinBot 2'):
the store allows one id in several seats only when every one of them is an AI seat.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import timedelta
from typing import NoReturn

from bot.constants import DEFAULT_GAME, DEFAULT_LEVEL, LEVELS
from bot.engine import GameRules, GameType
from bot.store import Challenge, ChallengeStatus, Place

from .challenges import ChallengesPart, _mentions
from .errors import Refusal, no_longer_open
from .records import MatchInfo

TABLE_TTL_S = 900  # an open table waits this long for its players (a challenge: CHALLENGE_TTL_S)
BOT_NAME = "GinBot"

Layout = tuple[tuple[int, ...], ...]  # a partnership game's seats per team, e.g. ((0, 2), (1, 3))


def partnership(game: GameType, rules: GameRules, seats: int) -> Layout | None:
    """The engine's teams when ``game`` is played in partnerships by ``seats`` players, else None.

    Asked of the game itself (``GameType.teams``); the rules must already be valid for ``seats``."""
    return game.teams(rules, seats) or None


def planned_teams(places: Sequence[Place], layout: Layout) -> tuple[int, ...]:
    """The team of each place: the host's choice where made, else by join order (0, 1, 0, 1: partners
    sit opposite), a full team passing the place on to the next team with room."""
    size = len(layout[0])
    count = [0] * len(layout)
    chosen = [p.team if p.team is not None and 0 <= p.team < len(layout) else None for p in places]
    for team in chosen:
        if team is not None:
            count[team] += 1
    out = []
    for i, team in enumerate(chosen):
        if team is None:
            team = next(t for t in (*range(i % len(layout), len(layout)), *range(len(layout))) if count[t] < size)
            count[team] += 1
        out.append(team)
    return tuple(out)


def seating(places: Sequence[Place], layout: Layout | None) -> tuple[int, ...]:
    """Which place sits in each seat: join order, or for a partnership each team's players in its
    seats in join order."""
    if layout is None:
        return tuple(range(len(places)))
    teams = planned_teams(places, layout)
    by_seat = [0] * len(places)
    for t, seats in enumerate(layout):
        for seat, place in zip(seats, [i for i, team in enumerate(teams) if team == t], strict=True):
            by_seat[seat] = place
    return tuple(by_seat)


class LobbyPart(ChallengesPart):
    async def open_table(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        *,
        game: str = DEFAULT_GAME,
        seats: int,
        variant: str | None = None,
        target: int | None = None,
        options: str = "",
        invited: Sequence[int] = (),
        ttl_s: int = TABLE_TTL_S,
        rules: GameRules | None = None,
    ) -> Challenge:
        """Open a table for ``seats`` players with the host in the first place. ``invited``: only these
        may join (none: anyone). ``rules``: a finished match's own rules (a rematch), instead of
        variant, target and options. Refusal (nothing stored) for a game, seat count, variant, target or
        options the engine refuses, or a channel that is not free."""
        if ttl_s <= 0:
            raise ValueError("ttl_s must be positive")
        if not isinstance(seats, int) or isinstance(seats, bool):
            raise Refusal("The number of seats must be a whole number.")
        if rules is None:
            rules = await self._table_rules(guild_id, game, variant, target, options, seats=None)
        kind = self._game(game, None)
        self._validate(kind, rules, seats)
        guests = tuple(dict.fromkeys(int(u) for u in invited))
        if host_id in guests:
            raise Refusal("You cannot invite yourself.")
        if len(guests) > seats - 1:
            raise Refusal("A table of {seats} has room for {room} invited players.", seats=seats, room=seats - 1)
        settings = await self.guild_settings(guild_id)
        async with self._lifecycle:
            now = self._now()
            await self._expire_now(now)
            await self._check_channel(settings, channel_id, (host_id, *guests))
            if await self.store.open_challenge_in_channel(channel_id) is not None:
                raise Refusal("There is already an open table in this channel; join it or wait for it to expire.")
            try:
                return await self.store.insert_table(
                    game,
                    guild_id,
                    channel_id,
                    (host_id, host_name),
                    rules,
                    seats,
                    guests,
                    now,
                    now + timedelta(seconds=ttl_s),
                )
            except sqlite3.IntegrityError:  # the unique index: an open table appeared meanwhile
                raise Refusal("There is already an open table in this channel.") from None

    async def join(self, table_id: int, user_id: int, name: str) -> Challenge:
        """Sit down at an open table (the next free place)."""
        async with self._lifecycle:
            row = await self._open_challenge(table_id)
            if row.place_of(user_id) is not None:
                raise Refusal("You are already at this table.")
            if any(p.is_ai and p.user_id == user_id for p in row.places):
                raise Refusal("The bot plays only its AI seats.")
            if row.invited and user_id not in row.invited:
                raise Refusal("This table is for {players}.", players=_mentions(row.invited))
            if row.full:
                raise Refusal("This table is full.")
            done = await self.store.add_places(table_id, [Place(user_id, name)], self._now())
            return done or await self._lost_race(table_id)

    async def leave(self, table_id: int, user_id: int) -> Challenge:
        """Get up from a table; the host leaving cancels it."""
        async with self._lifecycle:
            row = await self._open_challenge(table_id)
            if user_id == row.host_id:
                return await self._close_challenge(table_id, ChallengeStatus.CANCELLED)
            if row.place_of(user_id) is None:
                raise Refusal("You are not at this table.")
            return await self.store.remove_place(table_id, user_id) or await self._lost_race(table_id)

    async def fill_with_ai(
        self,
        table_id: int,
        host_id: int,
        level: str = DEFAULT_LEVEL,
        *,
        bot_id: int,
        bot_name: str = BOT_NAME,
        count: int | None = None,
    ) -> Challenge:
        """The host gives empty seats (all, or ``count``) to the AI at ``level``. Every AI seat is the
        bot (``bot_id``), named ``bot_name``, then '<bot_name> 2', '<bot_name> 3' ..."""
        if level not in LEVELS:
            raise Refusal("Unknown level '{level}'; choose from {levels}.", level=level, levels=", ".join(LEVELS))
        async with self._lifecycle:
            row = await self._open_host_table(table_id, host_id)
            if any(p.user_id == bot_id and not p.is_ai for p in row.places):
                raise Refusal("The bot cannot play itself.")
            if self.chooser is None:
                from bot.ai import chooser_for  # lazy, as in ai_step

                try:
                    chooser_for(row.game)
                except LookupError:
                    raise Refusal("{game} has no computer player yet.", game=self._game(row.game, None).title) from None
            free = row.open_seats if count is None else count
            if not isinstance(free, int) or isinstance(free, bool) or free < 1:
                if row.full:
                    raise Refusal("This table is full.")
                raise Refusal("Give the number of seats for the AI.")
            if free > row.open_seats:
                if not row.open_seats:
                    raise Refusal("This table is full.")
                if row.open_seats == 1:
                    raise Refusal("This table has one empty seat.")
                raise Refusal("This table has {count} empty seats.", count=row.open_seats)
            ais = sum(p.is_ai for p in row.places)
            names = [bot_name if ais + i == 0 else f"{bot_name} {ais + i + 1}" for i in range(free)]
            done = await self.store.add_places(table_id, [Place(bot_id, n, level) for n in names], self._now())
            return done or await self._lost_race(table_id)

    async def set_teams(self, table_id: int, host_id: int, teams: Sequence[int]) -> Challenge:
        """The host chooses partners: ``teams`` gives the team (0, 1 ...) of each place seated now, in
        join order. Places left unchosen (and later arrivals) go by join order, partners opposite."""
        async with self._lifecycle:
            row = await self._open_host_table(table_id, host_id)
            kind = self._game(row.game, None)
            layout = partnership(kind, row.rules, row.seats)
            if layout is None:
                raise Refusal("{game} for {seats} is not played in partnerships.", game=kind.title, seats=row.seats)
            if len(teams) != len(row.places):
                raise Refusal("Give a team for each of the {count} players at the table.", count=len(row.places))
            size = len(layout[0])
            if any(not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < len(layout) for t in teams):
                raise Refusal("The teams are numbered 0 to {last}.", last=len(layout) - 1)
            if any(list(teams).count(t) > size for t in range(len(layout))):
                raise Refusal("A team has {size} players.", size=size)
            return await self.store.set_teams(table_id, list(teams)) or await self._lost_race(table_id)

    def table_teams(self, table: Challenge) -> tuple[int, ...] | None:
        """The team each place of ``table`` would play for if it started now (None: not a partnership)."""
        layout = partnership(self._game(table.game, None), table.rules, table.seats)
        return None if layout is None else planned_teams(table.places, layout)

    async def start(self, table_id: int, host_id: int, *, seed: int | None = None) -> MatchInfo:
        """The host starts the match with everyone seated (seats in join order; a partnership's teams in
        their seats). Refused, with the engine's reason, when the game is not played by that many."""
        async with self._lifecycle:
            row = await self._open_host_table(table_id, host_id)
            kind = self._game(row.game, None)
            places = row.places
            self._validate(kind, row.rules, len(places))
            settings = await self.guild_settings(row.guild_id)
            humans = tuple(p.user_id for p in places if not p.is_ai)
            await self._check_channel(settings, row.channel_id, humans)
            seed = self.seed_source() if seed is None else seed
            state = kind.new(row.rules, seed, len(places))
            layout = state.public_view().teams or None
            order = [places[i] for i in seating(places, layout)]
            teams = (
                None
                if layout is None
                else [next(t for t, seats in enumerate(layout) if s in seats) for s in range(len(order))]
            )
            live = self._new_match(
                settings,
                row.game,
                row.guild_id,
                row.channel_id,
                [p.user_id for p in order],
                [p.name for p in order],
                [p.ai_level for p in order],
                row.rules,
                seed,
                state,
                teams,
            )
            try:
                done = await self.store.accept_challenge(table_id, None, live.record, live.state.to_dict())
            except sqlite3.IntegrityError:
                raise Refusal("There is already a match in this channel.") from None
            if done is None:
                raise Refusal("This table is no longer open.")
            return self._adopt(done[1], live).info

    @staticmethod
    def _validate(kind: GameType, rules: GameRules, seats: int) -> None:
        try:
            kind.validate(rules, seats)
        except ValueError as e:
            raise Refusal.of_error(e) from None

    async def _open_host_table(self, table_id: int, host_id: int) -> Challenge:
        row = await self._open_challenge(table_id)
        if host_id != row.host_id:
            raise Refusal("Only the host can do that.")
        return row

    async def _lost_race(self, table_id: int) -> NoReturn:
        """Refusal for a write the store turned down because the table changed meanwhile (another
        process got there first): it closed, filled up, or someone came or went."""
        row = await self.get_challenge(table_id)
        if row.status is not ChallengeStatus.OPEN:
            raise no_longer_open("table", row.status)
        if row.full:
            raise Refusal("This table is full.")
        raise Refusal("The table changed meanwhile; look again and retry.")
