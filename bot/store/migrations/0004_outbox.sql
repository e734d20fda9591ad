-- 0004: the outbox. Every public message a committed change implies (a new hand's board, a hand's
-- result, a match's end) is a row written in the same transaction as the change, marked done when
-- Discord has accepted the message; the bot posts what is pending on start and on every tick.
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches (id),
    version     INTEGER NOT NULL,                   -- the match version the message shows
    kind        TEXT    NOT NULL CHECK (kind IN ('board', 'hand_result', 'match_end')),
    payload     TEXT    NOT NULL DEFAULT '{}',      -- JSON: what the match state does not hold (rating changes)
    created_at  TEXT    NOT NULL,
    done_at     TEXT,
    message_id  INTEGER
);
CREATE INDEX outbox_pending ON outbox (id) WHERE done_at IS NULL;
