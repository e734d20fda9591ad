"""A knock, gin or big gin scored on masks, as the engine's scorers score it, but fast.

A play-out ends with a knock almost every time, and the engine's scorers build the whole
result for the table (cards, melds in display order, lay-offs by meld); a search needs only
who scores how much.

* ``knock_points``, two-player Gin (``score_knock``, docs/rules.md#scoring-a-hand): the knocker
  picks, among his arrangements within the knock limit, the one best for him after the
  defender's best lay-offs; the defender arranges and lays off for the least deadwood; no
  lay-offs against gin. Sequence Gin's run bonus is left to the engine's scorer.
* ``knockout_penalties``, Knockout (``score_knockout``, docs/rules.md#knockout-gin): the knocker's
  least deadwood (fewest lay-off chances among equals), then each other player in turn lays off
  on the knocker's melds as extended so far.

Arrangements are cached by the melding cards (values.py's idea). tests/ai/test_sim.py and
tests/ai/test_knockout_sim.py check every answer against the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import FULL_MASK, LANE, all_arrangements, cards_of, mask_points, meldable_mask
from bot.engine.knock import Ruleset, score_knock

from .values import deadwood

_CACHE_LIMIT = 20_000  # arrangements are bigger entries than values.py's (its note on sizes)
_RANKS = [sum(1 << (s * LANE + r) for s in range(4)) for r in range(13)]
# An arrangement: (run masks, set masks, cards used, points of the unused ones, the melds as the engine lists them)
Arranged = tuple[tuple[int, ...], tuple[int, ...], int, int, tuple[int, ...]]
# melding mask -> its arrangements in the engine's order (the least deadwood first)
_arrangements: dict[int, list[Arranged]] = {}


def _arranged(m: int) -> list[Arranged]:
    out = _arrangements.get(m)
    if out is None:
        if len(_arrangements) > _CACHE_LIMIT:
            _arrangements.clear()
        out = []
        for melds, dead in all_arrangements(m):
            runs = tuple(x for x in melds if not _is_set(x))
            sets = tuple(x for x in melds if _is_set(x))
            out.append((runs, sets, m & ~dead, mask_points(dead), melds))
        _arrangements[m] = out
    return out


def _is_set(meld: int) -> bool:
    low = (meld & -meld).bit_length() - 1
    return low % LANE == (meld.bit_length() - 1) % LANE


def _laid_off(runs: tuple[int, ...], sets: tuple[int, ...], loose: int) -> int:
    """The loose cards the defender lays off on these melds: runs extended card by card at either
    end first, then the fourth card of a set. (A lane's unused bits stop a run at the ace and the king.)"""
    laid = 0
    for meld in runs:
        b = (meld & -meld) >> 1
        while b & loose:
            laid |= b
            b >>= 1
        b = 1 << meld.bit_length()
        while b & loose:
            laid |= b
            b <<= 1
    for meld in sets:
        fourth = _RANKS[((meld & -meld).bit_length() - 1) % LANE] & ~meld & loose & ~laid
        laid |= fourth
    return laid


def _defender_points(defender: int, runs: tuple[int, ...], sets: tuple[int, ...]) -> int:
    """The defender's least deadwood after his lay-offs on the knocker's melds."""
    best = 1 << 30
    for _r, _s, used, _p, _m in _arranged(meldable_mask(defender)):
        loose = defender & ~used
        dead = mask_points(loose & ~_laid_off(runs, sets, loose)) if loose else 0
        if dead < best:
            best = dead
            if not best:
                break
    return best


def knock_points(knocker: int, defender: int, rules: Ruleset, limit: int) -> tuple[bool | None, int]:
    """Who scores a knock (True: the knocker, False: the defender, None: nobody) and how much, before
    any Oklahoma multiplier. ``knocker`` holds 10 cards (11: big gin), ``defender`` 10."""
    if rules.sequence:
        result = score_knock(cards_of(knocker), cards_of(defender), rules)
        return (None if result.scorer is None else result.scorer == "knocker"), result.points
    if knocker.bit_count() == 11:
        return True, rules.big_gin_bonus + deadwood(defender)
    m = meldable_mask(knocker)
    free_points = mask_points(knocker ^ m)
    best_net: int | None = None
    best_kp = best_dp = 0
    for runs, sets, _used, dead_points, _melds in _arranged(m):  # fewest deadwood first
        kp = free_points + dead_points
        if kp > limit:
            break
        if kp == 0:
            return True, rules.gin_bonus + deadwood(defender)
        dp = _defender_points(defender, runs, sets)
        net = (dp if rules.knock_scoring == "whole" else dp - kp) if kp < dp else -(rules.undercut_bonus + kp - dp)
        if best_net is None or net > best_net:
            best_net, best_kp, best_dp = net, kp, dp
    if best_net is None:
        raise ValueError("no arrangement within the knock limit")
    if best_kp < best_dp:
        return True, best_net
    base = best_kp - best_dp + (0 if best_kp == best_dp and not rules.undercut_bonus_on_tie else rules.undercut_bonus)
    return (False if base > 0 else None), base


def _lay_off_each(melds: list[int], loose: int) -> tuple[int, list[tuple[int, int]]]:
    """The loose cards laid off on ``melds`` and, per meld index, the cards it takes (the engine's
    ``lay_offs``: runs in order first, each card on one meld, then the fourth card of a set)."""
    taken = 0
    adds = []
    for idx, meld in enumerate(melds):
        if _is_set(meld):
            continue
        free = loose & ~taken
        more = 0
        b = (meld & -meld) >> 1
        while b & free:
            more |= b
            b >>= 1
        b = 1 << meld.bit_length()
        while b & free:
            more |= b
            b <<= 1
        if more:
            adds.append((idx, more))
            taken |= more
    for idx, meld in enumerate(melds):
        if not _is_set(meld):
            continue
        fourth = _RANKS[((meld & -meld).bit_length() - 1) % LANE] & ~meld & loose & ~taken
        if fourth:
            adds.append((idx, fourth))
            taken |= fourth
    return taken, adds


def knockout_penalties(knocker: int, others: Sequence[int]) -> list[int]:
    """The penalties of a Knockout knock (gin or big gin: the knocker's 11 or 10 cards melded): the
    knocker's first, then each of ``others`` (in turn from the knocker's left) after his lay-offs."""
    m = meldable_mask(knocker)
    arrangements = _arranged(m)
    least_unused = arrangements[0][3]
    least = mask_points(knocker ^ m) + least_unused
    own = FULL_MASK & ~knocker
    best = min(
        (a for a in arrangements if a[3] == least_unused),
        key=lambda a: (_laid_off(a[0], a[1], own).bit_count(), a[4]),
    )
    melds = list(best[4])
    out = [least]
    for hand in others:
        if least == 0:  # no lay-offs against gin
            out.append(deadwood(hand))
            continue
        choice: tuple[tuple[int, int], list[tuple[int, int]]] | None = None
        for _r, _s, used, _p, found in _arranged(meldable_mask(hand)):
            loose = hand & ~used
            laid, adds = _lay_off_each(melds, loose)
            key = (mask_points(loose & ~laid), -len(found))
            if choice is None or key < choice[0]:
                choice = (key, adds)
        assert choice is not None
        out.append(choice[0][0])
        for idx, bits in choice[1]:
            melds[idx] |= bits
    return out
