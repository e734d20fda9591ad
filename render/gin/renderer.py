"""Gin for two, three and four seats: ONE renderer, registered once. Each table size draws with its
own typed renderer (duel.py, trio.py, teams.py), chosen in one place by the type of the view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine.gin import PublicView, SeatView, TeamPublicView, TeamSeatView, TrioPublicView, TrioSeatView

from ..games import Control, GameRenderer, Names, register_renderer
from ..kit.cards import warm_cache
from ..kit.draw import RenderedImage
from ..kit.style import Style
from .duel import DuelRenderer
from .teams import TeamRenderer
from .trio import TrioRenderer

GinPublic = PublicView | TrioPublicView | TeamPublicView
GinSeat = SeatView | TrioSeatView | TeamSeatView

DUEL, TRIO, TEAMS = DuelRenderer(), TrioRenderer(), TeamRenderer()


# The one place a Gin view chooses its table size (each renderer typed with its own views).
_BY_VIEW: dict[type[object], GameRenderer[Any, Any]] = {
    PublicView: DUEL,
    SeatView: DUEL,
    TrioPublicView: TRIO,
    TrioSeatView: TRIO,
    TeamPublicView: TEAMS,
    TeamSeatView: TEAMS,
}


def _of(view: GinPublic | GinSeat) -> GameRenderer[Any, Any]:
    return _BY_VIEW[type(view)]


class GinRenderer:
    """Every Gin table: the view's type says which table size draws it."""

    def table(self, view: GinPublic, names: Names, style: Style) -> RenderedImage:
        return _of(view).table(view, names, style)

    def hand(self, view: GinSeat, names: Names, style: Style) -> RenderedImage:
        return _of(view).hand(view, names, style)

    def result(self, view: GinPublic, names: Names, style: Style) -> RenderedImage | None:
        return _of(view).result(view, names, style)

    def match_end(
        self, view: GinPublic, names: Names, style: Style, rating_changes: Mapping[int, int] | None = None
    ) -> RenderedImage:
        return _of(view).match_end(view, names, style, rating_changes)

    def describe(self, view: GinPublic, names: Names) -> str:
        return _of(view).describe(view, names)

    def score_line(self, view: GinPublic, names: Names) -> str:
        return _of(view).score_line(view, names)

    def hand_line(self, view: GinPublic, names: Names) -> str | None:
        return _of(view).hand_line(view, names)

    def status_line(self, view: GinSeat, names: Names) -> str:
        return _of(view).status_line(view, names)

    def hint(self, view: GinSeat) -> str:
        return _of(view).hint(view)

    def controls(self, view: GinSeat) -> list[Control]:
        return _of(view).controls(view)

    def warm(self, style: Style) -> float:
        return warm_cache(style)


register_renderer("gin", GinRenderer())
