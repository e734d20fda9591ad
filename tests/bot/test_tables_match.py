"""Whole matches through the TableService: everything written is what the engine says."""

from __future__ import annotations

import json

import pytest

from bot.ai import greedy_action
from bot.engine.gin import Match, PublicView
from bot.engine.knock import BIG_GIN, EventKind, preset
from bot.store import elo_delta
from bot.tables import ActResult, TableService
from tests.narrow import narrow
from tests.store.helpers import first_legal, gin_rules, gin_view, new_pvp, query, turn_of


async def _play_to_end(svc: TableService, match_id: int) -> tuple[Match, list[ActResult]]:
    """Play greedy moves; also replays every acknowledged move on a plain engine Match."""
    info = await svc.get_match(match_id)
    seed = query(svc.store.db.path, "SELECT seed FROM matches WHERE id = ?", match_id)[0][0]
    shadow = Match.new(gin_rules(info.rules), seed)
    results = []
    while info.status == "active":
        seat = turn_of(info)
        view = await svc.seat_view(match_id, info.players[seat])
        action = greedy_action(gin_view(view))
        result = await svc.act(match_id, info.players[seat], action, info.version)
        events = shadow.apply(seat, action)
        assert result.events == tuple(events)
        assert result.match.version == shadow.moves == info.version + 1
        results.append(result)
        info = result.match
    return shadow, results


@pytest.mark.parametrize("variant", ["standard", "oklahoma+hollywood"])
async def test_whole_match_scores_hands_stats_and_ratings(gin_db, variant):
    path = gin_db
    svc = await TableService.open(path)
    info = await new_pvp(svc, channel=50, a=11, b=22, seed=1234, variant=variant)
    assert info.rules == preset(variant) and info.version == 0 and info.status == "active"
    assert info.players == (11, 22) and info.names == ("user11", "user22")
    shadow, results = await _play_to_end(svc, info.id)
    final = results[-1]
    assert final.match_over and final.match.status == "finished"
    assert sum(1 for r in results if r.match_over) == 1
    assert narrow(final.match.public, PublicView).totals == shadow.totals()
    assert final.match.public.winner == shadow.winner

    # hands rows == the engine's history; hand_over reported on exactly those moves
    hands = query(
        path,
        "SELECT number, dealer, outcome, winner, points, record FROM hands WHERE match_id = ? ORDER BY number",
        info.id,
    )
    assert [(h.number, h.dealer, h.outcome, h.winner, h.points) for h in shadow.history] == [h[:5] for h in hands]
    assert [json.loads(h[5]) for h in hands] == [h.to_dict() for h in shadow.history]
    assert [json.loads(h[5])["knocker"] for h in hands] == [h.knocker for h in shadow.history]  # Gin's own word
    assert [r.hand_over for r in results if r.hand_over] == shadow.history
    assert all(r.views[s].seat == s for r in results for s in (0, 1))

    # the match row, moves and snapshot
    row = query(path, "SELECT status, version, winner, ended_at, turn_deadline FROM matches WHERE id = ?", info.id)[0]
    assert row[:3] == ("finished", shadow.moves, shadow.winner)
    assert row[3] is not None and row[4] is None
    assert query(
        path,
        "SELECT seat, user_id, name, ai_level, team, total FROM match_seats WHERE match_id = ? ORDER BY seat",
        info.id,
    ) == [(0, 11, "user11", None, None, shadow.totals()[0]), (1, 22, "user22", None, None, shadow.totals()[1])]
    assert final.match.totals == shadow.totals()
    assert query(path, "SELECT COUNT(*), MIN(seq), MAX(seq) FROM moves WHERE match_id = ?", info.id) == [
        (shadow.moves, 1, shadow.moves)
    ]
    snap = query(path, "SELECT version, state FROM snapshots WHERE match_id = ?", info.id)[0]
    assert snap[0] == shadow.moves and json.loads(snap[1]) == json.loads(json.dumps(shadow.to_dict()))

    # stats and ratings as the summary says
    s = shadow.summary()
    assert s is not None
    w, lose = info.players[s.winner], info.players[s.loser]
    assert final.rating_changes == {w: 16, lose: -16}
    ws, ls = await svc.player_stats(1, w), await svc.player_stats(1, lose)
    assert ws is not None and ls is not None
    assert (ws.rating, ws.matches_won, ws.matches_lost, ws.streak) == (1516, 1, 0, 1)
    assert (ls.rating, ls.matches_won, ls.matches_lost, ls.streak) == (1484, 0, 1, -1)
    assert ws.hands_won == s.hands_won[s.winner] and ls.hands_won == s.hands_won[s.loser]
    assert ws.counts == s.counts_of(s.winner) and ls.counts == s.counts_of(s.loser)  # gins, undercuts (zeros too)
    assert [k for k, _ in ws.counts] == ["gins", "undercuts"]
    assert (ws.points_for, ws.points_against, ws.best_margin) == (s.totals[s.winner], s.totals[s.loser], s.margin)
    assert (ls.points_for, ls.points_against, ls.best_margin) == (s.totals[s.loser], s.totals[s.winner], 0)
    assert [p.user_id for p in await svc.leaderboard(1)] == [w, lose]
    assert ws.name == f"user{w}"

    # the channel is free again; the finished match still reads back as it ended
    assert await svc.match_for_channel(50) is None
    assert await svc.active_matches() == []
    ended = await svc.get_match(info.id)
    assert ended.status == "finished" and narrow(ended.public, PublicView).totals == shadow.totals()
    assert ended.public.finished
    await svc.close()


async def test_rematch_ratings_use_current_ratings(gin_db):
    svc = await TableService.open(gin_db)
    first = await new_pvp(svc, channel=1, a=1, b=2, seed=5)
    r1 = await svc.resign(first.id, 1)  # user 2 wins
    assert r1.match.status == "resigned" and r1.rating_changes == {2: 16, 1: -16}
    second = await new_pvp(svc, channel=1, a=1, b=2, seed=6)
    r2 = await svc.resign(second.id, 2)  # user 1 wins the rematch as the underdog
    d = elo_delta(1484, 1516)
    assert d == 17 and r2.rating_changes == {1: d, 2: -d}
    stats = await svc.player_stats(1, 1)
    assert stats is not None and stats.rating == 1484 + d
    await svc.close()


async def test_resign_counts_as_the_resigners_loss(gin_db):
    path = gin_db
    svc = await TableService.open(path)
    info = await new_pvp(svc, channel=1, a=1, b=2)
    result = await svc.resign(info.id, 2)
    assert result.match_over and result.match.status == "resigned" and result.match.public.winner == 0
    assert result.events[0].kind is EventKind.RESIGNED and result.hand_over is None and result.match_over
    assert query(path, "SELECT seat, action FROM moves WHERE match_id = ?", info.id) == [(1, "resign")]
    stats = await svc.player_stats(1, 2)
    assert stats is not None and stats.matches_lost == 1
    await svc.close()


async def test_match_against_the_ai_with_a_chooser_double(gin_db, tmp_path):
    path = gin_db
    calls = []

    def chooser(view, level, rng):
        calls.append((view.seat, level, rng.random()))
        return greedy_action(view)

    svc = await TableService.open(path, chooser=chooser)
    info = await svc.play_bot(1, 9, 5, "human", 999, "GinBot", level="hard", seed=77)
    assert info.ai_seat == 1 and info.ai_level == "hard" and info.players == (5, 999)
    while info.status == "active":
        if info.public.turn == 1:
            assert await svc.ai_pending() == [info]
            result = await svc.ai_step(info.id)
            assert result is not None
        else:
            assert await svc.ai_step(info.id) is None  # not the AI's turn: nothing happens
            view = await svc.seat_view(info.id, 5)
            result = await svc.act(info.id, 5, greedy_action(gin_view(view)), info.version)
        info = result.match
    assert all(c[:2] == (1, "hard") for c in calls)
    assert result is not None and result.rating_changes is None
    human = await svc.player_stats(1, 5)
    assert human is not None
    won = info.public.winner == 0
    assert (human.vs_bot_won, human.vs_bot_lost) == (int(won), int(not won))
    assert (human.rating, human.matches_won, human.matches_lost, human.hands_won) == (1500, 0, 0, 0)
    assert await svc.player_stats(1, 999) is None
    assert [p.user_id for p in await svc.leaderboard(1, by="vs_bot")] == [5]
    assert await svc.leaderboard(1, by="rating") == []

    # the AI's rng is seeded from the match seed and version: the same game gives the same draws
    calls2 = []

    def chooser2(view, level, rng):
        calls2.append((view.seat, level, rng.random()))
        return greedy_action(view)

    svc2 = await TableService.open(tmp_path / "again.sqlite3", chooser=chooser2)
    info = await svc2.play_bot(1, 9, 5, "human", 999, "GinBot", level="hard", seed=77)
    while info.status == "active":
        result = (
            await svc2.ai_step(info.id)
            if info.public.turn == 1
            else await svc2.act(info.id, 5, greedy_action(gin_view(await svc2.seat_view(info.id, 5))), info.version)
        )
        assert result is not None  # the AI had the turn
        info = result.match
    assert calls2 == calls
    await svc.close()
    await svc2.close()


async def test_ai_step_with_the_real_default_chooser(gin_db):
    """No chooser injected: bot.ai.choose_action plays (a few moves)."""
    svc = await TableService.open(gin_db)
    info = await svc.play_bot(1, 9, 5, "human", 999, "GinBot", level="easy", seed=3)
    moved = 0
    for _ in range(12):
        if info.status != "active":
            break
        if info.public.turn == 1:
            result = await svc.ai_step(info.id)
            moved += 1
        else:
            result = await svc.act(info.id, 5, greedy_action(gin_view(await svc.seat_view(info.id, 5))), info.version)
        assert result is not None  # the AI had the turn
        info = result.match
    assert moved >= 3
    await svc.close()


async def test_an_illegal_ai_choice_falls_back_to_a_legal_move(gin_db, caplog):
    def bad(view, level, rng):
        return BIG_GIN  # never legal on the first turns

    svc = await TableService.open(gin_db, chooser=bad)
    info = await svc.play_bot(1, 9, 5, "human", 999, "GinBot", seed=3)
    if info.public.turn == 0:
        info = (await svc.act(info.id, 5, "pass", 0)).match
    result = await svc.ai_step(info.id)
    assert result is not None and result.match.version == info.version + 1
    assert "not legal" in caplog.text
    await svc.close()


async def test_first_legal_double_is_a_valid_chooser(gin_db):
    svc = await TableService.open(gin_db, chooser=first_legal)
    info = await svc.play_bot(1, 9, 5, "human", 999, "GinBot", seed=3)
    if info.public.turn == 0:
        info = (await svc.act(info.id, 5, "pass", 0)).match
    stepped = await svc.ai_step(info.id)
    assert stepped is not None and stepped.match.version == info.version + 1
    await svc.close()
