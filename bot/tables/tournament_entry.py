"""Tournaments, before they start (docs/tournaments.md): the organiser's choices checked and stored,
sign-up (join, leave, AI entrants) and check-in. The rest is bot.tables.tournament_drive."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from typing import Final

from bot.constants import DEFAULT_GAME, LEVELS
from bot.engine import GameRules, Span
from bot.store import Entry, TournamentRow, TournamentStatus
from bot.tournaments import Format, LengthKind, MatchLength, TournamentConfig, TournamentError, from_json, to_json
from bot.tournaments import Tournament as PureTournament

from .base import ServiceBase
from .errors import Refusal

log = logging.getLogger(__name__)

SIGNUP_S: Final = Span(0, 7 * 24 * 3600)  # the sign-up window (0: until the organiser starts it)
CHECKIN_S: Final = Span(0, 24 * 3600)  # the check-in window (0: no check-in, everyone who joined plays)
AI_ENTRANTS: Final = Span(1, 64)  # AI entrants added by one command


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """What an organiser chooses in ``/gin tournament create``. ``target`` or ``hands`` is the match
    length (neither: the game's own target); ``rounds`` counts for Swiss and tables only."""

    game: str
    format: str
    variant: str | None = None
    options: str = ""
    target: int | None = None
    hands: int | None = None
    rounds: int = 0
    seats: int = 2
    turn_timeout_s: int | None = None  # None: the server's
    size_cap: int = 64
    signup_s: int = 600
    checkin_s: int = 0
    rated: bool = True


def refusal(error: TournamentError) -> Refusal:
    """The pure logic's refusal as the service's (the same catalogue id and fields)."""
    return Refusal(error.message, **error.fields)


def config_of(row: TournamentRow) -> TournamentConfig:
    """The organiser's choices of a stored tournament (kept as an empty tournament's JSON)."""
    return from_json(row.config).config


def match_options(config: TournamentConfig) -> str:
    """The option string of the tournament's matches: the organiser's, with a fixed number of hands added."""
    if config.length.kind is LengthKind.HANDS:
        return f"{config.options} length=hands:{config.length.value}".strip()
    return config.options


class TournamentEntryPart(ServiceBase):
    async def create_tournament(
        self, guild_id: int, channel_id: int, organiser_id: int, bot_id: int, spec: TournamentSpec
    ) -> TournamentRow:
        """A tournament open for sign-up in ``channel_id``; Refusal saying what is wrong with ``spec``."""
        try:
            fmt = Format(spec.format)
        except ValueError:
            raise Refusal(
                "Unknown format '{format}'; choose from {formats}.",
                format=spec.format,
                formats=", ".join(f.value for f in Format),
            ) from None
        tables = fmt is Format.TABLES
        game = self._game(spec.game, None if tables else 2)
        if tables and spec.seats not in game.seat_counts:
            raise Refusal("{game} is not played by {n} here.", game=game.title, n=spec.seats)
        if spec.target is not None and spec.hands is not None:
            raise Refusal("Give a target or a number of hands, not both.")
        if not SIGNUP_S.holds(spec.signup_s) or not CHECKIN_S.holds(spec.checkin_s):
            raise Refusal(
                "The sign-up window is at most {signup} minutes and the check-in window at most {checkin}.",
                signup=SIGNUP_S.high // 60,
                checkin=CHECKIN_S.high // 60,
            )
        settings = await self.guild_settings(guild_id)
        variant = spec.variant or game.variants[0]
        seats = None if tables else 2
        target = spec.target if spec.target is not None else settings.target if game.name == DEFAULT_GAME else None
        hands = f"length=hands:{spec.hands}" if spec.hands is not None else ""
        # The engine's own check of the variant, the target and the option string, as a table's; its
        # target (the game's own when none is given) is the tournament's match length.
        rules = self._rules(game.name, variant, target, f"{spec.options.strip()} {hands}".strip(), seats=seats)
        length = (
            MatchLength(LengthKind.HANDS, spec.hands)
            if spec.hands is not None
            else MatchLength(LengthKind.TARGET, rules.target)
        )
        try:
            config = TournamentConfig(
                game=game.name,
                format=fmt,
                length=length,
                options=spec.options.strip(),
                rounds=spec.rounds,
                seats=spec.seats if tables else 2,
                min_seats=min((n for n in game.seat_counts if n >= 3), default=3) if tables else 2,
                turn_timeout_s=spec.turn_timeout_s if spec.turn_timeout_s is not None else settings.turn_timeout_s,
                size_cap=spec.size_cap,
                rated=spec.rated,
            )
        except TournamentError as e:
            raise refusal(e) from None
        if any(t.channel_id == channel_id for t in await self.store.tournaments.going(guild_id)):
            raise Refusal("A tournament is already running in this channel.")
        now = self._now()
        row = TournamentRow(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            organiser_id=organiser_id,
            bot_id=bot_id,
            variant=variant,
            config=to_json(PureTournament(config, ())),
            state=None,
            status=TournamentStatus.SIGNUP,
            version=0,
            created_at=now,
            signup_ends=now + timedelta(seconds=spec.signup_s),
            checkin_s=spec.checkin_s,
        )
        row = await self.store.tournaments.create(row)
        log.info("tournament %d created in guild %d (%s, %s)", row.id, guild_id, fmt.value, game.name)
        return row

    def tournament_rules(self, row: TournamentRow) -> GameRules:
        """The rules of the tournament's matches."""
        config = config_of(row)
        target = config.length.value if config.length.kind is LengthKind.TARGET else None
        seats = None if config.format is Format.TABLES else 2
        return self._rules(config.game, row.variant, target, match_options(config), seats=seats)

    async def tournament(self, tournament_id: int) -> TournamentRow:
        row = await self.store.tournaments.get(tournament_id)
        if row is None:
            raise Refusal("There is no such tournament.")
        return row

    async def channel_tournament(self, guild_id: int, channel_id: int) -> TournamentRow | None:
        """The tournament of a channel: the one going there, else the server's newest if it was there."""
        going = [t for t in await self.store.tournaments.going(guild_id) if t.channel_id == channel_id]
        if going:
            return going[0]
        latest = await self.store.tournaments.latest(guild_id)
        return latest if latest is not None and latest.channel_id == channel_id else None

    async def tournament_entries(self, tournament_id: int) -> list[Entry]:
        return await self.store.tournaments.entries(tournament_id)

    async def join_tournament(self, tournament_id: int, user_id: int, name: str) -> Entry:
        """Sign a player up; Refusal when sign-up is closed, the tournament full or he is in already."""
        row = await self.tournament(tournament_id)
        entry = Entry(user_id, name, None, self._now())
        outcome = await self.store.tournaments.join(tournament_id, entry, config_of(row).size_cap)
        if outcome == "closed":
            raise Refusal("Sign-up for this tournament is closed.")
        if outcome == "full":
            raise Refusal("This tournament is full.")
        if outcome == "already":
            raise Refusal("You are signed up already.")
        return entry

    async def leave_tournament(self, tournament_id: int, user_id: int) -> None:
        if not await self.store.tournaments.leave(tournament_id, user_id):
            raise Refusal("You are not signed up for this tournament, or it has started.")

    async def check_in(self, tournament_id: int, user_id: int) -> None:
        if not await self.store.tournaments.check_in(tournament_id, user_id, self._now()):
            raise Refusal("You cannot check in: you are not signed up, are checked in already, or check-in is closed.")

    async def add_ai_entrants(self, tournament_id: int, count: int, level: str, name: str) -> list[Entry]:
        """The organiser adds ``count`` AI entrants of ``level`` (named ``name 1``, ``name 2`` ...); each
        has a negative id of its own and is checked in at once. Fewer are added if the cap is reached."""
        if level not in LEVELS:
            raise Refusal("Unknown level '{level}'; choose from {levels}.", level=level, levels=", ".join(LEVELS))
        if not AI_ENTRANTS.holds(count):
            raise Refusal("Add from {low} to {high} AI players at a time.", low=AI_ENTRANTS.low, high=AI_ENTRANTS.high)
        row = await self.tournament(tournament_id)
        cap = config_of(row).size_cap
        added: list[Entry] = []
        taken = {e.user_id for e in await self.store.tournaments.entries(tournament_id)}
        number = 0
        while len(added) < count:
            number += 1
            if -number in taken:
                continue
            now = self._now()
            entry = Entry(-number, f"{name} {number}", level, now, now)
            outcome = await self.store.tournaments.join(tournament_id, entry, cap)
            if outcome == "closed":
                raise Refusal("Sign-up for this tournament is closed.")
            if outcome == "full":
                break
            if outcome == "joined":
                added.append(entry)
        return added
