"""Set up exact positions of the table games (Colonel, Skarney Gin, Rummy) for the rule tests."""

from __future__ import annotations

from typing import Any, TypeVar

from bot.engine import DECK, parse_cards
from bot.engine.tablegames import TableGame, make_meld

G = TypeVar("G", bound=TableGame)


def rig(
    game: G,
    *,
    hands: list[str],
    pile: str = "",
    stock: str | None = None,
    melds: tuple[tuple[int, str], ...] = (),
    turn: int = 0,
    phase: str = "draw",
    **extra: Any,
) -> G:
    """Put ``game`` (a fresh match) in a chosen position: each seat's cards, the pile (bottom first),
    the stock (top last; by default every other card), melds on the table as (owner, cards)."""
    held = [list(parse_cards(h)) for h in hands]
    assert len(held) == game.seats
    table = [make_meld(i + 1, owner, parse_cards(cards), game.STYLE) for i, (owner, cards) in enumerate(melds)]
    game.held = held
    game.known = [[] for _ in range(game.seats)]
    game.pile = list(parse_cards(pile)) if pile else []
    game.melds = table
    used = {c for h in held for c in h} | set(game.pile) | {c for m in table for c in m.cards}
    if stock is None:
        game.stock = [c for c in DECK if c not in used]
    else:
        game.stock = list(parse_cards(stock)) if stock else []
    game._start_turn(turn)
    game.phase = phase
    for name, value in extra.items():
        setattr(game, name, value)
    cards = [c for h in game.held for c in h] + game.stock + game.pile + [c for m in game.melds for c in m.cards]
    assert len(cards) == len(set(cards)), "a card is used twice in the rigged position"
    return game


def full_deck(game: TableGame) -> bool:
    """Every card is in exactly one place."""
    cards = [c for h in game.held for c in h] + game.stock + game.pile + [c for m in game.melds for c in m.cards]
    return len(cards) == 52 and set(cards) == set(DECK)
