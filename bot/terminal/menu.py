"""The move menu: the renderer's controls (the moves the Discord bot would offer) numbered for the
terminal, at most ``PAGE`` at a time.

Order: the moves made at once first (draws, answers, discards, in the renderer's order), the ones
that ask before they are played (``Control.confirm``: a knock, a Challenge) last. Melds, contracts
and lay-offs are submenus opened by a letter ("m", "l"), so are Gin's further knocks ("k"); when the
main list would still be longer than ``PAGE``, its largest remaining menu becomes a submenu too. A
submenu shows ``PAGE`` moves a page (``more`` shows the next).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from render import Control

PAGE = 20  # numbered moves shown at a time

# A select menu of the renderer (Control.menu) -> the letter of its submenu and its title.
_SUBMENUS: dict[str, tuple[str, str]] = {
    "meld": ("m", "Lay a meld"),
    "meld2": ("m", "Lay a meld"),
    "layoff": ("l", "Lay off a card"),
    "knock": ("k", "Knock with another card"),
}
_ALWAYS_SUB = frozenset(_SUBMENUS)


@dataclass(frozen=True, slots=True)
class Entry:
    """One numbered move: its control and the words shown for it."""

    control: Control
    text: str


@dataclass(slots=True)
class Submenu:
    key: str
    title: str
    entries: list[Entry] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Menu:
    """The moves of one prompt: the main list and the submenus by letter."""

    main: tuple[Entry, ...]
    submenus: tuple[Submenu, ...]

    def submenu(self, key: str) -> Submenu | None:
        return next((s for s in self.submenus if s.key == key), None)

    def everything(self) -> list[Entry]:
        return [*self.main, *(e for s in self.submenus for e in s.entries)]


def entry_text(c: Control) -> str:
    """The words of a move: the control's label, with its verb when the label is a card alone
    (a discard button reads '10♣ → 29' in Discord, where its row says what it does)."""
    if any(ch.islower() for ch in c.label):
        return c.label
    verb = c.action.split(" ", 1)[0].replace("_", " ")
    return f"{verb.capitalize()} {c.label}"


def build_menu(controls: Sequence[Control]) -> Menu:
    """The controls as a menu of at most ``PAGE`` numbered moves, the rest in submenus."""
    ordered = sorted(controls, key=lambda c: c.confirm is not None)  # stable: the renderer's order otherwise
    main: list[Control] = []
    subs: dict[str, Submenu] = {}
    for c in ordered:
        if c.menu in _ALWAYS_SUB:
            key, title = _SUBMENUS[c.menu]
            subs.setdefault(key, Submenu(key, title)).entries.append(Entry(c, entry_text(c)))
        else:
            main.append(c)
    while len(main) > PAGE:  # a long menu of discards or offers: its own letter
        menus = {c.menu for c in main if c.menu is not None and c.menu[:1] not in subs}
        if not menus:
            break
        biggest = max(sorted(menus), key=lambda m: sum(1 for c in main if c.menu == m))
        key = biggest[:1]
        title = f"{biggest.replace('_', ' ').capitalize()} a card"
        subs[key] = Submenu(key, title, [Entry(c, entry_text(c)) for c in main if c.menu == biggest])
        main = [c for c in main if c.menu != biggest]
    return Menu(tuple(Entry(c, entry_text(c)) for c in main), tuple(subs.values()))


def show_main(menu: Menu) -> list[str]:
    """The lines of the main list: numbered moves, then one line per submenu."""
    lines = [f"  {i:>2}) {e.text}" for i, e in enumerate(menu.main[:PAGE], 1)]
    for s in menu.submenus:
        n = len(s.entries)
        lines.append(f"   {s.key}) {s.title}… ({n} choice{'' if n == 1 else 's'})")
    if any("→" in e.text for e in menu.main):
        lines.append("  (→ the deadwood left in your hand after that discard)")
    return lines


def show_page(sub: Submenu, page: int) -> list[str]:
    """One page of a submenu, numbered from 1 over the whole submenu."""
    start = page * PAGE
    shown = sub.entries[start : start + PAGE]
    lines = [f"{sub.title}:"] + [f"  {start + i:>2}) {e.text}" for i, e in enumerate(shown, 1)]
    rest = len(sub.entries) - start - len(shown)
    if rest > 0:
        lines.append(f"  … {rest} more: type 'more'")
    lines.append("  (b goes back to the main list)")
    return lines


def help_lines(menu: Menu, example: str) -> list[str]:
    """What may be typed at the prompt."""
    lines = [
        "Type one of:",
        "  a number        the move with that number in the list shown",
    ]
    for s in menu.submenus:
        lines.append(f"  {s.key:<15} {s.title.lower()}: a list of its moves (then a number, 'more', 'b' to go back)")
    lines += [
        "  a move's words  as the list writes it (e.g. 'Draw from the stock'),",
        f"                  or as the game writes it (e.g. '{example}'); a card alone discards it ('7h')",
        "  draw, pile      draw from the stock, take the pile's top card",
        "  list            the table, your hand and the moves again",
        "  resign          give up the match (asks first)",
        "  help            this list",
        "  q               quit",
    ]
    return lines


__all__ = ["PAGE", "Entry", "Menu", "Submenu", "build_menu", "entry_text", "help_lines", "show_main", "show_page"]
