"""Gin for three (the dealer sits out) and four players (two partnerships, two tables at once).

Registered as "gin" over Gin's own renderer: two-player views (``PublicView``, ``SeatView``) go
to ``render.gin.GinRenderer`` unchanged, three- and four-player views are drawn here, from the
views only. render/__init__.py imports this module after render.gin.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine.gin import (
    DuelResult,
    PublicView,
    SeatView,
    TableView,
    TeamPublicView,
    TeamSeatView,
    TrioPublicView,
    TrioSeatView,
)

from . import style as S
from .board import Piles, SeatRow, Section, board
from .cards import warm_cache
from .draw import RenderedImage
from .games import Control, Names, register_renderer
from .gin import GinRenderer, gin_controls
from .groups import Group
from .hand import render_hand
from .multiwords import describe_turn, doing, gin_status, name_of
from .result import defender_groups, knocker_groups
from .style import Style
from .text import cards_text

_HOW = {
    "knock": "knocked",
    "undercut": "was undercut",
    "gin": "went gin",
    "big_gin": "went big gin",
    "low": "had the lower deadwood",
    "draw": "drawn",
}

Multi = TrioPublicView | TeamPublicView


def _pair(names: Names, players: tuple[int, int]) -> tuple[str, str]:
    return name_of(names, players[0]), name_of(names, players[1])


def _playing(v: Multi) -> bool:
    return not v.finished and v.turn is not None


def _team_name(v: TeamPublicView, names: Names, team: int) -> str:
    a, b = v.teams[team]
    return f"{name_of(names, a)} & {name_of(names, b)}"


def _table_of(v: TeamPublicView, seat: int) -> int:
    return 0 if seat in v.tables[0].players else 1


def _facts(v: Multi, seat: int, table: TableView) -> list[str]:
    facts: list[str] = []
    if (
        v.finished
        and v.winner is not None
        and (v.winner == seat or (isinstance(v, TeamPublicView) and v.winner % 2 == seat % 2))
    ):
        facts.append("won the match")
    if isinstance(v, TrioPublicView) and v.sitting_out == seat:
        facts.append("deals and sits out")
        return facts
    if _playing(v) and seat in v.to_act:
        facts.append("▶ " + doing(table.phase))
    facts.append(f"{v.card_counts[seat]} cards")
    if table.dealer == seat:
        facts.append("dealer")
    i = table.players.index(seat) if seat in table.players else -1
    if i >= 0 and table.known_cards[i]:
        facts.append("holds " + cards_text(table.known_cards[i]))
    return facts


def _duel_sections(d: DuelResult, players: tuple[int, int], names: Names, prefix: str) -> tuple[list[Section], str]:
    if d.result is None:
        return [], f"{prefix}drawn, nobody scores."
    r = d.result
    k = d.knocker if d.knocker is not None else d.scorer if d.scorer is not None else players[0]
    other = players[1] if k == players[0] else players[0]
    how = _HOW.get(r.outcome.value, r.outcome.value)
    scorer = name_of(names, d.scorer) if d.scorer is not None else "nobody"
    secs = [
        Section(
            f"{prefix}{name_of(names, k)} {how} · deadwood {r.knocker_deadwood_points}",
            tuple(knocker_groups(r)),
            "No cards.",
        ),
        Section(
            f"{name_of(names, other)} · deadwood {r.defender_deadwood_points}", tuple(defender_groups(r)), "No cards."
        ),
    ]
    laid = f", laying off {cards_text(c for c, _ in r.defender_layoffs)}" if r.defender_layoffs else ""
    words = (
        f"{prefix}{name_of(names, k)} {how}: melds {'; '.join(cards_text(m) for m in r.knocker_melds) or 'none'}, "
        f"deadwood {cards_text(r.knocker_deadwood) or 'none'} ({r.knocker_deadwood_points}). "
        f"{name_of(names, other)}: melds {'; '.join(cards_text(m) for m in r.defender_melds) or 'none'}{laid}, "
        f"deadwood {cards_text(r.defender_deadwood) or 'none'} ({r.defender_deadwood_points}). "
        f"{scorer} scores {d.points}."
    )
    return secs, words


class MultiGinRenderer:
    """Three- and four-player Gin; two-player views go to ``base``."""

    def __init__(self, base: GinRenderer) -> None:
        self.base = base

    # -- pictures ---------------------------------------------------------------------------
    def table(self, view: Any, names: Names, style: Style) -> RenderedImage:
        if isinstance(view, PublicView):
            return self.base.table(view, names, style)
        v: Multi = view
        lines = [self.score_line(v, names), self.describe(v, names)]
        if isinstance(v, TrioPublicView):
            t = v.table
            rows = [
                SeatRow(
                    name_of(names, s),
                    " · ".join(_facts(v, s, t)),
                    str(v.totals[s]),
                    lit=_playing(v) and s in v.to_act,
                    faded=s == v.sitting_out,
                )
                for s in range(v.seats)
            ]
            return board(
                style,
                f"Gin for three · hand {v.deal_number}",
                alt_table(v, names),
                f"gin3-table-{v.deal_number}-{v.moves}.png",
                lines=lines,
                rows=rows,
                piles=Piles(t.stock_count, t.discard_top, t.discard_count),
            )
        rows = [
            SeatRow(
                f"{name_of(names, s)} · team {s % 2 + 1}",
                f"table {_table_of(v, s) + 1} · " + " · ".join(_facts(v, s, v.tables[_table_of(v, s)])),
                str(v.totals[s]),
                lit=_playing(v) and s in v.to_act,
            )
            for s in range(v.seats)
        ]
        sections = []
        for i, t in enumerate(v.tables):
            a, b = _pair(names, t.players)
            state = "over" if t.finished else f"stock {t.stock_count} · pile {t.discard_count}"
            top = (Group((t.discard_top,), "PILE TOP", S.MUTED),) if t.discard_top is not None else ()
            sections.append(Section(f"Table {i + 1}: {a} v {b} · {state}", top, "The discard pile is empty."))
        return board(
            style,
            f"Gin in partnerships · hand {v.deal_number}",
            alt_table(v, names),
            f"gin4-table-{v.deal_number}-{v.moves}.png",
            lines=lines,
            rows=rows,
            sections=sections,
        )

    def hand(self, view: Any, names: Names, style: Style) -> RenderedImage:
        if isinstance(view, SeatView):
            return self.base.hand(view, names, style)
        v: TrioSeatView | TeamSeatView = view
        if v.gin_view is not None and v.hand:
            players = v.table.players if isinstance(v, TrioSeatView) else v.tables[v.table_index].players
            return render_hand(v.gin_view, _pair(names, players), style)
        status = self.status_line(v, names)
        return board(
            style,
            "Your hand",
            f"You hold no cards. {status}.",
            f"gin-hand-{v.deal_number}-{v.seat}.png",
            lines=[status],
            sections=[Section("No cards", (), "You sit out this hand.")],
        )

    def result(self, view: Any, names: Names, style: Style) -> RenderedImage | None:
        if isinstance(view, PublicView):
            return self.base.result(view, names, style)
        v: Multi = view
        if isinstance(v, TrioPublicView):
            rec = v.last_hand
            if rec is None or rec.result is None:
                return None
            d = DuelResult(rec.outcome, rec.knocker, rec.winner, rec.loser, rec.points, rec.result)
            secs, words = _duel_sections(d, rec.players, names, "")
            title = f"Hand {rec.number} · {name_of(names, rec.dealer)} sat out"
            return board(
                style,
                title,
                f"{title}. {words} Totals: {self.score_line(v, names)}.",
                f"gin3-result-{rec.number}.png",
                sections=secs,
                footer=[self.score_line(v, names)],
            )
        trec = v.last_hand
        if trec is None or all(t.result is None for t in trec.tables):
            return None
        sections: list[Section] = []
        said = []
        for i, d in enumerate(trec.tables):
            secs, words = _duel_sections(d, trec.players[i], names, f"Table {i + 1}: ")
            sections += secs or [Section(f"Table {i + 1}: drawn", (), "Nobody scores.")]
            said.append(words)
        pts = " · ".join(f"{_team_name(v, names, t)} +{trec.team_points[t]}" for t in (0, 1))
        title = f"Hand {trec.number} · partnerships"
        return board(
            style,
            title,
            f"{title}. " + " ".join(said) + f" Teams: {pts}. {self.score_line(v, names)}.",
            f"gin4-result-{trec.number}.png",
            sections=sections,
            footer=[f"Teams: {pts}", self.score_line(v, names)],
        )

    def match_end(
        self, view: Any, names: Names, style: Style, rating_changes: Mapping[int, int] | None = None
    ) -> RenderedImage:
        if isinstance(view, PublicView):
            return self.base.match_end(view, names, style, rating_changes)
        v: Multi = view

        def change(s: int) -> str:
            return f" · rating {rating_changes[s]:+d}" if rating_changes and s in rating_changes else ""

        rows: list[SeatRow] = []
        words: list[str] = []
        if isinstance(v, TrioPublicView):
            for place, s in enumerate(v.standings, 1):
                sub = f"{v.hands_won[s]} hands won" + (" · winner" if s == v.winner else "") + change(s)
                rows.append(SeatRow(f"{place}. {name_of(names, s)}", sub, str(v.totals[s]), lit=s == v.winner))
                words.append(f"{place}. {name_of(names, s)} {v.totals[s]} ({sub})")
            title = f"{name_of(names, v.winner)} wins" if v.winner is not None else "The match is over"
        else:
            for team in sorted((0, 1), key=lambda t: -v.team_totals[t]):
                won = v.winner is not None and v.winner % 2 == team
                ch = "".join(change(s) for s in v.teams[team])
                sub = f"{v.team_hands_won[team]} hands scored" + (" · winners" if won else "") + ch
                rows.append(
                    SeatRow(f"Team {team + 1}: {_team_name(v, names, team)}", sub, str(v.team_totals[team]), lit=won)
                )
                words.append(f"Team {team + 1} ({_team_name(v, names, team)}) {v.team_totals[team]} ({sub})")
            win = v.winner % 2 if v.winner is not None else None
            title = f"{_team_name(v, names, win)} win" if win is not None else "The match is over"
        return board(
            style,
            title,
            f"{title} after {v.hands_played} hands. " + "; ".join(words) + ".",
            "gin-match-end.png",
            lines=[f"{v.hands_played} hands played · final totals with bonuses"],
            rows=rows,
        )

    # -- words ------------------------------------------------------------------------------
    def describe(self, view: Any, names: Names) -> str:
        if isinstance(view, PublicView):
            return self.base.describe(view, names)
        return describe_turn(view.last_events, names, view.turn)

    def score_line(self, view: Any, names: Names) -> str:
        if isinstance(view, PublicView):
            return self.base.score_line(view, names)
        if isinstance(view, TeamPublicView):
            return " · ".join(f"{_team_name(view, names, t)} {view.team_totals[t]}" for t in (0, 1))
        return " · ".join(f"{name_of(names, s)} {view.totals[s]}" for s in range(view.seats))

    def hand_line(self, view: Any, names: Names) -> str | None:
        if isinstance(view, PublicView):
            return self.base.hand_line(view, names)
        rec = view.last_hand
        if rec is None:
            return None
        if isinstance(view, TeamPublicView):
            pts = ", ".join(f"team {t + 1} +{rec.team_points[t]}" for t in (0, 1))
            return f"Hand {rec.number}: {pts}."
        if rec.winner is None:
            return f"Hand {rec.number} was drawn."
        return f"Hand {rec.number}: {name_of(names, rec.winner)} scores {rec.points}."

    def status_line(self, view: Any, names: Names) -> str:
        if isinstance(view, SeatView):
            return self.base.status_line(view, names)
        if isinstance(view, TrioSeatView) and view.sitting_out == view.seat and not view.finished:
            return "You deal and sit out this hand"
        return gin_status(view, names, [s for s in view.to_act if s != view.seat])

    def hint(self, view: Any) -> str:
        if isinstance(view, SeatView):
            return self.base.hint(view)
        return f"You may knock (limit {view.gin_view.knock_limit})." if view.can_knock and view.gin_view else ""

    def controls(self, view: Any) -> list[Control]:
        if isinstance(view, SeatView):
            return self.base.controls(view)
        if view.gin_view is None or not view.legal:
            return []
        legal = {str(a) for a in view.legal}
        return [c for c in gin_controls(view.gin_view) if c.action in legal]

    def warm(self, style: Style) -> float:
        return warm_cache(style)


def alt_table(v: Multi, names: Names) -> str:
    turn = describe_turn(v.last_events, names, v.turn)
    if isinstance(v, TrioPublicView):
        t = v.table
        top = t.discard_top.pretty if t.discard_top else "empty"
        seats = "; ".join(f"{name_of(names, s)} {v.totals[s]}: " + ", ".join(_facts(v, s, t)) for s in range(v.seats))
        return (
            f"Gin for three, hand {v.deal_number}. Stock {t.stock_count} cards; discard pile {t.discard_count}, "
            f"top {top}. {seats}. {turn}."
        )
    parts: list[str] = []
    for i, t in enumerate(v.tables):
        top = t.discard_top.pretty if t.discard_top else "empty"
        a, b = _pair(names, t.players)
        parts.append(
            f"Table {i + 1}: {a} v {b}, stock {t.stock_count}, discard pile {t.discard_count} (top {top})"
            + (", over" if t.finished else "")
        )
    seats = "; ".join(
        f"{name_of(names, s)} (team {s % 2 + 1}): " + ", ".join(_facts(v, s, v.tables[_table_of(v, s)]))
        for s in range(v.seats)
    )
    teams = " · ".join(f"{_team_name(v, names, t)} {v.team_totals[t]}" for t in (0, 1))
    return f"Gin in partnerships, hand {v.deal_number}. Teams: {teams}. " + ". ".join(parts) + f". {seats}. {turn}."


register_renderer("gin", MultiGinRenderer(GinRenderer()))
