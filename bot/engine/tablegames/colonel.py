"""Colonel: two-player rummy with melds laid on the table during play (docs/rules.md#colonel).

Aces are high only (A-K-Q is a run, A-2-3 is not) and count 10. After drawing, a player may
meld and lay off on any meld on the table, then discards. Playing the last card (by a discard,
a meld or a lay-off) goes out and scores the cards left in the opponent's hand. A discard that
leaves 2 or fewer cards in the stock ends the hand: the lower hand total scores the difference.
With the Challenge (on by default) the player to move may challenge once a turn; accepted, the
lower hand total scores the other's whole total; rejected, play goes on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..game import IllegalAction
from ..options import OptionTable, yes_no
from ..said import N_, Counted, Said
from .machine import DRAW, PLAY, RESPOND, TableGame, register_table_game
from .melds import MeldStyle, melds_in
from .moves import (
    ACCEPT,
    CHALLENGE,
    CHALLENGED,
    DRAW_PILE,
    DRAW_STOCK,
    OUT,
    REJECT,
    STOCK,
    Act,
    Ev,
    TableAction,
    TableEvent,
    act,
)
from .rules import check_target, check_variant, first_to
from .views import ColonelView

NAME = "colonel"
TITLE = "Colonel"
VARIANTS: tuple[str, ...] = ("standard", "no-challenge")
STYLE = MeldStyle(aces="high", poker=False, ace_value=10)
STOCK_END = 2  # a discard leaving this many stock cards (or fewer) ends the hand


@dataclass(frozen=True, slots=True)
class ColonelRules:
    name: str = "standard"
    target: int = 100
    challenge: bool = True  # the optional Challenge rule

    def __post_init__(self) -> None:
        check_target(self.target)
        if not 1 <= len(self.name) <= 40:
            raise ValueError("name must be 1 to 40 characters")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "target": self.target, "challenge": self.challenge}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ColonelRules:
        return cls(name=d["name"], target=d["target"], challenge=d["challenge"])

    def summary(self) -> list[Said]:
        lines = [
            Said("Colonel for two: 10 cards each; aces are high only (A-K-Q, not A-2-3) and count 10."),
            Said("Draw, meld and lay off on any meld on the table, then discard."),
            Said("Play your last card to go out and score the cards left in your opponent's hand."),
            Counted(
                "When a discard leaves {cards} stock card the lower hand total scores the difference.",
                "When a discard leaves {cards} stock cards the lower hand total scores the difference.",
                STOCK_END,
                cards=STOCK_END,
            ),
        ]
        if self.challenge:
            lines.append(
                Said("Challenge (once a turn): if accepted, the lower hand total scores the other's whole total.")
            )
        lines.append(first_to(self.target))
        return lines


COLONEL_OPTIONS = OptionTable(TITLE, (yes_no("challenge", "challenge", N_("the Challenge")),))


def make_rules(variant: str = "standard", target: int | None = None, options: str = "") -> ColonelRules:
    name = check_variant(variant, VARIANTS, TITLE)
    opts = COLONEL_OPTIONS.parse(options)
    challenge: bool = opts.get("challenge", name != "no-challenge")
    return ColonelRules(name=name, target=100 if target is None else target, challenge=challenge)


def _meld_key(cards: tuple[Any, ...]) -> tuple[int, int]:
    return (-len(cards), -STYLE.points(cards))


class Colonel(TableGame):
    NAME, TITLE, STYLE, SEAT_COUNTS = NAME, TITLE, STYLE, (2,)
    rules: ColonelRules

    def _init_extra(self) -> None:
        self.challenged = False  # the player to move has challenged this turn
        self.resume = DRAW  # the phase a rejected Challenge returns to

    def _start_turn(self, seat: int) -> None:
        super()._start_turn(seat)
        self.challenged = False

    def _can_challenge(self) -> bool:
        return self.rules.challenge and not self.challenged and self.phase in (DRAW, PLAY)

    def _legal(self, seat: int) -> list[TableAction]:
        if self.phase == RESPOND:
            return [ACCEPT, REJECT]
        out: list[TableAction] = []
        if self.phase == DRAW:
            if self.stock:
                out.append(DRAW_STOCK)
            if self.pile:
                out.append(DRAW_PILE)
        else:
            hand = self.held[seat]
            for cards in sorted(melds_in(hand, STYLE), key=_meld_key):
                if not self._strands(seat, cards):
                    out.append(act(Act.MELD, *cards))
            for card, number in self.layoff_options(seat):
                if not self._strands(seat, (card,)):
                    out.append(act(Act.LAYOFF, card, meld=number))
            for card in sorted(hand, key=lambda c: (-STYLE.value(c), c)):
                if card != self.from_pile:
                    out.append(act(Act.DISCARD, card))
        if self._can_challenge():
            out.append(CHALLENGE)
        return out

    def _check(self, seat: int, action: TableAction) -> None:
        kind = action.kind
        if self.phase == RESPOND:
            if kind not in (Act.ACCEPT, Act.REJECT):
                raise IllegalAction("Answer the Challenge first: accept or reject it.")
        elif kind in (Act.ACCEPT, Act.REJECT):
            raise IllegalAction("There is no Challenge to answer.")
        elif self._check_turn_move(seat, action):
            return
        elif kind is Act.CHALLENGE:
            if not self.rules.challenge:
                raise IllegalAction("This table plays without the Challenge.")
            if self.challenged:
                raise IllegalAction("You have already challenged this turn.")
        else:
            raise IllegalAction("'{move}' is not a move in Colonel.", move=kind.value)

    def _do(self, seat: int, action: TableAction, events: list[TableEvent]) -> None:
        kind = action.kind
        if kind in (Act.DRAW_STOCK, Act.DRAW_PILE):
            self._draw(seat, action, events)
        elif kind is Act.MELD or kind is Act.LAYOFF:
            if kind is Act.MELD:
                self._lay(seat, action.cards, events)
            else:
                assert action.meld is not None
                self._lay_off(seat, action.cards[0], action.meld, events)
            if not self.held[seat]:
                self._went_out(seat, events)
        elif kind is Act.DISCARD:
            self._discard(seat, action.cards[0], events)
            self._end_turn()
            if not self.held[seat]:
                self._went_out(seat, events)
            elif len(self.stock) <= STOCK_END:
                self._stock_out(events)
            else:
                self._start_turn(self.next_seat(seat))
        elif kind is Act.CHALLENGE:
            self.challenged, self.resume = True, self.phase
            self.phase, self.responder = RESPOND, 1 - seat
            events.append(TableEvent(Ev.CHALLENGED, seat))
        elif kind is Act.REJECT:
            self.phase, self.responder = self.resume, None
            events.append(TableEvent(Ev.CHALLENGE_REJECTED, seat))
        else:  # ACCEPT
            events.append(TableEvent(Ev.CHALLENGE_ACCEPTED, seat))
            challenger = 1 - seat
            mine, theirs = self.hand_points(challenger), self.hand_points(seat)
            if mine == theirs:
                self._score_hand(CHALLENGED, None, None, 0, events)
            else:
                low, high = (challenger, seat) if mine < theirs else (seat, challenger)
                self._score_hand(CHALLENGED, None, low, self.hand_points(high), events)

    def _went_out(self, seat: int, events: list[TableEvent]) -> None:
        events.append(TableEvent(Ev.WENT_OUT, seat))
        self._score_hand(OUT, seat, seat, self.hand_points(1 - seat), events)

    def _stock_out(self, events: list[TableEvent]) -> None:
        a, b = self.hand_points(0), self.hand_points(1)
        if a == b:
            self._score_hand(STOCK, None, None, 0, events)
        else:
            self._score_hand(STOCK, None, 0 if a < b else 1, abs(a - b), events)

    def _extra_to_dict(self) -> dict[str, Any]:
        return {"challenged": self.challenged, "resume": self.resume}

    def _extra_from_dict(self, d: dict[str, Any]) -> None:
        self.challenged, self.resume = d["challenged"], d["resume"]

    def _own_view(self) -> ColonelView:
        return ColonelView(
            challenger=self.current if self.phase == RESPOND and not self.finished else None,
            challenged=self.challenged,
        )

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Colonel:
        loaded: Colonel = cls._load(d, ColonelRules.from_dict(d["rules"]))
        return loaded


COLONEL = register_table_game(
    Colonel,
    ColonelRules,
    name=NAME,
    title=TITLE,
    seat_counts=(2,),
    variants=VARIANTS,
    make_rules=make_rules,
    options=COLONEL_OPTIONS,
)

__all__ = ["COLONEL", "STYLE", "VARIANTS", "Colonel", "ColonelRules", "make_rules"]
