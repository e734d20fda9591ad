"""Pictures of Gin Rummy for Discord, drawn with Pillow from the engine's views only.

Public API (each image function returns a ``RenderedImage`` with ``.png`` bytes, ``.alt``
text for screen readers and image-less clients, and ``.filename``; ``image.file()`` gives a
BytesIO for ``discord.File``; nothing here imports discord)::

    render_hand(view: SeatView, names, style=Style())         # the seat's own cards only
    render_table(view: PublicView, names, style=Style())      # piles, players, turn, last move
    render_result(view: PublicView, names, style=Style())     # view.last_hand laid out, scored
    render_match_end(view: PublicView, names, style=Style(), rating_changes=None)
    describe_events(view: PublicView, names) -> str                # the current turn in words
    alt_hand / alt_table / alt_result / alt_match_end          # the text alternatives alone
    warm_cache(style) -> seconds                               # draw all card faces at start-up

``names`` are the two display names in seat order. ``Style(four_colour=False, scale=2,
size="normal")``: one per player (deck colours, card size small/normal/large, pixel scale).
A player who wants no pictures (text-only) gets ``image.alt`` instead, or the ``alt_*``
functions: each text holds everything its picture shows (the hand: melds, deadwood, the new
card, what may be done; the table: rules, piles, scores, whose turn, the last turn).

Pictures read on a phone: Discord fits a picture into about 550 x 550 px, so every picture
(table, hand, result, match end) is at most 550 layout units wide (1,100 px at scale 2), no
taller than wide, and no text in it is under 11 px once fitted into that box
(render.kit.draw.smallest_shown; tests/render/test_phone_fit.py plays every game and size).

Pictures are drawn in a fixed palette (render/palette.py) from cached card tiles and text
stamps, and written as 8-bit PNG without any quantising (render/draw.py; ``python -m
bench.render`` compares this with the old RGB drawing). They are pure functions of the view:
the same view gives byte-identical PNGs with the same Pillow. The tests keep golden pictures
in tests/render/golden/ compared by pixels with a small tolerance; after a deliberate change
of the look, regenerate them with::

    GIN_RENDER_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render -q

and look at the new pictures first: ``python -m render --seed 7 --out render-samples``.
"""

from importlib import import_module

from .games import AnyRenderer, Control, GameRenderer, register_renderer, renderer_for, unregister_renderer
from .gin.alt import alt_hand, alt_match_end, alt_result, alt_table
from .gin.hand import render_hand
from .gin.match_end import render_match_end
from .gin.result import render_result
from .gin.table import render_table
from .gin.words import describe_events
from .kit.cards import warm_cache
from .kit.draw import RenderedImage
from .kit.style import Style, card_order, card_size

# Each family package registers its games' renderers.
for _module in ("gin", "knockout", "tablegames"):
    import_module(f"{__name__}.{_module}")

__all__ = [
    "AnyRenderer",
    "Control",
    "GameRenderer",
    "RenderedImage",
    "Style",
    "alt_hand",
    "alt_match_end",
    "alt_result",
    "alt_table",
    "card_order",
    "card_size",
    "describe_events",
    "register_renderer",
    "render_hand",
    "render_match_end",
    "render_result",
    "render_table",
    "renderer_for",
    "unregister_renderer",
    "warm_cache",
]
