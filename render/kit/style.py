"""Look options (deck colours, card size, pixel scale) and the colours every image uses.

The colours here are also the palette's source (render/palette.py): every picture is drawn
in palette indices, so a colour used in a picture must be one of these, a mix of two of
them (antialiased edges) or a dimmed one (deadwood).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.engine import CARD_ORDERS, CardOrder, Suit

RGB = tuple[int, int, int]
CardSize = Literal["tiny", "compact", "small", "normal", "large"]  # tiny, compact: crowded public pictures only

# A card's size relative to the layout: the pictures keep their width limits (a public
# picture at most 550 units, 1,100 px at scale 2), so larger cards wrap into more rows.
CARD_ZOOM: dict[str, float] = {"tiny": 0.5, "compact": 0.62, "small": 0.8, "normal": 1.0, "large": 1.2}


def card_order(text: str) -> CardOrder:
    """A card order from its name (a stored choice); ValueError for another."""
    for order in CARD_ORDERS:
        if text == order:
            return order
    raise ValueError(f"order must be one of {', '.join(CARD_ORDERS)}")


def card_size(text: str) -> CardSize:
    """A card size from its name (a stored choice); ValueError for a size not drawn here."""
    for size in ("small", "normal", "large"):
        if text == size:
            return size
    raise ValueError(f"size must be one of {', '.join(CARD_ZOOM)}")


@dataclass(frozen=True, slots=True)
class Style:
    """How images look; one per player is expected (a small frozen value, usable as a cache key).

    ``four_colour``: clubs green, diamonds blue (for colour-blind players and small screens).
    ``size``: the cards' size, ``"small"``, ``"normal"`` or ``"large"``: what a player chooses.
    ``scale``: pixels per layout unit (1 to 4). Discord shows a picture at most about 550 px
    wide, so the scale does not change how large things look there, only how sharp: 2 stays
    sharp on high-density phone screens, 1 is a quarter of the pixels.

    A player who wants words only gets ``RenderedImage.alt`` (or the ``alt_*`` functions in
    render.text) instead of a picture: that text holds everything the picture shows.
    """

    four_colour: bool = False
    scale: int = 2
    size: CardSize = "normal"
    order: CardOrder = "rank"  # loose cards by rank or by suit (bot.engine.deadwood_groups)
    hints: bool = True  # the knock badge and what each discard leaves

    def __post_init__(self) -> None:
        if not isinstance(self.scale, int) or isinstance(self.scale, bool) or not 1 <= self.scale <= 4:
            raise ValueError("scale must be an integer from 1 to 4")
        if self.size not in CARD_ZOOM:
            raise ValueError(f"size must be one of {', '.join(CARD_ZOOM)}")
        if self.order not in CARD_ORDERS:
            raise ValueError(f"order must be one of {', '.join(CARD_ORDERS)}")

    def px(self, units: float) -> int:
        """Layout units to pixels."""
        return round(units * self.scale)

    @property
    def zoom(self) -> float:
        """Card units per layout unit (CARD_ZOOM of ``size``)."""
        return CARD_ZOOM[self.size]

    def card_px(self, units: float) -> int:
        """Card units (a normal card is 84 x 120) to pixels, at this style's card size."""
        return round(units * self.zoom * self.scale)

    def suit_colour(self, suit: Suit) -> RGB:
        return (FOUR_COLOUR if self.four_colour else TWO_COLOUR)[suit]

    @property
    def slug(self) -> str:
        """Short name for file names: '2c@2x', '4c@1x', '2c@2x-large'."""
        tail = "" if self.size == "normal" else f"-{self.size}"
        return f"{'4c' if self.four_colour else '2c'}@{self.scale}x{tail}"


TWO_COLOUR: dict[Suit, RGB] = {
    Suit.SPADES: (22, 22, 24),
    Suit.HEARTS: (204, 28, 44),
    Suit.DIAMONDS: (204, 28, 44),
    Suit.CLUBS: (22, 22, 24),
}
FOUR_COLOUR: dict[Suit, RGB] = {
    Suit.SPADES: (22, 22, 24),
    Suit.HEARTS: (204, 28, 44),
    Suit.DIAMONDS: (24, 88, 204),
    Suit.CLUBS: (18, 122, 52),
}

# A card-table panel: the same picture reads on Discord's dark (#313338) and light (#ffffff) themes.
PANEL: RGB = (30, 66, 48)
PANEL_EDGE: RGB = (19, 44, 32)
PANEL_LIGHT: RGB = (44, 92, 66)  # a highlighted row (whose turn)
TEXT: RGB = (240, 243, 238)
MUTED: RGB = (178, 200, 186)

CARD: RGB = (252, 252, 247)
CARD_FACE: RGB = (251, 239, 203)  # J Q K: cream, with an inner frame and a large letter
CARD_EDGE: RGB = (120, 120, 116)
DIM: RGB = (166, 166, 162)  # multiplied into deadwood cards
BACK: RGB = (150, 30, 42)
BACK_LINE: RGB = (178, 62, 72)
BACK_FRAME: RGB = (240, 214, 160)

SET_COLOUR: RGB = (243, 184, 44)
RUN_COLOUR: RGB = (96, 180, 240)
DEADWOOD_COLOUR: RGB = (160, 164, 162)
NEW_COLOUR: RGB = (250, 212, 62)
LAYOFF_COLOUR: RGB = (236, 134, 220)
GOOD: RGB = (122, 222, 146)  # a score gained
INK: RGB = (26, 26, 28)  # dark text on light badges

BADGE_GREY: RGB = (104, 108, 112)
BADGE_KNOCK: RGB = (236, 246, 238)
BADGE_GIN: RGB = (250, 204, 52)


DEFAULT_STYLE = Style()  # the default of every function taking a style (a frozen value)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` of the way to ``b``, rounded per channel."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def dimmed(c: RGB) -> RGB:
    """``c`` multiplied by DIM, as deadwood cards are (the same integer maths as ImageChops.multiply)."""
    return (c[0] * DIM[0] // 255, c[1] * DIM[1] // 255, c[2] * DIM[2] // 255)


def court_frame(suit_colour: RGB) -> RGB:
    """The inner frame of a J, Q or K."""
    return mix(suit_colour, CARD_FACE, 0.25)


def court_letter(suit_colour: RGB) -> RGB:
    """The large pale letter of a J, Q or K."""
    return mix(suit_colour, CARD_FACE, 0.45)
