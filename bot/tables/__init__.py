"""The table service: the only code that changes games (lock, apply, persist, publish).

No discord imports. Parts, one module each: settings, challenges (two-seat tables and new
matches), lobby (tables of 2 to 6 seats: join, leave, AI seats, partners, start), moves, reads,
deadlines, recovery, announcements (the outbox), losses (a channel or server gone), replay and review (looking back),
seasons (with calendar: their boundaries); ``live`` holds
the cached matches and their locks; ``shards`` decides which guilds' matches this process looks after.
"""

from bot.store import (
    BOARDS,
    DEFAULT_FAMILY,
    Announcement,
    AnnouncementKind,
    Challenge,
    ChallengeStatus,
    ClosedSeason,
    GuildSettings,
    HeadToHead,
    LostTables,
    MatchRecord,
    MatchStatus,
    PastMatch,
    Place,
    PlayerStats,
    RatingPoint,
    RatingReset,
    Season,
    SeasonLength,
    SeasonSettings,
    Stage,
    StorageFault,
    TournamentRow,
    TournamentStatus,
    family_of,
)
from bot.store import Entry as TournamentEntry
from bot.store import Notice as TournamentNotice
from bot.store import NoticeKind as TournamentNoticeKind

from .base import Chooser
from .errors import STALE, Refusal, sentence
from .lobby import BOT_NAME, TABLE_TTL_S
from .records import ActResult, MatchInfo, Overdue
from .replay import ReplayBook, ReplayFrame
from .review import HandReview, reviewable
from .seasons import SEASON_CHOICES, SeasonBoard
from .service import TableService
from .tournament_drive import Opener
from .tournament_entry import TournamentSpec

__all__ = [
    "BOARDS",
    "BOT_NAME",
    "DEFAULT_FAMILY",
    "SEASON_CHOICES",
    "STALE",
    "TABLE_TTL_S",
    "ActResult",
    "Announcement",
    "AnnouncementKind",
    "Challenge",
    "ChallengeStatus",
    "Chooser",
    "ClosedSeason",
    "GuildSettings",
    "HandReview",
    "HeadToHead",
    "LostTables",
    "MatchInfo",
    "MatchRecord",
    "MatchStatus",
    "Opener",
    "Overdue",
    "PastMatch",
    "Place",
    "PlayerStats",
    "RatingPoint",
    "RatingReset",
    "Refusal",
    "ReplayBook",
    "ReplayFrame",
    "Season",
    "SeasonBoard",
    "SeasonLength",
    "SeasonSettings",
    "Stage",
    "StorageFault",
    "TableService",
    "TournamentEntry",
    "TournamentNotice",
    "TournamentNoticeKind",
    "TournamentRow",
    "TournamentSpec",
    "TournamentStatus",
    "family_of",
    "reviewable",
    "sentence",
]
