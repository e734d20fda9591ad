"""The maximum matching against a brute force over small random graphs, and kept right as vertices leave."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.matching import MaxMatching, matching_size


def brute(players: list[int], allowed: set[frozenset[int]]) -> int:
    if len(players) < 2:
        return 0
    first, rest = players[0], players[1:]
    best = brute(rest, allowed)
    for other in rest:
        if frozenset((first, other)) in allowed:
            best = max(best, 1 + brute([u for u in rest if u != other], allowed))
    return best


@st.composite
def graphs(draw: st.DrawFn) -> tuple[list[int], set[frozenset[int]]]:
    n = draw(st.integers(0, 11))
    pairs = list(itertools.combinations(range(n), 2))
    chosen = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    return list(range(n)), {frozenset(p) for p, keep in zip(pairs, chosen, strict=True) if keep}


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_the_matching_is_maximum(graph: tuple[list[int], set[frozenset[int]]]) -> None:
    players, allowed = graph
    assert matching_size(players, allowed) == brute(players, allowed)


@settings(max_examples=200, deadline=None)
@given(graphs(), st.data())
def test_taking_vertices_out_keeps_it_maximum(
    graph: tuple[list[int], set[frozenset[int]]], data: st.DataObject
) -> None:
    players, allowed = graph
    adj = [[v for v in players if frozenset((u, v)) in allowed] for u in players]
    m = MaxMatching(adj)
    left = list(players)
    while len(left) > 1:
        gone = data.draw(st.sampled_from(left))
        left.remove(gone)
        m = m.without(gone)
        assert m.size == brute(left, allowed)
        assert all(m.mate[m.mate[v]] == v and frozenset((v, m.mate[v])) in allowed for v in left if m.mate[v] != -1)
