"""Colonel: each rule of docs/rules.md#colonel as a plain test on a rigged position."""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction, game_type, parse_card, parse_cards
from bot.engine.tablegames import Act, Colonel, ColonelRules, ColonelView, Ev, TableAction
from bot.engine.tablegames.colonel import make_rules

from .tablerig import full_deck, rig

P = TableAction.parse


def new(**rules: object) -> Colonel:
    return Colonel(ColonelRules(**rules), 7, 2)  # type: ignore[arg-type]


def own(m: Colonel) -> ColonelView:
    """Colonel's own fields of the public view."""
    fields = m.public_view().own
    assert isinstance(fields, ColonelView)
    return fields


def test_registered_with_rules_and_options() -> None:
    g = game_type("colonel")
    assert g.title == "Colonel" and g.seat_counts == (2,) and g.variants[0] == "standard"

    def rules(variant: str, target: int | None = None, options: str = "") -> ColonelRules:
        made = g.make_rules(variant, target, options)
        assert isinstance(made, ColonelRules)
        return made

    assert rules("standard").challenge and not rules("standard", None, "challenge=no").challenge
    assert not rules("no-challenge").challenge and rules("standard", 250).target == 250
    with pytest.raises(ValueError, match="unknown variant"):
        make_rules("hollywood")
    with pytest.raises(ValueError, match="unknown option 'gin'"):
        make_rules("standard", None, "gin=20")
    with pytest.raises(ValueError, match="challenge=maybe: the Challenge: write yes or no"):
        make_rules("standard", None, "challenge=maybe")
    with pytest.raises(ValueError, match="target"):
        make_rules("standard", 0)
    with pytest.raises(ValueError, match="2 players"):
        g.new(g.make_rules("standard"), 1, 3)
    assert any("Challenge" in str(line) for line in g.make_rules("standard").summary())


def test_a_fresh_deal() -> None:
    m = new()
    assert [len(h) for h in m.held] == [10, 10] and len(m.stock) == 31 and len(m.pile) == 1 and full_deck(m)
    assert m.turn == 1 - m.dealer and m.phase == "draw"
    assert P("draw stock") in m.legal_actions(m.turn) and P("draw pile") in m.legal_actions(m.turn)
    assert m.legal_actions(m.dealer) == []


def test_meld_and_lay_off_on_the_opponents_meld() -> None:
    m = rig(new(), hands=["QS KS AS 4D 4C 9H", "JS 5D 6D"], pile="2C", melds=((1, "8D 9D TD"),), phase="play")
    m.apply(0, P("meld QS KS AS"))  # aces high: Q-K-A
    assert m.melds[-1].cards == parse_cards("QS KS AS") and m.melds[-1].owner == 0
    with pytest.raises(IllegalAction, match="does not fit meld 1"):
        m.apply(0, P("layoff 9H 1"))
    m.apply(0, P("discard 9H"))
    m.apply(1, P("draw stock"))
    m.apply(1, P("layoff JS 2"))  # on the opponent's meld
    assert m.melds[1].cards == parse_cards("JS QS KS AS") and m.melds[1].owner == 0
    assert [e.kind for e in m.last_events] == [Ev.DREW_STOCK, Ev.LAID_OFF]


def test_aces_low_are_refused() -> None:
    m = rig(new(), hands=["AS 2S 3S 9H", "5D 6D 7D"], phase="play")
    with pytest.raises(IllegalAction, match="The ace is high only"):
        m.apply(0, P("meld AS 2S 3S"))


def test_going_out_by_a_discard_scores_the_opponents_cards_aces_ten() -> None:
    m = rig(new(), hands=["9H", "AD KD 5C 2S"], melds=((1, "6H 7H 8H"),), stock="4D 2C", phase="draw")
    before = m.to_dict()
    with pytest.raises(IllegalAction, match="Draw a card first"):
        m.apply(0, P("discard 9H"))
    assert m.to_dict() == before
    m.apply(0, P("draw stock"))  # 2C
    m.apply(0, P("layoff 9H 1"))  # on his own meld this time
    m.apply(0, P("discard 2C"))
    record = m.hands[-1]
    assert record.outcome == "out" and record.winner == 0 and record.points == 10 + 10 + 5 + 2
    assert [e.kind for e in m.last_events][:4] == [Ev.DREW_STOCK, Ev.LAID_OFF, Ev.DISCARDED, Ev.WENT_OUT]


def test_going_out_by_melding_needs_no_discard() -> None:
    m = rig(new(), hands=["7H 8H", "AD KD 6C 2S"], melds=((1, "3C 4C 5C"),), phase="draw", stock="2D 9H 6D 6H")
    m.apply(0, P("draw stock"))  # 6H (the top is the last card)
    m.apply(0, P("meld 6H 7H 8H"))
    record = m.hands[-1]
    assert record.outcome == "out" and record.knocker == 0 and record.winner == 0
    assert record.points == 10 + 10 + 6 + 2 and m.scores == [28, 0]
    assert [e.kind for e in m.last_events][:3] == [Ev.DREW_STOCK, Ev.MELDED, Ev.WENT_OUT]
    assert m.deal_number == 2 and full_deck(m)  # the next hand is a fresh deal


def test_going_out_by_the_last_discard() -> None:
    m = rig(new(), hands=["7H 8H 9H 2C", "AD KD"], phase="play")
    m.apply(0, P("meld 7H 8H 9H"))
    m.apply(0, P("discard 2C"))
    assert m.hands[-1].outcome == "out" and m.hands[-1].points == 20


def test_a_play_may_not_leave_only_the_card_taken_from_the_pile() -> None:
    m = rig(new(), hands=["7H 8H 9H", "AD KD"], pile="5S", phase="draw")
    m.apply(0, P("draw pile"))
    assert P("meld 7H 8H 9H") not in m.legal_actions(0)
    with pytest.raises(IllegalAction, match="leave you only 5S"):
        m.apply(0, P("meld 7H 8H 9H"))
    with pytest.raises(IllegalAction, match="just took from the pile"):
        m.apply(0, P("discard 5S"))
    m.apply(0, P("discard 9H"))
    assert m.turn == 1 and m.pile[-1] == parse_card("9H")


def test_stock_down_to_two_the_lower_total_scores_the_difference() -> None:
    m = rig(new(), hands=["2C 3D 9H", "KD QD"], stock="4S 5S 6S", phase="draw")
    m.apply(0, P("draw stock"))  # 6S
    m.apply(0, P("discard 9H"))  # stock 2: the hand ends; seat 0 holds 2+3+6 = 11, seat 1 20
    record = m.hands[-1]
    assert record.outcome == "stock" and record.winner == 0 and record.points == 9 and record.knocker is None
    assert record.left_points == (11, 20)


def test_challenge_accepted_the_lower_total_scores_the_others_whole_total() -> None:
    m = rig(new(), hands=["2C 3D", "KD QD 4S"], phase="draw")
    m.apply(0, P("challenge"))
    assert m.turn == 1 and m.legal_actions(1) == [P("accept"), P("reject")] and m.legal_actions(0) == []
    assert own(m).challenger == 0
    with pytest.raises(IllegalAction, match="Answer the Challenge"):
        m.apply(1, P("draw stock"))
    m.apply(1, P("accept"))
    record = m.hands[-1]
    assert record.outcome == "challenge" and record.winner == 0 and record.points == 24
    assert [e.kind for e in m.last_events][:3] == [Ev.CHALLENGED, Ev.CHALLENGE_ACCEPTED, Ev.HAND_SCORED]


def test_challenge_accepted_by_the_lower_hand() -> None:
    m = rig(new(), hands=["KC QC", "2D 3D"], phase="play")
    m.apply(0, P("challenge"))
    m.apply(1, P("accept"))
    assert m.hands[-1].winner == 1 and m.hands[-1].points == 20


def test_challenge_rejected_play_goes_on_once_a_turn() -> None:
    m = rig(new(), hands=["2C 3D 9S", "KD QD 4S"], phase="draw")
    m.apply(0, P("challenge"))
    m.apply(1, P("reject"))
    assert m.turn == 0 and m.phase == "draw" and P("challenge") not in m.legal_actions(0)
    with pytest.raises(IllegalAction, match="already challenged"):
        m.apply(0, P("challenge"))
    m.apply(0, P("draw stock"))
    assert [e.kind for e in m.last_events] == [Ev.CHALLENGED, Ev.CHALLENGE_REJECTED, Ev.DREW_STOCK]
    m.apply(0, P("discard 9S"))
    assert P("challenge") in m.legal_actions(1)  # the other player may challenge in his turn


def test_challenge_off() -> None:
    m = rig(new(challenge=False), hands=["2C", "KD"], phase="draw")
    assert P("challenge") not in m.legal_actions(0)
    with pytest.raises(IllegalAction, match="without the Challenge"):
        m.apply(0, P("challenge"))


def test_moves_of_other_games_and_turns_are_refused() -> None:
    m = rig(new(), hands=["2C 3D", "KD QD"], phase="play")
    before = m.to_dict()
    for text, reason in [
        ("offer 2C", "not a move in Colonel"),
        ("accept", "no Challenge"),
        ("discard KD", "do not hold KD"),
        ("layoff 2C 4", "no meld 4"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            m.apply(0, P(text))
    with pytest.raises(IllegalAction, match="not your turn"):
        m.apply(1, P("discard KD"))
    assert m.to_dict() == before
    assert parse_card("2C") in m.held[0]
    assert Act.DISCARD in {a.kind for a in m.legal_actions(0)}
