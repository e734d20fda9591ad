"""Skarney Gin: two players, three kinds of meld, a contract, and offers instead of a discard pile
(docs/rules.md#skarney-gin).

Melds: sets, one-suit runs and poker runs (mixed suits); aces high or low, never round the corner.
A turn: answer the card the opponent offered (accept or reject; an accepted ace costs this turn's
draw), draw from the stock, meld, then offer a card (with one card left: say 'last card'). A
player's first meld of the hand is the contract, exactly three 3-card melds; from the next turn
on he may lay new melds and lay off one or two cards on each of his own melds per turn. Melding
every card goes gin and ends the hand: the cards in the opponent's hand plus 20, or 40 when the
opponent's contract is not down. When a draw leaves 2 cards in the stock, that turn ends the hand
without an offer and the lower hand total scores the difference. Aces count 15. Game to 200.
"""

from __future__ import annotations

from dataclasses import dataclass
from heapq import heappush, heapreplace
from typing import Any

from ..cards import Card
from ..game import IllegalAction
from ..options import OptionTable
from ..said import Counted, Said
from .machine import DRAW, PLAY, RESPOND, TableGame, register_table_game
from .melds import MeldStyle, melds_in
from .moves import ACCEPT, DRAW_STOCK, END_HAND, GIN, LAST_CARD, REJECT, STOCK, Act, Ev, TableAction, TableEvent, act
from .rules import check_target, check_variant, first_to
from .views import SkarneyView

NAME = "skarney"
TITLE = "Skarney Gin"
VARIANTS: tuple[str, ...] = ("standard",)
STYLE = MeldStyle(aces="both", poker=True, ace_value=15)
STOCK_END = 2  # the last two stock cards are never drawn
MAX_LAYOFFS = 2  # cards a player may lay off on each of his melds in one turn


@dataclass(frozen=True, slots=True)
class SkarneyRules:
    name: str = "standard"
    target: int = 200
    gin_bonus: int = 20
    early_gin_bonus: int = 40  # gin before the opponent's contract is down
    # In the turn the contract goes down the player may lay down further melds (docs/rules.md#skarney-gin);
    # False: nothing more that turn, the rule of matches saved before.
    contract_turn_melds: bool = True

    def __post_init__(self) -> None:
        check_target(self.target)
        if not 1 <= len(self.name) <= 40:
            raise ValueError("name must be 1 to 40 characters")

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "target": self.target,
            "gin_bonus": self.gin_bonus,
            "early_gin_bonus": self.early_gin_bonus,
            "contract_turn_melds": self.contract_turn_melds,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SkarneyRules:
        return cls(
            name=d["name"],
            target=d["target"],
            gin_bonus=d["gin_bonus"],
            early_gin_bonus=d["early_gin_bonus"],
            contract_turn_melds=d.get("contract_turn_melds", False),
        )

    def summary(self) -> list[Said]:
        return [
            Said(
                "Skarney Gin for two: 10 cards each, no discard pile. Melds: sets, runs of one suit and poker runs of "
                "mixed suits; aces high or low (A-2-3, Q-K-A) but never K-A-2."
            ),
            Counted(
                "Your first meld is the contract: exactly three melds of three cards, with any further melds that "
                "turn. From your next turn on, lay new melds and lay off up to {cards} card a turn on each of your "
                "own melds.",
                "Your first meld is the contract: exactly three melds of three cards, with any further melds that "
                "turn. From your next turn on, lay new melds and lay off up to {cards} cards a turn on each of your "
                "own melds.",
                MAX_LAYOFFS,
                cards=MAX_LAYOFFS,
            ),
            Said(
                "End your turn by offering a card; your opponent may take it. An accepted ace costs the taker his next "
                "draw, and the card just taken may not be offered back."
            ),
            Said(
                "Meld every card to go gin: the cards in your opponent's hand plus {bonus} ({early} before his "
                "contract). Aces count 15.",
                bonus=self.gin_bonus,
                early=self.early_gin_bonus,
            ),
            Counted(
                "With {cards} stock card left the hand ends; the lower hand total scores the difference.",
                "With {cards} stock cards left the hand ends; the lower hand total scores the difference.",
                STOCK_END,
                cards=STOCK_END,
            ),
            first_to(self.target),
        ]


SKARNEY_OPTIONS = OptionTable(TITLE)  # none


def make_rules(variant: str = "standard", target: int | None = None, options: str = "") -> SkarneyRules:
    name = check_variant(variant, VARIANTS, TITLE)
    SKARNEY_OPTIONS.parse(options)  # refuses every field
    return SkarneyRules(name=name, target=200 if target is None else target)


CONTRACTS_LISTED = 200  # contracts among the legal moves: the most points first


def contracts(hand: list[Card], limit: int = CONTRACTS_LISTED) -> list[tuple[Card, ...]]:
    """The ``limit`` contracts (three disjoint 3-card melds, nine cards) in ``hand`` with the most
    points, the most first. A long hand holds millions (a 25-card hand: hundreds of 3-card melds),
    so the search stops where no better contract can follow; any contract not listed is still legal."""
    threes = melds_in(hand, STYLE, size=3)
    # (points, mask, position in ``threes``, cards), the most points first
    ranked = sorted(((STYLE.points(m), sum(c.bit for c in m), i, m) for i, m in enumerate(threes)), key=lambda t: -t[0])
    best: list[int] = []  # min-heap of the ``limit`` highest totals so far
    found: list[tuple[int, tuple[Card, ...]]] = []
    n = len(ranked)

    def beaten(total: int) -> bool:
        return len(best) >= limit and total < best[0]

    for a in range(n - 2):
        pa, ma, _, _ = ranked[a]
        if beaten(pa + ranked[a + 1][0] + ranked[a + 2][0]):
            break
        for b in range(a + 1, n - 1):
            pb, mb, _, _ = ranked[b]
            if ma & mb:
                continue
            if beaten(pa + pb + ranked[b + 1][0]):
                break
            for c in range(b + 1, n):
                pc, mc, _, _ = ranked[c]
                total = pa + pb + pc
                if beaten(total):
                    break
                if mc & (ma | mb):
                    continue
                # the melds in the order ``melds_in`` found them, as a contract's text always was
                groups = sorted((ranked[a], ranked[b], ranked[c]), key=lambda t: t[2])
                found.append((-total, groups[0][3] + groups[1][3] + groups[2][3]))
                if len(best) < limit:
                    heappush(best, total)
                elif total > best[0]:
                    heapreplace(best, total)
    found.sort()
    return [cards for _, cards in found[:limit]]


class Skarney(TableGame):
    NAME, TITLE, STYLE, SEAT_COUNTS = NAME, TITLE, STYLE, (2,)
    COUNTED = (("gins", GIN),)  # hands won by going gin
    HAS_PILE = False
    PILE_CARD_KEPT = False
    rules: SkarneyRules

    def _init_extra(self) -> None:
        self.contract = [False, False]
        self.last_card = [False, False]
        self.contract_now = False  # the contract went down this turn: nothing more until the next
        self.offer: Card | None = None
        self.refused: Card | None = None
        self.accepted: Card | None = None
        self.draw_lost = False
        self.offer_without_draw = False  # the pending offer comes from a player who drew no card
        self.final = False

    def _new_hand(self) -> None:
        self.contract, self.last_card = [False, False], [False, False]
        self.offer = None

    def _start_turn(self, seat: int) -> None:
        super()._start_turn(seat)
        self.contract_now = self.draw_lost = self.final = self.offer_without_draw = False
        self.refused = self.accepted = None
        self.last_card[seat] = False

    def _legal(self, seat: int) -> list[TableAction]:
        if self.phase == RESPOND:
            return [REJECT] if self._dead_ace() else [ACCEPT, REJECT]
        if self.phase == DRAW:
            return [DRAW_STOCK]
        hand = self.held[seat]
        out: list[TableAction] = []
        if not self.contract[seat]:
            out.extend(act(Act.CONTRACT, *cards) for cards in contracts(hand))
        elif not self.contract_now or self.rules.contract_turn_melds:
            for cards in sorted(melds_in(hand, STYLE), key=lambda m: (-len(m), -STYLE.points(m))):
                out.append(act(Act.MELD, *cards))
            if not self.contract_now:  # lay-offs start the turn after the contract
                own = [m for m in self.melds if m.owner == seat and self.turn_layoffs.get(m.number, 0) < MAX_LAYOFFS]
                out.extend(act(Act.LAYOFF, card, meld=n) for card, n in self.layoff_options(seat, own))
        if self.final:
            out.append(END_HAND)
        elif len(hand) == 1:
            out.append(LAST_CARD)
        else:
            out.extend(
                act(Act.OFFER, c) for c in sorted(hand, key=lambda c: (-STYLE.value(c), c)) if c != self.accepted
            )
        return out

    def _dead_ace(self) -> bool:
        """The pending offer is an ace from a player who drew no card (he had accepted an ace): it may only be
        rejected, so that aces cannot pass back and forth for ever without anybody drawing."""
        return self.offer is not None and self.offer.rank == 1 and self.offer_without_draw

    def _check(self, seat: int, action: TableAction) -> None:
        kind = action.kind
        if self.phase == RESPOND:
            if kind not in (Act.ACCEPT, Act.REJECT):
                raise IllegalAction("Accept or reject the offered {card} first.", card=self.offer)
            if kind is Act.ACCEPT and self._dead_ace():
                raise IllegalAction(
                    "Your opponent drew no card this turn (he took an ace), so his ace may not be accepted; reject it."
                )
            return
        if kind in (Act.ACCEPT, Act.REJECT):
            raise IllegalAction("There is no offer to answer.")
        if kind is Act.DRAW_PILE:
            raise IllegalAction("There is no discard pile in Skarney Gin; draw from the stock.")
        if kind is Act.DRAW_STOCK:
            if self.draw_lost:
                raise IllegalAction("You accepted an ace, so you do not draw this turn.")
            self._check_draw(action)
            return
        if kind in (Act.DISCARD, Act.CHALLENGE):
            raise IllegalAction(
                "'{move}' is not a move in Skarney Gin; end your turn by offering a card.", move=kind.value
            )
        self._need_phase(PLAY)
        hand = self.held[seat]
        if kind is Act.CONTRACT:
            if self.contract[seat]:
                raise IllegalAction("Your contract is already down.")
            self._check_holds(seat, action.cards)
            for group in action.groups():
                self._check_meld(seat, group)
        elif kind in (Act.MELD, Act.LAYOFF):
            if not self.contract[seat]:
                raise IllegalAction("Your first meld must be the contract: exactly three melds of three cards.")
            if self.contract_now and not self.rules.contract_turn_melds:
                raise IllegalAction("You laid your contract this turn; more melds and lay-offs come in later turns.")
            if self.contract_now and kind is Act.LAYOFF:
                raise IllegalAction("You laid your contract this turn; lay-offs start in your next turn.")
            if kind is Act.MELD:
                self._check_meld(seat, action.cards)
                return
            assert action.meld is not None
            meld = self._check_layoff(seat, action.cards[0], action.meld)
            if meld.owner != seat:
                raise IllegalAction("You may lay off only on your own melds.")
            if self.turn_layoffs.get(meld.number, 0) >= MAX_LAYOFFS:
                raise IllegalAction(
                    "You have laid off {cards} cards on meld {number} this turn, the most a turn allows.",
                    cards=MAX_LAYOFFS,
                    number=meld.number,
                )
        elif kind is Act.OFFER:
            if self.final:
                raise IllegalAction("The stock is down to {cards}: end the hand instead of offering.", cards=STOCK_END)
            if len(hand) < 2:
                raise IllegalAction("With one card left you say 'last card' instead of offering it.")
            self._check_holds(seat, action.cards)
            if action.cards[0] == self.accepted:
                raise IllegalAction("You may not offer back the card you have just accepted.")
        elif kind is Act.LAST_CARD:
            if self.final:
                raise IllegalAction("The stock is down to {cards}: end the hand.", cards=STOCK_END)
            if len(hand) != 1:
                raise IllegalAction("You can say 'last card' only when you hold one card.")
        elif not self.final:  # END_HAND
            raise IllegalAction("The hand ends only when a draw leaves {cards} cards in the stock.", cards=STOCK_END)

    def _do(self, seat: int, action: TableAction, events: list[TableEvent]) -> None:
        kind, other = action.kind, 1 - seat
        if kind is Act.DRAW_STOCK:
            self._draw(seat, action, events)
            self.final = len(self.stock) <= STOCK_END
        elif kind is Act.ACCEPT:
            card = self.offer
            assert card is not None
            self._give(other, card)
            self._take(seat, card)
            self.known[seat].append(card)
            self.offer, self.accepted = None, card
            events.append(TableEvent(Ev.ACCEPTED, seat, (card,)))
            if card.rank == 1:
                self.draw_lost, self.phase = True, PLAY
                events.append(TableEvent(Ev.DRAW_LOST, seat))
            else:
                self.phase = DRAW
        elif kind is Act.REJECT:
            card = self.offer
            assert card is not None
            if card not in self.known[other]:
                self.known[other].append(card)
            self.offer, self.refused, self.phase = None, card, DRAW
            events.append(TableEvent(Ev.REJECTED, seat, (card,)))
        elif kind is Act.OFFER:
            events.append(TableEvent(Ev.OFFERED, seat, action.cards))
            without_draw = self.draw_lost
            self._end_turn()
            self._start_turn(other)
            self.offer, self.phase, self.offer_without_draw = action.cards[0], RESPOND, without_draw
        elif kind is Act.LAST_CARD:
            events.append(TableEvent(Ev.LAST_CARD, seat))
            self._end_turn()
            self._start_turn(other)
            self.last_card[seat] = True
        elif kind is Act.END_HAND:
            self._end_turn()
            a, b = self.hand_points(0), self.hand_points(1)
            self._score_hand(STOCK, None, None if a == b else (0 if a < b else 1), abs(a - b), events)
        else:
            if kind is Act.CONTRACT:
                for group in action.groups():
                    self._lay(seat, group, events)
                self.contract[seat] = self.contract_now = True
            elif kind is Act.MELD:
                self._lay(seat, action.cards, events)
            else:
                assert action.meld is not None
                self._lay_off(seat, action.cards[0], action.meld, events)
            if not self.held[seat]:
                events.append(TableEvent(Ev.WENT_OUT, seat))
                bonus = self.rules.gin_bonus if self.contract[other] else self.rules.early_gin_bonus
                self._score_hand(GIN, seat, seat, self.hand_points(other) + bonus, events)

    def _extra_to_dict(self) -> dict[str, Any]:
        return {
            "contract": self.contract,
            "last_card": self.last_card,
            "contract_now": self.contract_now,
            "offer": _code(self.offer),
            "refused": _code(self.refused),
            "accepted": _code(self.accepted),
            "draw_lost": self.draw_lost,
            "final": self.final,
            "offer_without_draw": self.offer_without_draw,
        }

    def _extra_from_dict(self, d: dict[str, Any]) -> None:
        from .moves import card_from

        self.contract, self.last_card = list(d["contract"]), list(d["last_card"])
        self.contract_now, self.draw_lost, self.final = d["contract_now"], d["draw_lost"], d["final"]
        self.offer_without_draw = d["offer_without_draw"]
        self.offer, self.refused, self.accepted = (
            card_from(d["offer"]),
            card_from(d["refused"]),
            card_from(d["accepted"]),
        )

    def _own_view(self) -> SkarneyView:
        return SkarneyView(
            offer=self.offer,
            offered_by=None if self.offer is None else (self.current - 1) % self.seats,  # the turn before this one
            refused=self.refused,
            accepted=self.accepted,
            contract=tuple(self.contract),
            last_card=tuple(self.last_card),
            draw_lost=self.draw_lost and not self.finished,
            final_turn=self.final and not self.finished,
        )

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Skarney:
        loaded: Skarney = cls._load(d, SkarneyRules.from_dict(d["rules"]))
        return loaded


def _code(card: Card | None) -> str | None:
    return None if card is None else card.code


SKARNEY = register_table_game(
    Skarney,
    SkarneyRules,
    name=NAME,
    title=TITLE,
    seat_counts=(2,),
    variants=VARIANTS,
    make_rules=make_rules,
    options=SKARNEY_OPTIONS,
)

__all__ = ["SKARNEY", "STYLE", "VARIANTS", "Skarney", "SkarneyRules", "contracts", "make_rules"]
