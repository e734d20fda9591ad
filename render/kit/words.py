"""Words every game's pictures and texts share: cards, melds, a rank in the plural, a seat's name."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.engine import Card, meld_kind

Names = Sequence[str]


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def meld_text(meld: Sequence[Card]) -> str:
    """'set of 7s: 7♠ 7♥ 7♦' or 'run 9–Q♣: 9♣ 10♣ J♣ Q♣'."""
    if meld_kind(meld) == "set":
        return f"set of {rank_plural(meld[0].rank)}: {cards_text(meld)}"
    ranks = sorted(meld, key=lambda c: c.rank)
    return f"run {ranks[0].rank_label}–{ranks[-1].rank_label}{meld[0].suit.symbol}: {cards_text(ranks)}"


_PLURAL = {1: "Aces", 11: "Jacks", 12: "Queens", 13: "Kings"}


def rank_plural(rank: int) -> str:
    """'7s', '10s', 'Aces', 'Kings'."""
    return _PLURAL.get(rank, ("10" if rank == 10 else str(rank)) + "s")


def name_of(names: Names, seat: int | None) -> str:
    """A seat's name ("Player 3" for a seat without one; "" for no seat)."""
    if seat is None:
        return ""
    return names[seat] if 0 <= seat < len(names) and names[seat] else f"Player {seat + 1}"


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
