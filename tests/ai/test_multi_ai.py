"""The AI in every seat of the new tables: legal moves only, from the seat's view only, in time."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai import LEVELS, chooser_for, no_deadline
from bot.ai.gin.greedy import card_joins_meld
from bot.ai.knockout.player import choose_knockout, knock_threshold
from bot.engine import DECK, format_cards, game_type, mask_of, parse_card, parse_cards
from bot.engine.gin import TeamMatch, ThreeMatch
from bot.engine.knock import ActionKind
from bot.engine.knockout import KnockoutMatch

TABLES = [
    ("gin", 3, "standard", ""),
    ("gin", 4, "standard", ""),
    ("gin", 3, "sequence", "stockout=lower"),
    ("gin", 2, "straight", "deal=11"),
    ("knockout", 2, "standard", ""),
    ("knockout", 3, "standard", ""),
    ("knockout", 4, "standard", ""),
]


def new(game: str, seats: int, variant: str, options: str, seed: int, target: int | None = None) -> Any:
    gt = game_type(game)
    return gt.new(gt.make_rules(variant, target, options), seed, seats)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("table", TABLES, ids=[f"{g}-{n}-{v}" for g, n, v, _ in TABLES])
def test_the_ai_plays_whole_matches_with_legal_moves(table: tuple[str, int, str, str], level: str) -> None:
    game = table[0]
    state = new(*table, seed=3, target=60 if game == "gin" else None)
    chooser = chooser_for(game)
    rng = random.Random(3)
    while not state.finished:
        for seat in range(state.seats):
            if seat not in state.to_act:
                with pytest.raises(ValueError, match="no legal move"):
                    chooser(state.seat_view(seat), level, rng)
        seat = rng.choice(state.to_act)
        view = state.seat_view(seat)
        act = chooser(view, level, rng)
        assert act in view.legal
        state.apply(seat, act)
    # Decision times are the benchmarks' to measure (bench.ai_strength), not a timed test's.


def _reshuffled(state: Any, seat: int, rng: random.Random) -> Any:
    """A copy where every card hidden from ``seat`` (others' unknown cards and the stock) is dealt again."""
    d = state.to_dict()
    if isinstance(state, KnockoutMatch):
        hand = d["hand"]
        others = [s for s in range(state.seats) if s != seat]
        known = {s: set(parse_cards(hand["known"][s])) for s in others}
        held = {s: list(parse_cards(hand["hands"][s])) for s in others}
        pool = [c for s in others for c in held[s] if c not in known[s]] + list(parse_cards(hand["stock"]))
        rng.shuffle(pool)
        for s in others:
            keep = [c for c in held[s] if c in known[s]]
            n = len(held[s]) - len(keep)
            hand["hands"][s], pool = format_cards(keep + pool[:n]), pool[n:]
        hand["stock"] = format_cards(pool)
        return game_type("knockout").load(d)
    tables = d["tables"] if isinstance(state, TeamMatch) else [d["table"]]
    for table in tables:
        hand = table["hand"]
        opp = 1 - table["players"].index(seat) if seat in table["players"] else None
        seats_hidden = [opp] if opp is not None else [0, 1]
        known = {i: set(parse_cards(hand["known"][i])) for i in seats_hidden}
        held = {i: list(parse_cards(hand["hands"][i])) for i in seats_hidden}
        pool = [c for i in seats_hidden for c in held[i] if c not in known[i]] + list(parse_cards(hand["stock"]))
        rng.shuffle(pool)
        for i in seats_hidden:
            keep = [c for c in held[i] if c in known[i]]
            n = len(held[i]) - len(keep)
            hand["hands"][i], pool = format_cards(keep + pool[:n]), pool[n:]
        hand["stock"] = format_cards(pool)
    return game_type("gin").load(d)


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize(
    "table", [t for t in TABLES if t[1] > 2], ids=[f"{t[0]}-{t[1]}-{t[2]}" for t in TABLES if t[1] > 2]
)
def test_the_ai_reads_only_its_seat_view(table: tuple[str, int, str, str], level: str) -> None:
    """Every hidden card dealt again (every other hand's unknown cards and the stock): the same view,
    the same decision for the same seed (the expert: its guesses and play-outs see the view only)."""
    state = new(*table, seed=5)
    chooser = chooser_for(table[0])
    rng = random.Random(5)
    checked = 0
    with no_deadline():
        for _ in range(80):
            if state.finished:
                break
            seat = state.to_act[0]
            view = state.seat_view(seat)
            if len(view.legal) > 1:
                twin = _reshuffled(state, seat, rng)
                assert twin.seat_view(seat) == view, "nothing hidden reaches the seat's view"
                first = chooser(view, level, random.Random(1))
                assert chooser(twin.seat_view(seat), level, random.Random(1)) == first
                checked += 1
            state.apply(seat, chooser(view, "normal", rng))
    assert checked >= 10


def test_three_and_four_player_seats_are_played_by_the_two_player_gin_ai() -> None:
    for seats in (3, 4):
        state = new("gin", seats, "standard", "", 2)
        assert isinstance(state, (ThreeMatch, TeamMatch))
        seat = state.to_act[0]
        view = state.seat_view(seat)
        assert view.gin_view is not None and view.gin_view.legal == view.legal
        assert chooser_for("gin")(view, "normal", random.Random(0)) in view.legal


def test_the_gin_ai_values_only_runs_in_sequence() -> None:
    h = mask_of(parse_cards("7S 7H 2C 3C 9D JD QH KS 4H 5S"))
    assert card_joins_meld(h, parse_card("7D"))
    assert not card_joins_meld(h, parse_card("7D"), runs=True)
    assert card_joins_meld(h, parse_card("4C"), runs=True)


def _knockout_at(seat_cards: str, stock: int, seats: int = 3) -> tuple[KnockoutMatch, int]:
    """A Knockout table where the seat to move holds ``seat_cards`` (after its draw), the stock ``stock`` cards."""
    from bot.engine.knock import Phase
    from bot.engine.knockout import KnockoutHand

    state = new("knockout", seats, "standard", "", 4)
    assert isinstance(state, KnockoutMatch)
    me = state.hand.turn
    mine = list(parse_cards(seat_cards))
    rest = [c for c in DECK if c not in mine]
    hands: list[list[Any]] = [[] for _ in range(seats)]
    hands[me] = mine
    for s in range(seats):
        if s != me:
            hands[s], rest = rest[:7], rest[7:]
    state.hand = KnockoutHand(
        dealer=state.hand.dealer,
        order=state.hand.order,
        hands=hands,
        stock=rest[:stock],
        discards=rest[stock:],
        discarded_by=[-1] * (len(rest) - stock),
        phase=Phase.DISCARD,
        turn=me,
        known=[[] for _ in range(seats)],
        declined=[[] for _ in range(seats)],
    )
    return state, me


def test_knockout_ai_knocks_as_soon_as_it_may() -> None:
    state, me = _knockout_at("AH 2H 3H 5C 5D 5H 8H KD", 25)  # 8 deadwood after the K, a nearly full stock
    view = state.seat_view(me)
    assert view.can_knock and knock_threshold(view) == state.rules.knock_limit
    for level in LEVELS:  # no undercut in Knockout: waiting only lets another player end the hand first
        act = choose_knockout(view, level, random.Random(0))
        assert act.kind is ActionKind.KNOCK and act.card == parse_card("KD")


def test_knockout_ai_holds_the_lower_deadwood() -> None:
    state, me = _knockout_at("AH 2H 3H 5C 5D 9S KD QC", 25)  # no knock: shed a high card
    act = choose_knockout(state.seat_view(me), "normal", random.Random(0))
    assert act.kind is ActionKind.DISCARD and act.card is not None and act.card.value == 10


def test_knockout_ai_always_goes_gin() -> None:
    state, me = _knockout_at("AH 2H 3H 5C 5D 5H 5S KD", 25)
    act = choose_knockout(state.seat_view(me), "normal", random.Random(0))
    assert act.kind is ActionKind.GIN and act.card == parse_card("KD")
    state, me = _knockout_at("AH 2H 3H 4H 5C 5D 5H 5S", 25)
    assert choose_knockout(state.seat_view(me), "hard", random.Random(0)).kind is ActionKind.BIG_GIN
