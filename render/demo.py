"""A seeded match played by a simple driver, stopping at moments worth a picture.

Used by ``python -m render`` and bench/render.py. The driver only chooses among the engine's
legal moves (knock or gin when it can, take the upcard or pile card when the engine's best
arrangement melds it, otherwise draw and throw the engine's best discard).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Match, preset, public_view, seat_view
from bot.engine.actions import Action, ActionKind
from bot.engine.match import Event
from bot.engine.melds import best_arrangement
from bot.engine.views import PublicView, SeatView

_PREFERENCE = (ActionKind.BIG_GIN, ActionKind.GIN, ActionKind.KNOCK)


def choose(m: Match) -> Action:
    seat = m.turn
    assert seat is not None
    legal = m.legal_actions(seat)
    by_kind = {a.kind: a for a in legal}
    for kind in _PREFERENCE:
        if kind in by_kind:
            return by_kind[kind]
    view = seat_view(m, seat)
    top = view.discard_top
    wants_top = top is not None and any(top in meld for meld in best_arrangement(view.hand + (top,)).melds)
    if ActionKind.TAKE_UPCARD in by_kind:
        return by_kind[ActionKind.TAKE_UPCARD] if wants_top else by_kind[ActionKind.PASS]
    if ActionKind.DRAW_STOCK in by_kind:
        stock = by_kind[ActionKind.DRAW_STOCK]
        return by_kind.get(ActionKind.DRAW_DISCARD, stock) if wants_top else stock
    allowed = {a.card: a for a in legal if a.kind is ActionKind.DISCARD}
    for card, _ in view.discard_options:
        if card in allowed:
            return allowed[card]
    return next(iter(allowed.values()))


@dataclass(frozen=True)
class Moments:
    """Views of one seeded match: mid-hand (both seats, the mover holding 11 cards), the first
    scored hand, and the end of the match."""

    hands: tuple[SeatView, SeatView]
    table: PublicView
    previous: tuple[Event, ...]  # the move before the table view (its draw)
    result: PublicView
    end: PublicView


def play(seed: int, variant: str = "standard", turns: int = 9) -> Moments:
    """Play ``seed`` with the driver. The hand and table pictures come from the ``turns``-th draw
    of a deal (or the latest draw before, if no deal lasts that long): both seats' hands right
    after the draw, the table right after that turn's discard. Then on to the first scored hand
    and the end of the match."""
    m = Match.new(preset(variant), seed)
    snapshot: tuple | None = None
    frozen = False
    result = None
    last: tuple[Event, ...] = ()
    draws, deal = 0, m.deal_number
    while not m.finished:
        seat = m.turn
        assert seat is not None
        action = choose(m)
        last = tuple(m.apply(seat, action))
        if m.deal_number != deal:
            draws, deal = 0, m.deal_number
        if result is None and m.history and m.history[-1].result is not None:
            result = public_view(m)
        if frozen or action.kind not in (ActionKind.DRAW_STOCK, ActionKind.DRAW_DISCARD):
            continue
        draws += 1
        following = choose(m)
        if following.kind is not ActionKind.DISCARD:
            continue  # a knock follows: keep the picture of a turn that goes on
        hands = (seat_view(m, 0), seat_view(m, 1))
        drew = last
        last = tuple(m.apply(seat, following))  # the move the loop would make next anyway
        snapshot = (hands, public_view(m), drew)
        frozen = draws >= turns
    assert snapshot is not None and result is not None, "the driver never drew or never scored a hand"
    hands, table, previous = snapshot
    return Moments(hands=hands, table=table, previous=previous, result=result, end=public_view(m))
