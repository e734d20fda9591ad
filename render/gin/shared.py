"""What the renderers of Gin for three and for four share: a seat's facts, a finished table's
sections and words."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.gin import DuelResult, GameView, TableView, TeamPublicView, TeamSeatView, TrioPublicView, TrioSeatView
from bot.i18n import N_, current

from ..games import Control, Names
from ..kit.board import Section
from ..kit.words import cards_text, name_of
from ..knock.controls import knock_controls
from ..knock.words import doing
from ..narration import Voice, bonus_lines, totals_line
from .result import defender_groups, knocker_groups

# How a table's hand ended, said of the player who laid out first: a section's title, and the
# first sentence of the table's words (a KnockResult's outcome is never a draw).
_TITLES = {
    "knock": N_("{player} knocked · deadwood {deadwood}"),
    "undercut": N_("{player} was undercut · deadwood {deadwood}"),
    "gin": N_("{player} went gin · deadwood {deadwood}"),
    "big_gin": N_("{player} went big gin · deadwood {deadwood}"),
    "low": N_("{player} had the lower deadwood · deadwood {deadwood}"),
}
_LAID_OUT = {
    "knock": N_("{player} knocked: melds {melds}, deadwood {cards} ({deadwood})."),
    "undercut": N_("{player} was undercut: melds {melds}, deadwood {cards} ({deadwood})."),
    "gin": N_("{player} went gin: melds {melds}, deadwood {cards} ({deadwood})."),
    "big_gin": N_("{player} went big gin: melds {melds}, deadwood {cards} ({deadwood})."),
    "low": N_("{player} had the lower deadwood: melds {melds}, deadwood {cards} ({deadwood})."),
}

Multi = TrioPublicView | TeamPublicView


def pair(names: Names, players: tuple[int, int]) -> tuple[str, str]:
    return name_of(names, players[0]), name_of(names, players[1])


def playing(v: Multi) -> bool:
    return not v.finished and v.turn is not None


def team_name(v: TeamPublicView, names: Names, team: int) -> str:
    a, b = v.teams[team]
    return current()._("{first} & {second}", first=name_of(names, a), second=name_of(names, b))


def table_of(v: TeamPublicView, seat: int) -> int:
    return 0 if seat in v.tables[0].players else 1


def facts(v: Multi, seat: int, table: TableView) -> list[str]:
    t = current()
    facts: list[str] = []
    if (
        v.finished
        and v.winner is not None
        and (v.winner == seat or (isinstance(v, TeamPublicView) and v.winner % 2 == seat % 2))
    ):
        facts.append(t._("won the match"))
    if isinstance(v, TrioPublicView) and v.sitting_out == seat:
        facts.append(t._("deals and sits out"))
        return facts
    if playing(v) and seat in v.to_act:
        facts.append("▶ " + doing(table.phase))
    held = v.card_counts[seat]
    facts.append(t.ngettext("{n} card", "{n} cards", held, n=t.number(held)))
    if table.dealer == seat:
        facts.append(t._("dealer"))
    i = table.players.index(seat) if seat in table.players else -1
    if i >= 0 and table.known_cards[i]:
        facts.append(t._("holds {cards}", cards=cards_text(table.known_cards[i])))
    return facts


def _at_table(table: int | None, told: str) -> str:
    """The words of one of a partnership's tables under its number ('Table 2: ...')."""
    return told if table is None else current()._("Table {number}: {told}", number=table + 1, told=told)


def duel_sections(
    d: DuelResult, players: tuple[int, int], names: Names, table: int | None = None
) -> tuple[list[Section], str]:
    """A two-player hand's sections (each hand laid out) and its words; ``table``: the partnership's
    table it was played at (None: the only one)."""
    t = current()
    if d.result is None:
        return [], _at_table(table, t._("drawn, nobody scores."))
    r = d.result
    k = d.knocker if d.knocker is not None else d.scorer if d.scorer is not None else players[0]
    other = players[1] if k == players[0] else players[0]
    how = r.outcome.value if r.outcome.value in _TITLES else "knock"
    # i18n: said for a list of melds or of deadwood cards that is empty ("melds none, deadwood 4♣ (4)")
    none = t.pgettext("no cards", "none")
    secs = [
        Section(
            _at_table(table, t._(_TITLES[how], player=name_of(names, k), deadwood=r.knocker_deadwood_points)),
            tuple(knocker_groups(r)),
            t._("No cards."),
        ),
        Section(
            t._("{player} · deadwood {deadwood}", player=name_of(names, other), deadwood=r.defender_deadwood_points),
            tuple(defender_groups(r)),
            t._("No cards."),
        ),
    ]
    first = t._(
        _LAID_OUT[how],
        player=name_of(names, k),
        melds="; ".join(cards_text(m) for m in r.knocker_melds) or none,
        cards=cards_text(r.knocker_deadwood) or none,
        deadwood=r.knocker_deadwood_points,
    )
    answer = {
        "player": name_of(names, other),
        "melds": "; ".join(cards_text(m) for m in r.defender_melds) or none,
        "cards": cards_text(r.defender_deadwood) or none,
        "deadwood": r.defender_deadwood_points,
    }
    if r.defender_layoffs:
        second = t._(
            "{player}: melds {melds}, laying off {layoffs}, deadwood {cards} ({deadwood}).",
            layoffs=cards_text(c for c, _ in r.defender_layoffs),
            **answer,
        )
    else:
        second = t._("{player}: melds {melds}, deadwood {cards} ({deadwood}).", **answer)
    if d.scorer is not None:
        scored = t._("{player} scores {points}.", player=name_of(names, d.scorer), points=d.points)
    else:
        scored = t._("nobody scores {points}.", points=d.points)
    return secs, _at_table(table, f"{first} {second} {scored}")


def seat_hint(v: TrioSeatView | TeamSeatView) -> str:
    """'You may knock' for a seat whose two-player hand may knock now."""
    if v.can_knock and v.gin_view:
        return current()._("You may knock (limit {limit}).", limit=v.gin_view.knock_limit)
    return ""


def seat_controls(v: TrioSeatView | TeamSeatView) -> list[Control]:
    """The seat's moves: its two-player hand's controls, only those legal for this seat now."""
    if v.gin_view is None or not v.legal:
        return []
    legal = {str(a) for a in v.legal}
    return [c for c in knock_controls(v.gin_view) if c.action in legal]


def bonus_story(games: Sequence[GameView], scorers: Sequence[str], names: Names, shutout: str) -> list[str]:
    """Every bonus of the match's games with its reason, then each total as hands plus bonuses."""
    voice = Voice(names)
    bonuses = [line for g in games for line in bonus_lines(g, scorers, voice, shutout)]
    return bonuses + [totals_line(g, scorers, voice) for g in games]
