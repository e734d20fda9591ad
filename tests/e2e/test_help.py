"""/gin help and the options autocomplete through the stand-in: every game and command listed, a
game's rules and options with their defaults, and the options field completed field by field."""

from __future__ import annotations

from pathlib import Path

from fakediscord import FakeDiscord
from tests.e2e.game_driver import fixed_seeds, gin_bot


async def test_help_lists_the_games_and_commands_then_a_games_options(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(3)):
        answer = await (await fd.slash(fd.alice, "gin", subcommand="help", options={})).final(5)
        assert answer.ephemeral and len(answer.embeds) == 1
        text = answer.embeds[0]["description"]
        for title in ("Gin Rummy", "Knockout Gin", "Colonel", "Skarney Gin", "Rummy"):
            assert f"**{title}**" in text
        for command in ("challenge", "play", "hand", "rules", "style", "leaderboard", "stats", "help"):
            assert f"`/gin {command}`" in text
        assert len(text) <= 4096

        answer = await (await fd.slash(fd.alice, "gin", subcommand="help", options={"game": "gin"})).final(5)
        text = answer.embeds[0]["description"]
        assert "`shutout=`" in text and "(default double)" in text and "`gin=`" in text
        answer = await (await fd.slash(fd.alice, "gin", subcommand="help", options={"game": "skarney"})).final(5)
        assert "takes no options" in answer.embeds[0]["description"]
        assert fd.channel_messages() == []  # help is private


async def test_the_options_field_completes_the_next_field_for_the_chosen_game(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(3)):
        ix = await fd.autocomplete(
            fd.alice, "gin", subcommand="challenge", focused="options", options={"game": "colonel", "options": "chal"}
        )
        answer = await ix.response()
        assert [c["value"] for c in answer.choices] == ["challenge=yes", "challenge=no"]
        ix = await fd.autocomplete(
            fd.alice, "gin", subcommand="play", focused="options", options={"options": "gin=20 shut"}
        )
        values = [c["value"] for c in (await ix.response()).choices]
        assert values and all(v.startswith("gin=20 shutout=") for v in values) and "gin=20 shutout=plus100" in values
