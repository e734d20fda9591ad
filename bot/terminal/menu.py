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

from bot.i18n import N_, current
from render import Control

PAGE = 20  # numbered moves shown at a time

# A select menu of the renderer (Control.menu) -> the letter of its submenu, its title and the title
# as the help's list says it (message ids, translated where shown).
_MELD = (N_("Lay a meld"), N_("lay a meld"))
_SUBMENUS: dict[str, tuple[str, tuple[str, str]]] = {
    "meld": ("m", _MELD),
    "meld2": ("m", _MELD),
    "layoff": ("l", (N_("Lay off a card"), N_("lay off a card"))),
    "knock": ("k", (N_("Knock with another card"), N_("knock with another card"))),
}
_ALWAYS_SUB = frozenset(_SUBMENUS)
# A long menu of single cards that becomes a submenu (the renderer's menu -> its titles).
_CARD_SUBMENUS: dict[str, tuple[str, str]] = {
    "discard": (N_("Discard a card"), N_("discard a card")),
    "offer": (N_("Offer a card"), N_("offer a card")),
}
# The move of a control whose label is a card alone (a discard button: '10♣ → 29'), by its verb.
_CARD_MOVES: dict[str, str] = {"discard": N_("Discard {card}"), "offer": N_("Offer {card}")}


@dataclass(frozen=True, slots=True)
class Entry:
    """One numbered move: its control and the words shown for it."""

    control: Control
    text: str


@dataclass(slots=True)
class Submenu:
    key: str
    title: str  # as its list is headed ('Lay a meld')
    what: str  # as the help names it ('lay a meld')
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
    verb = c.action.split(" ", 1)[0]
    if verb in _CARD_MOVES:
        return current()._(_CARD_MOVES[verb], card=c.label)
    return f"{verb.replace('_', ' ').capitalize()} {c.label}"  # no such control yet: the engine's verb


def build_menu(controls: Sequence[Control]) -> Menu:
    """The controls as a menu of at most ``PAGE`` numbered moves, the rest in submenus."""
    ordered = sorted(controls, key=lambda c: c.confirm is not None)  # stable: the renderer's order otherwise
    main: list[Control] = []
    subs: dict[str, Submenu] = {}
    t = current()
    for c in ordered:
        if c.menu in _ALWAYS_SUB:
            key, (title, what) = _SUBMENUS[c.menu]
            subs.setdefault(key, Submenu(key, t._(title), t._(what))).entries.append(Entry(c, entry_text(c)))
        else:
            main.append(c)
    while len(main) > PAGE:  # a long menu of discards or offers: its own letter
        menus = {c.menu for c in main if c.menu is not None and c.menu[:1] not in subs}
        if not menus:
            break
        biggest = max(sorted(menus), key=lambda m: sum(1 for c in main if c.menu == m))
        key = biggest[:1]
        if biggest in _CARD_SUBMENUS:
            title, what = (t._(text) for text in _CARD_SUBMENUS[biggest])
        else:  # no such menu yet: the renderer's name of it
            title = f"{biggest.replace('_', ' ').capitalize()} a card"
            what = title.lower()
        subs[key] = Submenu(key, title, what, [Entry(c, entry_text(c)) for c in main if c.menu == biggest])
        main = [c for c in main if c.menu != biggest]
    return Menu(tuple(Entry(c, entry_text(c)) for c in main), tuple(subs.values()))


def show_main(menu: Menu) -> list[str]:
    """The lines of the main list: numbered moves, then one line per submenu."""
    t = current()
    lines = [f"  {i:>2}) {e.text}" for i, e in enumerate(menu.main[:PAGE], 1)]
    for s in menu.submenus:
        n = len(s.entries)
        choices = t.ngettext("{title}… ({n} choice)", "{title}… ({n} choices)", n, title=s.title, n=t.number(n))
        lines.append(f"   {s.key}) {choices}")
    if any("→" in e.text for e in menu.main):
        lines.append("  " + t._("(→ the deadwood left in your hand after that discard)"))
    return lines


def show_page(sub: Submenu, page: int) -> list[str]:
    """One page of a submenu, numbered from 1 over the whole submenu."""
    t = current()
    start = page * PAGE
    shown = sub.entries[start : start + PAGE]
    lines = [t._("{title}:", title=sub.title)] + [f"  {start + i:>2}) {e.text}" for i, e in enumerate(shown, 1)]
    rest = len(sub.entries) - start - len(shown)
    if rest > 0:
        lines.append("  " + t.ngettext("… {n} more: type 'more'", "… {n} more: type 'more'", rest, n=t.number(rest)))
    lines.append("  " + t._("(b goes back to the main list)"))
    return lines


_HELP_WIDTH = 15  # the column of what is typed


def help_lines(menu: Menu, example: str) -> list[str]:
    """What may be typed at the prompt: what is typed (the commands stay English words), what it does."""
    t = current()
    rows = [(t._("a number"), t._("the move with that number in the list shown"))]
    for s in menu.submenus:
        rows.append(
            (s.key, t._("{submenu}: a list of its moves (then a number, 'more', 'b' to go back)", submenu=s.what))
        )
    rows += [
        (
            t._("a move's words"),
            # i18n: two lines; {label} is a move as the list writes it, {example} as the game writes it
            t._(
                "as the list writes it (e.g. '{label}'),\nor as the game writes it (e.g. '{example}'); a card alone discards it ('7h')",
                label=t._("Draw from the stock"),
                example=example,
            ),
        ),
        ("draw, pile", t._("draw from the stock, take the pile's top card")),
        ("list", t._("the table, your hand and the moves again")),
        ("resign", t._("give up the match (asks first)")),
        ("help", t._("this list")),
        ("q", t._("quit")),
    ]
    width = max(_HELP_WIDTH, *(len(typed) for typed, _ in rows))
    lines = [t._("Type one of:")]
    for typed, does in rows:
        first, *more = does.split("\n")
        lines.append(f"  {typed:<{width}} {first}")
        lines += [f"  {'':<{width}} {line}" for line in more]
    return lines


__all__ = ["PAGE", "Entry", "Menu", "Submenu", "build_menu", "entry_text", "help_lines", "show_main", "show_page"]
