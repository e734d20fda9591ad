"""Gin for four: two partnerships, two tables at once (bot.engine.gin.TeamMatch)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine.gin import TeamPublicView, TeamSeatView
from bot.i18n import N_, current

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
        tr = current()
        rows = [
            SeatRow(
                tr._("{player} · team {number}", player=name_of(names, s), number=s % 2 + 1),
                " · ".join([tr._("table {number}", number=table_of(v, s) + 1), *facts(v, s, v.tables[table_of(v, s)])]),
                str(v.totals[s]),
                lit=playing(v) and s in v.to_act,
            )
            for s in range(v.seats)
        ]
        sections = []
        for i, t in enumerate(v.tables):
            a, b = pair(names, t.players)
            if t.finished:
                # i18n: this table's hand is over ("Table 1: Alice v Bob · over")
                state = tr._("over")
            else:
                state = tr._("stock {stock} · pile {pile}", stock=t.stock_count, pile=t.discard_count)
            top = (Group((t.discard_top,), tr._("PILE TOP"), S.MUTED),) if t.discard_top is not None else ()
            title = tr._("Table {number}: {first} v {second} · {state}", number=i + 1, first=a, second=b, state=state)
            sections.append(Section(title, top, tr._("The discard pile is empty.")))
        return board(
            style,
            tr._("Gin in partnerships · hand {number}", number=v.deal_number),
            alt_table(v, names),
            f"gin4-table-{v.deal_number}-{v.moves}.png",
            lines=[self.score_line(v, names), self.describe(v, names)],
            rows=rows,
            sections=sections,
        )

    def hand(self, v: TeamSeatView, names: Names, style: Style) -> RenderedImage:
        if v.gin_view is not None and v.hand:
            return render_hand(v.gin_view, pair(names, v.tables[v.table_index].players), style)
        t = current()
        status = self.status_line(v, names)
        return board(
            style,
            t._("Your hand"),
            t._("You hold no cards. {status}.", status=status),
            f"gin-hand-{v.deal_number}-{v.seat}.png",
            lines=[status],
            sections=[Section(t._("No cards"), (), t._("Your table's hand is over."))],
        )

    def result(self, v: TeamPublicView, names: Names, style: Style) -> RenderedImage | None:
        rec = v.last_hand
        if rec is None or all(t.result is None for t in rec.tables):
            return None
        t = current()
        sections: list[Section] = []
        said = []
        for i, d in enumerate(rec.tables):
            secs, words = duel_sections(d, rec.players[i], names, i)
            sections += secs or [Section(t._("Table {number}: drawn", number=i + 1), (), t._("Nobody scores."))]
            said.append(words)
        story = team_hand(rec, v.teams, Voice(names))
        title = t._("Hand {number} · partnerships", number=rec.number)
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
        tr = current()
        rows: list[SeatRow] = []
        words: list[str] = []
        for team in sorted((0, 1), key=lambda t: -v.team_totals[t]):
            won = v.winner is not None and v.winner % 2 == team
            scored = v.team_hands_won[team]
            facts = [tr.ngettext("{n} hand scored", "{n} hands scored", scored, n=tr.number(scored))]
            if won:
                facts.append(tr._("winners"))
            facts += [
                tr._("rating {change}", change=format(rating_changes[s], "+d"))
                for s in v.teams[team]
                if rating_changes and s in rating_changes
            ]
            sub = " · ".join(facts)
            name, total = team_name(v, names, team), v.team_totals[team]
            rows.append(SeatRow(tr._("Team {number}: {team}", number=team + 1, team=name), sub, str(total), lit=won))
            words.append(
                tr._("Team {number} ({team}) {points} ({facts})", number=team + 1, team=name, points=total, facts=sub)
            )
        win = v.winner % 2 if v.winner is not None else None
        played = v.hands_played
        if win is not None:
            winners = team_name(v, names, win)
            title = tr._("{team} win", team=winners)
            after = tr.ngettext(
                "{team} win after {n} hand.", "{team} win after {n} hands.", played, team=winners, n=tr.number(played)
            )
        else:
            title = tr._("The match is over")
            after = tr.ngettext(
                "The match is over after {n} hand.", "The match is over after {n} hands.", played, n=tr.number(played)
            )
        story = bonus_story(v.games, [team_name(v, names, t) for t in (0, 1)], names, v.rules.shutout)
        return board(
            style,
            title,
            f"{after} " + "; ".join(words) + ". " + sentences(story),
            "gin-match-end.png",
            lines=[tr.ngettext("{n} hand played", "{n} hands played", played, n=tr.number(played)), *story],
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


_TABLES = {
    (True, False): N_("Table {number}: {first} v {second}, stock {stock}, discard pile {pile} (top {card})"),
    (True, True): N_("Table {number}: {first} v {second}, stock {stock}, discard pile {pile} (top {card}), over"),
    (False, False): N_("Table {number}: {first} v {second}, stock {stock}, discard pile {pile} (top empty)"),
    (False, True): N_("Table {number}: {first} v {second}, stock {stock}, discard pile {pile} (top empty), over"),
}


def alt_table(v: TeamPublicView, names: Names) -> str:
    tr = current()
    parts: list[str] = []
    for i, t in enumerate(v.tables):
        a, b = pair(names, t.players)
        parts.append(
            tr._(
                _TABLES[t.discard_top is not None, t.finished],
                number=i + 1,
                first=a,
                second=b,
                stock=t.stock_count,
                pile=t.discard_count,
                card=t.discard_top.pretty if t.discard_top else "",
            )
        )
    seats = "; ".join(
        tr._(
            "{player} (team {number}): {facts}",
            player=name_of(names, s),
            number=s % 2 + 1,
            facts=", ".join(facts(v, s, v.tables[table_of(v, s)])),
        )
        for s in range(v.seats)
    )
    teams = " · ".join(f"{team_name(v, names, t)} {v.team_totals[t]}" for t in (0, 1))
    turn = describe_turn(v.last_events, names, v.turn)
    head = (
        tr._("Gin in partnerships, hand {number}.", number=v.deal_number) + " " + tr._("Teams: {teams}.", teams=teams)
    )
    return f"{head} " + ". ".join(parts) + f". {seats}. {turn}."
