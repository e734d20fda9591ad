"""Discord cogs: thin glue from interactions to the TableService and the game renderers.

No game rule lives here: every choice offered to a player comes from the engine's views,
turned into controls by the game's renderer (see cogs.gin).
"""
