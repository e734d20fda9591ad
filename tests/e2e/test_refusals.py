"""Every refusal is a short ephemeral answer, changes nothing and logs no ERROR.

Challenges: yourself, a bot, a channel with a table, a player already seated, the wrong user
accepting. Moves: a third user, out of turn, a double click, a stale control from an earlier
version and from an earlier hand.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from fakediscord import FakeDiscord
from tests.e2e.game_driver import (
    board_of,
    fixed_seeds,
    gin_bot,
    posted_challenge,
    public_hand_leaks,
    refusal_text,
    service_of,
    start_match,
)


def no_errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_challenge_refusals(fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    fd = fake_discord
    caplog.set_level(logging.INFO)
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(3)) as bot:
        text = await refusal_text(
            await fd.slash(fd.alice, "gin", subcommand="challenge", options={"opponent": fd.alice})
        )
        assert "yourself" in text.lower()
        text = await refusal_text(
            await fd.slash(fd.alice, "gin", subcommand="challenge", options={"opponent": fd.other_bot})
        )
        assert "bot" in text.lower() and "/gin play" in text
        text = await refusal_text(await fd.user_command(fd.alice, "Challenge to Gin", target=fd.other_bot))
        assert "bot" in text.lower()
        assert fd.channel_messages() == []  # nothing public so far

        # an open challenge makes the channel busy
        ix = await fd.user_command(fd.alice, "Challenge to Gin", target=fd.bob)
        challenge = await posted_challenge(fd, ix)
        assert challenge is not None and challenge.public and challenge.mention_ids == [fd.bob.id]
        busy = await refusal_text(
            await fd.slash(fd.carol, "gin", subcommand="challenge", options={"opponent": fd.dana})
        )
        assert busy
        # only Bob may accept; Alice cannot accept her own
        wrong = await refusal_text(
            await fd.click(fd.carol, challenge, challenge.component(label="Accept")["custom_id"])
        )
        assert str(fd.bob.id) in wrong or "bob" in wrong.lower()
        own = await refusal_text(await fd.click(fd.alice, challenge, challenge.component(label="Accept")["custom_id"]))
        assert own
        assert challenge.find_component(label="Accept") is not None  # still open
        await (await fd.click(fd.bob, challenge, challenge.component(label="Accept")["custom_id"])).response()
        await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None)
        assert challenge.find_component(label="Accept") is None
        # the channel has a table: a new challenge (also against a seated player) is refused
        text = await refusal_text(
            await fd.slash(fd.carol, "gin", subcommand="challenge", options={"opponent": fd.alice})
        )
        assert text
        text = await refusal_text(await fd.slash(fd.carol, "gin", subcommand="play"))
        assert text
        # the other channel is free: Carol may play there
        ok = await fd.slash(fd.carol, "gin", subcommand="challenge", options={"opponent": fd.dana}, channel=fd.channel2)
        # a decline by the wrong person is refused, by the challenged one accepted
        msg = await posted_challenge(fd, ok)
        text = await refusal_text(await fd.click(fd.bob, msg, msg.component(label="Decline")["custom_id"]))
        assert text
        declined = await fd.click(fd.dana, msg, msg.component(label="Decline")["custom_id"])
        await declined.response()
        await fd.wait_until(lambda: "declined" in msg.content or None, timeout=5)
        assert "declined" in msg.content and msg.find_component(label="Accept") is None
        # a channel where the bot may not post images gets no table (its board could never be shown)
        fd.bot_permissions[fd.channel2.id] = str((1 << 10) | (1 << 11) | (1 << 31))  # view, send; no attach files
        for sub, options in (("play", {}), ("challenge", {"opponent": fd.dana})):
            text = await refusal_text(
                await fd.slash(fd.carol, "gin", subcommand=sub, options=options, channel=fd.channel2)
            )
            assert "Attach Files" in text and "Send Messages" not in text
        assert await service_of(bot).match_for_channel(fd.channel2.id) is None
    assert no_errors(caplog) == []


async def test_move_refusals(fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    fd = fake_discord
    caplog.set_level(logging.INFO)
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(11), sync=False):
        alice, bob = await start_match(fd)
        mover, waiter = (alice, bob) if alice.controls() else (bob, alice)
        assert mover.controls() and not waiter.controls()
        assert mover.hand is not None
        board = board_of(fd)

        # a third user: board buttons and a forged move
        text = await refusal_text(await fd.click(fd.carol, board, board.component(label="My hand")["custom_id"]))
        assert "not playing" in text.lower()
        cid, values = mover.choice()
        forged = await (
            fd.select(fd.carol, mover.hand, cid, values, force=True)
            if values
            else fd.click(fd.carol, mover.hand, cid, force=True)
        )
        assert "not playing" in (await refusal_text(forged)).lower()
        text = await refusal_text(await fd.click(fd.carol, board, board.component(label="Resign")["custom_id"]))
        assert "not playing" in text.lower()

        # out of turn: the waiting player presses the mover's control (same version)
        out = await (
            fd.select(waiter.user, mover.hand, cid, values, force=True)
            if values
            else fd.click(waiter.user, mover.hand, cid, force=True)
        )
        assert "not your turn" in (await refusal_text(out)).lower()

        # double click: the same control twice at once; exactly one goes through
        edits = len(mover.hand.history)
        old_controls = list(mover.hand.components)
        first, second = await asyncio.gather(
            fd.click(mover.user, mover.hand, cid, force=True)
            if not values
            else fd.select(mover.user, mover.hand, cid, values, force=True),
            fd.click(mover.user, mover.hand, cid, force=True)
            if not values
            else fd.select(mover.user, mover.hand, cid, values, force=True),
        )
        await first.response()
        await second.response()
        await fd.wait_for_edit(mover.hand, edits, timeout=5)
        await fd.wait_until(lambda: (first.followups or second.followups) or None, timeout=5)
        assert len(first.followups) + len(second.followups) == 1
        refused = (first.followups or second.followups)[0]
        assert refused.ephemeral and "out of date" in refused.content.lower()

        # a stale control from an earlier version of the hand message
        stale_cid = next(
            c["custom_id"]
            for row in old_controls
            for c in row.get("components", [])
            if c.get("custom_id", "").count(":") == 3
        )
        edits = len(mover.hand.history)
        stale = (
            await fd.click(mover.user, mover.hand, stale_cid, force=True)
            if ":discard:" not in stale_cid and ":knock:" not in stale_cid
            else await fd.select(mover.user, mover.hand, stale_cid, values or [], force=True)
        )
        assert "out of date" in (await refusal_text(stale)).lower()
        assert len(mover.hand.history) == edits  # nothing changed

        # play on until the first hand ends, keeping the control that ended it (no Refresh: the
        # player to move is the one whose hand the bot redrew with moves)
        first_hand_control: tuple[str, list[str] | None] | None = None
        holder = mover
        while first_hand_control is None:
            p = await fd.wait_until(lambda: next((q for q in (alice, bob) if q.controls()), None), timeout=5)
            choice = p.choice()
            await p.act()
            if p.hand_over:
                first_hand_control, holder = choice, p
        assert first_hand_control is not None and holder.hand is not None
        await fd.wait_until(
            lambda: len([m for m in fd.channel_messages() if m.find_component(label="My hand")]) == 1 or None
        )
        cid2, values2 = first_hand_control
        late = await (
            fd.select(holder.user, holder.hand, cid2, values2, force=True)
            if values2
            else fd.click(holder.user, holder.hand, cid2, force=True)
        )
        assert "out of date" in (await refusal_text(late)).lower()
    assert no_errors(caplog) == []
    assert public_hand_leaks(fd) == []


async def test_resign_and_rematch(fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    fd = fake_discord
    caplog.set_level(logging.INFO)
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(4, 5), sync=False) as bot:
        _alice, _bob = await start_match(fd)
        board = board_of(fd)
        # /gin resign asks first, like the board's button: nothing has changed yet
        ask = await fd.slash(fd.bob, "gin", subcommand="resign")
        question = await ask.final()
        assert question.ephemeral
        assert question.find_component(label="Yes, resign the match") is not None
        # ... and Cancel takes the question back
        cancel = await fd.click(fd.bob, question, question.component(label="Cancel")["custom_id"])
        assert (await cancel.response()).type == 7
        taken_back = ask.original
        assert (
            taken_back is not None
            and "did not resign" in taken_back.content
            and taken_back.find_component(label="Yes, resign the match") is None
        )
        service = service_of(bot)
        match = await service.match_for_channel(fd.channel.id)
        assert match is not None and match.status == "active"
        ix = await fd.click(fd.bob, board, board.component(label="Resign")["custom_id"])
        confirm = await ix.final()
        assert confirm.ephemeral
        sure = await fd.click(fd.bob, confirm, confirm.component(label="Yes, resign the match")["custom_id"])
        await sure.response()
        end = await fd.wait_for_message(lambda m: m.public and m.find_component(label="Rematch") is not None, timeout=5)
        assert "Bob resigned; **Alice** wins the match (totals 0–0)" in end.content
        # the board keeps the hand's last state, without buttons: nothing in the channel shows a turn
        assert "match over" in board.content and board.find_component(label="My hand") is None
        assert board.attachments and board.attachments[0].filename.startswith("table-")
        a = await service.player_stats(fd.guild_id, fd.alice.id)
        assert a is not None and a.matches_won == 1
        # a stranger cannot ask for the rematch; Bob can: a new challenge to Alice
        text = await refusal_text(await fd.click(fd.carol, end, end.component(label="Rematch")["custom_id"]))
        assert text
        again = await fd.click(fd.bob, end, end.component(label="Rematch")["custom_id"])
        rematch = await posted_challenge(fd, again)
        assert fd.alice.mention in rematch.content
        # /gin resign in a channel without a match is refused
        text = await refusal_text(await fd.slash(fd.carol, "gin", subcommand="resign", channel=fd.channel2))
        assert "no gin match" in text.lower()
        # settings: an admin changes them (a plain member is not even offered /gin-admin: test_status.py)
        ok = await fd.slash(
            fd.dana, "gin-admin", subcommand="settings", options={"target": 50, "turn_timeout": 10, "ping_grace": 90}
        )
        answer = await ok.response()
        text = (await ok.final()).content
        assert answer.ephemeral and "Target: 50" in text and "10 minutes" in text and "90 seconds" in text
        assert await service.ping_grace(fd.guild_id) == 90
        gs = await service.guild_settings(fd.guild_id)
        assert gs.target == 50 and gs.turn_timeout_s == 600
        rules = await fd.slash(fd.carol, "gin", subcommand="rules", options={"variant": "oklahoma"})
        assert "oklahoma" in ((await rules.final()).content or "").lower()
        # an unknown variant: its reason, not an apology
        nope = await refusal_text(await fd.slash(fd.carol, "gin", subcommand="rules", options={"variant": "nope"}))
        assert "nope" in nope.lower() and "went wrong" not in nope.lower()
    assert no_errors(caplog) == []
