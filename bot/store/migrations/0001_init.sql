-- 0001: the whole first schema. Times are UTC text 'YYYY-MM-DDTHH:MM:SS.ffffffZ' (sortable).

CREATE TABLE guild_settings (
    guild_id         INTEGER PRIMARY KEY,
    default_variant  TEXT    NOT NULL DEFAULT 'standard',
    target           INTEGER,                       -- NULL: the preset's target
    turn_timeout_s   INTEGER NOT NULL DEFAULT 1800,
    allowed_channels TEXT    NOT NULL DEFAULT '[]'  -- JSON list of channel ids; empty = all
);

CREATE TABLE players (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

CREATE TABLE matches (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    player0          INTEGER NOT NULL,
    player1          INTEGER NOT NULL,
    name0            TEXT    NOT NULL,
    name1            TEXT    NOT NULL,
    ai_seat          INTEGER CHECK (ai_seat IN (0, 1)),
    ai_level         TEXT,
    rules            TEXT    NOT NULL,              -- Ruleset.to_dict() as JSON
    seed             INTEGER NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'active'
                     CHECK (status IN ('active', 'finished', 'resigned', 'abandoned')),
    version          INTEGER NOT NULL DEFAULT 0,    -- == moves applied
    started_at       TEXT    NOT NULL,
    ended_at         TEXT,
    winner           INTEGER CHECK (winner IN (0, 1)),
    total0           INTEGER,
    total1           INTEGER,
    board_message_id INTEGER,
    turn_deadline    TEXT,
    warned_version   INTEGER,                       -- overdue notices already given at this version
    warned_stage     TEXT,
    CHECK (player0 <> player1)
);
-- One active match per channel, enforced by the database itself.
CREATE UNIQUE INDEX matches_one_active_per_channel ON matches (channel_id) WHERE status = 'active';
CREATE INDEX matches_by_player0 ON matches (guild_id, player0, id);
CREATE INDEX matches_by_player1 ON matches (guild_id, player1, id);

CREATE TABLE challenges (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    challenger_id   INTEGER NOT NULL,
    challenger_name TEXT    NOT NULL,
    opponent_id     INTEGER,                        -- NULL: open challenge
    opponent_name   TEXT,
    rules           TEXT    NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'open'
                    CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    created_at      TEXT    NOT NULL,
    expires_at      TEXT    NOT NULL,
    message_id      INTEGER,
    match_id        INTEGER REFERENCES matches (id)
);
CREATE UNIQUE INDEX challenges_one_open_per_channel ON challenges (channel_id) WHERE status = 'open';
CREATE INDEX challenges_open_by_expiry ON challenges (expires_at) WHERE status = 'open';

CREATE TABLE hands (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    number   INTEGER NOT NULL,                      -- deal number; its shuffle is seeded 'gin:<seed>:<number>'
    dealer   INTEGER NOT NULL,
    outcome  TEXT    NOT NULL,                      -- knock, undercut, gin, big_gin, draw
    knocker  INTEGER,
    winner   INTEGER,
    points   INTEGER NOT NULL,
    record   TEXT    NOT NULL,                      -- HandRecord.to_dict() as JSON (hands are public once scored)
    PRIMARY KEY (match_id, number)
) WITHOUT ROWID;

-- Append-only move log. The primary key makes a second application of move n impossible.
CREATE TABLE moves (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    seq      INTEGER NOT NULL,                      -- 1-based; == match version after the move
    seat     INTEGER NOT NULL CHECK (seat IN (0, 1)),
    action   TEXT    NOT NULL,                      -- str(Action), e.g. 'discard 7H'
    at       TEXT    NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;

-- The latest state per match (older versions are reproducible from seed + moves).
CREATE TABLE snapshots (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id),
    version  INTEGER NOT NULL,
    state    TEXT    NOT NULL                       -- Match.to_dict() as JSON
);

CREATE TABLE player_stats (
    guild_id       INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    rating         INTEGER NOT NULL DEFAULT 1500,
    matches_won    INTEGER NOT NULL DEFAULT 0,
    matches_lost   INTEGER NOT NULL DEFAULT 0,
    hands_won      INTEGER NOT NULL DEFAULT 0,
    gins           INTEGER NOT NULL DEFAULT 0,
    undercuts      INTEGER NOT NULL DEFAULT 0,
    points_for     INTEGER NOT NULL DEFAULT 0,
    points_against INTEGER NOT NULL DEFAULT 0,
    best_margin    INTEGER NOT NULL DEFAULT 0,
    streak         INTEGER NOT NULL DEFAULT 0,
    vs_bot_won     INTEGER NOT NULL DEFAULT 0,
    vs_bot_lost    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
-- Leaderboards read the first rows of one of these; the WHERE matches the query's filter.
CREATE INDEX stats_by_rating ON player_stats (guild_id, rating DESC, matches_won DESC, user_id)
    WHERE matches_won + matches_lost > 0;
CREATE INDEX stats_by_wins ON player_stats (guild_id, matches_won DESC, rating DESC, user_id)
    WHERE matches_won + matches_lost > 0;
CREATE INDEX stats_by_points ON player_stats (guild_id, points_for DESC, rating DESC, user_id)
    WHERE matches_won + matches_lost > 0;
CREATE INDEX stats_by_vs_bot ON player_stats (guild_id, vs_bot_won DESC, vs_bot_lost, user_id)
    WHERE vs_bot_won + vs_bot_lost > 0;

-- Active matches by deadline (start-up recovery and the overdue sweep).
CREATE INDEX matches_active_by_deadline ON matches (turn_deadline) WHERE status = 'active';
