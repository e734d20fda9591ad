"""Words shared by the renderers of Knockout and three- and four-player Gin: the events of a
turn (``bot.engine.knock.Event`` with table seats) and the seat's status."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine.knock import ActionKind, Event, EventKind

from .text import move_phrase, turn_phrases

Names = Sequence[str]


def name_of(names: Names, seat: int | None) -> str:
    if seat is None:
        return ""
    return names[seat] if 0 <= seat < len(names) and names[seat] else f"Player {seat + 1}"


def _phrase(ev: Event, names: Names) -> str | None:
    who = name_of(names, ev.seat)
    moved = move_phrase(ev, who)
    if moved is not None:
        return moved
    k = ev.kind
    if k is EventKind.HAND_SCORED:
        return "The hand is scored" if ev.seat is None else f"{who} ended the hand"
    if k is EventKind.HAND_DRAWN:
        return "The hand is a draw"
    if k is EventKind.TABLE_ENDED:
        table = f"table {ev.game + 1}" if ev.game is not None else "a table"
        return f"The hand at {table} is over" + (f": {who} scores" if ev.seat is not None else ", drawn")
    if k is EventKind.PLAYER_OUT:
        return f"{who} is out"
    if k is EventKind.GAME_ENDED:
        return None
    if k is EventKind.MATCH_ENDED:
        return f"{who} won the match" if ev.seat is not None else "The match is over"
    if k is EventKind.DEALT:
        return f"{who} deals a new hand"
    return None


def describe_turn(events: Sequence[Event], names: Names, turn: int | None) -> str:
    """The turn in words: a draw and its discard make one sentence."""
    phrases = turn_phrases(events, lambda s: name_of(names, s), lambda ev: _phrase(ev, names))
    if not phrases:
        return "New match: " + (f"{name_of(names, turn)} to play" if turn is not None else "ready")
    return ". ".join(phrases)


def doing(phase: Any) -> str:
    return {"offer": "upcard offer", "draw": "to draw", "discard": "to discard"}.get(str(phase), "to play")


def gin_status(view: Any, names: Names, waiting_for: Sequence[int]) -> str:
    """A Gin-like seat's status: its options, or whom it waits for."""
    if view.finished:
        return "The match is over"
    kinds = {a.kind for a in view.legal}
    if not kinds:
        who = " and ".join(name_of(names, s) for s in waiting_for) or "the others"
        return f"Waiting for {who}"
    if ActionKind.TAKE_UPCARD in kinds:
        return "Your turn: take the upcard or pass"
    if ActionKind.DRAW_STOCK in kinds:
        return "Your turn: draw from the stock" + (
            " or take the pile's top card" if ActionKind.DRAW_DISCARD in kinds else ""
        )
    options = ["discard"]
    if ActionKind.KNOCK in kinds:
        options.append("knock")
    if kinds & {ActionKind.GIN, ActionKind.BIG_GIN}:
        options.append("go gin")
    return "Your turn: " + ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1]


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
