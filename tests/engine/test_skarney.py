"""Skarney Gin: each rule of docs/rules.md#skarney-gin as a plain test on a rigged position."""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction, game_type, parse_card, parse_cards
from bot.engine.tablegames import Ev, Skarney, SkarneyRules, SkarneyView, TableAction
from bot.engine.tablegames.skarney import make_rules

from .tablerig import full_deck, rig

P = TableAction.parse
CONTRACT = "contract 5S 5H 5D 7C 8C 9C JH QS KH"


def new() -> Skarney:
    return Skarney(SkarneyRules(), 3, 2)


def own(m: Skarney) -> SkarneyView:
    """Skarney's own fields of the public view."""
    fields = m.public_view().own
    assert isinstance(fields, SkarneyView)
    return fields


def test_registered_with_rules() -> None:
    g = game_type("skarney")
    assert g.title == "Skarney Gin" and g.seat_counts == (2,) and g.make_rules("standard").target == 200
    with pytest.raises(ValueError, match="takes no options"):
        make_rules("standard", None, "gin=20")
    with pytest.raises(ValueError, match="unknown variant"):
        make_rules("oklahoma")


def test_a_fresh_deal_has_no_pile() -> None:
    m = new()
    assert [len(h) for h in m.held] == [10, 10] and len(m.stock) == 32 and m.pile == [] and full_deck(m)
    seat = m.turn
    assert seat is not None and m.legal_actions(seat) == [P("draw stock")]
    with pytest.raises(IllegalAction, match="no discard pile"):
        m.apply(seat, P("draw pile"))


def test_the_contract_is_exactly_three_three_card_melds() -> None:
    m = rig(new(), hands=["5S 5H 5D 5C 7C 8C 9C JH QS KH 2D", "3S 3H"], phase="play")
    assert P(CONTRACT) in m.legal_actions(0)
    assert all(a.kind.value != "meld" for a in m.legal_actions(0))
    with pytest.raises(IllegalAction, match="first meld must be the contract"):
        m.apply(0, P("meld 5S 5H 5D 5C"))
    with pytest.raises(IllegalAction, match="first meld must be the contract"):
        m.apply(0, P("meld 7C 8C 9C"))
    with pytest.raises(ValueError, match="nine cards"):
        P("contract 5S 5H 5D 7C 8C 9C")  # two melds are not a contract
    with pytest.raises(IllegalAction, match="not in sequence"):
        m.apply(0, P("contract 5S 5H 5D 7C 8C 9C JH QS 2D"))
    m.apply(0, P(CONTRACT))
    assert {m_.cards: m_.kind for m_ in m.melds} == {
        parse_cards("5S 5H 5D"): "set",
        parse_cards("7C 8C 9C"): "run",
        parse_cards("JH QS KH"): "poker",
    }
    assert m.contract == [True, False] and [e.kind for e in m.last_events] == [Ev.MELDED] * 3
    # no lay-offs in the contract turn: they start in the next one
    with pytest.raises(IllegalAction, match="next turn"):
        m.apply(0, P("layoff 5C 1"))
    assert P("layoff 5C 1") not in m.legal_actions(0)
    with pytest.raises(IllegalAction, match="already down"):
        m.apply(0, P(CONTRACT))


def test_further_melds_may_go_down_in_the_contract_turn() -> None:
    hands = ["5S 5H 5D 7C 8C 9C JH QS KH 2D 3D 4D AC", "3S 3H"]
    m = rig(new(), hands=hands, phase="play")
    m.apply(0, P(CONTRACT))
    assert P("meld 2D 3D 4D") in m.legal_actions(0)
    m.apply(0, P("meld 2D 3D 4D"))
    assert len(m.melds) == 4 and m.held[0] == [parse_cards("AC")[0]]
    # a match saved before this rule keeps it: nothing more in the contract turn
    saved = new().to_dict()
    del saved["rules"]["contract_turn_melds"]
    old = rig(Skarney.from_dict(saved), hands=hands, phase="play")
    old.apply(0, P(CONTRACT))
    assert P("meld 2D 3D 4D") not in old.legal_actions(0)
    with pytest.raises(IllegalAction, match="later turns"):
        old.apply(0, P("meld 2D 3D 4D"))


def test_lay_offs_one_or_two_per_own_meld_a_turn_never_on_the_opponents() -> None:
    m = rig(
        new(),
        hands=["TC JC QC 6C 5C", "KC 9D 2H"],
        phase="play",
        melds=((0, "7C 8C 9C"), (1, "5S 5H 5D")),
        contract=[True, True],
    )
    assert P("layoff 5C 2") not in m.legal_actions(0)
    with pytest.raises(IllegalAction, match="only on your own melds"):
        m.apply(0, P("layoff 5C 2"))
    m.apply(0, P("layoff TC 1"))
    m.apply(0, P("layoff JC 1"))
    with pytest.raises(IllegalAction, match="laid off 2 cards on meld 1"):
        m.apply(0, P("layoff 6C 1"))
    assert not any(a.kind.value == "layoff" for a in m.legal_actions(0))
    assert m.melds[0].cards == parse_cards("7C 8C 9C TC JC")


def test_offer_accept_and_an_accepted_ace_costs_the_draw() -> None:
    m = rig(new(), hands=["AS 9H 4D", "AH AC 2D 3C"], phase="play")
    m.apply(0, P("offer AS"))
    assert m.turn == 1 and m.phase == "respond" and own(m).offer == parse_card("AS")
    assert m.legal_actions(1) == [P("accept"), P("reject")]
    m.apply(1, P("accept"))
    assert parse_card("AS") in m.held[1] and m.phase == "play" and own(m).draw_lost
    with pytest.raises(IllegalAction, match="do not draw this turn"):
        m.apply(1, P("draw stock"))
    with pytest.raises(IllegalAction, match="offer back the card you have just accepted"):
        m.apply(1, P("offer AS"))
    assert [e.kind for e in m.last_events] == [Ev.ACCEPTED, Ev.DRAW_LOST]
    assert m.public_view().known[1] == (parse_card("AS"),)
    # an ace offered by a player who drew nothing may only be rejected (no endless ace swaps)
    m.apply(1, P("offer AH"))
    assert m.legal_actions(0) == [P("reject")]
    with pytest.raises(IllegalAction, match="may not be accepted"):
        m.apply(0, P("accept"))
    m.apply(0, P("reject"))
    assert parse_card("AH") in m.held[1] and m.phase == "draw" and own(m).refused == parse_card("AH")
    m.apply(0, P("draw stock"))


def test_a_rejected_card_goes_back_and_a_plain_accept_still_draws() -> None:
    m = rig(new(), hands=["KS 9H 4D", "2D 3C"], phase="play")
    m.apply(0, P("offer KS"))
    m.apply(1, P("reject"))
    assert parse_card("KS") in m.held[0] and m.turn == 1 and m.phase == "draw"
    m.apply(1, P("draw stock"))
    m.apply(1, P("offer 2D"))
    m.apply(0, P("accept"))
    assert m.phase == "draw" and parse_card("2D") in m.held[0]


def test_last_card_instead_of_an_offer() -> None:
    m = rig(new(), hands=["9H", "2D 3C"], phase="play")
    assert m.legal_actions(0) == [P("last card")]
    with pytest.raises(IllegalAction, match="last card"):
        m.apply(0, P("offer 9H"))
    m.apply(0, P("last card"))
    assert m.turn == 1 and own(m).last_card == (True, False)


def test_gin_scores_the_opponents_hand_plus_20_or_40_before_his_contract() -> None:
    m = rig(new(), hands=["TC JC", "AD 2D 9S"], phase="play", melds=((0, "7C 8C 9C"),), contract=[True, False])
    m.apply(0, P("layoff TC 1"))
    m.apply(0, P("layoff JC 1"))
    record = m.hands[-1]
    assert record.outcome == "gin" and record.winner == 0 and record.points == 15 + 2 + 9 + 40
    m = rig(
        new(),
        hands=["TC JC", "AD 2D 9S"],
        phase="play",
        melds=((0, "7C 8C 9C"), (1, "5S 5H 5D")),
        contract=[True, True],
    )
    m.apply(0, P("layoff TC 1"))
    m.apply(0, P("layoff JC 1"))
    assert m.hands[-1].points == 26 + 20


def test_gin_with_the_contract_itself() -> None:
    m = rig(new(), hands=["5S 5H 5D 7C 8C 9C JH QS KH", "AD"], phase="play")
    m.apply(0, P(CONTRACT))
    assert m.hands[-1].outcome == "gin" and m.hands[-1].points == 15 + 40


def test_stock_down_to_two_ends_the_hand_without_an_offer() -> None:
    m = rig(new(), hands=["2C 3D 9H", "KD QD 2S"], stock="4S 5S 6S", phase="draw")
    m.apply(0, P("draw stock"))  # 6S: two stock cards are left
    assert m.legal_actions(0) == [P("end hand")] and own(m).final_turn
    with pytest.raises(IllegalAction, match="end the hand instead"):
        m.apply(0, P("offer 9H"))
    m.apply(0, P("end hand"))
    record = m.hands[-1]
    assert record.outcome == "stock" and record.winner == 0 and record.points == 2 and record.knocker is None
    assert record.left_points == (20, 22)


def test_poker_runs_and_aces_both_ways() -> None:
    m = rig(new(), hands=["AS 2H 3D QC KD AH 9S 9H 9D 4C", "2D"], phase="play")
    assert P("contract AS 2H 3D QC KD AH 9S 9H 9D") in m.legal_actions(0)
    assert P("contract QC KD AH 9S 9H 9D AS 2H 3D") in m.legal_actions(0)
    with pytest.raises(IllegalAction, match="round the corner"):
        m.apply(0, P("contract KD AS 2H 9S 9H 9D 3D 4C QC"))
