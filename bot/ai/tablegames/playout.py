"""Guessed deals and fast play-outs for the table games' expert (Colonel, Skarney Gin, Rummy).

* ``Guesser``: deals the cards one seat has not seen (``plan.unseen``) at random into the other
  hands and the stock, keeping every card the view places: the pile cards a player took and still
  holds, the card held up in a Skarney offer, each hand's size and the stock's.
* ``play_hand``: plays a rebuilt game (bot.engine.tablegames.game_from_view) to the end of the
  hand with ``playout_move`` for every seat. That is the greedy player with Colonel's Challenge
  rule and answer from ``hard``: ``hard`` itself costs 20 to 140 ms a hand, so the 0.15 s of a
  decision would hold two or three play-outs; the greedy player holds dozens.
"""

from __future__ import annotations

import random

from bot.engine import Card
from bot.engine.tablegames import Act, SkarneyView, TableAction, TableGame, TableSeatView

from . import colonel
from .greedy import greedy_action
from .plan import first, unseen

MAX_MOVES = 2000  # a play-out this long is stopped and counted as a drawn hand


class Guesser:
    """Guesses at the hidden cards of one seat's view (see the module docstring)."""

    __slots__ = ("hidden", "known", "need", "ok", "others")

    def __init__(self, view: TableSeatView) -> None:
        self.known = [list(k) if s != view.seat else [] for s, k in enumerate(view.known)]
        placed: set[Card] = set()
        own = view.own
        if isinstance(own, SkarneyView) and own.offer is not None and own.offered_by not in (None, view.seat):
            by = own.offered_by
            assert by is not None
            if own.offer not in self.known[by]:
                self.known[by].append(own.offer)  # held up, still in his hand
            placed.add(own.offer)
        self.hidden = sorted(unseen(view) - placed)
        self.others = [s for s in range(view.seats) if s != view.seat]
        self.need = {s: view.hand_sizes[s] - len(self.known[s]) for s in self.others}
        self.ok = min(self.need.values(), default=0) >= 0 and sum(self.need.values()) + view.stock_count == len(
            self.hidden
        )

    def guess(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        """(every seat's hand, the seat's own left empty; the stock, top last)."""
        cards = self.hidden[:]
        rng.shuffle(cards)
        hands: list[list[Card]] = [[] for _ in self.known]
        at = 0
        for s in self.others:
            hands[s] = self.known[s] + cards[at : at + self.need[s]]
            at += self.need[s]
        return hands, cards[at:]


def playout_move(view: TableSeatView) -> TableAction:
    """The play-outs' player: greedy, with hard's Challenge and answer in Colonel."""
    if view.game == "colonel":
        if view.phase == "respond":
            return colonel.answer(view, colonel.NORMAL)
        challenge = first(view, Act.CHALLENGE)
        if challenge is not None and colonel.challenges(view, colonel.NORMAL):
            return challenge
    return greedy_action(view)


def play_hand(game: TableGame, seat: int) -> float:
    """Play ``game`` (rebuilt, no past hands) to the end of its hand: ``seat``'s points less the others' mean."""
    start = list(game.scores)
    moves = 0
    while not game.history:
        turn = game.turn
        if turn is None or moves > MAX_MOVES:
            return 0.0
        game.apply(turn, playout_move(game.seat_view(turn)))
        moves += 1
    gained = [game.scores[s] - start[s] for s in range(game.seats)]
    others = [g for s, g in enumerate(gained) if s != seat]
    return gained[seat] - sum(others) / len(others)


__all__ = ["MAX_MOVES", "Guesser", "play_hand", "playout_move"]
