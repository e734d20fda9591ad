"""Rummy for 2 to 6 players: each rule of docs/rules.md#rummy as a plain test on a rigged position."""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction, game_type, parse_card, parse_cards
from bot.engine.tablegames import Ev, Rummy, RummyRules, RummyView, TableAction
from bot.engine.tablegames.rummy import make_rules

from .tablerig import full_deck, rig

P = TableAction.parse


def new(seats: int = 2, **rules: object) -> Rummy:
    return Rummy(RummyRules(**rules), 11, seats)  # type: ignore[arg-type]


def own(m: Rummy) -> RummyView:
    """Rummy's own fields of the public view."""
    fields = m.public_view().own
    assert isinstance(fields, RummyView)
    return fields


def test_registered_with_rules_and_options() -> None:
    g = game_type("rummy")
    assert g.title == "Rummy" and g.seat_counts == (2, 3, 4, 5, 6)
    r = g.make_rules("standard", None, "length=hands:8 cards=7")
    assert isinstance(r, RummyRules)
    assert r.hands == 8 and r.cards == 7 and r.target == 100
    assert g.make_rules("standard", 150, "length=target").target == 150
    for options, message in [
        ("length=forever", "length=forever: choose target or hands:N"),
        ("length=hands:0", "length=hands:0: the number of hands is a whole number from 1 to 100"),
        ("cards=2", "cards=2: the cards dealt to each is a whole number from 3 to 10"),
        ("cards=x", "cards=x: the cards dealt to each is a whole number"),
        ("deal=7", "unknown option"),
        ("cards", "needs a value"),
        ("cards=7 cards=8", "given twice"),
    ]:
        with pytest.raises(ValueError, match=message):
            make_rules("standard", None, options)
    with pytest.raises(ValueError, match="6 players cannot each get 10 cards"):
        g.new(make_rules("standard", None, "cards=10"), 1, 6)
    # the table is refused before a match starts (selfplay and play answer in one line), and a stock
    # of at least 2 cards is left: 5 x 10 + the pile's card would leave 1
    with pytest.raises(ValueError, match="5 players cannot each get 10 cards: at most 9"):
        g.validate(make_rules("standard", None, "cards=10"), 5)
    g.validate(make_rules("standard", None, "cards=9"), 5)
    five = g.new(make_rules("standard", None, "cards=9"), 1, 5)
    assert isinstance(five, Rummy) and len(five.stock) == 52 - 45 - 1
    with pytest.raises(ValueError, match="2 or 3 or 4 or 5 or 6 players"):
        g.new(make_rules("standard"), 1, 7)
    assert any("hands" in str(line) for line in r.summary())


@pytest.mark.parametrize(("seats", "size"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_deal_sizes(seats: int, size: int) -> None:
    m = new(seats)
    assert [len(h) for h in m.held] == [size] * seats and len(m.pile) == 1 and full_deck(m)
    assert len(m.stock) == 52 - seats * size - 1 and m.turn == (m.dealer + 1) % seats
    assert [len(h) for h in new(seats, cards=5).held] == [5] * seats


def test_lay_off_on_another_players_meld_then_discard_not_the_pile_card() -> None:
    m = rig(new(3), hands=["9D 2C 5H", "KS QS", "4C"], pile="TD", melds=((1, "6D 7D 8D"),), phase="draw")
    m.apply(0, P("draw pile"))
    m.apply(0, P("layoff 9D 1"))
    m.apply(0, P("layoff TD 1"))  # the card just taken may go onto the table
    assert m.melds[0].cards == parse_cards("6D 7D 8D 9D TD") and m.melds[0].owner == 1
    with pytest.raises(IllegalAction, match="do not hold TD"):
        m.apply(0, P("discard TD"))
    m.apply(0, P("discard 5H"))
    assert m.turn == 1 and m.laid_before == [True, False, False]


def test_the_card_taken_from_the_pile_may_not_be_discarded() -> None:
    m = rig(new(), hands=["9D 2C 5H", "KS QS"], pile="TD", phase="draw")
    m.apply(0, P("draw pile"))
    assert P("discard TD") not in m.legal_actions(0)
    with pytest.raises(IllegalAction, match="just took from the pile"):
        m.apply(0, P("discard TD"))


def test_a_card_taken_from_the_pile_may_not_be_discarded_by_its_taker_for_the_rest_of_the_hand() -> None:
    m = rig(new(), hands=["9D 2C 5H", "KS QS"], pile="TD", phase="draw")
    m.apply(0, P("draw pile"))
    m.apply(0, P("discard 5H"))
    m.apply(1, P("draw stock"))
    m.apply(1, P(f"discard {m.held[1][0]}"))
    m.apply(0, P("draw stock"))
    assert P("discard TD") not in m.legal_actions(0)
    with pytest.raises(IllegalAction, match="took it from the pile in this hand"):
        m.apply(0, P("discard TD"))
    # the other player may take it from the pile and discard it later: the rule is the taker's
    assert m.taken == [[parse_card("TD")], []]
    again = Rummy.from_dict(m.to_dict())
    assert again.taken == m.taken and again.to_dict() == m.to_dict()


def test_a_pile_draw_that_would_leave_only_cards_taken_from_the_pile_is_refused() -> None:
    m = rig(new(), hands=["9D TD", "KS QS"], pile="4H", phase="draw", taken=[list(parse_cards("9D TD")), []])
    assert P("draw pile") not in m.legal_actions(0)
    with pytest.raises(IllegalAction, match="draw from the stock"):
        m.apply(0, P("draw pile"))
    m.apply(0, P("draw stock"))
    assert [a for a in m.legal_actions(0) if a.kind.value == "discard"] == [P(f"discard {m.held[0][-1]}")]


def test_matches_saved_before_the_whole_hand_rule_keep_the_turn_rule() -> None:
    saved = new().to_dict()
    del saved["rules"]["pile_rule"]
    del saved["extra"]["taken"]
    old = Rummy.from_dict(saved)
    assert old.rules.pile_rule == "turn" and old.taken == [[], []]
    rig(old, hands=["9D 2C 5H", "KS QS"], pile="TD", phase="draw")
    old.apply(0, P("draw pile"))
    old.apply(0, P("discard 5H"))
    old.apply(1, P("draw stock"))
    old.apply(1, P(f"discard {old.held[1][0]}"))
    old.apply(0, P("draw stock"))
    assert P("discard TD") in old.legal_actions(0)


def test_going_out_by_melding_needs_no_discard() -> None:
    m = rig(
        new(),
        hands=["7H 8H", "KS QS 3C"],
        stock="2D 9H",
        melds=((1, "4C 5C 6C"),),
        phase="draw",
        laid_before=[True, True],
    )
    m.apply(0, P("draw stock"))  # 9H
    m.apply(0, P("meld 7H 8H 9H"))
    record = m.hands[-1]
    assert record.outcome == "out" and record.winner == 0 and record.points == 23 and m.scores == [23, 0]
    assert [e.kind for e in m.last_events][:3] == [Ev.DREW_STOCK, Ev.MELDED, Ev.WENT_OUT]


def test_rummy_doubles_and_counts_every_other_hand() -> None:
    m = rig(new(3), hands=["7H 8H 9H 2S 3S 4S 6D", "KS QS", "AC 5D"], stock="2D 9C", phase="draw")
    m.apply(0, P("draw stock"))  # 9C
    m.apply(0, P("meld 7H 8H 9H"))
    m.apply(0, P("meld 2S 3S 4S"))
    assert sorted(m.held[0]) == sorted(parse_cards("6D 9C"))  # he cannot go out this turn
    m = rig(new(3), hands=["7H 8H 9H 2S 3S 4S", "KS QS", "AC 5D"], stock="2D 9C", phase="draw")
    m.apply(0, P("draw stock"))  # 9C
    m.apply(0, P("meld 7H 8H 9H"))
    m.apply(0, P("meld 2S 3S 4S"))
    m.apply(0, P("discard 9C"))
    record = m.hands[-1]
    assert record.outcome == "rummy" and record.points == 2 * (20 + 6)
    m = rig(
        new(3),
        hands=["7H 8H 9H 2S 3S 4S", "KS QS", "AC 5D"],
        stock="2D 9C",
        phase="draw",
        laid_before=[True, False, False],
    )
    m.apply(0, P("draw stock"))
    m.apply(0, P("meld 7H 8H 9H"))
    m.apply(0, P("meld 2S 3S 4S"))
    m.apply(0, P("discard 9C"))
    assert m.hands[-1].outcome == "out" and m.hands[-1].points == 26


def test_the_stock_is_rebuilt_once_then_the_hand_ends_with_no_score() -> None:
    m = rig(new(), hands=["2C 5H KD", "3S 9D QC"], stock="4C", pile="7S 8S 9S JD", phase="draw")
    m.apply(0, P("draw stock"))  # the last stock card
    m.apply(0, P("discard 5H"))
    assert [e.kind for e in m.last_events][-1] is Ev.STOCK_RENEWED and m.renewals == 1
    assert m.pile == [parse_card("5H")] and sorted(m.stock) == sorted(parse_cards("7S 8S 9S JD"))
    assert own(m).renewals == 1 and m.turn == 1
    for seat in (1, 0, 1, 0):
        m.apply(seat, P("draw stock"))
        card = m.held[seat][0]
        m.apply(seat, P(f"discard {card}"))
    record = m.hands[-1]
    assert record.outcome == "drawn" and record.winner is None and record.points == 0
    assert [e.kind for e in m.last_events][-2:] == [Ev.HAND_DRAWN, Ev.DEALT] and m.scores == [0, 0]
    assert m.deal_number == 2 and m.dealer == record.dealer  # nobody scored: the same dealer deals again
    # the engine keeps every card, but the public record of a dead hand shows no one's cards
    assert any(record.left) and sum(record.left_points) > 0
    shown = m.public_view().last_hand
    assert shown is not None and shown.outcome == "drawn"
    assert all(cards == () for cards in shown.left) and set(shown.left_points) == {0}


def test_a_match_of_a_fixed_number_of_hands() -> None:
    m = rig(new(2, hands=1), hands=["7H 8H", "KS QS"], stock="2D 9H", phase="draw")
    m.apply(0, P("draw stock"))
    m.apply(0, P("meld 7H 8H 9H"))
    assert m.finished and m.winner == 0 and own(m).hands_left == 0
    summary = m.summary()
    assert (
        summary is not None
        and summary.totals == (40, 0)
        and summary.hands_played == 1
        and summary.counts == (("rummies", (1, 0)),)
    )
    # a tie for the lead after the last hand plays on
    m = rig(new(2, hands=1), hands=["2C 5H", "3S 9D"], stock="4C", pile="7S 8S", phase="draw")
    m.renewals = 1
    m.apply(0, P("draw stock"))
    m.apply(0, P("discard 5H"))
    assert m.hands[-1].outcome == "drawn" and not m.finished and m.deal_number == 2


def test_five_players_and_a_resignation() -> None:
    m = new(5)
    seat = m.turn
    assert seat is not None
    m.apply(seat, P("draw stock"))
    m.scores = [10, 30, 30, 5, 0]
    m.resign(2)
    assert m.finished and m.winner == 1 and m.resigned_by == 2  # the best placed of the others
    summary = m.summary()
    assert summary is not None and summary.loser == 2 and summary.margin == 0 and len(summary.totals) == 5
    with pytest.raises(IllegalAction, match="over"):
        m.resign(0)
