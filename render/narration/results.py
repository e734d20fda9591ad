"""A finished hand of every game in words: for every seat or team what happened, and the points
with their reason (render.narration.duel tells one two-player hand)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.gin import HandRecord, TeamHandRecord, TrioHandRecord
from bot.engine.knock import Outcome
from bot.engine.knockout import KnockoutRecord
from bot.engine.tablegames import TableHand
from bot.i18n import N_, NP_

from .duel import BIG_GIN, GIN, KNOCKED, DuelEnd, duel_lines
from .voice import Phrase, Voice, capitalised

SAT_OUT: Phrase = (N_("dealt and sat out"), NP_("you", "dealt and sat out"))
PENALTY: Phrase = (N_("takes {points} in penalties"), NP_("you", "take {points} in penalties"))
PENALTY_LAID_OFF: Phrase = (
    N_("takes {points} in penalties after laying off {cards}"),
    NP_("you", "take {points} in penalties after laying off {cards}"),
)
OUT_AT: Phrase = (N_("reached {limit} and is out"), NP_("you", "reached {limit} and are out"))
TABLE_OUTCOMES: dict[str, Phrase] = {
    "out": (N_("went out"), NP_("you", "went out")),
    "rummy": (N_("went rummy: every card in one turn"), NP_("you", "went rummy: every card in one turn")),
    "gin": (N_("went gin"), NP_("you", "went gin")),
    "stock": (N_("won at the stock's end"), NP_("you", "won at the stock's end")),
    "challenge": (N_("won the Challenge"), NP_("you", "won the Challenge")),
}
SCORES: Phrase = (N_("scores {points}"), NP_("you", "score {points}"))
HELD: Phrase = (N_("held {cards}: {points}"), NP_("you", "held {cards}: {points}"))


def _first_of(outcome_first: int | None, winner: int | None) -> int | None:
    """The seat that laid out first: the knocker, or the lower hand when the stock ran out."""
    return outcome_first if outcome_first is not None else winner


def gin_hand(record: HandRecord, voice: Voice) -> list[str]:
    """A two-player hand."""
    first = _first_of(record.knocker, record.winner)
    other = None if first is None else 1 - first
    return duel_lines(DuelEnd(record.outcome, first, other, record.winner, record.points, record.result), voice)


def trio_hand(record: TrioHandRecord, voice: Voice) -> list[str]:
    """A hand of three-player Gin: who sat out, then the two who played."""
    first = _first_of(record.knocker, record.winner)
    a, b = record.players
    other = None if first is None else (b if first == a else a)
    lines = [voice.sentence(record.dealer, [voice.phrase(record.dealer, SAT_OUT)])]
    end = DuelEnd(record.outcome, first, other, record.winner, record.points, record.result)
    return lines + duel_lines(end, voice)


def team_name(team: Sequence[int], voice: Voice) -> str:
    if voice.viewer is not None and voice.viewer in team:
        return voice.t._(N_("your team"))
    return voice.t.join([voice.name(s) for s in team])


def team_hand(record: TeamHandRecord, teams: Sequence[Sequence[int]], voice: Voice) -> list[str]:
    """A hand of partnership Gin: each table (the reader's first), then what each team scores and why."""
    order = sorted(range(2), key=lambda t: voice.viewer not in record.players[t])
    lines: list[str] = []
    for t in order:
        result = record.tables[t]
        seats = record.players[t]  # the table's two match seats
        first = _first_of(result.knocker, result.scorer)
        other = None if first is None else (seats[1] if first == seats[0] else seats[0])
        end = DuelEnd(result.outcome, first, other, result.scorer, result.points, result.result)
        told = " ".join(f"{line}." if line[-1] not in ".!?" else line for line in duel_lines(end, voice))
        lines.append(voice.t._(N_("Table {number}: {told}"), number=t + 1, told=told))
    won = [sum(r.points for r in record.tables if r.scorer in team) for team in teams]
    lines.extend(capitalised(line) for line in _team_lines(record, teams, won, voice))
    return lines


# What a team scores, said of the reader's own team or of two players by name ("Bob and Dave score").
TEAM_SCORES: Phrase = (N_("{team} score {points}"), NP_("you", "Your team scores {points}"))


def _team_lines(record: TeamHandRecord, teams: Sequence[Sequence[int]], won: Sequence[int], voice: Voice) -> list[str]:
    a, b = record.team_points
    names = [team_name(team, voice) for team in teams]
    if record.outcome == "draw" or record.winner is None:
        return [voice.t._(N_("Neither team scores this hand."))]
    if record.outcome == "separate":
        return [
            voice.t._(
                N_("Each team keeps its own: {first} +{a}, {second} +{b}."), first=names[0], a=a, second=names[1], b=b
            )
        ]
    team = teams[record.winner]
    # the reader's team in the second person: the phrase's "you" form
    who = team[0] if voice.viewer not in team else voice.viewer
    scored = voice.phrase(who, TEAM_SCORES, team=names[record.winner], points=record.points)
    if record.outcome == "sum":
        return [voice.t._(N_("{scored}: no other team scored, so it keeps the sum of its tables."), scored=scored)]
    return [
        voice.t._(
            N_("{scored}: the difference of the two tables, {more} − {fewer}."),
            scored=scored,
            more=won[record.winner],
            fewer=won[1 - record.winner],
        )
    ]


def knockout_hand(record: KnockoutRecord, limit: int, voice: Voice) -> list[str]:
    """A hand of Knockout: how it ended, every player's penalty and why, who went out."""
    r = record.result
    if r is None:
        return [voice.t._(N_("The hand is a draw: no penalties."))]
    knocker = r.knocker
    opening = {Outcome.GIN: GIN, Outcome.BIG_GIN: BIG_GIN}.get(r.outcome, KNOCKED)
    lines = [voice.sentence(knocker, [voice.phrase(knocker, opening, deadwood=r.layouts[0].penalty)])]
    for lay in r.layouts:
        if lay.layoffs:
            cards = " ".join(c.pretty for c, _ in lay.layoffs)
            said = voice.phrase(lay.seat, PENALTY_LAID_OFF, points=lay.penalty, cards=cards)
        else:
            said = voice.phrase(lay.seat, PENALTY, points=lay.penalty)
        lines.append(voice.sentence(lay.seat, [said]))
    lines.extend(voice.sentence(s, [voice.phrase(s, OUT_AT, limit=limit)]) for s in record.went_out)
    return lines


def table_hand(record: TableHand, voice: Voice) -> list[str]:
    """A hand of Colonel, Skarney or Rummy: who ended it and how, what the others held, the score."""
    if record.winner is None:
        return [voice.t._(N_("The hand ends with no score."))]
    ender = record.knocker if record.knocker is not None else record.winner
    how = TABLE_OUTCOMES.get(record.outcome)
    lines = [voice.sentence(ender, [voice.phrase(ender, how)])] if how is not None else []
    for seat, cards in enumerate(record.left):
        if cards:
            held = " ".join(c.pretty for c in cards)
            lines.append(voice.sentence(seat, [voice.phrase(seat, HELD, cards=held, points=record.left_points[seat])]))
    lines.append(voice.sentence(record.winner, [voice.phrase(record.winner, SCORES, points=record.points)]))
    return lines
