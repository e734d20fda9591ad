-- 0010: languages. A player may choose the language of his own messages (/gin style language; NULL:
-- his Discord client's language), a server the language of its public messages (/gin-admin settings
-- language; NULL: the server's preferred locale). Codes are the catalogues' ('de', 'pt_BR').
-- Existing rows keep NULL: nothing changes for them until someone chooses. Both dialects run it as is.
ALTER TABLE player_styles ADD COLUMN language TEXT;
ALTER TABLE guild_settings ADD COLUMN language TEXT;
