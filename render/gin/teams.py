"""Gin for four: two partnerships, two tables at once (bot.engine.gin.TeamMatch)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine.gin import TeamPublicView, TeamSeatView

from ..games import Control, Names
from ..kit import style as S
from ..kit.board import SeatRow, Section, board
from ..kit.cards import warm_cache
from ..kit.draw import RenderedImage
from ..kit.groups import Group
from ..kit.style import Style
from ..kit.words import name_of
from ..knock.words import describe_turn, gin_status
from ..narration import Voice, hand_story, sentences, team_hand
from .hand import render_hand
from .shared import bonus_story, duel_sections, facts, pair, playing, seat_controls, seat_hint, table_of, team_name


class TeamRenderer:
    """Four seats in two partnerships, each hand played at two tables at once."""

    def table(self, v: TeamPublicView, names: Names, style: Style) -> RenderedImage:
        rows = [
            SeatRow(
                f"{name_of(names, s)} · team {s % 2 + 1}",
                f"table {table_of(v, s) + 1} · " + " · ".join(facts(v, s, v.tables[table_of(v, s)])),
                str(v.totals[s]),
                lit=playing(v) and s in v.to_act,
            )
            for s in range(v.seats)
        ]
        sections = []
        for i, t in enumerate(v.tables):
            a, b = pair(names, t.players)
            state = "over" if t.finished else f"stock {t.stock_count} · pile {t.discard_count}"
            top = (Group((t.discard_top,), "PILE TOP", S.MUTED),) if t.discard_top is not None else ()
            sections.append(Section(f"Table {i + 1}: {a} v {b} · {state}", top, "The discard pile is empty."))
        return board(
            style,
            f"Gin in partnerships · hand {v.deal_number}",
            alt_table(v, names),
            f"gin4-table-{v.deal_number}-{v.moves}.png",
            lines=[self.score_line(v, names), self.describe(v, names)],
            rows=rows,
            sections=sections,
        )

    def hand(self, v: TeamSeatView, names: Names, style: Style) -> RenderedImage:
        if v.gin_view is not None and v.hand:
            return render_hand(v.gin_view, pair(names, v.tables[v.table_index].players), style)
        status = self.status_line(v, names)
        return board(
            style,
            "Your hand",
            f"You hold no cards. {status}.",
            f"gin-hand-{v.deal_number}-{v.seat}.png",
            lines=[status],
            sections=[Section("No cards", (), "Your table's hand is over.")],
        )

    def result(self, v: TeamPublicView, names: Names, style: Style) -> RenderedImage | None:
        rec = v.last_hand
        if rec is None or all(t.result is None for t in rec.tables):
            return None
        sections: list[Section] = []
        said = []
        for i, d in enumerate(rec.tables):
            secs, words = duel_sections(d, rec.players[i], names, f"Table {i + 1}: ")
            sections += secs or [Section(f"Table {i + 1}: drawn", (), "Nobody scores.")]
            said.append(words)
        story = team_hand(rec, v.teams, Voice(names))
        title = f"Hand {rec.number} · partnerships"
        return board(
            style,
            title,
            f"{title}. " + " ".join(said) + f" {story[-1]} {self.score_line(v, names)}.",
            f"gin4-result-{rec.number}.png",
            sections=sections,
            footer=[story[-1], self.score_line(v, names)],
            in_order=True,  # in two columns, table 1 on the left, table 2 on the right
        )

    def match_end(
        self, v: TeamPublicView, names: Names, style: Style, rating_changes: Mapping[int, int] | None = None
    ) -> RenderedImage:
        rows: list[SeatRow] = []
        words: list[str] = []
        for team in sorted((0, 1), key=lambda t: -v.team_totals[t]):
            won = v.winner is not None and v.winner % 2 == team
            change = "".join(
                f" · rating {rating_changes[s]:+d}" for s in v.teams[team] if rating_changes and s in rating_changes
            )
            sub = f"{v.team_hands_won[team]} hands scored" + (" · winners" if won else "") + change
            rows.append(
                SeatRow(f"Team {team + 1}: {team_name(v, names, team)}", sub, str(v.team_totals[team]), lit=won)
            )
            words.append(f"Team {team + 1} ({team_name(v, names, team)}) {v.team_totals[team]} ({sub})")
        win = v.winner % 2 if v.winner is not None else None
        title = f"{team_name(v, names, win)} win" if win is not None else "The match is over"
        story = bonus_story(v.games, [team_name(v, names, t) for t in (0, 1)], names, v.rules.shutout)
        return board(
            style,
            title,
            f"{title} after {v.hands_played} hands. " + "; ".join(words) + ". " + sentences(story),
            "gin-match-end.png",
            lines=[f"{v.hands_played} hands played", *story],
            rows=rows,
        )

    def describe(self, v: TeamPublicView, names: Names) -> str:
        return describe_turn(v.last_events, names, v.turn)

    def score_line(self, v: TeamPublicView, names: Names) -> str:
        return " · ".join(f"{team_name(v, names, t)} {v.team_totals[t]}" for t in (0, 1))

    def hand_line(self, v: TeamPublicView, names: Names) -> str | None:
        if v.last_hand is None:
            return None
        voice = Voice(names)
        return hand_story(voice, v.last_hand.number, team_hand(v.last_hand, v.teams, voice))

    def status_line(self, v: TeamSeatView, names: Names) -> str:
        return gin_status(v, names, [s for s in v.to_act if s != v.seat])

    def hint(self, v: TeamSeatView) -> str:
        return seat_hint(v)

    def controls(self, v: TeamSeatView) -> list[Control]:
        return seat_controls(v)

    def warm(self, style: Style) -> float:
        return warm_cache(style)


def alt_table(v: TeamPublicView, names: Names) -> str:
    parts: list[str] = []
    for i, t in enumerate(v.tables):
        top = t.discard_top.pretty if t.discard_top else "empty"
        a, b = pair(names, t.players)
        parts.append(
            f"Table {i + 1}: {a} v {b}, stock {t.stock_count}, discard pile {t.discard_count} (top {top})"
            + (", over" if t.finished else "")
        )
    seats = "; ".join(
        f"{name_of(names, s)} (team {s % 2 + 1}): " + ", ".join(facts(v, s, v.tables[table_of(v, s)]))
        for s in range(v.seats)
    )
    teams = " · ".join(f"{team_name(v, names, t)} {v.team_totals[t]}" for t in (0, 1))
    turn = describe_turn(v.last_events, names, v.turn)
    return f"Gin in partnerships, hand {v.deal_number}. Teams: {teams}. " + ". ".join(parts) + f". {seats}. {turn}."
