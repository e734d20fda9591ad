"""/gin status: the bot's owner sees load and backlog privately; anyone else gets a short reason."""

from __future__ import annotations

from pathlib import Path

from fakediscord import FakeDiscord
from tests.e2e.game_driver import gin_bot, refusal_text, slash, start_match


async def test_the_owner_sees_the_bots_status_and_no_one_else_does(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3"):
        alice, _ = await start_match(fd)
        refused = await slash(fd, fd.alice, "status")
        assert await refusal_text(refused) == "Only the bot's owner can see its status."

        asked = await slash(fd, fd.owner, "status")
        answer = await asked.final(5)
        assert answer.ephemeral
        assert answer.content.startswith("**Bot status**")
        assert "pictures (" in answer.content and "1 match(es) in memory, 1 active" in answer.content
        assert "2 live hand message(s)" in answer.content
        assert alice.hand is not None
        hand_line = alice.hand.content.split("\n")[0]
        assert hand_line not in answer.content  # nobody's cards or hand words
