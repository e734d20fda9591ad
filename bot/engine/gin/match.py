"""Two-player Gin: hands dealt from a seed, hand scores, games with their bonuses, Hollywood.

The rules are in docs/rules.md (#a-match, #variants). ``Match`` implements the game
protocol (bot.engine.game.GameState). ``Match.apply`` is the only way a match changes:
it validates first (IllegalAction leaves everything untouched), then returns the events
the move caused; ``last_events`` holds the whole current turn (a draw and its discard).
The views are built here (``public_view``, ``seat_view``); their classes are in views.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..game import IllegalAction, MatchSummary
from ..knock.actions import Action, ActionKind
from ..knock.column import ScoreColumn
from ..knock.core import MatchCore, check_format, cut_low, state_from_dict
from ..knock.deal import HandState, Phase, deal_rng
from ..knock.events import Event, EventKind, move_events
from ..knock.fields import match_fields, own_fields
from ..knock.rules import Ruleset
from ..knock.scoring import Outcome
from ..knock.summary import summarize
from .records import HandRecord
from .views import PublicView, SeatView, game_view, hand_fields

__all__ = ["FORMAT_VERSION", "GAME", "HandRecord", "Match", "cut_for_dealer", "public_view", "seat_view"]

GAME = "gin"
FORMAT_VERSION = 1
_K_RESIGN, _OVER = ActionKind.RESIGN, Phase.OVER


def cut_for_dealer(seed: int) -> int:
    """The first dealer: both cut, low card deals (a tie in rank cuts again)."""
    return cut_low(f"gin:{seed}:cut", 2)


@dataclass(slots=True)
class Match(MatchCore[HandRecord]):
    rules: Ruleset
    seed: int
    dealer: int
    deal_number: int
    hand: HandState
    games: list[ScoreColumn]
    wins: list[int]  # hands won in the whole match, per seat (Hollywood's entry rule counts these)
    history: list[HandRecord] = field(default_factory=list)
    finished: bool = False
    winner: int | None = None
    resigned_by: int | None = None
    moves: int = 0  # successful applies so far
    last_events: tuple[Event, ...] = ()
    series_bonus: list[int] = field(default_factory=lambda: [0, 0])  # a series' end bonuses, per seat

    # -- creation -----------------------------------------------------------------
    @classmethod
    def new(cls, rules: Ruleset, seed: int, seats: int = 2) -> Match:
        """A new match; the first dealer is cut from the seed (docs/rules.md#the-deal)."""
        if seats != 2:
            raise ValueError("Gin is played by two players")
        dealer = cut_for_dealer(seed)
        return cls(
            rules=rules,
            seed=seed,
            dealer=dealer,
            deal_number=1,
            hand=HandState.deal(dealer, deal_rng(seed, 1), eleven=rules.deal == 11),
            games=[ScoreColumn() for _ in range(3 if rules.hollywood else 1)],
            wins=[0, 0],
        )

    @classmethod
    def replay(cls, rules: Ruleset, seed: int, moves: Iterable[tuple[int, str]]) -> Match:
        """Rebuild a match from its seed and move log (seat, action text)."""
        match = cls.new(rules, seed)
        for seat, text in moves:
            match.apply(seat, Action.parse(text))
        return match

    # -- questions ------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return 2

    @property
    def turn(self) -> int | None:
        return None if self.finished else self.hand.turn

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.finished else (self.hand.turn,)

    def public_view(self) -> PublicView:
        return public_view(self)

    def seat_view(self, seat: int) -> SeatView:
        return seat_view(self, seat)

    def legal_actions(self, seat: int) -> list[Action]:
        """The moves ``seat`` may make now (resigning is always possible and not listed)."""
        if self.finished:
            return []
        return self.hand.legal_actions(seat, self.rules)

    def totals(self) -> tuple[int, int]:
        """Running score per seat: the sum over games of final totals (finished) or scores.

        A series adds its games' hand points, its per-game bonus and, at its end, its bonuses.
        """
        out = [0, 0]
        for g in self.games:
            src = g.totals if g.finished else g.scores
            out[0] += src[0]
            out[1] += src[1]
        if self.rules.length == "series":
            for g in self.games:
                if g.winner is not None:
                    out[g.winner] += self.rules.series_game_bonus
            out[0] += self.series_bonus[0]
            out[1] += self.series_bonus[1]
        return out[0], out[1]

    def summary(self) -> MatchSummary | None:
        if not self.finished or self.winner is None:
            return None
        totals = self.totals()
        w = self.winner
        return summarize(
            self,
            w,
            ((r.winner, r.outcome) for r in self.history),
            loser=1 - w,
            totals=totals,
            margin=totals[w] - totals[1 - w],
        )

    # -- the move (``resign``: the other player wins with the totals as they stand) ---------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a move of ``seat``; IllegalAction if not allowed (nothing changes then)."""
        if seat != 0 and seat != 1:
            raise IllegalAction("You are not playing at this table.")
        if self.finished:
            raise IllegalAction("That match is over.")
        if action.kind is _K_RESIGN:
            return self._resigned(seat, 1 - seat)
        hand = self.hand
        before_discard_top = hand.discards[-1] if hand.discards else None
        made = hand.apply(seat, action, self.rules)  # raises before any change if illegal
        events = move_events(seat, made, before_discard_top)
        if hand.phase is _OVER:
            self._end_hand(events)
        return self._done(events)

    def _end_hand(self, events: list[Event]) -> None:
        hand = self.hand
        if hand.drawn_hand:
            record = HandRecord(self.deal_number, hand.dealer, Outcome.DRAW, None, None, 0, (), None)
            self.history.append(record)
            events.append(Event(EventKind.HAND_DRAWN))
            if not self._fixed_length_over(events):
                self._deal(self.dealer, events)  # same dealer deals again
            return
        result = hand.result
        assert result is not None and hand.knocker is not None
        scorer = None
        if result.scorer == "knocker":
            scorer = hand.knocker
        elif result.scorer == "defender":
            scorer = 1 - hand.knocker
        games: tuple[int, ...] = ()
        if scorer is not None:
            self.wins[scorer] += 1
            games = self._enter_score(scorer, result.points)
        knocker = None if result.outcome is Outcome.LOW else hand.knocker  # at the stock's end nobody knocked
        record = HandRecord(
            self.deal_number, hand.dealer, result.outcome, knocker, scorer, result.points, games, result
        )
        self.history.append(record)
        events.append(Event(EventKind.HAND_SCORED, scorer))
        for g in games:
            if self.games[g].finished:
                events.append(Event(EventKind.GAME_ENDED, self.games[g].winner, game=g))
        if self.rules.length == "series":
            if games and self.games[games[0]].finished:
                self._series_game_ended(events)
            else:
                self._deal(1 - self.dealer, events)
            return
        if self._fixed_length_over(events):
            return
        if all(g.finished for g in self.games):
            totals = self.totals()
            if not self.rules.hollywood:
                # The player who reached the target wins (docs/rules.md#a-match), even in the rare match where
                # the loser's line bonuses lift its final total above the winner's.
                winner = self.games[0].winner
                assert winner is not None
            elif totals[0] != totals[1]:
                winner = 0 if totals[0] > totals[1] else 1
            else:  # equal totals (Hollywood only): more games won, then the last game's winner
                won = [sum(1 for g in self.games if g.winner == s) for s in (0, 1)]
                winner = (0 if won[0] > won[1] else 1) if won[0] != won[1] else self.games[games[-1]].winner
            assert winner is not None
            self._end_match(winner, events)
        else:
            self._deal(1 - self.dealer, events)

    def _enter_score(self, scorer: int, points: int) -> tuple[int, ...]:
        """Add a hand's points to the open games it belongs in; close games that hit the target."""
        rules = self.rules
        if rules.hollywood:
            columns: range | tuple[int, ...] = range(min(self.wins[scorer], 3))  # nth win goes in games 1..n
        else:
            columns = (len(self.games) - 1,)  # the game being played (a series has one per game so far)
        entered = []
        for i in columns:
            game = self.games[i]
            if game.finished:
                continue
            game.scores[scorer] += points
            game.hands_won[scorer] += 1
            entered.append(i)
            if rules.length != "hands" and game.scores[scorer] >= rules.target:
                game.close(scorer, rules, bonuses=rules.length != "series")
        return tuple(entered)

    def _fixed_length_over(self, events: list[Event]) -> bool:
        """A match of a fixed number of deals: after the last one the higher hand points win (a tie
        plays on, one deal at a time). True when the match ended."""
        if self.rules.length != "hands" or len(self.history) < self.rules.hand_count:
            return False
        game = self.games[0]
        if game.scores[0] == game.scores[1]:
            return False
        self._close_game(game, 0 if game.scores[0] > game.scores[1] else 1, self.rules, events)
        return True

    def _series_game_ended(self, events: list[Event]) -> None:
        """A game of a series closed: end the series at its target, else start the next game."""
        rules = self.rules
        totals = self.totals()
        last = self.games[-1].winner
        assert last is not None
        if max(totals) < rules.series_target:
            self.games.append(ScoreColumn())
            self._deal(1 - self.dealer, events)
            return
        winner = last if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        loser_won = any(g.winner == 1 - winner for g in self.games)
        self.series_bonus[winner] = rules.series_bonus + (0 if loser_won else rules.series_shutout_bonus)
        self._end_match(winner, events)

    def _deal(self, dealer: int, events: list[Event]) -> None:
        self.dealer = dealer
        self.deal_number += 1
        self.hand = HandState.deal(dealer, deal_rng(self.seed, self.deal_number), eleven=self.rules.deal == 11)
        events.append(Event(EventKind.DEALT, dealer))

    # -- serialisation --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        state = self._state_dict()
        last_events = state.pop("last_events")
        return {
            "game": GAME,
            "format": FORMAT_VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "hand": self.hand.to_dict(),
            "games": [g.to_dict() for g in self.games],
            "wins": self.wins,
            **state,
            "series_bonus": self.series_bonus,
            "last_events": last_events,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Match:
        if d.get("game", GAME) != GAME:
            raise ValueError(f"not a Gin match: {d.get('game')!r}")
        check_format(d, FORMAT_VERSION)
        return cls(
            rules=Ruleset.from_dict(d["rules"]),
            seed=d["seed"],
            dealer=d["dealer"],
            deal_number=d["deal_number"],
            hand=HandState.from_dict(d["hand"]),
            games=[ScoreColumn.from_dict(g) for g in d["games"]],
            wins=list(d["wins"]),
            history=[HandRecord.from_dict(r) for r in d["history"]],
            series_bonus=list(d.get("series_bonus", [0, 0])),
            **state_from_dict(d),
        )


def _public_fields(m: Match) -> dict[str, Any]:
    hand = m.hand
    return {
        "rules": m.rules,
        "deal_number": m.deal_number,
        "dealer": hand.dealer,
        "phase": hand.phase,
        "turn": m.turn,
        **hand_fields(hand, m.rules),
        "games": tuple(game_view(g) for g in m.games),
        "totals": m.totals(),
        **match_fields(m),
    }


def public_view(m: Match) -> PublicView:
    return PublicView(**_public_fields(m))


def seat_view(m: Match, seat: int) -> SeatView:
    hand = m.hand
    return SeatView(
        **_public_fields(m),
        seat=seat,
        **own_fields(
            tuple(hand.hands[seat]), m.rules.sequence, hand.drawn if m.turn == seat else None, m.legal_actions(seat), 11
        ),
        opponent_known=tuple(hand.known[1 - seat]),
    )
