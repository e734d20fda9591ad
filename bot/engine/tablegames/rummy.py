"""Rummy for 2 to 6 players with melds on the table (docs/rules.md#rummy).

10 cards each for 2 players, 7 for 3 or 4, 6 for 5 or 6; aces are low (A-2-3, not Q-K-A) and
count 1. After drawing from the stock or the pile, a player may meld and lay off on any meld on
the table, then discards (not the card just taken from the pile; no discard is needed when his
last card went onto the table). Going out scores the cards left in every other hand, doubled for
a "rummy": all cards played in one turn by a player who had laid nothing earlier in the hand.
The first time a turn ends with the stock empty, the pile but its top card is shuffled into a new
stock; the second time the hand ends with no score. The match runs to a target (100) or for a
fixed number of hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .. import options as opt
from ..cards import Card, format_cards, parse_cards
from ..game import GameRules, IllegalAction
from ..limits import LIMITS
from ..options import OptionTable, Overrides, custom
from ..said import N_, Counted, OptionError, Said
from .machine import DRAW, TableGame, register_table_game
from .melds import MeldStyle, melds_in
from .moves import DRAW_PILE, DRAW_STOCK, DRAWN, OUT, RUMMY, Act, Ev, TableAction, TableEvent, act
from .rules import check_target, check_variant, first_to
from .views import RummyView

NAME = "rummy"
TITLE = "Rummy"
VARIANTS: tuple[str, ...] = ("standard",)
STYLE = MeldStyle(aces="low", poker=False, ace_value=1)
SEATS = (2, 3, 4, 5, 6)
DEAL_SIZES = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
HANDS_MAX = LIMITS.rummy_hands.high
STOCK_LEFT = 2  # the stock a deal leaves, at least (docs/rules.md#rummy)


@dataclass(frozen=True, slots=True)
class RummyRules:
    name: str = "standard"
    target: int = 100  # not used when ``hands`` is set
    hands: int | None = None  # a fixed number of hands: the higher total then wins
    cards: int | None = None  # cards dealt to each player (None: 10, 7 or 6 by the number of players)
    # 'hand': a card taken from the pile may not be discarded by its taker again in the same hand
    # (docs/rules.md#rummy); 'turn': only in the same turn, the rule of matches saved before.
    pile_rule: str = "hand"

    def __post_init__(self) -> None:
        check_target(self.target)
        if not 1 <= len(self.name) <= 40:
            raise ValueError("name must be 1 to 40 characters")
        if self.hands is not None and not (isinstance(self.hands, int) and 1 <= self.hands <= HANDS_MAX):
            raise OptionError("hands must be a whole number from 1 to {high}", high=HANDS_MAX)
        if self.cards is not None and not LIMITS.rummy_cards.holds(self.cards):
            raise OptionError(
                "cards must be a whole number from {low} to {high}",
                low=LIMITS.rummy_cards.low,
                high=LIMITS.rummy_cards.high,
            )
        if self.pile_rule not in ("hand", "turn"):
            raise ValueError("pile_rule must be 'hand' or 'turn'")

    def deal_size(self, seats: int) -> int:
        return self.cards if self.cards is not None else DEAL_SIZES[seats]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "target": self.target,
            "hands": self.hands,
            "cards": self.cards,
            "pile_rule": self.pile_rule,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RummyRules:
        return cls(
            name=d["name"], target=d["target"], hands=d["hands"], cards=d["cards"], pile_rule=d.get("pile_rule", "turn")
        )

    def summary(self) -> list[Said]:
        if self.cards is not None:
            deal: Said = Counted(
                "Rummy for 2 to 6 players: {cards} card each; aces are low (A-2-3, not Q-K-A).",
                "Rummy for 2 to 6 players: {cards} cards each; aces are low (A-2-3, not Q-K-A).",
                self.cards,
                cards=self.cards,
            )
        else:
            deal = Said(
                "Rummy for 2 to 6 players: 10 cards each for 2 players, 7 for 3 or 4, 6 for 5 or 6; "
                "aces are low (A-2-3, not Q-K-A)."
            )
        if self.pile_rule == "hand":
            turn = Said(
                "Draw from the stock or the pile, meld and lay off on any meld on the table, then discard "
                "(never a card you took from the pile in this hand)."
            )
        else:
            turn = Said(
                "Draw from the stock or the pile, meld and lay off on any meld on the table, then discard "
                "(not the card you just took from the pile)."
            )
        end = (
            Counted(
                "After {hands} hand the higher total wins (a tie plays on).",
                "After {hands} hands the higher total wins (a tie plays on).",
                self.hands,
                hands=self.hands,
            )
            if self.hands is not None
            else first_to(self.target)
        )
        return [
            deal,
            turn,
            Said(
                "Go out by playing your last card: score every card left in the other hands, doubled for a rummy "
                "(all your cards in one turn, nothing laid before in the hand)."
            ),
            Said("The stock is rebuilt once from the pile; when it runs out again the hand ends with no score."),
            end,
        ]


def check_deal(rules: GameRules, seats: int) -> None:
    """ValueError unless every player's cards, the pile's first card and a stock of at least
    ``STOCK_LEFT`` cards fit in the pack."""
    assert isinstance(rules, RummyRules)
    size = rules.deal_size(seats)
    if seats * size + 1 + STOCK_LEFT > 52:
        most = (52 - 1 - STOCK_LEFT) // seats
        raise OptionError(
            "{seats} players cannot each get {size} cards: at most {most}", seats=seats, size=size, most=most
        )


def _length(text: str) -> Overrides:
    if text == "target":
        return {"hands": None}
    kind, colon, n = text.partition(":")
    if kind == "hands" and colon:
        return {"hands": LIMITS.rummy_hands.read(n, N_("the number of hands"))}
    raise OptionError(
        "choose target or hands:N (N from {low} to {high})", low=LIMITS.rummy_hands.low, high=LIMITS.rummy_hands.high
    )


RUMMY_OPTIONS = OptionTable(
    TITLE,
    (
        custom(
            "length",
            N_("the match length"),
            Said("target or hands:N"),
            _length,
            lambda rules: "target" if rules.hands is None else f"hands:{rules.hands}",
            values=("target", "hands:"),
            span=LIMITS.rummy_hands,
        ),
        opt.number("cards", "cards", N_("the cards dealt to each"), LIMITS.rummy_cards),  # not set: 10, 7 or 6 by seats
    ),
)


def make_rules(variant: str = "standard", target: int | None = None, options: str = "") -> RummyRules:
    name = check_variant(variant, VARIANTS, TITLE)
    opts = RUMMY_OPTIONS.parse(options)
    return RummyRules(name=name, target=100 if target is None else target, **opts)


class Rummy(TableGame):
    NAME, TITLE, STYLE, SEAT_COUNTS = NAME, TITLE, STYLE, SEATS
    COUNTED = (("rummies", RUMMY),)  # hands won by going rummy
    HIGH_CUT_DEALS = True
    rules: RummyRules

    def __init__(self, rules: RummyRules, seed: int, seats: int) -> None:
        if seats in SEATS:
            check_deal(rules, seats)
        super().__init__(rules, seed, seats)

    def _init_extra(self) -> None:
        self.renewals = 0
        self.laid_before = [False] * self.seats
        self.taken: list[list[Card]] = [[] for _ in range(self.seats)]  # cards each took from the pile this hand

    def _new_hand(self) -> None:
        self.renewals = 0
        self.laid_before = [False] * self.seats
        self.taken = [[] for _ in range(self.seats)]

    def _kept(self, seat: int) -> frozenset[Card]:
        if self.rules.pile_rule == "hand":
            return super()._kept(seat) | frozenset(self.taken[seat])
        return super()._kept(seat)

    def _pile_draw_strands(self, seat: int) -> bool:
        """Taking the pile's top would leave ``seat`` holding only cards it may not discard."""
        kept = self._kept(seat)
        return all(c in kept for c in self.held[seat])

    def _deal_size(self) -> int:
        return self.rules.deal_size(self.seats)

    def _legal(self, seat: int) -> list[TableAction]:
        out: list[TableAction] = []
        if self.phase == DRAW:
            if self.stock:
                out.append(DRAW_STOCK)
            if self.pile and not self._pile_draw_strands(seat):
                out.append(DRAW_PILE)
            return out
        hand = self.held[seat]
        kept = self._kept(seat)
        for cards in sorted(melds_in(hand, STYLE), key=lambda m: (-len(m), -STYLE.points(m))):
            if not self._strands(seat, cards):
                out.append(act(Act.MELD, *cards))
        for card, number in self.layoff_options(seat):
            if not self._strands(seat, (card,)):
                out.append(act(Act.LAYOFF, card, meld=number))
        out.extend(act(Act.DISCARD, c) for c in sorted(hand, key=lambda c: (-STYLE.value(c), c)) if c not in kept)
        return out

    def _check(self, seat: int, action: TableAction) -> None:
        if not self._check_turn_move(seat, action):
            raise IllegalAction("'{move}' is not a move in Rummy.", move=action.kind.value)
        if action.kind is Act.DRAW_PILE and self._pile_draw_strands(seat):
            raise IllegalAction(
                "You hold only cards you took from the pile in this hand: draw from the stock, "
                "or you could not discard."
            )

    def _do(self, seat: int, action: TableAction, events: list[TableEvent]) -> None:
        kind = action.kind
        if kind in (Act.DRAW_STOCK, Act.DRAW_PILE):
            self._draw(seat, action, events)
            if kind is Act.DRAW_PILE:
                self.taken[seat].append(self.held[seat][-1])
            return
        if kind is Act.MELD:
            self._lay(seat, action.cards, events)
        elif kind is Act.LAYOFF:
            assert action.meld is not None
            self._lay_off(seat, action.cards[0], action.meld, events)
        else:
            self._discard(seat, action.cards[0], events)
            self._end_turn()
        if not self.held[seat]:
            self._went_out(seat, events)
        elif kind is Act.DISCARD:
            self.laid_before[seat] = self.laid_before[seat] or self.turn_laid
            if self.stock:
                self._start_turn(self.next_seat(seat))
            elif self.renewals == 0 and len(self.pile) > 1:
                self._renew(events)
                self._start_turn(self.next_seat(seat))
            else:
                self._score_hand(DRAWN, None, None, 0, events)

    def _renew(self, events: list[TableEvent]) -> None:
        top, rest = self.pile[-1], self.pile[:-1]
        random.Random(f"{NAME}:{self.seed}:renew:{self.deal_number}").shuffle(rest)
        self.stock, self.pile, self.renewals = rest, [top], self.renewals + 1
        events.append(TableEvent(Ev.STOCK_RENEWED, points=len(rest)))

    def _went_out(self, seat: int, events: list[TableEvent]) -> None:
        events.append(TableEvent(Ev.WENT_OUT, seat))
        points = sum(self.hand_points(s) for s in range(self.seats) if s != seat)
        rummy = not self.laid_before[seat]
        self._score_hand(RUMMY if rummy else OUT, seat, seat, points * 2 if rummy else points, events)

    def _match_winner(self) -> int | None:
        if self.rules.hands is None:
            return super()._match_winner()
        if len(self.history) < self.rules.hands:
            return None
        top = max(self.scores)
        leaders = [s for s in range(self.seats) if self.scores[s] == top]
        return leaders[0] if len(leaders) == 1 else None  # a tie for the lead plays another hand

    def _extra_to_dict(self) -> dict[str, Any]:
        return {
            "renewals": self.renewals,
            "laid_before": self.laid_before,
            "taken": [format_cards(t) for t in self.taken],
        }

    def _extra_from_dict(self, d: dict[str, Any]) -> None:
        self.renewals, self.laid_before = d["renewals"], list(d["laid_before"])
        self.taken = [list(parse_cards(t)) if t else [] for t in d.get("taken", [""] * self.seats)]

    def _own_view(self) -> RummyView:
        left = None if self.rules.hands is None else max(0, self.rules.hands - len(self.history))
        return RummyView(renewals=self.renewals, laid_before=tuple(self.laid_before), hands_left=left)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Rummy:
        loaded: Rummy = cls._load(d, RummyRules.from_dict(d["rules"]))
        return loaded


RUMMY_GAME = register_table_game(
    Rummy,
    RummyRules,
    name=NAME,
    title=TITLE,
    seat_counts=SEATS,
    variants=VARIANTS,
    make_rules=make_rules,
    check_seats=check_deal,
    options=RUMMY_OPTIONS,
)

__all__ = ["DEAL_SIZES", "RUMMY_GAME", "STYLE", "VARIANTS", "Rummy", "RummyRules", "make_rules"]
