"""The rules in short (Ruleset.summary) say only what can happen under the ruleset."""

from bot.engine.knock import preset


def test_straight_gin_summary_has_no_undercut():
    lines = preset("straight").summary()
    assert any("no knocking" in str(line) for line in lines)
    assert not any("Undercut" in str(line) for line in lines)
    assert any(str(line).startswith("Undercut: the defender scores 25") for line in preset("standard").summary())


def test_summary_follows_the_scoring_options():
    lines = preset("standard").summary()
    assert any("hand points are doubled before the bonuses" in str(line) for line in lines)
    assert any("whole total is doubled" in str(line) for line in preset("standard", shutout="total").summary())
    assert any("game bonus is 200" in str(line) for line in preset("standard", shutout="game200").summary())
    assert any("Sequence gin" in str(line) for line in preset("sequence").summary())
    assert any("whole deadwood" in str(line) for line in preset("standard", knock_scoring="whole").summary())
    assert any("lower deadwood scores" in str(line) for line in preset("standard", stock_out="lower").summary())
    assert any("8 deals" in str(line) for line in preset("standard", length="hands").summary())
    assert any("series" in str(line).lower() for line in preset("standard", length="series").summary())
    assert any("sits out" in str(line) for line in preset("standard").for_players(3))
    assert any("Partners" in str(line) for line in preset("standard").for_players(4))
