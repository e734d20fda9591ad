"""The state of a table game (Colonel, Skarney Gin, Rummy) and its JSON form; ``TableGame``
(tablegame.py) adds the rules of play. Every field is set here, so a match loads exactly as saved.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..cards import Card, format_cards, parse_cards
from .melds import MeldStyle, TableMeld
from .moves import TableEvent, TableHand, card_from, card_text

DRAW, PLAY, RESPOND, OVER = "draw", "play", "respond", "over"


class TableState:
    NAME: ClassVar[str]
    TITLE: ClassVar[str]
    STYLE: ClassVar[MeldStyle]
    SEAT_COUNTS: ClassVar[tuple[int, ...]]
    HAS_PILE: ClassVar[bool] = True  # Skarney has none
    PILE_CARD_KEPT: ClassVar[bool] = True  # the card taken from the pile may not be discarded that turn
    HIGH_CUT_DEALS: ClassVar[bool] = False  # Rummy: the high card of the cut deals; otherwise the low one
    FORMAT: ClassVar[int] = 1

    rules: Any

    def __init__(self, rules: Any, seed: int, seats: int) -> None:
        if seats not in self.SEAT_COUNTS:
            counts = " or ".join(str(n) for n in self.SEAT_COUNTS)
            raise ValueError(f"{self.TITLE} is played by {counts} players")
        self.rules, self.seed, self.seats = rules, seed, seats
        self.dealer, self.deal_number = self._cut(), 0
        self.held: list[list[Card]] = [[] for _ in range(seats)]  # each seat's hand, in arrival order
        self.known: list[list[Card]] = [[] for _ in range(seats)]  # cards every player knows a seat holds
        self.stock: list[Card] = []  # the top is the last card
        self.pile: list[Card] = []
        self.melds: list[TableMeld] = []
        self.scores = [0] * seats
        self.history: list[TableHand] = []
        self.current, self.phase = 0, DRAW
        self.responder: int | None = None  # the seat answering an offer or a Challenge
        self.drawn: Card | None = None  # the card drawn this turn
        self.from_pile: Card | None = None  # ...when it came from the pile
        self.turn_layoffs: dict[int, int] = {}  # meld number -> cards laid off on it this turn
        self.turn_laid = False  # the player to move melded or laid off this turn
        self.finished, self.moves = False, 0
        self.winner: int | None = None
        self.resigned_by: int | None = None
        self.last_events: tuple[TableEvent, ...] = ()
        self.turn_open = False  # last_events is a turn still being played
        self._init_extra()
        self._deal(self.dealer, [])

    # -- hooks ----------------------------------------------------------------------------------
    def _cut(self) -> int:
        raise NotImplementedError

    def _deal(self, dealer: int, events: list[TableEvent]) -> None:
        raise NotImplementedError

    def _init_extra(self) -> None:
        """Set the game's own fields (called before each deal's state exists)."""

    def _extra_to_dict(self) -> dict[str, Any]:
        return {}

    def _extra_from_dict(self, d: dict[str, Any]) -> None:
        """Read the game's own fields back."""

    # -- JSON ---------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.NAME,
            "format": self.FORMAT,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "seats": self.seats,
            "dealer": self.dealer,
            "deal_number": self.deal_number,
            "held": [format_cards(h) for h in self.held],
            "known": [format_cards(k) for k in self.known],
            "stock": format_cards(self.stock),
            "pile": format_cards(self.pile),
            "melds": [m.to_dict() for m in self.melds],
            "scores": list(self.scores),
            "history": [h.to_dict() for h in self.history],
            "current": self.current,
            "responder": self.responder,
            "phase": self.phase,
            "drawn": card_text(self.drawn),
            "from_pile": card_text(self.from_pile),
            "turn_layoffs": [[n, k] for n, k in sorted(self.turn_layoffs.items())],
            "turn_laid": self.turn_laid,
            "finished": self.finished,
            "winner": self.winner,
            "resigned_by": self.resigned_by,
            "moves": self.moves,
            "last_events": [e.to_dict() for e in self.last_events],
            "turn_open": self.turn_open,
            "extra": self._extra_to_dict(),
        }

    @classmethod
    def _load(cls, d: dict[str, Any], rules: Any) -> Any:
        if d.get("game") != cls.NAME:
            raise ValueError(f"not a {cls.TITLE} match: {d.get('game')!r}")
        if d.get("format") != cls.FORMAT:
            raise ValueError(f"unsupported match format {d.get('format')!r} (this engine reads {cls.FORMAT})")
        self = cls.__new__(cls)
        self.rules, self.seed, self.seats = rules, d["seed"], d["seats"]
        self.dealer, self.deal_number = d["dealer"], d["deal_number"]
        self.held = [list(_cards(h)) for h in d["held"]]
        self.known = [list(_cards(k)) for k in d["known"]]
        self.stock, self.pile = list(_cards(d["stock"])), list(_cards(d["pile"]))
        self.melds = [TableMeld.from_dict(m) for m in d["melds"]]
        self.scores = list(d["scores"])
        self.history = [TableHand.from_dict(h) for h in d["history"]]
        self.current, self.responder, self.phase = d["current"], d["responder"], d["phase"]
        self.drawn, self.from_pile = card_from(d["drawn"]), card_from(d["from_pile"])
        self.turn_layoffs = {int(n): int(k) for n, k in d["turn_layoffs"]}
        self.turn_laid = d["turn_laid"]
        self.finished, self.winner, self.resigned_by = d["finished"], d["winner"], d["resigned_by"]
        self.moves = d["moves"]
        self.last_events = tuple(TableEvent.from_dict(e) for e in d["last_events"])
        self.turn_open = d["turn_open"]
        self._init_extra()
        self._extra_from_dict(d["extra"])
        return self


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text) if text else ()
