"""Who tells whom: the seats' names, the reader's own seat (spoken to as "you") and his language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.i18n import N_, Texts, current

# A phrase said of a player, in two forms: of someone else, and to the reader himself ("you"),
# written ``(N_("drew from the stock"), NP_("you", "drew from the stock"))``: English often writes
# both alike, other languages change the verb, so the second lives in the catalogue's context "you".
Phrase = tuple[str, tuple[str, str]]


def sentences(lines: Sequence[str]) -> str:
    """Lines as one paragraph: each ends with a full stop unless it has its own mark."""
    return " ".join(line if line[-1:] in ".!?" else f"{line}." for line in lines if line)


def capitalised(text: str) -> str:
    """The text with its first letter upper case (a name or "your team" opening a line)."""
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Voice:
    """The names of the seats, the seat reading (None: a public text) and the language."""

    names: Sequence[str]
    viewer: int | None = None
    t: Texts = field(default_factory=current)  # the language being written now (bot.i18n.speaking)

    def name(self, seat: int | None) -> str:
        """A seat's name ("Player 3" for a seat without one)."""
        if seat is None:
            return ""
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self.t._(N_("Player {number}"), number=seat + 1)

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.viewer

    def phrase(self, seat: int | None, phrase: Phrase, **fields: object) -> str:
        """The phrase for ``seat``: the reader's own form when he is that seat."""
        if self.is_you(seat):
            context, text = phrase[1]
            return self.t.pgettext(context, text, **fields)
        return self.t._(phrase[0], **fields)

    def sentence(self, seat: int | None, phrases: Sequence[str]) -> str:
        """'Bob drew from the stock and discarded the 8♣' from the subject and its phrases."""
        done = self.t.join(phrases)
        if self.is_you(seat):
            return self.t._(N_("You {did}"), did=done)
        return self.t._(N_("{name} {did}"), name=self.name(seat), did=done)

    def count(self, singular: str, plural: str, n: int, **fields: object) -> str:
        """A counted phrase in the language's plural form, the number written its way."""
        return self.t.ngettext(singular, plural, n, n=self.t.number(n), **fields)


def new_match(voice: Voice, turn: int | None) -> str:
    """The board's words before the first move: 'New match: Alice to play'."""
    if turn is None:
        return voice.t._("New match: ready")
    return voice.t._("New match: {player} to play", player=voice.name(turn))


def hand_story(voice: Voice, number: int, lines: Sequence[str]) -> str:
    """'Hand 3: Alice knocked with 4. Bob …': a finished hand's lines under its number."""
    return voice.t._("Hand {number}: {story}", number=number, story=sentences(lines))
