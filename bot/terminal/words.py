"""The terminal's words: the renderer's text-only words (what a Discord player who chose words
instead of pictures reads) laid out one sentence a line, in the second person for your seat, and
the story of the match one line per turn.

The renderer writes every seat in the third person ("Alice deals", "1 cards" where a count is
one); the terminal calls your seat "You", so its English words go through ``grammar``: "You deal",
"You are out", "1 card", "1 hand won". Other languages are written as their catalogue has them
(``grammar`` leaves them alone); the layout (a sentence a line) works for every language.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Final, TextIO

from bot.i18n import N_, current

YOU = "You"  # your seat's name in English (the catalogue's id, translated in ``seat_names``)
# The AI's levels as the players read them (the same ids as the Discord lobby's).
_LEVELS: Final = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard"), "expert": N_("expert")}

# The verbs the renderers put after a seat's name, and their form after "You".
_VERBS = {
    "is": "are",
    "has": "have",
    "was": "were",
    "does": "do",
    "goes": "go",
    "passes": "pass",
    "reaches": "reach",
    "deals": "deal",
    "scores": "score",
    "knocks": "knock",
    "wins": "win",
    "loses": "lose",
    "offers": "offer",
    "takes": "take",
    "lays": "lay",
    "shows": "show",
    "sits": "sit",
    "plays": "play",
    "draws": "draw",
    "discards": "discard",
    "melds": "meld",
    "holds": "hold",
    "gets": "get",
    "challenges": "challenge",
    "accepts": "accept",
    "rejects": "reject",
    "turns": "turn",
    "keeps": "keep",
    "leaves": "leave",
    "ends": "end",
    "needs": "need",
    "owes": "owe",
    "resigns": "resign",
    "waits": "wait",
}
_YOU_VERB = re.compile(r"\b(You(?: and [A-Z][\w ()]*?)?) (" + "|".join(_VERBS) + r")\b")
# A list of facts about your seat ('You: 0 points, 10 cards, holds A♦ from the pile'; 'You 12: deals
# and sits out'), up to the end of its clause.
_YOUR_FACTS = re.compile(r"\bYou(?: \([^)]*\))?(?: \d+)?(?: points)?: [^;.]*")
_FACT_VERB = re.compile(r"\b(holds|deals|sits|is|has)\b")
_ONE = re.compile(
    r"(?<![\d.,+\-−])\b1 (cards|hands|points|melds|games|turns|players|moves|choices|deals|penalties|matches)\b"
)
_SINGULAR = {"penalties": "penalty", "matches": "match"}
# A sentence ends at '.', '!' or '?' followed by a space and a capital, a digit or a marker.
# A seat's melds stay on its line ('You 0 points: 10 cards. Melds: #1 run ...').
_SENTENCE = re.compile(r"(?<=[.!?]) +(?=(?!Melds:)[A-Z0-9▶#(])")
# In any language: the end of a sentence, with what closes it (a quote, a bracket: ⟦the pseudo-language⟧).
_SENTENCE_END = re.compile(r"[.!?][·⟧»\"”’)]* +")
_STARTS = '▶#(⟦«¿¡"“'  # besides a capital letter and a digit, what may open a sentence


def _english() -> bool:
    return current().lang == "en"


def grammar(text: str) -> str:
    """Your seat in the second person ('You deals' -> 'You deal', 'You is' -> 'You are', 'You: 10
    cards, holds 7♥' -> '..., hold 7♥') and a count of one in the singular ('1 cards' -> '1 card',
    '1 hands won' -> '1 hand won'). English only: other languages' words are the catalogue's."""
    if not _english():
        return text
    text = _YOU_VERB.sub(lambda m: f"{m.group(1)} {_VERBS[m.group(2)]}", text)
    text = _YOUR_FACTS.sub(lambda m: _FACT_VERB.sub(lambda v: _VERBS[v.group(1)], m.group(0)), text)
    return _ONE.sub(lambda m: "1 " + _SINGULAR.get(m.group(1), m.group(1)[:-1]), text)


def sentences(text: str) -> list[str]:
    """A paragraph of the renderer's words one sentence a line (never a line that starts with '. ')."""
    parts = _SENTENCE.split(grammar(text)) if _english() else _split(text)
    return [s.strip() for s in parts if s.strip(" .")]


def _split(text: str) -> list[str]:
    """``_SENTENCE`` for any language: a sentence ends at '.', '!' or '?' (and what closes it) before
    a capital, a digit or a marker; a seat's melds stay on its line."""
    melds = _melds_label()
    parts, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        rest = text[m.end() :]
        opens = rest[:1].isupper() or rest[:1].isdigit() or rest[:1] in _STARTS
        if opens and not (melds and rest.lstrip("⟦").startswith(melds)):
            parts.append(text[start : m.end()])
            start = m.end()
    return [*parts, text[start:]]


def _melds_label() -> str:
    """'Melds:' as the language being written has it in a seat's line of the table games."""
    t = current()
    line = t.ngettext("{name} {n} point: {facts}. Melds: {melds}", "{name} {n} points: {facts}. Melds: {melds}", 2)
    _, facts, after = line.partition("{facts}")
    return after.split("{melds}", 1)[0].strip(" .") if facts else ""


def seat_names(seats: int, level: str) -> list[str]:
    """You in seat 0, the AI in every other seat ('AI (normal)', or 'AI 1 (normal)' ... at a bigger table)."""
    t = current()
    shown = level_word(level)
    ai = [
        t._("AI {number} ({level})", number=i, level=shown) if seats > 2 else t._("AI ({level})", level=shown)
        for i in range(1, seats)
    ]
    # i18n: your own seat's name in the terminal game ('You: 0 points, 10 cards'; 'Match: You 0 · AI 0')
    return [t._("You"), *ai]


def level_word(level: str) -> str:
    """The AI's level as the players read it ('easy' -> 'leicht')."""
    return current()._(_LEVELS[level]) if level in _LEVELS else level


def score_text(line: str) -> str:
    """The renderer's score line, labelled when it does not say what it is ('Match: ...' does)."""
    line = grammar(line)
    labelled = re.match(r"^[A-Z][a-z]+: ", line) if _english() else re.match(r"^⟦?[^\W\d_]+: ", line)
    return line if labelled else current()._("Score: {score}", score=line)


class Narrator:
    """The story, one line per turn: the renderer describes the turn so far after every move (a
    draw, then the draw and its discard), so a turn's line is written once the turn is over."""

    def __init__(self, out: TextIO, human: int) -> None:
        self.out = out
        self.human = human
        self.seat: int | None = None  # whose turn the pending line tells
        self.line = ""
        self.written: list[str] = []  # the lines of the last turn written

    def moved(self, seat: int, said: str, same_turn: bool) -> None:
        """``seat`` moved; ``said``: the turn in words now; ``same_turn``: it goes on with the turn it
        was playing (its earlier moves are in ``said`` too)."""
        if not (same_turn and seat == self.seat):
            self.flush()
        self.seat, self.line = seat, said

    def flush(self, keep_own: bool = False) -> None:
        """Write the pending line (``keep_own``: not yet if it tells your own unfinished turn)."""
        if keep_own and self.seat == self.human:
            return
        if self.line:
            self.written = list(turn_lines(self.line))
        for line in self.written if self.line else ():
            self.out.write(line + "\n")
        self.seat, self.line = None, ""

    def said(self, line: str) -> bool:
        """Whether the last turn written told ``line`` already (a result's 'Hand 2: ...' included)."""
        bare = _hand_number().sub("", line).rstrip(".·⟧")
        return any(bare and bare in w for w in self.written)


def _hand_number() -> re.Pattern[str]:
    """What opens a finished hand's story ('Hand 2: ') in the language being written."""
    story = current()._("Hand {number}: {story}")
    head = story.split("{story}", 1)[0] if "{story}" in story else ""
    return re.compile("^" + re.escape(head).replace(re.escape("{number}"), r"\d+") if head else "(?!)")


def turn_lines(said: str) -> Iterator[str]:
    """A turn's words as lines: one for the moves, one for each thing that followed (a hand scored,
    a new deal); no line starts with 'and' or '. '."""
    for s in sentences(said):
        yield s if s.endswith((".", "!", "?")) else s + "."


def table_lines(text: str) -> list[str]:
    """The table's words: one sentence a line, and each seat of a list ('You: ...; AI: ...') on its own."""
    return [item for s in sentences(text) for item in s.split("; ")]


def block(lines: Sequence[str], indent: str = "") -> str:
    return "\n".join(indent + line for line in lines)


def itemised(lines: Sequence[str]) -> list[str]:
    """Sentences that list items ('hand points ...; line bonus ...; total ...') one item a line."""
    out: list[str] = []
    for line in lines:
        first, *rest = line.split("; ")
        out.append(first + (":" if rest and not first.endswith(":") else ""))
        out += ["  " + item for item in rest]
    return out


__all__ = [
    "YOU",
    "Narrator",
    "block",
    "grammar",
    "itemised",
    "level_word",
    "score_text",
    "seat_names",
    "sentences",
    "table_lines",
    "turn_lines",
]
