"""What seasons say (docs/seasons.md): the champions' announcement at a season's end, a season's
leaderboard, and the season lines of the server's settings. Pure functions of plain values, written
in the language being spoken (``bot.i18n.current``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.i18n import N_, current
from bot.tables import PlayerStats, RatingReset, Season, SeasonLength, SeasonSettings
from bot.tables.seasons import CURRENT

from .messages import relative_time, title_of
from .server_messages import BOARD_TITLES, family_title, leaderboard_line

CONTENT_MAX = 2000  # Discord's limit of a message's text

LENGTH_WORDS = {
    SeasonLength.OFF: N_("off"),
    SeasonLength.WEEKLY: N_("weekly (from Monday, UTC)"),
    SeasonLength.MONTHLY: N_("monthly (from the 1st, UTC)"),
    SeasonLength.QUARTERLY: N_("quarterly (from January, April, July and October 1st, UTC)"),
}
RESET_WORDS = {
    RatingReset.KEEP: N_("ratings are kept"),
    RatingReset.SOFT: N_("ratings move halfway back toward 1500"),
}


def date(when: datetime) -> str:
    """A date each reader sees in his own words and time zone."""
    return f"<t:{int(when.timestamp())}:D>"


def family_words(family: str) -> str:
    """'Gin Rummy, 2 players' for 'gin:2'."""
    game, _, seats = family.rpartition(":")
    return family_title(title_of(game), int(seats))


# -- the server's settings ---------------------------------------------------------------------
def season_lines(s: SeasonSettings) -> list[str]:
    """The season lines of /gin-admin settings."""
    t = current()
    if not s.on or s.ends_at is None:
        return ["• " + t._("Seasons: off")]
    where = f"<#{s.channel_id}>" if s.channel_id is not None else t._("nowhere (choose a season channel)")
    return [
        "• "
        + t._(
            "Seasons: {length}; this one ends {when}",
            length=t._(LENGTH_WORDS[s.length]),
            when=relative_time(s.ends_at),
        ),
        "• " + t._("Season champions announced in: {channel}", channel=where),
        "• " + t._("At a season's end: {reset}", reset=t._(RESET_WORDS[s.reset])),
    ]


# -- a season's leaderboard --------------------------------------------------------------------
def span(which: str, start: datetime, end: datetime) -> str:
    """'this season, 29 December 2025 – 5 January 2026' (or the last season)."""
    t = current()
    if which == CURRENT:
        return t._("this season, {start} – {end}", start=date(start), end=date(end))
    return t._("last season, {start} – {end}", start=date(start), end=date(end))


def season_leaderboard(
    which: str, start: datetime, end: datetime, by: str, rows: Sequence[PlayerStats], family: str = ""
) -> str:
    """A season's leaderboard; ``family``: which game and table size, when not two-player Gin."""
    t = current()
    order = t._("by {order}", order=t._(BOARD_TITLES.get(by, by)))
    head = " · ".join(x for x in ("**" + t._("Leaderboard") + "**", family, span(which, start, end), order) if x)
    return "\n".join([head, *(leaderboard_line(i, p, by) for i, p in enumerate(rows, 1))])


def no_finished(which: str, family: str = "") -> str:
    t = current()
    if which == CURRENT:
        if family:
            return t._("No finished matches of {family} this season yet.", family=family)
        return t._("No finished matches this season yet.")
    if family:
        return t._("No finished matches of {family} in the last season.", family=family)
    return t._("No finished matches in the last season.")


# -- the champions' announcement ---------------------------------------------------------------
def champion_line(c: PlayerStats) -> str:
    """'**Gin Rummy, 2 players**: @Ann is the champion · rating 1,566 (7–2)' (the mention shows the name)."""
    t = current()
    family = "**" + family_words(c.family) + "**"
    return t._(
        "{family}: <@{user}> is the champion · rating {rating} ({won}–{lost})",
        family=family,
        user=c.user_id,
        rating=t.number(c.rating),
        won=c.matches_won,
        lost=c.matches_lost,
    )


def season_over(season: Season, champions: Sequence[PlayerStats]) -> str:
    """The season's end in its server's channel: the champion of each game and table size, what
    happens to the ratings, and where the new season is seen."""
    t = current()
    head = "🏆 " + t._(
        "**The season is over** ({start} – {end})", start=date(season.started_at), end=date(season.ended_at)
    )
    lines = [champion_line(c) for c in champions]
    if season.reset is RatingReset.SOFT:
        tail = t._("Ratings move halfway back toward 1500. A new season has begun: /gin leaderboard shows it.")
    else:
        tail = t._("A new season has begun: /gin leaderboard shows it.")
    text = "\n".join([head, *lines, tail])
    while len(text) > CONTENT_MAX and lines:  # never in practice (13 families); a post must not be refused
        lines.pop()
        text = "\n".join([head, *lines, "…", tail])
    return text
