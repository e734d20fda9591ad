"""A knock, gin or big gin scored on masks, as the engine's ``score_knock`` scores it, but fast.

A play-out ends with a knock almost every time, and the engine's scorer builds the whole
result for the table (cards, melds in display order, lay-offs by meld); a search needs only
who scores how much. The rules are the engine's (docs/rules.md#scoring-a-hand): the knocker
picks, among his arrangements within the knock limit, the one best for him after the
defender's best lay-offs; the defender arranges and lays off for the least deadwood; no lay-offs
against gin. Arrangements are cached by the melding cards (values.py's idea). Sequence Gin's
run bonus is left to the engine's scorer. tests/ai/test_score.py checks every answer against it.
"""

from __future__ import annotations

from bot.engine import LANE, all_arrangements, cards_of, mask_points, meldable_mask
from bot.engine.knock import Ruleset, score_knock

from .values import deadwood

_CACHE_LIMIT = 100_000
_RANKS = [sum(1 << (s * LANE + r) for s in range(4)) for r in range(13)]
# melding mask -> its arrangements: (run masks, set masks, cards used, points of its unused cards)
_arrangements: dict[int, list[tuple[tuple[int, ...], tuple[int, ...], int, int]]] = {}


def _arranged(m: int) -> list[tuple[tuple[int, ...], tuple[int, ...], int, int]]:
    out = _arrangements.get(m)
    if out is None:
        if len(_arrangements) > _CACHE_LIMIT:
            _arrangements.clear()
        out = []
        for melds, dead in all_arrangements(m):
            runs = tuple(x for x in melds if not _is_set(x))
            sets = tuple(x for x in melds if _is_set(x))
            out.append((runs, sets, m & ~dead, mask_points(dead)))
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
    for _r, _s, used, _p in _arranged(meldable_mask(defender)):
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
    for runs, sets, _used, dead_points in _arranged(m):  # fewest deadwood first
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
