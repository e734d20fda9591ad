"""Look options (two- or four-colour deck, scale) and the palette every image shares."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.cards import Suit

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Style:
    """How images look. ``four_colour``: clubs green, diamonds blue (for colour-blind players
    and small screens). ``scale``: pixels per layout unit; 2 keeps text sharp when Discord
    shrinks the picture to about 550 px wide, 1 is half the size."""

    four_colour: bool = False
    scale: int = 2

    def __post_init__(self) -> None:
        if not isinstance(self.scale, int) or not 1 <= self.scale <= 4:
            raise ValueError("scale must be an integer from 1 to 4")

    def px(self, units: float) -> int:
        """Layout units to pixels."""
        return int(round(units * self.scale))

    def suit_colour(self, suit: Suit) -> RGB:
        return (FOUR_COLOUR if self.four_colour else TWO_COLOUR)[suit]

    @property
    def slug(self) -> str:
        """Short name for file names: '2c@2x', '4c@1x'."""
        return f"{'4c' if self.four_colour else '2c'}@{self.scale}x"


TWO_COLOUR: dict[Suit, RGB] = {
    Suit.SPADES: (22, 22, 24), Suit.HEARTS: (204, 28, 44),
    Suit.DIAMONDS: (204, 28, 44), Suit.CLUBS: (22, 22, 24),
}
FOUR_COLOUR: dict[Suit, RGB] = {
    Suit.SPADES: (22, 22, 24), Suit.HEARTS: (204, 28, 44),
    Suit.DIAMONDS: (24, 88, 204), Suit.CLUBS: (18, 122, 52),
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
