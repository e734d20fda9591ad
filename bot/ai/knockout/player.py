"""The Knockout Gin AI: one decision from one seat's view (bot.engine.knockout.KnockoutSeatView).

Knockout has no undercut and several opponents, so the plan differs from two-player Gin:

* **Hold lower deadwood.** Every hand ends with each player adding his deadwood, so the
  discard keeps the hand whose expected deadwood after the next stock draw is lowest
  (``evaluate.lookahead``, over the cards this seat has not seen), shedding high cards
  on ties. The face-up card is taken when the hand it leads to beats that expectation.
* **Knock as soon as the deadwood allows.** Gin and big gin are always taken, and so is
  any legal knock, whatever the stock left (``knock_threshold`` is the knock limit).
  There is no undercut in Knockout, so a knock cannot go wrong for the knocker; waiting
  for gin or for lower deadwood gives the others time to end the hand first, with this
  seat's deadwood still in hand. Measured (seat-rotated self-play, 150 to 200 matches
  each): holding knocks until a stock-dependent threshold (a third of the limit with a
  full stock rising to all of it half-way) won 35% of 2-player matches against
  knock-at-once (fair share 50%), 24% of 3-player ones (33%) and 21% of 4-player ones
  (25%); a milder threshold (60% of the limit for the first fifth of the stock) 44% and
  34%: no threshold helped.
* **Lay off.** Lay-offs are made for every player by the engine, the best ones for his
  deadwood (docs/rules.md#knockout-gin), so there is nothing to choose.
* ``hard`` also avoids feeding the next player: a discard that melds with the cards he
  took from the pile costs extra (``DANGER_WEIGHT``).

``easy`` is greedy: it takes the pile card only when it melds, knocks as soon as it may
and discards the card that leaves the least deadwood. Every level returns one of
``view.legal`` and never resigns.

Measured (seat-rotated self-play, 200 matches per line; the fair share is 1 / players):
``normal`` against ``easy`` won 60% of 2-player matches, 37% of 3-player and 29% of
4-player ones. ``hard`` against ``normal`` stayed within the noise (53%, 34%, 22% with
weight 1; 53%, 32%, 23% with weight 3): the danger term is a small habit, not a gain.
"""

from __future__ import annotations

import random

from bot.engine import FULL_MASK, Card, card_at, mask_of, meldable_mask
from bot.engine.knock import Action, ActionKind
from bot.engine.knockout import KnockoutSeatView

from ..knock.evaluate import deadwood, discard_values, lookahead
from ..registry import only_move
from .expert import search

CANDIDATES = 6  # discards examined by the lookahead (the best by plain deadwood)
CANDIDATE_MARGIN = 10
TAKE_MARGIN = 1.0  # take the pile card only if it beats the stock by this much
DANGER_WEIGHT = 1.0  # hard: deadwood points charged for a discard the next player can meld
_ENDS = (ActionKind.BIG_GIN, ActionKind.GIN)


def choose_knockout(view: KnockoutSeatView, level: str = "normal", rng: random.Random | None = None) -> Action:
    """The AI's move for the seat of ``view``: always one of ``view.legal``. ``expert`` searches
    from hard's move (expert.py)."""
    legal = view.legal
    only = only_move(legal, level)
    if only is not None:
        return only
    if level == "expert":
        return search(view, rng or random.Random(_seed_from(view)), choose_knockout(view, "hard"))
    h = mask_of(view.hand)
    unseen = _unseen(view)
    if legal[0].kind is ActionKind.DRAW_STOCK:
        pile = next((a for a in legal if a.kind is ActionKind.DRAW_DISCARD), None)
        if pile is not None and view.discard_top is not None and _take(view, h, view.discard_top, unseen, level):
            return pile
        return legal[0]
    for kind in _ENDS:
        for a in legal:
            if a.kind is kind:
                return a
    knock = next((a for a in legal if a.kind is ActionKind.KNOCK), None)  # the engine lists the best first
    if knock is not None and knock.card is not None and deadwood(h ^ knock.card.bit) <= knock_threshold(view):
        return knock
    return _discard(view, h, unseen, level)


def _seed_from(view: KnockoutSeatView) -> int:
    """A seed that depends on the view alone, so a decision is reproducible."""
    return hash((tuple(view.hand), view.discard_pile, view.moves, view.seat)) & 0xFFFFFFFF


def _unseen(view: KnockoutSeatView) -> tuple[Card, ...]:
    """Cards this seat has not seen: the stock and the other players' hidden cards."""
    seen = mask_of(view.hand) | mask_of(view.discard_pile)
    for s, known in enumerate(view.known_cards):
        if s != view.seat:
            seen |= mask_of(known)
    x = FULL_MASK & ~seen
    out = []
    while x:
        low = x & -x
        x ^= low
        out.append(card_at(low.bit_length() - 1))
    return tuple(out)


def knock_threshold(view: KnockoutSeatView) -> float:
    """The most deadwood this seat knocks with now: every legal knock (see the module docstring)."""
    return view.knock_limit


def _take(view: KnockoutSeatView, h: int, top: Card, unseen: tuple[Card, ...], level: str) -> bool:
    """Take the face-up card if the best hand after it beats what the stock is expected to give."""
    after = discard_values(h | top.bit, top.bit)[0][0]
    if after >= deadwood(h):  # every pile take strictly lowers the deadwood: no passing cards back and forth
        return False
    if level == "easy":
        hc = h | top.bit
        return bool(meldable_mask(hc) & top.bit)
    return after < lookahead(h, unseen) - TAKE_MARGIN


def _discard(view: KnockoutSeatView, h: int, unseen: tuple[Card, ...], level: str) -> Action:
    options = {a.card: a for a in view.legal if a.kind is ActionKind.DISCARD and a.card is not None}
    allowed = mask_of(options)
    opts = discard_values(h, h & ~allowed)
    if level == "easy":
        return options[card_at(opts[0][1].bit_length() - 1)]
    limit = opts[0][0] + CANDIDATE_MARGIN
    feeds = _next_player_cards(view) if level == "hard" else 0
    best: tuple[float, int] | None = None
    best_card: Card | None = None
    for dw, bit in opts[:CANDIDATES]:
        if dw > limit:
            break
        card = card_at(bit.bit_length() - 1)
        v = lookahead(h ^ bit, unseen)
        if feeds and meldable_mask(feeds | bit) & bit:
            v += DANGER_WEIGHT
        key = (v, -card.value)
        if best is None or key < best:
            best, best_card = key, card
    assert best_card is not None
    return options[best_card]


def _next_player_cards(view: KnockoutSeatView) -> int:
    """The cards the next player is known to hold (taken from the pile)."""
    order = view.order
    if view.seat not in order:
        return 0
    nxt = order[(order.index(view.seat) + 1) % len(order)]
    return mask_of(view.known_cards[nxt])
