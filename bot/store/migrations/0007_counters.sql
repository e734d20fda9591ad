-- 0007: a game's own tallies leave the columns of the stats table. Each player's counters per game
-- family are rows of player_counters, keyed by the engine's stable name of the counter ('gins',
-- 'undercuts', 'rummies': bot.engine GameType.counters), so every game keeps what it counts without
-- a column per Gin term. Until now the gins column held each game's one tally (Gin, Knockout and
-- Skarney: gins; Rummy: rummies; Colonel: none) and undercuts Gin's; a zero is no row.
-- The hands table loses its Gin-only knocker column too: each hand's JSON record still holds it.
-- Both dialects run it as is (SQLite drops a column in place since 3.35).

CREATE TABLE player_counters (
    guild_id INTEGER NOT NULL,
    family   TEXT    NOT NULL,                      -- as player_stats.family, e.g. 'gin:2'
    user_id  INTEGER NOT NULL,
    counter  TEXT    NOT NULL,                      -- the game's key, e.g. 'gins'
    value    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, family, user_id, counter)
) WITHOUT ROWID;
INSERT INTO player_counters (guild_id, family, user_id, counter, value)
    SELECT guild_id, family, user_id, CASE WHEN family LIKE 'rummy:%' THEN 'rummies' ELSE 'gins' END, gins
    FROM player_stats WHERE gins <> 0;
INSERT INTO player_counters (guild_id, family, user_id, counter, value)
    SELECT guild_id, family, user_id, 'undercuts', undercuts FROM player_stats WHERE undercuts <> 0;
ALTER TABLE player_stats DROP COLUMN gins;
ALTER TABLE player_stats DROP COLUMN undercuts;

ALTER TABLE hands DROP COLUMN knocker;
