"""Every text the Discord layer writes itself: refusals, confirmations, board and hand texts,
turn pings, challenges, settings, leaderboard and stats, component labels.

One wording per refusal kind; where the table service refuses the same thing (not a player,
match over, out of date) the wording is the service's. Texts about a game come from its
renderer (bot-independent words); only the frame around them is here. Pure functions of
plain values: no discord import, no game rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.engine import game_type
from bot.i18n import N_, current
from bot.tables import STALE

# -- refusals of the Discord layer's own -------------------------------------------------------
NOT_PLAYING = N_("You are not playing in this match.")
MATCH_OVER = N_("That match is over.")
OWNER_ONLY = N_("Only the bot's owner can see its status.")
NO_MATCH_HERE = N_("There is no Gin match in this channel.")
BOTS_CANT_PLAY = N_("Bots can't play here. Challenge a person, or use /gin play to play against me.")
REMATCH_PLAYERS_ONLY = N_("Only the players of that match can ask for a rematch.")
CHALLENGE_POSTED = N_("Your challenge is posted in the channel.")
TABLE_OPENED = N_("Your table is open: the board is in the channel.")
MANAGE_SERVER_ONLY = N_("Only members with Manage Server can change these settings.")
INVALID_CONTROL = N_("That control is not valid.")
OUT_OF_DATE = STALE  # a control an edit already removed: the service's wording for a stale move
CHALLENGE_GONE = N_("This challenge is no longer open.")
COMMAND_MISUSED = N_("That command can't be used like that here.")
APOLOGY = N_("Something went wrong on my side; please try again.")
GUILD_ONLY = N_("The game commands work only in a server, not in direct messages.")
UNKNOWN_PLAYER = N_("I could not find that player; pick someone from the list.")


def missing_permissions(missing: Sequence[str]) -> str:
    """Why no table can be set up in a channel where the bot cannot post its board."""
    plural = "s" if len(missing) > 1 else ""
    return f"I can't run a table here: I need the {' and '.join(missing)} permission{plural} in this channel."


def cannot_show(title: str) -> str:
    return f"I can't show {title} here yet."


def as_refusal(error: Exception) -> str:
    """An engine ValueError ('unknown variant ...') as a sentence to show."""
    text = str(error).rstrip(".")
    return f"{text[:1].upper()}{text[1:]}."


# -- component labels --------------------------------------------------------------------------
MY_HAND = N_("My hand")
REFRESH = N_("Refresh")
RESIGN = N_("Resign")
RULES = N_("Rules")
REMATCH = N_("Rematch")
CLAIM = N_("Claim the win")
RESIGN_YES = N_("Yes, resign the match")
CANCEL = N_("Cancel")
ACCEPT = N_("Accept")
DECLINE = N_("Decline")


def title_of(game: str) -> str:
    """A game's display title ('Gin Rummy'), or its name if it is not registered here."""
    try:
        return game_type(game).title
    except ValueError:
        return game


def versus(names: Sequence[str]) -> str:
    return current()._(" vs ").join(names)


def relative_time(when: datetime) -> str:
    """A Discord timestamp each reader sees in his own words and time zone ('in 29 minutes')."""
    return f"<t:{int(when.timestamp())}:R>"


def count_words(n: int, noun: str) -> str:
    """ "1 minute", "5 minutes"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


# -- the public board --------------------------------------------------------------------------
def board_text(title: str, names: Sequence[str], hand: int | None, score: str, line: str, turn: str) -> str:
    """'**Gin Rummy** · Alice vs Bob · hand 3 · <score>', the turn in words, whose move."""
    t = current()
    hand_words = t._("hand {number}", number=hand) if hand else ""
    head = " · ".join(x for x in (f"**{title}**", versus(names), hand_words, score) if x)
    return "\n".join(x for x in (head, line, turn) if x)


def to_play(user_id: int, deadline: datetime | None = None) -> str:
    """Whose move, and when his time runs out (then he is reminded, later the opponent may claim)."""
    t = current()
    mention = f"<@{user_id}>"
    said = t._("{player} to play", player=mention)
    return said + (" · " + t._("time runs out {when}", when=relative_time(deadline)) if deadline else "")


def bot_thinking(name: str) -> str:
    return current()._("**{name}** (the bot) is thinking…", name=name)


def turn_ping(user_id: int, title: str, names: Sequence[str], live: bool) -> str:
    """The one ping of a turn: the player's hand message is already up to date, or he has none open."""
    where = "your hand message is up to date" if live else f"press **{MY_HAND}** on the board"
    return f"<@{user_id}>, your turn in {title} ({versus(names)}): {where}."


def finished_board(title: str, names: Sequence[str], hand: int | None, line: str, score: str) -> str:
    """A board whose match ended in the middle of a hand (a resignation): its last state, no buttons."""
    t = current()
    hand_words = t._("hand {number}", number=hand) if hand else ""
    head = " · ".join(x for x in (f"**{title}**", versus(names), hand_words, t._("match over")) if x)
    return "\n".join(x for x in (head, line, score) if x)


def hand_result(title: str, names: Sequence[str], number: int, line: str | None, score: str) -> str:
    """What a hand's board becomes once the hand is over: the hand scored, the match score."""
    head = f"**{title}** · {versus(names)} · " + current()._("**hand {number} is over**", number=number)
    return "\n".join(x for x in (head, line, score) if x)


def match_end(
    title: str,
    names: Sequence[str],
    summary: Any,
    abandoned: bool,
    rating_changes: dict[int, int] | None,
    vs_bot: bool,
    *,
    teams: Sequence[int] | None = None,
    score: str = "",
) -> str:
    """The match end: 'Alice wins the match, 112 to 47 after 5 hands', or 'Alice resigned; GinBot
    wins the match (totals 0–0)'; rating changes (by seat); the picture has every bonus. At a table
    of three or more: the winner (both partners of a team) and ``score``, the renderer's line with
    every seat or team."""
    if summary is not None and len(names) > 2:
        line = _multi_end(names, summary, abandoned, teams, score)
    elif summary is not None:
        w, lo = summary.winner, summary.loser
        if summary.resigned_by is not None:
            quit_ = "was idle too long" if abandoned else "resigned"
            line = (
                f"{names[summary.resigned_by]} {quit_}; **{names[w]}** wins the match "
                f"(totals {summary.totals[w]}–{summary.totals[lo]})"
            )
        else:
            line = (
                f"**{names[w]}** wins the match, {summary.totals[w]} to {summary.totals[lo]} "
                f"after {count_words(summary.hands_played, 'hand')}"
            )
    else:
        line = "The match is over"
    if rating_changes:
        line += " · rating " + ", ".join(f"{names[seat]} {d:+d}" for seat, d in rating_changes.items())
    if vs_bot:
        line += " · a game vs the bot: no rating change"
    return f"**{title} · match over** · {line}."


def _multi_end(names: Sequence[str], summary: Any, abandoned: bool, teams: Sequence[int] | None, score: str) -> str:
    w = summary.winner
    side = [s for s in range(len(names)) if teams is not None and teams[s] == teams[w]] or [w]
    who = f"**{' & '.join(names[s] for s in side)}** {'win' if len(side) > 1 else 'wins'} the match"
    if summary.resigned_by is not None:
        line = f"{names[summary.resigned_by]} {'was idle too long' if abandoned else 'resigned'}; {who}"
    else:
        line = f"{who} after {count_words(summary.hands_played, 'hand')}"
    return f"{line} · {score}" if score else line


# -- a player's own hand (ephemeral) -------------------------------------------------------------
HAND_OVER_NOTE = N_("Hand over: the result is on the board in the channel. Next hand:")
MATCH_OVER_NOTE = N_("The match is over: see the channel.")
RESIGN_ASK = N_("Resign the whole match? It counts as a loss.")
RESIGNED = N_("You resigned the match.")
RESIGN_CANCELLED = N_("You did not resign: the match goes on.")
# Over capacity (the pictures queue up): the answer comes in words at once, the picture after it.
BUSY_MOVE = N_("The table is busy: your move is saved, and the picture follows in a moment.")
BUSY_HAND = N_("The table is busy: your cards follow in a moment.")


def hand_text(
    status: str, note: str = "", hint: str = "", happened: str = "", deadline: datetime | None = None, details: str = ""
) -> str:
    """A player's hand message: what just happened, whose move (and until when), a hint; with
    ``details`` (the picture's text alternative) for players who chose words instead of pictures."""
    head = f"**Your hand** · {status}" + (f" · time runs out {relative_time(deadline)}" if deadline else "")
    said = f"{happened.rstrip('.')}." if happened else ""
    return "\n".join(x for x in (note, said, head, hint, details) if x)[:2000]


def claimed(name: str) -> str:
    return f"{name} claimed the match."


def rules_text(title: str, rules: Any) -> str:
    """A ruleset's summary lines as one message."""
    summary = rules.summary()
    lines = [summary] if isinstance(summary, str) else list(summary)
    return f"**{title} rules: {rules.name}** (to {rules.target})\n" + "\n".join(f"• {line}" for line in lines)


# -- deadlines ---------------------------------------------------------------------------------
def idle_warning(user_id: int, title: str) -> str:
    return f"<@{user_id}>, it is your turn in the {title} match here (press **{MY_HAND}** on the board)."


def claim_offer(user_ids: Sequence[int], idle_name: str) -> str:
    who = ", ".join(f"<@{u}>" for u in user_ids)
    return f"{who}, {idle_name} has not moved for a long time: you may claim the match."


# -- challenges and new tables -------------------------------------------------------------------
def challenge_text(
    challenger: str, opponent_id: int | None, title: str, rules: Any, expires: str, rematch: bool
) -> str:
    what = "a rematch" if rematch else f"a game of {title}"
    if opponent_id is not None:
        text = f"<@{opponent_id}>, **{challenger}** challenges you to {what}"
    else:
        text = f"**{challenger}** is looking for {what}: anyone may accept"
    return f"{text} ({rules.name}, to {rules.target}). Expires {expires}."


def accepted(names: Sequence[str]) -> str:
    return f"**{names[1]}** accepted **{names[0]}**'s challenge. The board is below."


def declined(user: str, challenger: str) -> str:
    return f"{user} declined {challenger}'s challenge."


def withdrawn(challenger: str) -> str:
    return f"{challenger} withdrew the challenge."


def expired(challenger: str) -> str:
    return f"{challenger}'s challenge expired."


def sits_down(user: str, bot: str, level: str) -> str:
    return (
        f"**{user}** sits down against **{bot}** ({level}). The board is below; press **{MY_HAND}** to see your cards."
    )


def rematch_vs_bot(user: str, bot: str) -> str:
    return f"Rematch: {user} vs {bot}."


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
    return f"A table of {seats} has room for {seats - 1} opponent{'' if seats == 2 else 's'}."


def ai_option(level: str) -> str:
    return f"AI ({level})"


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
    lines = [
        f"**{host}** opens a table of **{title}** for {seats} ({rules.name}, to {rules.target}). Expires {expires}."
    ]
    for i in range(seats):
        if i < len(places):
            name, ai = places[i]
            role = " (host)" if i == 0 else " (the bot's AI)" if ai else ""
            team = f" · team {'AB'[teams[i]]}" if teams is not None and teams[i] < 2 else ""
            lines.append(f"{i + 1}. **{name}**{role}{team}")
        else:
            lines.append(f"{i + 1}. — open seat —")
    if invited:
        lines.append("Invited: " + ", ".join(f"<@{u}>" for u in invited))
    if teams is not None:
        lines.append("Partners sit opposite; by default in the order players join (the host chooses with the menu).")
    return "\n".join(lines)


def called(user_ids: Sequence[int]) -> str:
    """The players named for a table whose other seats are open to anyone."""
    return f"{', '.join(f'<@{u}>' for u in user_ids)}: you are called to this table; press **{JOIN}**."


def lobby_started(names: Sequence[str]) -> str:
    return f"The table is complete: {versus(names)}. The board is below."


def lobby_closed(host: str, status: str) -> str:
    if status == "expired":
        return f"{host}'s table expired before it started."
    return f"{host} closed the table."


def rematch_lobby(host: str) -> str:
    return f"Rematch: **{host}** opens the same table again."
