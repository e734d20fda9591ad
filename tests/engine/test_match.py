"""The hand and match state machine: turns, refusals, the drawn hand, bonuses, Hollywood."""

import json

import pytest

from bot.engine import IllegalAction, parse_card
from bot.engine.gin import Match
from bot.engine.knock import DRAW_DISCARD, DRAW_STOCK, PASS, RESIGN, TAKE, EventKind, Phase, discard, gin, knock, preset

from .rig import rig

STANDARD = preset("standard")
GIN_HAND = "AS 2S 3S 4H 5H 6H 8C 8D 8S 8H KC"  # gin after discarding K♣


def snapshot(m: Match) -> str:
    return json.dumps(m.to_dict(), sort_keys=True)


def refused(m: Match, seat: int, action, match: str) -> None:
    before = snapshot(m)
    with pytest.raises(IllegalAction, match=match):
        m.apply(seat, action)
    assert snapshot(m) == before, "a refused move changes nothing"


def test_same_seed_same_deal_and_different_seed_differs():
    a, b, c = Match.new(STANDARD, 42), Match.new(STANDARD, 42), Match.new(STANDARD, 43)
    assert snapshot(a) == snapshot(b)
    assert a.hand.hands != c.hand.hands


def test_deal_sizes():
    m = Match.new(STANDARD, 1)
    assert [len(h) for h in m.hand.hands] == [10, 10]
    assert len(m.hand.stock) == 31 and len(m.hand.discards) == 1


def test_upcard_offer_non_dealer_then_dealer_then_stock_only():
    m = Match.new(STANDARD, 5)
    non_dealer, dealer = 1 - m.dealer, m.dealer
    assert m.turn == non_dealer and m.legal_actions(non_dealer) == [TAKE, PASS]
    refused(m, dealer, PASS, "not your turn")
    refused(m, non_dealer, DRAW_STOCK, "take the upcard or pass")
    m.apply(non_dealer, PASS)
    assert m.turn == dealer and m.legal_actions(dealer) == [TAKE, PASS]
    m.apply(dealer, PASS)
    assert m.turn == non_dealer and m.legal_actions(non_dealer) == [DRAW_STOCK]
    refused(m, non_dealer, DRAW_DISCARD, "draw from the stock")
    m.apply(non_dealer, DRAW_STOCK)
    assert len(m.hand.hands[non_dealer]) == 11


def test_taken_card_may_not_be_discarded():
    m = Match.new(STANDARD, 5)
    seat = m.turn
    assert seat is not None
    up = m.hand.discards[-1]
    events = m.apply(seat, TAKE)
    assert events[0].kind is EventKind.TOOK_UPCARD and events[0].card == up
    assert discard(up) not in m.legal_actions(seat)
    refused(m, seat, discard(up), "may not discard")
    assert up in m.hand.known[seat]


def test_card_not_in_hand_and_wrong_phase():
    m = Match.new(STANDARD, 9)
    seat = m.turn
    assert seat is not None
    m.apply(seat, PASS)
    other = m.turn
    assert other is not None
    m.apply(other, PASS)
    m.apply(seat, DRAW_STOCK)
    missing = next(c for c in m.hand.stock)
    refused(m, seat, discard(missing), "is not in your hand")
    refused(m, seat, DRAW_STOCK, "now discard, knock or go gin")


def test_knock_over_limit_refused_with_reason():
    m = Match.new(STANDARD, 3)
    rig(m, 0, "AS 2S 3S 4H 5H 6H 8C 8D 8S 4C KC", "9C 9D 9H JD QD KD 2C 2D 3D 5D")
    refused(m, 0, knock(parse_card("AS")), "Deadwood 19 is over the knock limit 10")
    refused(m, 0, gin(parse_card("KC")), "Not gin: 4 deadwood")
    assert knock(parse_card("KC")) in m.legal_actions(0)


def test_straight_refuses_knock_allows_gin():
    m = Match.new(preset("straight"), 3)
    rig(m, 0, "AS 2S 3S 4H 5H 6H 8C 8D 8S 2C KC", "9C 9D 9H JD QD KD 2H 2D 3D 5D")
    refused(m, 0, knock(parse_card("KC")), "Straight gin")
    assert not any(a.kind.value == "knock" for a in m.legal_actions(0))


def test_oklahoma_knock_limit_from_upcard():
    m = Match.new(preset("oklahoma"), 3)
    rig(m, 0, "AS 2S 3S 4H 5H 6H 8C 8D 8S 5C KC", "9C 9D 9H JD QD KD 2H 2D 3D 5D", upcard="4D")
    refused(m, 0, knock(parse_card("KC")), "over the knock limit 4")


def test_drawn_hand_when_two_stock_cards_remain():
    m = Match.new(STANDARD, 8)
    dealer, deal = m.dealer, m.deal_number
    rig(m, 0, "AS 3S 5S 7H 9H JC KD 2C 4D 6D", "2S 4S 6S 8H TH QC AD 3C 5D 7D", stock_size=3, phase=Phase.DRAW)
    m.apply(0, DRAW_STOCK)  # 2 left: a knock would still be allowed here
    events = m.apply(0, discard(parse_card("KD")))
    assert [e.kind for e in events][-2:] == [EventKind.HAND_DRAWN, EventKind.DEALT]
    assert m.history[-1].outcome == "draw" and m.history[-1].points == 0
    assert m.dealer == dealer and m.deal_number == deal + 1
    assert m.totals() == (0, 0)


def test_player_drawing_the_50th_card_may_still_knock():
    m = Match.new(STANDARD, 8)
    rig(m, 0, "AS 2S 3S 4H 5H 6H 8C 8D 8S 5C", "9C 9D 9H JD QD KD 2H 2D 3D 5D", stock_size=3, phase=Phase.DRAW)
    m.apply(0, DRAW_STOCK)
    assert len(m.hand.stock) == 2
    assert any(a.kind.value in ("knock", "gin") for a in m.legal_actions(0))


def play_gin(m: Match, seat: int, defender: str) -> None:
    rig(m, seat, GIN_HAND, defender)
    m.apply(seat, gin(parse_card("KC")))


def test_gin_scores_and_next_deal_alternates():
    m = Match.new(STANDARD, 11)
    dealer = m.dealer
    play_gin(m, 0, "9C 9D 9H JD QD KD 2D 4C 5S KS")
    assert m.totals() == (46, 0)
    assert m.history[-1].winner == 0 and m.history[-1].outcome == "gin"
    assert m.dealer == 1 - dealer


def test_shutout_doubles_the_hand_points_before_the_bonuses():
    """The default shutout (seed rule 001): the winner's hand points are doubled, then the bonuses added."""
    m = Match.new(STANDARD, 12)
    play_gin(m, 0, "2D 4C 5S KS 9D 7C 3H QC 9H JS")
    first = m.history[-1].points
    play_gin(m, 0, "2D 4C 5S KS 9D 7C 3H QC 9H JS")
    assert m.finished and m.winner == 0
    game = m.games[0]
    assert game.shutout and game.line_bonus == [50, 0] and game.game_bonus == 100
    assert game.totals == [2 * (2 * first) + 50 + 100, 0] and game.shutout_points == 2 * first
    summary = m.summary()
    assert summary is not None
    assert (
        summary.winner == 0
        and summary.margin == game.totals[0]
        and summary.count("gins") == (2, 0)
        and summary.counts == (("gins", (2, 0)), ("undercuts", (0, 0)))
    )


def test_shutout_total_option_doubles_the_whole_total():
    """The rule this engine played before, now ``shutout=total``: the whole total, bonuses too, doubled."""
    m = Match.new(preset("standard", shutout="total"), 12)
    play_gin(m, 0, "2D 4C 5S KS 9D 7C 3H QC 9H JS")
    first = m.history[-1].points
    play_gin(m, 0, "2D 4C 5S KS 9D 7C 3H QC 9H JS")
    game = m.games[0]
    assert game.shutout and game.totals == [(2 * first + 50 + 100) * 2, 0]


def test_line_bonus_without_shutout():
    m = Match.new(STANDARD, 13)
    rig(m, 1, "AS 2S 3S 4H 5H 6H 8C 8D 8S 2C KC", "9C 9D 9H JD QD KD 2H 2D 3D 5D")
    m.apply(1, knock(parse_card("KC")))  # seat 1 knocks with 2 vs 12: +10
    assert m.totals() == (0, 10)
    play_gin(m, 0, "2D 4C 5S KS 9D 7C 3H QC 9H JS")
    play_gin(m, 0, "2D 4C 5S KS 9D 7C 3H QC 9H JS")
    game = m.games[0]
    assert m.finished and not game.shutout
    assert game.line_bonus == [50, 25]
    assert game.totals == [game.scores[0] + 50 + 100, 10 + 25]


def test_the_player_reaching_the_target_wins_even_with_the_lower_total():
    """Eight small wins of seat 1 give it more line bonus than seat 0's game bonus is worth:
    seat 0 reached 100, so it wins the match and the game bonus goes with it."""
    m = Match.new(STANDARD, 1)
    game = m.games[0]
    game.scores, game.hands_won, m.wins = [70, 90], [1, 8], [1, 8]
    rig(m, 0, "AS 2S 3S 4H 5H 6H 8C 8D 8S 8H KC", "9C 9D 9H JD QD KD 2C 2D 3D 5D")
    m.apply(0, gin(parse_card("KC")))
    assert m.finished and game.winner == 0 and game.scores[0] >= 100
    assert game.totals[0] < game.totals[1]  # 107 + 50 + 100 against 90 + 200
    assert m.winner == 0
    summary = m.summary()
    assert summary is not None
    assert (summary.winner, summary.margin) == (0, game.totals[0] - game.totals[1])


def test_hollywood_third_win_enters_three_games():
    m = Match.new(preset("hollywood"), 14)
    for _ in range(3):
        rig(m, 0, GIN_HAND, "9C 9D 9H JD QD KD 5C 6C 7C 2D")  # gin: 25 + 2 each
        m.apply(0, gin(parse_card("KC")))
    assert [r.games for r in m.history] == [(0,), (0, 1), (0, 1, 2)]
    assert [g.scores for g in m.games] == [[81, 0], [54, 0], [27, 0]]
    assert [g.hands_won[0] for g in m.games] == [3, 2, 1]


def test_hollywood_match_ends_when_all_three_games_end():
    m = Match.new(preset("hollywood", target=50), 15)
    while not m.finished:
        rig(m, 0, GIN_HAND, "2D 3C AH 5S 7S JS 9D 9C TD 4S")
        m.apply(0, gin(parse_card("KC")))
    assert all(g.finished and g.winner == 0 for g in m.games)
    assert m.totals() == tuple(sum(g.totals[i] for g in m.games) for i in (0, 1))


def test_resign_ends_match_for_opponent():
    m = Match.new(STANDARD, 16)
    events = m.apply(1, RESIGN)
    assert [e.kind for e in events] == [EventKind.RESIGNED, EventKind.MATCH_ENDED]
    summary = m.summary()
    assert m.finished and m.winner == 0 and summary is not None and summary.resigned_by == 1
    refused(m, 0, DRAW_STOCK, "match is over")


def test_seat_outside_table_refused():
    m = Match.new(STANDARD, 17)
    refused(m, 2, DRAW_STOCK, "not playing")


def test_json_round_trip_and_format_version():
    m = Match.new(STANDARD, 18)
    turn = m.turn
    assert turn is not None
    m.apply(turn, PASS)
    data = json.loads(json.dumps(m.to_dict()))
    assert Match.from_dict(data).to_dict() == m.to_dict()
    data["format"] = 999
    with pytest.raises(ValueError, match="unsupported match format"):
        Match.from_dict(data)


def test_replay_reproduces_the_state():
    m = Match.new(STANDARD, 19)
    log = []
    for _ in range(30):
        seat = m.turn
        assert seat is not None
        act = m.legal_actions(seat)[-1]
        m.apply(seat, act)
        log.append((seat, str(act)))
    assert Match.replay(STANDARD, 19, log).to_dict() == m.to_dict()
