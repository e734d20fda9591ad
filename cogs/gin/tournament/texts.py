"""What tournaments say (docs/tournaments.md): the sign-up and check-in messages, each round's pairings,
results, the final standings and /gin tournament status, in words. Pure functions of plain values,
written in the language being spoken (``bot.i18n.current``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.i18n import N_, current
from bot.tables import TournamentEntry as Entry
from bot.tables import TournamentRow, TournamentStatus
from bot.tournaments import BracketView, MatchView, Outcome, Pairing, Standings, Tournament, bracket_view, champion

from ..messages import relative_time, title_of

CONTENT_MAX = 2000  # Discord's limit of a message's text
CHECK_IN = N_("Check in")
SIGNED_UP = N_("You are signed up.")
LEFT = N_("You left the tournament.")
CHECKED_IN = N_("You are checked in.")
NOT_HERE = N_("There is no tournament in this channel.")
ORGANISER_ONLY = N_("Only the organiser, someone with Manage Server or the server's tournament role may do that.")
DONE = N_("Done.")

STATUS_WORDS = {
    TournamentStatus.SIGNUP: N_("sign-up is open"),
    TournamentStatus.CHECKIN: N_("check-in is open"),
    TournamentStatus.RUNNING: N_("being played"),
    TournamentStatus.FINISHED: N_("finished"),
    TournamentStatus.CANCELLED: N_("cancelled"),
}


def _clip(text: str) -> str:
    return text if len(text) <= CONTENT_MAX else text[: CONTENT_MAX - 1] + "…"


def _name(t: Tournament, user_id: int) -> str:
    e = t.entrant(user_id)
    return e.name if e is not None else str(user_id)


def heading(t: Tournament) -> str:
    """'**Swiss** tournament of Gin Rummy'."""
    c = t.config
    return current()._(
        "**{format}** tournament of {game}", format=current().said(c.format.title), game=title_of(c.game)
    )


def signup(row: TournamentRow, t: Tournament, entries: Sequence[Entry]) -> str:
    tr = current()
    lines = [
        heading(t),
        tr._(
            "Organised by <@{organiser}>. Press Join to play; sign-up closes {when}.",
            organiser=row.organiser_id,
            when=relative_time(row.signup_ends),
        ),
        tr._("Signed up: {count} of at most {cap}.", count=len(entries), cap=t.config.size_cap),
    ]
    return _clip("\n".join(lines))


def checkin(t: Tournament, ends: datetime | None) -> str:
    tr = current()
    lines = [heading(t), tr._("Check-in is open: press Check in to be paired.")]
    if ends is not None:
        lines.append(tr._("Check-in closes {when}.", when=relative_time(ends)))
    return "\n".join(lines)


def pairing_line(t: Tournament, p: Pairing) -> str:
    tr = current()
    names = [_name(t, u) for u in p.seats]
    if len(names) == 1:
        return tr._("Table {table}: {player} has a bye.", table=p.key[1], player=names[0])
    if len(names) == 2:
        return tr._("Table {table}: {first} against {second}", table=p.key[1], first=names[0], second=names[1])
    return tr._("Table {table}: {players}", table=p.key[1], players=tr.join(names))


def round_posted(t: Tournament, round_no: int) -> str:
    tr = current()
    lines = [tr._("**Round {round}** of the tournament:", round=round_no)]
    lines += [pairing_line(t, p) for p in t.rounds[round_no - 1].pairings]
    return _clip("\n".join(lines))


def result(t: Tournament, key: tuple[int, int]) -> str:
    tr = current()
    p = t.pairing(key)
    if p is None or p.result is None:
        return ""
    r = p.result
    names = [_name(t, u) for u in r.order]
    where = tr._("Round {round}, table {table}", round=key[0], table=key[1])
    if len(names) > 2:
        return tr._("{where}: {players}, in that order.", where=where, players=tr.join(names))
    winner, loser = names[0], names[-1]
    if r.outcome is Outcome.FORFEIT:
        return tr._("{where}: {winner} wins by forfeit against {loser}.", where=where, winner=winner, loser=loser)
    if r.outcome is Outcome.AWARDED:
        return tr._(
            "{where}: the organiser awards the match to {winner} against {loser} ({reason}).",
            where=where,
            winner=winner,
            loser=loser,
            reason=r.reason,
        )
    return tr._("{where}: {winner} wins against {loser}.", where=where, winner=winner, loser=loser)


def standings_lines(s: Standings) -> list[str]:
    tr = current()
    lines = [tr._("**Standings** ({title})", title=tr.said(s.title))]
    for row in s.rows:
        line = tr._(
            "{place}. {name}: {points} points, {wins} won, {losses} lost",
            place=row.place,
            name=row.name,
            points=row.points,
            wins=row.wins,
            losses=row.losses,
        )
        if row.removed:
            line += " " + tr._("(removed)")
        lines.append(line)
    return lines


def final(t: Tournament, s: Standings, champion: str | None) -> str:
    tr = current()
    lines = [heading(t), tr._("**The tournament is over.**")]
    if champion is not None:
        lines.append(tr._("The champion: **{name}**!", name=champion))
    lines += standings_lines(s)
    return _clip("\n".join(lines))


def cancelled(reason: str) -> str:
    tr = current()
    if reason:
        return tr._("The tournament is cancelled: {reason}", reason=reason)
    return tr._("The tournament is cancelled.")


def _match_words(m: MatchView) -> str:
    """'**Ann** – Bob', 'Ann (bye)', 'Ann – to come': the winner in bold once decided."""
    tr = current()
    if m.outcome is Outcome.BYE and len(m.seats) == 1:
        return f"{m.seats[0].name} " + tr._("(bye)")
    names = [
        (f"**{s.name}**" if s.place == 1 else s.name) if s.user_id is not None else tr._("to come") for s in m.seats
    ]
    return " – ".join(names)


def bracket_lines(view: BracketView) -> list[str]:
    """The bracket in words: each section, each round on a line of its matches."""
    tr = current()
    lines: list[str] = []
    for section in view.sections:
        if section.title is not None:
            lines.append(f"__{tr.said(section.title)}__")
        for r in section.rounds:
            lines.append(f"{tr.said(r.title)}: " + "; ".join(_match_words(m) for m in r.matches))
    return lines


def status(row: TournamentRow, t: Tournament, entries: Sequence[Entry], s: Standings | None) -> str:
    tr = current()
    lines = [heading(t) + " · " + tr._(STATUS_WORDS[row.status])]
    if s is None:
        names = tr.join([e.name for e in entries]) if entries else "—"
        lines.append(tr._("Signed up: {players}", players=names))
        return _clip("\n".join(lines))
    if t.config.format.eliminates:
        lines += bracket_lines(bracket_view(t))
    elif t.rounds:
        lines.append(tr._("**Round {round}** of the tournament:", round=len(t.rounds)))
        for p in t.rounds[-1].pairings:
            lines.append(result(t, p.key) if p.done and len(p.seats) > 1 else pairing_line(t, p))
    won = champion(t)
    if won is not None:
        lines.append(tr._("The champion: **{name}**!", name=won.name))
    lines += standings_lines(s)
    return _clip("\n".join(lines))


def thread_name(key: tuple[int, int]) -> str:
    """A match thread's name (at most 100 characters)."""
    return current()._("Round {round}, table {table}", round=key[0], table=key[1])[:100]
