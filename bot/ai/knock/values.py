"""Hand values for play-outs: deadwood and the best discard, cached by the cards that can meld.

A card in no possible meld of the hand only adds its value, whatever the arrangement; so the
deadwood of a hand is the value of those cards plus the solver's answer for the melding cards
alone (bot.engine.melds does the same inside one call). Caching that answer by the melding
cards' mask, not by the whole hand, makes nearly every look-up of a play-out a hit: a hand
changes one card a turn and its melding part changes far less often.
"""

from __future__ import annotations

from bot.engine import FULL_MASK, LANE, deadwood_of_mask, mask_points, meldable_mask

# Entries per cache. Measured (PIMC decisions from 59 deals): 300,000 made a process of 490 MB for a
# tenth less time a decision; 60,000: 140 MB, 13% slower; 20,000: 59 MB, 17% slower.
_CACHE_LIMIT = 50_000
VALUE = [0] * 64  # the card value at each bit index
for _s in range(4):
    for _r in range(13):
        VALUE[_s * LANE + _r] = min(_r + 1, 10)
_TENS = sum(1 << (s * LANE + r) for s in range(4) for r in range(9, 13))  # 10 J Q K
_RANKS = [sum(1 << (s * LANE + r) for s in range(4)) for r in range(13)]  # one rank in every suit

_solved: dict[int, int] = {0: 0}
# melding mask -> its discards, best first: (deadwood of the melding cards left, -value, bit index, bit)
_discards: dict[int, list[tuple[int, int, int, int]]] = {}


def _solve(m: int) -> int:
    """Least deadwood of the cards of ``m`` on their own (cached)."""
    v = _solved.get(m)
    if v is None:
        if len(_solved) > _CACHE_LIMIT:
            _solved.clear()
            _solved[0] = 0
        v = _solved[m] = deadwood_of_mask(m)
    return v


def deadwood(h: int, runs: bool = False) -> int:
    """Least deadwood of a hand mask (``runs``: Sequence Gin, only runs meld)."""
    m = meldable_mask(h, runs)
    if not m:
        return mask_points(h)
    if runs:
        return mask_points(h ^ m)  # every card of a run of three or more melds (engine: melds.run_cover)
    return mask_points(h ^ m) + _solve(m)


def _melding_discards(m: int) -> list[tuple[int, int, int, int]]:
    out = _discards.get(m)
    if out is None:
        if len(_discards) > _CACHE_LIMIT:
            _discards.clear()
        out = []
        x = m
        while x:
            low = x & -x
            x ^= low
            i = low.bit_length() - 1
            out.append((_solve(m ^ low), -VALUE[i], i, low))
        out.sort()
        _discards[m] = out
    return out


def highest_card(x: int) -> int:
    """The bit of the highest-value card of a non-empty mask (ties: the lowest bit, the engine's order)."""
    tens = x & _TENS
    if tens:
        return tens & -tens
    for r in range(8, -1, -1):
        y = x & _RANKS[r]
        if y:
            return y & -y
    raise ValueError("no card")


def best_discard(h: int, forbidden: int = 0, runs: bool = False) -> tuple[int, int]:
    """(deadwood left, card bit) of the discard from ``h`` that leaves the least deadwood, never
    a card of ``forbidden`` (a mask); ties go to the higher card, then the lower bit (the engine's ``best_discards``)."""
    if runs:
        return _best_discard_runs(h, forbidden)
    m = meldable_mask(h)
    free = h ^ m
    free_points = mask_points(free)
    best = (1 << 30, 0, 0, 0)
    loose = free & ~forbidden
    if loose:
        bit = highest_card(loose)
        i = bit.bit_length() - 1
        best = (free_points - VALUE[i] + _solve(m), -VALUE[i], i, bit)
    if m:
        for dw, neg, i, bit in _melding_discards(m):
            if bit & forbidden:
                continue
            cand = (free_points + dw, neg, i, bit)
            if cand < best:
                best = cand
            break
    return best[0], best[3]


def _best_discard_runs(h: int, forbidden: int) -> tuple[int, int]:
    best = (1 << 30, 0, 0, 0)
    x = h & ~forbidden
    while x:
        low = x & -x
        x ^= low
        i = low.bit_length() - 1
        cand = (deadwood(h ^ low, True), -VALUE[i], i, low)
        if cand < best:
            best = cand
    return best[0], best[3]


def card_joins(h: int, bit: int, runs: bool = False) -> bool:
    """After adding the card ``bit`` to the 10-card hand ``h`` and the best discard (never that card),
    is the card melded, i.e. does it lower the deadwood (greedy.card_joins_meld on masks)?"""
    hc = h | bit
    if not meldable_mask(hc, runs) & bit:
        return False
    dw, out = best_discard(hc, bit, runs)
    return deadwood(hc ^ out ^ bit, runs) + VALUE[bit.bit_length() - 1] > dw


def is_big_gin(h: int, runs: bool = False) -> bool:
    """All eleven cards meld."""
    return meldable_mask(h, runs) == h and deadwood(h, runs) == 0


_TOUCH_LANE = (1 << 13) - 1
# the cards of each value 1..10 in every suit (10: the tens and the faces)
_BY_VALUE = [0] * 11
for _i in range(64):
    if VALUE[_i]:
        _BY_VALUE[VALUE[_i]] |= 1 << _i


def touching(h: int, runs: bool = False) -> int:
    """Cards outside ``h`` that would meld with two of its cards (runs, and sets unless ``runs``)."""
    near = ((h >> 1) & (h >> 2)) | ((h << 1) & (h >> 1)) | ((h << 1) & (h << 2))
    if not runs:
        a = h & _TOUCH_LANE
        b = (h >> 16) & _TOUCH_LANE
        c = (h >> 32) & _TOUCH_LANE
        d = (h >> 48) & _TOUCH_LANE
        two = (a & (b | c | d)) | (b & (c | d)) | (c & d)
        near |= two | (two << 16) | (two << 32) | (two << 48)
    return near & FULL_MASK & ~h


def lookahead(h: int, unseen: int, runs: bool = False, aim: int = -1, bonus: float = 0.0) -> float:
    """The deadwood expected after one more stock draw from the ``unseen`` cards and the best discard
    (evaluate.lookahead on masks): a drawn card that touches no two cards of ``h`` leaves the melds as
    they are, so those cards are counted by value at once; outcomes at or under ``aim`` count
    ``bonus`` less."""
    n = unseen.bit_count()
    dw = deadwood(h, runs)
    if not n:
        return float(dw)
    near = touching(h, runs) & unseen
    b9 = best_discard(h, 0, runs)[0]
    total = 0.0
    x = near
    while x:
        low = x & -x
        x ^= low
        v = best_discard(h | low, 0, runs)[0]
        if v > dw:
            v = dw
        total += v - bonus if v <= aim else v
    far = unseen & ~near
    for value in range(1, 11):
        count = (far & _BY_VALUE[value]).bit_count()
        if count:
            v = b9 + value
            if v > dw:
                v = dw
            total += count * (v - bonus if v <= aim else v)
    return total / n
