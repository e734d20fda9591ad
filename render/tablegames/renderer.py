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
from bot.i18n import N_, Texts, current

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
from .words import (
    TITLES,
    _facts,
    _hand_title,
    _playing,
    _situation,
    _title,
    alt_table,
    cards_count,
    describe_table,
    meld_words,
)

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

# A meld's label on the table by its kind ('#2 RUN'), and its colour.
_KIND = {
    "set": (N_("#{number} SET"), S.SET_COLOUR),
    "run": (N_("#{number} RUN"), S.RUN_COLOUR),
    "poker": (N_("#{number} POKER RUN"), S.LAYOFF_COLOUR),
}


MAX_HAND_GROUPS = 4  # the row packer tries every split: a few groups keep a hand quick to draw


def _hand_groups(hand: tuple[Card, ...], style: Style) -> list[tuple[Card, ...]]:
    """The hand in the player's card order as a few groups: pairs and near-runs (the largest first,
    at most three) apart, every other card together at the end."""
    parts = deadwood_groups(hand, style.order)
    kept = sorted((g for g in parts if len(g) > 1), key=len, reverse=True)[: MAX_HAND_GROUPS - 1]
    rest = tuple(c for g in parts if g not in kept for c in g)
    return [g for g in parts if g in kept] + ([rest] if rest else [])


def meld_group(m: TableMeld, marks: tuple[Mark, ...] = ()) -> Group:
    kind = _KIND.get(m.kind)
    if kind is None:  # a kind the engine may add later, in its own word
        return Group(m.cards, f"#{m.number} {m.kind.upper()}", S.RUN_COLOUR, marks=marks)
    label, colour = kind
    return Group(m.cards, current()._(label, number=m.number), colour, marks=marks)


def _points(t: Texts, n: int) -> str:
    """'25 points' in the language ``t``."""
    return t.ngettext("{n} point", "{n} points", n, n=t.number(n))


class TableGameRenderer:
    def table(self, view: TablePublicView, names: Names, style: Style) -> RenderedImage:
        v = view
        t = current()
        rows = [
            SeatRow(name_of(names, s), " · ".join(_facts(v, s)), str(v.scores[s]), lit=_playing(v) and v.turn == s)
            for s in range(v.seats)
        ]
        sections = [
            Section(
                t._("{name}'s melds", name=name_of(names, s)),
                tuple(meld_group(m) for m in v.melds_by_owner[s]),
                t._("No melds yet."),
            )
            for s in range(v.seats)
            if v.melds_by_owner[s] or v.seats <= 4
        ]
        if isinstance(v.own, SkarneyView):  # no discard pile: the card offered lies there
            piles = Piles(v.stock_count, v.own.offer, 1 if v.own.offer else 0, N_("OFFER"))
        else:
            piles = Piles(v.stock_count, v.pile_top, v.pile_count, N_("PILE"))
        lines = [x for x in (self.describe(v, names), _situation(v, names)) if x]
        return board(
            style,
            t._("{game} · hand {number}", game=_title(v), number=v.deal_number),
            alt_table(v, names),
            f"{v.game}-table-{v.deal_number}-{v.moves}.png",
            lines=lines,
            rows=rows,
            sections=sections,
            piles=piles,
        )

    def hand(self, view: TableSeatView, names: Names, style: Style) -> RenderedImage:
        v = view
        t = current()
        new = t._("NEW")
        groups = tuple(
            Group(g, "", S.DEADWOOD_COLOUR, marks=tuple(Mark(c, new, S.NEW_COLOUR) for c in g if c == v.drawn))
            for g in _hand_groups(v.hand, style)
        )
        melds = [a for a in v.meld_options if a in v.legal][:6]
        lay_groups = tuple(
            Group(g, t._("CONTRACT") if a.kind is Act.CONTRACT else t._("MELD"), S.SET_COLOUR)
            for a in melds
            for g in a.groups()
        )
        layoffs = _layoffs(v)
        footer = []
        if layoffs:
            moves = ", ".join(t._("{card} on #{meld}", card=a.cards[0].pretty, meld=a.meld) for a in layoffs[:12])
            footer.append(t._("Lay off: {moves}", moves=moves))
        status = self.status_line(v, names)
        held, points = cards_count(len(v.hand)), _points(t, v.hand_points)
        sections = [Section(t._("In hand: {cards} · {points}", cards=held, points=points), groups, t._("No cards."))]
        if v.turn == v.seat and (melds or layoffs):
            sections.append(Section(t._("You can lay now"), lay_groups, t._("No new meld now.")))
        targets = {a.meld for a in layoffs}
        if targets:  # the melds the lay-offs name, with their numbers
            on_table = tuple(meld_group(m) for m in v.melds if m.number in targets)
            sections.append(Section(t._("Melds you can lay off on"), on_table))
        if v.drawn:
            mine = t._(
                "Your hand ({cards}, {points}): {hand}; just drawn {card}",
                cards=held,
                points=points,
                hand=cards_text(v.hand),
                card=v.drawn.pretty,
            )
        else:
            mine = t._("Your hand ({cards}, {points}): {hand}", cards=held, points=points, hand=cards_text(v.hand))
        alt = f"{mine}. {status}."
        if melds:
            alt += " " + t._("Melds you can lay: {melds}.", melds="; ".join(cards_text(a.cards) for a in melds))
        if footer:
            alt += f" {footer[0]}."
        return board(
            style,
            t._("Your hand"),
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
        t = current()
        title = _hand_title(view, rec, names)
        sections = [
            Section(
                self._left_title(t, name_of(names, s), rec.left_points[s], s == rec.winner),
                (Group(rec.left[s], t._("LEFT · {points}", points=rec.left_points[s]), S.DEADWOOD_COLOUR, dim=True),)
                if rec.left[s]
                else (),
                t._("No cards left."),
            )
            for s in range(view.seats)
        ]
        words = "; ".join(
            self._left_words(t, name_of(names, s), rec.left[s], rec.left_points[s]) for s in range(view.seats)
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
        t = current()
        order = sorted(range(v.seats), key=lambda s: (s != v.winner, -v.scores[s]))
        rows, words = [], []
        for place, s in enumerate(order, 1):
            won = v.hands_won[s]
            facts = [t.ngettext("{n} hand won", "{n} hands won", won, n=t.number(won))]
            if s == v.winner:
                facts.append(t._("winner"))
            if rating_changes and s in rating_changes:
                change = f"{rating_changes[s]:+d}"
                facts.append(t._("rating {change}", change=change))
            sub = " · ".join(facts)
            rows.append(SeatRow(f"{place}. {name_of(names, s)}", sub, str(v.scores[s]), lit=s == v.winner))
            words.append(f"{place}. {name_of(names, s)} {v.scores[s]} ({sub})")
        played, n = v.hands_played, v.hands_played
        if v.winner is not None:
            name = name_of(names, v.winner)
            title = t._("{name} wins {game}", name=name, game=_title(v))
            after = t.ngettext(
                "{name} wins {game} after {n} hand.",
                "{name} wins {game} after {n} hands.",
                n,
                name=name,
                game=_title(v),
                n=t.number(played),
            )
        else:
            title = t._("{game} is over", game=_title(v))
            after = t.ngettext(
                "{game} is over after {n} hand.",
                "{game} is over after {n} hands.",
                n,
                game=_title(v),
                n=t.number(played),
            )
        return board(
            style,
            title,
            f"{after} " + "; ".join(words) + ".",
            f"{v.game}-match-end.png",
            lines=[t.ngettext("{n} hand played", "{n} hands played", n, n=t.number(played))],
            rows=rows,
        )

    def describe(self, view: TablePublicView, names: Names) -> str:
        return describe_table(view, names)

    @staticmethod
    def _left_title(t: Texts, name: str, points: int, scores: bool) -> str:
        """A seat's section in a hand's result: 'Bob · left 12', '· scores' for the winner."""
        if scores:
            return t._("{name} · left {points} · scores", name=name, points=points)
        return t._("{name} · left {points}", name=name, points=points)

    @staticmethod
    def _left_words(t: Texts, name: str, cards: tuple[Card, ...], points: int) -> str:
        """What a seat was left holding: 'Bob left 7♣ 9♦ (16)', 'Alice left nothing (0)'."""
        if cards:
            return t._("{name} left {cards} ({points})", name=name, cards=cards_text(cards), points=points)
        return t._("{name} left nothing ({points})", name=name, points=points)

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
        t = current()
        if v.finished:
            return t._("The match is over")
        if not v.legal:
            return t._("Waiting for {name}", name=name_of(names, v.turn)) if v.turn is not None else t._("Waiting")
        kinds = {a.kind for a in v.legal}
        if v.phase == "respond":
            if isinstance(v.own, ColonelView) and v.own.challenger is not None:
                return t._("Your answer: accept or reject the Challenge")
            offer = v.own.offer if isinstance(v.own, SkarneyView) else None
            if offer is None:
                return t._("Your answer: take the card or turn it down")
            return t._("Your answer: take the {card} or turn it down", card=offer.pretty)
        if v.phase == "draw":
            if Act.DRAW_PILE in kinds:
                return t._("Your turn: draw from the stock or the pile")
            return t._("Your turn: draw")
        opts = []
        if kinds & {Act.MELD, Act.CONTRACT}:
            opts.append(t._("meld"))
        if Act.LAYOFF in kinds:
            opts.append(t._("lay off"))
        if Act.DISCARD in kinds:
            opts.append(t._("discard"))
        if Act.OFFER in kinds:
            opts.append(t._("offer a card"))
        if kinds & {Act.LAST_CARD, Act.END_HAND}:
            opts.append(t._("end your turn"))
        if len(opts) < 2:
            return t._("Your turn: {moves}", moves="".join(opts))
        # i18n: the moves a player may make, as alternatives: 'meld, lay off or discard'
        choice = t._("{moves} or {last}", moves=", ".join(opts[:-1]), last=opts[-1])
        return t._("Your turn: {moves}", moves=choice)

    def hint(self, view: TableSeatView) -> str:
        if view.turn != view.seat:
            return ""
        if any(a.kind is Act.CHALLENGE for a in view.legal):
            return current()._("You may challenge: the lower hand total wins if it is accepted.")
        return ""

    def controls(self, view: TableSeatView) -> list[Control]:
        return table_controls(view)

    def warm(self, style: Style) -> float:
        return warm_cache(style)


for _game in TITLES:
    # Offered for new tables: whole matches of each, turns of several melds and lay-offs included,
    # are played through Discord's controls end to end (tests/e2e/test_table_games.py).
    register_renderer(_game, TableGameRenderer())
