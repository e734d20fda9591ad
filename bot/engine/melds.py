"""Exact meld solver: the minimum deadwood of a hand, its arrangement, and the best discards.

Algorithm (pure Python, bitmasks; see cards.py for the bit layout):

1. Meldable cards. With the hand as a 64-bit mask ``h``, ``h & h>>1 & h>>2`` marks
   every card that starts a run of three, and the AND/OR of the four suit lanes marks
   every rank held three or more times. Their cover is the set ``M`` of cards that
   belong to at least one meld in the hand. Every other card is deadwood in every
   arrangement, so it only adds its value; the search runs over ``M`` alone, which in
   a typical hand is 0 to 6 cards.
2. Search from the lowest card. The lowest card ``c`` of the remaining mask is either
   deadwood, or it is the *lowest* card of a meld: a run of 3, 4 or 5 starting at
   ``c`` (longer runs are unions of those), or a set of ``c`` with two or three cards
   of its rank in higher suits. A precomputed table gives those at most 7 candidate
   melds per card, so each node tests a handful of masks. Results are memoised per
   call on the remaining mask.
3. Eleven cards in one search. For a discard ``d`` outside ``M`` the deadwood after
   discarding is simply the 11-card optimum minus ``d``'s value, because ``d`` is in
   no meld. Only the discards inside ``M`` need a search of ``M - d``, and all of those
   share one memo with the 11-card search, so ``best_discards`` costs little more
   than one ``best_arrangement``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations

from .cards import LANE, RANK_MASK, Card, card_at, cards_of, mask_of, sort_for_display

# Deadwood value of every 13-bit rank mask of one suit lane.
_LANE_POINTS: list[int] = [sum(min(r + 1, 10) for r in range(13) if m >> r & 1) for m in range(1 << 13)]
# Value of the card at each bit index (0 where no card lives).
_BIT_VALUE: list[int] = [0] * 64
for _s in range(4):
    for _r in range(13):
        _BIT_VALUE[_s * LANE + _r] = min(_r + 1, 10)


def _is_set_mask_early(m: int) -> bool:
    low = (m & -m).bit_length() - 1
    return low % LANE == (m.bit_length() - 1) % LANE


def _build_melds_from() -> list[tuple[int, ...]]:
    """For each bit index, the melds whose lowest card is that bit."""
    table: list[tuple[int, ...]] = [()] * 64
    for suit in range(4):
        for r in range(13):
            i = suit * LANE + r
            melds = []
            for length in (3, 4, 5):
                if r + length <= 13:
                    melds.append(((1 << length) - 1) << i)
            higher = [s * LANE + r for s in range(suit + 1, 4)]
            for k in (2, 3):
                for combo in combinations(higher, k):
                    m = 1 << i
                    for j in combo:
                        m |= 1 << j
                    melds.append(m)
            table[i] = tuple(melds)
    return table


_MELDS_FROM = _build_melds_from()
# Sequence Gin (docs/rules.md#sequence-gin): only runs are melds. A run of three or more is
# the whole meld of its stretch, so the runs-only deadwood needs no search at all.
_RUNS_FROM: list[tuple[int, ...]] = [tuple(m for m in melds if not _is_set_mask_early(m)) for melds in _MELDS_FROM]


def mask_points(mask: int) -> int:
    """Sum of card values in a mask."""
    lp = _LANE_POINTS
    return (
        lp[mask & RANK_MASK]
        + lp[(mask >> 16) & RANK_MASK]
        + lp[(mask >> 32) & RANK_MASK]
        + lp[(mask >> 48) & RANK_MASK]
    )


def run_cover(h: int) -> int:
    """Cards of ``h`` in a run of three or more (Sequence Gin's melds: every such card melds at once)."""
    r3 = h & (h >> 1) & (h >> 2)
    return (r3 | (r3 << 1) | (r3 << 2)) & h


def meldable_mask(h: int, runs_only: bool = False) -> int:
    """Cards of ``h`` that belong to at least one possible meld within ``h`` (runs only: Sequence Gin)."""
    if runs_only:
        return run_cover(h)
    r3 = h & (h >> 1) & (h >> 2)
    a = h & RANK_MASK
    b = (h >> 16) & RANK_MASK
    c = (h >> 32) & RANK_MASK
    d = (h >> 48) & RANK_MASK
    s3 = (a & b & (c | d)) | (c & d & (a | b))
    cover = r3 | (r3 << 1) | (r3 << 2)
    if s3:
        cover |= s3 | (s3 << 16) | (s3 << 32) | (s3 << 48)
    return cover & h


def _solver() -> tuple[dict[int, int], Callable[[int], int]]:
    """A fresh memo and the search over it: min deadwood of a mask of meldable cards."""
    memo: dict[int, int] = {0: 0}
    melds_from = _MELDS_FROM
    bit_value = _BIT_VALUE

    def solve(mask: int) -> int:
        hit = memo.get(mask)
        if hit is not None:
            return hit
        low = mask & -mask
        i = low.bit_length() - 1
        best = bit_value[i] + solve(mask ^ low)
        if best:
            for m in melds_from[i]:
                if m & mask == m:
                    v = solve(mask ^ m)
                    if v < best:
                        best = v
                        if not v:
                            break
        memo[mask] = best
        return best

    return memo, solve


def deadwood_of_mask(h: int, runs_only: bool = False) -> int:
    """Minimum deadwood points of a hand given as a mask (fast path for AI and scoring)."""
    if runs_only:
        return mask_points(h & ~run_cover(h))
    m = meldable_mask(h)
    if not m:
        return mask_points(h)
    _, solve = _solver()
    return mask_points(h ^ m) + solve(m)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Melds (each a tuple of cards, sorted) and the unmelded deadwood."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int

    @property
    def is_gin(self) -> bool:
        return not self.deadwood


def meld_kind(meld: Iterable[Card]) -> str:
    """'set' or 'run'."""
    ranks = {c.rank for c in meld}
    return "set" if len(ranks) == 1 else "run"


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def merge_runs(meld_masks: Iterable[int]) -> list[int]:
    """Join runs of one suit that touch end to end (3-4-5 + 6-7-8 -> 3..8), for display and lay-offs."""
    runs: list[int] = []
    others: list[int] = []
    for m in meld_masks:
        (others if _is_set_mask(m) else runs).append(m)
    runs.sort()
    merged: list[int] = []
    for r in runs:
        if merged and (merged[-1] << 1) & r:
            merged[-1] |= r
        else:
            merged.append(r)
    return sorted(others + merged)


def _is_set_mask(m: int) -> bool:
    ranks = {(b.bit_length() - 1) % LANE for b in _bits(m)}
    return len(ranks) == 1


def _meld_cards(m: int) -> tuple[Card, ...]:
    return sort_for_display(cards_of(m))


def _run_segments(cover: int) -> list[int]:
    """The maximal stretches of consecutive bits of a run cover: one run each."""
    out = []
    while cover:
        low = cover & -cover
        seg, nxt = low, low << 1
        while nxt & cover:
            seg |= nxt
            nxt <<= 1
        out.append(seg)
        cover &= ~seg
    return out


def _best_meld_masks(h: int, runs_only: bool = False) -> tuple[list[int], int]:
    """Meld masks of one minimum-deadwood arrangement of ``h`` and its deadwood."""
    if runs_only:
        cover = run_cover(h)
        return _run_segments(cover), mask_points(h & ~cover)
    m = meldable_mask(h)
    if not m:
        return [], mask_points(h)
    memo, solve = _solver()
    dead = solve(m)
    melds: list[int] = []
    mask = m
    # Walk the memo back: at each node take the first option that achieves the optimum.
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        target = memo[mask]
        for meld in _MELDS_FROM[i]:
            if meld & mask == meld and solve(mask ^ meld) == target:
                melds.append(meld)
                mask ^= meld
                break
        else:
            mask ^= low
    return merge_runs(melds), mask_points(h ^ m) + dead


def arrangement_from_masks(h: int, meld_masks: Iterable[int]) -> Arrangement:
    melds = list(meld_masks)
    if not melds:
        return Arrangement((), sort_for_display(cards_of(h)), mask_points(h))
    used = 0
    for meld in melds:
        used |= meld
    dead = h & ~used
    return Arrangement(
        melds=tuple(_meld_cards(meld) for meld in sorted(melds, key=_meld_sort_key)),
        deadwood=sort_for_display(cards_of(dead)),
        deadwood_points=mask_points(dead),
    )


def _meld_sort_key(m: int) -> tuple[int, int]:
    low = (m & -m).bit_length() - 1
    return (low % LANE, low // LANE)


def best_arrangement(cards: Iterable[Card], runs_only: bool = False) -> Arrangement:
    """A minimum-deadwood arrangement of 0..11 cards (``runs_only``: Sequence Gin, no sets)."""
    h = cards if isinstance(cards, int) else mask_of(cards)
    melds, _ = _best_meld_masks(h, runs_only)
    return arrangement_from_masks(h, melds)


def best_discards(cards: Iterable[Card], runs_only: bool = False) -> list[tuple[Card, int]]:
    """Every possible discard with the deadwood left after it, best (lowest) first.

    Ties put the higher-value card first (shedding points is the better habit), then
    card order, so the result is deterministic. ``runs_only``: Sequence Gin, no sets.
    """
    h = mask_of(cards)
    if runs_only:
        ranked = []
        x = h
        while x:
            low = x & -x
            x ^= low
            i = low.bit_length() - 1
            ranked.append((deadwood_of_mask(h ^ low, True), -_BIT_VALUE[i], i))
        ranked.sort()
        return [(card_at(i), dw) for dw, _, i in ranked]
    m = meldable_mask(h)
    free = mask_points(h ^ m)
    out: list[tuple[int, int, int]] = []
    solve = _solver()[1] if m else None
    whole = solve(m) if solve else 0
    bv = _BIT_VALUE
    mask = h
    while mask:
        low = mask & -mask
        mask ^= low
        i = low.bit_length() - 1
        # a meldable card's discard re-solves the rest; any other leaves the melds as they are
        dw = free + solve(m ^ low) if low & m else free - bv[i] + whole  # type: ignore[misc]
        out.append((dw, -bv[i], i))
    out.sort()
    return [(card_at(i), dw) for dw, _, i in out]


def all_arrangements(h: int, runs_only: bool = False) -> list[tuple[tuple[int, ...], int]]:
    """Every distinct arrangement of a hand mask: (meld masks with runs merged, deadwood mask).

    Includes arrangements that leave meldable cards unmelded; used by lay-off scoring,
    where the knocker or the defender may prefer a non-minimal arrangement.
    ``runs_only``: Sequence Gin, where sets are no melds.
    """
    m = meldable_mask(h, runs_only)
    table = _RUNS_FROM if runs_only else _MELDS_FROM
    found: set[tuple[int, ...]] = set()

    def walk(mask: int, chosen: tuple[int, ...]) -> None:
        if not mask:
            found.add(tuple(merge_runs(chosen)))
            return
        low = mask & -mask
        i = low.bit_length() - 1
        walk(mask ^ low, chosen)
        for meld in table[i]:
            if meld & mask == meld:
                walk(mask ^ meld, (*chosen, meld))

    walk(m, ())
    out = []
    for melds in found:
        used = 0
        for meld in melds:
            used |= meld
        out.append((melds, h & ~used))
    out.sort(key=lambda a: (mask_points(a[1]), a[0]))
    return out
