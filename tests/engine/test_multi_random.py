"""Properties over thousands of seeded random hands of every new table: three and four players,
Knockout for 2 to 4, and the two-player options. Cards are conserved, no view shows a hidden card,
every match ends, totals add up, refused moves change nothing, and JSON and replay reproduce a match."""

from __future__ import annotations

import dataclasses
import json
import random
import zlib
from enum import Enum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import DECK, Card, IllegalAction, game_type
from bot.engine.gin import Match, TeamMatch, ThreeMatch
from bot.engine.knock import ActionKind, action
from bot.engine.knockout import KnockoutMatch

ALL_ACTIONS = [
    action(k, c)
    for k in ActionKind
    if k is not ActionKind.RESIGN
    for c in ((None,) if k not in (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.GIN) else DECK)
]
ENDS = (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)
MAX_MOVES = 300_000

# (game, seats, variant, options, target): small targets so that a few seconds play many whole matches
CONFIGS = [
    ("gin", 3, "standard", "", 40),
    ("gin", 3, "oklahoma", "stockout=lower shutout=game200", 40),
    ("gin", 3, "straight", "length=hands:4 deal=11", None),
    ("gin", 4, "standard", "", 60),
    ("gin", 4, "standard", "teams=separate deal=11 knock=whole", 60),
    ("gin", 4, "sequence", "length=hands:3 stockout=lower", None),
    ("gin", 2, "standard", "stockout=lower deal=11 knock=whole shutout=plus100", 40),
    ("gin", 2, "sequence", "length=series:120 biggin=no", 40),
    ("gin", 2, "oklahoma+hollywood", "shutout=total tie=no", 30),
    ("gin", 2, "standard", "length=hands:3", None),
    ("knockout", 2, "standard", "", 60),
    ("knockout", 3, "standard", "", 60),
    ("knockout", 4, "standard", "", 60),
    ("knockout", 3, "standard", "cards=10 limit=7 biggin=no", 60),
]
IDS = [f"{g}-{n}-{v}-{o or 'default'}" for g, n, v, o, _ in CONFIGS]


def new(config: tuple[str, int, str, str, int | None], seed: int) -> Any:
    game, seats, variant, options, target = config
    gt = game_type(game)
    return gt.new(gt.make_rules(variant, target, options), seed, seats)


# -- what each state holds ------------------------------------------------------------------------


def packs(state: Any) -> list[list[Card]]:
    """Every pack in play, each card wherever it lies."""
    if isinstance(state, Match):
        h = state.hand
        return [h.hands[0] + h.hands[1] + h.stock + h.discards + ([h.knock_discard] if h.knock_discard else [])]
    if isinstance(state, ThreeMatch):
        return [state.table.cards()]
    if isinstance(state, TeamMatch):
        return [t.cards() for t in state.tables]
    assert isinstance(state, KnockoutMatch)
    return [state.hand.cards()]


def hands_of(state: Any) -> dict[int, set[Card]]:
    """Each seat's cards in hand."""
    if isinstance(state, Match):
        return {s: set(state.hand.hands[s]) for s in (0, 1)}
    if isinstance(state, ThreeMatch):
        return {seat: set(state.table.hand.hands[i]) for i, seat in enumerate(state.table.players)}
    if isinstance(state, TeamMatch):
        return {seat: set(t.hand.hands[i]) for t in state.tables for i, seat in enumerate(t.players)}
    return {s: set(h) for s, h in enumerate(state.hand.hands)}


_PLAIN = {int, str, float, bool, type(None)}


def cards_in(obj: Any, skip: frozenset[str] = frozenset({"last_hand", "summary", "rules"})) -> set[Card]:
    """Every card reachable from a view, apart from the finished previous hand and the summary."""
    found: set[Card] = set()
    stack = [obj]
    plain = _PLAIN
    while stack:
        x = stack.pop()
        t = type(x)
        if t is Card:
            found.add(x)
        elif t is tuple or t is list or t is set or t is frozenset:
            for y in x:
                ty = type(y)
                if ty is Card:
                    found.add(y)
                elif ty not in plain:
                    stack.append(y)
        elif t in plain or isinstance(x, Enum):
            continue
        elif t is dict:
            stack.extend(x.values())
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            stack.extend(getattr(x, f.name) for f in dataclasses.fields(x) if f.name not in skip)
    return found


def shown(state: Any) -> set[Card]:
    """The cards every player has seen face up in the current hand(s), and the last moves' cards."""
    out: set[Card] = {e.card for e in state.last_events if e.card is not None}
    if isinstance(state, Match):
        hands = [state.hand]
    elif isinstance(state, ThreeMatch):
        hands = [state.table.hand]
    elif isinstance(state, TeamMatch):
        hands = [t.hand for t in state.tables]
        for t in state.tables:
            out |= {e.card for e in t.last_events if e.card is not None}
            if t.outcome is not None and t.outcome.result is not None:
                out |= cards_in(t.outcome.result)  # that game is over: its hands are laid out
    else:
        h = state.hand
        out |= set(h.discards) | {c for k in h.known for c in k} | {c for k in h.declined for c in k}
        return out
    for h in hands:
        out |= set(h.discards) | set(h.known[0]) | set(h.known[1]) | set(h.declined[0]) | set(h.declined[1])
    return out


def check_views(state: Any) -> None:
    public = shown(state)
    assert cards_in(state.public_view()) <= public, "the public view shows only face-up cards"
    held = hands_of(state)
    for seat in range(state.seats):
        own = held.get(seat, set())
        assert cards_in(state.seat_view(seat)) <= public | own, f"seat {seat} sees only its own hidden cards"


def check_totals(state: Any) -> None:
    totals = state.totals()
    if isinstance(state, ThreeMatch):
        game = state.game
        for s in range(3):
            assert game.scores[s] == sum(r.points for r in state.history if r.winner == s)
            assert game.hands_won[s] == sum(1 for r in state.history if r.winner == s)
        if game.finished:
            for s in range(3):
                bonus = game.game_bonus + game.shutout_points * (game.shutout and state.rules.shutout != "game200")
                assert totals[s] == game.scores[s] + 25 * game.hands_won[s] + (bonus if s == game.winner else 0)
    elif isinstance(state, TeamMatch):
        for team in (0, 1):
            assert state.game.scores[team] == sum(r.team_points[team] for r in state.history)
        assert totals[0] == totals[2] and totals[1] == totals[3]
    elif isinstance(state, KnockoutMatch):
        for s in range(state.seats):
            assert totals[s] == sum(r.penalties[s] for r in state.history)
        assert state.finished == (len(state.active) <= 1 or state.resigned_by is not None)
    else:
        for i, game in enumerate(state.games):
            entered = [0, 0]
            for r in state.history:
                if i in r.games:
                    entered[r.winner] += r.points
            assert entered == game.scores
        if state.rules.length == "series" and state.finished:
            wins = [sum(1 for g in state.games if g.winner == s) for s in (0, 1)]
            assert totals == tuple(
                sum(g.scores[s] for g in state.games) + 25 * wins[s] + state.series_bonus[s] for s in (0, 1)
            )


def choose(state: Any, rng: random.Random) -> tuple[int, Any]:
    seat = rng.choice(state.to_act)
    legal = state.legal_actions(seat)
    assert legal, "a seat to act always has a move"
    ends = [a for a in legal if a.kind in ENDS]
    return seat, (rng.choice(ends) if ends and rng.random() < 0.5 else rng.choice(legal))


def play(config: tuple[str, int, str, str, int | None], seed: int, rng: random.Random) -> Any:
    state = new(config, seed)
    moves = 0
    while not state.finished:
        if moves % 41 == 0:  # a refused move changes nothing
            bad = rng.choice(ALL_ACTIONS)
            seat = rng.randrange(state.seats)
            if bad not in state.legal_actions(seat):
                before = json.dumps(state.to_dict())
                with pytest.raises(IllegalAction):
                    state.apply(seat, bad)
                assert json.dumps(state.to_dict()) == before
        if moves % 37 == 0:
            check_views(state)
        seat, act = choose(state, rng)
        state.apply(seat, act)
        for pack in packs(state):
            assert len(pack) == 52 and set(pack) == set(DECK), "52 cards, each in one place"
        moves += 1
        assert moves < MAX_MOVES, "every match ends"
    check_totals(state)
    summary = state.summary()
    assert summary is not None and summary.winner == state.winner and len(summary.totals) == state.seats
    return state


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_hundreds_of_random_hands_per_table(config: tuple[str, int, str, str, int | None]) -> None:
    rng = random.Random(zlib.crc32(repr(config).encode()))  # not hash(): str hashes differ per process
    hands = matches = 0
    outcomes: set[str] = set()
    seed = 0
    while hands < 300 or matches < 2:
        state = play(config, seed, rng)
        hands += len(state.hands)
        matches += 1
        outcomes |= {str(getattr(r.outcome, "value", r.outcome)) for r in state.hands}
        seed += 1
    assert matches >= 2 and len(outcomes) >= 2


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**62), st.sampled_from(range(len(CONFIGS))))
def test_any_seed_round_trips_and_replays(seed: int, which: int) -> None:
    config = CONFIGS[which]
    gt = game_type(config[0])
    state = new(config, seed)
    rng = random.Random(seed)
    log = []
    for _ in range(rng.randrange(1, 250)):
        if state.finished:
            break
        seat, act = choose(state, rng)
        state.apply(seat, act)
        log.append((seat, str(act)))
        if rng.random() < 0.1:
            assert gt.load(json.loads(json.dumps(state.to_dict()))).to_dict() == state.to_dict()
    if rng.random() < 0.2 and not state.finished:
        loser = rng.randrange(state.seats)
        state.resign(loser)
        log.append((loser, "resign"))
        assert state.finished and state.resigned_by == loser and state.winner != loser
    assert gt.replay(state.rules, seed, state.seats, log).to_dict() == state.to_dict()
