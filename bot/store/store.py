"""Async facade: each method is one queued call on the database's worker thread."""

from __future__ import annotations

from pathlib import Path

from . import challenges, matches, settings, stats
from .db import Database
from .rows import ChallengeRow, MatchRow, MoveWrite, NewMatch, SettingsRow, StatsRow


class Store:
    def __init__(self, db: Database) -> None:
        self.db = db

    @classmethod
    async def open(cls, path: str | Path, *, synchronous: str = "NORMAL") -> "Store":
        return cls(await Database.open(path, synchronous=synchronous))

    async def close(self) -> None:
        await self.db.close()

    # settings and names
    async def get_settings(self, guild_id: int) -> SettingsRow | None:
        return await self.db.run(settings.get_settings, guild_id)

    async def save_settings(self, row: SettingsRow) -> None:
        await self.db.run(settings.save_settings, row)

    # challenges
    async def insert_challenge(self, guild_id: int, channel_id: int, challenger: tuple[int, str],
                               opponent: tuple[int | None, str | None], rules: str, created_at: str,
                               expires_at: str) -> ChallengeRow:
        return await self.db.run(challenges.insert_challenge, guild_id, channel_id, challenger, opponent, rules,
                                 created_at, expires_at)

    async def get_challenge(self, challenge_id: int) -> ChallengeRow | None:
        return await self.db.run(challenges.get_challenge, challenge_id)

    async def open_challenge_in_channel(self, channel_id: int) -> ChallengeRow | None:
        return await self.db.run(challenges.open_in_channel, channel_id)

    async def set_challenge_status(self, challenge_id: int, status: str) -> ChallengeRow | None:
        return await self.db.run(challenges.set_status, challenge_id, status)

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self.db.run(challenges.set_message, challenge_id, message_id)

    async def expire_challenges(self, now: str) -> list[ChallengeRow]:
        return await self.db.run(challenges.expire, now)

    async def accept_challenge(self, challenge_id: int, acceptor: tuple[int, str],
                               match: NewMatch) -> tuple[ChallengeRow, int] | None:
        return await self.db.run(challenges.accept, challenge_id, acceptor, match)

    # matches
    async def create_match(self, match: NewMatch) -> int:
        return await self.db.run(matches.create_match, match, match.started_at)

    async def commit_move(self, write: MoveWrite) -> dict[int, int] | None:
        return await self.db.run(matches.commit_move, write)

    async def get_match(self, match_id: int) -> MatchRow | None:
        return await self.db.run(matches.get_match, match_id)

    async def active_matches(self) -> list[MatchRow]:
        return await self.db.run(matches.active_matches)

    async def active_in_channel(self, channel_id: int) -> int | None:
        return await self.db.run(matches.active_in_channel, channel_id)

    async def recent_for_player(self, guild_id: int, user_id: int, limit: int) -> list[MatchRow]:
        return await self.db.run(matches.recent_for_player, guild_id, user_id, limit)

    async def move_log(self, match_id: int) -> list[tuple[int, int, str]]:
        return await self.db.run(matches.move_log, match_id)

    async def set_board_message(self, match_id: int, message_id: int | None) -> None:
        await self.db.run(matches.set_board_message, match_id, message_id)

    async def mark_warned(self, match_id: int, version: int, stage: str) -> None:
        await self.db.run(matches.mark_warned, match_id, version, stage)

    # stats
    async def get_stats(self, guild_id: int, user_id: int) -> StatsRow | None:
        return await self.db.run(stats.get_stats, guild_id, user_id)

    async def leaderboard(self, guild_id: int, by: str, limit: int) -> list[StatsRow]:
        return await self.db.run(stats.leaderboard, guild_id, by, limit)
