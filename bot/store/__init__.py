"""Persistence in SQLite (aiosqlite, the default) or PostgreSQL (asyncpg): schema migrations, matches,
moves, snapshots, the outbox, stats.

Only the table service (bot.tables) writes games through this package.
"""

from .db import Database, transaction
from .dialect import is_postgres_url
from .discord_state import TurnPing
from .faults import ConstraintViolation, FaultKind, FaultLog, StorageFault, StorageUnusable
from .history import HeadToHead, PastMatch, RatingPoint
from .lost import LostTables
from .matches import StaleWrite
from .migrate import SchemaTooNew
from .pg import PgDatabase
from .records import (
    Announcement,
    AnnouncementKind,
    Challenge,
    ChallengeStatus,
    Committed,
    GuildSettings,
    MatchRecord,
    MatchStatus,
    MoveWrite,
    Place,
    PlayerStats,
    Snapshot,
    Stage,
    family_of,
    game_of_family,
)
from .season_records import ClosedSeason, RatingReset, Season, SeasonLength, SeasonSettings, soft_reset
from .stats import BOARDS, DEFAULT_FAMILY, K_FACTOR, START_RATING, elo_delta, expected_score, team_deltas, winner_deltas
from .store import Store, open_database
from .tournament_records import (
    Entry,
    NewMatch,
    Notice,
    NoticeKind,
    Step,
    TournamentMatch,
    TournamentRow,
    TournamentStatus,
)
from .tournaments import StaleTournament

__all__ = [
    "BOARDS",
    "DEFAULT_FAMILY",
    "K_FACTOR",
    "START_RATING",
    "Announcement",
    "AnnouncementKind",
    "Challenge",
    "ChallengeStatus",
    "ClosedSeason",
    "Committed",
    "ConstraintViolation",
    "Database",
    "Entry",
    "FaultKind",
    "FaultLog",
    "GuildSettings",
    "HeadToHead",
    "LostTables",
    "MatchRecord",
    "MatchStatus",
    "MoveWrite",
    "NewMatch",
    "Notice",
    "NoticeKind",
    "PastMatch",
    "PgDatabase",
    "Place",
    "PlayerStats",
    "RatingPoint",
    "RatingReset",
    "SchemaTooNew",
    "Season",
    "SeasonLength",
    "SeasonSettings",
    "Snapshot",
    "Stage",
    "StaleTournament",
    "StaleWrite",
    "Step",
    "StorageFault",
    "StorageUnusable",
    "Store",
    "TournamentMatch",
    "TournamentRow",
    "TournamentStatus",
    "TurnPing",
    "elo_delta",
    "expected_score",
    "family_of",
    "game_of_family",
    "is_postgres_url",
    "open_database",
    "soft_reset",
    "team_deltas",
    "transaction",
    "winner_deltas",
]
