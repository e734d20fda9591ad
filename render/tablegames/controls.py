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

from ..games import Control, ControlStyle
from ..kit.words import cards_text

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
    Act.DRAW_STOCK: ("Draw from the stock", "primary"),
    Act.DRAW_PILE: ("Take the pile's top", "primary"),
    Act.ACCEPT: ("Accept", "success"),
    Act.REJECT: ("Reject", "danger"),
    Act.CHALLENGE: ("Challenge", "danger"),
    Act.LAST_CARD: ("Last card", "primary"),
    Act.END_HAND: ("End the hand", "primary"),
}


def table_controls(view: TableSeatView) -> list[Control]:
    """Buttons and menus from ``view.legal`` only (at most 5 rows, 25 options a menu)."""
    v = view
    legal = list(v.legal)
    out: list[Control] = []
    bare = [a for a in legal if a.kind in _BARE]
    for a in bare[:ROW_WIDTH]:
        label, style = _BARE[a.kind]
        if a.kind is Act.DRAW_PILE and v.pile_top is not None:
            label = f"Take the {v.pile_top.pretty}"
        if a.kind is Act.ACCEPT and isinstance(v.own, SkarneyView) and v.own.offer is not None:
            label = f"Take the {v.own.offer.pretty}"
        if a.kind is Act.ACCEPT and isinstance(v.own, ColonelView) and v.own.challenger is not None:
            label = "Accept the Challenge"
        out.append(
            Control(
                str(a),
                label,
                style,
                row=0,
                confirm="Challenge? If accepted, the lower hand total wins the hand."
                if a.kind is Act.CHALLENGE
                else None,
            )
        )
    row = 1 if bare else 0
    for kind, verb in ((Act.DISCARD, "Discard"), (Act.OFFER, "Offer")):
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
                        f"{verb} the {_card(a)}",
                        "secondary",
                        row=row,
                        menu=kind.value,
                        placeholder=f"{verb} a card…",
                    )
                )
            row += 1
    melds = [a for a in v.meld_options if a in legal]
    melds += [a for a in legal if a.kind in (Act.MELD, Act.CONTRACT) and a not in melds]
    layoffs = _layoffs(v)
    # A hand may hold hundreds of Skarney contracts: as many menus of 25 (best first) as the rows
    # left over from the lay-offs allow, at most MELD_MENUS.
    menus = max(1, min(MELD_MENUS, ROWS - row - (1 if layoffs else 0)))
    noun = "contract" if melds and melds[0].kind is Act.CONTRACT else "meld"
    for i in range(menus):
        for a in melds[i * MENU_MAX : (i + 1) * MENU_MAX]:
            label = ("Contract " if a.kind is Act.CONTRACT else "Meld ") + " | ".join(cards_text(g) for g in a.groups())
            out.append(
                Control(
                    str(a),
                    label[:100],
                    "success",
                    row=min(row, ROWS - 1),
                    menu="meld" if i == 0 else f"meld{i + 1}",
                    placeholder=f"Lay a {noun}…" if i == 0 else f"More {noun}s…",
                )
            )
        if melds[i * MENU_MAX :]:
            row += 1
    on = {m.number: f"#{m.number} {m.kind} {cards_text(m.cards)}" for m in v.melds}
    for a in layoffs[:MENU_MAX]:
        out.append(
            Control(
                str(a),
                f"Lay off {_card(a)} on {on.get(a.meld or 0, f'meld #{a.meld}')}"[:100],
                "success",
                row=min(row, 4),
                menu="layoff",
                placeholder="Lay off a card…",
            )
        )
    return out


def _card(a: TableAction) -> str:
    c: Card | None = a.card
    return c.pretty if c is not None else str(a)
