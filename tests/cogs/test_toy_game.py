"""A game the Discord layer has never heard of (tests/cogs/toy_game.py, registered only here)
is playable end to end through the real bot and the stand-in: /gin challenge with its game
name, the board with its title, My hand with its controls (a button and a menu), hand results,
the match end and the rematch. Nothing in cogs/ knows its rules."""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.client import GinBot
from bot.config import Settings
from fakediscord import FakeDiscord, FakeUser, InteractionRecord, StoredMessage, running_bot
from tests.e2e.game_driver import posted_challenge, refusal_text, states

from . import toy_game


@pytest.fixture
def race() -> Iterator[None]:
    with toy_game.registered():
        yield


@contextlib.asynccontextmanager
async def toy_bot(fd: FakeDiscord, db: Path) -> AsyncIterator[GinBot]:
    settings = Settings(token="fake-token", db_path=db, dev_guild=fd.guild_id, log_level="INFO")
    bot = GinBot(settings, ai_delay_s=0.0, tick_s=0.2, sync=True)
    async with running_bot(fd, bot=bot) as running:
        yield running


def is_board(m: StoredMessage) -> bool:
    return m.public and m.find_component(label="My hand") is not None


async def open_hand(fd: FakeDiscord, user: FakeUser, board: StoredMessage) -> StoredMessage:
    ix = await fd.click(user, board, board.component(label="My hand")["custom_id"])
    hand = await ix.final()
    assert hand.ephemeral and hand.interaction_user == user
    return hand


def moves_on(hand: StoredMessage) -> list[dict[str, Any]]:
    return [c for c in hand.all_components() if c.get("type") in (2, 3) and not c["custom_id"].endswith(":hand")]


def moves_or_over(hand: StoredMessage) -> bool:
    return bool(moves_on(hand)) or "match is over" in hand.content


async def play(fd: FakeDiscord, user: FakeUser, hand: StoredMessage, prefer_menu: bool) -> InteractionRecord:
    """Press the 'play 3' menu option or the 'draw' button on a hand message; wait for its redraw."""
    controls = moves_on(hand)
    menu = next(c for c in controls if c["type"] == 3)
    button = next(c for c in controls if c["type"] == 2)
    assert button["custom_id"].split(":")[2] == "draw" and ":pick.play:" in menu["custom_id"]
    assert [o["value"] for o in menu["options"]] == ["play 1", "play 2", "play 3"]
    if prefer_menu:
        ix = await fd.select(user, hand, menu["custom_id"], ["play 3"])
    else:
        ix = await fd.click(user, hand, button["custom_id"])
    await ix.settled(5.0)
    assert not ix.followups, [m.content for m in ix.followups]
    return ix


async def test_a_registered_toy_game_plays_through_the_discord_layer(
    race: None, fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    fd = fake_discord
    async with toy_bot(fd, tmp_path / "race.sqlite3") as bot:
        # the game and its variants are offered from the registry; unknown ones are refused with a reason
        ac = await fd.autocomplete(fd.alice, "gin", subcommand="challenge", focused="game", options={"game": "rac"})
        assert {c["value"] for c in (await ac.response()).choices} == {"race"}
        ac = await fd.autocomplete(
            fd.alice, "gin", subcommand="challenge", focused="variant", options={"game": "race", "variant": ""}
        )
        assert [c["value"] for c in (await ac.response()).choices] == ["plain", "quick"]
        bad = await fd.slash(fd.alice, "gin", subcommand="challenge", options={"game": "race", "variant": "bogus"})
        assert "unknown variant" in (await refusal_text(bad)).lower()
        rules = await fd.slash(fd.carol, "gin", subcommand="rules", options={"game": "race"})
        assert "Race to Four rules: plain" in ((await rules.final()).content or "")

        ix = await fd.slash(fd.alice, "gin", subcommand="challenge", options={"opponent": fd.bob, "game": "race"})
        challenge = await posted_challenge(fd, ix)
        assert challenge is not None and "Race to Four" in challenge.content
        await (await fd.click(fd.bob, challenge, challenge.component(label="Accept")["custom_id"])).response()
        board = await fd.wait_for_message(is_board)
        assert board.content.startswith("**Race to Four** · Alice vs Bob · hand 1 · Race: Alice 0 · Bob 0")
        assert board.mention_ids == [fd.alice.id]

        hands = {fd.alice.id: await open_hand(fd, fd.alice, board), fd.bob.id: await open_hand(fd, fd.bob, board)}
        assert moves_on(hands[fd.alice.id]) and not moves_on(hands[fd.bob.id])
        assert "You have 0 of 4." in hands[fd.alice.id].content

        # Alice plays 3 from the menu, Bob draws: Alice wins each hand with 6, and the match (to 10) in two
        order = [fd.alice, fd.bob]
        turn = 0
        for _ in range(12):
            user = order[turn]
            hand = hands[user.id]
            # no Refresh: the bot redraws the hand of the player to move by itself
            await fd.wait_until(functools.partial(moves_or_over, hand), timeout=5)
            if "match is over" in hand.content:
                break
            await play(fd, user, hand, prefer_menu=user is fd.alice)
            turn = 1 - turn
            if "match is over" in hands[fd.alice.id].content:
                break
        end = await fd.wait_for_message(lambda m: m.public and m.find_component(label="Rematch") is not None)
        assert end.content.startswith("**Race to Four · match over** · **Alice** wins the match, 12 to 0 after 2 hands")
        # each hand's board became its result
        results = [m for m in fd.channel_messages() if m.attachments and m.attachments[0].filename == "result-race.png"]
        assert [m.content.split("\n")[:2] for m in results] == [
            [f"**Race to Four** · Alice vs Bob · **hand {n} is over**", "Alice won the hand with 6"] for n in (1, 2)
        ]
        boards = [
            m for m in fd.channel_messages() if any("table-" in a.filename for s in states(m) for a in s.attachments)
        ]
        assert [b.history[0].content.split(" · ")[2] for b in boards] == ["hand 1", "hand 2"]  # a board per hand
        # the board was edited for everyone and lost its buttons at the end; hands stayed private
        assert all(m.find_component(label="My hand") is None for m in fd.channel_messages())
        assert not [p for p in fd.all_payloads() if p.public and any(f.filename.startswith("hand-") for f in p.files)]

        # a rematch of a player-vs-player table is a new challenge of the same game
        again = await fd.click(fd.bob, end, end.component(label="Rematch")["custom_id"])
        rematch = await posted_challenge(fd, again)
        assert "rematch" in rematch.content and fd.alice.mention in rematch.content
        assert bot.service is not None
        stats = await bot.service.player_stats(fd.guild_id, fd.alice.id, family=f"{toy_game.NAME}:2")
        assert stats is not None and stats.matches_won == 1
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_the_bot_plays_the_high_card_toy_game(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """High Card (tests/toy, with its AI) against the bot: the bot's moves come from the scheduler
    through the AI registry, and the match end counts as a game vs the bot."""
    from tests.toy import highcard

    caplog.set_level(logging.INFO)
    fd = fake_discord
    highcard.install()
    try:
        async with toy_bot(fd, tmp_path / "highcard.sqlite3"):
            ix = await fd.slash(fd.alice, "gin", subcommand="play", options={"game": "highcard"})
            assert (await ix.final()).ephemeral  # answered privately at once; the table is in the channel
            board = await fd.wait_for_message(is_board)
            assert board.content.startswith("**High Card** · Alice vs GinBot · hand 1")
            hand = await open_hand(fd, fd.alice, board)
            for _ in range(40):
                # the bot redraws Alice's hand after its own moves: no Refresh, just wait
                await fd.wait_until(lambda: moves_on(hand) or "match is over" in hand.content or None, timeout=5)
                if "match is over" in hand.content:
                    break
                buttons = moves_on(hand)
                assert all(":play." in b["custom_id"] for b in buttons)
                press = await fd.click(fd.alice, hand, buttons[-1]["custom_id"])
                await press.settled(5.0)
                assert not press.followups, [m.content for m in press.followups]
            end = await fd.wait_for_message(lambda m: m.public and m.find_component(label="Rematch") is not None)
            assert "High Card · match over" in end.content and "vs the bot" in end.content
    finally:
        highcard.uninstall()
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_game_without_pictures_is_neither_offered_nor_started(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    from bot.engine import register, unregister

    fd = fake_discord
    register(toy_game.RACE)  # in the engine, with no renderer
    try:
        async with toy_bot(fd, tmp_path / "race.sqlite3") as bot:
            ac = await fd.autocomplete(fd.alice, "gin", subcommand="challenge", focused="game", options={"game": ""})
            assert "race" not in {c["value"] for c in (await ac.response()).choices}
            ix = await fd.slash(fd.alice, "gin", subcommand="challenge", options={"opponent": fd.bob, "game": "race"})
            assert await refusal_text(ix) == "I can't show Race to Four here yet."
            assert bot.service is not None and await bot.service.match_for_channel(fd.channel.id) is None
    finally:
        unregister(toy_game.NAME)
