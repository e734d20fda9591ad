"""The game protocol: what the table service, store, renderer, AI and Discord layer need from a game.

A game is registered once as a ``GameType`` (its name, seat counts, variants, how to make
rules, start, load and parse moves). A running match of it is a ``GameState``: whose turn,
legal actions as data, ``apply`` that raises ``IllegalAction`` with a reason and changes
nothing then, the events of the last turn, public and per-seat views, finished hands and
the match summary, and a JSON round trip carrying ``game`` and ``format``.

Everything above the engine dispatches on ``GameType.name``; a new game is a new engine
module that calls ``register``, an AI and a renderer (see docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from .options import NO_OPTIONS, OptionTable, either
from .said import N_, Counted, OptionError, Said


class IllegalAction(Exception):
    """A move the rules do not allow now. The message says why, for the player.

    ``message`` is an English text with ``{fields}`` (a catalogue's message id: bot.i18n translates
    it, then fills ``fields``); ``str()`` of the exception is the English text filled in."""

    def __init__(self, message: str, /, **fields: object) -> None:
        self.message = message
        self.fields = fields
        super().__init__(message.format(**fields) if fields else message)


RESIGN_TEXT = "resign"  # how a resignation is written in every game's move log


Counter = tuple[str, tuple[int, ...]]  # a game's own tally: its stable key and its value per seat


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """What the leaderboard records of a finished match; tuples are per seat.

    ``counts`` are the game's own tallies (Gin's gins and undercuts, Rummy's rummies ...): each a
    stable key (the store keeps it by this key) with its value per seat, in the order of the game's
    ``GameType.counters``. The words shown for a key belong to the renderers and the Discord text."""

    winner: int
    loser: int
    totals: tuple[int, ...]
    margin: int
    hands_played: int
    hands_won: tuple[int, ...]
    counts: tuple[Counter, ...]
    resigned_by: int | None

    def count(self, key: str) -> tuple[int, ...]:
        """One counter per seat; zeros when the game does not keep it."""
        return next((values for name, values in self.counts if name == key), (0,) * len(self.totals))

    def counts_of(self, seat: int) -> tuple[tuple[str, int], ...]:
        """Every counter of one seat, (key, value) in the game's order."""
        return tuple((name, values[seat]) for name, values in self.counts)


class GameRules(Protocol):
    """A table's rules: a name, the match target, a JSON form and a summary in words (one ``Said`` a
    sentence: an English message id and its fields, translated where it is shown; ``str()`` is English)."""

    @property
    def name(self) -> str: ...

    @property
    def target(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...

    def summary(self) -> Sequence[Said]: ...


class GameAction(Protocol):
    """A move. ``str(action)`` is its text form, which ``GameType.parse_action`` reads back:
    lowercase words and card codes separated by single spaces, never a '.', never 'resign'
    alone (resigning is ``GameState.resign``), e.g. ``stock``, ``discard 7H``, ``play 3``."""

    def __str__(self) -> str: ...


class GameEvent(Protocol):
    """Something that happened; it never carries a card hidden from anyone."""

    @property
    def seat(self) -> int | None: ...


class HandRecordLike(Protocol):
    """A finished hand as the store keeps it (the record is public once the hand is scored)."""

    @property
    def number(self) -> int: ...

    @property
    def dealer(self) -> int: ...

    @property
    def outcome(self) -> str: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def points(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...


class PublicViewLike(Protocol):
    """What every public view carries, for the layers above the engine (a game's view adds its own)."""

    @property
    def seats(self) -> int: ...

    @property
    def turn(self) -> int | None: ...  # the first of ``to_act``; None once finished

    @property
    def to_act(self) -> tuple[int, ...]: ...  # every seat that may act now

    @property
    def deal_number(self) -> int: ...  # the hand being played, 1-based

    @property
    def dealer(self) -> int | None: ...

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]: ...  # partnerships' seats; () when everyone plays alone

    @property
    def finished(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def moves(self) -> int: ...

    @property
    def summary(self) -> MatchSummary | None: ...


class SeatViewLike(PublicViewLike, Protocol):
    """A public view plus one seat's own cards and its legal actions."""

    @property
    def seat(self) -> int: ...

    @property
    def hand(self) -> Sequence[object]: ...  # the seat's own cards (a card game's are ``Card``)

    @property
    def legal(self) -> Sequence[GameAction]: ...


A = TypeVar("A", bound=GameAction)
PV = TypeVar("PV", bound=PublicViewLike, covariant=True)
SV = TypeVar("SV", bound=SeatViewLike, covariant=True)


class GameState(Protocol[A, PV, SV]):
    """A match of one game in progress (mutable; ``apply`` validates before it changes anything), typed by
    its action, public view and seat view."""

    @property
    def seats(self) -> int: ...

    @property
    def turn(self) -> int | None: ...  # the seat to act (the first of ``to_act``), None once finished

    @property
    def to_act(self) -> tuple[int, ...]: ...  # every seat that may act now (two tables of a partnership hand)

    @property
    def moves(self) -> int: ...

    @property
    def finished(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def resigned_by(self) -> int | None: ...

    @property
    def rules(self) -> GameRules: ...

    @property
    def seed(self) -> int: ...

    @property
    def hands(self) -> Sequence[HandRecordLike]: ...

    def legal_actions(self, seat: int) -> Sequence[A]: ...

    def apply(self, seat: int, action: A) -> Sequence[GameEvent]: ...

    def resign(self, seat: int) -> Sequence[GameEvent]: ...

    def totals(self) -> tuple[int, ...]: ...

    def summary(self) -> MatchSummary | None: ...

    def public_view(self) -> PV: ...

    def seat_view(self, seat: int) -> SV: ...

    def to_dict(self) -> dict[str, Any]: ...


AnyState = GameState[Any, PublicViewLike, SeatViewLike]
"""A match of any registered game, as the layers above the engine hold it."""


def next_actor(state: AnyState) -> int:
    """The seat that moves next when the AI plays every seat: the only one in ``to_act``, or, when
    several may act (the two tables of a partnership hand), ``to_act[moves % len(to_act)]``, so the
    tables take turns move by move. ValueError once the match is over (nobody may act)."""
    act = state.to_act
    if not act:
        raise ValueError("nobody may act: the match is over")
    return act[state.moves % len(act)]


class RulesMaker(Protocol):
    """Makes a table's rules from a variant name, an optional target and an options string
    (e.g. ``'gin=20 tie=no'``); raises ValueError with a message naming the bad part."""

    def __call__(self, variant: str, target: int | None = None, options: str = "") -> GameRules: ...


@dataclass(frozen=True, slots=True)
class GameType:
    """One registered game: how to make its rules, start or load a match and read its moves."""

    name: str  # 'gin': stored with every match, used in custom ids and commands
    title: str  # 'Gin Rummy'
    seat_counts: tuple[int, ...]
    variants: tuple[str, ...]  # named presets; the first is the default
    make_rules: RulesMaker
    rules_from_dict: Callable[[dict[str, Any]], GameRules]
    new: Callable[[GameRules, int, int], AnyState]  # (rules, seed, seats)
    load: Callable[[dict[str, Any]], AnyState]
    parse_action: Callable[[str], GameAction]  # ValueError if not an action of this game
    # Refuses (ValueError, with the reason) rules that cannot be played by this many seats,
    # e.g. a partnership option with three players; ``seat_counts`` is checked first.
    check_seats: Callable[[GameRules, int], None] | None = None
    # The partnerships of a table of ``seats`` under ``rules`` (seats of each team), () when
    # everyone plays alone; None: this game has no partnerships.
    team_layout: Callable[[GameRules, int], tuple[tuple[int, ...], ...]] | None = None
    # The table options ``make_rules`` reads (bot.engine.options): help texts and autocomplete list them.
    options: OptionTable = NO_OPTIONS
    # The keys of the game's own tallies (``MatchSummary.counts``), in the order they are shown.
    # Stable: the store keeps each player's totals by these keys.
    counters: tuple[str, ...] = ()

    def teams(self, rules: GameRules, seats: int) -> tuple[tuple[int, ...], ...]:
        """The seats of each partnership at such a table, () when everyone plays alone."""
        return () if self.team_layout is None else self.team_layout(rules, seats)

    def validate(self, rules: GameRules, seats: int) -> None:
        """ValueError (an ``OptionError``) with the reason if ``rules`` cannot be played by ``seats`` players."""
        if seats not in self.seat_counts:
            told = either([str(n) for n in self.seat_counts])
            raise OptionError(
                "{game} is played by {counts} players, not {seats}", game=self.title, counts=told, seats=seats
            )
        if self.check_seats is not None:
            self.check_seats(rules, seats)

    def replay(self, rules: GameRules, seed: int, seats: int, moves: Iterable[tuple[int, str]]) -> AnyState:
        """Rebuild a match from its seed and move log (seat, action text)."""
        state = self.new(rules, seed, seats)
        for seat, text in moves:
            self.replay_move(state, seat, text)
        return state

    def replay_move(self, state: AnyState, seat: int, text: str) -> None:
        """Apply one logged move (its text, or a resignation) to ``state``."""
        if text == RESIGN_TEXT:
            state.resign(seat)
        else:
            state.apply(seat, self.parse_action(text))


_GAMES: dict[str, GameType] = {}


def register(game: GameType) -> GameType:
    """Make a game known to everything above the engine (idempotent for the same object)."""
    known = _GAMES.get(game.name)
    if known is not None and known is not game:
        raise ValueError(f"a different game is already registered as {game.name!r}")
    _GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    """Forget a game (tests that register a toy game clean up with this)."""
    _GAMES.pop(name, None)


def game_type(name: str) -> GameType:
    """The registered game called ``name``; ValueError naming the known games otherwise."""
    game = _GAMES.get(name)
    if game is None:
        if not _GAMES:
            raise OptionError("unknown game {name}; choose from none", name=repr(name))
        raise OptionError("unknown game {name}; choose from {games}", name=repr(name), games=", ".join(_GAMES))
    return game


def game_names() -> tuple[str, ...]:
    return tuple(_GAMES)


__all__ = [
    "N_",
    "RESIGN_TEXT",
    "AnyState",
    "Counted",
    "GameAction",
    "GameEvent",
    "GameRules",
    "GameState",
    "GameType",
    "HandRecordLike",
    "IllegalAction",
    "MatchSummary",
    "OptionError",
    "PublicViewLike",
    "RulesMaker",
    "Said",
    "SeatViewLike",
    "game_names",
    "game_type",
    "next_actor",
    "register",
    "unregister",
]
