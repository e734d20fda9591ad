"""SQLite persistence (aiosqlite): schema migrations, matches, moves, snapshots, stats.

Only bot/tables.py writes games through this package.
"""

from .db import Database, transaction
from .matches import StaleWrite
from .migrate import SchemaTooNew
from .rows import (ChallengeRow, HandWrite, MatchResult, MatchRow, MoveWrite, NewMatch, SettingsRow,
                   StatsRow)
from .stats import BOARDS, K_FACTOR, START_RATING, elo_delta, expected_score
from .store import Store

__all__ = [
    "BOARDS", "ChallengeRow", "Database", "HandWrite", "K_FACTOR", "MatchResult", "MatchRow", "MoveWrite",
    "NewMatch", "START_RATING", "SchemaTooNew", "SettingsRow", "StaleWrite", "StatsRow", "Store", "elo_delta",
    "expected_score", "transaction",
]
