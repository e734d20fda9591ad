"""The tournaments' queued calls (bot/store/tournaments.py), reached as ``Store.tournaments``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from . import tournaments
from .db import Database
from .pg import PgDatabase
from .records import MatchRecord
from .tournament_records import Entry, Notice, NoticeKind, Step, TournamentMatch, TournamentRow


class TournamentStore:
    """Every call on the writer: a tournament's steps are read-modify-write, so they read what is committed."""

    def __init__(self, db: Database | PgDatabase) -> None:
        self.db = db

    async def create(self, row: TournamentRow) -> TournamentRow:
        return await self.db.run(tournaments.create, row)

    async def get(self, tid: int) -> TournamentRow | None:
        return await self.db.run(tournaments.get, tid)

    async def going(self, guild_id: int | None = None) -> list[TournamentRow]:
        return await self.db.run(tournaments.going, guild_id)

    async def latest(self, guild_id: int) -> TournamentRow | None:
        return await self.db.run(tournaments.latest, guild_id)

    async def entries(self, tid: int) -> list[Entry]:
        return await self.db.run(tournaments.entries, tid)

    async def join(self, tid: int, entry: Entry, cap: int) -> str:
        return await self.db.run(tournaments.join, tid, entry, cap)

    async def leave(self, tid: int, user_id: int) -> bool:
        return await self.db.run(tournaments.leave, tid, user_id)

    async def check_in(self, tid: int, user_id: int, at: datetime) -> bool:
        return await self.db.run(tournaments.check_in, tid, user_id, at)

    async def step(self, tid: int, step: Step) -> tuple[int, tuple[int, ...]]:
        return await self.db.run(tournaments.step, tid, step, key=tid)

    async def matches(self, tid: int) -> list[TournamentMatch]:
        return await self.db.run(tournaments.tournament_matches, tid)

    async def uncounted_ended(self, tid: int) -> list[tuple[TournamentMatch, MatchRecord]]:
        return await self.db.run(tournaments.uncounted_ended, tid)

    async def match_terms(self, match_id: int) -> tuple[bool, int] | None:
        return await self.db.read(tournaments.match_terms, match_id)

    async def set_message(self, tid: int, kind: NoticeKind, message_id: int) -> None:
        await self.db.run(tournaments.set_message, tid, kind, message_id)

    async def pending_notices(self, now: datetime, limit: int) -> list[Notice]:
        return await self.db.run(tournaments.pending_notices, now, limit)

    async def claim_notice(self, notice_id: int, now: datetime, until: datetime) -> bool:
        return await self.db.run(tournaments.claim_notice, notice_id, now, until)

    async def notice_done(self, notice_id: int, message_id: int | None, at: datetime) -> bool:
        return await self.db.run(tournaments.notice_done, notice_id, message_id, at)

    async def notices(self, tid: int) -> list[tuple[NoticeKind, dict[str, Any], bool]]:
        return await self.db.run(tournaments.notices, tid)
