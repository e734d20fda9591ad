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
POSTED_LATER = N_("Discord did not take the message just now: it is posted in the channel as soon as Discord does.")
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
    t = current()
    if len(missing) == 1:
        return t._(
            "I can't run a table here: I need the {permission} permission in this channel.", permission=missing[0]
        )
    return t._(
        "I can't run a table here: I need the {permissions} permissions in this channel.", permissions=t.join(missing)
    )


def cannot_post(missing: Sequence[str]) -> str:
    """A move was saved but the board could not show it: the permissions the bot lacks (translated names)."""
    t = current()
    if len(missing) == 1:
        return t._("I can't post in this channel: {permission} is missing; your move is saved.", permission=missing[0])
    return t._(
        "I can't post in this channel: {permissions} are missing; your move is saved.", permissions=t.join(missing)
    )


def cannot_show(title: str) -> str:
    return current()._("I can't show {game} here yet.", game=title)


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


def tr(message: str, /, **fields: object) -> str:
    """A marked text (a constant of this module) in the language being written now."""
    return current()._(message, **fields)


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
    t = current()
    mention = f"<@{user_id}>"
    if live:
        return t._(
            "{player}, your turn in {game} ({players}): your hand message is up to date.",
            player=mention,
            game=title,
            players=versus(names),
        )
    return t._(
        "{player}, your turn in {game} ({players}): press **{button}** on the board.",
        player=mention,
        game=title,
        players=versus(names),
        button=t._(MY_HAND),
    )


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
    t = current()
    if summary is not None and len(names) > 2:
        line = _multi_end(names, summary, abandoned, teams, score)
    elif summary is not None:
        w, lo = summary.winner, summary.loser
        if summary.resigned_by is not None:
            fields = {"quitter": names[summary.resigned_by], "winner": names[w]}
            totals = {"won": summary.totals[w], "lost": summary.totals[lo]}
            if abandoned:
                line = t._(
                    "{quitter} was idle too long; **{winner}** wins the match (totals {won}–{lost})", **fields, **totals
                )
            else:
                line = t._("{quitter} resigned; **{winner}** wins the match (totals {won}–{lost})", **fields, **totals)
        else:
            n = summary.hands_played
            line = t.ngettext(
                "**{winner}** wins the match, {won} to {lost} after {n} hand",
                "**{winner}** wins the match, {won} to {lost} after {n} hands",
                n,
                winner=names[w],
                won=summary.totals[w],
                lost=summary.totals[lo],
                n=t.number(n),
            )
    else:
        line = t._("The match is over")
    if rating_changes:
        changes = ", ".join(f"{names[seat]} {d:+d}" for seat, d in rating_changes.items())
        line += " · " + t._("rating {changes}", changes=changes)
    if vs_bot:
        line += " · " + t._("a game vs the bot: no rating change")
    return t._("**{game} · match over** · {line}.", game=title, line=line)


def _multi_end(names: Sequence[str], summary: Any, abandoned: bool, teams: Sequence[int] | None, score: str) -> str:
    t = current()
    w = summary.winner
    side = [s for s in range(len(names)) if teams is not None and teams[s] == teams[w]] or [w]
    if len(side) > 1:
        who = t._("**{winners}** win the match", winners=" & ".join(names[s] for s in side))
    else:
        who = t._("**{winner}** wins the match", winner=names[w])
    if summary.resigned_by is not None:
        quitter = names[summary.resigned_by]
        if abandoned:
            line = t._("{quitter} was idle too long; {result}", quitter=quitter, result=who)
        else:
            line = t._("{quitter} resigned; {result}", quitter=quitter, result=who)
    else:
        n = summary.hands_played
        line = t.ngettext("{result} after {n} hand", "{result} after {n} hands", n, result=who, n=t.number(n))
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
    t = current()
    head = t._("**Your hand** · {status}", status=status)
    if deadline:
        head += " · " + t._("time runs out {when}", when=relative_time(deadline))
    said = f"{happened.rstrip('.')}." if happened else ""
    return "\n".join(x for x in (note, said, head, hint, details) if x)[:2000]


def claimed(name: str) -> str:
    return current()._("{player} claimed the match.", player=name)


def rules_text(title: str, rules: Any) -> str:
    """A ruleset's summary lines as one message, in the language being written now."""
    t = current()
    summary = rules.summary()
    lines = [summary] if isinstance(summary, str) else list(summary)
    head = t._("**{game} rules: {variant}** (to {target})", game=title, variant=rules.name, target=rules.target)
    return head + "\n" + "\n".join(f"• {t.said(line)}" for line in lines)


# -- deadlines ---------------------------------------------------------------------------------
def idle_warning(user_id: int, title: str) -> str:
    t = current()
    mention = f"<@{user_id}>"
    return t._(
        "{player}, it is your turn in the {game} match here (press **{button}** on the board).",
        player=mention,
        game=title,
        button=t._(MY_HAND),
    )


def claim_offer(user_ids: Sequence[int], idle_name: str) -> str:
    who = ", ".join(f"<@{u}>" for u in user_ids)
    return current()._(
        "{players}, {idle} has not moved for a long time: you may claim the match.", players=who, idle=idle_name
    )


# -- challenges and new tables -------------------------------------------------------------------
def challenge_text(
    challenger: str, opponent_id: int | None, title: str, rules: Any, expires: str, rematch: bool
) -> str:
    t = current()
    fields = {
        "challenger": challenger,
        "game": title,
        "variant": rules.name,
        "target": rules.target,
        "expires": expires,
    }
    if opponent_id is not None:
        mention = f"<@{opponent_id}>"
        if rematch:
            return t._(
                "{opponent}, **{challenger}** challenges you to a rematch ({variant}, to {target}). Expires {expires}.",
                opponent=mention,
                **fields,
            )
        return t._(
            "{opponent}, **{challenger}** challenges you to a game of {game} ({variant}, to {target}). "
            "Expires {expires}.",
            opponent=mention,
            **fields,
        )
    if rematch:
        return t._(
            "**{challenger}** is looking for a rematch: anyone may accept ({variant}, to {target}). Expires {expires}.",
            **fields,
        )
    return t._(
        "**{challenger}** is looking for a game of {game}: anyone may accept ({variant}, to {target}). "
        "Expires {expires}.",
        **fields,
    )


def accepted(names: Sequence[str]) -> str:
    return current()._(
        "**{player}** accepted **{challenger}**'s challenge. The board is below.", player=names[1], challenger=names[0]
    )


def declined(user: str, challenger: str) -> str:
    return current()._("{player} declined {challenger}'s challenge.", player=user, challenger=challenger)


def withdrawn(challenger: str) -> str:
    return current()._("{challenger} withdrew the challenge.", challenger=challenger)


def expired(challenger: str) -> str:
    return current()._("{challenger}'s challenge expired.", challenger=challenger)


def sits_down(user: str, bot: str, level: str) -> str:
    t = current()
    return t._(
        "**{player}** sits down against **{bot}** ({level}). The board is below; press **{button}** to see your cards.",
        player=user,
        bot=bot,
        level=t._(level),
        button=t._(MY_HAND),
    )


def rematch_vs_bot(user: str, bot: str) -> str:
    return current()._("Rematch: {player} vs {bot}.", player=user, bot=bot)
