"""Pictures of Gin Rummy for Discord, drawn with Pillow from the engine's views only.

Public API (each image function returns a ``RenderedImage`` with ``.png`` bytes, ``.alt``
text for screen readers and image-less clients, and ``.filename``; ``image.file()`` gives a
BytesIO for ``discord.File``; nothing here imports discord)::

    render_hand(view: SeatView, names, style=Style())         # the seat's own cards only
    render_table(view: PublicView, names, style=Style())      # piles, players, turn, last move
    render_result(view: PublicView, names, style=Style())     # view.last_hand laid out, scored
    render_match_end(view: PublicView, names, style=Style(), rating_changes=None)
    describe_events(view: PublicView, names, previous=()) -> str   # the last move in words
    alt_hand / alt_table / alt_result / alt_match_end          # the text alternatives alone
    warm_cache(style) -> seconds                               # draw all card faces at start-up

``names`` are the two display names in seat order. ``Style(four_colour=False, scale=2)``.

Images are pure functions of the view: the same view gives byte-identical PNGs. The tests keep
golden hashes of a few images in tests/render/golden.json; after a deliberate change of the
look, regenerate them with::

    GIN_RENDER_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render -q

and look at the new pictures first: ``python -m render --seed 7 --out /tmp/gin-render``.
"""

from .cards import warm_cache
from .draw import RenderedImage
from .hand import render_hand
from .match_end import render_match_end
from .result import render_result
from .style import Style
from .table import render_table
from .text import alt_hand, alt_match_end, alt_result, alt_table, describe_events

__all__ = [
    "RenderedImage", "Style", "alt_hand", "alt_match_end", "alt_result", "alt_table",
    "describe_events", "render_hand", "render_match_end", "render_result", "render_table",
    "warm_cache",
]
