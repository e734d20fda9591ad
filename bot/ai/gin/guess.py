"""Guesses at what a seat cannot see, for the expert's play-outs: the opponent's hidden cards and
the stock order, consistent with everything the seat knows (knowledge.py).

Hard facts are kept: the cards the opponent took from the pile and still holds are in his hand;
nothing the seat has seen (its hand, the pile) is; he holds as many cards as the view says and the
stock as many as it shows. Within that, the guess leans the way the evidence does:

* a card the opponent took from the pile was taken to meld, so the unseen cards that meld with it
  are likelier in his hand (``opponent.card_probs``, hard's model);
* he has kept his better cards over his stock draws: half of those draws are replayed, each
  followed by the discard that leaves him the least deadwood (``opponent.sample_hand``'s idea).

Measured on 250 positions of matches against the PIMC reference (bench/pimc.py; 200 guesses
each): the opponent's deadwood is guessed +0.9 points too high on average (a uniform guess:
+15.5; all of his draws replayed: +0.3 but with worse odds on single cards), with a per-card
log-loss of 0.574 (uniform 0.562, all draws replayed 0.597).
"""

from __future__ import annotations

import random
from math import log

from ..knock.values import best_discard
from .knowledge import Knowledge
from .opponent import card_probs, opponent_draws


class Guesser:
    """Draws guesses for one decision (the weights are worked out once)."""

    __slots__ = ("cards", "hidden", "known", "runs", "steps", "weights")

    def __init__(self, k: Knowledge, informed: bool = True) -> None:
        self.cards = [c.bit for c in k.unseen_cards]
        self.hidden = k.opp_hidden
        self.known = k.opp_known
        self.runs = k.runs
        p = k.p_opp
        if informed and p > 0:
            probs = card_probs(k)
            self.weights = [1.0 / max(1e-6, probs[c.index] / p) for c in k.unseen_cards]
        else:
            self.weights = [1.0] * len(self.cards)
        spare = len(self.cards) - self.hidden
        self.steps = min(spare, opponent_draws(k) // 2) if informed else 0

    def guess(self, rng: random.Random) -> tuple[int, list[int]]:
        """(the opponent's hand as a mask, the stock as card bits, top last)."""
        rnd = rng.random
        # Weighted sampling without replacement: sort by u ** (1 / weight) (Efraimidis and Spirakis),
        # kept as the exponent (smaller first) to stay in floats: log(u) / weight, inverted weights.
        order = sorted(range(len(self.cards)), key=lambda i: _log(rnd()) * self.weights[i], reverse=True)
        cards = self.cards
        hidden = self.hidden
        hand = self.known
        for i in order[:hidden]:
            hand |= cards[i]
        for i in order[hidden : hidden + self.steps]:
            hand |= cards[i]
            _, out = best_discard(hand, self.known, self.runs)
            hand ^= out
        stock = [bit for bit in cards if not bit & hand]
        rng.shuffle(stock)
        return hand, stock


def _log(u: float) -> float:
    return log(u) if u > 0.0 else -1e300
