"""What the server's settings, a player's look, the leaderboard, the stats and the owner's status say
(the rest of the Discord layer's texts are in messages.py)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, Texts, language_names
from bot.tables import GuildSettings, PlayerStats
from bot.tables.styles import PlayerStyle

from .messages import count_words
from .speech import language_name


# -- settings ----------------------------------------------------------------------------------
def settings_text(title: str, s: GuildSettings, ping_grace_s: int, updated: bool, language: str) -> str:
    """The server's settings; ``language``: the language its public messages are written in now."""
    where = ", ".join(f"<#{c}>" for c in s.allowed_channels) or "every channel"
    return "\n".join(
        [
            f"**{title} settings**{' (updated)' if updated else ''}",
            f"• Variant: {s.default_variant}",
            f"• Target: {s.target or 'the variant default'}",
            f"• Turn timeout: {count_words(s.turn_timeout_s // 60, 'minute')}",
            f"• Turn ping: after {count_words(ping_grace_s, 'second')} without a move when the player's hand is open "
            "(at once when it is not)",
            f"• Games allowed in: {where}",
            f"• Language of the boards: {language_names().get(language, language)}"
            + ("" if s.language else " (the server's language in Discord)"),
        ]
    )


# -- a player's look (/gin style) ------------------------------------------------------------------
def style_text(style: PlayerStyle, updated: bool, t: Texts) -> str:
    """What /gin style answers: the player's look and language, in his language."""
    if style.text_only:
        look = t._("words instead of pictures")
    else:
        deck = t._("four-colour deck") if style.four_colour else t._("two-colour deck")
        size = {"small": N_("small cards"), "normal": N_("normal cards"), "large": N_("large cards")}
        look = t.join([deck, t._(size.get(style.card_size, style.card_size))])
    order = t._("loose cards by suit") if style.card_order == "suit" else t._("loose cards by rank")
    hints = t._("hints on") if style.hints else t._("hints off")
    language = t._("language: {language}", language=language_name(style.language, t))
    head = t._("**Your style** (updated)") if updated else t._("**Your style**")
    return t._(
        "{head}: {look}, {order}, {hints}, {language}. It is used for your own hand and answers; "
        "the board in the channel keeps the server's look and language.",
        head=head,
        look=look,
        order=order,
        hints=hints,
        language=language,
    )


# -- leaderboard and stats -----------------------------------------------------------------------
# The service's leaderboard orderings and their names.
BOARD_TITLES = {"rating": "rating", "wins": "match wins", "points": "points", "vs_bot": "wins against the bot"}
NO_FINISHED_MATCHES = N_("No finished matches on this server yet.")


def leaderboard(by: str, rows: Sequence[PlayerStats], family: str = "") -> str:
    """The leaderboard; ``family``: which game and table size it counts, when not two-player Gin."""
    head = " · ".join(x for x in ("**Leaderboard**", family, f"by {BOARD_TITLES.get(by, by)}") if x)
    return "\n".join([head, *(leaderboard_line(i, p, by) for i, p in enumerate(rows, 1))])


def leaderboard_line(rank: int, p: PlayerStats, by: str) -> str:
    """One row, in the terms of the chosen ordering."""
    if by == "vs_bot":
        return f"{rank}. **{p.name}** · vs bot {p.vs_bot_won}–{p.vs_bot_lost}"
    record = f"{p.matches_won}–{p.matches_lost}"
    if by == "points":
        return f"{rank}. **{p.name}** · {p.points_for - p.points_against:+d} points ({record})"
    if by == "wins":
        return f"{rank}. **{p.name}** · {p.matches_won} wins ({record}, rating {p.rating})"
    return f"{rank}. **{p.name}** · rating {p.rating} ({record})"


def no_stats(name: str, family: str = "") -> str:
    return f"{name} has not finished a match {f'of {family} ' if family else ''}here yet."


def no_finished(family: str = "") -> str:
    return f"No finished matches of {family} on this server yet." if family else NO_FINISHED_MATCHES


# The words of each game's own counters (bot.engine GameType.counters) in /gin stats; any other key reads as is.
COUNTER_WORDS = {"gins": "gins", "undercuts": "undercuts", "rummies": "rummies"}


def stats_text(p: PlayerStats, family: str = "") -> str:
    n = abs(p.streak)
    streak = (
        f"{n} {'win' if p.streak > 0 else 'loss'}{('es' if p.streak < 0 else 's') if n > 1 else ''}"
        if p.streak
        else "none"
    )
    return "\n".join(
        [
            " · ".join(x for x in (f"**{p.name}**", family, f"rating {p.rating}") if x),
            f"Matches: {p.matches_won} won, {p.matches_lost} lost · streak {streak}",
            " · ".join([f"Hands won {p.hands_won}", *(f"{COUNTER_WORDS.get(k, k)} {v}" for k, v in p.counts)]),
            f"Points {p.points_for} for, {p.points_against} against · best margin {p.best_margin}",
            f"Against the bot: {p.vs_bot_won} won, {p.vs_bot_lost} lost",
        ]
    )


# -- the bot's status and the stats families ----------------------------------------
def not_played_by(title: str, players: int) -> str:
    return f"{title} is not played by {players} here."


def family_title(title: str, players: int) -> str:
    """A stats family in words: 'Gin Rummy, 3 players'."""
    return f"{title}, {players} players"


def bot_status(pictures: str, in_flight: int, matches: int, active: int, live_hands: int, shards: str) -> str:
    """/gin-admin status for the bot's owner: load and backlog, no player's cards."""
    return (
        "**Bot status**\n"
        f"{pictures}\n"
        f"{in_flight} interaction(s) being answered · {live_hands} live hand message(s)\n"
        f"{matches} match(es) in memory, {active} active · {shards}"
    )
