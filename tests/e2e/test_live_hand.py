"""The live hand and the quiet channel, through the stand-in.

- Two people, a whole match: after every move the waiting player's hand message shows his legal
  moves without a click from him (within a second); an ordinary turn is two clicks (a draw, a
  discard); no ping while both hands are live and everyone moves within the grace period; at most
  one board picture per turn; a finished hand's board becomes its result.
- Against the bot: the same, the bot's own moves included; the board says the bot is thinking.
- Pings: one ping for a player idle past the grace period, one at once for a player whose hand
  message can no longer be edited (its token expired); deleted once he moves.
- A knock asks first (Cancel goes back); /gin style changes only the player's own hand.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.client import GinBot
from bot.engine.gin import PublicView
from bot.engine.knock import Action, ActionKind
from fakediscord import FakeDiscord, StoredMessage
from tests.e2e.game_driver import (
    FULL_MATCH_TARGET,
    Player,
    TurnRecord,
    board_of,
    find_full_match_seed,
    fixed_seeds,
    gin_bot,
    play_turns,
    posted_challenge,
    public_hand_leaks,
    service_of,
    slash,
    stale_boards,
    start_match,
    states,
)
from tests.narrow import narrow


def ever_boards(fd: FakeDiscord) -> list[StoredMessage]:
    """Every public message that was ever a board (a table picture now or in an older version)."""
    return [
        m
        for m in fd.channel_messages()
        if any(a.filename.startswith("table-") for snap in states(m) for a in snap.attachments)
    ]


def pings(fd: FakeDiscord) -> list[StoredMessage]:
    return [m for m in fd.channel_messages(include_deleted=True) if "your turn" in (m.content or "")]


def table_pictures(fd: FakeDiscord) -> int:
    return sum(1 for p in fd.public_payloads() for f in p.files if f.filename.startswith("table-"))


async def set_grace(fd: FakeDiscord, seconds: int) -> None:
    ix = await fd.slash(fd.dana, "gin-admin", subcommand="settings", options={"ping_grace": seconds})
    assert f"{seconds} second" in (await ix.final()).content


def legal_check(bot: GinBot, fd: FakeDiscord) -> Callable[[Player], Awaitable[None]]:
    """A check for play_turns: the controls that appeared are exactly the seat's legal moves, and a
    hand that ended has left no board showing a turn in progress."""
    hands_seen = [0]

    async def check(p: Player) -> None:
        assert bot.service is not None and p.match_id is not None
        sv = await bot.service.seat_view(p.match_id, p.user.id)
        offered = {str(a) for a, _, _ in p.offered()}
        legal = {str(a) for a in sv.legal}
        gins = sorted(a for a in legal if a.startswith("gin "))
        assert offered == legal - set(gins[1:]), (offered, legal)  # one gin button: every gin scores the same
        if len(ever_boards(fd)) != hands_seen[0]:  # a new hand: the last one's board is its result now
            hands_seen[0] = len(ever_boards(fd))
            await fd.wait_until(lambda: not stale_boards(fd) or None, timeout=5, what="old boards retired")

    return check


def clicks_of_ordinary_turns(turns: list[TurnRecord]) -> list[int]:
    return [t.clicks for t in turns if t.ordinary]


async def test_two_people_a_whole_match_live_hands_two_clicks_quiet_channel(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    seed, outcomes = find_full_match_seed()
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(seed)) as bot:
        await set_grace(fd, 30)  # every move below comes well within it
        ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob, target=FULL_MATCH_TARGET)
        challenge = await posted_challenge(fd, ix)
        await (await fd.click(fd.bob, challenge, challenge.component(label="Accept")["custom_id"])).response()
        board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None)
        assert re.search(r"to play · time runs out <t:\d+:R>", board.content), board.content  # the turn's deadline
        alice, bob = Player(fd, fd.alice, 0), Player(fd, fd.bob, 1)
        await alice.open_hand(board)
        await bob.open_hand(board)
        messages_before = len(fd.channel_messages(include_deleted=True))

        turns = await play_turns([alice, bob], check=legal_check(bot, fd))

        # every turn's moves showed up by themselves, within a second of the opponent's move
        assert len(turns) > 20 and max(t.wait_s for t in turns) < 1.0
        ordinary = clicks_of_ordinary_turns(turns)
        assert len(ordinary) > 15 and set(ordinary) == {2}, ordinary
        assert statistics.median(ordinary) == 2
        knocks = [t for t in turns if t.moves[-1].kind is ActionKind.KNOCK]
        assert knocks and all(t.clicks == 3 for t in knocks)  # draw, knock, yes: one question

        await fd.wait_for_message(lambda m: m.public and m.find_component(label="Rematch") is not None, timeout=5)
        # a quiet channel: no ping, nothing but the first board notified anyone, a board per hand and the end
        assert pings(fd) == []
        assert [m.id for m in fd.notifications() if m.id >= board.id] == [board.id]
        created = len(fd.channel_messages(include_deleted=True)) - messages_before
        assert created == len(outcomes) - 1 + 1  # the later hands' boards, the match end
        # at most one board picture per turn (the first board's aside)
        assert table_pictures(fd) <= len(turns) + 1
        # every hand's board became its result: no picture of a turn in progress is left
        boards = ever_boards(fd)
        assert len(boards) == len(outcomes) and stale_boards(fd) == []
        assert all(
            m.attachments[0].filename.startswith("result-") and "is over" in m.content and not m.components
            for m in boards
        )
    assert public_hand_leaks(fd) == []
    assert not fd.unknown_routes


async def test_against_the_bot_the_hand_follows_the_bots_moves(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(8), ai_delay_s=0.05, sync=False) as bot:
        await slash(fd, fd.alice, "play", level="easy", target=25)
        board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None)
        human = Player(fd, fd.alice, 0)
        await human.open_hand(board)
        said: list[str] = []

        check = legal_check(bot, fd)

        async def follow(p: Player) -> None:
            said.append(p.hand.content)  # type: ignore[union-attr]
            await check(p)

        turns = await play_turns([human], check=follow)
        assert len(turns) > 5 and max(t.wait_s for t in turns) < 1.5
        ordinary = clicks_of_ordinary_turns(turns)
        assert ordinary and set(ordinary) == {2}, ordinary
        # the hand told what the bot did, and the board said it was thinking
        assert any(re.search(r"GinBot (drew|took).* and discarded", text) for text in said), said[:5]
        assert any(
            "GinBot** (the bot) is thinking" in snap.content for m in fd.channel_messages() for snap in states(m)
        )
        assert "Waiting for GinBot" not in " ".join(said)
        await fd.wait_for_message(lambda m: m.public and m.find_component(label="Rematch") is not None, timeout=5)
        assert pings(fd) == [] and stale_boards(fd) == []
    assert public_hand_leaks(fd) == []


async def test_one_ping_after_the_grace_period_or_at_once_without_a_live_hand(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(11), sync=False):
        await set_grace(fd, 1)
        alice, bob = await start_match(fd)
        first = alice if alice.controls() else bob
        second = bob if first is alice else alice

        async def turn(p: Player) -> None:
            await p.wait_for_turn()
            while p.controls() and not p.hand_over:
                await p.act()

        # the second player's live hand shows his moves; he lets the grace period pass: one ping
        await turn(first)
        await second.wait_for_turn()
        assert pings(fd) == []
        ping = await fd.wait_for_message(lambda m: "your turn" in m.content, timeout=3)
        assert ping.notified == (second.user.id,) and "hand message is up to date" in ping.content
        with pytest.raises(TimeoutError):  # and only one, however long he waits
            await fd.wait_until(lambda: len(pings(fd)) > 1 or None, timeout=1.5)
        await turn(second)
        await fd.wait_until(lambda: ping.deleted or None, timeout=3)  # he moved: the ping is gone

        # the first player moves at once: no ping
        await turn(first)
        assert len(pings(fd)) == 1
        # the second player's hand message can no longer be edited (Discord's 15 minutes passed): one
        # ping at once, and his hand waits for Refresh
        await turn(second)
        fd.expire_tokens(second.user)
        edits = len(second.hand.history)  # type: ignore[union-attr]
        await turn(first)
        late = await fd.wait_until(lambda: next((m for m in pings(fd)[1:]), None), timeout=3)
        assert late.notified == (second.user.id,) and "press **My hand**" in late.content
        assert len(second.hand.history) == edits and not second.controls()  # type: ignore[union-attr]
        await second.refresh()  # a fresh interaction: the live hand again
        assert second.controls()
        await turn(second)
        await fd.wait_until(lambda: late.deleted or None, timeout=3)
        assert len(pings(fd)) == 2


async def test_a_knock_asks_first_and_cancel_goes_back(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    seed, _ = find_full_match_seed()
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(seed), sync=False) as bot:
        ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob, target=FULL_MATCH_TARGET)
        challenge = await posted_challenge(fd, ix)
        await (await fd.click(fd.bob, challenge, challenge.component(label="Accept")["custom_id"])).response()
        board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None)
        alice, bob = Player(fd, fd.alice, 0), Player(fd, fd.bob, 1)
        await alice.open_hand(board)
        await bob.open_hand(board)
        # play until Alice is offered a knock (the driver's Alice knocks at once: stop before)
        while True:
            p = await fd.wait_until(lambda: next((q for q in (alice, bob) if q.controls()), None), timeout=5)
            if p is alice and any(a.kind is ActionKind.KNOCK for a, _, _ in p.offered()):
                break
            await p.act()
        assert alice.hand is not None and alice.match_id is not None
        service = service_of(bot)
        knock = next(c for c in alice.hand.buttons() if c["custom_id"].startswith(f"gin:{alice.match_id}:ask.knock."))
        assert knock["style"] == 4 and knock["label"].startswith("Knock")  # red, on its own row under the cards
        rows = [[c.get("custom_id") for c in row["components"]] for row in alice.hand.components]
        assert knock["custom_id"] in rows[3] and all(":discard." in cid for row in rows[:3] for cid in row)
        picture = alice.hand.attachments
        version = (await service.get_match(alice.match_id)).version

        ask = await fd.click(fd.alice, alice.hand, knock["custom_id"])
        await ask.settled()
        card = Action.parse(knock["custom_id"].split(":")[2].removeprefix("ask.").replace(".", " ")).card
        assert card is not None
        assert re.fullmatch(
            rf"Knock with \d+ deadwood, laying the {re.escape(card.pretty)} face down\? .*", alice.hand.content
        ), alice.hand.content
        assert alice.hand.attachments == picture  # the cards stay in view
        assert [c["label"] for c in alice.hand.buttons()] == [knock["label"], "Cancel"]
        assert (await service.get_match(alice.match_id)).version == version  # nothing played yet

        back = await fd.click(fd.alice, alice.hand, alice.hand.component(label="Cancel")["custom_id"])
        await back.settled()
        assert alice.hand.find_component(custom_id=knock["custom_id"]) is not None  # the hand again
        assert "**Your hand**" in alice.hand.content

        ask = await fd.click(fd.alice, alice.hand, knock["custom_id"])
        await ask.settled()
        yes = await fd.click(fd.alice, alice.hand, knock["custom_id"].replace(":ask.", ":"))
        await yes.settled()
        assert not yes.followups and alice.hand_over
        last = narrow((await service.get_match(alice.match_id)).public, PublicView).last_hand
        assert last is not None and last.outcome in ("knock", "undercut")


async def test_each_players_style_is_his_own(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    db = tmp_path / "gin.sqlite3"
    async with gin_bot(fd, db, seeds=fixed_seeds(11)) as bot:
        alice, bob = await start_match(fd)
        assert alice.hand is not None and bob.hand is not None
        board = board_of(fd)
        two_colour = alice.hand.attachments[0].data
        controls = alice.controls()

        # words only: Alice's live hand is redrawn at once with the picture's text alternative
        ix = await fd.slash(fd.alice, "gin", subcommand="style", options={"text_only": True})
        assert (await ix.response()).ephemeral
        assert "words instead of pictures" in (await ix.final()).content
        await fd.wait_until(lambda: not alice.hand.attachments or None, timeout=3)  # type: ignore[union-attr]
        assert "Your hand (Alice), 10 cards." in alice.hand.content and alice.controls() == controls
        assert bob.hand.attachments  # Bob's look is his own

        # pictures again, four colours and large cards
        edits = len(alice.hand.history)
        ix = await fd.slash(
            fd.alice, "gin", subcommand="style", options={"text_only": False, "four_colour": True, "card_size": "large"}
        )
        assert "four-colour deck, large cards" in (await ix.final()).content
        await fd.wait_for_edit(alice.hand, edits)
        assert alice.hand.attachments and alice.hand.attachments[0].data != two_colour
        style = await service_of(bot).player_style(fd.alice.id)
        assert (style.four_colour, style.card_size, style.text_only) == (True, "large", False)
        # loose cards by suit, hints off
        ix = await fd.slash(fd.alice, "gin", subcommand="style", options={"card_order": "suit", "hints": False})
        assert "loose cards by suit, hints off" in (await ix.final()).content
        # the board keeps the server's look
        assert board.attachments and not board.history
        await set_grace(fd, 45)
    # both are stored: a restarted bot knows them
    async with gin_bot(fd, db, sync=False) as again:
        service = service_of(again)
        style = await service.player_style(fd.alice.id)
        assert (style.four_colour, style.card_size, style.text_only) == (True, "large", False)
        assert (style.card_order, style.hints) == ("suit", False)
        assert (await service.player_style(fd.bob.id)).card_size == "normal"
        assert await service.ping_grace(fd.guild_id) == 45
