-- foreign_keys: off
-- 0005: any number of seats per match, lobbies (tables players join before a match starts) and
-- stats per game family. SQLite cannot drop a CHECK or a column in place: `matches`, `moves` and
-- `player_stats` are rebuilt (create new, copy, drop old, rename; https://sqlite.org/lang_altertable.html
-- "Making Other Kinds Of Table Schema Changes"). The runner turns foreign keys off around this
-- migration (the first line) and runs PRAGMA foreign_key_check before it commits. PostgreSQL changes
-- the same tables in place (its foreign keys name the table itself, not its name): the `-- only:` sections.

-- Matches: the two-seat columns move to match_seats; a winner is any seat of the match.
-- only: sqlite
CREATE TABLE matches_new (
    id               INTEGER PRIMARY KEY,
    game             TEXT    NOT NULL DEFAULT 'gin',
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    seats            INTEGER NOT NULL CHECK (seats >= 1),
    rules            TEXT    NOT NULL,              -- the game's rules as JSON
    seed             INTEGER NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'active'
                     CHECK (status IN ('active', 'finished', 'resigned', 'abandoned')),
    version          INTEGER NOT NULL DEFAULT 0,    -- == moves applied
    started_at       TEXT    NOT NULL,
    ended_at         TEXT,
    winner           INTEGER CHECK (winner >= 0 AND winner < seats),
    board_message_id INTEGER,
    turn_deadline    TEXT,
    warned_version   INTEGER,                       -- overdue notices already given at this version
    warned_stage     TEXT
);
INSERT INTO matches_new (id, game, guild_id, channel_id, seats, rules, seed, status, version, started_at, ended_at,
                         winner, board_message_id, turn_deadline, warned_version, warned_stage)
    SELECT id, game, guild_id, channel_id, 2, rules, seed, status, version, started_at, ended_at,
           winner, board_message_id, turn_deadline, warned_version, warned_stage FROM matches;
-- end only
-- only: postgresql
ALTER TABLE matches ADD COLUMN seats INTEGER NOT NULL DEFAULT 2 CHECK (seats >= 1);
ALTER TABLE matches ALTER COLUMN seats DROP DEFAULT;
-- end only

-- One row per seat. A human sits once per match; AI seats all carry the bot's own user id.
CREATE TABLE match_seats (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    ai_level TEXT,                                  -- NULL: a human; else the AI's level
    team     INTEGER,                               -- partnerships: the seat's team; NULL: everyone for himself
    total    INTEGER,                               -- the final total, once the match has ended
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
INSERT INTO match_seats (match_id, seat, user_id, name, ai_level, team, total)
    SELECT id, 0, player0, name0, CASE WHEN ai_seat = 0 THEN COALESCE(ai_level, 'normal') END, NULL, total0
    FROM matches;
INSERT INTO match_seats (match_id, seat, user_id, name, ai_level, team, total)
    SELECT id, 1, player1, name1, CASE WHEN ai_seat = 1 THEN COALESCE(ai_level, 'normal') END, NULL, total1
    FROM matches;

-- only: sqlite
DROP TABLE matches;
ALTER TABLE matches_new RENAME TO matches;
-- One active match per channel, enforced by the database itself.
CREATE UNIQUE INDEX matches_one_active_per_channel ON matches (channel_id) WHERE status = 'active';
-- Active matches by deadline (start-up recovery and the overdue sweep).
CREATE INDEX matches_active_by_deadline ON matches (turn_deadline) WHERE status = 'active';
-- end only
-- only: postgresql
-- Dropping the columns drops their CHECKs and the matches_by_player0/1 indexes with them.
ALTER TABLE matches DROP COLUMN player0, DROP COLUMN player1, DROP COLUMN name0, DROP COLUMN name1,
    DROP COLUMN ai_seat, DROP COLUMN ai_level, DROP COLUMN total0, DROP COLUMN total1,
    DROP CONSTRAINT matches_winner_check, ADD CONSTRAINT matches_winner_check CHECK (winner >= 0 AND winner < seats);
-- end only

-- A player's matches (it replaces matches_by_player0/1); a human never sits twice in one match.
CREATE INDEX match_seats_by_user ON match_seats (user_id, match_id);
CREATE UNIQUE INDEX match_seats_one_human_seat ON match_seats (match_id, user_id) WHERE ai_level IS NULL;
-- The same user id in two seats only when both are the AI's.
-- only: sqlite
CREATE TRIGGER match_seats_shared_only_by_ai BEFORE INSERT ON match_seats
WHEN EXISTS (SELECT 1 FROM match_seats s WHERE s.match_id = NEW.match_id AND s.user_id = NEW.user_id
                                           AND (s.ai_level IS NULL OR NEW.ai_level IS NULL))
BEGIN
    SELECT RAISE(ABORT, 'a player sits in two seats of one match');
END;
-- end only
-- only: postgresql
CREATE FUNCTION match_seats_shared_only_by_ai() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM match_seats s WHERE s.match_id = NEW.match_id AND s.user_id = NEW.user_id
                                             AND (s.ai_level IS NULL OR NEW.ai_level IS NULL)) THEN
        RAISE EXCEPTION 'a player sits in two seats of one match' USING ERRCODE = 'unique_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER match_seats_shared_only_by_ai BEFORE INSERT ON match_seats
    FOR EACH ROW EXECUTE FUNCTION match_seats_shared_only_by_ai();
-- end only

-- Moves: any seat (the two-seat CHECK goes).
-- only: sqlite
CREATE TABLE moves_new (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    seq      INTEGER NOT NULL,                      -- 1-based; == match version after the move
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    action   TEXT    NOT NULL,                      -- the action's text, e.g. 'discard 7H'
    at       TEXT    NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
INSERT INTO moves_new (match_id, seq, seat, action, at) SELECT match_id, seq, seat, action, at FROM moves;
DROP TABLE moves;
ALTER TABLE moves_new RENAME TO moves;
-- end only
-- only: postgresql
ALTER TABLE moves DROP CONSTRAINT moves_seat_check, ADD CONSTRAINT moves_seat_check CHECK (seat >= 0);
-- end only

-- Stats per game family ('gin:2' is two-player Gin: every row so far).
-- only: sqlite
CREATE TABLE player_stats_new (
    guild_id       INTEGER NOT NULL,
    family         TEXT    NOT NULL,                -- '<game>:<seats>', e.g. 'gin:2', 'gin:4'
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
    PRIMARY KEY (guild_id, family, user_id)
) WITHOUT ROWID;
INSERT INTO player_stats_new (guild_id, family, user_id, rating, matches_won, matches_lost, hands_won, gins, undercuts,
                              points_for, points_against, best_margin, streak, vs_bot_won, vs_bot_lost)
    SELECT guild_id, 'gin:2', user_id, rating, matches_won, matches_lost, hands_won, gins, undercuts,
           points_for, points_against, best_margin, streak, vs_bot_won, vs_bot_lost FROM player_stats;
DROP TABLE player_stats;
ALTER TABLE player_stats_new RENAME TO player_stats;
-- end only
-- only: postgresql
ALTER TABLE player_stats ADD COLUMN family TEXT NOT NULL DEFAULT 'gin:2';
ALTER TABLE player_stats ALTER COLUMN family DROP DEFAULT;
ALTER TABLE player_stats DROP CONSTRAINT player_stats_pkey, ADD PRIMARY KEY (guild_id, family, user_id);
DROP INDEX stats_by_rating, stats_by_wins, stats_by_points, stats_by_vs_bot;
-- end only
-- Leaderboards read the first rows of one of these; the WHERE matches the query's filter.
CREATE INDEX stats_by_rating ON player_stats (guild_id, family, rating DESC, matches_won DESC, user_id)
    WHERE matches_won + matches_lost > 0;
CREATE INDEX stats_by_wins ON player_stats (guild_id, family, matches_won DESC, rating DESC, user_id)
    WHERE matches_won + matches_lost > 0;
CREATE INDEX stats_by_points ON player_stats (guild_id, family, points_for DESC, rating DESC, user_id)
    WHERE matches_won + matches_lost > 0;
CREATE INDEX stats_by_vs_bot ON player_stats (guild_id, family, vs_bot_won DESC, vs_bot_lost, user_id)
    WHERE vs_bot_won + vs_bot_lost > 0;
-- A player's rows in every family (/gin stats).
CREATE INDEX stats_by_user ON player_stats (guild_id, user_id);

-- Tables (challenges) of any size: how many seats, who is invited (JSON list of user ids; empty:
-- anyone may join), who of them declined, and who has sat down, in order (the host first).
ALTER TABLE challenges ADD COLUMN seats INTEGER NOT NULL DEFAULT 2 CHECK (seats >= 1);
ALTER TABLE challenges ADD COLUMN invited TEXT NOT NULL DEFAULT '[]';
ALTER TABLE challenges ADD COLUMN declined TEXT NOT NULL DEFAULT '[]';
UPDATE challenges SET invited = '[' || opponent_id || ']' WHERE opponent_id IS NOT NULL AND status <> 'accepted';
UPDATE challenges SET declined = invited WHERE status = 'declined';
CREATE TABLE table_places (
    challenge_id INTEGER NOT NULL REFERENCES challenges (id),
    place        INTEGER NOT NULL CHECK (place >= 0),  -- join order; the host is 0
    user_id      INTEGER NOT NULL,
    name         TEXT    NOT NULL,
    ai_level     TEXT,                                  -- NULL: a human
    team         INTEGER,                               -- chosen by the host (partnerships); NULL: by join order
    PRIMARY KEY (challenge_id, place)
) WITHOUT ROWID;
CREATE UNIQUE INDEX table_places_one_human_place ON table_places (challenge_id, user_id) WHERE ai_level IS NULL;
INSERT INTO table_places (challenge_id, place, user_id, name) SELECT id, 0, challenger_id, challenger_name FROM challenges;
INSERT INTO table_places (challenge_id, place, user_id, name)
    SELECT id, 1, opponent_id, COALESCE(opponent_name, '') FROM challenges
    WHERE status = 'accepted' AND opponent_id IS NOT NULL;
