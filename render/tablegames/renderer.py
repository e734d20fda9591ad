"""The table-meld games (Colonel, Skarney Gin, Rummy): melds lie on the table grouped by owner.

Drawn from ``TablePublicView`` / ``TableSeatView`` only. Controls come from ``view.legal``:
draws and answers (accept, reject, challenge, last card, end hand) as buttons, discards and
offers as one button per card when they fit two rows (else a menu), melds and lay-offs as
menus of at most 25 options, best first in the engine's order (Skarney's contracts: up to two
menus, the 50 with the most points). The words (facts, events, text alternatives) are in
render.tablewords and the controls in render.tablecontrols; every public name is imported from
here.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import Card, deadwood_groups
from bot.engine.tablegames import Act, ColonelView, SkarneyView, TableMeld, TablePublicView, TableSeatView

from ..games import Control, Names, register_renderer
from ..kit import style as S
from ..kit.board import Piles, SeatRow, Section, board
from ..kit.cards import warm_cache
from ..kit.draw import RenderedImage
from ..kit.groups import Group, Mark
from ..kit.style import Style
from ..kit.words import cards_text, name_of
from ..narration import Voice, hand_story, table_hand
from .controls import MENU_MAX, ROW_WIDTH, _layoffs, table_controls
from .words import TITLES, _facts, _hand_title, _playing, _situation, _title, alt_table, describe_table, meld_words

__all__ = [
    "MENU_MAX",
    "ROW_WIDTH",
    "TITLES",
    "TableGameRenderer",
    "alt_table",
    "describe_table",
    "meld_group",
    "meld_words",
    "table_controls",
]

_KIND = {"set": ("SET", S.SET_COLOUR), "run": ("RUN", S.RUN_COLOUR), "poker": ("POKER RUN", S.LAYOFF_COLOUR)}


MAX_HAND_GROUPS = 4  # the row packer tries every split: a few groups keep a hand quick to draw


def _hand_groups(hand: tuple[Card, ...], style: Style) -> list[tuple[Card, ...]]:
    """The hand in the player's card order as a few groups: pairs and near-runs (the largest first,
    at most three) apart, every other card together at the end."""
    parts = deadwood_groups(hand, style.order)
    kept = sorted((g for g in parts if len(g) > 1), key=len, reverse=True)[: MAX_HAND_GROUPS - 1]
    rest = tuple(c for g in parts if g not in kept for c in g)
    return [g for g in parts if g in kept] + ([rest] if rest else [])


def meld_group(m: TableMeld, marks: tuple[Mark, ...] = ()) -> Group:
    label, colour = _KIND.get(m.kind, (m.kind.upper(), S.RUN_COLOUR))
    return Group(m.cards, f"#{m.number} {label}", colour, marks=marks)


class TableGameRenderer:
    def table(self, view: TablePublicView, names: Names, style: Style) -> RenderedImage:
        v = view
        rows = [
            SeatRow(name_of(names, s), " · ".join(_facts(v, s)), str(v.scores[s]), lit=_playing(v) and v.turn == s)
            for s in range(v.seats)
        ]
        sections = [
            Section(f"{name_of(names, s)}'s melds", tuple(meld_group(m) for m in v.melds_by_owner[s]), "No melds yet.")
            for s in range(v.seats)
            if v.melds_by_owner[s] or v.seats <= 4
        ]
        if isinstance(v.own, SkarneyView):  # no discard pile: the card offered lies there
            piles = Piles(v.stock_count, v.own.offer, 1 if v.own.offer else 0, "OFFER")
        else:
            piles = Piles(v.stock_count, v.pile_top, v.pile_count, "PILE")
        lines = [x for x in (self.describe(v, names), _situation(v, names)) if x]
        return board(
            style,
            f"{_title(v)} · hand {v.deal_number}",
            alt_table(v, names),
            f"{v.game}-table-{v.deal_number}-{v.moves}.png",
            lines=lines,
            rows=rows,
            sections=sections,
            piles=piles,
        )

    def hand(self, view: TableSeatView, names: Names, style: Style) -> RenderedImage:
        v = view
        groups = tuple(
            Group(g, "", S.DEADWOOD_COLOUR, marks=tuple(Mark(c, "NEW", S.NEW_COLOUR) for c in g if c == v.drawn))
            for g in _hand_groups(v.hand, style)
        )
        melds = [a for a in v.meld_options if a in v.legal][:6]
        lay_groups = tuple(
            Group(g, "CONTRACT" if a.kind is Act.CONTRACT else "MELD", S.SET_COLOUR) for a in melds for g in a.groups()
        )
        layoffs = _layoffs(v)
        footer = []
        if layoffs:
            footer.append("Lay off: " + ", ".join(f"{a.cards[0].pretty} on #{a.meld}" for a in layoffs[:12]))
        status = self.status_line(v, names)
        sections = [Section(f"In hand: {len(v.hand)} cards · {v.hand_points} points", groups, "No cards.")]
        if v.turn == v.seat and (melds or layoffs):
            sections.append(Section("You can lay now", lay_groups, "No new meld now."))
        targets = {a.meld for a in layoffs}
        if targets:  # the melds the lay-offs name, with their numbers
            on_table = tuple(meld_group(m) for m in v.melds if m.number in targets)
            sections.append(Section("Melds you can lay off on", on_table))
        alt = (
            f"Your hand ({len(v.hand)} cards, {v.hand_points} points): {cards_text(v.hand)}"
            + (f"; just drawn {v.drawn.pretty}" if v.drawn else "")
            + f". {status}."
            + (" Melds you can lay: " + "; ".join(cards_text(a.cards) for a in melds) + "." if melds else "")
            + (" " + footer[0] + "." if footer else "")
        )
        return board(
            style,
            "Your hand",
            alt,
            f"{v.game}-hand-{v.deal_number}-{v.seat}.png",
            lines=[status],
            sections=sections,
            footer=footer,
        )

    def result(self, view: TablePublicView, names: Names, style: Style) -> RenderedImage | None:
        rec = view.last_hand
        if rec is None:
            return None
        title = _hand_title(view, rec, names)
        sections = [
            Section(
                f"{name_of(names, s)} · left {rec.left_points[s]}" + (" · scores" if s == rec.winner else ""),
                (Group(rec.left[s], f"LEFT · {rec.left_points[s]}", S.DEADWOOD_COLOUR, dim=True),)
                if rec.left[s]
                else (),
                "No cards left.",
            )
            for s in range(view.seats)
        ]
        words = "; ".join(
            f"{name_of(names, s)} left {cards_text(rec.left[s]) or 'nothing'} ({rec.left_points[s]})"
            for s in range(view.seats)
        )
        return board(
            style,
            title,
            f"{title}. {words}. {self.score_line(view, names)}.",
            f"{view.game}-result-{rec.number}.png",
            sections=sections,
            footer=[self.score_line(view, names)],
        )

    def match_end(
        self, view: TablePublicView, names: Names, style: Style, rating_changes: Mapping[int, int] | None = None
    ) -> RenderedImage:
        v = view
        order = sorted(range(v.seats), key=lambda s: (s != v.winner, -v.scores[s]))
        rows, words = [], []
        for place, s in enumerate(order, 1):
            change = f" · rating {rating_changes[s]:+d}" if rating_changes and s in rating_changes else ""
            sub = f"{v.hands_won[s]} hands won" + (" · winner" if s == v.winner else "") + change
            rows.append(SeatRow(f"{place}. {name_of(names, s)}", sub, str(v.scores[s]), lit=s == v.winner))
            words.append(f"{place}. {name_of(names, s)} {v.scores[s]} ({sub})")
        title = f"{name_of(names, v.winner)} wins {_title(v)}" if v.winner is not None else f"{_title(v)} is over"
        return board(
            style,
            title,
            f"{title} after {v.hands_played} hands. " + "; ".join(words) + ".",
            f"{v.game}-match-end.png",
            lines=[f"{v.hands_played} hands played"],
            rows=rows,
        )

    def describe(self, view: TablePublicView, names: Names) -> str:
        return describe_table(view, names)

    def score_line(self, view: TablePublicView, names: Names) -> str:
        return " · ".join(f"{name_of(names, s)} {view.scores[s]}" for s in range(view.seats))

    def hand_line(self, view: TablePublicView, names: Names) -> str | None:
        rec = view.last_hand
        if rec is None:
            return None
        voice = Voice(names)
        return hand_story(voice, rec.number, table_hand(rec, voice))

    def status_line(self, view: TableSeatView, names: Names) -> str:
        v = view
        if v.finished:
            return "The match is over"
        if not v.legal:
            return f"Waiting for {name_of(names, v.turn)}" if v.turn is not None else "Waiting"
        kinds = {a.kind for a in v.legal}
        if v.phase == "respond":
            if isinstance(v.own, ColonelView) and v.own.challenger is not None:
                return "Your answer: accept or reject the Challenge"
            offer = v.own.offer if isinstance(v.own, SkarneyView) else None
            return f"Your answer: take the {offer.pretty if offer else 'card'} or turn it down"
        if v.phase == "draw":
            return "Your turn: draw" + (" from the stock or the pile" if Act.DRAW_PILE in kinds else "")
        opts = []
        if kinds & {Act.MELD, Act.CONTRACT}:
            opts.append("meld")
        if Act.LAYOFF in kinds:
            opts.append("lay off")
        if Act.DISCARD in kinds:
            opts.append("discard")
        if Act.OFFER in kinds:
            opts.append("offer a card")
        if kinds & {Act.LAST_CARD, Act.END_HAND}:
            opts.append("end your turn")
        return "Your turn: " + (", ".join(opts[:-1]) + " or " + opts[-1] if len(opts) > 1 else "".join(opts))

    def hint(self, view: TableSeatView) -> str:
        if view.turn != view.seat:
            return ""
        if any(a.kind is Act.CHALLENGE for a in view.legal):
            return "You may challenge: the lower hand total wins if it is accepted."
        return ""

    def controls(self, view: TableSeatView) -> list[Control]:
        return table_controls(view)

    def warm(self, style: Style) -> float:
        return warm_cache(style)


for _game in TITLES:
    # Offered for new tables: whole matches of each, turns of several melds and lay-offs included,
    # are played through Discord's controls end to end (tests/e2e/test_table_games.py).
    register_renderer(_game, TableGameRenderer())
