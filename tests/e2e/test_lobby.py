"""Tables of three and four through the stand-in: /gin challenge posts a lobby; players Join, the
host gives a seat to the AI (and chooses his partner), Start; then every human plays from his own
live hand message, pressing only the controls the bot put there, until the match end.

Checked on the way: the refusals of the lobby (Join twice, Start by someone else, Start before
every seat is taken, a full table) are private and change nothing; every hand's result and the
match end are posted; no public payload carries a hand; stats count the table's size apart.
"""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path
from typing import Any

from bot.ai import chooser_for
from bot.tables import ChallengeStatus, MatchInfo, TableService
from fakediscord import FakeDiscord, FakeUser, InteractionRecord, StoredMessage
from tests.clock import Clock
from tests.e2e.game_driver import fixed_seeds, gin_bot, posted_challenge, public_hand_leaks, refusal_text, slash

MAX_PRESSES = 3000


def lobby_message(fd: FakeDiscord) -> StoredMessage:
    """The newest public message with the lobby's Join button."""
    found = [m for m in fd.channel_messages() if m.find_component(label="Join") is not None]
    assert found, "no lobby posted"
    return found[-1]


def moves_on(hand: StoredMessage) -> list[dict[str, Any]]:
    return [
        c
        for c in hand.all_components()
        if c.get("type") in (2, 3) and not c["custom_id"].endswith((":hand", ":cancel"))
    ]


def version_on(hand: StoredMessage | None) -> int | None:
    versions = [int(c["custom_id"].rsplit(":", 1)[1]) for c in moves_on(hand)] if hand is not None else []
    return max(versions) if versions else None


def shown_version(hand: StoredMessage) -> int:
    """The version of the controls on a hand message (-1: none)."""
    version = version_on(hand)
    return -1 if version is None else version


def shows(hand: StoredMessage, version: int) -> bool | None:
    """The hand message shows controls of ``version`` or newer."""
    return shown_version(hand) >= version or None


def live_info(service: TableService, match_id: int) -> MatchInfo | None:
    """A match the service holds in memory (active), else None."""
    live = service.live.get(match_id)
    return None if live is None else live.info


def moved_on(service: TableService, match_id: int, version: int) -> bool | None:
    """The match has a newer committed version than ``version``, or ended (the service's cache)."""
    live = service.live.get(match_id)
    return live is None or live.info.version > version or None


async def refused(ix: InteractionRecord) -> str:
    return await refusal_text(ix)


async def open_lobby(fd: FakeDiscord, host: FakeUser, **options: Any) -> StoredMessage:
    ix = await slash(fd, host, "challenge", **options)
    answer = await ix.final(10)
    assert answer.ephemeral and "posted" in answer.content, answer.content
    return await fd.wait_for_message(
        lambda m: m.public and m.find_component(label="Join") is not None, timeout=5, what="the lobby"
    )


async def press(fd: FakeDiscord, user: FakeUser, message: StoredMessage, label: str) -> InteractionRecord:
    ix = await fd.click(user, message, message.component(label=label)["custom_id"])
    await ix.settled(10)
    return ix


async def add_ai(fd: FakeDiscord, host: FakeUser, lobby: StoredMessage, level: str) -> None:
    menu = next(c for c in lobby.all_components() if c.get("type") == 3 and c["custom_id"].endswith(":ai"))
    ix = await fd.select(host, lobby, menu["custom_id"], [level])
    await ix.settled(10)
    assert not ix.followups, ix.followups[-1].content


async def play_to_the_end(
    fd: FakeDiscord, service: TableService, match_id: int, hands: dict[int, StoredMessage], level: str = "easy"
) -> int:
    """Every human presses the move the AI would choose for his seat, on his own live hand message,
    whenever that message shows controls for the match's current version. Returns the presses."""
    rng, pressed, misses = random.Random(5), 0, 0
    users = {u.id: u for u in fd.humans}
    for _ in range(4 * MAX_PRESSES):  # presses, and looks again after the other table moved
        info = await service.get_match(match_id)
        if info.status != "active":
            return pressed
        acting, version = info.humans_to_act, info.version
        if not acting:  # the AI's seat: its moves redraw the hands
            await fd.wait_until(partial(moved_on, service, match_id, version), timeout=10, what="the AI to move")
            continue
        seat = acting[0]
        user = users[info.players[seat]]
        hand = hands[user.id]
        await fd.wait_until(partial(shows, hand, version), timeout=10, what=f"{user.name}'s moves")
        if version_on(hand) != info.version:
            continue  # the table moved on meanwhile (the other table of a partnership)
        view = await service.seat_view(match_id, user.id)
        if view.moves != version or not view.legal:
            continue  # the other table of a partnership moved after the look at the hand: look again
        want = str(chooser_for(info.game)(view, level, rng))
        control = next(
            (c for c in moves_on(hand) if c["type"] == 2 and c["custom_id"].split(":")[2] in _ids(want)), None
        )
        menu = next(
            (c for c in moves_on(hand) if c["type"] == 3 and want in {o["value"] for o in c.get("options", [])}), None
        )
        if control is None and menu is None:
            # The table moved between the look at the hand and the seat's view (the other table of a
            # partnership): the hand is being redrawn. Look again, a bounded number of times.
            misses += 1
            assert misses < 50, f"{want!r} never offered: {[c['custom_id'] for c in moves_on(hand)]}"
            continue
        if control is not None:
            ix = await fd.click(user, hand, control["custom_id"])
        else:
            assert menu is not None
            ix = await fd.select(user, hand, menu["custom_id"], [want])
        await ix.settled(10)
        if ix.followups and "moved on" in ix.followups[-1].content:
            continue  # a stale click (the AI moved at the other table first): nothing changed; look again
        assert not ix.followups, ix.followups[-1].content
        if hand.find_component(label="Cancel") is not None:  # a knock asks first: its own button plays it
            yes = next(c for c in hand.all_components() if c.get("type") == 2 and not c["custom_id"].endswith(":hand"))
            ix = await fd.click(user, hand, yes["custom_id"])
            await ix.settled(10)
            assert not ix.followups, ix.followups[-1].content
        pressed += 1
    raise AssertionError("the match did not end")


def _ids(action: str) -> set[str]:
    dotted = action.replace(" ", ".")
    return {dotted, "ask." + dotted}


async def open_hands(fd: FakeDiscord, users: list[FakeUser]) -> tuple[int, dict[int, StoredMessage]]:
    board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None, timeout=10)
    cid = board.component(label="My hand")["custom_id"]
    hands = {}
    for user in users:
        ix = await fd.click(user, board, cid)
        hands[user.id] = await ix.final(10)
        assert hands[user.id].ephemeral
    return int(cid.split(":")[1]), hands


async def check_results(fd: FakeDiscord, hands: int) -> StoredMessage:
    """Every hand's result is posted (the hand's board turned into it), then the match end."""
    await fd.wait_for_message(lambda m: m.public and m.find_component(label="Rematch") is not None, timeout=10)
    done = [m for m in fd.channel_messages() if "is over**" in m.content]
    assert len(done) >= hands, f"{len(done)} hand results for {hands} hands"
    end = next(m for m in fd.channel_messages() if m.find_component(label="Rematch") is not None)
    assert "match over" in end.content and "match-end" in end.attachments[0].filename
    return end


def hand_leaks(fd: FakeDiscord) -> list[str]:
    """The driver's privacy check, plus the N-seat renderers' hand pictures by name ('gin-hand-...')."""
    named = [
        f"{p.kind} {p.path}: {f.filename}"
        for p in fd.all_payloads()
        if p.public
        for f in p.files
        if "hand-" in f.filename
    ]
    return public_hand_leaks(fd) + named


async def test_three_player_gin_from_the_lobby_to_the_match_end(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "g.sqlite3", seeds=fixed_seeds(4), ai_delay_s=0.0) as bot:
        service = bot.service
        assert service is not None
        lobby = await open_lobby(fd, fd.alice, opponent=fd.bob, players=3, target=60)
        assert fd.bob.mention in lobby.content and "open seat" in lobby.content
        assert lobby.component(label="Start").get("disabled") is True
        table_id = int(lobby.component(label="Join")["custom_id"].split(":")[1])

        # Refusals: private, and nothing changes.
        assert await refused(await press(fd, fd.alice, lobby, "Join")) == "You are already at this table."
        ix = await fd.click(fd.bob, lobby, lobby.component(label="Start")["custom_id"], force=True)
        assert await refused(ix) == "Only the host can do that."
        ix = await fd.click(fd.alice, lobby, lobby.component(label="Start")["custom_id"], force=True)
        assert "Every seat must be taken" in await refused(ix)
        table = await service.get_challenge(table_id)
        assert table.status is ChallengeStatus.OPEN and [p.user_id for p in table.places] == [fd.alice.id]
        assert await service.match_for_channel(fd.channel.id) is None

        # Bob sits down, the host gives the last seat to the AI; the table is full.
        assert not (await press(fd, fd.bob, lobby, "Join")).followups
        assert "**Bob**" in fd.message(lobby).content
        await add_ai(fd, fd.alice, fd.message(lobby), "easy")
        lobby = fd.message(lobby)
        assert "the bot's AI" in lobby.content and lobby.component(label="Start").get("disabled") is not True
        assert await refused(await press(fd, fd.carol, lobby, "Join")) == "This table is full."

        assert not (await press(fd, fd.alice, lobby, "Start")).followups
        assert "The board is below" in fd.message(lobby).content
        match_id, hands = await open_hands(fd, [fd.alice, fd.bob])
        info = await service.get_match(match_id)
        assert info.seats == 3 and info.game == "gin" and len(info.ai_seats) == 1

        assert await play_to_the_end(fd, service, match_id, hands) > 10
        info = await service.get_match(match_id)
        assert info.status == "finished"
        end = await check_results(fd, info.public.deal_number)
        assert all(name in end.content for name in info.names)  # every seat's total
        assert hand_leaks(fd) == []

        # Stats per table size: a three-player match is not a two-player one.
        winner = info.players[info.winner] if info.winner is not None else None
        human = winner if winner in (fd.alice.id, fd.bob.id) else fd.alice.id
        who = fd.alice if human == fd.alice.id else fd.bob
        ix = await slash(fd, who, "stats", players=3)
        assert "Gin Rummy, 3 players" in (await ix.final(10)).content
        ix = await slash(fd, who, "stats")
        assert "has not finished a match here yet" in (await ix.final(10)).content
        ix = await slash(fd, who, "leaderboard", players=3, by="vs_bot")  # a table with the AI: vs the bot
        assert who.display_name in (await ix.final(10)).content

        # Rematch: a new lobby with the same players; the AI's seat is the AI's again, Bob is called.
        rematch = await fd.click(fd.bob, end, end.component(label="Rematch")["custom_id"])
        assert "posted" in (await rematch.final(10)).content
        again = await fd.wait_for_message(
            lambda m: m.public and "Rematch" in m.content and m.find_component(label="Join") is not None, timeout=5
        )
        assert (
            fd.alice.mention in again.content and "the bot's AI" in again.content and "**Bob** (host)" in again.content
        )
        table = await service.get_challenge(int(again.component(label="Join")["custom_id"].split(":")[1]))
        assert table.seats == 3 and table.rules == info.rules and table.invited == (fd.alice.id,)


async def test_four_player_partnership_from_the_lobby_to_the_match_end(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "g.sqlite3", seeds=fixed_seeds(6), ai_delay_s=0.0) as bot:
        service = bot.service
        assert service is not None
        lobby = await open_lobby(fd, fd.alice, players=4, target=50, options="length=hands:2")
        assert lobby.component(label="Start").get("disabled") is True
        for user in (fd.bob, fd.carol):
            assert not (await press(fd, user, fd.message(lobby), "Join")).followups
        # The host chooses Carol as partner (by default it would be Bob, by join order... opposite seats).
        lobby = fd.message(lobby)
        menu = next(c for c in lobby.all_components() if c.get("type") == 3 and c["custom_id"].endswith(":teams"))
        carol = next(o["value"] for o in menu["options"] if "Carol" in o["label"])
        ix = await fd.select(fd.alice, lobby, menu["custom_id"], [carol])
        await ix.settled(10)
        assert not ix.followups
        ix = await fd.select(fd.bob, fd.message(lobby), menu["custom_id"], [carol])
        assert await refused(ix) == "Only the host can do that."
        await add_ai(fd, fd.alice, fd.message(lobby), "easy")
        assert not (await press(fd, fd.alice, fd.message(lobby), "Start")).followups

        match_id, hands = await open_hands(fd, [fd.alice, fd.bob, fd.carol])
        info = await service.get_match(match_id)
        assert info.seats == 4 and info.teams is not None
        team = {u: info.teams[info.players.index(u)] for u in (fd.alice.id, fd.bob.id, fd.carol.id)}
        assert team[fd.alice.id] == team[fd.carol.id] != team[fd.bob.id]

        assert await play_to_the_end(fd, service, match_id, hands) > 10
        info = await service.get_match(match_id)
        assert info.status == "finished"
        end = await check_results(fd, info.public.deal_number)
        assert " & " in end.content  # the partners named together
        assert hand_leaks(fd) == []


async def test_a_two_player_challenge_with_options_keeps_accept_and_decline(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "g.sqlite3", seeds=fixed_seeds(4)) as bot:
        service = bot.service
        assert service is not None
        ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob, options="gin=lots")
        assert "gin=lots" in await refusal_text(ix)  # the engine's reason, before anything is stored
        ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob, players=3, opponent2=fd.bob)
        assert await refusal_text(ix) == "Name each opponent once."
        ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob, opponent2=fd.carol, players=2)
        assert await refusal_text(ix) == "A table of 2 has room for 1 opponent."
        ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob, game="gin", players=5)
        assert "5" in await refusal_text(ix)
        assert await service.match_for_channel(fd.channel.id) is None
        ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob, options="gin=20 undercut=10")
        challenge = await posted_challenge(fd, ix)
        assert (
            await refused(await press(fd, fd.carol, challenge, "Accept")) == f"This challenge is for {fd.bob.mention}."
        )
        assert not (await press(fd, fd.bob, challenge, "Accept")).followups
        match = await service.match_for_channel(fd.channel.id)
        assert match is not None and match.seats == 2
        assert any("20" in str(line) for line in match.rules.summary())


async def test_knockout_for_three_from_the_lobby_with_two_ai_seats(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "g.sqlite3", seeds=fixed_seeds(2), ai_delay_s=0.0) as bot:
        service = bot.service
        assert service is not None
        lobby = await open_lobby(fd, fd.alice, game="knockout", players=3)
        assert lobby.content.startswith("**Alice** opens a table of **Knockout")
        await add_ai(fd, fd.alice, lobby, "easy")
        ix = await fd.select(
            fd.bob, fd.message(lobby), fd.message(lobby).component(custom_id=_menu(lobby))["custom_id"], ["hard"]
        )
        assert await refused(ix) == "Only the host can do that."
        await add_ai(fd, fd.alice, fd.message(lobby), "normal")
        lobby = fd.message(lobby)
        assert lobby.content.count("the bot's AI") == 2 and "GinBot 2" in lobby.content
        assert not (await press(fd, fd.alice, lobby, "Start")).followups
        match_id, hands = await open_hands(fd, [fd.alice])
        info = await service.get_match(match_id)
        assert info.game == "knockout" and info.seats == 3 and info.ai_levels.count(None) == 1
        assert await play_to_the_end(fd, service, match_id, hands) > 5
        end = await check_results(fd, (await service.get_match(match_id)).public.deal_number)
        assert "Penalties" in end.content
        assert hand_leaks(fd) == []
        # Rematch with only the bot's seats besides the host: the new match starts at once.
        again = await fd.click(fd.alice, end, end.component(label="Rematch")["custom_id"])
        await again.final(10)
        rematch = await fd.wait_until(partial(live_info, service, match_id + 1), timeout=10, what="the rematch")
        assert rematch.ai_levels == info.ai_levels and rematch.game == "knockout"


def _menu(lobby: StoredMessage) -> str:
    return next(c["custom_id"] for c in lobby.all_components() if c.get("type") == 3 and c["custom_id"].endswith(":ai"))


async def test_a_game_against_the_bot_with_table_options(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "g.sqlite3", seeds=fixed_seeds(4)) as bot:
        service = bot.service
        assert service is not None
        ix = await slash(fd, fd.alice, "play", options="length=forever")
        assert "length" in await refusal_text(ix)
        assert await service.match_for_channel(fd.channel.id) is None
        ix = await fd.slash(
            fd.alice, "gin", subcommand="challenge", options={"opponent": fd.bot_user, "options": "gin=20"}
        )
        assert (await ix.final(10)).ephemeral
        board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None)
        match = await service.match_for_channel(fd.channel.id)
        assert match is not None and match.seats == 2 and match.ai_levels == (None, "normal")
        assert board.content.startswith("**Gin Rummy**") and any("20" in str(line) for line in match.rules.summary())
        assert (await service.get_challenge(1)).status is ChallengeStatus.ACCEPTED  # its table, started at once

        # Resign, then Rematch: the new match keeps the table's options.
        ask = await fd.click(fd.alice, board, board.component(label="Resign")["custom_id"])
        question = await ask.final(10)
        yes = await fd.click(fd.alice, question, question.component(label="Yes, resign the match")["custom_id"])
        await yes.settled(10)
        end = await fd.wait_for_message(
            lambda m: m.public and m.find_component(label="Rematch") is not None, timeout=10
        )
        again = await fd.click(fd.alice, end, end.component(label="Rematch")["custom_id"])
        await again.final(10)
        rematch = await fd.wait_until(partial(live_info, service, match.id + 1), timeout=10, what="the rematch")
        assert rematch.rules == match.rules and rematch.ai_levels == (None, "normal")


async def test_idle_partners_are_each_warned_and_one_claim_offer_names_both(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    clock = Clock.from_wall_clock()
    async with gin_bot(fd, tmp_path / "g.sqlite3", seeds=fixed_seeds(6), clock=clock, tick_s=0.1) as bot:
        service = bot.service
        assert service is not None
        lobby = await open_lobby(fd, fd.alice, players=4)
        for user in (fd.bob, fd.carol, fd.dana):
            assert not (await press(fd, user, fd.message(lobby), "Join")).followups
        assert not (await press(fd, fd.alice, fd.message(lobby), "Start")).followups
        board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None)
        info = await service.match_for_channel(fd.channel.id)
        assert info is not None and len(info.humans_to_act) == 2
        idle = {info.players[s] for s in info.to_act}
        assert board.content.count("> to play") == 2  # the board names (mentions) both seats that may move
        second = info.players[info.humans_to_act[1]]  # the board notifies the first; he gets the turn ping
        ping = await fd.wait_for_message(lambda m: m.public and "your turn in" in m.content, timeout=5)
        assert ping.mention_ids == [second]
        waiting = {
            u
            for s, u in enumerate(info.players)
            if s not in info.to_act and any(info.team_of(s) != info.team_of(i) for i in info.to_act)
        }

        timeout = (await service.guild_settings(fd.guild_id)).turn_timeout_s
        clock.advance(timeout + 5)
        await fd.wait_until(
            lambda: len([m for m in fd.channel_messages() if "it is your turn" in m.content]) >= 2 or None, timeout=5
        )
        warnings = [m for m in fd.channel_messages() if "it is your turn" in m.content]
        assert {u for m in warnings for u in m.mention_ids} == idle and all(len(m.mention_ids) == 1 for m in warnings)

        clock.advance(timeout)
        claim = await fd.wait_for_message(
            lambda m: m.public and m.find_component(label="Claim the win") is not None, timeout=5
        )
        assert set(claim.mention_ids) == waiting
        assert all(info.names[s] in claim.content for s in info.to_act)  # both idle players named
        offers = [m for m in fd.channel_messages() if m.find_component(label="Claim the win") is not None]
        assert offers == [claim]  # one offer for the two idle seats
        claimer = next(u for u in fd.humans if u.id in waiting)
        done = await fd.click(claimer, claim, claim.component(label="Claim the win")["custom_id"])
        await done.settled(10)
        end = await fd.wait_for_message(lambda m: m.public and m.find_component(label="Rematch") is not None, timeout=5)
        assert claimer.display_name in end.content and " & " in end.content and "idle too long" in end.content
