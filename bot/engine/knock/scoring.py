"""Judging a knock: lay-offs, the knocker's arrangement, and the hand score (docs/rules.md#scoring-a-hand).

``score_knock`` is the one scorer: the hand state machine calls it too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..cards import LANE, Card, card_at, cards_of, format_cards, mask_of, parse_cards, sort_for_display
from ..melds import all_arrangements, deadwood_of_mask, mask_points, merge_runs
from .rules import Ruleset


class Outcome(StrEnum):
    """How a hand ended. ``DRAW`` only appears in hand records, never in a KnockResult."""

    KNOCK = "knock"
    UNDERCUT = "undercut"
    GIN = "gin"
    BIG_GIN = "big_gin"
    LOW = "low"  # stock down to 2 with stockout=lower: the lower deadwood scores the difference
    DRAW = "draw"


class IllegalKnock(ValueError):
    """The knocker's cards do not allow this knock (deadwood over the limit, wrong count)."""


@dataclass(frozen=True, slots=True)
class KnockResult:
    """Everything laid on the table when a hand ends by a knock or gin, and its score."""

    outcome: Outcome
    scorer: str | None  # 'knocker', 'defender', or None when nobody scores (a bonus-less tie)
    points: int  # after the Oklahoma spade multiplier
    multiplier: int
    knock_limit: int
    knocker_melds: tuple[tuple[Card, ...], ...]
    knocker_deadwood: tuple[Card, ...]
    knocker_deadwood_points: int
    defender_melds: tuple[tuple[Card, ...], ...]
    defender_layoffs: tuple[tuple[Card, int], ...]  # (card, index into knocker_melds)
    defender_deadwood: tuple[Card, ...]  # after lay-offs
    defender_deadwood_points: int
    bonus: int = 0  # Sequence Gin's run bonus, included in ``points`` (before the multiplier)

    def to_dict(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome.value,
            "scorer": self.scorer,
            "points": self.points,
            "multiplier": self.multiplier,
            "knock_limit": self.knock_limit,
            "knocker_melds": [format_cards(m) for m in self.knocker_melds],
            "knocker_deadwood": format_cards(self.knocker_deadwood),
            "knocker_deadwood_points": self.knocker_deadwood_points,
            "defender_melds": [format_cards(m) for m in self.defender_melds],
            "defender_layoffs": [[str(c), i] for c, i in self.defender_layoffs],
            "defender_deadwood": format_cards(self.defender_deadwood),
            "defender_deadwood_points": self.defender_deadwood_points,
            "bonus": self.bonus,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> KnockResult:
        return cls(
            outcome=Outcome(d["outcome"]),
            scorer=d["scorer"],
            points=d["points"],
            multiplier=d["multiplier"],
            knock_limit=d["knock_limit"],
            knocker_melds=tuple(parse_cards(m) for m in d["knocker_melds"]),
            knocker_deadwood=parse_cards(d["knocker_deadwood"]),
            knocker_deadwood_points=d["knocker_deadwood_points"],
            defender_melds=tuple(parse_cards(m) for m in d["defender_melds"]),
            defender_layoffs=tuple((parse_cards([c])[0], i) for c, i in d["defender_layoffs"]),
            defender_deadwood=parse_cards(d["defender_deadwood"]),
            defender_deadwood_points=d["defender_deadwood_points"],
            bonus=d.get("bonus", 0),
        )


def _rank_of(bit_index: int) -> int:
    return bit_index % LANE


def lay_offs(knocker_melds: Iterable[int], loose: int) -> list[tuple[int, int]]:
    """Cards of ``loose`` (the defender's unmelded cards) that can be laid off, with the meld index.

    A set takes its fourth card; a run takes cards at either end, one after another
    (a laid-off 8 lets the 9 follow). Laying off never blocks another lay-off, so
    laying off everything possible is optimal for a given ``loose``. Each card goes on
    one meld only (docs/rules.md#lay-offs): a run before a set, since a run can take more after it;
    the list is in meld order.
    """
    melds = list(knocker_melds)
    out: list[tuple[int, int]] = []
    taken = 0
    for idx, meld in enumerate(melds):  # runs first
        low_i = (meld & -meld).bit_length() - 1
        high_i = meld.bit_length() - 1
        if _rank_of(low_i) == _rank_of(high_i):
            continue
        free = loose & ~taken
        i = low_i - 1
        while _rank_of(low_i) > 0 and i >= 0 and _rank_of(i) < _rank_of(low_i) and (1 << i) & free:
            out.append((1 << i, idx))
            taken |= 1 << i
            i -= 1
        i = high_i + 1
        while _rank_of(i) <= 12 and _rank_of(i) > _rank_of(high_i) and (1 << i) & free:
            out.append((1 << i, idx))
            taken |= 1 << i
            i += 1
    for idx, meld in enumerate(melds):  # then sets: every card of one rank, a fourth may join
        low_i = (meld & -meld).bit_length() - 1
        rank = _rank_of(low_i)
        if rank != _rank_of(meld.bit_length() - 1):
            continue
        for s in range(4):
            bit = 1 << (s * LANE + rank)
            if bit & loose & ~taken and not bit & meld:
                out.append((bit, idx))
                taken |= bit
    out.sort(key=lambda t: t[1])  # stable: a run's chain keeps its order
    return out


def _defender_best(
    defender: int, knocker_melds: tuple[int, ...], allow_layoffs: bool, runs_only: bool = False
) -> tuple[tuple[int, ...], list[tuple[int, int]], int]:
    """The defender's melds and lay-offs chosen together for the least deadwood."""
    best = None
    for melds, loose in all_arrangements(defender, runs_only):
        laid = lay_offs(knocker_melds, loose) if allow_layoffs else []
        laid_mask = 0
        for bit, _ in laid:
            laid_mask |= bit
        dead = loose & ~laid_mask
        key = (mask_points(dead), -len(melds))
        if best is None or key < best[0]:
            best = (key, melds, laid, dead)
    assert best is not None
    _, melds, laid, dead = best
    return melds, laid, dead


def _lay_off_chances(melds: tuple[int, ...], own: int) -> int:
    """How many cards not in the knocker's hand could ever be laid off on these melds."""
    return sum(1 for _ in lay_offs(melds, ~own & ((1 << 64) - 1)))


_FACE_BITS = sum(1 << (s * LANE + r) for s in range(4) for r in (10, 11, 12))  # J Q K
LONG_RUN = 6


def sequence_bonus(melds: Iterable[int]) -> int:
    """Sequence Gin's hand bonus for one player's runs: +1 per card of a run of 6 or more,
    +1 per J, Q, K in runs (docs/rules.md#sequence-gin). Touching runs count as one."""
    total = 0
    for m in merge_runs(melds):
        n = m.bit_count()
        if n >= LONG_RUN:
            total += n
        total += (m & _FACE_BITS).bit_count()
    return total


def score_knock(
    knocker: Iterable[Card],
    defender: Iterable[Card],
    rules: Ruleset,
    *,
    upcard: Card | None = None,
) -> KnockResult:
    """Score a knock, gin or big gin.

    ``knocker`` is the knocker's 10 cards after the face-down discard (11 for big gin),
    ``defender`` the defender's 10. ``upcard`` is the hand's first upcard, needed by
    Oklahoma for the knock limit and the spade double. Raises IllegalKnock if the
    knocker's deadwood is over the limit.
    """
    k_cards = tuple(knocker)
    d_cards = tuple(defender)
    if len(k_cards) not in (10, 11) or len(d_cards) != 10:
        raise IllegalKnock("a knock needs the knocker's 10 cards (11 for big gin) and the defender's 10")
    k, d = mask_of(k_cards), mask_of(d_cards)
    if k & d or k.bit_count() != len(k_cards) or d.bit_count() != len(d_cards):
        raise IllegalKnock("the two hands share a card")
    limit = rules.hand_knock_limit(upcard)
    multiplier = rules.hand_multiplier(upcard)
    runs = rules.sequence
    arrangements = all_arrangements(k, runs)
    big = len(k_cards) == 11
    if big:
        if not rules.big_gin:
            raise IllegalKnock("big gin is not played at this table")
        if mask_points(arrangements[0][1]) != 0:
            raise IllegalKnock("big gin needs all 11 cards in melds")
    candidates = [a for a in arrangements if mask_points(a[1]) <= limit]
    if not candidates:
        raise IllegalKnock(f"deadwood {mask_points(arrangements[0][1])} is over the knock limit {limit}")

    gin = mask_points(candidates[0][1]) == 0
    whole = rules.knock_scoring == "whole"  # knock=whole: a knock scores the defender's whole deadwood
    scorer: str | None
    if gin:
        k_melds, k_dead = candidates[0]
        d_melds, laid, d_dead = _defender_best(d, k_melds, allow_layoffs=False, runs_only=runs)
        outcome = Outcome.BIG_GIN if big else Outcome.GIN
        bonus = rules.big_gin_bonus if big else rules.gin_bonus
        scorer, base = "knocker", bonus + mask_points(d_dead)
    else:
        best = None
        for k_melds, k_dead in candidates:
            d_melds, laid, d_dead = _defender_best(d, k_melds, allow_layoffs=True, runs_only=runs)
            kp, dp = mask_points(k_dead), mask_points(d_dead)
            # the knocker's score with this arrangement, Sequence's run bonus of the side that scores included
            if kp < dp:
                net = (dp if whole else dp - kp) + (sequence_bonus(k_melds) if runs else 0)
            else:
                net = -(rules.undercut_bonus + kp - dp + (sequence_bonus(d_melds) if runs else 0))
            key = (-net, _lay_off_chances(k_melds, k), kp, k_melds)
            if best is None or key < best[0]:
                best = (key, k_melds, k_dead, d_melds, laid, d_dead)
        assert best is not None
        _, k_melds, k_dead, d_melds, laid, d_dead = best
        kp, dp = mask_points(k_dead), mask_points(d_dead)
        if kp < dp:
            outcome, scorer, base = Outcome.KNOCK, "knocker", dp if whole else dp - kp
        else:
            outcome = Outcome.UNDERCUT
            tie_without_bonus = kp == dp and not rules.undercut_bonus_on_tie
            base = kp - dp + (0 if tie_without_bonus else rules.undercut_bonus)
            scorer = "defender" if base > 0 else None

    bonus = 0
    if runs and scorer is not None:  # Sequence: the scorer's own runs earn the bonus (not its knock or undercut test)
        bonus = sequence_bonus(k_melds if scorer == "knocker" else d_melds)
    k_meld_list = _ordered_melds(k_melds)
    order = {m: i for i, m in enumerate(k_meld_list)}
    return KnockResult(
        outcome=outcome,
        scorer=scorer,
        points=(base + bonus) * multiplier,
        multiplier=multiplier,
        knock_limit=limit,
        knocker_melds=tuple(sort_for_display(cards_of(m)) for m in k_meld_list),
        knocker_deadwood=sort_for_display(cards_of(k_dead)),
        knocker_deadwood_points=mask_points(k_dead),
        defender_melds=tuple(sort_for_display(cards_of(m)) for m in _ordered_melds(d_melds)),
        defender_layoffs=tuple((card_at(bit.bit_length() - 1), order[k_melds[idx]]) for bit, idx in laid),
        defender_deadwood=sort_for_display(cards_of(d_dead)),
        defender_deadwood_points=mask_points(d_dead),
        bonus=bonus,
    )


def score_low(
    low: Iterable[Card],
    high: Iterable[Card],
    rules: Ruleset,
    *,
    upcard: Card | None = None,
) -> KnockResult | None:
    """The stock is down to 2 with ``stock_out == 'lower'``: the lower deadwood scores the difference.

    ``low`` is the hand with the lower minimum deadwood (it is put in the knocker's fields,
    its melds as laid out; there are no lay-offs), ``high`` the other. None when the two
    deadwoods are equal: the hand is drawn then. Sequence's bonus and Oklahoma's spade
    double apply as to any hand score.
    """
    lo, hi = mask_of(low), mask_of(high)
    runs = rules.sequence
    lp, hp = deadwood_of_mask(lo, runs), deadwood_of_mask(hi, runs)
    if lp >= hp:
        if lp > hp:
            raise ValueError("score_low: the first hand must have the lower deadwood")
        return None
    lo_melds, lo_dead = all_arrangements(lo, runs)[0]
    hi_melds, hi_dead = all_arrangements(hi, runs)[0]
    bonus = sequence_bonus(lo_melds) if runs else 0
    multiplier = rules.hand_multiplier(upcard)
    return KnockResult(
        outcome=Outcome.LOW,
        scorer="knocker",
        points=(hp - lp + bonus) * multiplier,
        multiplier=multiplier,
        knock_limit=rules.hand_knock_limit(upcard),
        knocker_melds=tuple(sort_for_display(cards_of(m)) for m in _ordered_melds(lo_melds)),
        knocker_deadwood=sort_for_display(cards_of(lo_dead)),
        knocker_deadwood_points=lp,
        defender_melds=tuple(sort_for_display(cards_of(m)) for m in _ordered_melds(hi_melds)),
        defender_layoffs=(),
        defender_deadwood=sort_for_display(cards_of(hi_dead)),
        defender_deadwood_points=hp,
        bonus=bonus,
    )


def _ordered_melds(melds: Iterable[int]) -> list[int]:
    """Melds in display order: by lowest rank, then suit."""

    def key(m: int) -> tuple[int, int]:
        low = (m & -m).bit_length() - 1
        return (low % LANE, low // LANE)

    return sorted(melds, key=key)
