"""The ``expert`` level of Colonel, Skarney Gin and Rummy: hard's move unless a determinised search
finds a clearly better one. Reads only the seat's view.

Each round guesses the hidden cards (playout.Guesser), rebuilds the game from the view with them
(bot.engine.tablegames.game_from_view), and plays the hand out after every candidate move
(playout.play_hand); a candidate is worth the hand's points for the seat less the others'. Paired
deals, the confidence rule and the budget are bot/ai/paired.py's (``TABLE_BUDGET`` here).

* Candidates, hard's move first: both draws (and Colonel's Challenge with a small hand); the
  answer to a Skarney offer (not to a Challenge: see ``candidates``); when hard discards or offers, the few best discards (offers)
  by hard's own hand score, and in Rummy and Colonel laying the first meld instead.
* Every other decision (Skarney's draw, melds, contracts, lay-offs) is hard's, at once, and so is
  every decision at a Rummy table of more than two.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bot.engine.tablegames import Act, TableAction, TableSeatView, clone, game_from_view

from ..paired import BUDGET, Budget, current_budget, paired_search
from ..registry import Chooser
from . import colonel, rummy, skarney
from .plan import first
from .playout import Guesser, play_hand

# 0.13 s of play-outs after hard's own decision keeps the median within the 200 ms
# z 1.5 (Gin's 1.0): the greedy play-outs are not how hard plays, so a move must win more clearly
TABLE_BUDGET = Budget(seconds=0.13, rounds=300, min_rounds=16, check_every=8, z=1.5, drop_z=2.5, discards=3)
# The games whose registered 'expert' searches (bot/ai/__init__.py): only where the search did not lose
# to hard in bench/table_games.py (docs/expert.md has the numbers); elsewhere expert plays as hard.
SEARCHED: frozenset[str] = frozenset({"skarney"})
CHALLENGE_MAX = 20  # Colonel: the Challenge is searched only with at most this many points in hand


def _ranked(view: TableSeatView, kind: Act) -> list[TableAction]:
    """The legal discards (offers) of ``kind``, the best first by hard's score of the hand left."""
    if view.game == "skarney":
        judge = skarney.judge(view, skarney.NORMAL)
    else:
        judge = rummy.Judge(view, colonel.NORMAL.turn if view.game == "colonel" else rummy.params_for(view))
    hand = list(view.hand)
    return sorted((a for a in view.legal if a.kind is kind), key=lambda a: judge.score_without(hand, a.cards[0]))


def candidates(view: TableSeatView, default: TableAction, width: int) -> list[TableAction]:
    """The moves worth searching, ``default`` first (see the module docstring)."""
    out = [default]

    def add(a: TableAction | None) -> None:
        if a is not None and a not in out:
            out.append(a)

    if view.phase == "respond":
        if view.game == "colonel":
            # a Challenge says the challenger's total is small; guesses dealt at random ignore that and
            # would accept nearly every Challenge (measured: 17 of 29 of hard's rejections overturned)
            return out
        for a in view.legal:
            add(a)
    elif view.phase == "draw":
        add(first(view, Act.DRAW_STOCK))
        add(first(view, Act.DRAW_PILE))
        if view.hand_points <= CHALLENGE_MAX:
            add(first(view, Act.CHALLENGE))
    elif default.kind in (Act.DISCARD, Act.OFFER):
        for a in _ranked(view, default.kind)[:width]:
            add(a)
        if view.game != "skarney":
            add(first(view, Act.MELD))  # hard may be holding its melds back
    return out


def search(view: TableSeatView, rng: random.Random, default: TableAction, b: Budget | None = None) -> TableAction:
    """The expert's move for ``view``: ``default`` unless the search finds a clearly better one."""
    if b is None:
        b = current_budget()
        b = TABLE_BUDGET if b is BUDGET else b  # Gin's default budget is not the table games'; a test's is
    moves = candidates(view, default, b.discards)
    guesser = Guesser(view)
    if len(moves) == 1 or not guesser.ok:
        return default
    seat = view.seat

    def one_round(alive: list[int]) -> list[float]:
        hands, stock = guesser.guess(rng)
        base = game_from_view(view, hands, stock, rng.getrandbits(32))
        values = [0.0] * len(moves)
        for i in alive:
            game = clone(base)
            game.apply(seat, moves[i])
            values[i] = play_hand(game, seat)
        return values

    return moves[paired_search(len(moves), one_round, b)]


@dataclass(frozen=True, slots=True)
class Searching:
    """A game's chooser whose 'expert' searches around its 'hard' move (a module-level object: picklable)."""

    hard: Chooser[TableSeatView, TableAction]

    def __call__(self, view: TableSeatView, level: str, rng: random.Random, /) -> Any:
        if level != "expert":
            return self.hard(view, level, rng)
        default = self.hard(view, "hard", rng)
        # two seats only: the search was measured there (bench/table_games.py has no many-seat pairing against hard)
        if len(view.legal) < 2 or view.turn != view.seat or view.seats != 2:
            return default
        return search(view, rng, default)


__all__ = ["CHALLENGE_MAX", "SEARCHED", "TABLE_BUDGET", "Searching", "candidates", "search"]
