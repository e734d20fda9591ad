"""A tournament's bracket and standings in words (the pictures' text alternatives, and what a player
without pictures reads), in the language being written now."""

from __future__ import annotations

from bot.i18n import current
from bot.tournaments import BracketView, MatchView, Outcome, SeatView, Standing, Standings

UNKNOWN = "?"  # a bracket place whose player is not known yet


def standings_title(view: Standings) -> str:
    t = current()
    head = t._("Final standings") if view.finished else t._("Standings")
    return f"{head} · {t.said(view.title)}"


def standing_line(row: Standing, view: Standings) -> str:
    """'1. Alice: 3 points, won 3, lost 1; Buchholz 7'."""
    t = current()
    name = t._("{name} (removed)", name=row.name) if row.removed else row.name
    if view.points:
        points = t.ngettext("{n} point", "{n} points", row.points, n=t.number(row.points))
        line = t._(
            "{place}. {name}: {points}, won {won}, lost {lost}",
            place=row.place,
            name=name,
            points=points,
            won=row.wins,
            lost=row.losses,
        )
    else:
        line = t._("{place}. {name}: won {won}, lost {lost}", place=row.place, name=name, won=row.wins, lost=row.losses)
    ties = [f"{t.said(title)} {t.number(value)}" for title, value in zip(view.tiebreaks, row.tiebreaks, strict=True)]
    return "; ".join([line, *ties])


def standings_words(view: Standings) -> str:
    """The whole standings, a line a player."""
    return "\n".join([standings_title(view), *(standing_line(row, view) for row in view.rows)])


def _seat(seat: SeatView) -> str:
    name = seat.name if seat.user_id is not None else UNKNOWN
    return name if seat.score is None else f"{name} {current().number(seat.score)}"


def match_line(match: MatchView) -> str:
    """'Alice – Bob' while open; '1. Alice 112 · 2. Bob 80' once decided, and how if not played out."""
    t = current()
    if match.outcome is Outcome.BYE:
        return t._("{name}: bye", name=match.seats[0].name)
    if match.outcome is None:
        return " – ".join(_seat(s) for s in match.seats)
    ranked = sorted(match.seats, key=lambda s: s.place or 0)
    line = " · ".join(f"{s.place}. {_seat(s)}" for s in ranked)
    if match.outcome is Outcome.FORFEIT:
        how = t._("forfeited by {names}", names=t.join([s.name for s in match.seats if s.forfeited]))
        return f"{line} ({how})"
    if match.outcome is Outcome.AWARDED:
        how = t._("awarded: {reason}", reason=match.reason)
        return f"{line} ({how})"
    return line


def bracket_words(view: BracketView) -> str:
    """Every round of every part, a line a match; the champion at the end once there is one."""
    t = current()
    lines = [t.said(view.title)]
    for section in view.sections:
        if section.title is not None:
            lines.append(f"— {t.said(section.title)} —")
        for round_view in section.rounds:
            lines.append(f"{t.said(round_view.title)}:")
            lines += [f"  {match_line(m)}" for m in round_view.matches]
    if view.champion is not None:
        lines.append(t._("Champion: {name}", name=view.champion))
    return "\n".join(lines)


__all__ = ["bracket_words", "match_line", "standing_line", "standings_title", "standings_words"]
