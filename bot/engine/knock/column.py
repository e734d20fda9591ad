"""A scoring column (``ScoreColumn``): hand points, hands won, and at its close the line, game and shutout bonuses.

Two-player Gin has one column (Hollywood three, a series one per game); three players and
partnerships one each, with an entry per player or per team.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .rules import Ruleset


@dataclass(slots=True)
class ScoreColumn:
    """One scoring column (a match has one; Hollywood has three; a series one per game).

    Its lists have one entry per scorer: two players, three players, or two teams.
    """

    scores: list[int] = field(default_factory=lambda: [0, 0])
    hands_won: list[int] = field(default_factory=lambda: [0, 0])
    finished: bool = False
    winner: int | None = None
    line_bonus: list[int] = field(default_factory=lambda: [0, 0])
    game_bonus: int = 0
    shutout: bool = False
    totals: list[int] = field(default_factory=lambda: [0, 0])  # final, with bonuses
    shutout_points: int = 0  # what the shutout rule added to the winner's total

    @classmethod
    def empty(cls, scorers: int) -> ScoreColumn:
        return cls([0] * scorers, [0] * scorers, line_bonus=[0] * scorers, totals=[0] * scorers)

    def close(self, winner: int, rules: Ruleset, *, bonuses: bool = True) -> None:
        """End this game: add the line and game bonuses and the shutout rule (docs/rules.md#a-match).

        ``bonuses=False`` (a game of a series) keeps the hand points as the game's totals.
        """
        self.finished = True
        self.winner = winner
        if not bonuses:
            self.totals = list(self.scores)
            return
        n = len(self.scores)
        self.line_bonus = [rules.line_bonus * w for w in self.hands_won]
        shut = rules.shutout != "none" and all(self.hands_won[i] == 0 for i in range(n) if i != winner)
        self.shutout = shut
        self.game_bonus = rules.game_bonus * (2 if shut and rules.shutout == "game200" else 1)
        totals = [self.scores[i] + self.line_bonus[i] for i in range(n)]
        totals[winner] += self.game_bonus
        extra = 0
        if shut:
            # 'double': the hand points doubled before the line and game bonuses; 'total': the whole total;
            # 'game200': the game bonus doubled (already in); 'plus100': shutout_bonus more
            extra = {
                "double": self.scores[winner],
                "total": totals[winner],
                "game200": rules.game_bonus,
                "plus100": rules.shutout_bonus,
            }[rules.shutout]
            if rules.shutout != "game200":
                totals[winner] += extra
        self.shutout_points = extra
        self.totals = totals

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": self.scores,
            "hands_won": self.hands_won,
            "finished": self.finished,
            "winner": self.winner,
            "line_bonus": self.line_bonus,
            "game_bonus": self.game_bonus,
            "shutout": self.shutout,
            "totals": self.totals,
            "shutout_points": self.shutout_points,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ScoreColumn:
        return cls(
            scores=list(d["scores"]),
            hands_won=list(d["hands_won"]),
            finished=d["finished"],
            winner=d["winner"],
            line_bonus=list(d["line_bonus"]),
            game_bonus=d["game_bonus"],
            shutout=d["shutout"],
            totals=list(d["totals"]),
            shutout_points=d.get("shutout_points", 0),
        )
