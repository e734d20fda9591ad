"""A whole match through the stand-in: /gin challenge -> accept -> both players click their
ephemeral hands through a knock, an undercut and a gin -> final score, leaderboard, stats.

Also: privacy (no public payload carries a hand) and the 3-second answer rule, measured by the
stand-in, checked over every interaction of the match.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

from fakediscord import FakeDiscord
from tests.e2e.game_driver import (
    FULL_MATCH_TARGET,
    Player,
    find_full_match_seed,
    fixed_seeds,
    gin_bot,
    play_out,
    posted_challenge,
    public_hand_leaks,
    slash,
)


async def test_whole_match_knock_undercut_gin_then_leaderboard(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    fd = fake_discord
    seed, outcomes = find_full_match_seed()
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(seed)) as bot:
        synced = {c["name"] for c in fd.store.commands.get(fd.guild_id, [])}
        assert {"gin", "Challenge to Gin"} <= synced  # --sync path: to the dev guild

        ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob, target=FULL_MATCH_TARGET)
        challenge = await posted_challenge(fd, ix)
        assert fd.bob.mention in challenge.content and challenge.mention_ids == [fd.bob.id]
        accept = await fd.click(fd.bob, challenge, challenge.component(label="Accept")["custom_id"])
        await accept.response()
        board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None)
        assert board.attachments and board.attachments[0].filename.startswith("table-")
        turn_user = board.mention_ids
        assert len(turn_user) == 1 and turn_user[0] in (fd.alice.id, fd.bob.id)

        alice, bob = Player(fd, fd.alice, 0), Player(fd, fd.bob, 1)
        await alice.open_hand(board)
        await bob.open_hand(board)
        assert alice.hand is not None and alice.hand.attachments[0].filename.startswith("hand-")
        moves = await play_out([alice, bob])
        assert moves > 20

        end = await fd.wait_for_message(lambda m: m.public and m.find_component(label="Rematch") is not None, timeout=5)
        assert "match over" in end.content and end.attachments[0].filename.startswith("match-end-")
        results = [
            m for m in fd.channel_messages() if m.attachments and m.attachments[0].filename.startswith("result-")
        ]
        texts = " ".join(m.content for m in results)
        assert len(results) == len(outcomes)
        assert "knocks" in texts and "gin" in texts and "undercut" in texts.lower()
        # one board per hand; old boards lose their buttons
        boards = [
            m
            for m in fd.channel_messages()
            if any(a.filename.startswith("table-") for a in m.attachments)
            or any("table-" in a.filename for s in m.history for a in s.attachments)
        ]
        assert len(boards) == len(outcomes)
        assert all(m.find_component(label="My hand") is None for m in boards), [
            (m.content, m.custom_ids(), len(m.history)) for m in boards
        ]
        assert "rating" in end.content
        # both hands are live and every move comes within the grace period: the first board's
        # mention is the only notification, and no turn ping was ever posted
        assert [m.id for m in fd.notifications() if m.id >= board.id] == [board.id], [
            m.content for m in fd.notifications()
        ]
        assert not [m for m in fd.channel_messages(include_deleted=True) if "your turn" in (m.content or "")]

        lb = await slash(fd, fd.carol, "leaderboard")
        text = (await lb.final()).content
        assert "Alice" in text and "Bob" in text and "rating" in text
        stats = await slash(fd, fd.carol, "stats", user=fd.alice)
        stext = (await stats.final()).content
        assert "Matches: " in stext and ("1 won" in stext or "1 lost" in stext)
        bob_stats = await slash(fd, fd.bob, "stats")
        assert "Matches: " in (await bob_stats.final()).content
        service = bot.service
        assert service is not None
        a = await service.player_stats(fd.guild_id, fd.alice.id)
        b = await service.player_stats(fd.guild_id, fd.bob.id)
        assert a is not None and b is not None
        assert a.matches_won + b.matches_won == 1 and a.rating + b.rating == 3000 and a.rating != 1500
        # the match's gin and undercut are counted, and /gin stats shows Alice's counters in Gin's words
        assert a.count("gins") + b.count("gins") >= 1 and a.count("undercuts") + b.count("undercuts") >= 1
        assert f"gins {a.count('gins')} · undercuts {a.count('undercuts')}" in stext

    # privacy and answer times, over the whole match
    assert public_hand_leaks(fd) == []
    hand_payloads = [p for p in fd.all_payloads() for f in p.files if f.filename.startswith("hand-")]
    assert hand_payloads and all(p.ephemeral for p in hand_payloads)
    latencies = fd.latencies()
    assert len(latencies) > moves and max(latencies) < 3.0
    assert not fd.unknown_routes
    # no card (hidden or not: the log cannot know) in any INFO-or-above line of ours or the service's
    card = re.compile(r"\b[A2-9TJQK][SHDC]\b|[♠♥♦♣]")
    ours = [r for r in caplog.records if r.levelno >= logging.INFO and r.name.startswith(("bot", "cogs"))]
    assert ours and not [r.getMessage() for r in ours if card.search(r.getMessage())]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [
        r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR
    ]


async def test_board_mentions_only_the_player_to_act(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(7), sync=False):
        ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob)
        msg = await posted_challenge(fd, ix)
        await (await fd.click(fd.bob, msg, msg.component(label="Accept")["custom_id"])).response()
        board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None)
        payload = next(p for p in fd.all_payloads() if p.kind == "channel_send" and p.message_id == board.id)
        allowed = payload.json.get("allowed_mentions") or {}
        assert (allowed.get("parse") == [] and allowed.get("users") == [str(board.mention_ids[0])]) or allowed.get(
            "users"
        ) == [board.mention_ids[0]]
        rules = await fd.click(fd.carol, board, board.component(label="Rules")["custom_id"])
        answer = await rules.response()
        answer_text = (await rules.final()).content
        assert answer.ephemeral and "Knock" in (answer_text or "")
