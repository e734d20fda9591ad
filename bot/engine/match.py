"""A match: hands dealt from a seed, hand scores, games with their bonuses, Hollywood (RULES.md 5-6).

``Match.apply`` is the only way a match changes. It validates first (IllegalAction
leaves everything untouched), then returns the events the move caused.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Iterable

from .actions import Action, ActionKind, IllegalAction
from .cards import DECK, Card, parse_card
from .hand import HandState, Phase, deal_rng
from .rules import Ruleset
from .scoring import KnockResult, Outcome

FORMAT_VERSION = 1


class EventKind(str, Enum):
    TOOK_UPCARD = "took_upcard"
    PASSED = "passed"
    DREW_STOCK = "drew_stock"
    DREW_DISCARD = "drew_discard"
    DISCARDED = "discarded"
    HAND_SCORED = "hand_scored"  # a knock, gin or big gin was scored
    HAND_DRAWN = "hand_drawn"  # the stock ran down to 2
    GAME_ENDED = "game_ended"
    MATCH_ENDED = "match_ended"
    RESIGNED = "resigned"
    DEALT = "dealt"


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``card`` is set only when every player saw it."""

    kind: EventKind
    seat: int | None = None
    card: Card | None = None
    game: int | None = None  # GAME_ENDED: which game


_K_RESIGN, _K_DISCARD, _OVER = ActionKind.RESIGN, ActionKind.DISCARD, Phase.OVER
_MOVE_EVENTS = {
    ActionKind.DISCARD: EventKind.DISCARDED,
    ActionKind.DRAW_STOCK: EventKind.DREW_STOCK,
    ActionKind.DRAW_DISCARD: EventKind.DREW_DISCARD,
    ActionKind.TAKE_UPCARD: EventKind.TOOK_UPCARD,
    ActionKind.PASS: EventKind.PASSED,
}
_CARD_EVENTS = {EventKind.DISCARDED, EventKind.DREW_DISCARD, EventKind.TOOK_UPCARD}  # public cards
_EVENTS: dict[tuple, Event] = {}


def _event(kind: EventKind, seat: int | None = None, card: Card | None = None) -> Event:
    """Shared Event instances for the per-move events (they are immutable and few)."""
    key = (kind, seat, card)
    ev = _EVENTS.get(key)
    if ev is None:
        ev = _EVENTS[key] = Event(kind, seat, card)
    return ev


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A finished deal: who dealt, how it ended, who scored what and where."""

    number: int  # deal number, 1-based, drawn hands included
    dealer: int
    outcome: str  # an Outcome value, or 'draw'
    knocker: int | None
    winner: int | None  # the seat that scored, None for a draw or a bonus-less tie
    points: int
    games: tuple[int, ...]  # the game columns the points went into
    result: KnockResult | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number, "dealer": self.dealer, "outcome": self.outcome,
            "knocker": self.knocker, "winner": self.winner, "points": self.points,
            "games": list(self.games), "result": self.result.to_dict() if self.result else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "HandRecord":
        return cls(
            number=d["number"], dealer=d["dealer"], outcome=d["outcome"], knocker=d["knocker"],
            winner=d["winner"], points=d["points"], games=tuple(d["games"]),
            result=KnockResult.from_dict(d["result"]) if d["result"] else None,
        )


@dataclass(slots=True)
class Game:
    """One scoring column (a match has one; Hollywood has three)."""

    scores: list[int] = field(default_factory=lambda: [0, 0])
    hands_won: list[int] = field(default_factory=lambda: [0, 0])
    finished: bool = False
    winner: int | None = None
    line_bonus: list[int] = field(default_factory=lambda: [0, 0])
    game_bonus: int = 0
    shutout: bool = False
    totals: list[int] = field(default_factory=lambda: [0, 0])  # final, with bonuses

    def close(self, winner: int, rules: Ruleset) -> None:
        """End this game: add the line and game bonuses, double a shutout."""
        loser = 1 - winner
        self.finished = True
        self.winner = winner
        self.line_bonus = [rules.line_bonus * n for n in self.hands_won]
        self.game_bonus = rules.game_bonus
        self.shutout = rules.shutout_double and self.hands_won[loser] == 0
        totals = [self.scores[i] + self.line_bonus[i] for i in (0, 1)]
        totals[winner] += self.game_bonus
        if self.shutout:
            totals[winner] *= 2
        self.totals = totals

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": self.scores, "hands_won": self.hands_won, "finished": self.finished,
            "winner": self.winner, "line_bonus": self.line_bonus, "game_bonus": self.game_bonus,
            "shutout": self.shutout, "totals": self.totals,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Game":
        return cls(**{k: (list(v) if isinstance(v, list) else v) for k, v in d.items()})


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """What the leaderboard records of a finished match (RULES.md 5)."""

    winner: int
    loser: int
    totals: tuple[int, int]
    margin: int
    hands_played: int
    hands_won: tuple[int, int]
    gins: tuple[int, int]
    undercuts: tuple[int, int]
    resigned_by: int | None


def cut_for_dealer(seed: int) -> int:
    """The first dealer: both cut, low card deals (a tie in rank cuts again)."""
    rng = random.Random(f"gin:{seed}:cut")
    while True:
        a, b = rng.sample(DECK, 2)
        if a.rank != b.rank:
            return 0 if a.rank < b.rank else 1


@dataclass(slots=True)
class Match:
    rules: Ruleset
    seed: int
    dealer: int
    deal_number: int
    hand: HandState
    games: list[Game]
    wins: list[int]  # hands won in the whole match, per seat (Hollywood's entry rule counts these)
    history: list[HandRecord] = field(default_factory=list)
    finished: bool = False
    winner: int | None = None
    resigned_by: int | None = None
    moves: int = 0  # successful applies so far
    last_events: tuple[Event, ...] = ()

    # -- creation -----------------------------------------------------------------
    @classmethod
    def new(cls, rules: Ruleset, seed: int) -> "Match":
        dealer = cut_for_dealer(seed)
        return cls(
            rules=rules,
            seed=seed,
            dealer=dealer,
            deal_number=1,
            hand=HandState.deal(dealer, deal_rng(seed, 1)),
            games=[Game() for _ in range(3 if rules.hollywood else 1)],
            wins=[0, 0],
        )

    @classmethod
    def replay(cls, rules: Ruleset, seed: int, moves: Iterable[tuple[int, str]]) -> "Match":
        """Rebuild a match from its seed and move log (seat, action text)."""
        match = cls.new(rules, seed)
        for seat, text in moves:
            match.apply(seat, Action.parse(text))
        return match

    # -- questions ------------------------------------------------------------------
    @property
    def turn(self) -> int | None:
        return None if self.finished else self.hand.turn

    def legal_actions(self, seat: int) -> list[Action]:
        """The moves ``seat`` may make now (resigning is always possible and not listed)."""
        if self.finished:
            return []
        return self.hand.legal_actions(seat, self.rules)

    def totals(self) -> tuple[int, int]:
        """Running score per seat: the sum over games of final totals (finished) or scores."""
        out = [0, 0]
        for g in self.games:
            src = g.totals if g.finished else g.scores
            out[0] += src[0]
            out[1] += src[1]
        return out[0], out[1]

    def summary(self) -> MatchSummary | None:
        if not self.finished or self.winner is None:
            return None
        totals = self.totals()
        played = [r for r in self.history]
        gins = [sum(1 for r in played if r.winner == s and r.outcome in (Outcome.GIN.value, Outcome.BIG_GIN.value)) for s in (0, 1)]
        undercuts = [sum(1 for r in played if r.winner == s and r.outcome == Outcome.UNDERCUT.value) for s in (0, 1)]
        won = [sum(1 for r in played if r.winner == s) for s in (0, 1)]
        w = self.winner
        return MatchSummary(
            winner=w, loser=1 - w, totals=totals, margin=totals[w] - totals[1 - w],
            hands_played=len(played), hands_won=(won[0], won[1]), gins=(gins[0], gins[1]),
            undercuts=(undercuts[0], undercuts[1]), resigned_by=self.resigned_by,
        )

    # -- the move -----------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a move of ``seat``; IllegalAction if not allowed (nothing changes then)."""
        if seat != 0 and seat != 1:
            raise IllegalAction("You are not playing at this table.")
        if self.finished:
            raise IllegalAction("That match is over.")
        kind = action.kind
        if kind is _K_RESIGN:
            events = [Event(EventKind.RESIGNED, seat)]
            self.resigned_by = seat
            self._end_match(1 - seat, events)
            return self._done(events)
        hand = self.hand
        before_discard_top = hand.discards[-1] if hand.discards else None
        hand.apply(seat, action, self.rules)  # raises before any change if illegal
        move_event = _MOVE_EVENTS.get(kind)
        events: list[Event] = []
        if move_event is not None:
            card = action.card if kind is _K_DISCARD else before_discard_top
            events.append(_event(move_event, seat, card if move_event in _CARD_EVENTS else None))
        if hand.phase is _OVER:
            self._end_hand(events)
        return self._done(events)

    def _done(self, events: list[Event]) -> list[Event]:
        self.moves += 1
        self.last_events = tuple(events)
        return events

    def _end_hand(self, events: list[Event]) -> None:
        hand = self.hand
        if hand.drawn_hand:
            record = HandRecord(self.deal_number, hand.dealer, "draw", None, None, 0, (), None)
            self.history.append(record)
            events.append(Event(EventKind.HAND_DRAWN))
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
        record = HandRecord(self.deal_number, hand.dealer, result.outcome.value, hand.knocker,
                            scorer, result.points, games, result)
        self.history.append(record)
        events.append(Event(EventKind.HAND_SCORED, scorer))
        for g in games:
            if self.games[g].finished:
                events.append(Event(EventKind.GAME_ENDED, self.games[g].winner, game=g))
        if all(g.finished for g in self.games):
            totals = self.totals()
            if not self.rules.hollywood:
                # The player who reached the target wins (RULES.md 5), even in the rare match where
                # the loser's line bonuses lift its final total above the winner's.
                winner = self.games[0].winner
                assert winner is not None
            elif totals[0] != totals[1]:
                winner = 0 if totals[0] > totals[1] else 1
            else:  # equal totals (Hollywood only): more games won, then the last game's winner
                won = [sum(1 for g in self.games if g.winner == s) for s in (0, 1)]
                winner = (0 if won[0] > won[1] else 1) if won[0] != won[1] else self.games[games[-1]].winner
            self._end_match(winner, events)
        else:
            self._deal(1 - self.dealer, events)

    def _enter_score(self, scorer: int, points: int) -> tuple[int, ...]:
        """Add a hand's points to the open games it belongs in; close games that hit the target."""
        if self.rules.hollywood:
            columns = range(min(self.wins[scorer], 3))  # nth win goes in games 1..n
        else:
            columns = range(1)
        entered = []
        for i in columns:
            game = self.games[i]
            if game.finished:
                continue
            game.scores[scorer] += points
            game.hands_won[scorer] += 1
            entered.append(i)
            if game.scores[scorer] >= self.rules.target:
                game.close(scorer, self.rules)
        return tuple(entered)

    def _deal(self, dealer: int, events: list[Event]) -> None:
        self.dealer = dealer
        self.deal_number += 1
        self.hand = HandState.deal(dealer, deal_rng(self.seed, self.deal_number))
        events.append(Event(EventKind.DEALT, dealer))

    def _end_match(self, winner: int, events: list[Event]) -> None:
        self.finished = True
        self.winner = winner
        events.append(Event(EventKind.MATCH_ENDED, winner))

    # -- serialisation --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT_VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "hand": self.hand.to_dict(),
            "games": [g.to_dict() for g in self.games],
            "wins": self.wins,
            "history": [r.to_dict() for r in self.history],
            "finished": self.finished,
            "winner": self.winner,
            "resigned_by": self.resigned_by,
            "moves": self.moves,
            "last_events": [
                {"kind": e.kind.value, "seat": e.seat, "card": str(e.card) if e.card else None, "game": e.game}
                for e in self.last_events
            ],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Match":
        version = d.get("format")
        if version != FORMAT_VERSION:
            raise ValueError(f"unsupported match format {version!r} (this engine reads {FORMAT_VERSION})")
        return cls(
            rules=Ruleset.from_dict(d["rules"]),
            seed=d["seed"],
            dealer=d["dealer"],
            deal_number=d["deal_number"],
            hand=HandState.from_dict(d["hand"]),
            games=[Game.from_dict(g) for g in d["games"]],
            wins=list(d["wins"]),
            history=[HandRecord.from_dict(r) for r in d["history"]],
            finished=d["finished"],
            winner=d["winner"],
            resigned_by=d["resigned_by"],
            moves=d["moves"],
            last_events=tuple(
                Event(EventKind(e["kind"]), e["seat"], parse_card(e["card"]) if e["card"] else None, e["game"])
                for e in d["last_events"]
            ),
        )
