"""Each player is answered in his own language, a server's settings in its own, and the slash
commands reach Discord translated (within Discord's naming rules, which the stand-in checks)."""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

import pytest

from bot.i18n import Texts, texts
from fakediscord import FakeDiscord, StoredMessage
from tests.e2e.game_driver import (
    Player,
    accept_id,
    fixed_seeds,
    gin_bot,
    my_hand_id,
    play_out,
    posted_challenge,
    refusal_text,
    slash,
    start_match,
)


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


async def test_a_german_and_a_spanish_player_on_a_french_server(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Each player's own messages (his hand, his answers) in his client's language, every public
    message in the server's: a whole match, every payload read."""
    fd = fake_discord
    guild = fd.add_guild(locale="fr")
    hans, lucia = replace(fd.alice, locale="de"), replace(fd.bob, locale="es-ES")
    de, es, fr, en = texts("de"), texts("es"), texts("fr"), texts("en")

    def prefix(t: Texts, message: str, **fields: object) -> str:
        """The words of a text before its first field (what every message of that kind starts with)."""
        return t._(message, **dict.fromkeys(fields, "\x00")).split("\0")[0]

    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(5), sync=False):
        ix = await fd.slash(hans, "gin", subcommand="challenge", options={"opponent": lucia}, channel=guild.channel)
        challenge = await posted_challenge(fd, ix)
        assert (await ix.final()).content == de._("Your challenge is posted in the channel.")
        assert challenge.find_component(label=fr._("Accept")) is not None != fr._("Accept")
        accept = accept_id(challenge)
        assert accept is not None
        await (await fd.click(lucia, challenge, accept)).response()
        board = await fd.wait_for_message(
            lambda m: m.public and m.channel_id == guild.channel.id and my_hand_id(m) is not None
        )
        assert board.find_component(label=fr._("My hand")) is not None
        players = [Player(fd, hans, 0), Player(fd, lucia, 1)]
        for p in players:
            await p.open_hand(board)
        first = len(fd.store.payloads)
        await play_out(players)
        hands = {p.hand.id: t for p, t in zip(players, (de, es), strict=True) if p.hand is not None}
        head = {lang: prefix(t, "**Your hand** · {status}", status=1) for lang, t in (("de", de), ("es", es))}
        seen = {"de": 0, "es": 0, "board": 0}
        for payload in fd.store.payloads[first:]:
            content = payload.message_data.get("content") or ""
            if not content:
                continue
            t = hands.get(payload.message_id or 0)
            if t is not None:  # a player's hand: in his language, never the others'
                lang = t.lang
                other = "es" if lang == "de" else "de"
                assert head[other] not in content and prefix(en, "**Your hand** · {status}", status=1) not in content
                seen[lang] += head[lang] in content  # (a question before a knock replaces the hand's words)
            elif not payload.ephemeral and payload.message_id == board.id:
                assert fr._(" vs ") in content and en._(" vs ") not in content, content  # 'Alice contre Bob'
                assert " to play" not in content
                seen["board"] += 1
        assert min(seen.values()) > 3, seen

        async def says(hand: StoredMessage | None, text: str) -> None:
            assert hand is not None
            await fd.wait_until(lambda: text in hand.content or None, timeout=5, what=f"the hand to say {text!r}")

        for p, t in zip(players, (de, es), strict=True):
            await says(p.hand, t._("The match is over: see the channel."))
