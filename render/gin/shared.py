"""What the renderers of Gin for three and for four share: a seat's facts, a finished table's
sections and words."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.gin import DuelResult, GameView, TableView, TeamPublicView, TeamSeatView, TrioPublicView, TrioSeatView

from ..games import Control, Names
from ..kit.board import Section
from ..kit.words import cards_text, name_of
from ..knock.controls import knock_controls
from ..knock.words import doing
from ..narration import Voice, bonus_lines, totals_line
from .result import defender_groups, knocker_groups

_HOW = {
    "knock": "knocked",
    "undercut": "was undercut",
    "gin": "went gin",
    "big_gin": "went big gin",
    "low": "had the lower deadwood",
    "draw": "drawn",
}

Multi = TrioPublicView | TeamPublicView


def pair(names: Names, players: tuple[int, int]) -> tuple[str, str]:
    return name_of(names, players[0]), name_of(names, players[1])


def playing(v: Multi) -> bool:
    return not v.finished and v.turn is not None


def team_name(v: TeamPublicView, names: Names, team: int) -> str:
    a, b = v.teams[team]
    return f"{name_of(names, a)} & {name_of(names, b)}"


def table_of(v: TeamPublicView, seat: int) -> int:
    return 0 if seat in v.tables[0].players else 1


def facts(v: Multi, seat: int, table: TableView) -> list[str]:
    facts: list[str] = []
    if (
        v.finished
        and v.winner is not None
        and (v.winner == seat or (isinstance(v, TeamPublicView) and v.winner % 2 == seat % 2))
    ):
        facts.append("won the match")
    if isinstance(v, TrioPublicView) and v.sitting_out == seat:
        facts.append("deals and sits out")
        return facts
    if playing(v) and seat in v.to_act:
        facts.append("▶ " + doing(table.phase))
    facts.append(f"{v.card_counts[seat]} cards")
    if table.dealer == seat:
        facts.append("dealer")
    i = table.players.index(seat) if seat in table.players else -1
    if i >= 0 and table.known_cards[i]:
        facts.append("holds " + cards_text(table.known_cards[i]))
    return facts


def duel_sections(d: DuelResult, players: tuple[int, int], names: Names, prefix: str) -> tuple[list[Section], str]:
    if d.result is None:
        return [], f"{prefix}drawn, nobody scores."
    r = d.result
    k = d.knocker if d.knocker is not None else d.scorer if d.scorer is not None else players[0]
    other = players[1] if k == players[0] else players[0]
    how = _HOW.get(r.outcome.value, r.outcome.value)
    scorer = name_of(names, d.scorer) if d.scorer is not None else "nobody"
    secs = [
        Section(
            f"{prefix}{name_of(names, k)} {how} · deadwood {r.knocker_deadwood_points}",
            tuple(knocker_groups(r)),
            "No cards.",
        ),
        Section(
            f"{name_of(names, other)} · deadwood {r.defender_deadwood_points}", tuple(defender_groups(r)), "No cards."
        ),
    ]
    laid = f", laying off {cards_text(c for c, _ in r.defender_layoffs)}" if r.defender_layoffs else ""
    words = (
        f"{prefix}{name_of(names, k)} {how}: melds {'; '.join(cards_text(m) for m in r.knocker_melds) or 'none'}, "
        f"deadwood {cards_text(r.knocker_deadwood) or 'none'} ({r.knocker_deadwood_points}). "
        f"{name_of(names, other)}: melds {'; '.join(cards_text(m) for m in r.defender_melds) or 'none'}{laid}, "
        f"deadwood {cards_text(r.defender_deadwood) or 'none'} ({r.defender_deadwood_points}). "
        f"{scorer} scores {d.points}."
    )
    return secs, words


def seat_hint(v: TrioSeatView | TeamSeatView) -> str:
    """'You may knock' for a seat whose two-player hand may knock now."""
    return f"You may knock (limit {v.gin_view.knock_limit})." if v.can_knock and v.gin_view else ""


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
