"""The checks every table game shares: a move is refused with the player's reason and nothing
changes (the phase of the turn, cards held, a meld's or lay-off's legality, the card taken from
the pile)."""

from __future__ import annotations

from ..cards import Card
from ..game import N_, IllegalAction
from .melds import TableMeld, fits, meld_problem
from .moves import Act, TableAction
from .state import DRAW, PLAY, RESPOND, TableState

__all__ = ["TableChecks"]


class TableChecks(TableState):
    # -- checks shared by the games (raise IllegalAction, change nothing) -------------------------
    def _need_phase(self, phase: str) -> None:
        if self.phase != phase:
            raise IllegalAction(
                {
                    DRAW: N_("You have already drawn this turn.") if self.phase == PLAY else N_("Draw first."),
                    PLAY: N_("Draw a card first."),
                    RESPOND: N_("There is nothing to answer."),
                }[phase]
            )

    def _check_draw(self, action: TableAction) -> None:
        if self.phase == PLAY:
            raise IllegalAction("You have already drawn this turn.")
        self._need_phase(DRAW)
        if action.kind is Act.DRAW_PILE and not self.pile:
            if self.HAS_PILE:
                raise IllegalAction("The discard pile is empty.")
            raise IllegalAction("There is no discard pile.")
        if action.kind is Act.DRAW_STOCK and not self.stock:
            raise IllegalAction("The stock is empty.")

    def _check_holds(self, seat: int, cards: tuple[Card, ...]) -> None:
        for c in cards:
            if c not in self.held[seat]:
                raise IllegalAction("You do not hold {card}.", card=c)

    def _kept(self, seat: int) -> frozenset[Card]:
        """The cards ``seat`` may not discard now: the card taken from the pile this turn (Rummy: this hand)."""
        return frozenset((self.from_pile,)) if self.PILE_CARD_KEPT and self.from_pile is not None else frozenset()

    def _left_only_kept(self, seat: int, cards: tuple[Card, ...]) -> list[Card]:
        """The cards playing ``cards`` would leave, when every one of them is a card ``seat`` may not discard
        (he could neither discard nor end his turn); [] otherwise."""
        kept = self._kept(seat)
        if not kept:
            return []
        left = [c for c in self.held[seat] if c not in cards]
        return left if left and all(c in kept for c in left) else []

    def _check_leaves(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Playing ``cards`` may not leave only cards taken from the pile (none of them could be discarded)."""
        left = self._left_only_kept(seat, cards)
        if left:
            told = " ".join(str(c) for c in left)
            if len(left) == 1:
                raise IllegalAction(
                    "That would leave you only {cards}, taken from the pile, and you may not discard it now.",
                    cards=told,
                )
            raise IllegalAction(
                "That would leave you only {cards}, taken from the pile, and you may not discard them now.", cards=told
            )

    def _strands(self, seat: int, cards: tuple[Card, ...]) -> bool:
        """Playing ``cards`` would leave only cards taken from the pile (``_check_leaves`` refuses it)."""
        return bool(self._left_only_kept(seat, cards))

    def _check_meld(self, seat: int, cards: tuple[Card, ...]) -> None:
        self._need_phase(PLAY)
        self._check_holds(seat, cards)
        problem = meld_problem(cards, self.STYLE)
        if problem is not None:
            raise IllegalAction(problem)
        self._check_leaves(seat, cards)

    def _check_layoff(self, seat: int, card: Card, number: int) -> TableMeld:
        self._need_phase(PLAY)
        self._check_holds(seat, (card,))
        if not 1 <= number <= len(self.melds):
            raise IllegalAction("There is no meld {number} on the table.", number=number)
        meld = self.melds[number - 1]
        if not fits(meld, card, self.STYLE):
            raise IllegalAction("{card} does not fit meld {number} ({meld}).", card=card, number=number, meld=meld)
        self._check_leaves(seat, (card,))
        return meld

    def _check_turn_move(self, seat: int, action: TableAction) -> bool:
        """Check a move every table game has (a draw, a meld, a lay-off, a discard) by the common
        rules; False for any other kind, which the game checks itself."""
        kind = action.kind
        if kind in (Act.DRAW_STOCK, Act.DRAW_PILE):
            self._check_draw(action)
        elif kind is Act.MELD:
            self._check_meld(seat, action.cards)
        elif kind is Act.LAYOFF:
            assert action.meld is not None
            self._check_layoff(seat, action.cards[0], action.meld)
        elif kind is Act.DISCARD:
            self._check_discard(seat, action.cards[0])
        else:
            return False
        return True

    def _check_discard(self, seat: int, card: Card) -> None:
        self._need_phase(PLAY)
        self._check_holds(seat, (card,))
        if card in self._kept(seat):
            if card == self.from_pile:
                raise IllegalAction("You may not discard the card you just took from the pile.")
            raise IllegalAction("You may not discard the {card}: you took it from the pile in this hand.", card=card)
