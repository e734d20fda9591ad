"""The turns of the knock games (Gin for two to four, Knockout) in words: one line per turn,
a draw and its discard one sentence ("Bob took the 9♥ and discarded the 8♣")."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.engine.knock import Event, EventKind
from bot.i18n import N_, NP_

from .voice import Phrase, Voice

MOVES: dict[EventKind, Phrase] = {
    EventKind.TOOK_UPCARD: (N_("took the upcard {card}"), NP_("you", "took the upcard {card}")),
    EventKind.PASSED: (N_("passed on the upcard"), NP_("you", "passed on the upcard")),
    EventKind.DREW_STOCK: (N_("drew from the stock"), NP_("you", "drew from the stock")),
    EventKind.DREW_DISCARD: (
        N_("took the {card} from the discard pile"),
        NP_("you", "took the {card} from the discard pile"),
    ),
    EventKind.DISCARDED: (N_("discarded the {card}"), NP_("you", "discarded the {card}")),
    EventKind.RESIGNED: (N_("resigned"), NP_("you", "resigned")),
}
# A draw followed by its discard: the pile's card is named once.
TOOK_BEFORE_DISCARD: Phrase = (N_("took the {card}"), NP_("you", "took the {card}"))
OTHERS: dict[EventKind, Phrase] = {
    EventKind.DEALT: (N_("deals hand {number}"), NP_("you", "deal hand {number}")),
    EventKind.PLAYER_OUT: (N_("is out"), NP_("you", "are out")),
    EventKind.MATCH_ENDED: (N_("won the match"), NP_("you", "won the match")),
    EventKind.GAME_ENDED: (N_("won game {number}"), NP_("you", "won game {number}")),
}

# What the caller says of an event these words leave to it (a scored hand, a table's end), or None.
Teller = Callable[[Event], str | None]


def _card(ev: Event) -> str:
    return ev.card.pretty if ev.card is not None else ""


def turn_lines(events: Sequence[Event], voice: Voice, *, deal_number: int = 0, tell: Teller | None = None) -> list[str]:
    """The events in words, a line per player's turn and per other event (``tell``: the words of a
    scored or drawn hand and a table's end, which the game's result words give)."""
    lines: list[str] = []
    i = 0
    while i < len(events):
        ev = events[i]
        if ev.kind in MOVES:
            seat, phrases = ev.seat, []
            while i < len(events) and events[i].kind in MOVES and events[i].seat == seat:
                cur = events[i]
                nxt = events[i + 1] if i + 1 < len(events) else None
                joined = cur.kind is EventKind.DREW_DISCARD and nxt is not None and nxt.kind is EventKind.DISCARDED
                phrases.append(voice.phrase(seat, TOOK_BEFORE_DISCARD if joined else MOVES[cur.kind], card=_card(cur)))
                i += 1
            lines.append(voice.sentence(seat, phrases))
            continue
        i += 1
        told = tell(ev) if tell is not None else None
        if told is not None:
            lines.append(told)
        elif ev.kind in OTHERS and ev.seat is not None:
            number = ev.game + 1 if ev.kind is EventKind.GAME_ENDED and ev.game is not None else deal_number
            lines.append(voice.sentence(ev.seat, [voice.phrase(ev.seat, OTHERS[ev.kind], number=number)]))
        elif ev.kind is EventKind.HAND_DRAWN:
            lines.append(voice.t._(N_("The hand is a draw: nobody scores.")))
        elif ev.kind is EventKind.HAND_SCORED:
            lines.append(voice.t._(N_("The hand is over.")))
        elif ev.kind is EventKind.TABLE_ENDED and ev.game is not None:
            lines.append(voice.t._(N_("The hand at table {number} is over."), number=ev.game + 1))
    return lines
