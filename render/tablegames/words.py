"""The words of the table-meld games (Colonel, Skarney Gin, Rummy): the seats' facts, the
events, a finished hand's title and the table's text alternative (render.tablegames draws
the pictures; its names are imported from there too), in the language being written now.
"""

from __future__ import annotations

from bot.engine import Card
from bot.engine.tablegames import (
    ColonelView,
    RummyView,
    SkarneyView,
    TableHand,
    TableMeld,
    TablePublicView,
)
from bot.i18n import N_, current

from ..games import Names
from ..kit.words import cards_text, name_of
from ..narration import Voice, new_match, table_turn_lines

__all__ = ["TITLES", "alt_table", "describe_table", "meld_words"]

TITLES = {"colonel": N_("Colonel"), "skarney": N_("Skarney Gin"), "rummy": N_("Rummy")}  # translated where shown
# A meld on the table in words: '#2 run 4♥ 5♥ 6♥' (the engine's kinds: set, run, poker).
_MELD_WORDS = {
    "set": N_("#{number} set {cards}"),
    "run": N_("#{number} run {cards}"),
    "poker": N_("#{number} poker {cards}"),
}
_TO = {"draw": N_("to draw"), "play": N_("to play")}  # whose turn it is: '▶ to draw'


def _title(v: TablePublicView) -> str:
    title = TITLES.get(v.game)
    return current()._(title) if title is not None else v.game.title()


def meld_words(m: TableMeld) -> str:
    words = _MELD_WORDS.get(m.kind)
    if words is None:
        return f"#{m.number} {m.kind} {cards_text(m.cards)}"
    return current()._(words, number=m.number, cards=cards_text(m.cards))


def _playing(v: TablePublicView) -> bool:
    return not v.finished and v.phase != "over" and v.turn is not None


def cards_count(n: int) -> str:
    """'7 cards' in the language being written now."""
    t = current()
    return t.ngettext("{n} card", "{n} cards", n, n=t.number(n))


def _facts(v: TablePublicView, seat: int) -> list[str]:
    t = current()
    facts: list[str] = []
    if v.finished and v.winner == seat:
        facts.append(t._("won the match"))
    if _playing(v) and v.turn == seat:
        if v.phase == "respond":
            doing = t._("to answer")
        else:
            to = _TO.get(v.phase)
            doing = t._(to) if to is not None else t._("to {phase}", phase=v.phase)
        facts.append("▶ " + doing)
    facts.append(cards_count(v.hand_sizes[seat]))
    if v.dealer == seat:
        facts.append(t._("dealer"))
    own = v.own
    if isinstance(own, SkarneyView) and own.contract and own.contract[seat]:
        facts.append(t._("contract down"))
    if isinstance(own, SkarneyView) and own.last_card and own.last_card[seat]:
        facts.append(t._("last card!"))
    if v.known[seat]:
        facts.append(t._("holds {cards}", cards=cards_text(v.known[seat])))
    return facts


def _situation(v: TablePublicView, names: Names) -> str:
    """What the game's own state adds to the board: a Challenge, an offer, the final turn, hands left."""
    t = current()
    bits = []
    match v.own:
        case ColonelView(challenger=int(who)):
            bits.append(t._("{name} challenges: the lower hand total would win", name=name_of(names, who)))
        case SkarneyView(offer=offer, offered_by=by, final_turn=final):
            if offer is not None and by is not None:
                bits.append(t._("{name} offers the {card}", name=name_of(names, by), card=offer.pretty))
            if final:
                bits.append(t._("final turn: the stock is down to 2"))
        case RummyView(hands_left=int(left)):
            bits.append(t.ngettext("{n} hand left", "{n} hands left", left, n=t.number(left)))
    return "; ".join(bits)


def describe_table(view: TablePublicView, names: Names) -> str:
    """The current turn in words (the renderer's ``describe``)."""
    phrases = table_turn_lines(view.last_events, Voice(names), deal_number=view.deal_number)
    if not phrases:
        return new_match(Voice(names), view.turn)
    answer = _to_answer(view, names)
    return ". ".join([*phrases, answer] if answer else phrases)


def _to_answer(v: TablePublicView, names: Names) -> str:
    """Who must answer a Challenge or an offer now (the board says it, not only his hand)."""
    if v.phase != "respond" or v.turn is None or v.finished:
        return ""
    t = current()
    who = name_of(names, v.turn)
    match v.own:
        case ColonelView(challenger=int()):
            return t._("{name} must accept or reject the Challenge", name=who)
        case SkarneyView(offer=Card() as offer):
            return t._("{name} must take the {card} or turn it down", name=who, card=offer.pretty)
    return t._("{name} must answer", name=who)


def _hand_title(v: TablePublicView, rec: TableHand, names: Names) -> str:
    t = current()
    if rec.winner is None:
        return t._("Hand {number}: no score", number=rec.number)
    who = name_of(names, rec.knocker if rec.knocker is not None else rec.winner)
    title = _outcome(rec, who)
    if rec.knocker is None or rec.knocker == rec.winner:
        return title
    return t._("{title}; {name} scores", title=title, name=name_of(names, rec.winner))


def _outcome(rec: TableHand, who: str) -> str:
    """'Hand 3: Alice went out, 25 points': how a hand ended and its points."""
    t = current()
    n = rec.points
    fields = {"number": rec.number, "name": who, "n": t.number(rec.points)}
    match rec.outcome:
        case "out":
            return t.ngettext(
                "Hand {number}: {name} went out, {n} point", "Hand {number}: {name} went out, {n} points", n, **fields
            )
        case "rummy":
            return t.ngettext(
                "Hand {number}: {name} went rummy, {n} point",
                "Hand {number}: {name} went rummy, {n} points",
                n,
                **fields,
            )
        case "gin":
            return t.ngettext(
                "Hand {number}: {name} went gin, {n} point", "Hand {number}: {name} went gin, {n} points", n, **fields
            )
        case "stock":
            return t.ngettext(
                "Hand {number}: {name} won at the stock's end, {n} point",
                "Hand {number}: {name} won at the stock's end, {n} points",
                n,
                **fields,
            )
        case "challenge":
            return t.ngettext(
                "Hand {number}: {name} won the Challenge, {n} point",
                "Hand {number}: {name} won the Challenge, {n} points",
                n,
                **fields,
            )
        case "drawn":
            return t.ngettext(
                "Hand {number}: {name} drawn, {n} point", "Hand {number}: {name} drawn, {n} points", n, **fields
            )
    # an outcome the engine may add later, in its own word
    return t.ngettext(
        "Hand {number}: {name} {outcome}, {n} point",
        "Hand {number}: {name} {outcome}, {n} points",
        n,
        outcome=rec.outcome,
        **fields,
    )


def alt_table(v: TablePublicView, names: Names) -> str:
    t = current()
    seats = "; ".join(
        t.ngettext(
            "{name} {n} point: {facts}. Melds: {melds}",
            "{name} {n} points: {facts}. Melds: {melds}",
            v.scores[s],
            name=name_of(names, s),
            n=v.scores[s],
            facts=", ".join(_facts(v, s)),
            melds=", ".join(meld_words(m) for m in v.melds_by_owner[s]) or t.pgettext("melds", "none"),
        )
        for s in range(v.seats)
    )
    if isinstance(v.own, SkarneyView):  # no discard pile: a card is offered
        pile = t._("Offered: {card}.", card=v.own.offer.pretty) if v.own.offer else t._("No card offered.")
    elif v.pile_top is not None:
        pile = t.ngettext(
            "Pile {n} card, top {card}.",
            "Pile {n} cards, top {card}.",
            v.pile_count,
            n=t.number(v.pile_count),
            card=v.pile_top.pretty,
        )
    else:
        pile = t.ngettext(
            "Pile {n} card, top none.",
            "Pile {n} cards, top none.",
            v.pile_count,
            n=t.number(v.pile_count),
        )
    extra = _situation(v, names)
    stock = t.ngettext("Stock {n} card.", "Stock {n} cards.", v.stock_count, n=t.number(v.stock_count))
    head = t._("{game}, hand {number}.", game=_title(v), number=v.deal_number)
    return f"{head} {stock} {pile} {seats}. {(extra + '. ') if extra else ''}{describe_table(v, names)}."
