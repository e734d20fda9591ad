"""A tiny two-seat game for tests, registered with the engine and the renderer like any game.

'Race': players take turns; ``draw`` adds 1 to the mover's hand score, ``play N`` (N = 1..3)
adds N. The first to reach 4 in a hand wins it and scores its hand score; the first to reach
the target (10 by default) wins the match. Nothing in the Discord layer knows these rules.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from bot.engine import GameType, IllegalAction, MatchSummary, Said, register, unregister
from render import Control, RenderedImage, Style, register_renderer, unregister_renderer

NAME = "race"
HAND_GOAL = 4


@dataclass(frozen=True)
class RaceRules:
    name: str = "plain"
    target: int = 10

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "target": self.target}

    def summary(self) -> list[Said]:
        return [Said("Reach {goal} in a hand to win it", goal=HAND_GOAL), Said("Draw adds 1, play adds 1 to 3")]


@dataclass(frozen=True)
class RaceAction:
    verb: str
    n: int = 0

    def __str__(self) -> str:
        return self.verb if self.verb == "draw" else f"{self.verb} {self.n}"


def parse(text: str) -> RaceAction:
    if text == "draw":
        return RaceAction("draw")
    verb, _, n = text.partition(" ")
    if verb == "play" and n in ("1", "2", "3"):
        return RaceAction("play", int(n))
    raise ValueError(f"not a move of {NAME}: {text!r}")


@dataclass(frozen=True)
class RaceEvent:
    seat: int | None
    text: str


@dataclass(frozen=True)
class RaceHand:
    number: int
    dealer: int
    winner: int | None
    points: int
    outcome: str = "race"

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "dealer": self.dealer, "winner": self.winner, "points": self.points}


@dataclass(frozen=True)
class RaceView:
    turn: int | None
    finished: bool
    winner: int | None
    moves: int
    summary: MatchSummary | None
    deal_number: int
    totals: tuple[int, int]
    scores: tuple[int, int]
    last_events: tuple[RaceEvent, ...]
    last_hand: RaceHand | None
    seat: int = -1
    legal: tuple[RaceAction, ...] = ()

    @property
    def seats(self) -> int:
        return 2

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.turn is None or self.finished else (self.turn,)

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return ()

    @property
    def dealer(self) -> int | None:
        return None

    @property
    def hand(self) -> tuple[()]:
        return ()


@dataclass
class Race:
    rules: RaceRules
    seed: int
    seats: int = 2
    turn: int | None = 0
    moves: int = 0
    deal_number: int = 1
    scores: list[int] = field(default_factory=lambda: [0, 0])
    total: list[int] = field(default_factory=lambda: [0, 0])
    hands: list[RaceHand] = field(default_factory=list)
    log: list[tuple[int, str]] = field(default_factory=list)
    events: list[RaceEvent] = field(default_factory=list)
    winner: int | None = None
    resigned_by: int | None = None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    def legal_actions(self, seat: int) -> list[RaceAction]:
        if self.finished or seat != self.turn:
            return []
        return [RaceAction("draw"), *(RaceAction("play", n) for n in (1, 2, 3))]

    def apply(self, seat: int, action: Any) -> list[RaceEvent]:
        if self.finished:
            raise IllegalAction("The race is over.")
        if seat != self.turn:
            raise IllegalAction("It is not your turn.")
        if action not in self.legal_actions(seat):
            raise IllegalAction("That is not a move here.")
        self.moves += 1
        self.log.append((seat, str(action)))
        self.scores[seat] += 1 if action.verb == "draw" else action.n
        self.events = [RaceEvent(seat, f"seat {seat} {'drew' if action.verb == 'draw' else f'played {action.n}'}")]
        if self.scores[seat] >= HAND_GOAL:
            self.hands.append(RaceHand(self.deal_number, (self.deal_number - 1) % 2, seat, self.scores[seat]))
            self.total[seat] += self.scores[seat]
            self.events.append(RaceEvent(seat, f"seat {seat} won hand {self.deal_number}"))
            if self.total[seat] >= self.rules.target:
                self.winner, self.turn = seat, None
                return list(self.events)
            self.deal_number += 1
            self.scores = [0, 0]
        self.turn = 1 - seat
        return list(self.events)

    def resign(self, seat: int) -> list[RaceEvent]:
        self.moves += 1
        self.log.append((seat, "resign"))
        self.winner, self.resigned_by, self.turn = 1 - seat, seat, None
        self.events = [RaceEvent(seat, f"seat {seat} resigned")]
        return list(self.events)

    def totals(self) -> tuple[int, ...]:
        return tuple(self.total)

    def summary(self) -> MatchSummary | None:
        if self.winner is None:
            return None
        w = self.winner
        won = tuple(sum(1 for h in self.hands if h.winner == s) for s in (0, 1))
        return MatchSummary(
            w,
            1 - w,
            self.totals(),
            self.total[w] - self.total[1 - w],
            len(self.hands),
            won,
            (),  # no counters of its own
            self.resigned_by,
        )

    def public_view(self) -> RaceView:
        return RaceView(
            self.turn,
            self.finished,
            self.winner,
            self.moves,
            self.summary(),
            self.deal_number,
            (self.total[0], self.total[1]),
            (self.scores[0], self.scores[1]),
            tuple(self.events),
            self.hands[-1] if self.hands else None,
        )

    def seat_view(self, seat: int) -> RaceView:
        v = self.public_view()
        return RaceView(**{**v.__dict__, "seat": seat, "legal": tuple(self.legal_actions(seat))})

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": NAME,
            "format": 1,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "log": [list(m) for m in self.log],
        }


def new(rules: Any, seed: int, seats: int) -> Race:
    return Race(rules, seed, seats)


def load(data: dict[str, Any]) -> Race:
    race = Race(RaceRules(**data["rules"]), data["seed"])
    for seat, text in data["log"]:
        race.resign(seat) if text == "resign" else race.apply(seat, parse(text))
    return race


def make_rules(variant: str, target: int | None = None, options: str = "") -> RaceRules:
    if options:
        raise ValueError(f"{NAME} has no options")
    if variant not in ("plain", "quick"):
        raise ValueError(f"unknown variant {variant!r} of {NAME}; choose from plain, quick")
    return RaceRules(variant, target if target is not None else (10 if variant == "plain" else 4))


RACE = GameType(
    name=NAME,
    title="Race to Four",
    seat_counts=(2,),
    variants=("plain", "quick"),
    make_rules=make_rules,
    rules_from_dict=lambda d: RaceRules(**d),
    new=new,
    load=load,
    parse_action=parse,
)


def _picture(kind: str, alt: str) -> RenderedImage:
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (10, 120, 40)).save(buf, format="PNG")
    return RenderedImage(buf.getvalue(), alt, f"{kind}-race.png", 8, 8)


class RaceRenderer:
    """Plain words and a green square: enough for the Discord layer."""

    def table(self, view: RaceView, names: Sequence[str], style: Style) -> RenderedImage:
        return _picture("table", f"Race: {view.scores[0]} to {view.scores[1]}")

    def hand(self, view: RaceView, names: Sequence[str], style: Style) -> RenderedImage:
        return _picture("hand", f"Your race score: {view.scores[view.seat]}")

    def result(self, view: RaceView, names: Sequence[str], style: Style) -> RenderedImage | None:
        return _picture("result", "hand result") if view.last_hand else None

    def match_end(
        self, view: RaceView, names: Sequence[str], style: Style, rating_changes: Mapping[int, int] | None = None
    ) -> RenderedImage:
        return _picture("match-end", "final score")

    def describe(self, view: RaceView, names: Sequence[str]) -> str:
        return (
            ". ".join(e.text.replace(f"seat {e.seat}", names[e.seat or 0]) for e in view.last_events)
            or "The race begins"
        )

    def score_line(self, view: RaceView, names: Sequence[str]) -> str:
        return f"Race: {names[0]} {view.totals[0]} · {names[1]} {view.totals[1]}"

    def hand_line(self, view: RaceView, names: Sequence[str]) -> str | None:
        h = view.last_hand
        return None if h is None or h.winner is None else f"{names[h.winner]} won the hand with {h.points}"

    def status_line(self, view: RaceView, names: Sequence[str]) -> str:
        if view.finished:
            return "The race is over"
        return "Your move" if view.turn == view.seat else f"Waiting for {names[1 - view.seat]}"

    def hint(self, view: RaceView) -> str:
        return f"You have {view.scores[view.seat]} of {HAND_GOAL}." if view.turn == view.seat else ""

    def controls(self, view: RaceView) -> list[Control]:
        out: list[Control] = []
        for a in view.legal:
            if a.verb == "draw":
                out.append(Control(str(a), "Draw one"))
            else:
                out.append(Control(str(a), f"Play {a.n}", row=1, menu="play", placeholder="Play how many…"))
        return out

    def warm(self, style: Style) -> float:
        return 0.0


@contextlib.contextmanager
def registered() -> Iterator[GameType]:
    """The race game and its renderer, registered for the duration."""
    register(RACE)
    register_renderer(NAME, RaceRenderer())
    try:
        yield RACE
    finally:
        unregister_renderer(NAME)
        unregister(NAME)
