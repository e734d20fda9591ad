"""Open challenges through the stand-in, sent exactly as Discord sends them: `/gin challenge` with no
opponent (Discord leaves an empty option out of the interaction), the user menu *Challenge to Gin*,
and `players: 3` with no one named (a lobby whose seats are open to anyone)."""

from __future__ import annotations

from pathlib import Path

from fakediscord import FakeDiscord
from tests.e2e.game_driver import fixed_seeds, gin_bot, posted_challenge


async def test_an_open_challenge_is_posted_and_anyone_may_accept(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(3)):
        ix = await fd.slash(fd.alice, "gin", subcommand="challenge", options={})
        sent = ix.data["options"]
        assert sent == [{"name": "challenge", "type": 1, "options": []}]  # no opponent option at all
        challenge = await posted_challenge(fd, ix)
        assert challenge.mention_ids == [] and "anyone" in challenge.content.lower()
        accepted = await fd.click(fd.carol, challenge, challenge.component(label="Accept")["custom_id"])
        await accepted.response()
        board = await fd.wait_for_message(
            lambda m: m.public and m.find_component(label="My hand") is not None, timeout=5, what="the first board"
        )
        assert "Alice" in board.content or "alice" in board.content.lower()


async def test_the_user_menu_challenges_the_member_clicked(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(3)):
        challenge = await posted_challenge(fd, await fd.user_command(fd.alice, "Challenge to Gin", target=fd.bob))
        assert challenge.mention_ids == [fd.bob.id]
        await (await fd.click(fd.bob, challenge, challenge.component(label="Accept")["custom_id"])).response()
        await fd.wait_for_message(
            lambda m: m.public and m.find_component(label="My hand") is not None, timeout=5, what="the first board"
        )


async def test_three_open_seats_make_a_lobby_anyone_may_join(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(3)):
        ix = await fd.slash(fd.alice, "gin", subcommand="challenge", options={"players": 3})
        answer = await ix.final(10)
        assert answer.ephemeral and "posted" in answer.content, answer.content
        lobby = await fd.wait_for_message(
            lambda m: m.public and m.find_component(label="Join") is not None, timeout=5, what="the lobby"
        )
        for user in (fd.bob, fd.carol):
            joined = await fd.click(user, lobby, lobby.component(label="Join")["custom_id"])
            await joined.settled(10)
            assert not joined.followups, joined.followups[-1].content
        lobby = await fd.wait_for_message(
            lambda m: m.id == lobby.id and m.component(label="Start").get("disabled") is not True,
            timeout=5,
            what="the lobby with every seat taken",
        )
        started = await fd.click(fd.alice, lobby, lobby.component(label="Start")["custom_id"])
        await started.settled(10)
        await fd.wait_for_message(
            lambda m: m.public and m.find_component(label="My hand") is not None, timeout=5, what="the first board"
        )
