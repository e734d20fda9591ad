"""Swiss pairing worked out by hand: the halves of a score group, floats, byes, no rematch while avoidable,
and the tie-breaks (Buchholz, then rating)."""

from __future__ import annotations

from bot.engine import Said
from bot.tournaments import Format, Outcome, finished, pair_next_round, pending, record, standings
from bot.tournaments.swiss import pair

from .helpers import begin, higher_seed_wins, play_round, seats_of


def test_the_first_round_pairs_the_top_half_with_the_bottom_half() -> None:
    t = pair_next_round(begin(Format.SWISS, 8, rounds=3))
    assert seats_of(t, 1) == [(1, 5), (2, 6), (3, 7), (4, 8)]


def test_winners_meet_winners_by_the_halves_of_their_group() -> None:
    t = play_round(begin(Format.SWISS, 8, rounds=3), higher_seed_wins)
    t = pair_next_round(t)
    assert seats_of(t, 2) == [(1, 3), (2, 4), (5, 7), (6, 8)]


def test_five_players_by_hand() -> None:
    """P1..P5 rated from the top down. Round 1: 1-3, 2-4, the bye to 5 (the lowest); 1 and 4 win.
    Round 2, ranked 1 4 5 (one point: a bye is a win) then 2 3: the bye to 3, the lowest without one;
    1 meets 4 from the middle of his group, 5 floats down to 2; 1 and 2 win.
    Round 3, ranked 1 (two points), 2 3 4 5: the bye to 4 (5 and 3 had one); 1-2 and 3-5; 2 and 3 win."""
    t = begin(Format.SWISS, 5, rounds=3)
    winners = [[1, 4], [1, 2], [2, 3]]
    expected = [[(1, 3), (2, 4), (5,)], [(1, 4), (5, 2), (3,)], [(1, 2), (3, 5), (4,)]]
    for number, (won, seats) in enumerate(zip(winners, expected, strict=True), 1):
        t = pair_next_round(t)
        assert seats_of(t, number) == seats
        for p in pending(t):
            t = record(t, p.key, [next(u for u in p.seats if u in won)])
    assert finished(t)
    table = standings(t)
    assert table.tiebreaks == (Said("Buchholz"),)
    # all but 5 have two points; Buchholz: 1 met 3, 4, 2 (2+2+2), 2 met 4, 5, 1 (2+1+2), 4 met 2, 1 (2+2),
    # 3 met 1, 5 (2+1), the byes count nothing
    assert [(r.place, r.user_id, r.points, r.tiebreaks) for r in table.rows] == [
        (1, 1, 2, (6,)),
        (2, 2, 2, (5,)),
        (3, 4, 2, (4,)),
        (4, 3, 2, (3,)),
        (5, 5, 1, (4,)),
    ]
    assert [r.byes for r in table.rows] == [0, 0, 1, 1, 1]


def test_rating_settles_a_tie_on_points_and_buchholz() -> None:
    t = play_round(begin(Format.SWISS, 4, rounds=1), higher_seed_wins)  # 1-3 and 2-4: 1 and 2 win
    rows = standings(t).rows
    assert [(r.user_id, r.points, r.tiebreaks) for r in rows] == [
        (1, 1, (0,)),
        (2, 1, (0,)),
        (3, 0, (1,)),
        (4, 0, (1,)),
    ]


def test_the_pairing_looks_further_when_the_obvious_one_forces_a_rematch() -> None:
    """Six players in six score groups; 6 has met 3, 4 and 5. Taking 1-2 and 3-4 would leave 5-6 again:
    1 meets 3 instead, then 2 passes 4 and 5 (each would leave a rematch) for 6."""
    points = {1: 5, 2: 4, 3: 3, 4: 2, 5: 1, 6: 0}
    played = {frozenset(p) for p in [(5, 6), (3, 6), (4, 6)]}
    assert pair([1, 2, 3, 4, 5, 6], points, played, set()) == (((1, 3), (2, 6), (4, 5)), None)


def test_the_bye_passes_to_a_higher_player_when_the_lowest_would_force_a_rematch() -> None:
    """5 is the lowest, but 1 has met 2, 3 and 4, so without 5 he would replay one of them: the bye goes to
    4, the next lowest; 1 meets 5 (3, his first choice in the group, he has met) and 2 meets 3."""
    points = dict.fromkeys(range(1, 6), 0)
    played = {frozenset(p) for p in [(1, 2), (1, 3), (1, 4)]}
    assert pair([1, 2, 3, 4, 5], points, played, set()) == (((1, 5), (2, 3)), 4)
    assert pair([1, 2, 3, 4, 5], points, played, {4}) == (((1, 5), (2, 4)), 3)


def test_a_rematch_is_made_only_when_none_can_be_avoided() -> None:
    t = begin(Format.SWISS, 2, rounds=2)
    t = play_round(play_round(t, higher_seed_wins), higher_seed_wins)
    assert seats_of(t, 1) == seats_of(t, 2) == [(1, 2)]


def test_a_bye_is_a_win_and_goes_to_each_player_once_while_it_can() -> None:
    t = begin(Format.SWISS, 3, rounds=3)
    byes = []
    for _ in range(3):
        t = play_round(t, higher_seed_wins)
        bye = [p for p in t.rounds[-1].pairings if len(p.seats) == 1]
        assert len(bye) == 1 and bye[0].result is not None and bye[0].result.outcome is Outcome.BYE
        byes.append(bye[0].seats[0])
    assert sorted(byes) == [1, 2, 3]
    assert {r.user_id: r.points for r in standings(t).rows}[byes[0]] >= 1
