"""Seat and public views: what each may see, and nothing more."""

import dataclasses
import random

import pytest

from bot.engine import Card
from bot.engine.gin import Match, public_view, seat_view
from bot.engine.knock import PASS, TAKE, ActionKind, Ruleset, action, preset


def cards_in(obj: object) -> set[Card]:
    """Every Card reachable from a view (dataclasses, tuples, lists, dicts)."""
    found: set[Card] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, Card):
            found.add(x)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            stack.extend(getattr(x, f.name) for f in dataclasses.fields(x))
        elif isinstance(x, (tuple, list, set, frozenset)):
            stack.extend(x)
        elif isinstance(x, dict):
            stack.extend(x.values())
    return found


def test_public_view_shows_no_hidden_card_over_a_whole_match():
    rng = random.Random(3)
    m = Match.new(preset("standard"), 77)
    while not m.finished:
        pv = public_view(m)
        revealed = set(m.hand.discards) | set(m.hand.known[0]) | set(m.hand.known[1])
        revealed |= {e.card for e in m.last_events if e.card is not None}  # moves everyone saw
        revealed |= set(m.hand.declined[0]) | set(m.hand.declined[1])  # seen face up on the pile
        if m.history and m.history[-1].result is not None:
            revealed |= cards_in(m.history[-1].result)  # laid face up when that hand ended
        assert cards_in(pv) <= revealed
        seat = m.turn
        assert seat is not None
        legal = m.legal_actions(seat)
        ends = [a for a in legal if a.kind.value in ("knock", "gin", "big_gin")]
        m.apply(seat, ends[0] if ends else rng.choice(legal))


def test_seat_view_shows_own_hand_and_known_opponent_cards():
    m = Match.new(preset("standard"), 5)
    seat = m.turn
    assert seat is not None
    up = m.hand.discards[-1]
    m.apply(seat, TAKE)
    mine = seat_view(m, seat)
    theirs = seat_view(m, 1 - seat)
    assert set(mine.hand) == set(m.hand.hands[seat]) and mine.drawn == up
    assert up in theirs.opponent_known
    assert not set(theirs.hand) & set(m.hand.hands[seat])
    assert theirs.legal == () and mine.legal
    assert len(mine.discard_options) == 11 and mine.arrangement is not None


def test_views_track_the_offer():
    m = Match.new(preset("oklahoma"), 6)
    pv = public_view(m)
    assert pv.phase == "offer" and pv.stock_count == 31 and pv.discard_count == 1
    assert pv.discard_top is not None
    assert pv.knock_limit == (0 if pv.discard_top.rank == 1 else pv.discard_top.value)
    turn = m.turn
    assert turn is not None
    m.apply(turn, PASS)
    assert public_view(m).last_events[0].kind.value == "passed"


@pytest.mark.parametrize(
    "bad",
    [
        {"knock_limit": 11},
        {"knock_limit": "sometimes"},
        {"target": 0},
        {"gin_bonus": -1},
        {"straight": "yes"},
        {"name": ""},
    ],
)
def test_ruleset_validates_fields(bad):
    with pytest.raises(ValueError):
        Ruleset(**bad)


def test_presets_and_combination():
    both = preset("oklahoma+hollywood", target=150)
    assert both.knock_limit == "oklahoma" and both.hollywood and both.target == 150
    assert Ruleset.from_dict(both.to_dict()) == both
    with pytest.raises(ValueError, match="unknown variant"):
        preset("canasta")


def test_pile_history_says_who_discarded_and_who_declined():
    m = Match.new(preset("standard"), 5)
    non_dealer, dealer = 1 - m.hand.dealer, m.hand.dealer
    upcard = m.hand.upcard
    m.apply(non_dealer, PASS)
    m.apply(dealer, PASS)
    m.apply(non_dealer, action(ActionKind.DRAW_STOCK))
    pv = public_view(m)
    assert pv.declined[non_dealer] == (upcard, upcard)  # passed it, then left it again for the stock
    assert pv.declined[dealer] == (upcard,)
    card = m.hand.hands[non_dealer][0]
    m.apply(non_dealer, action(ActionKind.DISCARD, card))
    pv = public_view(m)
    assert pv.discard_pile == (upcard, card) and pv.discard_seats == (None, non_dealer)
    m.apply(dealer, action(ActionKind.DRAW_DISCARD))
    pv = public_view(m)
    assert pv.discard_pile == (upcard,) and pv.discard_seats == (None,)
    again = Match.from_dict(m.to_dict())
    assert public_view(again) == pv


def test_snapshot_without_pile_history_still_loads():
    m = Match.new(preset("standard"), 9)
    d = m.to_dict()
    del d["hand"]["discarded_by"], d["hand"]["declined"]
    pv = public_view(Match.from_dict(d))
    assert pv.discard_seats == (None,) and pv.declined == ((), ())
