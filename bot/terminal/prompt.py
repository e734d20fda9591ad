"""Reading your move at the prompt: a number, a submenu's letter, the words of a move, the move as
the engine writes it, ``help``, ``list``, ``resign`` or ``q``. A move whose control asks first
(``Control.confirm``: a knock, a Challenge) and a resignation are played only after a yes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, TextIO

from bot.engine import GameType, parse_card
from bot.i18n import N_, current
from render import Control

from .menu import PAGE, Menu, Submenu, help_lines, show_main, show_page

RESIGN: Final = "resign"  # what ``read_move`` returns for a confirmed resignation
# Message ids, translated where written (the words typed stay these: numbers, 'help', 'q', 'stock').
PROMPT: Final = N_("Your move (number or move, help, q to quit):")
NOT_A_MOVE: Final = N_(
    "That is not a move: type a number from the list, or a move such as 'stock' (help lists the words)."
)
_YES: Final = ("y", "yes")

# Words for the commonest moves, whatever the game calls them (the first legal one is played;
# when none is legal, the first spelling the game reads, so that its rules say why not).
_ALIASES: dict[str, tuple[str, ...]] = {
    "draw": ("stock", "draw stock"),
    "stock": ("stock", "draw stock"),
    "d": ("stock", "draw stock"),
    "s": ("stock", "draw stock"),
    "draw from the stock": ("stock", "draw stock"),
    "pile": ("take", "discard_pile", "draw pile"),
    "take": ("take", "discard_pile", "draw pile"),
    "upcard": ("take",),
    "take the upcard": ("take",),
    "discard pile": ("discard_pile", "draw pile"),
    "big gin": ("big_gin",),
}


@dataclass(slots=True)
class Reader:
    """One prompt's input: the menu shown, the game (to read typed moves), the streams."""

    menu: Menu
    game: GameType
    stdin: TextIO
    out: TextIO
    reshow: Callable[[], None]  # the table, the hand and the menu again ('list')

    def write(self, text: str) -> None:
        self.out.write(text + "\n")

    def ask(self, question: str) -> bool | None:
        """A yes or no; None at the end of input. 'y' and 'yes' are a yes in every language, so are
        the language's own (the catalogue's answers in the context 'answer')."""
        t = current()
        # i18n: a yes-or-no question; y and n are what the player types (see the context 'answer')
        self.out.write(t._("{question} (y/n)", question=question) + " ")
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            return None
        yes = {*_YES, t.pgettext("answer", "y").lower(), t.pgettext("answer", "yes").lower()}
        return line.strip().lower() in yes

    def read_move(self) -> str | None:
        """The move's text as the engine reads it, ``RESIGN``, or None to quit (``q``, end of input)."""
        sub: Submenu | None = None
        page = 0
        while True:
            self.out.write(current()._(PROMPT) + " ")
            self.out.flush()
            line = self.stdin.readline()
            if not line:
                self.out.write("\n")
                return None
            text = " ".join(line.strip().split())
            low = text.lower()
            if not text:
                continue
            if low in ("q", "quit", "exit"):
                return None
            if low in ("help", "h", "?"):
                example = str(self.menu.everything()[0].control.action) if self.menu.everything() else "stock"
                self.write("\n".join(help_lines(self.menu, example)))
                continue
            if low == "list":
                self.reshow()
                sub = None
                continue
            if low in ("b", "back"):
                sub = None
                self.write("\n".join(show_main(self.menu)))
                continue
            if low == "more" and sub is not None:
                page = page + 1 if (page + 1) * PAGE < len(sub.entries) else 0
                self.write("\n".join(show_page(sub, page)))
                continue
            opened = self.menu.submenu(low)
            if opened is not None:
                sub, page = opened, 0
                self.write("\n".join(show_page(sub, page)))
                continue
            if low == RESIGN:
                answer = self.ask(current()._("Resign the match? It ends now and the other side wins."))
                if answer is None:
                    return None
                if answer:
                    return RESIGN
                continue
            chosen = self._chosen(text, sub)
            if chosen is None:
                continue
            control, move = chosen
            if control is not None and control.confirm is not None:
                answer = self.ask(control.confirm)
                if answer is None:
                    return None
                if not answer:
                    self.write(current()._("Not played."))
                    continue
            return move

    def _chosen(self, text: str, sub: Submenu | None) -> tuple[Control | None, str] | None:
        """(the control, the move's text) for what was typed; None after saying why it is no move."""
        if text.isdigit():
            entries = sub.entries if sub is not None else list(self.menu.main)
            n = int(text)
            if 1 <= n <= len(entries):
                c = entries[n - 1].control
                return c, c.action
            self.write(
                current()._(
                    "There is no move {number}: type a number from the list, or a move such as 'stock'.", number=text
                )
            )
            return None
        found = self._typed(text)
        if found is None:
            self.write(current()._(NOT_A_MOVE))
        return found

    def _typed(self, text: str) -> tuple[Control | None, str] | None:
        low = text.lower()
        controls = [e.control for e in self.menu.everything()]
        by_action = {c.action: c for c in controls}
        for e in self.menu.everything():  # the words of the list
            if low in (e.text.lower(), e.control.label.lower()):
                return e.control, e.control.action
        if low in _ALIASES:
            spellings = _ALIASES[low]
            legal = next((s for s in spellings if s in by_action), None)
            if legal is not None:
                return by_action[legal], legal
            return self._engine_move(spellings[0], by_action) or self._engine_move(spellings[-1], by_action)
        verb = low.replace(" ", "_")
        if verb in {c.action.split(" ", 1)[0] for c in controls}:  # a verb alone: its first move
            c = next(c for c in controls if c.action.split(" ", 1)[0] == verb)
            return c, c.action
        try:
            card = parse_card(text)
        except ValueError:
            pass
        else:  # a card alone: discard it (or offer it, where the game offers cards)
            code = str(card)
            c2 = next((c for c in controls if c.action in (f"discard {code}", f"offer {code}")), None)
            return (c2, c2.action) if c2 is not None else self._engine_move(f"discard {code}", by_action)
        for typed in (text, low, _engine_case(text)):
            found = self._engine_move(typed, by_action)
            if found is not None:
                return found
        return None

    def _engine_move(self, typed: str, by_action: dict[str, Control]) -> tuple[Control | None, str] | None:
        """A move as the engine writes it (legal or not: the engine says why not when it is played)."""
        try:
            move = str(self.game.parse_action(typed))
        except ValueError:
            return None
        return by_action.get(move), move


def _engine_case(text: str) -> str:
    """'Discard 7h' as the engine writes it: the verb in lower case, the rest in upper case (cards)."""
    verb, _, rest = text.partition(" ")
    return f"{verb.lower()} {rest.upper()}".strip()


__all__ = ["NOT_A_MOVE", "PROMPT", "RESIGN", "Reader"]
