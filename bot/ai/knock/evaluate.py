"""Hand values on bitmasks: deadwood, best discards, and the one-step lookahead.

The engine's solver (bot.engine.melds) is exact and takes a few microseconds; a
small bounded cache on top of it pays off because the lookahead asks about the same
10- and 11-card hands many times in one game.

The one-step lookahead value of a 10-card hand ``h`` is the deadwood we expect to
hold after the next draw from the stock and the best discard::

    L(h) = mean over unseen c of  min(dw(h), min over x in h of dw(h + c - x))

(discarding the drawn card itself keeps ``dw(h)``). A drawn card ``c`` that forms no
meld with ``h`` cannot change the melds, so then the inner minimum is
``min(dw(h), B9(h) + value(c))`` where ``B9(h)`` is the best 9-card deadwood of
``h``: only the few cards that touch ``h`` need a solver call.

Every function takes ``runs=True`` for Sequence Gin, where only runs are melds (the
caches keep those answers apart with a bit no card uses).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.engine import Card, best_discards, cards_of, deadwood_of_mask, mask_points, meldable_mask

_CACHE_LIMIT = 200_000
_RUNS = 1 << 63  # no card lives on bit 63 (cards.py): it marks a runs-only (Sequence) cache entry
_dw_cache: dict[int, int] = {}
_b9_cache: dict[int, int] = {}


def deadwood(h: int, runs: bool = False) -> int:
    """Minimum deadwood of a hand mask (cached)."""
    key = h | _RUNS if runs else h
    v = _dw_cache.get(key)
    if v is None:
        if len(_dw_cache) > _CACHE_LIMIT:
            _dw_cache.clear()
        v = _dw_cache[key] = deadwood_of_mask(h, runs)
    return v


def best_after_discard(h: int, runs: bool = False) -> int:
    """Lowest deadwood left after discarding one card of ``h`` (cached)."""
    key = h | _RUNS if runs else h
    v = _b9_cache.get(key)
    if v is None:
        if len(_b9_cache) > _CACHE_LIMIT:
            _b9_cache.clear()
        m = meldable_mask(h, runs)
        if not m:
            # No melds at all: shed the highest card.
            pts = mask_points(h)
            high = 0
            x = h
            while x:
                low = x & -x
                x ^= low
                val = _VALUE[low.bit_length() - 1]
                if val > high:
                    high = val
            v = pts - high
        else:
            v = best_discards(cards_of(h), runs)[0][1]
        _b9_cache[key] = v
    return v


def discard_values(h: int, forbidden: int = 0, runs: bool = False) -> list[tuple[int, int]]:
    """(deadwood after discarding, card bit) for every card of an 11-card mask, best first."""
    out = []
    x = h & ~forbidden
    while x:
        low = x & -x
        x ^= low
        out.append((deadwood(h ^ low, runs), low))
    out.sort(key=lambda t: (t[0], -_VALUE[t[1].bit_length() - 1]))
    return out


def lookahead(
    h: int,
    unseen: Iterable[Card],
    limit: int = -1,
    knock_bonus: float = 0.0,
    runs: bool = False,
) -> float:
    """L(h): expected deadwood after one more stock draw and the best discard (module doc).

    With ``knock_bonus``, an outcome at or under the knock ``limit`` counts that much
    less: being able to knock is worth more than its deadwood says.
    """
    dw = deadwood(h, runs)
    b9 = best_after_discard(h, runs)
    total = 0.0
    n = 0
    for c in unseen:
        bit = c.bit
        hc = h | bit
        v = best_after_discard(hc, runs) if meldable_mask(hc, runs) & bit else b9 + c.value
        if v > dw:
            v = dw
        total += v - knock_bonus if v <= limit else v
        n += 1
    return total / n if n else float(dw)


_VALUE = [0] * 64
for _s in range(4):
    for _r in range(13):
        _VALUE[_s * 16 + _r] = min(_r + 1, 10)


def greedy_keep(h11: int, runs: bool = False) -> int:
    """The 10-card hand left after the discard that leaves the least deadwood."""
    return h11 ^ discard_values(h11, 0, runs)[0][1]


def lookahead2(
    h: int, pairs: list[tuple[Card, Card]], limit: int, knock_bonus: float = 0.0, runs: bool = False
) -> float:
    """Expected deadwood after two more stock draws, each followed by the greedy discard.

    ``pairs`` are sampled ordered pairs of unseen cards (the same pairs for every
    candidate hand, so the comparison between candidates is fair). Reaching the knock
    limit after the first draw ends the sample there (we would knock), with the bonus.
    """
    total = 0.0
    for c1, c2 in pairs:
        h1 = greedy_keep(h | c1.bit, runs) if not c1.bit & h else h
        d1 = deadwood(h1, runs)
        if d1 <= limit:
            total += d1 - 2 * knock_bonus
            continue
        h2 = greedy_keep(h1 | c2.bit, runs) if not c2.bit & h1 else h1
        d2 = deadwood(h2, runs)
        total += d2 - knock_bonus if d2 <= limit else d2
    return total / len(pairs) if pairs else float(deadwood(h, runs))
