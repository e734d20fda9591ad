"""Two-player scoring options: the shutout rules, knock scoring, the stock-out, the 11-card deal,
match lengths (a fixed number of hands, a series) and Sequence Gin (docs/rules.md#table-options)."""

from __future__ import annotations

import json

import pytest

from bot.engine import best_arrangement, parse_card, parse_cards
from bot.engine.gin import Match, make_rules
from bot.engine.knock import (
    DRAW_DISCARD,
    DRAW_STOCK,
    PASS,
    TAKE,
    ActionKind,
    EventKind,
    Outcome,
    Phase,
    Ruleset,
    discard,
    gin,
    knock,
    preset,
    score_knock,
)

from .rig import hand_state, rig

GIN_HAND = "AS 2S 3S 4H 5H 6H 8C 8D 8S 8H KC"  # gin after discarding K♣
LOSER = "2D 4C 5S KS 9D 7C 3H QC 9H JS"  # 69 deadwood: a gin against it scores 94


def gin_for(m: Match, seat: int, defender: str = LOSER) -> None:
    rig(m, seat, GIN_HAND, defender)
    m.apply(seat, gin(parse_card("KC")))


# -- the shutout rules ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "total", "extra"),
    [
        ("double", 2 * 188 + 50 + 100, 188),  # the default: hand points doubled, then line and game bonus
        ("total", (188 + 50 + 100) * 2, 338),  # the old default: the whole total doubled
        ("game200", 188 + 50 + 200, 100),  # seed 003: a game bonus of 200
        ("plus100", 188 + 50 + 100 + 100, 100),  # seed 004: an extra 100
        ("none", 188 + 50 + 100, 0),
    ],
)
def test_each_shutout_rule(rule: str, total: int, extra: int) -> None:
    m = Match.new(make_rules("standard", None, f"shutout={rule}"), 12)
    gin_for(m, 0)
    gin_for(m, 0)
    game = m.games[0]
    assert m.finished and game.scores == [188, 0]
    assert game.totals == [total, 0] and game.shutout_points == extra
    assert game.shutout is (rule != "none")
    assert game.game_bonus == (200 if rule == "game200" else 100)


def test_no_shutout_once_the_loser_won_a_hand() -> None:
    m = Match.new(preset("standard", shutout="plus100"), 13)
    rig(m, 1, "AS 2S 3S 4H 5H 6H 8C 8D 8S 2C KC", "9C 9D 9H JD QD KD 2H 2D 3D 5D")
    m.apply(1, knock(parse_card("KC")))  # seat 1 wins a hand: +10
    gin_for(m, 0)
    gin_for(m, 0)
    game = m.games[0]
    assert not game.shutout and game.shutout_points == 0 and game.totals == [188 + 50 + 100, 10 + 25]


def test_a_match_saved_with_the_old_shutout_field_keeps_its_rule() -> None:
    old = {k: v for k, v in Ruleset().to_dict().items() if k not in ("shutout",)}
    assert Ruleset.from_dict({**old, "shutout_double": True}).shutout == "total"
    assert Ruleset.from_dict({**old, "shutout_double": False}).shutout == "none"
    assert Ruleset().shutout == "double" and Ruleset().shutout_double


# -- knock scoring ----------------------------------------------------------------------------

KNOCKER = "AS 2S 3S 4H 5H 6H 8C 8D 8S 2C"  # 2 deadwood
DEFENDER = "9C 9D 9H JD QD KD 2H 2D 3D 5D"  # 12 deadwood, nothing to lay off


def test_a_knock_scores_the_difference_or_the_whole_deadwood() -> None:
    cards_k, cards_d = parse_cards(KNOCKER), parse_cards(DEFENDER)
    assert score_knock(cards_k, cards_d, preset("standard")).points == 10
    whole = score_knock(cards_k, cards_d, preset("standard", knock_scoring="whole"))
    assert whole.outcome is Outcome.KNOCK and whole.points == 12


def test_whole_deadwood_scoring_leaves_the_undercut_alone() -> None:
    k, d = parse_cards("AS 2S 3S 4H 5H 6H 8C 8D 8S TC"), parse_cards("9C 9D 9H JD QD KD TD 2H AD 3C")
    for rules in (preset("standard"), preset("standard", knock_scoring="whole")):
        r = score_knock(k, d, rules)
        assert (r.outcome, r.scorer, r.points) == (Outcome.UNDERCUT, "defender", 25 + 10 - 6)


# -- when the stock is down to 2 cards ----------------------------------------------------------


def stock_out(rules: Ruleset, first: str, second: str) -> Match:
    """Seat 0 draws the stock's third-last card (K♣) and throws it: 2 cards are left."""
    m = Match.new(rules, 8)
    m.hand = hand_state(first, second, stock="7D 4S KC", phase=Phase.DRAW)
    m.apply(0, DRAW_STOCK)
    m.apply(0, discard(parse_card("KC")))
    return m


def test_stock_out_is_a_drawn_hand_by_default() -> None:
    m = stock_out(preset("standard"), KNOCKER, DEFENDER)
    assert m.history[-1].outcome is Outcome.DRAW and m.totals() == (0, 0)


def test_stock_out_lower_deadwood_scores_the_difference() -> None:
    m = stock_out(preset("standard", stock_out="lower"), KNOCKER, DEFENDER)
    record = m.history[-1]
    assert (record.outcome, record.winner, record.knocker, record.points) == (Outcome.LOW, 0, None, 10)
    assert record.result is not None and record.result.defender_layoffs == ()  # nobody knocked: no lay-offs
    assert m.totals() == (10, 0) and m.dealer != record.dealer  # a scored hand: the deal passes
    m2 = stock_out(preset("standard", stock_out="lower"), DEFENDER, KNOCKER)
    assert m2.history[-1].winner == 1 and m2.totals() == (0, 10)


def test_stock_out_with_equal_deadwood_is_drawn() -> None:
    m = stock_out(
        preset("standard", stock_out="lower"), "AS 2S 3S 4H 5H 6H 8C 8D 8S 5C", "9C 9D 9H JD QD KD TD 2H 2C AD"
    )  # 5 and 5
    assert m.history[-1].outcome is Outcome.DRAW and m.dealer == m.history[-1].dealer


# -- the 11-card deal -----------------------------------------------------------------------------


def test_eleven_card_deal_has_no_upcard_and_the_non_dealer_starts_the_pile() -> None:
    m = Match.new(preset("standard", deal=11), 4)
    first = 1 - m.dealer
    assert [len(h) for h in m.hand.hands][first] == 11 and len(m.hand.hands[m.dealer]) == 10
    assert m.hand.discards == [] and m.hand.upcard is None and len(m.hand.stock) == 31
    legal = m.legal_actions(first)
    assert TAKE not in legal and PASS not in legal and all(a.kind is not ActionKind.DRAW_STOCK for a in legal)
    view = m.public_view()
    assert view.discard_top is None and view.turn == first and view.phase is Phase.DISCARD
    card = m.hand.hands[first][0]
    m.apply(first, discard(card))
    assert m.hand.discards == [card] and m.legal_actions(m.dealer) == [DRAW_STOCK, DRAW_DISCARD]
    again = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    assert again.to_dict() == m.to_dict()


def test_eleven_card_deal_refuses_oklahoma() -> None:
    with pytest.raises(ValueError, match="no upcard"):
        make_rules("oklahoma", None, "deal=11")


# -- a fixed number of hands ------------------------------------------------------------------------


def knock_for(m: Match, seat: int) -> None:  # +10
    rig(m, seat, "AS 2S 3S 4H 5H 6H 8C 8D 8S 2C KC", DEFENDER)
    m.apply(seat, knock(parse_card("KC")))


def draw_hand(m: Match) -> None:
    m.hand = hand_state(
        "AS 3S 5S 7H 9H JC KD 2C 4D 6D", "2S 4S 6S 8H TH QC AD 3C 5D 7D", turn=m.hand.turn, stock=3, phase=Phase.DRAW
    )
    seat = m.hand.turn
    m.apply(seat, DRAW_STOCK)
    drawn = m.hand.drawn
    assert drawn is not None
    m.apply(seat, discard(drawn))


def test_fixed_number_of_hands_the_higher_total_wins_drawn_hands_count() -> None:
    m = Match.new(make_rules("standard", None, "length=hands:3"), 20)
    knock_for(m, 0)
    gin_for(m, 1)  # 94: far over 100 is not reached, and the target does not end this match
    assert not m.finished
    draw_hand(m)
    assert m.finished and m.winner == 1 and len(m.history) == 3
    game = m.games[0]
    assert game.scores == [10, 94] and game.totals == [10 + 25, 94 + 25 + 100]


def test_fixed_number_of_hands_ignores_the_target_and_a_tie_plays_on() -> None:
    m = Match.new(make_rules("standard", 20, "length=hands:2"), 21)
    knock_for(m, 0)  # 10 of a target of 20...
    knock_for(m, 1)
    assert not m.finished and m.games[0].scores == [10, 10]  # a tie after 2 hands: one more
    gin_for(m, 0)
    assert m.finished and m.winner == 0 and len(m.history) == 3


# -- a series ---------------------------------------------------------------------------------------


def test_series_games_to_100_added_up_to_500_with_its_bonuses() -> None:
    m = Match.new(make_rules("standard", None, "length=series"), 22)
    hands = 0
    while not m.finished:
        gin_for(m, 0)
        hands += 1
        assert hands < 20
    assert [g.scores for g in m.games] == [[188, 0]] * 3  # 213, 426, 639: the third game ends the series
    assert all(g.finished and g.winner == 0 and g.totals == g.scores and not g.line_bonus[0] for g in m.games)
    assert m.series_bonus == [200, 0]  # 100 to the winner, 100 more: the loser won no game
    assert m.totals() == (3 * 188 + 3 * 25 + 200, 0)


def test_series_loser_who_won_a_game_denies_the_extra_100() -> None:
    m = Match.new(make_rules("standard", None, "length=series"), 23)
    gin_for(m, 1)
    gin_for(m, 1)  # seat 1 wins game 1
    while not m.finished:
        gin_for(m, 0)
    assert m.winner == 0 and m.series_bonus == [100, 0]
    games_won = [sum(1 for g in m.games if g.winner == s) for s in (0, 1)]
    assert m.totals()[1] == 188 + 25 * games_won[1]
    ended = [e.kind for e in m.last_events]
    assert EventKind.MATCH_ENDED in ended


def test_series_target_and_refusals() -> None:
    assert make_rules("standard", 250, "length=series:1000").series_target == 1000
    with pytest.raises(ValueError, match="Hollywood"):
        make_rules("hollywood", None, "length=series")


# -- Sequence Gin -----------------------------------------------------------------------------------


def test_sequence_melds_only_runs() -> None:
    cards = parse_cards("7S 7H 7D 2C 3C 4C")
    assert best_arrangement(cards).deadwood_points == 0
    assert best_arrangement(cards, runs_only=True).deadwood_points == 21
    m = Match.new(preset("sequence"), 3)
    rig(m, 0, "7S 7H 7D 8S 8H 8D AC 2C 3C 4D KC", "9C 9D 9H JD QD KD 2H 2D 3D 5D")
    assert not any(a.kind in (ActionKind.KNOCK, ActionKind.GIN) for a in m.legal_actions(0))


def test_sequence_bonus_for_long_runs_and_face_cards_goes_on_the_hand_score() -> None:
    knocker = parse_cards("3H 4H 5H 6H 7H 8H JS QS KS 2C")  # a run of 6 (+6), J Q K in a run (+3), 2 deadwood
    defender = parse_cards("AC 4C 7C TC 3D 5D 7D JD 2S 5S")  # 54, no run, nothing to lay off
    plain = score_knock(knocker, defender, preset("standard"))
    seq = score_knock(knocker, defender, preset("standard", sequence=True))
    assert plain.points == 52 and plain.bonus == 0
    assert (seq.outcome, seq.bonus, seq.points) == (Outcome.KNOCK, 9, 52 + 9)
    # Sequence Gin's own rules: the knock scores the defender's whole deadwood, plus the bonus
    whole = score_knock(knocker, defender, preset("sequence"), upcard=parse_card("5C"))
    assert (whole.outcome, whole.bonus, whole.points) == (Outcome.KNOCK, 9, 54 + 9)


def test_sequence_bonus_counts_neither_for_knocking_nor_for_the_undercut() -> None:
    knocker = parse_cards("3H 4H 5H 6H 7H 8H JS QS KS 8C")  # 8 deadwood, a bonus of 9 it does not get
    defender = parse_cards("TC JC QC KC 2D 3D 4D 5D AS 5C")  # 6 deadwood, runs with J Q K (+3)
    r = score_knock(knocker, defender, preset("standard", sequence=True))
    assert (r.outcome, r.scorer, r.bonus, r.points) == (Outcome.UNDERCUT, "defender", 3, 25 + 2 + 3)
    # Sequence Gin's own rules: an under-knock scores 20 + the difference
    r = score_knock(knocker, defender, preset("sequence"), upcard=parse_card("9D"))
    assert (r.outcome, r.scorer, r.bonus, r.points) == (Outcome.UNDERCUT, "defender", 3, 20 + 2 + 3)
    m = Match.new(preset("sequence"), 5)
    # a run of 8 with J Q (a bonus of 10) and 12 deadwood after the best discard: no knock
    rig(m, 0, "5H 6H 7H 8H 9H TH JH QH 7C 5D KD", "TC JC QC KC 2D 3D 4D 6D AS 5C", upcard="KS")
    assert not any(a.kind in (ActionKind.KNOCK, ActionKind.GIN) for a in m.legal_actions(0))


def test_sequence_gin_follows_the_sources_oklahoma_rules() -> None:
    rules = preset("sequence")
    # the knock limit is the first upcard's value, an ace 1; a spade upcard doubles nothing
    assert [rules.hand_knock_limit(parse_card(c)) for c in ("AS", "7D", "KH")] == [1, 7, 10]
    assert rules.hand_multiplier(parse_card("7S")) == 1
    assert preset("oklahoma").hand_knock_limit(parse_card("AS")) == 0  # Oklahoma itself: an ace is gin only
    # gin: 20 + the opponent's whole deadwood (and the scorer's run bonus)
    ginned = parse_cards("3H 4H 5H 6H 7H 8H 9C TC JC QC")  # a run of 6 (+6), J Q in a run (+2)
    defender = parse_cards("AC 4C 7S TS 3D 5D 7D JD 2S 5S")  # 54
    g = score_knock(ginned, defender, rules, upcard=parse_card("5C"))
    assert (g.outcome, g.points) == (Outcome.GIN, 20 + 54 + 8)
    m = Match.new(rules, 5)
    rig(m, 0, "3H 4H 5H 6H 7H 8H 9C TC JC 2D 5S", "AC 4C 7S TS 3D 5D 7D JD 2S KS", upcard="2C")
    assert knock(parse_card("5S")) in m.legal_actions(0)  # 2 deadwood under a 2 upcard
    rig(m, 0, "3H 4H 5H 6H 7H 8H 9C TC JC 2D 5S", "AC 4C 7S TS 3D 5D 7D JD 2S KS", upcard="AD")
    assert not any(a.kind is ActionKind.KNOCK for a in m.legal_actions(0))  # an ace: 1


def test_gin_is_compulsory_a_discard_leaving_no_deadwood_ends_the_hand_as_gin() -> None:
    m = Match.new(preset("standard"), 3)
    rig(m, 0, "3H 4H 5H 6H 7H 8H 9C TC JC QC KD", "AC 4C 7S TS 3D 5D 7D JD 2S KS")
    legal = m.legal_actions(0)
    assert gin(parse_card("KD")) in legal and discard(parse_card("KD")) not in legal
    assert discard(parse_card("3H")) in legal  # a discard that leaves deadwood is still a discard
    events = m.apply(0, discard(parse_card("KD")))
    assert m.history[-1].outcome is Outcome.GIN and m.history[-1].knocker == 0
    assert EventKind.DISCARDED not in [e.kind for e in events]
    # a match saved before gin was compulsory keeps its rules, so its move log replays as it was played
    saved = Match.new(preset("standard"), 3).to_dict()
    del saved["rules"]["gin_compulsory"]
    old = Match.from_dict(json.loads(json.dumps(saved)))
    rig(old, 0, "3H 4H 5H 6H 7H 8H 9C TC JC QC KD", "AC 4C 7S TS 3D 5D 7D JD 2S KS")
    assert discard(parse_card("KD")) in old.legal_actions(0)
    old.apply(0, discard(parse_card("KD")))
    assert not old.history and old.hand.phase is Phase.DRAW


def test_sequence_plays_whole_matches_and_round_trips() -> None:
    m = Match.new(preset("sequence+hollywood", target=30), 9)
    assert m.rules.sequence and m.rules.hollywood
    again = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    assert again.rules == m.rules


def test_a_match_saved_before_these_options_loads_with_its_old_rules() -> None:
    m = Match.new(preset("standard"), 30)
    gin_for(m, 0)
    data = json.loads(json.dumps(m.to_dict()))
    old_fields = {
        "name",
        "knock_limit",
        "gin_bonus",
        "big_gin",
        "big_gin_bonus",
        "undercut_bonus",
        "undercut_bonus_on_tie",
        "oklahoma_spade_double",
        "straight",
        "hollywood",
        "target",
        "game_bonus",
        "line_bonus",
    }
    data["rules"] = {**{k: v for k, v in data["rules"].items() if k in old_fields}, "shutout_double": True}
    del data["series_bonus"]
    for g in data["games"]:
        del g["shutout_points"]
    for r in data["history"]:
        del r["result"]["bonus"]
    old = Match.from_dict(data)
    assert old.rules.shutout == "total" and old.totals() == m.totals() and old.history == m.history
