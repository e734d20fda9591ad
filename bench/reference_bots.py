"""Two public baseline players, ported from their descriptions to this engine.

Both read only a SeatView and return one of ``view.legal``, like the project's AI.

* ``eaai_simple``: the 'simple' player of the EAAI Gin Rummy challenge framework
  (Neller et al.). Takes the face-up card only if it can join a meld with the hand,
  otherwise draws from the stock (or passes on the first turn); discards a random
  card among those that leave the lowest deadwood, never the card just taken from the
  pile; knocks (or goes gin) as soon as the deadwood after that discard allows it.
* ``openspiel_simple``: OpenSpiel's SimpleGinRummyBot. Takes the upcard if, with
  the best discard, that allows an immediate knock, or if the upcard lands in a best
  meld arrangement of the 11 cards; otherwise draws (or passes). Knocks whenever
  legal; its discard is the highest-ranked deadwood card of the best 11-card
  arrangement (a card that keeps gin when all 11 are melded).

Differences forced by the engine: a knock is the single action ``knock <card>`` (the
face-down discard), so each bot knocks with the discard its rule picks when that
knock is legal, else with the engine's best knock card; the defender's lay-offs are
the engine's (optimal) for every player; OpenSpiel's 'wall' rule does not exist here
(the engine ends a hand drawn at 2 stock cards). The originals' rules have no big gin;
here both bots declare it whenever it is legal (it only adds to a gin they would make).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Card, best_arrangement, deadwood_of_mask, mask_of, meldable_mask
from bot.engine.gin import SeatView
from bot.engine.knock import Action, ActionKind

Player = Callable[[SeatView, random.Random], Action]

_TAKES = (ActionKind.TAKE_UPCARD, ActionKind.DRAW_DISCARD)


def _draw_choice(view: SeatView, take_it: bool) -> Action:
    take = next(a for a in view.legal if a.kind in _TAKES)
    other = next(a for a in view.legal if a is not take)
    return take if take_it else other


def _finish_with(view: SeatView, card: Card) -> Action:
    """Gin or knock with ``card`` if legal, else a plain discard of it."""
    for kind in (ActionKind.GIN, ActionKind.KNOCK, ActionKind.DISCARD):
        for a in view.legal:
            if a.kind is kind and a.card is card:
                return a
    raise AssertionError("the chosen discard is not legal")


def _big_gin(view: SeatView) -> Action | None:
    return next((a for a in view.legal if a.kind is ActionKind.BIG_GIN), None)


def _forbidden(view: SeatView) -> Card | None:
    """The card taken from the pile this turn (the engine forbids discarding it)."""
    d = view.drawn
    if d is None:
        return None
    return None if any(a.kind is ActionKind.DISCARD and a.card is d for a in view.legal) else d


def eaai_simple(view: SeatView, rng: random.Random) -> Action:
    """EAAI challenge SimpleGinRummyPlayer (module docstring)."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    if any(a.kind in _TAKES for a in legal):
        top = view.discard_top
        assert top is not None
        h = mask_of(view.hand) | top.bit
        return _draw_choice(view, bool(meldable_mask(h) & top.bit))
    big = _big_gin(view)
    if big is not None:
        return big
    hand = view.hand
    h = mask_of(hand)
    forbidden = _forbidden(view)
    scored = [(deadwood_of_mask(h ^ c.bit), c) for c in hand if c is not forbidden]
    low = min(dw for dw, _ in scored)
    card = rng.choice([c for dw, c in scored if dw == low])
    return _finish_with(view, card)


def openspiel_simple(view: SeatView, rng: random.Random) -> Action:
    """OpenSpiel SimpleGinRummyBot (module docstring). Deterministic; ``rng`` is unused."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    limit = view.knock_limit
    if any(a.kind in _TAKES for a in legal):
        top = view.discard_top
        assert top is not None
        h = mask_of(view.hand)
        hc = h | top.bit
        can_knock = min(deadwood_of_mask(hc ^ c.bit) for c in view.hand) <= limit
        arr = best_arrangement([*list(view.hand), top])
        return _draw_choice(view, can_knock or top not in arr.deadwood)
    big = _big_gin(view)
    if big is not None:
        return big
    hand = view.hand
    forbidden = _forbidden(view)
    card = _openspiel_discard(hand, forbidden)
    knocks = [a for a in legal if a.kind in (ActionKind.GIN, ActionKind.KNOCK)]
    if knocks:
        # Knock whenever legal: with its own discard if that keeps the knock, else the best one.
        return next((a for a in knocks if a.card is card), knocks[0])
    return next(a for a in legal if a.kind is ActionKind.DISCARD and a.card is card)


def _openspiel_discard(hand: tuple[Card, ...], forbidden: Card | None) -> Card:
    """Highest-ranked card of the best arrangement's deadwood; with no deadwood, one that keeps gin."""
    arr = best_arrangement(hand)
    dead = [c for c in arr.deadwood if c is not forbidden]
    if dead:
        return max(dead, key=lambda c: (c.rank, int(c.suit)))
    h = mask_of(hand)
    for c in sorted(hand):
        if c is not forbidden and deadwood_of_mask(h ^ c.bit) == 0:
            return c
    return max((c for c in hand if c is not forbidden), key=lambda c: (c.rank, int(c.suit)))


REFERENCE_BOTS: dict[str, Player] = {"eaai_simple": eaai_simple, "openspiel_simple": openspiel_simple}
