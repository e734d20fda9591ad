"""Gin for three: the dealer sits out, the other two play a two-player hand (bot.engine.gin.ThreeMatch)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine.gin import DuelResult, TrioPublicView, TrioSeatView
from bot.i18n import current

from ..games import Control, Names
from ..kit.board import Piles, SeatRow, Section, board
from ..kit.cards import warm_cache
from ..kit.draw import RenderedImage
from ..kit.style import Style
from ..kit.words import name_of
from ..knock.words import describe_turn, gin_status
from ..narration import Voice, hand_story, sentences, trio_hand
from .hand import render_hand
from .shared import bonus_story, duel_sections, facts, pair, playing, seat_controls, seat_hint


class TrioRenderer:
    """Three seats at one table, one of them sitting out each hand."""

    def table(self, v: TrioPublicView, names: Names, style: Style) -> RenderedImage:
        t = v.table
        rows = [
            SeatRow(
                name_of(names, s),
                " · ".join(facts(v, s, t)),
                str(v.totals[s]),
                lit=playing(v) and s in v.to_act,
                faded=s == v.sitting_out,
            )
            for s in range(v.seats)
        ]
        return board(
            style,
            current()._("Gin for three · hand {number}", number=v.deal_number),
            alt_table(v, names),
            f"gin3-table-{v.deal_number}-{v.moves}.png",
            lines=[self.score_line(v, names), self.describe(v, names)],
            rows=rows,
            piles=Piles(t.stock_count, t.discard_top, t.discard_count),
        )

    def hand(self, v: TrioSeatView, names: Names, style: Style) -> RenderedImage:
        if v.gin_view is not None and v.hand:
            return render_hand(v.gin_view, pair(names, v.table.players), style)
        t = current()
        status = self.status_line(v, names)
        return board(
            style,
            t._("Your hand"),
            t._("You hold no cards. {status}.", status=status),
            f"gin-hand-{v.deal_number}-{v.seat}.png",
            lines=[status],
            sections=[Section(t._("No cards"), (), t._("You sit out this hand."))],
        )

    def result(self, v: TrioPublicView, names: Names, style: Style) -> RenderedImage | None:
        rec = v.last_hand
        if rec is None or rec.result is None:
            return None
        d = DuelResult(rec.outcome, rec.knocker, rec.winner, rec.loser, rec.points, rec.result)
        t = current()
        secs, words = duel_sections(d, rec.players, names)
        title = t._("Hand {number}: {player} dealt and sat out", number=rec.number, player=name_of(names, rec.dealer))
        story = sentences(trio_hand(rec, Voice(names)))
        totals = t._("Totals: {totals}", totals=self.score_line(v, names))
        return board(
            style,
            title,
            f"{title}. {words} {story} {totals}.",
            f"gin3-result-{rec.number}.png",
            sections=secs,
            footer=[story, self.score_line(v, names)],
        )

    def match_end(
        self, v: TrioPublicView, names: Names, style: Style, rating_changes: Mapping[int, int] | None = None
    ) -> RenderedImage:
        t = current()
        rows: list[SeatRow] = []
        words: list[str] = []
        for place, s in enumerate(v.standings, 1):
            won = v.hands_won[s]
            facts = [t.ngettext("{n} hand won", "{n} hands won", won, n=t.number(won))]
            if s == v.winner:
                facts.append(t._("winner"))
            if rating_changes and s in rating_changes:
                facts.append(t._("rating {change}", change=format(rating_changes[s], "+d")))
            sub = " · ".join(facts)
            rows.append(SeatRow(f"{place}. {name_of(names, s)}", sub, str(v.totals[s]), lit=s == v.winner))
            words.append(f"{place}. {name_of(names, s)} {v.totals[s]} ({sub})")
        played = v.hands_played
        if v.winner is not None:
            winner = name_of(names, v.winner)
            title = t._("{player} wins", player=winner)
            after = t.ngettext(
                "{player} wins after {n} hand.",
                "{player} wins after {n} hands.",
                played,
                player=winner,
                n=t.number(played),
            )
        else:
            title = t._("The match is over")
            after = t.ngettext(
                "The match is over after {n} hand.", "The match is over after {n} hands.", played, n=t.number(played)
            )
        story = bonus_story(v.games, [name_of(names, s) for s in range(v.seats)], names, v.rules.shutout)
        return board(
            style,
            title,
            f"{after} " + "; ".join(words) + ". " + sentences(story),
            "gin-match-end.png",
            lines=[t.ngettext("{n} hand played", "{n} hands played", played, n=t.number(played)), *story],
            rows=rows,
        )

    def describe(self, v: TrioPublicView, names: Names) -> str:
        return describe_turn(v.last_events, names, v.turn)

    def score_line(self, v: TrioPublicView, names: Names) -> str:
        return " · ".join(f"{name_of(names, s)} {v.totals[s]}" for s in range(v.seats))

    def hand_line(self, v: TrioPublicView, names: Names) -> str | None:
        if v.last_hand is None:
            return None
        voice = Voice(names)
        return hand_story(voice, v.last_hand.number, trio_hand(v.last_hand, voice))

    def status_line(self, v: TrioSeatView, names: Names) -> str:
        if v.sitting_out == v.seat and not v.finished:
            return current()._("You deal and sit out this hand")
        return gin_status(v, names, [s for s in v.to_act if s != v.seat])

    def hint(self, v: TrioSeatView) -> str:
        return seat_hint(v)

    def controls(self, v: TrioSeatView) -> list[Control]:
        return seat_controls(v)

    def warm(self, style: Style) -> float:
        return warm_cache(style)


def alt_table(v: TrioPublicView, names: Names) -> str:
    tr = current()
    t = v.table
    seats = "; ".join(f"{name_of(names, s)} {v.totals[s]}: " + ", ".join(facts(v, s, t)) for s in range(v.seats))
    turn = describe_turn(v.last_events, names, v.turn)
    stock = t.stock_count
    if t.discard_top is not None:
        piles = tr.ngettext(
            "Stock {n} card; discard pile {pile}, top {card}.",
            "Stock {n} cards; discard pile {pile}, top {card}.",
            stock,
            n=tr.number(stock),
            pile=t.discard_count,
            card=t.discard_top.pretty,
        )
    else:
        piles = tr.ngettext(
            "Stock {n} card; discard pile {pile}, top empty.",
            "Stock {n} cards; discard pile {pile}, top empty.",
            stock,
            n=tr.number(stock),
            pile=t.discard_count,
        )
    return tr._("Gin for three, hand {number}.", number=v.deal_number) + f" {piles} {seats}. {turn}."
