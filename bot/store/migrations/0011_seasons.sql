-- 0011: seasons. A server may run its leaderboards in seasons (weekly, monthly or quarterly; off by
-- default). guild_settings holds the choice, the channel where a season's champions are announced,
-- what a season's end does to ratings (keep them, or a soft reset halfway toward 1500) and the running
-- season's bounds, which the rollover claims by a conditional update (one process closes a season).
-- seasons keeps every ended season; its announcement is pending there (announced_at NULL) until
-- Discord accepted it, as the outbox's rows are. season_standings holds each ended season's table of
-- every game family. Both dialects run it as is.
ALTER TABLE guild_settings ADD COLUMN season_length TEXT NOT NULL DEFAULT 'off'
    CHECK (season_length IN ('off', 'weekly', 'monthly', 'quarterly'));
ALTER TABLE guild_settings ADD COLUMN season_channel INTEGER;   -- NULL: a season's end is not announced
ALTER TABLE guild_settings ADD COLUMN season_reset TEXT NOT NULL DEFAULT 'keep'
    CHECK (season_reset IN ('keep', 'soft'));
ALTER TABLE guild_settings ADD COLUMN season_start TEXT;        -- the running season: NULL while seasons are off
ALTER TABLE guild_settings ADD COLUMN season_end TEXT;
-- The scheduler's look for seasons that are over.
CREATE INDEX guild_settings_by_season_end ON guild_settings (season_end) WHERE season_end IS NOT NULL;

CREATE TABLE seasons (
    guild_id      INTEGER NOT NULL,
    started_at    TEXT    NOT NULL,
    ended_at      TEXT    NOT NULL,
    length        TEXT    NOT NULL CHECK (length IN ('weekly', 'monthly', 'quarterly')),
    reset         TEXT    NOT NULL CHECK (reset IN ('keep', 'soft')),  -- what its end did to ratings
    closed_at     TEXT    NOT NULL,                 -- when the rollover ran
    channel_id    INTEGER,                          -- where its champions are announced
    claimed_until TEXT,                             -- a process is posting the announcement until then
    announced_at  TEXT,                             -- NULL: the announcement is pending
    message_id    INTEGER,
    PRIMARY KEY (guild_id, started_at)
) WITHOUT ROWID;
CREATE INDEX seasons_unannounced ON seasons (closed_at) WHERE announced_at IS NULL;

-- An ended season's table per game family: every player who finished a match of it in the season.
CREATE TABLE season_standings (
    guild_id       INTEGER NOT NULL,
    started_at     TEXT    NOT NULL,                -- the season's (seasons.started_at)
    family         TEXT    NOT NULL,                -- as player_stats.family, e.g. 'gin:2'
    user_id        INTEGER NOT NULL,
    rating         INTEGER NOT NULL,                -- at the season's end, before any reset
    matches_won    INTEGER NOT NULL,                -- rated matches (no AI seat) ended in the season
    matches_lost   INTEGER NOT NULL,
    points_for     INTEGER NOT NULL,
    points_against INTEGER NOT NULL,
    vs_bot_won     INTEGER NOT NULL,                -- matches with an AI seat ended in the season
    vs_bot_lost    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, started_at, family, user_id),
    FOREIGN KEY (guild_id, started_at) REFERENCES seasons (guild_id, started_at)
) WITHOUT ROWID;

-- A server's matches by their end: a season's table reads the matches that ended within it, each
-- match's columns it needs from the index alone (not the wide row with the rules).
CREATE INDEX matches_by_guild_end ON matches (guild_id, ended_at, game, seats, winner);
