"""The toy game plays through the real table service and SQLite store with no edit outside its files."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.engine import game_names
from bot.tables import MatchStatus, Refusal, TableService
from tests.narrow import narrow
from tests.store.helpers import turn_of
from tests.toy.highcard import View

GUILD, CHANNEL, ALICE, BOB, BOT = 1, 10, 100, 200, 999


def clock() -> datetime:
    return datetime(2026, 1, 1, tzinfo=UTC)


async def test_a_whole_match_is_played_stored_and_recovered(tmp_path: Path) -> None:
    assert "highcard" in game_names()
    db = tmp_path / "toy.sqlite3"
    svc = await TableService.open(db, clock=clock, seed_source=lambda: 7)
    try:
        challenge = await svc.challenge(GUILD, CHANNEL, ALICE, "Alice", BOB, "Bob", game="highcard", target=10)
        assert challenge.game == "highcard" and challenge.rules.target == 10
        match = await svc.accept(challenge.id, BOB, "Bob")
        assert match.game == "highcard" and match.public.turn is not None
        half = None
        while True:
            info = await svc.get_match(match.id)
            if info.status is not MatchStatus.ACTIVE:
                break
            turn = turn_of(info)
            mover = info.players[turn]
            view = await svc.seat_view(match.id, mover)
            with pytest.raises(Refusal, match="not your turn"):
                await svc.act(match.id, info.players[1 - turn], view.legal[0], info.version)
            result = await svc.act(match.id, mover, view.legal[-1], info.version)
            if half is None and result.match.version >= 4:
                half = result.match.version
                await svc.close()  # a restart in the middle: the match comes back from the store
                svc = await TableService.open(db, clock=clock)
                assert svc.recovery_mismatches == [] and len(await svc.active_matches()) == 1
        assert half is not None
        final = await svc.get_match(match.id)
        assert final.status is MatchStatus.FINISHED and final.winner is not None
        assert final.totals is not None and final.totals[final.winner] == 10
        stats = await svc.player_stats(GUILD, final.players[final.winner], family="highcard:2")
        assert stats is not None and stats.matches_won == 1 and stats.rating > 1500
        assert await svc.player_stats(GUILD, final.players[final.winner]) is None  # a Gin family ('gin:2') is apart
    finally:
        await svc.close()
    conn = sqlite3.connect(db)
    try:
        games = conn.execute("SELECT game, status FROM matches").fetchall()
        hands = conn.execute("SELECT COUNT(*) FROM hands WHERE match_id = ?", (match.id,)).fetchone()[0]
        moves = conn.execute("SELECT COUNT(*) FROM moves WHERE match_id = ?", (match.id,)).fetchone()[0]
    finally:
        conn.close()
    assert games == [("highcard", "finished")] and hands >= 10 and moves == final.version


async def test_the_registered_ai_plays_its_seat(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "toy.sqlite3", clock=clock, seed_source=lambda: 3)
    try:
        match = await svc.play_bot(GUILD, CHANNEL, ALICE, "Alice", BOT, "Bot", "easy", game="highcard")
        while (info := await svc.get_match(match.id)).status is MatchStatus.ACTIVE:
            if info.public.turn == info.ai_seat:
                best = max(narrow(await svc.seat_view(match.id, BOT), View).cards)
                played = await svc.ai_step(match.id)
                assert played is not None and played.seat == info.ai_seat
                assert str(played.events[0]) == f"{info.ai_seat} played {best}"  # the registered AI: highest card
            else:
                view = await svc.seat_view(match.id, ALICE)
                await svc.act(match.id, ALICE, view.legal[0], info.version)
        assert info.status is MatchStatus.FINISHED
        stats = await svc.player_stats(GUILD, ALICE, family="highcard:2")
        assert stats is not None and stats.vs_bot_won + stats.vs_bot_lost == 1
    finally:
        await svc.close()


async def test_unknown_games_and_variants_are_refused_with_the_reason(tmp_path: Path) -> None:
    svc = await TableService.open(tmp_path / "toy.sqlite3", clock=clock)
    try:
        with pytest.raises(Refusal, match="Unknown game 'nope'"):
            await svc.challenge(GUILD, CHANNEL, ALICE, "Alice", BOB, "Bob", game="nope")
        with pytest.raises(Refusal, match="Unknown variant 'fast'"):
            await svc.challenge(GUILD, CHANNEL, ALICE, "Alice", BOB, "Bob", game="highcard", variant="fast")
        assert await svc.store.open_challenge_in_channel(CHANNEL) is None
    finally:
        await svc.close()


async def test_a_two_seat_game_at_a_lobby_table(tmp_path: Path) -> None:
    """Any registered game gets tables: its seat counts decide, before anything is stored."""
    svc = await TableService.open(tmp_path / "toy.sqlite3", clock=clock, seed_source=lambda: 3)
    try:
        with pytest.raises(Refusal, match=r"^High Card is played by 2 players, not 3\.$"):
            await svc.open_table(GUILD, CHANNEL, ALICE, "Alice", game="highcard", seats=3)
        with pytest.raises(Refusal, match="Unknown variant"):  # the toy game takes no options
            await svc.open_table(GUILD, CHANNEL, ALICE, "Alice", game="highcard", seats=2, options="fast=yes")
        assert await svc.store.open_challenge_in_channel(CHANNEL) is None
        table = await svc.open_table(GUILD, CHANNEL, ALICE, "Alice", game="highcard", seats=2, target=10)
        table = await svc.fill_with_ai(table.id, ALICE, "easy", bot_id=BOT, bot_name="Bot")
        match = await svc.start(table.id, ALICE)
        assert (match.game, match.players, match.ai_seat, match.rules.target) == ("highcard", (ALICE, BOT), 1, 10)
        assert match.family == "highcard:2"
    finally:
        await svc.close()
