"""Swiss pairing: by score then rating, no rematch while one can be avoided, a bye to the lowest-ranked
player who has not had one.

Players are ranked by points, then rating, then seed. Within a score group the top half meets the bottom
half (1-3 and 2-4 in a group of four); a player left over floats down to the next group. The pairing is
built from the top, taking for each player the first opponent in that order that still lets the rest be
paired with the fewest rematches possible, which a maximum matching of the pairs not yet played says
(``matching.py``): so a rematch is made only when none can be avoided, and the search never fails.
"""

from __future__ import annotations

from collections.abc import Sequence

from .matching import MaxMatching
from .state import Tournament
from .tally import met, tallies


def swiss_pairs(t: Tournament) -> tuple[tuple[tuple[int, int], ...], int | None]:
    """The next round's pairs (higher-ranked player first) and the player with the bye, if any."""
    table = tallies(t)
    ratings = {e.user_id: e.rating for e in t.entrants}
    seeds = {e.user_id: i for i, e in enumerate(t.entrants)}
    ranked = sorted(t.active(), key=lambda u: (-table[u].points, -ratings[u], seeds[u]))
    points = {u: table[u].points for u in ranked}
    return pair(ranked, points, met(t), {u for u in ranked if table[u].byes})


def pair(
    ranked: Sequence[int], points: dict[int, int], played: set[frozenset[int]], had_bye: set[int]
) -> tuple[tuple[tuple[int, int], ...], int | None]:
    """Pairs for ``ranked`` (best first), avoiding the pairs in ``played``, and the bye when they are odd."""
    at = {u: i for i, u in enumerate(ranked)}
    fresh = [[at[b] for b in ranked if b != a and frozenset((a, b)) not in played] for a in ranked]
    matching = MaxMatching(fresh)
    bye = None
    rest = list(ranked)
    if len(rest) % 2:
        bye, matching = _bye(rest, at, matching, had_bye)
        rest.remove(bye)
    budget = len(rest) // 2 - matching.size  # the fewest rematches this round can have
    pairs: list[tuple[int, int]] = []
    while rest:
        top = rest[0]
        for other in _preferred(rest, points):
            cost = int(frozenset((top, other)) in played)
            if cost > budget:
                continue
            after = matching.without(at[top], at[other])
            if cost + (len(rest) // 2 - 1 - after.size) == budget:
                pairs.append((top, other))
                rest = [u for u in rest if u not in (top, other)]
                matching, budget = after, budget - cost
                break
    return tuple(pairs), bye


def _bye(ranked: list[int], at: dict[int, int], matching: MaxMatching, had_bye: set[int]) -> tuple[int, MaxMatching]:
    """The bye and the matching of the others: the fewest rematches first, then a player without a bye,
    then the lowest-ranked (the order tried: on a tie the first tried stays)."""
    order = [u for u in reversed(ranked) if u not in had_bye] + [u for u in reversed(ranked) if u in had_bye]
    best: tuple[int, int, MaxMatching] | None = None
    for u in order:
        rest = matching.without(at[u])
        rematches = (len(ranked) - 1) // 2 - rest.size
        if best is None or rematches < best[0]:
            best = (rematches, u, rest)
        if rematches == 0:
            break
    assert best is not None
    return best[1], best[2]


def _preferred(rest: Sequence[int], points: dict[int, int]) -> list[int]:
    """Opponents for ``rest[0]`` in the order wanted: the middle of his score group down, then up, then below."""
    group = sum(1 for u in rest if points[u] == points[rest[0]])
    if group == 1:
        return list(rest[1:])
    half = group // 2
    return [*rest[half:group], *reversed(rest[1:half]), *rest[group:]]


__all__ = ["pair", "swiss_pairs"]
