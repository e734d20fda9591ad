"""Each player is answered in his own language, a server's settings in its own, and the slash
commands reach Discord translated (within Discord's naming rules, which the stand-in checks)."""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

import pytest

from bot.i18n import texts
from fakediscord import FakeDiscord
from tests.e2e.game_driver import fixed_seeds, gin_bot, refusal_text, slash, start_match


async def test_refusals_in_the_players_language_and_his_own_choice(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fd = fake_discord
    caplog.set_level(logging.INFO)
    de, en = texts("de"), texts("en")
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(11), sync=False):
        alice, bob = await start_match(fd)
        mover, waiter = (alice, bob) if alice.controls() else (bob, alice)
        cid, values = mover.choice()
        assert mover.hand is not None

        async def out_of_turn(user_locale: str) -> str:
            user = replace(waiter.user, locale=user_locale)  # the same player, his client in another language
            assert mover.hand is not None
            ix = await (
                fd.select(user, mover.hand, cid, values, force=True)
                if values
                else fd.click(user, mover.hand, cid, force=True)
            )
            return await refusal_text(ix)

        assert await out_of_turn("de") == de._("It is not your turn.") != en._("It is not your turn.")
        assert await out_of_turn("en-US") == en._("It is not your turn.")
        assert await out_of_turn("ja") == en._("It is not your turn.")  # a language the bot lacks: English

        # his own choice wins over his client's language, and "Discord's language" forgets it
        answer = await (await slash(fd, waiter.user, "style", language="de")).final()
        assert "Deutsch" in answer.content and answer.content.startswith(de._("**Your style** (updated)"))
        assert await out_of_turn("en-US") == de._("It is not your turn.")
        await (await slash(fd, waiter.user, "style", language="")).final()
        assert await out_of_turn("en-US") == en._("It is not your turn.")
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_the_commands_reach_discord_in_every_offered_language(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3"):
        gin = fd.command_schema("gin", guild_id=fd.guild_id)
        assert gin is not None
        style = next(o for o in gin["options"] if o["name"] == "style")
        de = texts("de")
        assert style["name_localizations"]["de"] == de.pgettext("command", "style") != "style"
        assert style["description_localizations"]["de"] == de._(style["description"])
        language = next(o for o in style["options"] if o["name"] == "language")
        assert language["name_localizations"]["de"] == de.pgettext("command", "language")
        menu = fd.command_schema("Challenge to Gin", type=2, guild_id=fd.guild_id)
        assert menu is not None and menu["name_localizations"]["de"] == de._("Challenge to Gin")


async def test_the_board_speaks_the_servers_language(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """The server's setting (/gin-admin settings language) decides the public board's words from
    the next move on, its buttons included; a player's own client language does not."""
    fd = fake_discord
    de = texts("de")
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(11), sync=False):
        alice, bob = await start_match(fd)
        board = next(m for m in fd.channel_messages() if m.find_component(label="My hand"))
        assert " to play" in board.content  # English until the server chooses
        ix = await fd.slash(fd.dana, "gin-admin", subcommand="settings", options={"language": "de"})
        assert "Deutsch" in (await ix.final()).content
        mover = alice if alice.controls() else bob
        other = bob if mover is alice else alice
        await mover.act()
        said = de._("{player} to play", player=f"<@{other.user.id}>")
        await fd.wait_until(lambda: said in board.content or None, timeout=5, what=f"the board to say {said!r}")
        assert de._("hand {number}", number=1) in board.content and " to play" not in board.content
        assert board.find_component(label=de._("My hand")) is not None and de._("My hand") != "My hand"
