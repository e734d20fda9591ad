"""/gin stats names each game's own counters in its words and order, with the numbers the store keeps."""

from __future__ import annotations

from bot.store import PlayerStats
from bot.tables.reads import in_game_order
from cogs.gin import server_messages


def _stats(family: str, counts: tuple[tuple[str, int], ...]) -> PlayerStats:
    return PlayerStats(1, 10, "Ann", 1516, 3, 1, 14, 410, 260, 90, 2, 1, 0, family, counts)


def test_two_player_gin_reads_as_before_with_a_counter_never_counted_as_zero() -> None:
    stored = _stats("gin:2", (("undercuts", 2),))  # the store has no row for a zero
    text = server_messages.stats_text(in_game_order(stored))
    assert "Hands won 14 · gins 0 · undercuts 2" in text.splitlines()
    assert "Matches: 3 won, 1 lost · streak 2 wins" in text


def test_each_game_shows_its_own_counters_only() -> None:
    rummy = server_messages.stats_text(in_game_order(_stats("rummy:4", (("rummies", 5),))), "Rummy, 4 players")
    assert "Hands won 14 · rummies 5" in rummy.splitlines()
    knockout = server_messages.stats_text(in_game_order(_stats("knockout:3", (("gins", 1),))))
    assert "Hands won 14 · gins 1" in knockout.splitlines()
    assert "Hands won 14" in server_messages.stats_text(in_game_order(_stats("colonel:2", ()))).splitlines()
    # a counter the game does not list (any more) is still shown, after the game's own
    odd = in_game_order(_stats("gin:3", (("streaks", 7), ("gins", 2))))
    assert odd.counts == (("gins", 2), ("undercuts", 0), ("streaks", 7))
