"""A model of the opponent's hand from public facts: what it took from the pile, what is dead.

Two uses:

* ``danger(card)``: the chance that a discard completes or extends a meld in the
  opponent's hand. A card is useful to the opponent if it holds two cards that make
  a meld with it (two of the same rank, or two neighbours in the suit). Each such
  partner is certainly held if the opponent took it from the pile (``opp_known``),
  impossible if it is in our hand or the pile, and otherwise held with probability
  ``p_opp`` (its share of the unseen cards). The result is 1 - prod(1 - P(pair)).
* ``sample_hand(rng)``: a plausible hidden hand for Monte Carlo. Uniform samples
  would be far too weak late in a deal, since the opponent has been keeping its best
  cards all along; so the sample starts from random unseen cards and then "plays" the
  opponent's past stock draws greedily: draw one more random unseen card, drop the
  card whose loss leaves the least deadwood (never a card known to be held).
"""

from __future__ import annotations

import random

from bot.engine import LANE, Card, card_at

from ..knock.evaluate import discard_values
from .knowledge import Knowledge

INITIAL_STOCK = 31  # 52 cards - 2 hands of 10 - the upcard


def _partner_groups(card: Card) -> list[tuple[int, ...]]:
    """Bit indices of card pairs that make a meld with ``card``."""
    i = int(card)
    suit, r = divmod(i, LANE)
    same_rank = [s * LANE + r for s in range(4) if s != suit]
    groups: list[tuple[int, ...]] = [(a, b) for k, a in enumerate(same_rank) for b in same_rank[k + 1 :]]
    for pair in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)):  # run neighbours
        if pair[0] >= 0 and pair[1] <= 12:
            groups.append((suit * LANE + pair[0], suit * LANE + pair[1]))
    return groups


_PARTNERS = {int(c): _partner_groups(c) for c in (card_at(s * LANE + r) for s in range(4) for r in range(13))}
# Sequence Gin: only the run neighbours make a meld with a card
_RUN_PARTNERS = {i: [(a, b) for a, b in g if a % LANE != b % LANE] for i, g in _PARTNERS.items()}


def danger(k: Knowledge, card: Card) -> float:
    """Chance the opponent can meld ``card`` at once (see the module docstring)."""
    return meld_chance(int(card), k.opp_known, k.unseen, k.p_opp, k.runs)


def meld_chance(i: int, known: int, unseen: int, p: float, runs: bool) -> float:
    """The chance the opponent holds two cards that meld with the card at bit ``i`` (``danger`` on
    masks, for the play-outs): a partner he took from the pile is certain, an unseen one held with chance ``p``."""
    miss = 1.0
    for a, b in (_RUN_PARTNERS if runs else _PARTNERS)[i]:
        pa = 1.0 if known >> a & 1 else (p if unseen >> a & 1 else 0.0)
        if not pa:
            continue
        pb = 1.0 if known >> b & 1 else (p if unseen >> b & 1 else 0.0)
        miss *= 1.0 - pa * pb
    return 1.0 - miss


def opponent_draws(k: Knowledge) -> int:
    """About how many stock cards the opponent has seen this deal."""
    return max(0, (INITIAL_STOCK - k.stock_count) // 2)


def sample_hand(k: Knowledge, rng: random.Random, improve: int | None = None) -> int:
    """A plausible opponent hand as a mask: known cards plus greedily improved hidden ones."""
    unseen = list(k.unseen_cards)
    n = k.opp_hidden
    steps = opponent_draws(k) if improve is None else improve
    steps = min(steps, max(0, len(unseen) - n))
    drawn = rng.sample(unseen, n + steps)
    h = k.opp_known
    for c in drawn[:n]:
        h |= c.bit
    known = k.opp_known
    for c in drawn[n:]:
        h |= c.bit
        # Drop the card whose loss leaves the least deadwood, never a card known to be held.
        _, bit = discard_values(h, known, k.runs)[0]
        h ^= bit
    return h


# -- the opponent model with pile history (discard_seats, declined, opponent_known) ---------


def _completers(a: int, b: int) -> int:
    """Mask of the cards that make a meld with the pair of bit indices ``a`` < ``b``."""
    sa, ra = divmod(a, LANE)
    sb, rb = divmod(b, LANE)
    out = 0
    if ra == rb:
        for s in range(4):
            if s not in (sa, sb):
                out |= 1 << (s * LANE + ra)
    elif rb - ra == 1:
        for r in (ra - 1, rb + 1):
            if 0 <= r <= 12:
                out |= 1 << (sa * LANE + r)
    else:
        out |= 1 << (sa * LANE + ra + 1)
    return out


_PAIRS = {
    i: [(a, b, _completers(min(a, b), max(a, b))) for a, b in g]
    for i, g in ((i, _partner_groups(card_at(i))) for i in _PARTNERS)
}
_RUN_PAIRS = {i: [(a, b, c) for a, b, c in g if a % LANE != b % LANE] for i, g in _PAIRS.items()}

NEG_FACTOR = 0.2  # a pair that would have melded a card the opponent let go is this much less likely


def card_probs(k: Knowledge) -> list[float]:
    """Chance that each card (by bit index) is in the opponent's hand.

    Known pickups are certain; every other unseen card starts at ``p_opp``. A card
    the opponent took from the pile was taken to meld (both reference styles and
    most players do), so it holds a pair of that card's partners: each unseen
    partner gets the chance that its pair is the one held.
    """
    p = k.p_opp
    probs = [0.0] * 64
    unseen = k.unseen
    known = k.opp_known
    x = unseen
    while x:
        low = x & -x
        x ^= low
        probs[low.bit_length() - 1] = p
    x = known
    while x:
        low = x & -x
        x ^= low
        probs[low.bit_length() - 1] = 1.0
    x = known
    while x:
        low = x & -x
        x ^= low
        i = low.bit_length() - 1
        pairs = []
        for a, b, _ in (_RUN_PAIRS if k.runs else _PAIRS)[i]:
            pa = 1.0 if known >> a & 1 else (p if unseen >> a & 1 else 0.0)
            pb = 1.0 if known >> b & 1 else (p if unseen >> b & 1 else 0.0)
            if pa and pb:
                pairs.append((a, b, pa * pb))
        if not pairs or any(w == 1.0 for _, _, w in pairs):
            continue
        total = sum(w for _, _, w in pairs)
        for a, b, w in pairs:
            share = w / total
            for c in (a, b):
                if probs[c] < 1.0:
                    probs[c] = 1.0 - (1.0 - probs[c]) * (1.0 - share)
    return probs


def danger2(k: Knowledge, probs: list[float], card: Card) -> float:
    """Chance the opponent can meld ``card`` at once, with the pile-history evidence."""
    neg = k.opp_neg
    miss = 1.0
    for a, b, comp in (_RUN_PAIRS if k.runs else _PAIRS)[int(card)]:
        pa = probs[a]
        if not pa:
            continue
        pb = probs[b]
        if not pb:
            continue
        q = pa * pb
        if comp & neg and q < 1.0:
            q *= NEG_FACTOR
        miss *= 1.0 - q
    return 1.0 - miss
