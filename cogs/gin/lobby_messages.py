"""The texts of tables of three or more before their match (the lobby), in the language being
written now (``bot.i18n.speaking``); the rest of the Discord layer's texts are in messages.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import N_, current

from .messages import versus

# -- lobbies: tables of three or more before their match ------------------------------------------
JOIN = N_("Join")
LEAVE = N_("Leave")
START = N_("Start")
ADD_AI = N_("Give an empty seat to the bot's AI…")
TEAMS = N_("Host: choose your partner…")
LOBBY_POSTED = N_("Your table is posted in the channel: players press Join; you press Start.")
LOBBY_NOT_FULL = N_("Every seat must be taken before the match starts: wait for players, or give seats to the AI.")
LOBBY_JOINED = N_("You sat down at the table.")
LOBBY_LEFT = N_("You left the table.")
LOBBY_AI_ADDED = N_("The bot's AI takes a seat.")
LOBBY_TEAMS_SET = N_("Partners chosen.")
LOBBY_STARTED = N_("The match has started.")
SAME_OPPONENT_TWICE = N_("Name each opponent once.")
BOT_SEATS_IN_LOBBY = N_("At a bigger table, give seats to my AI with the lobby's menu instead of naming me.")


def too_many_named(seats: int) -> str:
    t = current()
    return t.ngettext(
        "A table of {seats} has room for {n} opponent.",
        "A table of {seats} has room for {n} opponents.",
        seats - 1,
        seats=seats,
        n=seats - 1,
    )


def ai_option(level: str) -> str:
    t = current()
    return t._("AI ({level})", level=t._(level))


def lobby_text(
    host: str,
    title: str,
    rules: Any,
    seats: int,
    places: Sequence[tuple[str, bool]],
    invited: Sequence[int],
    teams: Sequence[int] | None,
    expires: str,
) -> str:
    """The lobby message: the table, each seat (who sits there, or open), the invitations still
    pending, the partnerships (when the table plays in teams), when it expires."""
    t = current()
    lines = [
        t._(
            "**{host}** opens a table of **{game}** for {seats} ({variant}, to {target}). Expires {expires}.",
            host=host,
            game=title,
            seats=seats,
            variant=rules.name,
            target=rules.target,
            expires=expires,
        )
    ]
    for i in range(seats):
        if i < len(places):
            name, ai = places[i]
            role = " " + t._("(host)") if i == 0 else " " + t._("(the bot's AI)") if ai else ""
            team = " · " + t._("team {team}", team="AB"[teams[i]]) if teams is not None and teams[i] < 2 else ""
            lines.append(f"{i + 1}. **{name}**{role}{team}")
        else:
            lines.append(f"{i + 1}. " + t._("— open seat —"))
    if invited:
        lines.append(t._("Invited: {players}", players=", ".join(f"<@{u}>" for u in invited)))
    if teams is not None:
        lines.append(
            t._("Partners sit opposite; by default in the order players join (the host chooses with the menu).")
        )
    return "\n".join(lines)


def called(user_ids: Sequence[int]) -> str:
    """The players named for a table whose other seats are open to anyone."""
    t = current()
    return t._(
        "{players}: you are called to this table; press **{button}**.",
        players=", ".join(f"<@{u}>" for u in user_ids),
        button=t._(JOIN),
    )


def lobby_started(names: Sequence[str]) -> str:
    return current()._("The table is complete: {players}. The board is below.", players=versus(names))


def lobby_closed(host: str, status: str) -> str:
    if status == "expired":
        return current()._("{host}'s table expired before it started.", host=host)
    return current()._("{host} closed the table.", host=host)


def rematch_lobby(host: str) -> str:
    return current()._("Rematch: **{host}** opens the same table again.", host=host)


# The AI's levels as players read them (bot.constants.LEVELS).
LEVEL_WORDS = (N_("easy"), N_("normal"), N_("hard"), N_("expert"))
