-- 0008: two more of a player's choices in /gin style: loose cards sorted by rank or by suit, and
-- hints (the deadwood a discard leaves, the best discard, "you can knock") shown or not.
-- Existing rows keep what they had: rank order, hints on. Both dialects run it as is.
ALTER TABLE player_styles ADD COLUMN card_order TEXT NOT NULL DEFAULT 'rank' CHECK (card_order IN ('rank', 'suit'));
ALTER TABLE player_styles ADD COLUMN hints INTEGER NOT NULL DEFAULT 1 CHECK (hints IN (0, 1));
