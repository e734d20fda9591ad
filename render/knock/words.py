"""Words shared by the renderers of Knockout and three- and four-player Gin: the events of a
turn (``bot.engine.knock.Event`` with table seats) and the seat's status."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bot.engine.knock import ActionKind, Event, EventKind
from bot.i18n import N_, current

from ..kit.words import name_of
from ..narration import Voice, knock_turn_lines, new_match

Names = Sequence[str]

_MOVES = {
    EventKind.TOOK_UPCARD: N_("{player} took the upcard {card}"),
    EventKind.PASSED: N_("{player} passed on the upcard"),
    EventKind.DREW_STOCK: N_("{player} drew from the stock"),
    EventKind.DREW_DISCARD: N_("{player} took the {card} from the discard pile"),
    EventKind.DISCARDED: N_("{player} discarded the {card}"),
    EventKind.RESIGNED: N_("{player} resigned"),
}


def move_phrase(ev: Event, who: str) -> str | None:
    """A player's move in words (``who``: its name), or None for an event that is not a move."""
    said = _MOVES.get(ev.kind)
    if said is None:
        return None
    return current()._(said, player=who, card=ev.card.pretty if ev.card is not None else "")


# A draw and the discard that follows it: one sentence.
_DRAWS = {
    EventKind.DREW_STOCK: N_("{player} drew from the stock and discarded the {card}"),
    EventKind.DREW_DISCARD: N_("{player} took the {drawn} and discarded the {card}"),
    EventKind.TOOK_UPCARD: N_("{player} took the upcard {drawn} and discarded the {card}"),
}


def turn_phrases(
    events: Iterable[Event], name: Callable[[int | None], str], phrase: Callable[[Event], str | None]
) -> list[str]:
    """A turn's events in words, a draw and its discard making one sentence (``name``: a seat's name,
    ``phrase``: any other event in words, or None to leave it out)."""
    t = current()
    evs = list(events)
    phrases: list[str] = []
    i = 0
    while i < len(evs):
        ev = evs[i]
        nxt = evs[i + 1] if i + 1 < len(evs) else None
        if ev.kind in _DRAWS and nxt is not None and nxt.kind is EventKind.DISCARDED and nxt.seat == ev.seat:
            drawn = ev.card.pretty if ev.card else ""
            gone = nxt.card.pretty if nxt.card else ""
            phrases.append(t._(_DRAWS[ev.kind], player=name(ev.seat), drawn=drawn, card=gone))
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


_DOING = {"offer": N_("upcard offer"), "draw": N_("to draw"), "discard": N_("to discard")}
_PLAYING = N_("to play")


def doing(phase: Any) -> str:
    """What the seat to move is doing, said in a seat's facts ('to draw')."""
    return current()._(_DOING.get(str(phase), _PLAYING))


def gin_status(view: Any, names: Names, waiting_for: Sequence[int]) -> str:
    """A Gin-like seat's status: its options, or whom it waits for."""
    t = current()
    if view.finished:
        return t._("The match is over")
    kinds = {a.kind for a in view.legal}
    if not kinds:
        waited = [name_of(names, s) for s in waiting_for]
        if not waited:
            return t._("Waiting for the others")
        return t._("Waiting for {players}", players=t.join(waited))
    if ActionKind.TAKE_UPCARD in kinds:
        return t._("Your turn: take the upcard or pass")
    if ActionKind.DRAW_STOCK in kinds:
        if ActionKind.DRAW_DISCARD in kinds:
            return t._("Your turn: draw from the stock or take the pile's top card")
        return t._("Your turn: draw from the stock")
    return after_drawing(kinds)


def after_drawing(kinds: set[ActionKind]) -> str:
    """'Your turn: discard, knock or go gin': what a seat that has drawn may do."""
    t = current()
    knock = ActionKind.KNOCK in kinds
    gin = bool(kinds & {ActionKind.GIN, ActionKind.BIG_GIN})
    if knock and gin:
        return t._("Your turn: discard, knock or go gin")
    if knock:
        return t._("Your turn: discard or knock")
    if gin:
        return t._("Your turn: discard or go gin")
    return t._("Your turn: discard")
