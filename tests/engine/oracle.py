"""A deliberately naive meld solver, written from RULES.md section 2 alone, to check the fast one."""

from __future__ import annotations

from itertools import combinations

from bot.engine import Card


def all_melds(cards: tuple[Card, ...]) -> list[frozenset[Card]]:
    """Every set (3 or 4 of a rank) and run (3+ consecutive of a suit) inside ``cards``."""
    melds: list[frozenset[Card]] = []
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    for group in by_rank.values():
        for k in (3, 4):
            melds.extend(frozenset(combo) for combo in combinations(group, k))
    held: dict[tuple[int, int], Card] = {(c.suit, c.rank): c for c in cards}
    for suit in range(4):
        for lo in range(1, 12):
            for hi in range(lo + 2, 14):
                if all((suit, r) in held for r in range(lo, hi + 1)):
                    melds.append(frozenset(held[(suit, r)] for r in range(lo, hi + 1)))
    return melds


def min_deadwood(cards) -> int:
    """Minimum deadwood by trying every combination of disjoint melds."""
    cards = tuple(cards)
    melds = all_melds(cards)
    total = sum(c.value for c in cards)
    best = total

    def walk(start: int, used: frozenset[Card], melded: int) -> None:
        nonlocal best
        best = min(best, total - melded)
        for i in range(start, len(melds)):
            m = melds[i]
            if not (m & used):
                walk(i + 1, used | m, melded + sum(c.value for c in m))

    walk(0, frozenset(), 0)
    return best


def is_valid_meld(meld) -> bool:
    meld = tuple(meld)
    if len(meld) < 3:
        return False
    if len({c.rank for c in meld}) == 1:
        return len(meld) <= 4
    if len({c.suit for c in meld}) != 1:
        return False
    ranks = sorted(c.rank for c in meld)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))
