"""Three players (docs/rules.md#three-players): the dealer sits out, the loser deals next and sits out."""

from __future__ import annotations

import json

import pytest

from bot.engine import IllegalAction, game_type, parse_card
from bot.engine.gin import ThreeMatch
from bot.engine.knock import DRAW_STOCK, PASS, RESIGN, EventKind, Outcome, Phase, discard, gin, knock, preset

from .rig import hand_state

GIN_HAND = "AS 2S 3S 4H 5H 6H 8C 8D 8S 8H KC"
LOSER = "2D 4C 5S KS 9D 7C 3H QC 9H JS"  # a gin against it scores 94


def new(seed: int = 1, **rules: object) -> ThreeMatch:
    state = game_type("gin").new(preset("standard", **rules), seed, 3)
    assert isinstance(state, ThreeMatch)
    return state


def snapshot(m: ThreeMatch) -> str:
    return json.dumps(m.to_dict(), sort_keys=True)


def win(m: ThreeMatch, winner: int, defender: str = LOSER) -> None:
    """``winner`` (one of the two playing) goes gin."""
    local = m.table.local(winner)
    hands = [GIN_HAND, defender] if local == 0 else [defender, GIN_HAND]
    m.table.hand = hand_state(*hands, turn=local)
    m.apply(winner, gin(parse_card("KC")))


def test_the_cut_dealer_sits_out_and_the_other_two_play() -> None:
    m = new(7)
    d = m.dealer
    assert m.sitting_out == d and set(m.table.players) == {0, 1, 2} - {d}
    assert m.turn == (d + 1) % 3 and m.to_act == ((d + 1) % 3,)  # the dealer's left moves first
    assert m.legal_actions(d) == [] and m.seat_view(d).legal == () and m.seat_view(d).hand == ()
    before = snapshot(m)
    with pytest.raises(IllegalAction, match="sit it out"):
        m.apply(d, PASS)
    with pytest.raises(IllegalAction, match="not playing at this table"):
        m.apply(3, PASS)
    assert snapshot(m) == before
    view = m.public_view()
    assert view.card_counts[d] == 0 and sorted(view.card_counts) == [0, 10, 10]


def test_rotation_after_a_win_the_loser_deals_and_sits_out() -> None:
    m = new(2)
    d, (a, b) = m.dealer, m.table.players
    win(m, a)
    assert m.history[-1].winner == a and m.history[-1].loser == b and m.history[-1].players == (a, b)
    assert m.dealer == b and m.sitting_out == b  # the loser deals the next hand and sits out
    assert set(m.table.players) == {a, d}  # the winner and the previous dealer play it
    assert m.totals()[a] == 94 and m.totals()[b] == m.totals()[d] == 0


def test_rotation_after_a_loss_the_undercut_knocker_deals_next() -> None:
    m = new(3)
    d, (a, b) = m.dealer, m.table.players
    m.table.hand = hand_state("AS 2S 3S 4H 5H 6H 8C 8D 8S TC KC", "9C 9D 9H JD QD KD TD 2H AD 3C", turn=0)
    m.apply(a, knock(parse_card("KC")))  # a knocks with 10, b has 6: undercut
    record = m.history[-1]
    assert (record.outcome, record.knocker, record.winner, record.loser) == (Outcome.UNDERCUT, a, b, a)
    assert m.dealer == a and set(m.table.players) == {b, d}


def test_rotation_after_a_draw_the_same_two_play_with_the_same_dealer() -> None:
    m = new(4)
    d, players = m.dealer, m.table.players
    m.table.hand = hand_state(
        "AS 3S 5S 7H 9H JC KD 2C 4D 6D", "2S 4S 6S 8H TH QC AD 3C 5D 7D", stock=3, phase=Phase.DRAW
    )
    m.apply(players[0], DRAW_STOCK)
    events = m.apply(players[0], discard(parse_card("KD")))
    assert [e.kind for e in events][-2:] == [EventKind.HAND_DRAWN, EventKind.DEALT]
    assert m.history[-1].outcome is Outcome.DRAW and m.history[-1].winner is None
    assert m.dealer == d and m.table.players == players and m.deal_number == 2


def test_each_keeps_his_own_total_and_the_first_to_the_target_wins() -> None:
    m = new(5)
    first = m.table.players[0]
    win(m, first)
    second_hand = m.table.players
    other = next(s for s in second_hand if s != first)
    win(m, other)  # the previous dealer wins this one
    assert m.totals()[first] == 94 and m.totals()[other] == 94
    win(m, next(s for s in m.table.players if s in (first, other)))
    assert m.finished
    w = m.winner
    assert w is not None
    game = m.game
    assert game.line_bonus[w] == 50 and not game.shutout  # someone else won a hand: no shutout
    assert m.totals()[w] == 188 + 50 + 100
    summary = m.summary()
    assert summary is not None and summary.winner == w and len(summary.totals) == 3
    assert summary.hands_won[w] == 2 and sum(summary.hands_won) == 3
    assert m.public_view().standings[0] == w


def test_shutout_only_if_neither_other_player_won_a_hand() -> None:
    m = new(6)
    w = m.table.players[0]
    win(m, w)
    while not m.finished:
        assert w in m.table.players  # the winner keeps playing
        win(m, w)
    game = m.game
    assert game.shutout and game.totals[w] == 2 * game.scores[w] + 25 * game.hands_won[w] + 100


def test_fixed_number_of_hands_for_three() -> None:
    m = game_type("gin").new(game_type("gin").make_rules("standard", None, "length=hands:2"), 8, 3)
    assert isinstance(m, ThreeMatch)
    a = m.table.players[0]
    m.table.hand = hand_state("AS 2S 3S 4H 5H 6H 8C 8D 8S 2C KC", "9C 9D 9H JD QD KD 2H 2D 3D 5D", turn=0)
    m.apply(a, knock(parse_card("KC")))  # +10
    b = m.table.players[0]
    m.table.hand = hand_state("AS 2S 3S 4H 5H 6H 8C 8D 8S 2C KC", "9C 9D 9H JD QD KD 2H 2D 3D 4C", turn=0)
    m.apply(b, knock(parse_card("KC")))  # +9
    assert m.finished and m.winner == a and m.totals()[a] == 10 + 25 + 100


def test_resign_gives_the_match_to_the_best_of_the_other_two() -> None:
    m = new(9)
    a = m.table.players[0]
    win(m, a)
    loser = next(s for s in range(3) if s != a)
    m.apply(loser, RESIGN)
    summary = m.summary()
    assert m.finished and m.winner == a and summary is not None and summary.resigned_by == loser


def test_views_and_json() -> None:
    m = new(10)
    a, b = m.table.players
    view = m.seat_view(a)
    assert set(view.hand) == set(m.table.hand.hands[0]) and view.legal and view.gin_view is not None
    assert view.gin_view.seat == 0 and view.gin_view.legal == view.legal
    assert m.seat_view(b).legal == () and m.seat_view(b).gin_view is not None
    data = json.loads(json.dumps(m.to_dict()))
    assert data["game"] == "gin" and data["format"] == 1 and data["seats"] == 3
    assert game_type("gin").load(data).to_dict() == m.to_dict()
    with pytest.raises(ValueError, match="unsupported match format"):
        ThreeMatch.from_dict({**data, "format": 7})
