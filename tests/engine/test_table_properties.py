"""Properties of the table games over many seeded random games (uniformly random legal moves).

For every game and seat count: every card is in exactly one place after every move; no card that
is hidden (in the stock, or in a hand and never shown face up this deal) appears in the public view
or in another seat's view; every hand ends; the totals are the sum of the hands' points; an illegal
move raises IllegalAction and changes nothing; every legal move's text reads back as the same move;
the JSON form round-trips; and the match replays from its seed and move log.
"""

from __future__ import annotations

import dataclasses
import json
import random
from enum import Enum
from typing import Any

import pytest

from bot.engine import DECK, Card, IllegalAction, game_type
from bot.engine.tablegames import TableAction, TableGame

HAND_MOVE_CAP = 5000
# (game, seats, hands, target): matches to a small target are played until this many hands were dealt.
CASES = [
    ("colonel", 2, 3000, 30),
    ("skarney", 2, 500, 40),
    ("rummy", 2, 500, 1),
    ("rummy", 3, 500, 1),
    ("rummy", 4, 500, 1),
    ("rummy", 5, 500, 1),
    ("rummy", 6, 500, 1),
]
JUNK = [
    "draw stock",
    "draw pile",
    "challenge",
    "accept",
    "reject",
    "last card",
    "end hand",
    "discard AS",
    "offer KD",
    "layoff 7H 1",
    "layoff 2C 9",
    "meld 5S 6S 7S",
    "meld QH QS QD",
    "contract AS 2S 3S 4H 5H 6H 7D 8D 9D",
]


SCALARS = (int, str, bool, float, type(None))


def cards_in(value: Any, skip: frozenset[str] = frozenset({"last_hand", "rules", "summary"})) -> set[Card]:
    """Every card anywhere in a view (dataclass fields, tuples), but for the named fields."""
    out: set[Card] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        t = type(v)
        if t is Card:
            out.add(v)
        elif t in (tuple, list, set, frozenset):
            stack.extend(x for x in v if type(x) not in SCALARS)
        elif t in SCALARS or isinstance(v, Enum):
            continue
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            stack.extend(getattr(v, f) for f in v.__dataclass_fields__ if f not in skip)
    return out


NOT_EVENTS = frozenset({"last_hand", "rules", "summary", "last_events"})


def shown(state: TableGame) -> set[Card]:
    """Cards face up right now: the pile, the table, cards known in hands and a card held up."""
    out = set(state.pile) | {c for m in state.melds for c in m.cards} | {c for k in state.known for c in k}
    offer = getattr(state, "offer", None)
    return out | ({offer} if offer is not None else set())


def check_views(state: TableGame, seen: set[Card], before: set[Card]) -> None:
    hidden = set(state.stock) | {c for h in state.held for c in h}
    public = state.public_view()
    events = cards_in(public.last_events)
    assert not (cards_in(public, NOT_EVENTS) & hidden - seen)
    assert not (events & hidden - seen - before)  # the last turn may be the previous deal's
    for seat in range(state.seats):
        view = state.seat_view(seat)
        own = set(state.held[seat])
        assert set(view.hand) == own and view.seat == seat
        leaked = cards_in(view, NOT_EVENTS) & hidden - seen - own
        assert not leaked, f"seat {seat} sees {leaked}"
        assert list(view.legal) == state.legal_actions(seat)


def check_cards(state: TableGame) -> None:
    cards = [c for h in state.held for c in h] + state.stock + state.pile + [c for m in state.melds for c in m.cards]
    assert len(cards) == 52 and set(cards) == set(DECK)
    for meld in state.melds:
        assert len(meld.cards) >= 3


def check_refusal(state: TableGame, rng: random.Random) -> None:
    """A move that is not legal now raises IllegalAction and changes nothing."""
    seat = rng.randrange(state.seats)
    action = TableAction.parse(rng.choice(JUNK))
    if action in state.legal_actions(seat):
        return
    before = state.to_dict()
    with pytest.raises(IllegalAction):
        state.apply(seat, action)
    assert state.to_dict() == before


@pytest.mark.parametrize(("game", "seats", "budget", "target"), CASES)
def test_random_games_keep_every_property(game: str, seats: int, budget: int, target: int) -> None:
    gt = game_type(game)
    rules = gt.make_rules(gt.variants[0], target)
    hands = seed = 0
    while hands < budget:
        seed += 1
        rng = random.Random(seed)
        state = gt.new(rules, seed, seats)
        assert isinstance(state, TableGame)
        log: list[tuple[int, str]] = []
        deal, seen, before, in_hand = state.deal_number, shown(state), set[Card](), 0
        while not state.finished:
            seat = state.turn
            assert seat is not None and state.to_act == (seat,)
            legal = state.legal_actions(seat)
            action = rng.choice(legal)
            if rng.random() < 0.2:
                assert TableAction.parse(str(action)) == action
            if rng.random() < 0.03:
                check_refusal(state, rng)
            state.apply(seat, action)
            log.append((seat, str(action)))
            in_hand += 1
            check_cards(state)
            if state.deal_number != deal:  # the move's own cards were shown (its text is public)
                deal, before, seen, in_hand = state.deal_number, seen | set(action.cards), set(), 0
            assert in_hand < HAND_MOVE_CAP, "a hand did not end"
            seen |= shown(state)
            if rng.random() < 0.03 or state.finished:
                check_views(state, seen, before)
        hands += len(state.hands)
        won = [sum(h.points for h in state.hands if h.winner == s) for s in range(seats)]
        assert list(state.totals()) == won and max(won) >= target
        summary = state.summary()
        assert summary is not None and summary.winner == state.winner and summary.hands_played == len(state.hands)
        assert sum(summary.hands_won) == sum(1 for h in state.hands if h.winner is not None)
        data = json.loads(json.dumps(state.to_dict()))
        assert data["game"] == game and data["format"] == 1
        assert gt.load(data).to_dict() == state.to_dict()
        if seed % 10 == 1:
            assert gt.replay(rules, seed, seats, log).to_dict() == state.to_dict()


@pytest.mark.parametrize(("game", "seats"), [("colonel", 2), ("skarney", 2), ("rummy", 4)])
def test_a_loaded_match_plays_on_like_the_original(game: str, seats: int) -> None:
    """Each match is played once to learn its length, then again with a copy loaded from its JSON
    at three steps drawn below that length (so even short matches are reloaded mid-play)."""
    gt = game_type(game)
    rules = gt.make_rules(gt.variants[0])
    reloaded = 0  # matches played on from a loaded copy
    for seed in range(20):
        length = len(random_moves(gt.new(rules, seed, seats), random.Random(seed)))
        assert length > 0
        points = set(random.Random(1000 + seed).sample(range(length), min(3, length)))
        rng = random.Random(seed)
        a = gt.new(rules, seed, seats)
        b = None
        for step in range(length):
            if step in points:
                b = gt.load(json.loads(json.dumps(a.to_dict())))
                assert b.public_view() == a.public_view()
                assert all(b.seat_view(s) == a.seat_view(s) for s in range(seats))
            seat = a.turn
            assert seat is not None
            action = rng.choice(a.legal_actions(seat))
            a.apply(seat, action)
            if b is not None:
                b.apply(seat, action)
                assert b.to_dict() == a.to_dict()
        if b is not None:
            reloaded += 1
            assert b.finished == a.finished
    assert reloaded == 20, f"only {reloaded} of 20 {game} matches were reloaded"


def random_moves(state: Any, rng: random.Random, cap: int = 400) -> list[tuple[int, Any]]:
    """Play uniformly random legal moves until the match ends (or ``cap`` moves); the moves made."""
    moves: list[tuple[int, Any]] = []
    while not state.finished and len(moves) < cap:
        seat = state.turn
        assert seat is not None
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        moves.append((seat, action))
    return moves


def test_resigning_and_replaying_a_resignation() -> None:
    gt = game_type("skarney")
    rules = gt.make_rules("standard")
    m = gt.new(rules, 5, 2)
    seat = m.turn
    assert seat is not None
    m.apply(seat, m.legal_actions(seat)[0])
    m.resign(1 - seat)
    assert m.finished and m.winner == seat and m.resigned_by == 1 - seat and m.legal_actions(seat) == []
    replayed = gt.replay(rules, 5, 2, [(seat, "draw stock"), (1 - seat, "resign")])
    assert replayed.to_dict() == m.to_dict()
    with pytest.raises(IllegalAction, match="over"):
        m.apply(seat, TableAction.parse("draw stock"))
