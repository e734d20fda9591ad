"""TableService: the only code that changes games. Cogs call it; it calls the engine and the store."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from bot.constants import SNAPSHOT_EVERY
from bot.store import Store

from .announcements import AnnouncementsPart
from .base import Chooser
from .challenges import ChallengesPart
from .deadlines import DeadlinesPart
from .discord_state import DiscordStatePart
from .lobby import LobbyPart
from .losses import LossesPart
from .moves import MovesPart
from .reads import ReadsPart
from .recovery import RecoveryPart
from .replay import ReplayPart
from .review import ReviewPart
from .seasons import SeasonsPart
from .settings import SettingsPart
from .shards import ShardSet
from .styles import StylesPart
from .tournament_drive import TournamentDrivePart


class TableService(
    SettingsPart,
    TournamentDrivePart,  # before the parts it builds on (challenges: new matches; moves: ending them)
    LobbyPart,
    ChallengesPart,
    MovesPart,
    ReadsPart,
    DeadlinesPart,
    RecoveryPart,
    AnnouncementsPart,
    StylesPart,
    DiscordStatePart,
    ReplayPart,
    ReviewPart,
    LossesPart,
    SeasonsPart,
):
    """Settings, challenges and tables (lobbies), matches of every registered game with 2 to 6 seats,
    moves, deadlines, stats per game family, seasons and tournaments.

    See bot.tables.live for the consistency model (one lock per match, commit before publish).
    """

    @classmethod
    async def open(
        cls,
        db_path: str | Path,
        *,
        clock: Callable[[], datetime] | None = None,
        seed_source: Callable[[], int] | None = None,
        chooser: Chooser | None = None,
        synchronous: str = "NORMAL",
        busy_timeout_ms: int | None = None,
        shards: ShardSet | None = None,
        background: bool = False,
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> TableService:
        """Open (check, create, migrate) the database and recover the active matches (of the guilds
        ``shards`` own; default every guild). A move rewrites its match's snapshot every
        ``snapshot_every`` moves and at every hand's end (1: every move); loads replay the rest."""
        store = await Store.open(
            db_path,
            synchronous=synchronous,
            snapshot_every=snapshot_every,
            **({} if busy_timeout_ms is None else {"busy_timeout_ms": busy_timeout_ms}),
        )
        service = cls(store, clock=clock, seed_source=seed_source, chooser=chooser, shards=shards)
        if background:  # answer at once: matches load on first use, the replay check runs meanwhile
            service.start_recovery()
            return service
        try:
            await service.recover()
        except BaseException:
            await store.close()
            raise
        return service

    async def close(self) -> None:
        await self.stop_recovery()
        await self.thinkers.close()
        await self.store.close()
