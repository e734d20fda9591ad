"""What the server's settings, a player's look, the leaderboard, the stats and the owner's status say
(the rest of the Discord layer's texts are in messages.py)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_, Texts, current, language_names
from bot.tables import GuildSettings, PlayerStats
from bot.tables.styles import PlayerStyle

from .speech import language_name


# -- settings ----------------------------------------------------------------------------------
def settings_text(title: str, s: GuildSettings, ping_grace_s: int, updated: bool, language: str) -> str:
    """The server's settings; ``language``: the language its public messages are written in now."""
    t = current()
    where = ", ".join(f"<#{c}>" for c in s.allowed_channels) or t._("every channel")
    minutes = s.turn_timeout_s // 60
    lines = [
        t._("**{game} settings** (updated)", game=title) if updated else t._("**{game} settings**", game=title),
        "• " + t._("Variant: {variant}", variant=s.default_variant),
        "• " + (t._("Target: {target}", target=s.target) if s.target else t._("Target: the variant default")),
        "• " + t.ngettext("Turn timeout: {n} minute", "Turn timeout: {n} minutes", minutes, n=t.number(minutes)),
        "• "
        + t.ngettext(
            "Turn ping: after {n} second without a move when the player's hand is open (at once when it is not)",
            "Turn ping: after {n} seconds without a move when the player's hand is open (at once when it is not)",
            ping_grace_s,
            n=t.number(ping_grace_s),
        ),
        "• " + t._("Games allowed in: {channels}", channels=where),
        "• "
        + (
            t._("Language of the boards: {language}", language=language_names().get(language, language))
            if s.language
            else t._(
                "Language of the boards: {language} (the server's language in Discord)",
                language=language_names().get(language, language),
            )
        ),
        "• "
        + (
            t._("Tournaments organised by: Manage Server and <@&{role}>", role=s.tournament_role)
            if s.tournament_role
            else t._("Tournaments organised by: Manage Server")
        ),
    ]
    return "\n".join(lines)


# -- a player's look (/gin style) ------------------------------------------------------------------
def style_text(style: PlayerStyle, updated: bool, t: Texts) -> str:
    """What /gin style answers: the player's look and language, in his language."""
    if style.text_only:
        look = t._("words instead of pictures")
    else:
        deck = t._("four-colour deck") if style.four_colour else t._("two-colour deck")
        size = {"small": N_("small cards"), "normal": N_("normal cards"), "large": N_("large cards")}
        look = ", ".join([deck, t._(size.get(style.card_size, style.card_size))])
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
BOARD_TITLES = {
    "rating": N_("rating"),
    "wins": N_("match wins"),
    "points": N_("points"),
    "vs_bot": N_("wins against the bot"),
}
NO_FINISHED_MATCHES = N_("No finished matches on this server yet.")


def leaderboard(by: str, rows: Sequence[PlayerStats], family: str = "") -> str:
    """The leaderboard; ``family``: which game and table size it counts, when not two-player Gin."""
    t = current()
    order = t._("by {order}", order=t._(BOARD_TITLES.get(by, by)))
    head = " · ".join(x for x in ("**" + t._("Leaderboard") + "**", family, order) if x)
    return "\n".join([head, *(leaderboard_line(i, p, by) for i, p in enumerate(rows, 1))])


def leaderboard_line(rank: int, p: PlayerStats, by: str) -> str:
    """One row, in the terms of the chosen ordering."""
    t = current()
    if by == "vs_bot":
        said = t._("vs bot {won}–{lost}", won=p.vs_bot_won, lost=p.vs_bot_lost)
    else:
        record = f"{p.matches_won}–{p.matches_lost}"
        if by == "points":
            difference = f"{p.points_for - p.points_against:+d}"
            said = t._("{points} points ({record})", points=difference, record=record)
        elif by == "wins":
            said = t._("{wins} wins ({record}, rating {rating})", wins=p.matches_won, record=record, rating=p.rating)
        else:
            said = t._("rating {rating} ({record})", rating=p.rating, record=record)
    return f"{rank}. **{p.name}** · {said}"


def no_stats(name: str, family: str = "") -> str:
    t = current()
    if family:
        return t._("{player} has not finished a match of {family} here yet.", player=name, family=family)
    return t._("{player} has not finished a match here yet.", player=name)


def no_finished(family: str = "") -> str:
    t = current()
    return (
        t._("No finished matches of {family} on this server yet.", family=family)
        if family
        else t._(NO_FINISHED_MATCHES)
    )


# The words of each game's own counters (bot.engine GameType.counters) in /gin stats; any other key reads as is.
COUNTER_WORDS = {"gins": N_("gins"), "undercuts": N_("undercuts"), "rummies": N_("rummies")}


def stats_text(p: PlayerStats, family: str = "") -> str:
    t = current()
    n = abs(p.streak)
    if not p.streak:
        streak = t._("none")
    elif p.streak > 0:
        streak = t.ngettext("{n} win", "{n} wins", n, n=n)
    else:
        streak = t.ngettext("{n} loss", "{n} losses", n, n=n)
    counters = [f"{t._(COUNTER_WORDS.get(k, k))} {v}" for k, v in p.counts]
    return "\n".join(
        [
            " · ".join(x for x in (f"**{p.name}**", family, t._("rating {rating}", rating=p.rating)) if x),
            t._(
                "Matches: {won} won, {lost} lost · streak {streak}",
                won=p.matches_won,
                lost=p.matches_lost,
                streak=streak,
            ),
            " · ".join([t._("Hands won {n}", n=p.hands_won), *counters]),
            t._(
                "Points {won} for, {lost} against · best margin {margin}",
                won=p.points_for,
                lost=p.points_against,
                margin=p.best_margin,
            ),
            t._("Against the bot: {won} won, {lost} lost", won=p.vs_bot_won, lost=p.vs_bot_lost),
        ]
    )


# -- the bot's status and the stats families ----------------------------------------
def not_played_by(title: str, players: int) -> str:
    return current()._("{game} is not played by {players} here.", game=title, players=players)


def family_title(title: str, players: int) -> str:
    """A stats family in words: 'Gin Rummy, 3 players'."""
    return current()._("{game}, {players} players", game=title, players=players)


def bot_status(pictures: str, in_flight: int, matches: int, active: int, live_hands: int, shards: str) -> str:
    """/gin-admin status for the bot's owner: load and backlog, no player's cards."""
    return (
        "**Bot status**\n"
        f"{pictures}\n"
        f"{in_flight} interaction(s) being answered · {live_hands} live hand message(s)\n"
        f"{matches} match(es) in memory, {active} active · {shards}"
    )
