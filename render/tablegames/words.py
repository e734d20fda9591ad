"""The words of the table-meld games (Colonel, Skarney Gin, Rummy): the seats' facts, the
events, a finished hand's title and the table's text alternative (render.tablegames draws
the pictures; its names are imported from there too).
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

from ..games import Names
from ..kit.words import cards_text, name_of
from ..narration import Voice, new_match, table_turn_lines

__all__ = ["TITLES", "alt_table", "describe_table", "meld_words"]

TITLES = {"colonel": "Colonel", "skarney": "Skarney Gin", "rummy": "Rummy"}
_OUTCOME = {
    "out": "went out",
    "rummy": "went rummy",
    "gin": "went gin",
    "stock": "won at the stock's end",
    "challenge": "won the Challenge",
    "drawn": "drawn",
}


def _title(v: TablePublicView) -> str:
    return TITLES.get(v.game, v.game.title())


def meld_words(m: TableMeld) -> str:
    return f"#{m.number} {m.kind} {cards_text(m.cards)}"


def _playing(v: TablePublicView) -> bool:
    return not v.finished and v.phase != "over" and v.turn is not None


def _facts(v: TablePublicView, seat: int) -> list[str]:
    facts: list[str] = []
    if v.finished and v.winner == seat:
        facts.append("won the match")
    if _playing(v) and v.turn == seat:
        facts.append("▶ " + ("to answer" if v.phase == "respond" else f"to {v.phase}"))
    facts.append(f"{v.hand_sizes[seat]} cards")
    if v.dealer == seat:
        facts.append("dealer")
    own = v.own
    if isinstance(own, SkarneyView) and own.contract and own.contract[seat]:
        facts.append("contract down")
    if isinstance(own, SkarneyView) and own.last_card and own.last_card[seat]:
        facts.append("last card!")
    if v.known[seat]:
        facts.append("holds " + cards_text(v.known[seat]))
    return facts


def _situation(v: TablePublicView, names: Names) -> str:
    """What the game's own state adds to the board: a Challenge, an offer, the final turn, hands left."""
    bits = []
    match v.own:
        case ColonelView(challenger=int(who)):
            bits.append(f"{name_of(names, who)} challenges: the lower hand total would win")
        case SkarneyView(offer=offer, offered_by=by, final_turn=final):
            if offer is not None and by is not None:
                bits.append(f"{name_of(names, by)} offers the {offer.pretty}")
            if final:
                bits.append("final turn: the stock is down to 2")
        case RummyView(hands_left=int(left)):
            bits.append(f"{left} {'hand' if left == 1 else 'hands'} left")
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
    who = name_of(names, v.turn)
    match v.own:
        case ColonelView(challenger=int()):
            return f"{who} must accept or reject the Challenge"
        case SkarneyView(offer=Card() as offer):
            return f"{who} must take the {offer.pretty} or turn it down"
    return f"{who} must answer"


def _hand_title(v: TablePublicView, rec: TableHand, names: Names) -> str:
    if rec.winner is None:
        return f"Hand {rec.number}: no score"
    who = name_of(names, rec.knocker if rec.knocker is not None else rec.winner)
    how = _OUTCOME.get(rec.outcome, rec.outcome)
    tail = "" if rec.knocker is None or rec.knocker == rec.winner else f"; {name_of(names, rec.winner)} scores"
    return f"Hand {rec.number}: {who} {how}, {rec.points} points{tail}"


def alt_table(v: TablePublicView, names: Names) -> str:
    seats = "; ".join(
        f"{name_of(names, s)} {v.scores[s]} points: "
        + ", ".join(_facts(v, s))
        + ". Melds: "
        + (", ".join(meld_words(m) for m in v.melds_by_owner[s]) or "none")
        for s in range(v.seats)
    )
    if isinstance(v.own, SkarneyView):  # no discard pile: a card is offered
        pile = f"Offered: {v.own.offer.pretty}." if v.own.offer else "No card offered."
    else:
        pile = f"Pile {v.pile_count} cards, top {v.pile_top.pretty if v.pile_top else 'none'}."
    extra = _situation(v, names)
    return (
        f"{_title(v)}, hand {v.deal_number}. Stock {v.stock_count} cards. {pile} {seats}. "
        f"{(extra + '. ') if extra else ''}{describe_table(v, names)}."
    )
