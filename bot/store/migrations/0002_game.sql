-- 0002: every match and challenge names its game (bot.engine.game registry); existing rows are Gin.
ALTER TABLE matches ADD COLUMN game TEXT NOT NULL DEFAULT 'gin';
ALTER TABLE challenges ADD COLUMN game TEXT NOT NULL DEFAULT 'gin';
