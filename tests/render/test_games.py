"""Every registered game's renderer on seeded positions: start, mid-hand, a finished hand, the match end.

Pictures fit 1,100 px and read at 550 px; no hidden card of another seat appears in a public
picture, its text or another seat's hand picture; controls come from ``view.legal`` only.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from bot.ai import chooser_for
from bot.engine import game_type
from render import Style, renderer_for
from render.kit.draw import MIN_SHOWN_PX, RenderedImage, recording, shown_px

CASES = [
    ("gin", 2),
    ("gin", 3),
    ("gin", 4),
    ("knockout", 2),
    ("knockout", 3),
    ("knockout", 4),
    ("colonel", 2),
    ("skarney", 2),
    ("rummy", 2),
    ("rummy", 4),
    ("rummy", 6),
]
NAMES = ("Alice", "Bob", "Carol", "Dmitri", "Eve", "Frank")
LONG = tuple(f"Maximiliana Wolfeschlegelsteinhausenberger {i}" for i in range(6))
SEED = 7


def _new(game: str, seats: int, seed: int = SEED) -> Any:
    gt = game_type(game)
    return gt.new(gt.make_rules(gt.variants[0], None, ""), seed, seats)


def _step(state: Any, rng: random.Random) -> None:
    seat = state.turn
    state.apply(seat, chooser_for(_game_of(state))(state.seat_view(seat), "easy", rng))


_GAME: dict[int, str] = {}


def _game_of(state: Any) -> str:
    return _GAME[id(state)]


def positions(game: str, seats: int) -> dict[str, Any]:
    """name -> a state (copied by replay: the engine's JSON round trip)."""
    gt = game_type(game)
    out: dict[str, Any] = {}
    s = _new(game, seats)
    _GAME[id(s)] = game
    rng = random.Random(SEED)
    out["start"] = gt.load(s.to_dict())
    for _ in range(9):
        _step(s, rng)
    out["mid"] = gt.load(s.to_dict())
    while not s.finished and not s.hands:
        _step(s, rng)
    out["hand-over"] = gt.load(s.to_dict())
    while not s.finished:
        _step(s, rng)
    out["end"] = s
    return out


@pytest.fixture(scope="module", params=CASES, ids=[f"{g}-{n}" for g, n in CASES])
def case(request: pytest.FixtureRequest) -> tuple[str, int, dict[str, Any]]:
    game, seats = request.param
    return game, seats, positions(game, seats)


def _drawn(fn: Any) -> tuple[Any, Any]:
    with recording() as canvases:
        image = fn()
    return image, canvases[-1]


def _too_small(canvas: Any, width: int) -> list[tuple[str, float]]:
    return [
        (t.text, round(shown_px(t.size_px, width), 1))
        for t in canvas.texts
        if shown_px(t.size_px, width) < MIN_SHOWN_PX
    ]


def _known(pub: Any) -> set[Any]:
    """Cards any seat is publicly known to hold."""
    out: set[Any] = set()
    for attr in ("known_cards", "known"):
        for cards in getattr(pub, attr, ()) or ():
            out |= set(cards)
    tables = list(getattr(pub, "tables", ()) or ())
    if getattr(pub, "table", None) is not None:
        tables.append(pub.table)
    for t in tables:
        for cards in t.known_cards:
            out |= set(cards)
        if len(tables) == 2:  # partnerships: two packs, so a card on one table's pile may be in a hand at the other
            out |= set(t.discard_pile)
    return out


def _hidden(state: Any, seat: int) -> set[Any]:
    return set(state.seat_view(seat).hand) - _known(state.public_view())


def _mentions(text: str, card: Any) -> bool:
    return re.search(r"(?<![0-9A-Za-z])" + re.escape(card.pretty), text) is not None


@pytest.mark.parametrize("names", [NAMES, LONG], ids=["short", "long"])
def test_every_picture_fits_and_reads(case: tuple[str, int, dict[str, Any]], names: tuple[str, ...]) -> None:
    game, seats, states = case
    r = renderer_for(game)
    style = Style()
    for label, s in states.items():
        pub = s.public_view()
        pictures: list[tuple[str, Callable[..., RenderedImage | None]]] = [
            ("table", lambda pub=pub: r.table(pub, names[:seats], style))
        ]
        if r.result(pub, names[:seats], style) is not None:
            pictures.append(("result", lambda pub=pub: r.result(pub, names[:seats], style)))
        if s.finished:
            pictures.append(
                ("match-end", lambda pub=pub: r.match_end(pub, names[:seats], style, rating_changes={0: 12, 1: -12}))
            )
        for seat in range(seats):
            v = s.seat_view(seat)
            pictures.append((f"hand-{seat}", lambda v=v: r.hand(v, names[:seats], style)))
        for what, fn in pictures:
            image, canvas = _drawn(fn)
            assert image.width <= 1100, (game, seats, label, what, image.width)
            assert not _too_small(canvas, image.width), (game, seats, label, what, _too_small(canvas, image.width))
            assert image.png.startswith(b"\x89PNG") and len(image.alt) > 20


def test_no_hidden_card_shows(case: tuple[str, int, dict[str, Any]]) -> None:
    game, seats, states = case
    r = renderer_for(game)
    for label, s in states.items():
        if s.finished:
            continue
        pub = s.public_view()
        hidden = {seat: _hidden(s, seat) for seat in range(seats)}
        every = set().union(*hidden.values())
        image, canvas = _drawn(lambda pub=pub: r.table(pub, NAMES[:seats], Style()))
        shown = {c for c, _ in canvas.cards}
        assert not shown & every, (game, seats, label, shown & every)
        # Just after a hand the text may name its (public, laid-out) cards, which the new deal can hold.
        assert label == "hand-over" or not [c for c in every if _mentions(image.alt, c)], (game, seats, label)
        for seat in range(seats):
            tables = getattr(pub, "tables", None)
            mates = next((t.players for t in tables if seat in t.players), ()) if tables else range(seats)
            # partnerships: each table plays its own pack, so only the opponent at the same table counts
            others = set().union(*(h for o, h in hidden.items() if o != seat and o in mates))
            image, canvas = _drawn(lambda seat=seat, s=s: r.hand(s.seat_view(seat), NAMES[:seats], Style()))
            assert not {c for c, _ in canvas.cards} & others, (game, seats, label, seat)
            assert label == "hand-over" or not [c for c in others if _mentions(image.alt, c)], (game, label, seat)


def _check_controls(game: str, view: Any) -> None:
    controls = renderer_for(game).controls(view)
    legal = [str(a) for a in view.legal]
    parse = game_type(game).parse_action
    menus: dict[str, list[Any]] = {}
    rows: dict[int, list[Any]] = {}
    for c in controls:
        assert str(parse(c.action)) == c.action and c.action in legal, (game, c, legal)
        assert 0 <= c.row <= 4 and c.label
        if c.menu:
            menus.setdefault(c.menu, []).append(c)
        else:
            rows.setdefault(c.row, []).append(c)
    for name, options in menus.items():
        assert len(options) <= 25, (game, name, len(options))
        assert len({o.row for o in options}) == 1 and options[0].row not in rows, (game, name)
    assert all(len(b) <= 5 for b in rows.values()), (game, rows)
    if legal:
        assert controls, (game, legal)


def test_controls_come_from_legal_moves_only(case: tuple[str, int, dict[str, Any]]) -> None:
    game, seats, _ = case
    s = _new(game, seats, seed=SEED + 1)
    _GAME[id(s)] = game
    rng = random.Random(1)
    for _ in range(600):
        if s.finished:
            break
        for seat in range(seats):
            _check_controls(game, s.seat_view(seat))
        _step(s, rng)


def test_words(case: tuple[str, int, dict[str, Any]]) -> None:
    game, seats, states = case
    r = renderer_for(game)
    names = NAMES[:seats]
    for s in states.values():
        pub = s.public_view()
        assert r.describe(pub, names)
        assert r.score_line(pub, names)
        line = r.hand_line(pub, names)
        assert line is None or line
        for seat in range(seats):
            v = s.seat_view(seat)
            assert r.status_line(v, names)
            assert isinstance(r.hint(v), str)
    assert r.hand_line(states["hand-over"].public_view(), names) is not None
