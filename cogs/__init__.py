"""Discord cogs: thin glue from interactions to the TableService and the renderer.

No game rule lives here: every choice offered to a player comes from the engine's SeatView.
"""
