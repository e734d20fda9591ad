"""Two-player Gin's pictures, words and the hand's controls (bot.engine.gin.Match)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine.gin import PublicView, SeatView
from bot.i18n import current

from ..games import Control, Names
from ..kit.cards import warm_cache
from ..kit.draw import RenderedImage
from ..kit.style import Style
from ..knock.controls import knock_controls
from .hand import render_hand
from .match_end import render_match_end
from .result import render_result
from .table import render_table
from .words import describe_events, hand_line, score_line, status_line


class DuelRenderer:
    """Two players at one table."""

    def table(self, view: PublicView, names: Names, style: Style) -> RenderedImage:
        return render_table(view, names, style)

    def hand(self, view: SeatView, names: Names, style: Style) -> RenderedImage:
        return render_hand(view, names, style)

    def result(self, view: PublicView, names: Names, style: Style) -> RenderedImage | None:
        if view.last_hand is None or view.last_hand.result is None:
            return None  # a drawn hand has nothing to lay out
        return render_result(view, names, style)

    def match_end(
        self, view: PublicView, names: Names, style: Style, rating_changes: Mapping[int, int] | None = None
    ) -> RenderedImage:
        return render_match_end(view, names, style, rating_changes=dict(rating_changes) if rating_changes else None)

    def describe(self, view: PublicView, names: Names) -> str:
        return describe_events(view, names)

    def score_line(self, view: PublicView, names: Names) -> str:
        return score_line(view, names)

    def hand_line(self, view: PublicView, names: Names) -> str | None:
        if view.last_hand is None:
            return None
        return hand_line(view.last_hand, names, len(view.games) > 1)

    def status_line(self, view: SeatView, names: Names) -> str:
        return status_line(view, names)

    def hint(self, view: SeatView) -> str:
        if view.turn == view.seat and view.can_knock:
            return current()._("You may knock (limit {limit}).", limit=view.knock_limit)
        return ""

    def controls(self, view: SeatView) -> list[Control]:
        return knock_controls(view)

    def warm(self, style: Style) -> float:
        return warm_cache(style)
