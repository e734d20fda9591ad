"""Tables of three or more seated by standing: the best players at table 1, the next at table 2 ...

There are as many tables as needed for tables of at most ``seats`` players, as even as they can be (the
larger ones first). When that would make a table smaller than the game allows, there are fewer tables
and the players left over have a bye, the lowest-ranked who have not had one first.
"""

from __future__ import annotations

from collections.abc import Sequence


def seat(
    ranked: Sequence[int], seats: int, min_seats: int, had_bye: set[int]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The tables (each in standing order) and the players with a bye, for ``ranked`` (best first)."""
    n = len(ranked)
    count = -(-n // seats)
    while count and n // count < min_seats:
        count -= 1
    spare = max(0, n - count * seats)
    order = [u for u in reversed(ranked) if u not in had_bye] + [u for u in reversed(ranked) if u in had_bye]
    byes = set(order[:spare])
    seated = [u for u in ranked if u not in byes]
    tables: list[tuple[int, ...]] = []
    if count:
        size, extra = divmod(len(seated), count)
        at = 0
        for i in range(count):
            width = size + (i < extra)
            tables.append(tuple(seated[at : at + width]))
            at += width
    return tuple(tables), tuple(u for u in ranked if u in byes)


__all__ = ["seat"]
