"""The rules in short (Ruleset.summary) say only what can happen under the ruleset."""

from bot.engine import preset


def test_straight_gin_summary_has_no_undercut():
    lines = preset("straight").summary()
    assert any("no knocking" in line for line in lines)
    assert not any("Undercut" in line for line in lines)
    assert any(line.startswith("Undercut: the defender scores 25") for line in preset("standard").summary())
