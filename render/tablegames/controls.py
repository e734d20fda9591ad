"""The controls of the table-meld games, from ``view.legal`` only: draws and answers as
buttons, discards and offers as one button per card when they fit two rows (else a menu),
melds and lay-offs as menus of at most 25 options, best first in the engine's order
(imported from render.tablegames too). A hand may hold hundreds of Skarney contracts: they fill
up to two menus, the 50 with the most points; every other legal move is always offered. The
Discord layer places the rows (5 at most, a menu alone in its row).
"""

from __future__ import annotations

from bot.engine import Card
from bot.engine.tablegames import Act, ColonelView, SkarneyView, TableAction, TableSeatView
from bot.i18n import N_, current

from ..games import Control, ControlStyle
from ..kit.words import cards_text
from .words import meld_words

__all__ = ["MELD_MENUS", "MENU_MAX", "ROWS", "ROW_WIDTH", "table_controls"]

MENU_MAX = 25  # Discord: options in one select menu
ROW_WIDTH = 5  # Discord: buttons in one row
ROWS = 5  # Discord: rows in one message
MELD_MENUS = 2  # menus of melds (or contracts) at most: the 50 best


def _layoffs(v: TableSeatView) -> list[TableAction]:
    rank = {(c, m): i for i, (c, m) in enumerate(v.layoff_options)}
    lay = [a for a in v.legal if a.kind is Act.LAYOFF]
    return sorted(lay, key=lambda a: rank.get((a.cards[0], a.meld or 0), len(rank)))


_BARE: dict[Act, tuple[str, ControlStyle]] = {
    # i18n: label
    Act.DRAW_STOCK: (N_("Draw from the stock"), "primary"),
    # i18n: label
    Act.DRAW_PILE: (N_("Take the pile's top"), "primary"),
    # i18n: label
    Act.ACCEPT: (N_("Accept"), "success"),
    # i18n: label
    Act.REJECT: (N_("Reject"), "danger"),
    # i18n: label
    Act.CHALLENGE: (N_("Challenge"), "danger"),
    # i18n: label
    Act.LAST_CARD: (N_("Last card"), "primary"),
    # i18n: label
    Act.END_HAND: (N_("End the hand"), "primary"),
}
# The discards and offers as menu options (when they do not fit two rows of buttons), and the menu's prompt.
_CARD_MENUS: tuple[tuple[Act, str, str], ...] = (
    # i18n: option
    (Act.DISCARD, N_("Discard the {card}"), N_("Discard a card…")),
    # i18n: option
    (Act.OFFER, N_("Offer the {card}"), N_("Offer a card…")),
)


def table_controls(view: TableSeatView) -> list[Control]:
    """Buttons and menus from ``view.legal`` only (at most 5 rows, 25 options a menu)."""
    v = view
    t = current()
    legal = list(v.legal)
    out: list[Control] = []
    bare = [a for a in legal if a.kind in _BARE]
    for a in bare[:ROW_WIDTH]:
        text, style = _BARE[a.kind]
        label = t._(text)
        if a.kind is Act.DRAW_PILE and v.pile_top is not None:
            # i18n: label
            label = t._("Take the {card}", card=v.pile_top.pretty)
        if a.kind is Act.ACCEPT and isinstance(v.own, SkarneyView) and v.own.offer is not None:
            # i18n: label
            label = t._("Take the {card}", card=v.own.offer.pretty)
        if a.kind is Act.ACCEPT and isinstance(v.own, ColonelView) and v.own.challenger is not None:
            # i18n: label
            label = t._("Accept the Challenge")
        confirm = None
        if a.kind is Act.CHALLENGE:
            confirm = t._("Challenge? If accepted, the lower hand total wins the hand.")
        out.append(Control(str(a), label, style, row=0, confirm=confirm))
    row = 1 if bare else 0
    for kind, option, prompt in _CARD_MENUS:
        acts = [a for a in legal if a.kind is kind]
        if not acts:
            continue
        if len(acts) <= 2 * ROW_WIDTH and row + 1 < 3:
            for i, a in enumerate(acts):
                out.append(Control(str(a), f"{_card(a)}", "secondary", row=row + i // ROW_WIDTH))
            row += (len(acts) - 1) // ROW_WIDTH + 1
        else:
            for a in acts[:MENU_MAX]:
                out.append(
                    Control(
                        str(a),
                        t._(option, card=_card(a)),
                        "secondary",
                        row=row,
                        menu=kind.value,
                        placeholder=t._(prompt),
                    )
                )
            row += 1
    melds = [a for a in v.meld_options if a in legal]
    melds += [a for a in legal if a.kind in (Act.MELD, Act.CONTRACT) and a not in melds]
    layoffs = _layoffs(v)
    # A hand may hold hundreds of Skarney contracts: as many menus of 25 (best first) as the rows
    # left over from the lay-offs allow, at most MELD_MENUS.
    menus = max(1, min(MELD_MENUS, ROWS - row - (1 if layoffs else 0)))
    contracts = bool(melds) and melds[0].kind is Act.CONTRACT
    for i in range(menus):
        for a in melds[i * MENU_MAX : (i + 1) * MENU_MAX]:
            groups = " | ".join(cards_text(g) for g in a.groups())
            if a.kind is Act.CONTRACT:
                # i18n: option
                label = t._("Contract {groups}", groups=groups)
            else:
                # i18n: option
                label = t._("Meld {groups}", groups=groups)
            out.append(
                Control(
                    str(a),
                    label[:100],
                    "success",
                    row=min(row, ROWS - 1),
                    menu="meld" if i == 0 else f"meld{i + 1}",
                    placeholder=_meld_prompt(contracts, first=i == 0),
                )
            )
        if melds[i * MENU_MAX :]:
            row += 1
    on = {m.number: meld_words(m) for m in v.melds}
    for a in layoffs[:MENU_MAX]:
        target = on.get(a.meld or 0) or t._("meld #{number}", number=a.meld)
        out.append(
            Control(
                str(a),
                # i18n: option
                t._("Lay off {card} on {meld}", card=_card(a), meld=target)[:100],
                "success",
                row=min(row, 4),
                menu="layoff",
                placeholder=t._("Lay off a card…"),
            )
        )
    return out


def _meld_prompt(contracts: bool, *, first: bool) -> str:
    """The prompt of a menu of melds or contracts (the first one, or one of the more)."""
    t = current()
    if contracts:
        return t._("Lay a contract…") if first else t._("More contracts…")
    return t._("Lay a meld…") if first else t._("More melds…")


def _card(a: TableAction) -> str:
    c: Card | None = a.card
    return c.pretty if c is not None else str(a)
