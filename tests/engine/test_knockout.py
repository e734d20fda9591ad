"""Knockout Gin (docs/rules.md#knockout-gin): one stock for 2 to 4, penalties, the last player left wins."""

from __future__ import annotations

import json

import pytest

from bot.engine import DECK, IllegalAction, game_type, parse_card, parse_cards
from bot.engine.knock import DRAW_DISCARD, DRAW_STOCK, RESIGN, EventKind, Outcome, Phase, discard, gin, knock
from bot.engine.knockout import KnockoutHand, KnockoutMatch

KO = game_type("knockout")


def new(seats: int, seed: int = 1, options: str = "", target: int | None = None) -> KnockoutMatch:
    state = KO.new(KO.make_rules("standard", target, options), seed, seats)
    assert isinstance(state, KnockoutMatch)
    return state


def rig(
    m: KnockoutMatch, hands: dict[int, str], turn: int, *, stock: str | int = 15, phase: Phase = Phase.DISCARD
) -> None:
    """Chosen cards for the players of the current hand (its order stays)."""
    dealt = {s: list(parse_cards(t)) for s, t in hands.items()}
    used = {c for h in dealt.values() for c in h}
    rest = [c for c in DECK if c not in used]
    if isinstance(stock, str):
        pile = list(parse_cards(stock))
        rest = [c for c in rest if c not in pile]
    else:
        pile, rest = rest[:stock], rest[stock:]
    n = m.n_seats
    m.hand = KnockoutHand(
        dealer=m.hand.dealer,
        order=m.hand.order,
        hands=[dealt.get(s, []) for s in range(n)],
        stock=pile,
        discards=rest,
        discarded_by=[-1] * len(rest),
        phase=phase,
        turn=turn,
        known=[[] for _ in range(n)],
        declined=[[] for _ in range(n)],
    )


def in_turn(m: KnockoutMatch) -> tuple[int, ...]:
    return m.hand.order


@pytest.mark.parametrize(
    ("seats", "options", "size", "stock"),
    [
        (2, "", 10, 31),
        (3, "", 7, 30),
        (4, "", 7, 23),
        (4, "cards=10", 10, 11),
        (2, "cards=7", 7, 37),
    ],
)
def test_deal_sizes(seats: int, options: str, size: int, stock: int) -> None:
    m = new(seats, 3, options)
    assert [len(m.hand.hands[s]) for s in range(seats)] == [size] * seats
    assert len(m.hand.stock) == stock and len(m.hand.discards) == 1


def test_play_starts_left_of_the_dealer_without_an_upcard_offer() -> None:
    m = new(4, 5)
    d = m.dealer
    assert m.hand.order == tuple((d + i) % 4 for i in range(1, 5))
    assert m.turn == (d + 1) % 4 and m.legal_actions(m.turn) == [DRAW_STOCK, DRAW_DISCARD]
    with pytest.raises(ValueError, match="no upcard offer"):
        KO.parse_action("take")
    seat = m.turn
    assert seat is not None
    m.apply(seat, DRAW_STOCK)
    card = m.hand.drawn
    assert card is not None
    m.apply(seat, discard(card))
    assert m.turn == (d + 2) % 4


def test_every_other_player_lays_off_in_turn_then_everyone_adds_his_deadwood() -> None:
    m = new(3, 7)
    k, n1, n2 = in_turn(m)
    rig(m, {k: "5S 6S 7S 2H 2D 2C AC KD", n1: "8S KH KC QH 4D 6D 9C", n2: "9S TH JC 3D 5C 7D 4H"}, k)
    events = m.apply(k, knock(parse_card("KD")))
    record = m.history[-1]
    assert (record.outcome, record.knocker, record.winner) == (Outcome.KNOCK, k, k)
    result = record.result
    assert result is not None and [lay.seat for lay in result.layouts] == [k, n1, n2]
    assert [str(c) for c, _ in result.layouts[1].layoffs] == ["8S"]
    assert [str(c) for c, _ in result.layouts[2].layoffs] == ["9S"]  # onto the 8 the player before laid off
    assert m.penalties[k] == 1 and m.penalties[n1] == 49 and m.penalties[n2] == 39
    assert record.points == 49 + 39 and EventKind.DEALT in [e.kind for e in events]


def test_lay_offs_follow_the_turn_order() -> None:
    m = new(3, 7)
    k, n1, n2 = in_turn(m)
    rig(m, {k: "5S 6S 7S 2H 2D 2C AC KD", n1: "9S TH JC 3D 5C 7D 4H", n2: "8S KH KC QH 4D 6D 9C"}, k)
    m.apply(k, knock(parse_card("KD")))
    # the 9 comes before the 8 is laid off: it stays in its holder's deadwood
    assert m.penalties[n1] == 39 + 9 and m.penalties[n2] == 49


def test_gin_adds_nothing_to_the_knocker_and_allows_no_lay_offs() -> None:
    m = new(3, 8)
    k, n1, n2 = in_turn(m)
    rig(m, {k: "5S 6S 7S 2H 2D 2C 2S KD", n1: "8S KH KC QH 4D 6D 9C", n2: "9S TH JC 3D 5C 7D 4H"}, k)
    m.apply(k, gin(parse_card("KD")))
    assert m.history[-1].outcome is Outcome.GIN
    assert m.penalties[k] == 0 and m.penalties[n1] == 57 and m.penalties[n2] == 48


def test_a_drawn_hand_adds_nothing_and_the_same_dealer_deals_again() -> None:
    m = new(2, 9)
    first, dealer = in_turn(m)
    rig(
        m,
        {first: "AS 3S 5S 7H 9H JC KD 2C 4D 6D", dealer: "2S 4S 6S 8H TH QC AD 3C 5D 7D"},
        first,
        stock=3,
        phase=Phase.DRAW,
    )
    m.apply(first, DRAW_STOCK)
    m.apply(first, discard(parse_card("KD")))
    assert m.history[-1].outcome is Outcome.DRAW and m.penalties == [0, 0] and m.dealer == dealer


def test_a_player_at_the_limit_is_out_and_sits_out_the_rest() -> None:
    m = new(3, 10)
    k, n1, n2 = in_turn(m)
    m.penalties[n1] = 90
    rig(m, {k: "5S 6S 7S 2H 2D 2C AC KD", n1: "8S KH KC QH 4D 6D 9C", n2: "9S TH JC 3D 5C 7D 4H"}, k)
    events = m.apply(k, knock(parse_card("KD")))
    assert (EventKind.PLAYER_OUT, n1) in [(e.kind, e.seat) for e in events]
    assert m.out_order == [n1] and not m.finished and m.history[-1].went_out == (n1,)
    assert n1 not in m.hand.order and m.hand.hands[n1] == [] and len(m.hand.order) == 2
    assert m.legal_actions(n1) == [] and m.public_view().out[n1]
    with pytest.raises(IllegalAction):
        m.apply(n1, DRAW_STOCK)
    # two players left: 10 cards each (docs/rules.md#knockout-gin), the seat's full hand is 11 after a draw
    assert [len(m.hand.hands[s]) for s in m.hand.order] == [10, 10] and len(m.hand.stock) == 31


def test_a_match_saved_before_the_deal_followed_the_players_left_keeps_dealing_seven() -> None:
    m = new(3, 10)
    saved = m.to_dict()
    del saved["rules"]["deal_follows_players"]  # as a match saved before the rule was written
    old = KnockoutMatch.from_dict(json.loads(json.dumps(saved)))
    k, n1, n2 = in_turn(old)
    old.penalties[n1] = 90
    rig(old, {k: "5S 6S 7S 2H 2D 2C AC KD", n1: "8S KH KC QH 4D 6D 9C", n2: "9S TH JC 3D 5C 7D 4H"}, k)
    old.apply(k, knock(parse_card("KD")))
    assert [len(old.hand.hands[s]) for s in old.hand.order] == [7, 7]
    assert KnockoutMatch.from_dict(old.to_dict()).to_dict() == old.to_dict()


def test_the_last_player_left_wins() -> None:
    m = new(2, 11)
    k, other = in_turn(m)
    m.penalties[other] = 95
    rig(m, {k: "AS 2S 3S 4H 5H 6H 8C 8D 8S 2C KC", other: "9C 9D 9H JD QD KD 2H 2D 3D 5D"}, k)
    events = m.apply(k, knock(parse_card("KC")))
    assert m.finished and m.winner == k and events[-1].kind is EventKind.MATCH_ENDED
    summary = m.summary()
    assert summary is not None and summary.loser == other and summary.totals[k] == 2
    assert summary.margin == (95 + 12) - 2 and summary.hands_won[k] == 1


def test_everyone_left_reaching_the_limit_at_once_the_lowest_penalty_wins() -> None:
    m = new(2, 12)
    k, other = in_turn(m)
    m.penalties[k], m.penalties[other] = 99, 90
    rig(m, {k: "AS 2S 3S 4H 5H 6H 8C 8D 8S 2C KC", other: "9C 9D 9H JD QD KD 2H 2D 3D 5D"}, k)
    m.apply(k, knock(parse_card("KC")))  # 101 and 102: both over
    assert m.finished and m.winner == k and m.out_order == [other]


def test_resign_and_json() -> None:
    m = new(4, 13)
    turn = m.turn
    assert turn is not None
    m.apply(turn, DRAW_STOCK)
    data = json.loads(json.dumps(m.to_dict()))
    assert data["game"] == "knockout" and data["format"] == 1
    assert KO.load(data).to_dict() == m.to_dict()
    m.apply(2, RESIGN)
    assert m.finished and m.resigned_by == 2 and m.winner != 2
    with pytest.raises(IllegalAction, match="over"):
        m.apply(0, DRAW_STOCK)


def test_views_show_only_public_cards_and_own_hand() -> None:
    m = new(3, 14)
    seat = m.turn
    assert seat is not None
    view = m.seat_view(seat)
    other = next(s for s in m.hand.order if s != seat)
    assert set(view.hand) == set(m.hand.hands[seat]) and view.legal
    assert not set(view.hand) & set(m.hand.hands[other]) and m.seat_view(other).legal == ()
    pv = m.public_view()
    assert pv.card_counts == tuple(len(h) for h in m.hand.hands) and pv.penalties == (0, 0, 0)
    assert pv.discard_pile == tuple(m.hand.discards)
