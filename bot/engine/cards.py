"""Cards, their text notation (docs/rules.md#cards-and-notation) and the bitmask form the solver uses.

A card's bit is ``suit * 16 + (rank - 1)``: each suit owns a 16-bit lane, so the
ranks of a suit are consecutive bits (runs are shifts) and the three unused bits
between lanes stop a run from crossing into the next suit.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from operator import attrgetter

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
LANE = 16
RANK_MASK = (1 << 13) - 1  # the 13 rank bits of one suit lane


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def char(self) -> str:
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]


class Card(int):
    """One card: an int (its bit index) with names. Only the 52 interned instances exist.

    Being an int makes equality, hashing and ordering (suit, then rank) C-speed, which
    the solver and the random-play benchmark need; ``Card(suit, rank)`` returns the
    interned card, so identity and equality agree.
    """

    suit: Suit
    rank: int  # 1 (ace) .. 13 (king)
    value: int  # deadwood value: ace 1, 2-10 face value, J Q K 10
    index: int  # bit position
    bit: int
    display_key: int  # rank-major order, as players hold cards
    code: str  # 'AS', 'TD'

    def __new__(cls, suit: int, rank: int) -> Card:
        if not 1 <= rank <= 13 or not 0 <= suit <= 3:
            raise ValueError(f"no such card: suit {suit}, rank {rank}")
        return _BY_INDEX[suit * LANE + rank - 1]

    @classmethod
    def _make(cls, suit: int, rank: int) -> Card:
        index = suit * LANE + rank - 1
        card = int.__new__(cls, index)
        fields = {
            "suit": Suit(suit),
            "rank": rank,
            "value": min(rank, 10),
            "index": index,
            "bit": 1 << index,
            "display_key": rank * 4 + suit,
            "code": RANK_CHARS[rank - 1] + SUIT_CHARS[suit],
        }
        for name, value in fields.items():
            object.__setattr__(card, name, value)
        return card

    def __bool__(self) -> bool:
        return True  # the ace of spades is int 0, but a card is never "nothing"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (int(self.suit), self.rank))

    @property
    def rank_label(self) -> str:
        return "10" if self.rank == 10 else RANK_CHARS[self.rank - 1]

    @property
    def pretty(self) -> str:
        """Display form, e.g. ``10♦``."""
        return self.rank_label + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"

    __format__ = object.__format__


_BY_INDEX: dict[int, Card] = {}
for _s in range(4):
    for _r in range(1, 14):
        _BY_INDEX[_s * LANE + _r - 1] = Card._make(_s, _r)
DECK: tuple[Card, ...] = tuple(_BY_INDEX.values())
_BY_CODE: dict[str, Card] = {c.code: c for c in DECK}
FULL_MASK = sum(c.bit for c in DECK)


def card_at(index: int) -> Card:
    return _BY_INDEX[index]


def parse_card(text: str) -> Card:
    """Parse one card such as ``AS``, ``TD``, ``10d`` or ``K♥``."""
    token = text.strip().upper()
    if token.startswith("10"):
        token = "T" + token[2:]
    for symbol, char in zip(SUIT_SYMBOLS, SUIT_CHARS, strict=False):
        token = token.replace(symbol, char)
    card = _BY_CODE.get(token)
    if card is None:
        raise ValueError(f"not a card: {text!r} (use rank A23456789TJQK and suit SHDC, e.g. 'TD')")
    return card


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse ``"AS 2S 3S"`` (spaces or commas) or a list of tokens; duplicates are an error."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = tuple(parse_card(t) for t in tokens)
    if len(set(cards)) != len(cards):
        raise ValueError(f"duplicate card in {' '.join(tokens)!r}")
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards)


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for c in cards:
        mask |= c.bit
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """Cards of a bitmask in bit order (suit, then rank)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_BY_INDEX[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def sort_for_display(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Rank first, then suit: how most players hold unmelded cards."""
    return tuple(sorted(cards, key=_DISPLAY_KEY))


_DISPLAY_KEY = attrgetter("display_key")
