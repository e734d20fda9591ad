"""/gin-admin status: the bot's owner sees load and backlog privately; the group is not even offered
to a member who may not manage the server."""

from __future__ import annotations

from pathlib import Path

import pytest

from fakediscord import CommandHidden, FakeDiscord
from tests.e2e.game_driver import gin_bot, start_match


async def test_the_owner_sees_the_bots_status_and_no_one_else_does(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3"):
        alice, _ = await start_match(fd)
        with pytest.raises(CommandHidden):
            await fd.slash(fd.alice, "gin-admin", subcommand="status", options={})
        with pytest.raises(CommandHidden):
            await fd.slash(fd.carol, "gin-admin", subcommand="settings", options={"target": 50})
        schema = fd.command_schema("gin-admin")
        assert schema is not None and int(schema["default_member_permissions"]) == 1 << 5  # Manage Server
        gin = fd.command_schema("gin")
        assert gin is not None
        assert {o["name"] for o in gin["options"]}.isdisjoint({"settings", "status"})

        asked = await fd.slash(fd.owner, "gin-admin", subcommand="status", options={})
        answer = await asked.final(5)
        assert answer.ephemeral
        assert answer.content.startswith("**Bot status**")
        assert "pictures (" in answer.content and "1 match(es) in memory, 1 active" in answer.content
        assert "2 live hand message(s)" in answer.content
        assert alice.hand is not None
        hand_line = alice.hand.content.split("\n")[0]
        assert hand_line not in answer.content  # nobody's cards or hand words
