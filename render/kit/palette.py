"""The one palette every picture of a deck is drawn in, and the antialiasing ramps inside it.

Pictures are drawn as palette indices from the start (no quantising per picture). The
palette holds every flat colour of render/style.py and, for each pair of colours where one
is drawn antialiased over the other (text on the panel, a suit on a card, a card's edge on
the felt), a ramp of mixes between them. A coverage value (0-255) of a glyph or an edge
then maps to the nearest ramp step with a 256-entry lookup table (``Palette.lut``).

The palette is a pure function of the colours and ``four_colour`` (the two-colour deck has
fewer colours, so its ramps get more steps), so the same view gives the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from bot.engine import Suit

from . import style as S

RGB = S.RGB
MAX_COLOURS = 256
EDGE_STEPS = 3  # intermediate mixes on card outlines and corners (small, curved: few are enough)


def _ramp(fg: RGB, bg: RGB, steps: int) -> list[RGB]:
    """``steps`` mixes strictly between ``bg`` and ``fg`` (bg side first)."""
    return [S.mix(bg, fg, j / (steps + 1)) for j in range(1, steps + 1)]


def _suits(four_colour: bool) -> list[RGB]:
    table = S.FOUR_COLOUR if four_colour else S.TWO_COLOUR
    out: list[RGB] = []
    for suit in Suit:
        if table[suit] not in out:
            out.append(table[suit])
    return out


def text_pairs() -> list[tuple[RGB, RGB]]:
    """(ink, ground) of every text the pictures draw outside the cards."""
    on_panel = [S.TEXT, S.MUTED, S.SET_COLOUR, S.RUN_COLOUR, S.DEADWOOD_COLOUR, S.GOOD, S.LAYOFF_COLOUR, S.NEW_COLOUR]
    pairs = [(ink, S.PANEL) for ink in on_panel]
    pairs += [(S.TEXT, S.PANEL_LIGHT), (S.MUTED, S.PANEL_LIGHT), (S.SET_COLOUR, S.PANEL_LIGHT)]
    pairs += [
        (S.INK, S.NEW_COLOUR),
        (S.INK, S.LAYOFF_COLOUR),
        (S.INK, S.BADGE_GIN),
        (S.PANEL, S.BADGE_KNOCK),
        (S.TEXT, S.BADGE_GREY),
    ]
    return pairs


def card_pairs(four_colour: bool) -> tuple[list[tuple[RGB, RGB]], list[tuple[RGB, RGB]]]:
    """(ink, ground) pairs inside the card pictures: (glyph pairs, edge pairs), normal and dimmed."""
    glyphs: list[tuple[RGB, RGB]] = []
    edges: list[tuple[RGB, RGB]] = [(S.PANEL_EDGE, S.PANEL), (S.BACK, S.PANEL_EDGE)]
    for dim in (False, True):
        d = S.dimmed if dim else (lambda c: c)
        edge, card, face = d(S.CARD_EDGE), d(S.CARD), d(S.CARD_FACE)
        edges += [(edge, S.PANEL), (card, edge), (face, edge), (edge, card), (edge, face)]
        for colour in _suits(four_colour):
            glyphs += [(d(colour), card), (d(colour), face), (d(S.court_letter(colour)), face)]
    return glyphs, edges


def flat_colours(four_colour: bool) -> list[RGB]:
    """Every flat colour, in a fixed order."""
    base = [
        S.PANEL,
        S.PANEL_EDGE,
        S.PANEL_LIGHT,
        S.TEXT,
        S.MUTED,
        S.CARD,
        S.CARD_FACE,
        S.CARD_EDGE,
        S.BACK,
        S.BACK_LINE,
        S.BACK_FRAME,
        S.SET_COLOUR,
        S.RUN_COLOUR,
        S.DEADWOOD_COLOUR,
        S.NEW_COLOUR,
        S.LAYOFF_COLOUR,
        S.GOOD,
        S.INK,
        S.BADGE_GREY,
        S.BADGE_KNOCK,
        S.BADGE_GIN,
    ]
    card = [S.CARD, S.CARD_FACE, S.CARD_EDGE]
    for colour in _suits(four_colour):
        card += [colour, S.court_frame(colour), S.court_letter(colour)]
    return base + card + [S.dimmed(c) for c in card]


@dataclass
class Palette:
    """A fixed palette: ``colours[i]`` is index i. ``lut(fg, bg)`` maps coverage to indices."""

    colours: tuple[RGB, ...]
    steps: int  # intermediate mixes of a text or glyph ramp
    _index: dict[RGB, int] = field(default_factory=dict, repr=False)
    _luts: dict[tuple[RGB, RGB], bytes] = field(default_factory=dict, repr=False)
    _ramps: dict[tuple[RGB, RGB], int] = field(default_factory=dict, repr=False)
    misses: set[RGB] = field(default_factory=set, repr=False)  # colours asked for but absent (tests read it)

    data: bytes = b""  # the palette as RGB bytes (for putpalette and the PNG's PLTE chunk)

    def __post_init__(self) -> None:
        for i, c in enumerate(self.colours):
            self._index.setdefault(c, i)
        self.data = bytes(v for c in self.colours for v in c)

    def nearest(self, c: RGB) -> int:
        """The index of ``c``, or of the closest colour when ``c`` is not in the palette."""
        i = self._index.get(c)
        if i is None:
            self.misses.add(c)
            i = min(
                range(len(self.colours)),
                key=lambda k: sum((a - b) ** 2 for a, b in zip(self.colours[k], c, strict=True)),
            )
            self._index[c] = i
        return i

    def __getitem__(self, c: RGB) -> int:
        return self.nearest(c)

    def lut(self, fg: RGB, bg: RGB) -> bytes:
        """256 indices: coverage 0 is ``bg``, 255 is ``fg``, between them the nearest ramp step."""
        key = (fg, bg)
        table = self._luts.get(key)
        if table is None:
            n = self._ramps.get(key, self.steps)
            ramp = [self.nearest(bg)] + [self.nearest(c) for c in _ramp(fg, bg, n)] + [self.nearest(fg)]
            table = bytes(ramp[round(a * (n + 1) / 255)] for a in range(256))
            self._luts[key] = table
        return table


def _build(four_colour: bool) -> Palette:
    flats = flat_colours(four_colour)
    glyphs, edges = card_pairs(four_colour)
    texts = text_pairs()
    seen: dict[RGB, None] = dict.fromkeys(flats)
    edge_cols: list[RGB] = [c for fg, bg in edges for c in _ramp(fg, bg, EDGE_STEPS)]
    steps = 1
    for n in range(12, 0, -1):  # the most steps that fit
        extra = dict.fromkeys(c for fg, bg in texts + glyphs for c in _ramp(fg, bg, n))
        total = dict.fromkeys([*seen, *edge_cols, *extra])
        if len(total) <= MAX_COLOURS:
            steps = n
            break
    colours = dict.fromkeys([*seen, *edge_cols, *(c for fg, bg in texts + glyphs for c in _ramp(fg, bg, steps))])
    pal = Palette(tuple(colours), steps)
    for pair in edges:
        pal._ramps[pair] = EDGE_STEPS
    return pal


@cache
def palette_for(four_colour: bool) -> Palette:
    """The palette of the two- or four-colour deck (built once)."""
    return _build(four_colour)
