"""A seeded Gin match played by the easy AI, stopping at moments worth a picture.

Used by ``python -m render`` (sample pictures) and bench/render.py. The match goes
through the game protocol and the AI registry like any table; only the views are kept.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.ai import choose_gin
from bot.engine.gin import Match, PublicView, SeatView, make_rules
from bot.engine.knock import ActionKind


@dataclass(frozen=True)
class Moments:
    """Views of one seeded match: mid-hand (both seats, the mover holding 11 cards), the table
    after that turn's discard, the first scored hand, and the end of the match."""

    hands: tuple[SeatView, SeatView]
    table: PublicView
    result: PublicView
    end: PublicView


def play(seed: int, variant: str = "standard", turns: int = 9) -> Moments:
    """Play ``seed`` with the easy AI in both seats. The hand pictures come from the ``turns``-th
    draw of a deal (or the latest before it, if no deal lasts that long), taken right after the
    draw; the table right after that turn's discard."""
    state = Match.new(make_rules(variant, None), seed)
    choose = choose_gin
    rng = random.Random(seed)
    snapshot: tuple[tuple[SeatView, SeatView], PublicView] | None = None
    result: PublicView | None = None
    frozen = False
    draws, deal = 0, 1
    while not state.finished:
        seat = state.turn
        assert seat is not None
        view: SeatView = state.seat_view(seat)
        action = choose(view, "easy", rng)
        state.apply(seat, action)
        public: PublicView = state.public_view()
        if public.deal_number != deal:
            draws, deal = 0, public.deal_number
        if result is None and public.last_hand is not None and public.last_hand.result is not None:
            result = public
        if frozen or action.kind not in (ActionKind.DRAW_STOCK, ActionKind.DRAW_DISCARD):
            continue
        draws += 1
        following = choose(state.seat_view(seat), "easy", rng)
        if following.kind is not ActionKind.DISCARD:
            continue  # a knock follows: keep the picture of a turn that goes on
        hands = (state.seat_view(0), state.seat_view(1))
        state.apply(seat, following)  # the move the loop would make next anyway
        snapshot = (hands, state.public_view())
        frozen = draws >= turns
    assert snapshot is not None and result is not None, "the AI never drew or never scored a hand"
    return Moments(hands=snapshot[0], table=snapshot[1], result=result, end=state.public_view())
