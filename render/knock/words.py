"""Words shared by the renderers of Knockout and three- and four-player Gin: the events of a
turn (``bot.engine.knock.Event`` with table seats) and the seat's status."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bot.engine.knock import ActionKind, Event, EventKind

from ..kit.words import name_of
from ..narration import Voice, knock_turn_lines, new_match

Names = Sequence[str]


def move_phrase(ev: Event, who: str) -> str | None:
    """A player's move in words (``who``: its name), or None for an event that is not a move."""
    card = ev.card.pretty if ev.card is not None else ""
    kind = ev.kind
    if kind is EventKind.TOOK_UPCARD:
        return f"{who} took the upcard {card}"
    if kind is EventKind.PASSED:
        return f"{who} passed on the upcard"
    if kind is EventKind.DREW_STOCK:
        return f"{who} drew from the stock"
    if kind is EventKind.DREW_DISCARD:
        return f"{who} took the {card} from the discard pile"
    if kind is EventKind.DISCARDED:
        return f"{who} discarded the {card}"
    if kind is EventKind.RESIGNED:
        return f"{who} resigned"
    return None


_DRAWS = {
    EventKind.DREW_STOCK: "drew from the stock",
    EventKind.DREW_DISCARD: "took the {card}",
    EventKind.TOOK_UPCARD: "took the upcard {card}",
}


def turn_phrases(
    events: Iterable[Event], name: Callable[[int | None], str], phrase: Callable[[Event], str | None]
) -> list[str]:
    """A turn's events in words, a draw and its discard making one sentence (``name``: a seat's name,
    ``phrase``: any other event in words, or None to leave it out)."""
    evs = list(events)
    phrases: list[str] = []
    i = 0
    while i < len(evs):
        ev = evs[i]
        nxt = evs[i + 1] if i + 1 < len(evs) else None
        if ev.kind in _DRAWS and nxt is not None and nxt.kind is EventKind.DISCARDED and nxt.seat == ev.seat:
            took = _DRAWS[ev.kind].format(card=ev.card.pretty if ev.card else "")
            gone = nxt.card.pretty if nxt.card else ""
            phrases.append(f"{name(ev.seat)} {took} and discarded the {gone}")
            i += 2
            continue
        p = phrase(ev)
        if p:
            phrases.append(p)
        i += 1
    return phrases


def describe_turn(events: Sequence[Event], names: Names, turn: int | None, deal_number: int = 0) -> str:
    """The turn in words, a line per player's turn (render.narration), joined for one line of text."""
    lines = knock_turn_lines(events, Voice(names), deal_number=deal_number)
    if not lines:
        return new_match(Voice(names), turn)
    return ". ".join(lines)


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
    return after_drawing(kinds)


def after_drawing(kinds: set[ActionKind]) -> str:
    """'Your turn: discard, knock or go gin': what a seat that has drawn may do."""
    options = ["discard"]
    if ActionKind.KNOCK in kinds:
        options.append("knock")
    if kinds & {ActionKind.GIN, ActionKind.BIG_GIN}:
        options.append("go gin")
    return "Your turn: " + ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1]
