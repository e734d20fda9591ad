"""The move codes of the play-out simulations Gin and Knockout share (bot/ai/gin/sim.py,
bot/ai/knockout/sim.py): a phase, and a move as (kind, card bit)."""

from __future__ import annotations

from bot.engine.knock import ActionKind

OFFER, DRAW, DISCARD, OVER = 0, 1, 2, 3

# A move inside a simulation: (kind, card bit); the bit 0 when no card.
TAKE, PASS, STOCK, PILE, DISCARD_, KNOCK, GIN, BIG_GIN = range(8)
SimMove = tuple[int, int]
KINDS = {
    ActionKind.TAKE_UPCARD: TAKE,
    ActionKind.PASS: PASS,
    ActionKind.DRAW_STOCK: STOCK,
    ActionKind.DRAW_DISCARD: PILE,
    ActionKind.DISCARD: DISCARD_,
    ActionKind.KNOCK: KNOCK,
    ActionKind.GIN: GIN,
    ActionKind.BIG_GIN: BIG_GIN,
}
