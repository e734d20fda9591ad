-- 0012: tournaments (docs/tournaments.md). A tournament's row holds the organiser's choices and the
-- pure state (bot.tournaments, as JSON) with a version: every step of the service is a conditional
-- update on it, so two processes (or a restart) never pair a round or count a result twice.
-- tournament_entries: the sign-ups, checked in or not (an AI entrant has a negative id and a level).
-- tournament_matches: a round's pairing -> its match, written in the same transaction as the match
-- (the primary key makes that once); counted_at is set in the transaction that feeds the result back.
-- tournament_outbox: the public messages a step implies, written with it and marked done once Discord
-- accepted them (as the matches' outbox); a poster claims a row for a while before posting it.
-- guild_settings.tournament_role: a role whose members may organise tournaments (besides Manage Server).
-- Both dialects run it as is.
ALTER TABLE guild_settings ADD COLUMN tournament_role INTEGER;  -- NULL: Manage Server only

CREATE TABLE tournaments (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    organiser_id    INTEGER NOT NULL,
    bot_id          INTEGER NOT NULL,              -- the user id every AI seat of its matches plays under
    variant         TEXT    NOT NULL,              -- the game's variant (the rules' preset)
    config          TEXT    NOT NULL,              -- JSON: the TournamentConfig (bot.tournaments' codec)
    state           TEXT,                          -- JSON: bot.tournaments.to_json; NULL until it starts
    status          TEXT    NOT NULL CHECK (status IN ('signup', 'checkin', 'running', 'finished', 'cancelled')),
    version         INTEGER NOT NULL DEFAULT 0,    -- bumped by every step
    signup_message  INTEGER,                       -- the public message with Join / Leave
    checkin_message INTEGER,                       -- the check-in message
    created_at      TEXT    NOT NULL,
    signup_ends     TEXT    NOT NULL,
    checkin_s       INTEGER NOT NULL,              -- the check-in window, in seconds (0: no check-in)
    checkin_ends    TEXT,                          -- set when the check-in opens
    started_at      TEXT,
    ended_at        TEXT,
    reason          TEXT    NOT NULL DEFAULT ''    -- why it was cancelled (the organiser's words)
);
-- The scheduler's look for tournaments to drive.
CREATE INDEX tournaments_going ON tournaments (guild_id, id) WHERE status IN ('signup', 'checkin', 'running');

CREATE TABLE tournament_entries (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,                -- an AI entrant: negative, unique in its tournament
    name          TEXT    NOT NULL,
    ai_level      TEXT,                            -- NULL: a person
    joined_at     TEXT    NOT NULL,
    checked_in_at TEXT,
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

CREATE TABLE tournament_matches (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,                -- the pairing key (round, table), both from 1
    board         INTEGER NOT NULL,
    match_id      INTEGER NOT NULL UNIQUE REFERENCES matches (id),
    rated         INTEGER NOT NULL,                -- 0: the match's result leaves ratings and stats alone
    turn_timeout_s INTEGER NOT NULL,               -- the tournament's, not the server's
    counted_at    TEXT,                            -- when its result was fed back into the tournament
    PRIMARY KEY (tournament_id, round, board)
) WITHOUT ROWID;
CREATE INDEX tournament_matches_uncounted ON tournament_matches (tournament_id) WHERE counted_at IS NULL;

CREATE TABLE tournament_outbox (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    version       INTEGER NOT NULL,                -- the tournament version the message shows
    kind          TEXT    NOT NULL CHECK (kind IN ('signup', 'checkin', 'round', 'result', 'final', 'cancelled')),
    payload       TEXT    NOT NULL DEFAULT '{}',   -- JSON: what the message needs beyond the state (a pairing key)
    created_at    TEXT    NOT NULL,
    claimed_until TEXT,                            -- a process is posting it until then
    done_at       TEXT,
    message_id    INTEGER
);
CREATE INDEX tournament_outbox_pending ON tournament_outbox (id) WHERE done_at IS NULL;
