"""The renderer side of the game protocol: pictures, words and controls for any registered game.

The Discord layer never knows a game's rules: for a match of game ``g`` it asks
``renderer_for(g)`` for the board picture, the private hand picture, the result of a
finished hand, the match end, the turn in words, and the ``Control`` list (which buttons
and menus to show a seat, taken from that seat's legal actions). No discord import here:
a Control is plain data that the Discord layer turns into components.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

from .kit.draw import RenderedImage
from .kit.style import Style

Names = Sequence[str]
ControlStyle = Literal["primary", "secondary", "success", "danger"]
PV_contra = TypeVar("PV_contra", contravariant=True)  # a game's public view
SV_contra = TypeVar("SV_contra", contravariant=True)  # a game's seat view


@dataclass(frozen=True, slots=True)
class Control:
    """One move offered to a seat. ``action`` is the engine's action text (what a click sends).

    Controls with the same ``menu`` are options of one select menu (``placeholder`` is its
    prompt); a control without a menu is a button. ``row`` is the Discord row (0-4).
    ``confirm``: a question to ask before the move is made (one more click, e.g. a knock that ends
    the hand); None makes the move at once. ``hint``: what the move leaves (a discard's deadwood),
    shown after the label to a player who keeps hints on (``shown``).
    """

    action: str
    label: str
    style: ControlStyle = "primary"
    row: int = 0
    menu: str | None = None
    placeholder: str | None = None
    confirm: str | None = None
    hint: str | None = None

    def shown(self, hints: bool = True) -> str:
        """The label as a player sees it: with the hint when he keeps hints on."""
        return f"{self.label} · {self.hint}" if hints and self.hint else self.label


class GameRenderer(Protocol[PV_contra, SV_contra]):
    """Pictures and words for one game, drawn from its public views (``PV``) and seat views (``SV``) only."""

    def table(self, view: PV_contra, names: Names, style: Style) -> RenderedImage:
        """The public board: piles, seats, scores, whose turn."""

    def hand(self, view: SV_contra, names: Names, style: Style) -> RenderedImage:
        """One seat's own cards (from its SeatView only)."""

    def result(self, view: PV_contra, names: Names, style: Style) -> RenderedImage | None:
        """The latest finished hand laid out and scored, or None when there is nothing to show."""

    def match_end(
        self, view: PV_contra, names: Names, style: Style, rating_changes: Mapping[int, int] | None = None
    ) -> RenderedImage:
        """The final totals with every bonus (rating changes keyed by seat)."""

    def describe(self, view: PV_contra, names: Names) -> str:
        """The current turn in words, for the board's text."""

    def score_line(self, view: PV_contra, names: Names) -> str:
        """The running match score in one line."""

    def hand_line(self, view: PV_contra, names: Names) -> str | None:
        """The latest finished hand in one line (None before the first one ends)."""

    def status_line(self, view: SV_contra, names: Names) -> str:
        """What this seat may do now, or whom it waits for."""

    def hint(self, view: SV_contra) -> str:
        """A short extra line for the seat's private message ('' for none)."""

    def controls(self, view: SV_contra) -> list[Control]:
        """The moves this seat may make now, as buttons and menus (empty when not its turn)."""

    def warm(self, style: Style) -> float:
        """Prepare caches at start-up; returns the seconds it took."""


# The registry forgets each renderer's own view types: a caller hands it the views of the game it asked for.
AnyRenderer = GameRenderer[Any, Any]

_RENDERERS: dict[str, AnyRenderer] = {}
_HELD_BACK: set[str] = set()  # drawn, but not offered for new tables yet


def register_renderer(game: str, renderer: AnyRenderer, *, offered: bool = True) -> None:
    """Make a game drawable; ``offered=False`` keeps it out of the games a new table may choose
    (its turn through Discord's controls is not verified end to end yet)."""
    _RENDERERS[game] = renderer
    if offered:
        _HELD_BACK.discard(game)
    else:
        _HELD_BACK.add(game)


def unregister_renderer(game: str) -> None:
    _RENDERERS.pop(game, None)
    _HELD_BACK.discard(game)


def offered_games() -> tuple[str, ...]:
    """The games a new table may choose: drawable and not held back."""
    return tuple(g for g in _RENDERERS if g not in _HELD_BACK)


def renderer_for(game: str) -> AnyRenderer:
    """The renderer of a registered game; LookupError if it has none."""
    try:
        return _RENDERERS[game]
    except KeyError:
        raise LookupError(f"no renderer for game {game!r}") from None


def renderers() -> Mapping[str, AnyRenderer]:
    return dict(_RENDERERS)
