"""Knockout Gin's renderer (2 to 4 players, penalties; the last player in wins): from its views only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine.knockout import KnockoutPublicView, KnockoutSeatView

from ..games import Control, Names, register_renderer
from ..kit import style as S
from ..kit.board import Piles, SeatRow, Section, arrangement_groups, arrangement_text, board
from ..kit.cards import warm_cache
from ..kit.draw import RenderedImage
from ..kit.groups import Group, Mark, meld_colour, meld_label
from ..kit.style import Style
from ..kit.words import cards_text, name_of, ordinal
from ..knock.controls import knock_controls
from ..knock.words import describe_turn, doing, gin_status
from ..narration import Voice, hand_story, knockout_end, knockout_hand

_HOW = {"knock": "knocked", "gin": "went gin", "big_gin": "went big gin", "draw": "drawn"}


def _playing(v: KnockoutPublicView) -> bool:
    return not v.finished and str(v.phase) != "over" and v.turn is not None


def _out_place(v: KnockoutPublicView, seat: int) -> str:
    return f"out ({ordinal(v.out_order.index(seat) + 1)} out)" if seat in v.out_order else ""


def _seat_facts(v: KnockoutPublicView, seat: int) -> list[str]:
    facts: list[str] = []
    if v.finished and v.winner == seat:
        facts.append("won the match")
    if v.out[seat]:
        facts.append(_out_place(v, seat))
        return facts
    if _playing(v) and v.turn == seat:
        facts.append("▶ " + doing(v.phase))
    facts.append(f"{v.card_counts[seat]} cards")
    if v.dealer == seat:
        facts.append("dealer")
    if v.known_cards[seat]:
        facts.append("holds " + cards_text(v.known_cards[seat]))
    return facts


def _rules_text(v: KnockoutPublicView) -> str:
    return (
        f"Penalties: {v.rules.target} or more puts a player out; the last one in wins. "
        f"Knock with {v.knock_limit} or less."
    )


class KnockoutRenderer:
    def table(self, view: KnockoutPublicView, names: Names, style: Style) -> RenderedImage:
        v = view
        rows = [
            SeatRow(
                name_of(names, s),
                " · ".join(_seat_facts(v, s)),
                str(v.penalties[s]),
                lit=_playing(v) and v.turn == s,
                faded=v.out[s],
            )
            for s in range(v.seats)
        ]
        return board(
            style,
            f"Knockout Gin · hand {v.deal_number}",
            alt_table(v, names),
            f"knockout-table-{v.deal_number}-{v.moves}.png",
            lines=[_rules_text(v), self.describe(v, names)],
            rows=rows,
            piles=Piles(v.stock_count, v.discard_top, v.discard_count),
        )

    def hand(self, view: KnockoutSeatView, names: Names, style: Style) -> RenderedImage:
        v = view
        over = v.finished or str(v.phase) == "over"
        groups = arrangement_groups(v.arrangement, v.hand, None if over else v.drawn)
        empty = "You are out of the match." if v.out[v.seat] else "No cards."
        alt = (
            f"Your hand ({len(v.hand)} cards): {arrangement_text(v.arrangement, v.hand)}. "
            f"{self.status_line(v, names)}. Your penalty: {v.penalties[v.seat]}."
        )
        return board(
            style,
            "Your hand",
            alt,
            f"knockout-hand-{v.deal_number}-{v.seat}.png",
            lines=[self.status_line(v, names) + f" · penalty {v.penalties[v.seat]}"],
            sections=[Section(f"{len(v.hand)} cards", tuple(groups), empty)],
        )

    def result(self, view: KnockoutPublicView, names: Names, style: Style) -> RenderedImage | None:
        rec = view.last_hand
        if rec is None or rec.result is None:
            return None
        r = rec.result
        layoffs: dict[int, list[Any]] = {}
        for lay in r.layouts[1:]:
            for card, idx in lay.layoffs:
                layoffs.setdefault(idx, []).append(card)
        sections = []
        words = [f"Hand {rec.number}: {name_of(names, r.knocker)} {_HOW.get(r.outcome.value, r.outcome.value)}."]
        for i, lay in enumerate(r.layouts):
            groups: list[Group] = []
            for m_i, meld in enumerate(lay.melds):
                extra = tuple(layoffs.get(m_i, ())) if i == 0 else ()
                cards = tuple(meld) + extra
                if extra and len({c.rank for c in meld}) > 1:
                    cards = tuple(sorted(cards, key=lambda c: c.rank))
                groups.append(
                    Group(
                        cards,
                        meld_label(meld),
                        meld_colour(meld),
                        marks=tuple(Mark(c, "LAID OFF", S.LAYOFF_COLOUR) for c in extra),
                    )
                )
            if lay.deadwood:
                groups.append(Group(lay.deadwood, f"DEADWOOD · {lay.penalty}", S.DEADWOOD_COLOUR, dim=True))
            who = name_of(names, lay.seat)
            role = _HOW.get(r.outcome.value, "knocked") if i == 0 else "laid out"
            laid = f", laid off {cards_text(c for c, _ in lay.layoffs)}" if lay.layoffs else ""
            sections.append(Section(f"{who} {role}{laid} · penalty +{lay.penalty}", tuple(groups), "No cards left."))
            melds = "; ".join(cards_text(m) for m in lay.melds) or "none"
            words.append(
                f"{who} ({role}): melds {melds}{laid}; deadwood {cards_text(lay.deadwood) or 'none'}; "
                f"penalty +{lay.penalty}, now {view.penalties[lay.seat]}."
            )
        if rec.went_out:
            words.append(
                " and ".join(name_of(names, s) for s in rec.went_out)
                + " reached the limit and "
                + ("is" if len(rec.went_out) == 1 else "are")
                + " out."
            )
        return board(
            style,
            f"Hand {rec.number} · {name_of(names, r.knocker)} {_HOW.get(r.outcome.value, 'knocked')}",
            " ".join(words),
            f"knockout-result-{rec.number}.png",
            sections=sections,
            footer=words[-1:] if rec.went_out else (),
        )

    def match_end(
        self, view: KnockoutPublicView, names: Names, style: Style, rating_changes: Mapping[int, int] | None = None
    ) -> RenderedImage:
        v = view
        order = _standings(v)
        rows = []
        words = []
        for place, s in enumerate(order, 1):
            change = f" · rating {rating_changes[s]:+d}" if rating_changes and s in rating_changes else ""
            sub = ("winner" if s == v.winner else _out_place(v, s) or "still in") + change
            rows.append(
                SeatRow(
                    f"{place}. {name_of(names, s)}", sub, str(v.penalties[s]), lit=s == v.winner, faded=s != v.winner
                )
            )
            words.append(f"{place}. {name_of(names, s)}: penalty {v.penalties[s]}, {sub}")
        title = f"{name_of(names, v.winner)} wins Knockout" if v.winner is not None else "Knockout is over"
        rule = " ".join(knockout_end(v, Voice(names)))
        return board(
            style,
            title,
            f"{title} after {v.hands_played} hands. {rule} " + "; ".join(words) + ".",
            "knockout-match-end.png",
            lines=[f"{v.hands_played} hands played · penalties", rule],
            rows=rows,
        )

    def describe(self, view: KnockoutPublicView, names: Names) -> str:
        return describe_turn(view.last_events, names, view.turn)

    def score_line(self, view: KnockoutPublicView, names: Names) -> str:
        parts = [
            f"{name_of(names, s)} {view.penalties[s]}" + (" (out)" if view.out[s] else "") for s in range(view.seats)
        ]
        return "Penalties: " + " · ".join(parts) + f" (out at {view.rules.target})"

    def hand_line(self, view: KnockoutPublicView, names: Names) -> str | None:
        rec = view.last_hand
        if rec is None:
            return None
        voice = Voice(names)
        told = knockout_hand(rec, view.rules.target, voice)
        return hand_story(voice, rec.number, [*told, *(knockout_end(view, voice) if view.finished else [])])

    def status_line(self, view: KnockoutSeatView, names: Names) -> str:
        if view.out[view.seat] and not view.finished:
            return "You are out: watching the others"
        return gin_status(view, names, [s for s in view.to_act if s != view.seat])

    def hint(self, view: KnockoutSeatView) -> str:
        return f"You may knock (limit {view.knock_limit})." if view.turn == view.seat and view.can_knock else ""

    def controls(self, view: KnockoutSeatView) -> list[Control]:
        return knock_controls(view)

    def warm(self, style: Style) -> float:
        return warm_cache(style)


def _standings(v: KnockoutPublicView) -> list[int]:
    """Winner first, then those still in by penalty, then the others, the last out first."""
    inside = sorted((s for s in range(v.seats) if not v.out[s]), key=lambda s: (s != v.winner, v.penalties[s]))
    return inside + list(reversed(v.out_order))


def alt_table(v: KnockoutPublicView, names: Names) -> str:
    top = v.discard_top.pretty if v.discard_top else "empty"
    seats = "; ".join(
        f"{name_of(names, s)}: penalty {v.penalties[s]}, " + ", ".join(_seat_facts(v, s)) for s in range(v.seats)
    )
    return (
        f"Knockout Gin, hand {v.deal_number}. {_rules_text(v)} Stock {v.stock_count} cards; discard pile "
        f"{v.discard_count} cards, top {top}. {seats}. {describe_turn(v.last_events, names, v.turn)}."
    )


register_renderer("knockout", KnockoutRenderer())
