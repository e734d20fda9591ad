"""The greedy player: the 'easy' level and the fallback when a deadline passes.

It looks only at its own deadwood, one move deep:

* takes the face-up card only if that card ends up in a meld of its best
  arrangement (after the best discard), otherwise draws from the stock;
* ends the hand as early as it can: big gin, then gin, then the knock that leaves
  the least deadwood;
* otherwise discards the card that leaves the least deadwood (ties: the higher card).

It needs one solver call per candidate and no lookahead, so it takes well under a
millisecond and is always available.
"""

from __future__ import annotations

from bot.engine import Card, mask_of, meldable_mask
from bot.engine.gin import SeatView
from bot.engine.knock import Action, ActionKind

from ..knock.evaluate import deadwood, discard_values

_ENDINGS = (ActionKind.BIG_GIN, ActionKind.GIN, ActionKind.KNOCK)


def card_joins_meld(h: int, card: Card, runs: bool = False) -> bool:
    """After adding ``card`` to the 10-card hand ``h`` and the best discard (never ``card``),
    does ``card`` lower the deadwood, i.e. is it melded in every best arrangement?"""
    hc = h | card.bit
    if not meldable_mask(hc, runs) & card.bit:
        return False
    dw, bit = discard_values(hc, card.bit, runs)[0]
    return deadwood(hc ^ bit ^ card.bit, runs) + card.value > dw


def _runs(view: SeatView) -> bool:
    return view.rules.sequence


def ending_move(view: SeatView) -> Action | None:
    """Big gin, gin, or the lowest-deadwood knock, if any is legal."""
    for kind in _ENDINGS:
        for a in view.legal:
            if a.kind is kind:
                return a  # the engine lists knocks best first
    return None


def greedy_discard(view: SeatView) -> Action:
    """The discard that leaves the least deadwood (ties: the higher card)."""
    options = {a.card: a for a in view.legal if a.kind is ActionKind.DISCARD and a.card is not None}
    h = mask_of(view.hand)
    allowed = mask_of(options)
    best = discard_values(h, h & ~allowed, _runs(view))[0][1]
    return next(a for card, a in options.items() if card.bit == best)


def greedy_action(view: SeatView) -> Action:
    """The greedy move for any phase (see the module docstring)."""
    legal = view.legal
    kinds = {a.kind for a in legal}
    if ActionKind.TAKE_UPCARD in kinds or ActionKind.DRAW_DISCARD in kinds:
        top = view.discard_top
        take = next(a for a in legal if a.kind in (ActionKind.TAKE_UPCARD, ActionKind.DRAW_DISCARD))
        other = next(a for a in legal if a is not take)
        if top is not None and card_joins_meld(mask_of(view.hand), top, _runs(view)):
            return take
        return other
    if len(legal) == 1:
        return legal[0]
    end = ending_move(view)
    if end is not None:
        return end
    return greedy_discard(view)
