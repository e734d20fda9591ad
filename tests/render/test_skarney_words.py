"""Skarney's board names the right players: the one who offered the card offers it, the one who
must answer answers (the words once named the answering player as the offerer)."""

from __future__ import annotations

import random

import bot.ai
from bot.ai import no_deadline
from bot.engine import game_type
from bot.engine.tablegames import SkarneyView, TablePublicView
from render import renderer_for
from render.tablegames.words import alt_table
from tests.narrow import narrow

NAMES = ["Alice", "Bob"]


def test_the_offerer_offers_and_the_other_answers() -> None:
    gt = game_type("skarney")
    state = gt.new(gt.make_rules(gt.variants[0], None, ""), 5, 2)
    choose = bot.ai.chooser_for("skarney")
    rng = random.Random(5)
    checked = 0
    with no_deadline():
        while not state.finished and checked < 5:
            view = narrow(state.public_view(), TablePublicView)
            own = view.own
            assert isinstance(own, SkarneyView)
            if own.offer is not None and view.turn is not None and own.offered_by is not None:
                offerer, answerer = NAMES[own.offered_by], NAMES[view.turn]
                assert offerer != answerer
                words = alt_table(view, NAMES)
                assert f"{offerer} offers the {own.offer.pretty}" in words
                assert f"{answerer} must take the {own.offer.pretty}" in renderer_for("skarney").describe(view, NAMES)
                checked += 1
            seat = state.to_act[0]
            state.apply(seat, choose(state.seat_view(seat), "normal", rng))
    assert checked == 5
