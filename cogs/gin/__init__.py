"""The Discord layer of the game tables, a folder per job:

- ``components/``: what Discord shows and a click lands on: the custom_id formats (``ids``, pure),
  the DynamicItems (``items``), the views (``views``) and the ``Routes`` a click is handed to;
- ``flows/``: what happens at a table: the public board (``board``, ``announce``), private hands
  and moves (``hand``; ``live`` keeps each player's hand message live; ``pings``: at most one turn
  ping), ``challenges``, ``lobby``, the ``scheduler`` (what happens without a click), ``posting``
  (drawing and sending), ``reach`` (a lost channel, a refused post) and the ``desk`` that wires them together and fulfils the Routes;
- ``commands``, ``stats``, ``guide`` and ``lookback``: the /gin group; these are the bot's
  extensions (``bot.client.EXTENSIONS``, loaded in that order: the others join the group
  ``commands`` owns);
- ``server_events``: a channel deleted or the bot removed from a server ends their tables;
- ``answer``: the one answering path (``@answers``, ``GinTree``); ``messages`` and
  ``server_messages``: the texts.

Dependencies point one way: commands -> flows -> components (a click reaches a flow through the
Routes, never an import back). Unloading an extension drops it and its submodules from
``sys.modules``, so the parts the bot holds (the desk, the DynamicItem classes) live in modules no
extension contains, and keep one identity across a reload.

No game rule lives here: what a player may do comes from the engine's views through the
game's renderer (``render.renderer_for(match.game)``).
"""

from __future__ import annotations

from .answer import GinTree
from .components import ITEMS
from .flows import Desk, desk_of

EXTENSIONS = (
    "cogs.gin.commands",
    "cogs.gin.stats",
    "cogs.gin.guide",
    "cogs.gin.lookback",
    "cogs.gin.admin",
    "cogs.gin.server_events",
    "cogs.gin.tournament.commands",
)  # in this order: the others join /gin

__all__ = ["EXTENSIONS", "ITEMS", "Desk", "GinTree", "desk_of"]
