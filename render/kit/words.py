"""Words every game's pictures and texts share: cards, melds, a rank in the plural, a seat's name,
in the language being written now (bot.i18n.current)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.engine import Card, meld_kind
from bot.i18n import N_, current

Names = Sequence[str]


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def meld_text(meld: Sequence[Card]) -> str:
    """'set of 7s: 7♠ 7♥ 7♦' or 'run 9–Q♣: 9♣ 10♣ J♣ Q♣'."""
    t = current()
    if meld_kind(meld) == "set":
        return t._("set of {ranks}: {cards}", ranks=rank_plural(meld[0].rank), cards=cards_text(meld))
    ranks = sorted(meld, key=lambda c: c.rank)
    return t._(
        "run {low}–{high}{suit}: {cards}",
        low=ranks[0].rank_label,
        high=ranks[-1].rank_label,
        suit=meld[0].suit.symbol,
        cards=cards_text(ranks),
    )


_PLURAL = {1: N_("Aces"), 11: N_("Jacks"), 12: N_("Queens"), 13: N_("Kings")}


def rank_plural(rank: int) -> str:
    """'7s', '10s', 'Aces', 'Kings'."""
    t = current()
    if rank in _PLURAL:
        return t._(_PLURAL[rank])
    # i18n: a number rank in the plural: 'a set of 7s'
    return t._("{rank}s", rank=rank)


def name_of(names: Names, seat: int | None) -> str:
    """A seat's name ("Player 3" for a seat without one; "" for no seat)."""
    if seat is None:
        return ""
    return names[seat] if 0 <= seat < len(names) and names[seat] else current()._("Player {number}", number=seat + 1)


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th', '11th', '21st' (Knockout's places: who went out first, second …)."""
    t = current()
    last = 0 if 10 <= n % 100 <= 20 else n % 10
    if last == 1:
        # i18n: a place as an ordinal number, English 1st, 21st (Knockout: 1st to 4th out)
        return t._("{n}st", n=n)
    if last == 2:
        # i18n: a place as an ordinal number, English 2nd, 22nd
        return t._("{n}nd", n=n)
    if last == 3:
        # i18n: a place as an ordinal number, English 3rd, 23rd
        return t._("{n}rd", n=n)
    # i18n: a place as an ordinal number, English 4th, 11th, 20th
    return t._("{n}th", n=n)
