"""The lobby's pure parts: its custom ids, its view, and the texts of tables of three or more."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.engine import game_type
from cogs.gin import lobby_messages, messages, server_messages
from cogs.gin.components import LobbyButton, LobbySelect, ids, lobby_view


@pytest.mark.parametrize("what", ids.LOBBY_ACTIONS)
def test_lobby_ids_round_trip_and_are_ours(what: str) -> None:
    cid = ids.lobby_id(42, what)
    assert ids.parse_lobby(cid) == ids.LobbyId(42, what)
    assert ids.is_ours(cid) and ids.is_challenge(cid)  # a click on a closed lobby: 'no longer open'
    menu = what in ids.LOBBY_MENUS
    assert bool(ids.LOBBY_MENU_RE.fullmatch(cid)) is menu and bool(ids.LOBBY_BUTTON_RE.fullmatch(cid)) is not menu
    assert ids.parse_button(cid) is None and ids.parse_challenge(cid) is None


def test_bad_lobby_ids_are_refused() -> None:
    with pytest.raises(ValueError):
        ids.lobby_id(1, "explode")
    with pytest.raises(ValueError):
        ids.lobby_id(0, "join")
    assert ids.parse_lobby("ginl:0:join") is None and ids.parse_lobby("ginl:5:accept") is None


async def test_the_lobby_view_enables_start_only_when_asked_and_offers_the_menus() -> None:
    waiting = lobby_view(7, can_start=False, levels=("easy", "hard"), partners=[("Partner: Bob", "1")])
    start = next(i for i in waiting.children if isinstance(i, LobbyButton) and i.item.label == lobby_messages.START)
    assert start.item.disabled
    menus = [i for i in waiting.children if isinstance(i, LobbySelect)]
    assert [m.item.custom_id for m in menus] == ["ginl:7:ai", "ginl:7:teams"]
    assert [o.value for o in menus[0].item.options] == ["easy", "hard"]
    assert len(waiting.children) == 5
    ready = lobby_view(7, can_start=True)
    assert not next(
        i for i in ready.children if isinstance(i, LobbyButton) and i.item.label == lobby_messages.START
    ).item.disabled
    assert not any(isinstance(i, LobbySelect) for i in ready.children)


def test_lobby_text_shows_every_seat_invitations_and_teams() -> None:
    rules = game_type("gin").make_rules("standard", 100)
    text = lobby_messages.lobby_text(
        "Alice", "Gin Rummy", rules, 4, [("Alice", False), ("GinBot", True)], [5], (0, 1, 0, 1), "soon"
    )
    lines = text.splitlines()
    assert lines[0].startswith("**Alice** opens a table of **Gin Rummy** for 4 (standard, to 100)")
    assert lines[1] == "1. **Alice** (host) · team A" and lines[2] == "2. **GinBot** (the bot's AI) · team B"
    assert lines[3] == "3. — open seat —" and lines[4] == "4. — open seat —"
    assert "Invited: <@5>" in text and "Partners sit opposite" in text
    plain = lobby_messages.lobby_text("Alice", "Knockout Gin", rules, 3, [("Alice", False)], [], None, "soon")
    assert "team" not in plain and "Invited" not in plain and plain.count("open seat") == 2


def test_the_match_end_of_a_bigger_table_names_the_winner_and_every_score() -> None:
    summary = SimpleNamespace(winner=2, loser=0, totals=(10, 20, 130), hands_played=4, resigned_by=None)
    names = ("Alice", "Bob", "Carol")
    text = messages.match_end("Gin Rummy", names, summary, False, None, False, score="Alice 10 · Bob 20 · Carol 130")
    assert "**Carol** wins the match after 4 hands · Alice 10 · Bob 20 · Carol 130" in text
    team = SimpleNamespace(winner=1, loser=0, totals=(5, 90, 5, 90), hands_played=3, resigned_by=0)
    four = ("Alice", "Bob", "Carol", "Dana")
    text = messages.match_end("Gin Rummy", four, team, True, None, False, teams=(0, 1, 0, 1))
    assert "Alice was idle too long; **Bob & Dana** win the match" in text
    two = SimpleNamespace(winner=0, loser=1, totals=(120, 40), hands_played=5, resigned_by=None)
    assert "**Alice** wins the match, 120 to 40 after 5 hands" in messages.match_end(
        "Gin Rummy", ("Alice", "Bob"), two, False, None, False, score="ignored for two"
    )


def test_stats_texts_name_the_family_only_when_it_is_not_two_player_gin() -> None:
    assert server_messages.no_stats("Bob") == "Bob has not finished a match here yet."
    assert (
        server_messages.no_stats("Bob", "Gin Rummy, 3 players")
        == "Bob has not finished a match of Gin Rummy, 3 players here yet."
    )
    assert server_messages.no_finished() == server_messages.NO_FINISHED_MATCHES
    assert "Knockout Gin, 4 players" in server_messages.no_finished(server_messages.family_title("Knockout Gin", 4))
