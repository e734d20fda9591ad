"""The Discord layer of the game tables, one job per module:

- ``messages``: every text it writes; ``ids``: custom_id formats (pure);
- ``answer``: the one answering path (``@answers``, ``GinTree``);
- ``components``: DynamicItems and views, controls from the game's renderer;
- ``board``, ``hand``, ``challenges``, ``lobby``, ``scheduler``: public boards, private hands and
  moves, challenges, lobbies (tables of three or more), and what happens without a click; ``live``: each player's hand message kept live
  (redrawn by the bot after every move, for the 15 minutes a token lasts); ``pings``: at most one
  turn ping, none while the player is there; ``desk``: those parts wired together;
- ``commands`` and ``stats``: the /gin group; these two are the bot's extensions
  (``bot.client.EXTENSIONS``, loaded in that order: stats joins the group commands owns).

Only ``commands`` and ``stats`` are extensions: unloading an extension drops it and its
submodules from ``sys.modules``, so the parts the bot holds (the desk, the DynamicItem classes)
live in modules no extension contains, and keep one identity across a reload.

No game rule lives here: what a player may do comes from the engine's views through the
game's renderer (``render.renderer_for(match.game)``).
"""

from __future__ import annotations

from .answer import GinTree
from .components import ITEMS
from .desk import Desk, desk_of

__all__ = ["ITEMS", "Desk", "GinTree", "desk_of"]
