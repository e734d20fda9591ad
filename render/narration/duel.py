"""The end of one two-player Gin hand in words, whatever table it was played at (two-player Gin,
one hand of three-player Gin, one table of a partnership): who did what, and the points with
their reason, each player spoken of by name or as "you"."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.knock import KnockResult, Outcome
from bot.i18n import N_, NP_

from .voice import Phrase, Voice


@dataclass(frozen=True, slots=True)
class DuelEnd:
    """A finished hand between two seats (match seats): ``first`` laid out first (the knocker, or
    the lower hand when the stock ran out), ``other`` the one who answered."""

    outcome: Outcome
    first: int | None
    other: int | None
    scorer: int | None
    points: int
    result: KnockResult | None


KNOCKED: Phrase = (N_("knocked with {deadwood} deadwood"), NP_("you", "knocked with {deadwood} deadwood"))
GIN: Phrase = (N_("went gin"), NP_("you", "went gin"))
BIG_GIN: Phrase = (N_("went big gin"), NP_("you", "went big gin"))
LOWER: Phrase = (
    N_("had the lower deadwood, {deadwood}, when the stock ran out"),
    NP_("you", "had the lower deadwood, {deadwood}, when the stock ran out"),
)
ANSWERED: Phrase = (N_("had {deadwood} deadwood"), NP_("you", "had {deadwood} deadwood"))
ANSWERED_LAID_OFF: Phrase = (
    N_("had {deadwood} deadwood after laying off {cards}"),
    NP_("you", "had {deadwood} deadwood after laying off {cards}"),
)
SCORES: Phrase = (N_("scores {points}"), NP_("you", "score {points}"))
UNDERCUT: Phrase = (N_("undercut and scores {points}"), NP_("you", "undercut and score {points}"))


def _reason(end: DuelEnd, voice: Voice) -> str:
    """Why the scorer scores what he does, in a few words."""
    r = end.result
    assert r is not None
    t = voice.t
    if end.outcome in (Outcome.GIN, Outcome.BIG_GIN):
        if voice.is_you(end.other):
            text = t._(N_("your {deadwood} deadwood and the gin bonus"), deadwood=r.defender_deadwood_points)
        else:
            text = t._(
                N_("{name}'s {deadwood} deadwood and the gin bonus"),
                name=voice.name(end.other),
                deadwood=r.defender_deadwood_points,
            )
    elif end.outcome is Outcome.UNDERCUT:
        text = t._(N_("the difference and the undercut bonus"))
    elif r.points and end.scorer == end.first:
        text = t._(
            N_("the difference, {more} − {fewer}"), more=r.defender_deadwood_points, fewer=r.knocker_deadwood_points
        )
    else:
        text = t._(N_("the difference"))
    if r.bonus:
        text = t._(N_("{reason}, with a run bonus of {bonus}"), reason=text, bonus=r.bonus)
    if r.multiplier > 1:
        text = t._(N_("{reason}, times {multiplier}"), reason=text, multiplier=r.multiplier)
    return text


def duel_lines(end: DuelEnd, voice: Voice) -> list[str]:
    """'Alice knocked with 4 deadwood', 'Bob had 17 deadwood after laying off 9♠', 'Alice scores 13:
    the difference, 17 less 4'; a drawn hand is one line."""
    r = end.result
    if r is None or end.first is None or end.other is None:
        return [voice.t._(N_("The hand is a draw: nobody scores."))]
    opening = {Outcome.GIN: GIN, Outcome.BIG_GIN: BIG_GIN, Outcome.LOW: LOWER}.get(end.outcome, KNOCKED)
    lines = [voice.sentence(end.first, [voice.phrase(end.first, opening, deadwood=r.knocker_deadwood_points)])]
    if r.defender_layoffs:
        laid = " ".join(c.pretty for c, _ in r.defender_layoffs)
        answer = voice.phrase(end.other, ANSWERED_LAID_OFF, deadwood=r.defender_deadwood_points, cards=laid)
    else:
        answer = voice.phrase(end.other, ANSWERED, deadwood=r.defender_deadwood_points)
    lines.append(voice.sentence(end.other, [answer]))
    if end.scorer is None:
        lines.append(voice.t._(N_("Nobody scores: a tie without an undercut bonus.")))
        return lines
    phrase = UNDERCUT if end.outcome is Outcome.UNDERCUT else SCORES
    scored = voice.sentence(end.scorer, [voice.phrase(end.scorer, phrase, points=end.points)])
    lines.append(voice.t._(N_("{scored}: {reason}."), scored=scored, reason=_reason(end, voice)))
    return lines
