"""Every level, variant and delay the service, the Discord layer and the CLI share, and the
table's limits under their old names.

One place so the slash commands, the table service and the settings cannot disagree. The
numeric limits themselves live in ``bot.engine.LIMITS`` (bot/engine/limits.py): the engine
validates what its rules can express (``LIMITS.target``); a table offers the
narrower ranges re-exported here.
"""

from __future__ import annotations

from typing import Final

from bot.engine import LIMITS

# Points to win a match, as a server or a challenge may choose them.
TARGET_MIN: Final = LIMITS.table_target.low
TARGET_MAX: Final = LIMITS.table_target.high

# Turn timeout a server may set (seconds): a minute to a week; 30 minutes by default.
TIMEOUT_MIN_S: Final = LIMITS.turn_timeout_s.low
TIMEOUT_MAX_S: Final = LIMITS.turn_timeout_s.high
TIMEOUT_DEFAULT_S: Final = LIMITS.turn_timeout_default_s

# How long an unanswered challenge stays open.
CHALLENGE_TTL_S: Final = LIMITS.challenge_ttl_s

# The AI's strength levels, weakest first; the default for /gin play.
LEVELS: Final = ("easy", "normal", "hard", "expert")
DEFAULT_LEVEL: Final = "normal"

# The bot's pause before its own moves, so a human can follow them (seconds); the scheduler period.
AI_DELAY_S: Final = 1.2
TICK_S: Final = 15.0

# How often a move rewrites its match's snapshot: every n-th move (and at every hand's end, new deal
# and match end); a load replays the moves after it. Chosen by measurement (docs/benchmarks.md, bench.store):
# 8 saves nearly all the write-ahead log that larger n would, with a tail of at most 7 moves.
SNAPSHOT_EVERY: Final = 8

# The default game of a new table.
DEFAULT_GAME: Final = "gin"

# At most this many rows in one leaderboard answer.
LEADERBOARD_MAX: Final = 100

# Discord's global rate limit per bot token (requests a second over every route but interactions),
# and the bot's own budget under it (bot/pacer.py): headroom for requests made around the pacer.
DISCORD_GLOBAL_PER_SECOND: Final = 50.0
DISCORD_RATE: Final = 40.0
