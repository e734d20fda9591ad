-- 0003: each player's look (/gin style), and how long a server waits before a turn ping.
CREATE TABLE player_styles (
    user_id     INTEGER PRIMARY KEY,
    four_colour INTEGER NOT NULL DEFAULT 0 CHECK (four_colour IN (0, 1)),
    card_size   TEXT    NOT NULL DEFAULT 'normal' CHECK (card_size IN ('small', 'normal', 'large')),
    text_only   INTEGER NOT NULL DEFAULT 0 CHECK (text_only IN (0, 1)),
    updated_at  TEXT    NOT NULL
) WITHOUT ROWID;
-- Seconds a player with his hand message open may take before the turn ping is sent.
ALTER TABLE guild_settings ADD COLUMN ping_grace_s INTEGER NOT NULL DEFAULT 60;
