"""What seasons say: the champions' announcement, a season's leaderboard and the settings' season
lines, in English and in the pseudo-language (no English word escapes the catalogue), and the
announcement of every game and table size at once fits one Discord message in every language."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.engine import game_names, game_type
from bot.i18n import LANGUAGES, PSEUDO, speaking
from bot.tables import PlayerStats, RatingReset, Season, SeasonLength, SeasonSettings, family_of
from cogs.gin import season_messages
from tests.pseudo_language import GAME_TITLES, english_left

START, END = datetime(2025, 12, 29, tzinfo=UTC), datetime(2026, 1, 5, tzinfo=UTC)


def champion(family: str, user: int = 10, rating: int = 1566) -> PlayerStats:
    return PlayerStats(1, user, "Ann", rating, 7, 2, 0, 410, 260, 0, 0, 1, 0, family)


def season(reset: RatingReset = RatingReset.SOFT) -> Season:
    return Season(1, START, END, SeasonLength.WEEKLY, reset, END, 55, None, None)


def every_family() -> list[str]:
    return [family_of(g, n) for g in game_names() for n in game_type(g).seat_counts]


def test_the_announcement_names_each_champion_and_the_reset() -> None:
    text = season_messages.season_over(season(), [champion("gin:2"), champion("rummy:4", user=11, rating=1612)])
    lines = text.splitlines()
    assert lines[0] == f"🏆 **The season is over** (<t:{int(START.timestamp())}:D> – <t:{int(END.timestamp())}:D>)"
    assert lines[1] == "**Gin Rummy, 2 players**: <@10> is the champion · rating 1,566 (7–2)"
    assert lines[2] == "**Rummy, 4 players**: <@11> is the champion · rating 1,612 (7–2)"
    assert lines[3].startswith("Ratings move halfway back toward 1500.")
    kept = season_messages.season_over(season(RatingReset.KEEP), [champion("gin:2")])
    assert kept.splitlines()[-1] == "A new season has begun: /gin leaderboard shows it."


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO])
def test_every_game_and_table_size_fits_one_message(lang: str) -> None:
    champions = [champion(f, user=100_000_000_000_000_000 + i) for i, f in enumerate(every_family())]
    with speaking(lang):
        text = season_messages.season_over(season(), champions)
    assert len(text) <= season_messages.CONTENT_MAX and "…" not in text
    assert all(f"<@{c.user_id}>" in text for c in champions)


def test_no_english_escapes_the_catalogue() -> None:
    on = SeasonSettings(1, SeasonLength.QUARTERLY, 55, RatingReset.SOFT, START, END)
    with speaking(PSEUDO):
        texts = [
            season_messages.season_over(season(), [champion(f) for f in every_family()]),
            season_messages.season_over(season(RatingReset.KEEP), [champion("gin:3")]),
            *season_messages.season_lines(on),
            *season_messages.season_lines(SeasonSettings(1, SeasonLength.WEEKLY, None, RatingReset.KEEP, START, END)),
            *season_messages.season_lines(SeasonSettings(1)),
            season_messages.season_leaderboard("current", START, END, "wins", [champion("gin:2")], "Rummy"),
            season_messages.season_leaderboard("previous", START, END, "vs_bot", [champion("gin:2")]),
            *(season_messages.no_finished(w, f) for w in ("current", "previous") for f in ("", "Rummy")),
        ]
    for text in texts:
        assert english_left(text, {"Ann", *GAME_TITLES}) == [], text


def test_the_settings_say_the_season_and_its_end() -> None:
    on = SeasonSettings(1, SeasonLength.MONTHLY, 55, RatingReset.KEEP, START, END)
    assert season_messages.season_lines(on) == [
        f"• Seasons: monthly (from the 1st, UTC); this one ends <t:{int(END.timestamp())}:R>",
        "• Season champions announced in: <#55>",
        "• At a season's end: ratings are kept",
    ]
    assert season_messages.season_lines(SeasonSettings(1)) == ["• Seasons: off"]
