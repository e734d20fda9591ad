"""Four players in two partnerships (docs/rules.md#four-players-in-partnerships)."""

from __future__ import annotations

import json

import pytest

from bot.engine import IllegalAction, game_type, parse_card
from bot.engine.gin import TeamMatch, pairings, team_of
from bot.engine.knock import DRAW_STOCK, RESIGN, EventKind, Phase, discard, gin, knock

from .rig import hand_state

GIN_HAND = "AS 2S 3S 4H 5H 6H 8C 8D 8S 8H KC"
LOSER = "2D 4C 5S KS 9D 7C 3H QC 9H JS"  # a gin against it scores 94
SMALL = "9C 9D 9H JD QD KD TD 2H AD 3C"  # a gin against it scores 25 + 6 = 31


def new(seed: int = 1, options: str = "", target: int | None = None) -> TeamMatch:
    gt = game_type("gin")
    state = gt.new(gt.make_rules("standard", target, options), seed, 4)
    assert isinstance(state, TeamMatch)
    return state


def seat_of_team(m: TeamMatch, table: int, team: int) -> int:
    return next(s for s in m.tables[table].players if team_of(s) == team)


def gin_at(m: TeamMatch, table: int, team: int, defender: str = LOSER) -> None:
    seat = seat_of_team(m, table, team)
    duel = m.tables[table]
    local = duel.local(seat)
    duel.hand = hand_state(*([GIN_HAND, defender] if local == 0 else [defender, GIN_HAND]), turn=local)
    m.apply(seat, gin(parse_card("KC")))


def draw_at(m: TeamMatch, table: int) -> None:
    duel = m.tables[table]
    duel.hand = hand_state("AS 3S 5S 7H 9H JC KD 2C 4D 6D", "2S 4S 6S 8H TH QC AD 3C 5D 7D", stock=3, phase=Phase.DRAW)
    seat = duel.players[0]
    m.apply(seat, DRAW_STOCK)
    m.apply(seat, discard(parse_card("KD")))


def test_partners_sit_opposite_and_the_pairings_swap_every_hand() -> None:
    m = new(3)
    assert pairings(1) == ((0, 1), (2, 3)) and pairings(2) == ((0, 3), (2, 1))
    assert {frozenset(t.players) for t in m.tables} == {frozenset((0, 1)), frozenset((2, 3))}
    assert m.to_act == tuple(t.players[0] for t in m.tables) and m.turn == m.to_act[0]
    dealing = m.dealing_team
    assert all(team_of(t.dealer) == dealing and t.players[1] == t.dealer for t in m.tables)
    gin_at(m, 0, 0, SMALL)
    gin_at(m, 1, 0, SMALL)
    assert {frozenset(t.players) for t in m.tables} == {frozenset((0, 3)), frozenset((2, 1))}
    assert m.dealing_team == 1 - dealing


def test_both_games_to_one_team_score_the_sum() -> None:
    m = new(4, "length=target:500")
    gin_at(m, 0, 1)
    assert not m.history and m.to_act == (m.tables[1].players[0],)  # one table waits for the other
    gin_at(m, 1, 1, SMALL)
    record = m.history[-1]
    assert (record.outcome, record.team_points, record.winner, record.points) == ("sum", (0, 94 + 31), 1, 125)
    assert m.team_totals() == (0, 125) and m.totals() == (0, 125, 0, 125)


def test_a_split_hand_scores_the_difference() -> None:
    m = new(5)
    gin_at(m, 0, 0)  # team 0: 94
    gin_at(m, 1, 1, SMALL)  # team 1: 31
    record = m.history[-1]
    assert (record.outcome, record.team_points, record.winner) == ("difference", (63, 0), 0)
    assert m.team_totals() == (63, 0)


def test_a_drawn_game_scores_nothing() -> None:
    m = new(6)
    draw_at(m, 0)
    gin_at(m, 1, 1, SMALL)
    assert m.history[-1].team_points == (0, 31) and m.history[-1].outcome == "sum"
    m2 = new(6)
    draw_at(m2, 0)
    draw_at(m2, 1)
    assert m2.history[-1].outcome == "draw" and m2.history[-1].winner is None and m2.team_totals() == (0, 0)


def test_separate_scoring_keeps_each_teams_points() -> None:
    m = new(7, "teams=separate")
    gin_at(m, 0, 0)
    gin_at(m, 1, 1, SMALL)
    assert m.history[-1].team_points == (94, 31) and m.history[-1].outcome == "separate"
    assert m.team_totals() == (94, 31)


def test_team_target_125_line_and_shutout_bonuses_go_to_teams() -> None:
    m = new(8)
    assert m.rules.target == 125
    gin_at(m, 0, 0)
    gin_at(m, 1, 0)  # 188: over 125
    assert m.finished and m.winner == 0
    game = m.game
    assert game.scores == [188, 0] and game.shutout and game.line_bonus == [25, 0]
    assert m.team_totals() == (2 * 188 + 25 + 100, 0)
    summary = m.summary()
    assert summary is not None and summary.winner == 0 and summary.loser == 1
    assert summary.totals == (501, 0, 501, 0) and summary.hands_won == (1, 0, 1, 0)
    assert m.public_view().team_totals == (501, 0)


def test_the_options_target_is_the_team_target() -> None:
    assert new(9).rules.target == 125  # no target given: the partnerships' own 125
    assert new(9, target=300).rules.target == 300  # a target given (/gin challenge target, --target) is theirs
    assert new(9, "length=target:300").rules.target == 300


def test_a_finished_table_waits_for_the_other() -> None:
    m = new(10)
    scorer = seat_of_team(m, 0, 0)
    gin_at(m, 0, 0)
    waiting = m.tables[0].players
    for seat in waiting:
        assert m.legal_actions(seat) == [] and m.seat_view(seat).gin_view is None
        with pytest.raises(IllegalAction, match="wait for the other table"):
            m.apply(seat, DRAW_STOCK)
    view = m.public_view()
    assert view.tables[0].finished and view.tables[0].result is not None and not view.tables[1].finished
    assert [(e.kind, e.seat, e.game) for e in view.last_events][-1] == (EventKind.TABLE_ENDED, scorer, 0)


def test_two_seats_act_at_once_and_each_may_move() -> None:
    m = new(11)
    a, b = m.to_act
    m.apply(b, m.legal_actions(b)[0])
    m.apply(a, m.legal_actions(a)[0])
    assert m.moves == 2


def test_resign_ends_the_match_for_the_team() -> None:
    m = new(12)
    m.apply(2, RESIGN)
    summary = m.summary()
    assert m.finished and m.winner == 1 and summary is not None and summary.resigned_by == 2


def test_fixed_number_of_hands_for_teams() -> None:
    m = new(13, "length=hands:1")
    gin_at(m, 0, 1, SMALL)
    knock_seat = seat_of_team(m, 1, 0)
    duel = m.tables[1]
    local = duel.local(knock_seat)
    hands = ["AS 2S 3S 4H 5H 6H 8C 8D 8S 2C KC", "9C 9D 9H JD QD KD 2H 2D 3D 5D"]
    duel.hand = hand_state(*(hands if local == 0 else hands[::-1]), turn=local)
    m.apply(knock_seat, knock(parse_card("KC")))  # team 0: 10, team 1: 31
    assert m.finished and m.winner == 1 and m.team_totals() == (0, 21 + 25 + 100 + 21)


def test_views_and_json() -> None:
    m = new(14)
    seat = m.to_act[0]
    view = m.seat_view(seat)
    assert view.gin_view is not None and view.gin_view.legal == view.legal and view.table_index == m.table_of(seat)
    partner = (seat + 2) % 4  # at the other table, with its own pack
    assert m.seat_view(partner).table_index != view.table_index
    data = json.loads(json.dumps(m.to_dict()))
    assert data["seats"] == 4 and game_type("gin").load(data).to_dict() == m.to_dict()
