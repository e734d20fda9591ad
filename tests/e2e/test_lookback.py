"""/gin last, /gin replay and /gin history through the stand-in: a finished hand for anyone who asks,
a replay that shows a player his own cards while the match is on and every hand once it is over,
and nobody else's hidden card to anyone, by any path."""

from __future__ import annotations

from pathlib import Path

from bot.replay_file import read
from fakediscord import FakeDiscord
from fakediscord.messages import StoredMessage
from tests.e2e.game_driver import Player, fixed_seeds, gin_bot, slash, start_match


def _files(message: StoredMessage) -> list[str]:
    return sorted(a.filename for a in message.attachments)


async def _finish_one_hand(alice: Player, bob: Player) -> None:
    players = [alice, bob]
    for _ in range(400):
        if any(p.hand_over for p in players):
            return
        mover = await alice.fd.wait_until(lambda: next((p for p in players if p.controls()), None), timeout=5)
        while mover.controls() and not mover.hand_over:
            await mover.act()
    raise AssertionError("no hand ended")


async def test_last_replay_and_history_show_only_what_each_may_see(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(7)):
        ix = await slash(fd, fd.carol, "last")
        assert "No hand has finished" in (await ix.final(5)).content
        alice, bob = await start_match(fd)
        await _finish_one_hand(alice, bob)

        last = await (await slash(fd, fd.carol, "last")).final(5)
        assert last.ephemeral and "hand 1" in last.content and _files(last) == ["last-hand.png"]

        outsider = await (await slash(fd, fd.carol, "replay")).final(5)
        assert outsider.ephemeral and _files(outsider) == ["replay-table.png"]
        assert "hand 1" in outsider.content
        last_move = int(outsider.content.split("\n")[0].rsplit(" of ", 1)[1])
        back = outsider.component(label="◀")["custom_id"]
        at_end = outsider.content
        await (await fd.click(fd.carol, outsider, back)).response()
        stepped = await fd.wait_for_message(lambda m: m.id == outsider.id and m.content != at_end, timeout=5)
        assert stepped.content.split("\n")[0].endswith(f"move {last_move - 1} of {last_move}")
        assert _files(stepped) == ["replay-table.png"]

        early = await (await slash(fd, fd.alice, "replay", file=True)).final(5)
        assert "ready once the match is over" in early.content and not early.attachments
        own = await (await slash(fd, fd.alice, "replay")).final(5)
        assert _files(own) == ["replay-hand-1.png", "replay-table.png"]  # his own cards, not Bob's
        assert "the others' once the match is over" in own.content

        question = await (await slash(fd, fd.bob, "resign")).final()
        sure = await fd.click(fd.bob, question, question.component(label="Yes, resign the match")["custom_id"])
        await sure.settled(5.0)
        player_view = await (await slash(fd, fd.bob, "replay")).final(5)
        assert _files(player_view) == ["replay-hand-1.png", "replay-hand-2.png", "replay-table.png"]
        with_file = await (await slash(fd, fd.bob, "replay", file=True)).final(5)
        saved = next(a for a in with_file.attachments if a.filename == "gin-match-1.json")
        replay = read(saved.data.decode("utf-8"))
        assert replay.names == ("Alice", "Bob") and replay.states()[-1].finished
        still_outside = await (await slash(fd, fd.carol, "replay")).final(5)
        assert _files(still_outside) == ["replay-table.png"]

        history = await (await slash(fd, fd.alice, "history")).final(5)
        assert history.ephemeral and len(history.embeds) == 1
        assert "Gin Rummy (2) vs Bob" in history.embeds[0]["description"]
        public = [m for m in fd.channel_messages() if any("replay" in a.filename for a in m.attachments)]
        assert public == []  # every replay is private

        # a second match (Alice resigns it at once): the rating chart and the record against Bob
        await start_match(fd)
        question = await (await slash(fd, fd.alice, "resign")).final()
        sure = await fd.click(fd.alice, question, question.component(label="Yes, resign the match")["custom_id"])
        await sure.settled(5.0)
        stats = await (await slash(fd, fd.alice, "stats")).final(5)
        assert _files(stats) == ["rating.png"]
        record = await (await slash(fd, fd.alice, "stats", vs=fd.bob)).final(5)
        assert "Alice against Bob**: 2 matches, 1 won, 1 lost" in record.content
        assert "last (newest first): L W" in record.content


async def test_a_player_has_a_finished_hand_reviewed_and_nobody_else(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(7)):
        alice, bob = await start_match(fd)
        await _finish_one_hand(alice, bob)
        question = await (await slash(fd, fd.bob, "resign")).final()
        sure = await fd.click(fd.bob, question, question.component(label="Yes, resign the match")["custom_id"])
        await sure.settled(5.0)

        viewer = await (await slash(fd, fd.alice, "replay")).final(5)
        assert viewer.find_component(label="Review this hand") is None  # the second hand never finished
        at_end = viewer.content
        await (await fd.click(fd.alice, viewer, viewer.component(label="⏮ Hand start")["custom_id"])).response()
        viewer = await fd.wait_for_message(lambda m: m.id == viewer.id and m.content != at_end, timeout=5)
        assert "hand 1" in viewer.content
        review_button = viewer.component(label="Review this hand")["custom_id"]
        assert review_button.startswith("gin:rv:1:1")

        review = await (await fd.click(fd.alice, viewer, review_button)).final(15)
        assert review.ephemeral and review.content.startswith("**Hand 1**: the coach compared your")
        lines = review.content.split("\n")[1:]
        assert lines and all(line.startswith("Move ") for line in lines[:-1])

        outsider = await (await slash(fd, fd.carol, "replay")).final(5)
        assert outsider.find_component(label="Review this hand") is None
        refused = await (await fd.click(fd.carol, viewer, review_button, force=True)).final(5)
        assert refused.ephemeral and "Only a player of this match" in refused.content
        public = [m for m in fd.channel_messages() if "the coach" in m.content]
        assert public == []
