"""A toy game for the protocol tests: High Card, registered like any game (engine, AI, renderer).

Each hand deals three cards to each of two seats; they play one card each in turn (the
non-dealer first) and the higher rank wins the hand (a tie: nobody). The first to win
``target`` hands wins the match. Nothing outside this file knows this game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from bot.ai import register_ai, unregister_ai
from bot.engine import GameRules, GameType, IllegalAction, MatchSummary, Said, register, unregister
from render import Control, register_renderer, unregister_renderer
from render.kit.draw import RenderedImage, finish
from render.kit.style import Style

NAME = "highcard"


@dataclass(frozen=True, slots=True)
class Rules:
    name: str = "first-to-n"
    target: int = 2

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "target": self.target}

    def summary(self) -> list[Said]:  # each sentence a message id and its fields, translated where shown
        return [
            Said("Play one card each; the higher card wins the hand. First to {target} hands wins.", target=self.target)
        ]


@dataclass(frozen=True, slots=True)
class Hand:  # a finished hand, as the store keeps it
    number: int
    dealer: int
    outcome: str
    winner: int | None
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "dealer": self.dealer, "outcome": self.outcome, "winner": self.winner}


@dataclass(frozen=True, slots=True)
class Event:  # what a move did, in words; ``seat``: who moved, None for a hand's or the match's end
    seat: int | None
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class View:  # public and seat view in one: ``cards`` and ``legal`` are empty for the public
    turn: int | None
    deal_number: int
    dealer: int
    played: tuple[int | None, int | None]
    wins: tuple[int, int]
    finished: bool
    winner: int | None
    moves: int
    summary: MatchSummary | None
    last_hand: Hand | None
    seat: int = -1
    cards: tuple[int, ...] = ()
    legal: tuple[str, ...] = ()

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
    def hand(self) -> tuple[int, ...]:
        return self.cards


@dataclass
class HighCard:
    rules: Rules
    seed: int
    deal_number: int = 0
    dealer: int = 1
    cards: list[list[int]] = field(default_factory=lambda: [[], []])
    played: list[int | None] = field(default_factory=lambda: [None, None])
    wins: list[int] = field(default_factory=lambda: [0, 0])
    hands: list[Hand] = field(default_factory=list)
    moves: int = 0
    finished: bool = False
    winner: int | None = None
    resigned_by: int | None = None
    seats: int = 2

    def __post_init__(self) -> None:
        if not self.deal_number:
            self._deal()

    def _deal(self) -> None:
        self.deal_number += 1
        self.dealer = 1 - self.dealer
        deck = random.Random(f"highcard:{self.seed}:{self.deal_number}").sample(range(2, 15), 6)
        self.cards, self.played = [sorted(deck[:3]), sorted(deck[3:])], [None, None]

    @property
    def turn(self) -> int | None:
        if self.finished:
            return None
        first = 1 - self.dealer
        return first if self.played[first] is None else self.dealer

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    def legal_actions(self, seat: int) -> list[str]:
        return [f"play {c}" for c in self.cards[seat]] if seat == self.turn else []

    def apply(self, seat: int, action: Any) -> list[Event]:
        if action not in self.legal_actions(seat):
            raise IllegalAction("It is not your turn." if seat != self.turn else "You do not hold that card.")
        card = int(str(action).split()[1])
        self.cards[seat].remove(card)
        self.played[seat] = card
        self.moves += 1
        a, b = self.played
        played = Event(seat, f"{seat} played {card}")
        if a is None or b is None:
            return [played]
        won = None if a == b else (0 if a > b else 1)
        self.hands.append(
            Hand(self.deal_number, self.dealer, "tie" if won is None else "high", won, 0 if won is None else 1)
        )
        if won is not None:
            self.wins[won] += 1
            if self.wins[won] >= self.rules.target:
                self.finished, self.winner = True, won
                return [played, Event(None, "match over")]
        self._deal()
        return [played, Event(None, "hand over")]

    def resign(self, seat: int) -> list[Event]:
        self.moves += 1
        self.finished, self.winner, self.resigned_by = True, 1 - seat, seat
        return [Event(seat, f"{seat} resigned")]

    def totals(self) -> tuple[int, int]:
        return self.wins[0], self.wins[1]

    def summary(self) -> MatchSummary | None:
        if self.winner is None:
            return None
        w = self.winner
        return MatchSummary(
            w,
            1 - w,
            self.totals(),
            self.wins[w] - self.wins[1 - w],
            len(self.hands),
            self.totals(),
            (),  # no counters of its own
            self.resigned_by,
        )

    def public_view(self) -> View:
        return View(
            self.turn,
            self.deal_number,
            self.dealer,
            (self.played[0], self.played[1]),
            self.totals(),
            self.finished,
            self.winner,
            self.moves,
            self.summary(),
            self.hands[-1] if self.hands else None,
        )

    def seat_view(self, seat: int) -> View:
        pv = self.public_view()
        return View(
            **{
                **{f: getattr(pv, f) for f in pv.__dataclass_fields__},
                "seat": seat,
                "cards": tuple(self.cards[seat]),
                "legal": tuple(self.legal_actions(seat)),
            }
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": NAME,
            "format": 1,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "deal_number": self.deal_number,
            "dealer": self.dealer,
            "cards": self.cards,
            "played": self.played,
            "wins": self.wins,
            "hands": [[h.number, h.dealer, h.outcome, h.winner, h.points] for h in self.hands],
            "moves": self.moves,
            "finished": self.finished,
            "winner": self.winner,
            "resigned_by": self.resigned_by,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HighCard:
        hands = [Hand(*h) for h in d["hands"]]
        return cls(
            Rules(**d["rules"]),
            d["seed"],
            d["deal_number"],
            d["dealer"],
            d["cards"],
            d["played"],
            d["wins"],
            hands,
            d["moves"],
            d["finished"],
            d["winner"],
            d["resigned_by"],
        )


def _parse(text: str) -> str:
    if not text.startswith("play ") or not text[5:].isdigit():
        raise ValueError(f"not a High Card move: {text!r}")
    return text


def _new(rules: GameRules, seed: int, seats: int) -> HighCard:
    assert isinstance(rules, Rules), "High Card's own rules (GameType.make_rules makes them)"
    return HighCard(rules, seed)


def _rules(variant: str, target: int | None = None, options: str = "") -> Rules:
    if variant != "first-to-n" or options:
        raise ValueError(f"unknown variant {variant!r}; choose from first-to-n")
    return Rules(target=target or 2)


GAME = GameType(
    name=NAME,
    title="High Card",
    seat_counts=(2,),
    variants=("first-to-n",),
    make_rules=_rules,
    rules_from_dict=lambda d: Rules(**d),
    new=_new,
    load=HighCard.from_dict,
    parse_action=_parse,
)


def highest(view: View, level: str, rng: random.Random) -> str:
    """The AI: play the highest card."""
    return max(view.legal, key=lambda a: int(a.split()[1]))


def _picture(text: str, name: str) -> RenderedImage:
    return finish(Image.new("RGB", (200, 40), (30, 66, 48)), text, name)


class Renderer:
    def table(self, view: View, names: Sequence[str], style: Style) -> RenderedImage:
        return _picture(self.describe(view, names), f"table-{view.deal_number}.png")

    def hand(self, view: View, names: Sequence[str], style: Style) -> RenderedImage:
        return _picture(f"Your cards: {' '.join(map(str, view.cards))}", f"hand-{view.deal_number}-{view.seat}.png")

    def result(self, view: View, names: Sequence[str], style: Style) -> RenderedImage | None:
        return _picture(self.hand_line(view, names) or "", f"result-{view.deal_number}.png")

    def match_end(
        self, view: View, names: Sequence[str], style: Style, rating_changes: Mapping[int, int] | None = None
    ) -> RenderedImage:
        return _picture(self.score_line(view, names), "match-end.png")

    def describe(self, view: View, names: Sequence[str]) -> str:
        played = [f"{names[s]} played {c}" for s, c in enumerate(view.played) if c is not None]
        return ", ".join(played) or "Cards dealt"

    def score_line(self, view: View, names: Sequence[str]) -> str:
        return f"Hands won: {names[0]} {view.wins[0]} · {names[1]} {view.wins[1]}"

    def hand_line(self, view: View, names: Sequence[str]) -> str | None:
        h = view.last_hand
        return (
            None if h is None else f"Hand {h.number}: " + ("a tie" if h.winner is None else f"{names[h.winner]} wins")
        )

    def status_line(self, view: View, names: Sequence[str]) -> str:
        return "Your turn: play a card" if view.turn == view.seat else f"Waiting for {names[1 - view.seat]}"

    def hint(self, view: View) -> str:
        return ""

    def controls(self, view: View) -> list[Control]:
        return [Control(a, f"Play {a.split()[1]}") for a in view.legal]

    def warm(self, style: Style) -> float:
        return 0.0


def install() -> None:
    register(GAME)
    register_ai(NAME, highest)
    register_renderer(NAME, Renderer())


def uninstall() -> None:
    unregister(NAME)
    unregister_ai(NAME)
    unregister_renderer(NAME)
