"""Async facade: each method is one queued call on the database's worker thread (SQLite or PostgreSQL)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from bot.engine import GameRules

from . import challenges, discord_state, history, lost, matches, outbox, seasons, settings, stats, styles
from .db import BUSY_TIMEOUT_MS, Database
from .dialect import is_postgres_url
from .discord_state import TurnPing
from .pg import PgDatabase
from .records import (
    Announcement,
    Challenge,
    ChallengeStatus,
    Committed,
    GuildSettings,
    MatchRecord,
    MoveWrite,
    Place,
    PlayerStats,
    Snapshot,
    Stage,
)
from .season_records import ClosedSeason, RatingReset, Season, SeasonLength, SeasonSettings
from .tournament_store import TournamentStore


class Store:
    """The queries, each one queued call: writes (and reads that must see them) on the writer,
    plain reads on the reader, which a write held up by another process does not block. The calls
    about one match carry its id as ``key``: PostgreSQL's writers keep each match's calls in order."""

    def __init__(self, db: Database | PgDatabase, *, snapshot_every: int = 1) -> None:
        self.db = db
        # 1: the snapshot is rewritten by every move; n: every n-th move and at every hand's end
        # (bot.store.matches): fewer pages per move, a replay of at most n - 1 moves per load.
        self.snapshot_every = snapshot_every
        self.tournaments = TournamentStore(db)  # bot/store/tournaments.py

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        synchronous: str = "NORMAL",
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        snapshot_every: int = 1,
    ) -> Store:
        """A SQLite file (``path``), or PostgreSQL when ``path`` is a ``postgresql://`` URL (there
        ``synchronous`` does not apply and ``busy_timeout_ms`` is the lock timeout)."""
        db = await open_database(path, synchronous=synchronous, busy_timeout_ms=busy_timeout_ms)
        return cls(db, snapshot_every=snapshot_every)

    async def close(self) -> None:
        await self.db.close()

    # settings and names
    async def get_settings(self, guild_id: int) -> GuildSettings | None:
        return await self.db.read(settings.get_settings, guild_id)

    async def save_settings(self, row: GuildSettings) -> None:
        await self.db.run(settings.save_settings, row)

    # challenges
    async def insert_challenge(
        self,
        game: str,
        guild_id: int,
        channel_id: int,
        challenger: tuple[int, str],
        opponent: tuple[int | None, str | None],
        rules: GameRules,
        created_at: datetime,
        expires_at: datetime,
    ) -> Challenge:
        return await self.db.run(
            challenges.insert_challenge, game, guild_id, channel_id, challenger, opponent, rules, created_at, expires_at
        )

    async def insert_table(
        self,
        game: str,
        guild_id: int,
        channel_id: int,
        host: tuple[int, str],
        rules: GameRules,
        seats: int,
        invited: Sequence[int],
        created_at: datetime,
        expires_at: datetime,
    ) -> Challenge:
        return await self.db.run(
            challenges.insert_table, game, guild_id, channel_id, host, rules, seats, invited, created_at, expires_at
        )

    async def add_places(self, challenge_id: int, places: Sequence[Place], at: datetime) -> Challenge | None:
        return await self.db.run(challenges.add_places, challenge_id, places, at)

    async def remove_place(self, challenge_id: int, user_id: int) -> Challenge | None:
        return await self.db.run(challenges.remove_place, challenge_id, user_id)

    async def set_teams(self, challenge_id: int, teams: Sequence[int | None]) -> Challenge | None:
        return await self.db.run(challenges.set_teams, challenge_id, teams)

    async def decline_table(self, challenge_id: int, user_id: int, close: bool) -> Challenge | None:
        return await self.db.run(challenges.decline, challenge_id, user_id, close)

    async def get_challenge(self, challenge_id: int) -> Challenge | None:
        return await self.db.read(challenges.get_challenge, challenge_id)

    async def open_challenge_in_channel(self, channel_id: int) -> Challenge | None:
        return await self.db.read(challenges.open_in_channel, channel_id)

    async def set_challenge_status(self, challenge_id: int, status: ChallengeStatus) -> Challenge | None:
        return await self.db.run(challenges.set_status, challenge_id, status)

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self.db.run(challenges.set_message, challenge_id, message_id)

    async def unposted_tables(self, created_before: datetime) -> list[Challenge]:
        return await self.db.read(challenges.unposted, created_before)

    async def expire_challenges(self, now: datetime, owns: Callable[[int], bool] | None = None) -> list[Challenge]:
        """Expire the open tables past their time (of the guilds ``owns`` accepts; None: every guild)."""
        return await self.db.run(challenges.expire, now, owns)

    async def accept_challenge(
        self, challenge_id: int, acceptor: tuple[int, str] | None, match: MatchRecord, state: dict[str, Any]
    ) -> tuple[Challenge, int] | None:
        return await self.db.run(challenges.accept, challenge_id, acceptor, match, state)

    # matches
    async def create_match(self, match: MatchRecord, state: dict[str, Any]) -> int:
        return await self.db.run(matches.create_match, match, state)

    async def commit_move(self, write: MoveWrite) -> Committed:
        return await self.db.run(matches.commit_move, write, self.snapshot_every, key=write.match.id)

    async def get_match(self, match_id: int) -> MatchRecord | None:
        return await self.db.read(matches.get_match, match_id)

    async def load_match(self, match_id: int, *, settled: bool = False) -> tuple[MatchRecord, Snapshot] | None:
        """A match's row and snapshot. On the writer (after every queued write) unless ``settled``:
        the caller knows no write of this match is in flight, so the reader serves it."""
        if settled:
            return await self.db.read(matches.load_match, match_id)
        return await self.db.run(matches.load_match, match_id, key=match_id)

    async def active_matches(self) -> list[tuple[MatchRecord, Snapshot]]:
        return await self.db.run(matches.active_matches)

    async def active_in_channel(self, channel_id: int) -> int | None:
        return await self.db.read(matches.active_in_channel, channel_id)

    async def move_log(self, match_id: int) -> list[tuple[int, int, str]]:
        return await self.db.run(matches.move_log, match_id, key=match_id)

    async def set_board_message(self, match_id: int, message_id: int | None) -> None:
        await self.db.run(matches.set_board_message, match_id, message_id, key=match_id)

    async def mark_warned(self, match_id: int, version: int, stage: Stage) -> bool:
        """True when this call claimed the notice (see matches.mark_warned): only then is it sent."""
        return await self.db.run(matches.mark_warned, match_id, version, stage, key=match_id)

    # what the Discord side remembers beyond one process (bot/store/discord_state.py)
    async def shown_versions(self, match_ids: Sequence[int]) -> dict[int, int]:
        return await self.db.read(discord_state.shown_versions, match_ids)

    async def set_shown_version(self, match_id: int, version: int) -> None:
        await self.db.run(discord_state.set_shown_version, match_id, version, key=match_id)

    async def turn_pings(self, match_id: int) -> list[TurnPing]:
        return await self.db.read(discord_state.turn_pings, match_id)

    async def save_turn_ping(self, match_id: int, ping: TurnPing) -> None:
        await self.db.run(discord_state.save_turn_ping, match_id, ping, key=match_id)

    async def clear_turn_ping(self, match_id: int, user_id: int) -> None:
        await self.db.run(discord_state.clear_turn_ping, match_id, user_id, key=match_id)

    # the outbox (writer: a message marked done must never be read back as pending)
    async def pending_announcements(self, limit: int, match_id: int | None = None) -> list[Announcement]:
        return await self.db.run(outbox.pending, limit, match_id)

    async def outbox_backlog(self) -> tuple[int, datetime | None]:
        """Every process's pending messages: how many, and the oldest one's commit time (a reader's
        look: a row marked done a moment ago may still count)."""
        return await self.db.read(outbox.backlog)

    async def mark_announced(self, announcement_id: int, message_id: int | None, at: datetime) -> bool:
        return await self.db.run(outbox.mark_done, announcement_id, message_id, at)

    async def board_message_before(self, match_id: int, version: int) -> int | None:
        return await self.db.run(outbox.board_message_before, match_id, version)

    # lost channels and servers (bot/store/lost.py)
    async def active_matches_in(self, where: lost.Where, value: int) -> list[int]:
        return await self.db.read(lost.active_matches_in, where, value)

    async def lose(self, where: lost.Where, value: int, at: datetime) -> lost.LostTables:
        return await self.db.run(lost.lose, where, value, at)

    # stats
    async def get_stats(self, guild_id: int, user_id: int, family: str = stats.DEFAULT_FAMILY) -> PlayerStats | None:
        return await self.db.read(stats.get_stats, guild_id, user_id, family)

    async def stats_families(self, guild_id: int, user_id: int) -> list[PlayerStats]:
        return await self.db.read(stats.families_of, guild_id, user_id)

    async def leaderboard(
        self, guild_id: int, by: str, limit: int, family: str = stats.DEFAULT_FAMILY
    ) -> list[PlayerStats]:
        return await self.db.read(stats.leaderboard, guild_id, by, limit, family)

    # seasons (bot/store/seasons.py): settings and the running season on the writer (the rollover's
    # claim must see them as committed), ended seasons' tables on the reader
    async def get_season_settings(self, guild_id: int) -> SeasonSettings | None:
        return await self.db.run(seasons.get_settings, guild_id)

    async def save_season_settings(
        self,
        guild_id: int,
        length: SeasonLength,
        channel_id: int | None,
        reset: RatingReset,
        season_start: datetime,
        next_boundary: datetime,
    ) -> SeasonSettings:
        return await self.db.run(
            seasons.save_settings, guild_id, length, channel_id, reset, season_start, next_boundary
        )

    async def due_seasons(self, now: datetime, limit: int) -> list[SeasonSettings]:
        return await self.db.run(seasons.due, now, limit)

    async def close_season(
        self, guild_id: int, start: datetime, end: datetime, next_end: datetime, now: datetime
    ) -> ClosedSeason | None:
        """True work for one caller only: see seasons.close_season."""
        return await self.db.run(seasons.close_season, guild_id, start, end, next_end, now)

    async def last_season(self, guild_id: int) -> Season | None:
        return await self.db.read(seasons.last_season, guild_id)

    async def current_season_table(
        self, guild_id: int, start: datetime, end: datetime, family: str
    ) -> list[PlayerStats]:
        return await self.db.read(seasons.current_table, guild_id, start, end, family)

    async def archived_season_table(self, guild_id: int, started_at: datetime, family: str) -> list[PlayerStats]:
        return await self.db.read(seasons.archived, guild_id, started_at, family)

    async def season_champions(self, season: Season) -> list[PlayerStats]:
        return await self.db.read(seasons.champions, season)

    async def pending_season_ends(self, now: datetime, limit: int) -> list[Season]:
        return await self.db.run(seasons.pending, now, limit)

    async def claim_season_end(self, guild_id: int, started_at: datetime, now: datetime, until: datetime) -> bool:
        return await self.db.run(seasons.claim, guild_id, started_at, now, until)

    async def mark_season_announced(
        self, guild_id: int, started_at: datetime, message_id: int | None, at: datetime
    ) -> bool:
        return await self.db.run(seasons.mark_announced, guild_id, started_at, message_id, at)

    # looking back (bot/store/history.py)
    async def past_matches(
        self,
        guild_id: int,
        user_id: int,
        *,
        game: str | None = None,
        seats: int | None = None,
        before: int | None = None,
        limit: int = history.PAGE,
    ) -> list[history.PastMatch]:
        return await self.db.read(
            lambda conn: history.past_matches(
                conn, guild_id, user_id, game=game, seats=seats, before=before, limit=limit
            )
        )

    async def rating_history(self, guild_id: int, family: str, user_id: int) -> list[history.RatingPoint]:
        return await self.db.read(history.rating_history, guild_id, family, user_id)

    async def head_to_head(self, guild_id: int, user_id: int, other_id: int) -> history.HeadToHead:
        return await self.db.read(history.head_to_head, guild_id, user_id, other_id)

    async def last_scored_in_channel(self, channel_id: int) -> int | None:
        return await self.db.read(history.last_scored_in_channel, channel_id)

    # each player's look and each server's ping grace (bot/store/styles.py)
    async def get_player_style(self, user_id: int) -> styles.PlayerStyle | None:
        return await self.db.read(styles.get_player_style, user_id)

    async def save_player_style(self, style: styles.PlayerStyle, at: datetime) -> None:
        await self.db.run(styles.save_player_style, style, at)

    async def get_ping_grace(self, guild_id: int) -> int | None:
        return await self.db.read(styles.get_ping_grace, guild_id)

    async def save_ping_grace(self, guild_id: int, seconds: int) -> None:
        await self.db.run(styles.save_ping_grace, guild_id, seconds)


async def open_database(
    target: str | Path, *, synchronous: str = "NORMAL", busy_timeout_ms: int = BUSY_TIMEOUT_MS
) -> Database | PgDatabase:
    """Open (check, create, migrate) the store ``GIN_DB`` names: a PostgreSQL URL or a SQLite file."""
    if is_postgres_url(target):
        return await PgDatabase.open(str(target), lock_timeout_ms=busy_timeout_ms)
    return await Database.open(target, synchronous=synchronous, busy_timeout_ms=busy_timeout_ms)
