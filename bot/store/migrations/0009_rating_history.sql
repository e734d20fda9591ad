-- 0009: every rating change with its match and time, for the rating chart of /gin stats and the
-- history. Until now a change lived only in its match end's announcement (outbox payload
-- {"rating_changes": {"<user id>": change}}); those are copied here, and each copied row gets the
-- rating it led to by counting back from the player's rating today (exact when every later change
-- was announced, which every match since migration 0004 was).

CREATE TABLE rating_changes (
    match_id INTEGER NOT NULL,                      -- the match that changed it (no foreign key: stats may be recorded alone)
    user_id  INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    family   TEXT    NOT NULL,                      -- as player_stats.family, e.g. 'gin:2'
    at       TEXT    NOT NULL,                      -- when the match ended
    change   INTEGER NOT NULL,
    rating   INTEGER NOT NULL,                      -- the rating after the change
    PRIMARY KEY (match_id, user_id)
) WITHOUT ROWID;
CREATE INDEX rating_changes_by_player ON rating_changes (guild_id, family, user_id, at);

-- only: sqlite
INSERT INTO rating_changes (match_id, user_id, guild_id, family, at, change, rating)
    SELECT o.match_id, CAST(j.key AS INTEGER), m.guild_id, m.game || ':' || m.seats,
           COALESCE(m.ended_at, o.created_at), CAST(j.value AS INTEGER), 0
    FROM outbox o JOIN matches m ON m.id = o.match_id, json_each(o.payload, '$.rating_changes') j
    WHERE o.kind = 'match_end';
-- end only
-- only: postgresql
INSERT INTO rating_changes (match_id, user_id, guild_id, family, at, change, rating)
    SELECT o.match_id, CAST(j.key AS BIGINT), m.guild_id, m.game || ':' || m.seats,
           COALESCE(m.ended_at, o.created_at), CAST(j.value AS INTEGER), 0
    FROM outbox o JOIN matches m ON m.id = o.match_id,
         jsonb_each_text(CAST(o.payload AS JSONB) -> 'rating_changes') j
    WHERE o.kind = 'match_end';
-- end only

UPDATE rating_changes SET rating = COALESCE((
        SELECT p.rating FROM player_stats p
        WHERE p.guild_id = rating_changes.guild_id AND p.family = rating_changes.family
          AND p.user_id = rating_changes.user_id), 1500)
    - (SELECT COALESCE(SUM(later.change), 0) FROM rating_changes later
        WHERE later.guild_id = rating_changes.guild_id AND later.family = rating_changes.family
          AND later.user_id = rating_changes.user_id
          AND (later.at > rating_changes.at OR (later.at = rating_changes.at AND later.match_id > rating_changes.match_id)));
