"""Round robin worked out by hand: the circle method's rounds, byes, and the tie-breaks (head to head among
the players level on points, then Sonneborn-Berger, then rating)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Said
from bot.tournaments import Format, Outcome, Pairing, finished, standings
from bot.tournaments.roundrobin import circle_round

from .helpers import Chooser, begin, play_out, seats_of


def beats(wins: set[tuple[int, int]]) -> Chooser:
    """Results from a table of who beats whom."""

    def choose(p: Pairing) -> Sequence[int]:
        a, b = p.seats
        return [a, b] if (a, b) in wins else [b, a]

    return choose


def test_the_circle_method_for_four() -> None:
    assert [circle_round([1, 2, 3, 4], r) for r in (1, 2, 3)] == [
        [(1, 4), (2, 3)],
        [(1, 3), (4, 2)],
        [(1, 2), (3, 4)],
    ]


def test_five_players_each_sit_out_one_round() -> None:
    t = play_out(begin(Format.ROUND_ROBIN, 5), lambda p: sorted(p.seats))
    assert len(t.rounds) == 5
    byes = [p.seats[0] for p in t.pairings() if len(p.seats) == 1]
    assert sorted(byes) == [1, 2, 3, 4, 5]
    assert all(p.result is not None and p.result.outcome is Outcome.BYE for p in t.pairings() if len(p.seats) == 1)
    assert seats_of(t, 1) == [(1, 4), (2, 3), (5,)]  # the empty place faces the last seed first
    rows = standings(t).rows
    assert [(r.user_id, r.points, r.byes) for r in rows] == [(1, 4, 1), (2, 3, 1), (3, 2, 1), (4, 1, 1), (5, 0, 1)]


def test_head_to_head_comes_before_sonneborn_berger() -> None:
    """4 and 2 have two wins, 4 beat 2; 1 and 3 one, 1 beat 3 (though 3's win, over 4, is worth more)."""
    t = play_out(begin(Format.ROUND_ROBIN, 4), beats({(4, 1), (2, 3), (1, 3), (4, 2), (2, 1), (3, 4)}))
    table = standings(t)
    assert table.tiebreaks == (Said("Head to head"), Said("Sonneborn-Berger"))
    assert [(r.user_id, r.points, r.tiebreaks) for r in table.rows] == [
        (4, 2, (1, 3)),
        (2, 2, (0, 2)),
        (1, 1, (1, 1)),
        (3, 1, (0, 2)),
    ]


def test_sonneborn_berger_then_rating_settle_a_circle_of_three() -> None:
    """1 beat 2, 2 beat 3, 3 beat 1: level on points and head to head. 1 also beat 4 (three points),
    2 and 3 beat 5 (one point): Sonneborn-Berger puts 1 first, then rating 2 before 3."""
    wins = {(1, 2), (2, 3), (3, 1), (1, 4), (5, 1), (4, 2), (2, 5), (4, 3), (3, 5), (4, 5)}
    t = play_out(begin(Format.ROUND_ROBIN, 5), beats(wins))
    assert finished(t)
    assert [(r.user_id, r.points, r.tiebreaks) for r in standings(t).rows] == [
        (4, 3, (0, 5)),  # beat 2, 3 and 5: 2 + 2 + 1
        (1, 2, (1, 5)),
        (2, 2, (1, 3)),
        (3, 2, (1, 3)),
        (5, 1, (0, 2)),
    ]
