"""Knockout Gin's renderer (2 to 4 players, penalties; the last player in wins): from its views only.
Its words are written in the language being written now (bot.i18n.current)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import reduce
from typing import Any

from bot.engine.knockout import KnockoutPublicView, KnockoutSeatView
from bot.i18n import N_, Texts, current

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

# How a hand ended, said of the player who ended it: in the result's title ('Hand 3 · Alice knocked'),
# its words ('Hand 3: Alice knocked.') and as his role in a section ('Alice knocked · penalty +4').
_TITLE = {
    "knock": N_("Hand {number} · {name} knocked"),
    "gin": N_("Hand {number} · {name} went gin"),
    "big_gin": N_("Hand {number} · {name} went big gin"),
    "draw": N_("Hand {number} · {name} drawn"),
}
_FIRST = {
    "knock": N_("Hand {number}: {name} knocked."),
    "gin": N_("Hand {number}: {name} went gin."),
    "big_gin": N_("Hand {number}: {name} went big gin."),
    "draw": N_("Hand {number}: {name} drawn."),
}
_DID = {
    "knock": N_("{name} knocked"),
    "gin": N_("{name} went gin"),
    "big_gin": N_("{name} went big gin"),
    "draw": N_("{name} drawn"),
}
_ROLE = {"knock": N_("knocked"), "gin": N_("went gin"), "big_gin": N_("went big gin"), "draw": N_("drawn")}


def _playing(v: KnockoutPublicView) -> bool:
    return not v.finished and str(v.phase) != "over" and v.turn is not None


def _out_place(v: KnockoutPublicView, seat: int) -> str:
    if seat not in v.out_order:
        return ""
    return current()._("out ({place} out)", place=ordinal(v.out_order.index(seat) + 1))


def _cards(t: Texts, n: int) -> str:
    """'10 cards' in the language ``t``."""
    return t.ngettext("{n} card", "{n} cards", n, n=t.number(n))


def _seat_facts(v: KnockoutPublicView, seat: int) -> list[str]:
    t = current()
    facts: list[str] = []
    if v.finished and v.winner == seat:
        facts.append(t._("won the match"))
    if v.out[seat]:
        facts.append(_out_place(v, seat))
        return facts
    if _playing(v) and v.turn == seat:
        facts.append("▶ " + doing(v.phase))
    facts.append(_cards(t, v.card_counts[seat]))
    if v.dealer == seat:
        facts.append(t._("dealer"))
    if v.known_cards[seat]:
        facts.append(t._("holds {cards}", cards=cards_text(v.known_cards[seat])))
    return facts


def _rules_text(v: KnockoutPublicView) -> str:
    return current()._(
        "Penalties: {target} or more puts a player out; the last one in wins. Knock with {limit} or less.",
        target=v.rules.target,
        limit=v.knock_limit,
    )


def _names_and(t: Texts, names: Sequence[str]) -> str:
    """'Alice and Bob', 'Alice and Bob and Carol'."""
    return reduce(lambda first, second: t._("{first} and {second}", first=first, second=second), names)


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
            current()._("Knockout Gin · hand {number}", number=v.deal_number),
            alt_table(v, names),
            f"knockout-table-{v.deal_number}-{v.moves}.png",
            lines=[_rules_text(v), self.describe(v, names)],
            rows=rows,
            piles=Piles(v.stock_count, v.discard_top, v.discard_count),
        )

    def hand(self, view: KnockoutSeatView, names: Names, style: Style) -> RenderedImage:
        v = view
        t = current()
        over = v.finished or str(v.phase) == "over"
        groups = arrangement_groups(v.arrangement, v.hand, None if over else v.drawn)
        empty = t._("You are out of the match.") if v.out[v.seat] else t._("No cards.")
        n = len(v.hand)
        status = self.status_line(v, names)
        mine = t.ngettext(
            "Your hand ({n} card): {cards}.",
            "Your hand ({n} cards): {cards}.",
            n,
            n=t.number(n),
            cards=arrangement_text(v.arrangement, v.hand),
        )
        alt = f"{mine} {status}. " + t._("Your penalty: {points}.", points=v.penalties[v.seat])
        return board(
            style,
            t._("Your hand"),
            alt,
            f"knockout-hand-{v.deal_number}-{v.seat}.png",
            lines=[t._("{status} · penalty {points}", status=status, points=v.penalties[v.seat])],
            sections=[Section(_cards(t, n), tuple(groups), empty)],
        )

    def result(self, view: KnockoutPublicView, names: Names, style: Style) -> RenderedImage | None:
        rec = view.last_hand
        if rec is None or rec.result is None:
            return None
        t = current()
        r = rec.result
        how = r.outcome.value
        layoffs: dict[int, list[Any]] = {}
        for lay in r.layouts[1:]:
            for card, idx in lay.layoffs:
                layoffs.setdefault(idx, []).append(card)
        sections = []
        knocker = name_of(names, r.knocker)
        first = _FIRST.get(how)
        if first is not None:
            words = [t._(first, number=rec.number, name=knocker)]
        elif how == "undercut":
            # i18n: the knocker was undercut
            words = [t._("Hand {number}: {name} undercut.", number=rec.number, name=knocker)]
        else:  # an outcome the engine may add later, in its own word
            words = [t._("Hand {number}: {name} {outcome}.", number=rec.number, name=knocker, outcome=how)]
        laid_off = t._("LAID OFF")
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
                        marks=tuple(Mark(c, laid_off, S.LAYOFF_COLOUR) for c in extra),
                    )
                )
            if lay.deadwood:
                groups.append(
                    Group(lay.deadwood, t._("DEADWOOD · {points}", points=lay.penalty), S.DEADWOOD_COLOUR, dim=True)
                )
            who = name_of(names, lay.seat)
            if i == 0:
                did, role = t._(_DID.get(how, _DID["knock"]), name=who), t._(_ROLE.get(how, _ROLE["knock"]))
            else:
                did, role = t._("{name} laid out", name=who), t._("laid out")
            laid = cards_text(c for c, _ in lay.layoffs)
            if lay.layoffs:
                title = t._("{did}, laid off {cards} · penalty +{points}", did=did, cards=laid, points=lay.penalty)
            else:
                title = t._("{did} · penalty +{points}", did=did, points=lay.penalty)
            sections.append(Section(title, tuple(groups), t._("No cards left.")))
            fields = {
                "name": who,
                "role": role,
                "melds": "; ".join(cards_text(m) for m in lay.melds) or t.pgettext("melds", "none"),
                "deadwood": cards_text(lay.deadwood) or t.pgettext("deadwood", "none"),
                "points": lay.penalty,
                "total": view.penalties[lay.seat],
            }
            if lay.layoffs:
                words.append(
                    t._(
                        "{name} ({role}): melds {melds}, laid off {cards}; deadwood {deadwood}; "
                        "penalty +{points}, now {total}.",
                        cards=laid,
                        **fields,
                    )
                )
            else:
                words.append(
                    t._(
                        "{name} ({role}): melds {melds}; deadwood {deadwood}; penalty +{points}, now {total}.", **fields
                    )
                )
        if rec.went_out:
            out = _names_and(t, [name_of(names, s) for s in rec.went_out])
            words.append(
                t.ngettext(
                    "{names} reached the limit and is out.",
                    "{names} reached the limit and are out.",
                    len(rec.went_out),
                    names=out,
                )
            )
        return board(
            style,
            t._(_TITLE.get(how, _TITLE["knock"]), number=rec.number, name=knocker),
            " ".join(words),
            f"knockout-result-{rec.number}.png",
            sections=sections,
            footer=words[-1:] if rec.went_out else (),
        )

    def match_end(
        self, view: KnockoutPublicView, names: Names, style: Style, rating_changes: Mapping[int, int] | None = None
    ) -> RenderedImage:
        v = view
        t = current()
        order = _standings(v)
        rows = []
        words = []
        for place, s in enumerate(order, 1):
            facts = [t._("winner") if s == v.winner else _out_place(v, s) or t._("still in")]
            if rating_changes and s in rating_changes:
                change = f"{rating_changes[s]:+d}"
                facts.append(t._("rating {change}", change=change))
            sub = " · ".join(facts)
            rows.append(
                SeatRow(
                    f"{place}. {name_of(names, s)}", sub, str(v.penalties[s]), lit=s == v.winner, faded=s != v.winner
                )
            )
            words.append(
                f"{place}. "
                + t._("{name}: penalty {points}, {facts}", name=name_of(names, s), points=v.penalties[s], facts=sub)
            )
        played, n = v.hands_played, v.hands_played
        if v.winner is not None:
            winner = name_of(names, v.winner)
            title = t._("{name} wins Knockout", name=winner)
            after = t.ngettext(
                "{name} wins Knockout after {n} hand.",
                "{name} wins Knockout after {n} hands.",
                n,
                name=winner,
                n=t.number(played),
            )
        else:
            title = t._("Knockout is over")
            after = t.ngettext(
                "Knockout is over after {n} hand.", "Knockout is over after {n} hands.", n, n=t.number(played)
            )
        rule = " ".join(knockout_end(v, Voice(names)))
        return board(
            style,
            title,
            f"{after} {rule} " + "; ".join(words) + ".",
            "knockout-match-end.png",
            lines=[
                t.ngettext("{n} hand played · penalties", "{n} hands played · penalties", n, n=t.number(played)),
                rule,
            ],
            rows=rows,
        )

    def describe(self, view: KnockoutPublicView, names: Names) -> str:
        return describe_turn(view.last_events, names, view.turn)

    def score_line(self, view: KnockoutPublicView, names: Names) -> str:
        t = current()
        parts = [
            t._("{name} {points} (out)", name=name_of(names, s), points=view.penalties[s])
            if view.out[s]
            else f"{name_of(names, s)} {view.penalties[s]}"
            for s in range(view.seats)
        ]
        return t._("Penalties: {penalties} (out at {target})", penalties=" · ".join(parts), target=view.rules.target)

    def hand_line(self, view: KnockoutPublicView, names: Names) -> str | None:
        rec = view.last_hand
        if rec is None:
            return None
        voice = Voice(names)
        told = knockout_hand(rec, view.rules.target, voice)
        return hand_story(voice, rec.number, [*told, *(knockout_end(view, voice) if view.finished else [])])

    def status_line(self, view: KnockoutSeatView, names: Names) -> str:
        if view.out[view.seat] and not view.finished:
            return current()._("You are out: watching the others")
        return gin_status(view, names, [s for s in view.to_act if s != view.seat])

    def hint(self, view: KnockoutSeatView) -> str:
        if view.turn == view.seat and view.can_knock:
            return current()._("You may knock (limit {limit}).", limit=view.knock_limit)
        return ""

    def controls(self, view: KnockoutSeatView) -> list[Control]:
        return knock_controls(view)

    def warm(self, style: Style) -> float:
        return warm_cache(style)


def _standings(v: KnockoutPublicView) -> list[int]:
    """Winner first, then those still in by penalty, then the others, the last out first."""
    inside = sorted((s for s in range(v.seats) if not v.out[s]), key=lambda s: (s != v.winner, v.penalties[s]))
    return inside + list(reversed(v.out_order))


def alt_table(v: KnockoutPublicView, names: Names) -> str:
    t = current()
    seats = "; ".join(
        t._(
            "{name}: penalty {points}, {facts}",
            name=name_of(names, s),
            points=v.penalties[s],
            facts=", ".join(_seat_facts(v, s)),
        )
        for s in range(v.seats)
    )
    stock, pile = _cards(t, v.stock_count), _cards(t, v.discard_count)
    if v.discard_top is not None:
        piles = t._(
            "Stock {stock}; discard pile {pile}, top {card}.", stock=stock, pile=pile, card=v.discard_top.pretty
        )
    else:
        piles = t._("Stock {stock}; discard pile {pile}, top empty.", stock=stock, pile=pile)
    head = t._("Knockout Gin, hand {number}.", number=v.deal_number)
    return f"{head} {_rules_text(v)} {piles} {seats}. {describe_turn(v.last_events, names, v.turn)}."


register_renderer("knockout", KnockoutRenderer())
