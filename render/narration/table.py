"""The turns of the table-meld games (Colonel, Skarney Gin, Rummy) in words: one line per turn
("Bob drew from the stock, melded 3♥ 4♥ 5♥ as #2 and discarded the 9♣")."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.tablegames import Ev, TableEvent
from bot.i18n import N_, NP_

from .voice import Phrase, Voice

# Events of a player's own turn: said in one sentence.
TURN: dict[Ev, Phrase] = {
    Ev.DREW_STOCK: (N_("drew from the stock"), NP_("you", "drew from the stock")),
    Ev.DREW_PILE: (N_("took the {cards} from the pile"), NP_("you", "took the {cards} from the pile")),
    Ev.DRAW_LOST: (N_("loses this draw for the ace taken"), NP_("you", "lose this draw for the ace taken")),
    Ev.MELDED: (N_("melded {cards} as #{meld}"), NP_("you", "melded {cards} as #{meld}")),
    Ev.LAID_OFF: (N_("laid off {cards} on #{meld}"), NP_("you", "laid off {cards} on #{meld}")),
    Ev.DISCARDED: (N_("discarded the {cards}"), NP_("you", "discarded the {cards}")),
    Ev.OFFERED: (N_("offered the {cards}"), NP_("you", "offered the {cards}")),
    Ev.LAST_CARD: (N_("has one card left"), NP_("you", "have one card left")),
    Ev.CHALLENGED: (N_("challenged: the lower hand would win"), NP_("you", "challenged: the lower hand would win")),
    Ev.WENT_OUT: (N_("went out"), NP_("you", "went out")),
}
# Answers and the rest: a sentence of their own.
OTHERS: dict[Ev, Phrase] = {
    Ev.DEALT: (N_("deals hand {number}"), NP_("you", "deal hand {number}")),
    Ev.ACCEPTED: (N_("took the offered {cards}"), NP_("you", "took the offered {cards}")),
    Ev.REJECTED: (N_("turned the offer down"), NP_("you", "turned the offer down")),
    Ev.CHALLENGE_ACCEPTED: (N_("accepted the Challenge"), NP_("you", "accepted the Challenge")),
    Ev.CHALLENGE_REJECTED: (N_("turned the Challenge down"), NP_("you", "turned the Challenge down")),
    Ev.RESIGNED: (N_("resigned"), NP_("you", "resigned")),
    Ev.MATCH_ENDED: (N_("won the match"), NP_("you", "won the match")),
}


def _fields(ev: TableEvent, deal_number: int) -> dict[str, object]:
    return {"cards": " ".join(c.pretty for c in ev.cards), "meld": ev.meld, "number": deal_number}


def turn_lines(events: Sequence[TableEvent], voice: Voice, *, deal_number: int = 0) -> list[str]:
    """The events in words, a line per player's turn and per other event. A scored hand is left to
    the result words (``render.narration.story``), which say who scored and why."""
    lines: list[str] = []
    i = 0
    while i < len(events):
        ev = events[i]
        if ev.kind in TURN:
            seat, phrases = ev.seat, []
            while i < len(events) and events[i].kind in TURN and events[i].seat == seat:
                phrases.append(voice.phrase(seat, TURN[events[i].kind], **_fields(events[i], deal_number)))
                i += 1
            lines.append(voice.sentence(seat, phrases))
            continue
        i += 1
        if ev.kind in OTHERS and ev.seat is not None:
            lines.append(voice.sentence(ev.seat, [voice.phrase(ev.seat, OTHERS[ev.kind], **_fields(ev, deal_number))]))
        elif ev.kind is Ev.STOCK_RENEWED:
            n = ev.points or 0
            lines.append(
                voice.count("The pile became the stock: {n} card.", "The pile became the stock: {n} cards.", n)
            )
        elif ev.kind is Ev.HAND_DRAWN:
            lines.append(voice.t._(N_("The hand ends with no score.")))
    return lines
