from bot.engine.gin import Match, public_view
from bot.engine.knock import ActionKind, preset
from render import describe_events
from tests.narrow import narrow

from .helpers import choose


def _match() -> Match:
    return Match.new(preset("standard"), 21)


def test_each_move_in_words_and_a_turn_in_one_sentence(names):
    m = _match()
    seen = {}
    for _ in range(12):
        seat = m.turn
        assert seat is not None
        action = choose(m, "never")
        m.apply(seat, action)
        seen[action.kind] = (describe_events(public_view(m), names), seat, action)
    text, seat, _ = seen[ActionKind.PASS]
    assert text == f"{names[seat]} passed on the upcard"
    text, seat, _ = seen[ActionKind.DRAW_STOCK]
    assert text == f"{names[seat]} drew from the stock"
    # the discard ends the turn its draw began: the events hold both, and so do the words
    text, seat, action = seen[ActionKind.DISCARD]
    assert action.card is not None
    assert text == f"{names[seat]} drew from the stock and discarded the {action.card.pretty}"


def test_taking_the_pile_card_is_combined_with_the_discard(names):
    m = _match()
    while True:
        seat = m.turn
        assert seat is not None
        legal = m.legal_actions(seat)
        pile = [a for a in legal if a.kind in (ActionKind.DRAW_DISCARD, ActionKind.TAKE_UPCARD)]
        if pile:
            top = public_view(m).discard_top
            kind = pile[0].kind
            m.apply(seat, pile[0])
            break
        m.apply(seat, choose(m, "never"))
    first = describe_events(public_view(m), names)
    assert top is not None  # the pile's card was just taken
    assert top.pretty in first and names[seat] in first
    discard = next(a for a in m.legal_actions(seat) if a.kind is ActionKind.DISCARD)
    m.apply(seat, discard)
    assert discard.card is not None
    text = describe_events(public_view(m), names)
    took = "took the" if kind is ActionKind.DRAW_DISCARD else "took the upcard"
    assert text == f"{names[seat]} {took} {top.pretty} and discarded the {discard.card.pretty}"


def test_a_scored_hand_and_the_next_deal(knock_view, names):
    text = describe_events(knock_view, names)
    record = knock_view.last_hand
    assert text.startswith(f"{names[record.knocker]} knocks with {record.result.knocker_deadwood_points} deadwood")
    assert text.endswith(f"{names[knock_view.dealer]} deals hand {knock_view.deal_number}")


def test_match_end_in_words(end_view, names):
    text = describe_events(end_view, names)
    w = end_view.winner
    assert f"{names[w]} won the match, {end_view.totals[w]} to {end_view.totals[1 - w]}" in text


def test_a_drawn_hand_in_words(drawn_view, names):
    text = describe_events(drawn_view, names)
    assert text.startswith(names[drawn_view.last_events[0].seat] + " drew from the stock and discarded the ")
    assert ". The hand is a draw: nobody scores. " in text


def test_a_resignation_in_words(resigned_view, names):
    assert describe_events(resigned_view, names).startswith(f"{names[1]} resigned")


def test_status_line_offers_what_the_legal_moves_allow(can_knock_view, can_gin_view, draw_pair, names):
    from render.gin.words import status_line

    assert status_line(can_knock_view, names) == "Your turn: discard or knock"
    assert status_line(can_gin_view, names).endswith("go gin")
    before, after, _ = draw_pair
    assert status_line(after, names) == "Your turn: discard"
    assert status_line(before, names).startswith("Your turn: draw from the stock")


def test_hollywood_win_with_no_open_game_says_so(names):
    """Seat 0 wins game 1 with three gins; seat 1's first win belongs in game 1 only, now closed."""
    from bot.engine import parse_card
    from bot.engine.knock import gin
    from render.gin.words import hand_line
    from tests.engine.rig import rig

    m = Match.new(preset("hollywood"), 3)

    def win(seat):
        rig(m, seat, "AS 2S 3S 4H 5H 6H 8C 8D 8S 8H KC", "9C 9D 9H JD QD KD 2C 2D 3D 5D")
        m.apply(seat, gin(parse_card("KC")))
        return m.history[-1]

    while not m.games[0].finished:
        win(0)
    late = win(1)
    assert late.winner == 1 and late.games == ()
    assert hand_line(late, names, several_games=True).endswith("(no open game to enter it in)")
    first = m.history[0]
    assert hand_line(first, names, several_games=True).endswith("in game 1")


def test_a_hand_won_on_lower_deadwood_at_the_stocks_end_is_told_as_such(names):
    """stockout=lower: nobody knocked, the lower deadwood scores; the words and pictures say so."""
    from bot.ai import greedy_action
    from bot.engine import game_type
    from render import render_result
    from render.gin.alt import alt_result
    from render.gin.words import hand_line

    gin = game_type("gin")
    for seed in range(200):
        m = narrow(gin.new(gin.make_rules("straight", None, "stockout=lower"), seed, 2), Match)
        while not m.finished and not any(h.outcome == "low" for h in m.hands):
            seat = m.turn
            assert seat is not None
            m.apply(seat, greedy_action(m.seat_view(seat)))
        low = next((h for h in m.hands if h.outcome == "low"), None)
        if low is not None:
            break
    assert low is not None, "no hand ended on lower deadwood in 200 straight-gin matches"
    assert low.winner is not None and low.result is not None  # the lower deadwood won and was scored
    line = hand_line(low, names)
    assert line.startswith(f"{names[low.winner]} had the lower deadwood, {low.result.knocker_deadwood_points},")
    assert f"{names[low.winner]} scores {low.points}" in line and "draw" not in line
    view = m.public_view()  # the loop stopped at the move that ended that hand
    assert view.last_hand == low
    assert "had the lower deadwood" in alt_result(view, names)
    assert render_result(view, names).png
