"""Round robin by the circle method: the first place stays put, the others turn one place a round. With an
odd number of players the first place is an empty one, and whoever faces it has the bye (the last seed first)."""

from __future__ import annotations

from collections.abc import Sequence


def round_count(players: int) -> int:
    """Rounds for everyone to meet everyone once."""
    return players - 1 if players % 2 == 0 else players


def circle_round(players: Sequence[int], number: int) -> list[tuple[int | None, int | None]]:
    """The pairs of round ``number`` (from 1) over ``players`` in seed order; None is the empty place."""
    ring: list[int | None] = [None, *players] if len(players) % 2 else list(players)
    size = len(ring)
    for _ in range(number - 1):
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return [(ring[i], ring[size - 1 - i]) for i in range(size // 2)]


__all__ = ["circle_round", "round_count"]
