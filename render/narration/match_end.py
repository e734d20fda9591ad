"""The end of a match in words: every bonus that moved a total beyond the hands' points, and for
Knockout the rule that decided the winner."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.gin import GameView
from bot.engine.knockout import KnockoutPublicView
from bot.i18n import N_

from .voice import Voice

SHUTOUTS = {
    "double": N_("shutout: {name}'s hand points doubled before the bonuses"),
    "total": N_("shutout: {name}'s total doubled"),
    "game200": N_("shutout: {name}'s game bonus doubled"),
    "plus100": N_("shutout: {name} gets the shutout bonus, {points}"),
}


def bonus_lines(game: GameView, scorers: Sequence[str], voice: Voice, shutout_rule: str = "double") -> list[str]:
    """One game's bonuses, each with its reason (``scorers``: the name of each seat or team):
    'Alice: line bonus 75 for 3 hands won', 'Alice: game bonus 100', the shutout."""
    t = voice.t
    lines = []
    for i, bonus in enumerate(game.line_bonus):
        if bonus:
            won = t.ngettext("{n} hand won", "{n} hands won", game.hands_won[i], n=game.hands_won[i])
            lines.append(t._(N_("{name}: line bonus {points} for {won}"), name=scorers[i], points=bonus, won=won))
    if game.finished and game.winner is not None:
        name = scorers[game.winner]
        if game.game_bonus:
            lines.append(
                t._(N_("{name}: game bonus {points} for reaching the target"), name=name, points=game.game_bonus)
            )
        if game.shutout:
            words = SHUTOUTS.get(shutout_rule, N_("shutout: {name} wins a shutout"))
            lines.append(t._(words, name=name, points=game.shutout_points))
    return lines


def totals_line(game: GameView, scorers: Sequence[str], voice: Voice) -> str:
    """'Totals: Alice 232 (157 in hands + 75 in bonuses) · Bob 59' when bonuses changed a total."""
    parts = []
    for i, name in enumerate(scorers):
        total, hands = game.totals[i], game.scores[i]
        if total != hands:
            parts.append(
                voice.t._(
                    N_("{name} {total} ({hands} in hands + {bonus} in bonuses)"),
                    name=name,
                    total=total,
                    hands=hands,
                    bonus=total - hands,
                )
            )
        else:
            parts.append(voice.t._(N_("{name} {total}"), name=name, total=total))
    return voice.t._(N_("Totals: {totals}"), totals=" · ".join(parts))


def knockout_end(view: KnockoutPublicView, voice: Voice) -> list[str]:
    """Who won Knockout and by which rule: the last player left, or (when everyone still in reached the
    limit in one hand) the lowest penalty among them."""
    if view.winner is None:
        return []
    limit = view.rules.target
    name = voice.name(view.winner)
    if view.penalties[view.winner] >= limit:
        return [
            voice.t._(
                N_(
                    "Everyone still in reached {limit} in the same hand: {name}, with the lowest penalty ({points}), wins."
                ),
                limit=limit,
                name=name,
                points=view.penalties[view.winner],
            )
        ]
    return [voice.t._(N_("{name} is the last player under {limit} and wins."), name=name, limit=limit)]
