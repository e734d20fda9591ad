-- 0006: what the Discord side must remember beyond one process, so that a new owner of a guild (after
-- a restart or a re-shard) carries on where the old one stopped: the newest match version its board
-- shows (a board that is current is not drawn again), and the turn pings sent (a player pinged for
-- this turn is not pinged again, and the ping is deleted once he moves). Both dialects run it as is.
ALTER TABLE matches ADD COLUMN shown_version INTEGER;  -- NULL: nothing recorded (drawn before 0006)

-- One row per human whose current turn was announced to him: by a ping (message_id) or by the new
-- board's mention (message_id NULL). Deleted when his turn ends; a human sits once per match.
CREATE TABLE turn_pings (
    match_id   INTEGER NOT NULL REFERENCES matches (id),
    user_id    INTEGER NOT NULL,
    version    INTEGER NOT NULL,                    -- the match version at which the turn came to him
    message_id INTEGER,                             -- the ping message; NULL: the board's mention
    PRIMARY KEY (match_id, user_id)
) WITHOUT ROWID;
