"""RULES.md section 4 worked examples, lay-offs, and the variants' differences."""

import pytest

from bot.engine import parse_card, parse_cards
from bot.engine.knock import IllegalKnock, Outcome, preset, score_knock

STANDARD = preset("standard")
# Knocker's melds used below: A-2-3♠, 4-5-6♥, 8♣ 8♦ 8♠ (lay-off spots: 4♠, 3♥, 7♥, 8♥).
KNOCKER_MELDS = "AS 2S 3S 4H 5H 6H 8C 8D 8S"


def score(knocker: str, defender: str, rules=STANDARD, upcard=None):
    return score_knock(
        parse_cards(knocker), parse_cards(defender), rules, upcard=parse_card(upcard) if upcard else None
    )


def test_gin_defender_21():
    r = score(KNOCKER_MELDS + " 8H", "9C 9D 9H JD QD KD 2D 4C 5S KS")
    assert (r.outcome, r.scorer, r.points) == (Outcome.GIN, "knocker", 46)
    assert r.defender_deadwood_points == 21 and r.defender_layoffs == ()


def test_gin_allows_no_layoffs():
    # 4♠ would fit A-2-3♠, but nothing is laid off against gin.
    r = score(KNOCKER_MELDS + " 8H", "9C 9D 9H JD QD KD 4S 4C 5C KS")
    assert r.points == 25 + 4 + 4 + 5 + 10


def test_knock_3_defender_12():
    r = score(KNOCKER_MELDS + " 3C", "9C 9D 9H JD QD KD 2C 2D 3D 5S")
    assert (r.outcome, r.scorer, r.points) == (Outcome.KNOCK, "knocker", 9)
    assert r.knocker_deadwood_points == 3 and r.defender_deadwood_points == 12


def test_knock_10_defender_10_is_undercut():
    r = score(KNOCKER_MELDS + " TC", "9C 9D 9H JD QD KD 2C 2D 3D 3C")
    assert (r.outcome, r.scorer, r.points) == (Outcome.UNDERCUT, "defender", 25)


def test_knock_10_defender_6():
    r = score(KNOCKER_MELDS + " TC", "9C 9D 9H JD QD KD AC 2D 2C AH")
    assert r.defender_deadwood_points == 6
    assert (r.outcome, r.scorer, r.points) == (Outcome.UNDERCUT, "defender", 29)


def test_knock_8_defender_10_after_layoffs():
    # Defender's 4♠ extends A-2-3♠ and 7♥ extends 4-5-6♥: 20 before laying off, 10 after.
    r = score("AS 2S 3S 4H 5H 6H 9C 9D 9S 8H", "JC JD JH 2D 3D 4D 4S 7H 3C 7C")
    assert r.knocker_deadwood_points == 8
    assert {str(c) for c, _ in r.defender_layoffs} == {"4S", "7H"}
    assert r.defender_deadwood_points == 10
    assert (r.outcome, r.scorer, r.points) == (Outcome.KNOCK, "knocker", 2)


def test_layoffs_chain_on_a_run():
    # 5-6-7♠ laid; the defender lays off 8♠ and then 9♠ onto it.
    r = score("5S 6S 7S 2H 2D 2C TH JH QH AC", "8S 9S KC KD 4C 4D 6C 6D 3H 3D")
    assert {str(c) for c, _ in r.defender_layoffs} == {"8S", "9S"}
    run_index = next(i for i, m in enumerate(r.knocker_melds) if "5S" in map(str, m))
    assert all(i == run_index for c, i in r.defender_layoffs)
    assert r.defender_deadwood_points == 10 + 10 + 4 + 4 + 6 + 6 + 3 + 3


def test_fourth_card_of_a_set_is_laid_off():
    r = score("2H 2D 2C 5S 6S 7S TH JH QH AC", "2S KC KD 4C 4D 6C 6D 3H 3D 9D")
    assert [str(c) for c, _ in r.defender_layoffs] == ["2S"]


def test_defender_melds_and_layoffs_chosen_together():
    # Melding all four 7s strands 8♥ (8). Melding 7♣ 7♦ 7♠ instead frees 7♥ to go on
    # 4-5-6♥, and 8♥ follows it: the defender's melds and lay-offs are chosen together.
    r = score("AS 2S 3S 4H 5H 6H TC TD TS AC", "7H 7C 7D 7S 8H KS QC JD 2C 2D")
    assert {str(c) for c, _ in r.defender_layoffs} == {"7H", "8H"}
    assert [sorted(map(str, m)) for m in r.defender_melds] == [["7C", "7D", "7S"]]
    assert r.defender_deadwood_points == 30 + 4


def test_knocker_arrangement_avoids_layoffs():
    # 9♥ fits the run 6-9♥ or the set of 9s; deadwood is 6 either way. Shown in the run,
    # the defender's T♥ would lay off on it, so the engine puts 9♥ in the set.
    r = score("6H 7H 8H 9H 9C 9D 9S AS 2S 3C", "TH JC JD JS 2D 3D 4D KC KD 5C")
    assert r.knocker_deadwood_points == 6
    assert r.defender_layoffs == ()
    assert sorted(map(str, next(m for m in r.knocker_melds if len({c.rank for c in m}) == 1))) == [
        "9C",
        "9D",
        "9H",
        "9S",
    ]
    assert (r.scorer, r.points) == ("knocker", 35 - 6)


def test_undercut_on_tie_without_bonus():
    rules = preset("standard", undercut_bonus_on_tie=False)
    r = score(KNOCKER_MELDS + " TC", "9C 9D 9H JD QD KD 2C 2D 3D 3C", rules)
    assert (r.outcome, r.scorer, r.points) == (Outcome.UNDERCUT, None, 0)


def test_undercut_bonus_value_is_a_field():
    r = score(KNOCKER_MELDS + " TC", "9C 9D 9H JD QD KD AC 2D 2C AH", preset("standard", undercut_bonus=10))
    assert r.points == 14


def test_knock_over_the_limit_refused():
    with pytest.raises(IllegalKnock, match="deadwood 10 is over the knock limit 5"):
        score(KNOCKER_MELDS + " TC", "9C 9D 9H JD QD KD AC 2D 2C AH", preset("standard", knock_limit=5))


def test_big_gin():
    r = score("AS 2S 3S 4S 5S 7H 7D 7C JC QC KC", "9C 9D 9H JD QD KD 2D 4C 6S KS")
    assert (r.outcome, r.points) == (Outcome.BIG_GIN, 31 + 22)


def test_big_gin_off():
    with pytest.raises(IllegalKnock):
        score("AS 2S 3S 4S 5S 7H 7D 7C JC QC KC", "9C 9D 9H JD QD KD 2D 4C 6S KS", preset("standard", big_gin=False))


# -- variants ---------------------------------------------------------------------------------

OKLAHOMA = preset("oklahoma")


def test_oklahoma_limit_is_the_upcard_and_spade_doubles():
    knocker, defender = KNOCKER_MELDS + " 5C", "9C 9D 9H JD QD KD 2C 2D 3D 5D"
    plain = score(knocker, defender, OKLAHOMA, upcard="7H")
    spade = score(knocker, defender, OKLAHOMA, upcard="7S")
    assert plain.knock_limit == 7 and plain.points == 12 - 5
    assert spade.multiplier == 2 and spade.points == 2 * (12 - 5)
    with pytest.raises(IllegalKnock, match="over the knock limit 4"):
        score(knocker, defender, OKLAHOMA, upcard="4H")


def test_oklahoma_face_card_upcard_is_ten():
    r = score(KNOCKER_MELDS + " TC", "9C 9D 9H JD QD KD 2C 2D 3D JS", OKLAHOMA, upcard="QH")
    assert r.knock_limit == 10 and r.points == 17 - 10


def test_oklahoma_ace_upcard_means_gin_only():
    with pytest.raises(IllegalKnock):
        score(KNOCKER_MELDS + " AC", "9C 9D 9H JD QD KD 2C 2D 3D 5D", OKLAHOMA, upcard="AH")
    r = score(KNOCKER_MELDS + " 8H", "9C 9D 9H JD QD KD 2D 4C 5S KS", OKLAHOMA, upcard="AS")
    assert r.outcome is Outcome.GIN and r.points == 2 * 46


def test_straight_gin_refuses_a_knock():
    with pytest.raises(IllegalKnock):
        score(KNOCKER_MELDS + " AC", "9C 9D 9H JD QD KD 2C 2D 3D 5D", preset("straight"))
    assert score(KNOCKER_MELDS + " 8H", "9C 9D 9H JD QD KD 2D 4C 5S KS", preset("straight")).points == 46


def test_a_card_fitting_two_melds_is_laid_off_once():
    # 8♠ extends 5-6-7♠ and completes the set of 8s; it goes on the run, so 9♠ follows it.
    r = score("5S 6S 7S 8H 8D 8C 2H 2D 3C AC", "8S 9S KC KD QC QD 4C 4D JH TH")
    laid = [str(c) for c, _ in r.defender_layoffs]
    assert laid == ["8S", "9S"]
    run = next(i for i, meld in enumerate(r.knocker_melds) if parse_card("7S") in meld)
    assert {i for _, i in r.defender_layoffs} == {run}


def test_a_gap_between_two_runs_is_laid_off_once():
    r = score("2S 3S 4S 7S 8S 9S 9H 9D 9C AC", "5S 6S KC KD QC QD JC JD 4H 4D")
    assert sorted(str(c) for c, _ in r.defender_layoffs) == ["5S", "6S"]
