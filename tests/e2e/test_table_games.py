"""Colonel, Skarney Gin and Rummy through the stand-in, every move clicked on a live hand message.

Two people (``/gin challenge`` with the game, accept, one My hand each) play a whole match of each
game: draw, then melds and lay-offs from the hand's menus, then a discard (or Skarney's offer);
the Challenge and the offer are answered on the other player's hand. Nobody presses Refresh: a
hand shows its moves because the bot redrew it. Then five seats of Rummy from the Discord lobby,
Alice and Bob and three of the bot's AI.

Every match asserts: each hand's result and the match end posted, no hand in a public payload,
no ERROR logged, every hand message within Discord's limits, after every move every live hand
shows its player's cards as they are now (another's move may change them: a Skarney offer taken),
the board naming who must answer a Challenge or an offer, and an old control clicked again
refused privately with nothing changed. Who plays what is the game's own AI, asked with the
seat's view; the test presses the control carrying that move (the AI's move is always offered).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.ai import chooser_for
from bot.client import GinBot
from bot.engine.tablegames import Act, TableAction, TablePublicView, TableSeatView
from bot.tables import STALE
from fakediscord import FakeDiscord, FakeUser, InteractionRecord, StoredMessage
from render.kit.words import cards_text
from tests.e2e.game_driver import fixed_seeds, gin_bot, posted_challenge, public_hand_leaks, refusal_text, slash
from tests.narrow import narrow

GAMES = ("colonel", "skarney", "rummy")


# -- one person's live hand -------------------------------------------------------------------------


def move_controls(hand: StoredMessage | None) -> list[dict[str, Any]]:
    """The move buttons and menus on a hand message (not Refresh or Cancel)."""
    if hand is None:
        return []
    return [
        c
        for c in hand.all_components()
        if c.get("type") in (2, 3) and "custom_id" in c and not c["custom_id"].endswith((":hand", ":cancel"))
    ]


def within_discord_limits(hand: StoredMessage) -> list[str]:
    """What on a hand message Discord would refuse: rows, buttons a row, options, labels, ids."""
    bad = []
    rows = hand.components or []
    if len(rows) > 5:
        bad.append(f"{len(rows)} rows")
    for row in rows:
        kids = row.get("components", [])
        if len(kids) > 5 or (len(kids) > 1 and any(k.get("type") == 3 for k in kids)):
            bad.append(f"row of {len(kids)} items")
        for k in kids:
            if len(k.get("custom_id", "")) > 100:
                bad.append(f"custom_id {k['custom_id']!r}")
            if k.get("type") == 2 and len(k.get("label") or "") > 80:
                bad.append(f"button label {k['label']!r}")
            options = k.get("options") or []
            if k.get("type") == 3 and not 1 <= len(options) <= 25:
                bad.append(f"menu of {len(options)} options")
            if len({o["value"] for o in options}) != len(options):
                bad.append("repeated option values")
            bad += [f"option {o['label']!r}" for o in options if len(o["label"]) > 100 or len(o["value"]) > 100]
    return bad


@dataclass
class Seat:
    """One person at the table and the ephemeral hand message the bot keeps live for him."""

    fd: FakeDiscord
    user: FakeUser
    seat: int
    hand: StoredMessage | None = None

    async def open_hand(self, board: StoredMessage) -> None:
        ix = await self.fd.click(self.user, board, board.component(label="My hand")["custom_id"])
        self.hand = await ix.final(5)
        assert self.hand.ephemeral and self.hand.interaction_user == self.user

    def version(self) -> int | None:
        versions = {int(c["custom_id"].rsplit(":", 1)[1]) for c in move_controls(self.hand)}
        assert len(versions) <= 1, versions
        return versions.pop() if versions else None

    def offered(self) -> dict[str, tuple[str, str | None]]:
        """Action text -> (custom_id, select value or None) of every move the hand message offers."""
        out: dict[str, tuple[str, str | None]] = {}
        for c in move_controls(self.hand):
            if c["type"] == 2:
                move = c["custom_id"].split(":")[2].removeprefix("ask.").replace(".", " ")
                out[str(TableAction.parse(move))] = (c["custom_id"], None)
            else:
                for o in c["options"]:
                    out[str(TableAction.parse(o["value"]))] = (c["custom_id"], o["value"])
        return out


@dataclass
class Played:
    """What a match through the stand-in did."""

    moves: list[str] = field(default_factory=list)
    kinds: set[Act] = field(default_factory=set)
    by_seat: list[tuple[int, Act]] = field(default_factory=list)  # the humans' moves in order
    stale_refusals: list[str] = field(default_factory=list)
    answers: int = 0  # Challenges and offers a human answered
    turns: int = 0  # times the move passed from one seat to another

    def steps_in_turns(self) -> int:
        """Turns of a human seat with a meld, lay-off or contract between its draw and its discard or offer."""
        count, open_turn, stepped = 0, {}, set()
        for seat, kind in self.by_seat:
            if kind in (Act.DRAW_STOCK, Act.DRAW_PILE):
                open_turn[seat] = True
                stepped.discard(seat)
            elif kind in (Act.MELD, Act.LAYOFF, Act.CONTRACT) and open_turn.get(seat):
                stepped.add(seat)
            elif kind in (Act.DISCARD, Act.OFFER):
                count += seat in stepped and bool(open_turn.get(seat))
                open_turn[seat] = False
                stepped.discard(seat)
        return count


def board_says(fd: FakeDiscord, words: str) -> Callable[[], bool | None]:
    """A probe: the current board's text holds ``words`` (there is no board between a hand's result
    and the next hand's board)."""

    def probe() -> bool | None:
        boards = [m for m in fd.channel_messages() if m.find_component(label="My hand")]
        return (bool(boards) and words in boards[-1].content) or None

    return probe


def showing(seats: list[Seat], version: int) -> Callable[[], Seat | None]:
    """A probe: the seat whose hand message shows the moves of ``version``."""
    return lambda: next((s for s in seats if s.version() == version), None)


async def shows_current_cards(service: Any, fd: FakeDiscord, match_id: int, seat: Seat) -> None:
    """The live hand's picture (its text alternative) shows the seat's cards as they are now."""
    view = await service.seat_view(match_id, seat.user.id)
    if view.finished:
        return
    n, points = len(view.hand), view.hand_points
    held = f"{n} card" + ("" if n == 1 else "s")
    worth = f"{points} point" + ("" if points == 1 else "s")
    cards = f"Your hand ({held}, {worth}): {cards_text(view.hand)}"

    def shown() -> bool | None:
        files = seat.hand.attachments if seat.hand is not None else []
        return (bool(files) and (files[0].description or "").startswith(cards)) or None

    await fd.wait_until(shown, timeout=5, what=f"{seat.user.name}'s hand showing {cards}")


def human_to_act(info: Any, seats: list[Seat]) -> bool:
    return any(s.seat in info.to_act for s in seats)


async def wait_for_bot(bot: GinBot, match_id: int, version: int) -> None:
    """The AI seat's turn: wait (no click) until the bot has moved or the match is over."""
    assert bot.service is not None
    for _ in range(800):
        info = await bot.service.get_match(match_id)
        if info.status != "active" or info.version > version:
            return
        await asyncio.sleep(0.0125)
    raise AssertionError(f"the bot did not move after version {version}")


async def press(fd: FakeDiscord, who: Seat, cid: str, value: str | None, *, force: bool = False) -> InteractionRecord:
    assert who.hand is not None
    if value is None:
        return await fd.click(who.user, who.hand, cid, force=force)
    return await fd.select(who.user, who.hand, cid, [value], force=force)


async def play_match(
    bot: GinBot, fd: FakeDiscord, match_id: int, seats: list[Seat], *, max_moves: int = 1500
) -> Played:
    """Every human seat plays on its live hand only (no Refresh, no My hand again) until the match
    is over; the AI seats are the bot's. Each move is the game's AI's choice for the seat."""
    service = bot.service
    assert service is not None
    rng, clumsy = random.Random(7), random.Random(8)  # the AI's choices; when an old control is pressed
    out = Played()
    last: tuple[Seat, str, str | None] | None = None  # the previous click: pressed again now and then
    for _ in range(max_moves):
        info = await service.get_match(match_id)
        if info.status != "active":
            return out
        version = info.version
        if not human_to_act(info, seats):
            await wait_for_bot(bot, match_id, version)
            continue
        # No click: the bot's own redraw puts this version's moves on the hand of the player to act.
        who = await fd.wait_until(
            showing(seats, version),
            timeout=10,
            what=f"a hand showing the moves of version {version}",
        )
        assert who.seat in info.to_act and who.hand is not None
        assert within_discord_limits(who.hand) == [], within_discord_limits(who.hand)
        assert all(s.version() is None for s in seats if s is not who), "a waiting hand offers moves"
        view = narrow(await service.seat_view(match_id, who.user.id), TableSeatView)
        if view.phase == "respond":  # a Challenge or an offer: the board names who must answer
            answer = f"{info.names[who.seat]} must "
            await fd.wait_until(board_says(fd, answer), timeout=5, what=answer)
            out.answers += 1
        offered = who.offered()
        legal = {str(a) for a in view.legal}
        assert set(offered) <= legal, set(offered) - legal
        want = str(chooser_for(info.game)(view, "normal", rng))
        assert want in offered, (want, sorted(offered))
        cid, value = offered[want]
        if last is not None and clumsy.random() < 0.1:  # an old control pressed again: refused, nothing changes
            ix = await press(fd, *last, force=True)
            out.stale_refusals.append(await refusal_text(ix))
            assert (await service.get_match(match_id)).version == version
        ix = await press(fd, who, cid, value)
        await ix.settled(10)
        assert not ix.followups, f"{want} refused: {[m.content for m in ix.followups]}"
        if ":ask." in cid:  # a move that asks first (the Challenge): its question, then its own button
            assert who.hand.find_component(label="Cancel") is not None, who.hand.content
            ix = await press(fd, who, cid.replace(":ask.", ":", 1), None)
            await ix.settled(10)
            assert not ix.followups, f"{want} refused: {[m.content for m in ix.followups]}"
        last = (who, cid, value)
        for s in seats:  # no live hand is left showing cards its player no longer holds
            await shows_current_cards(service, fd, match_id, s)
        after = await service.get_match(match_id)
        out.turns += after.public.turn != who.seat
        action = TableAction.parse(want)
        out.moves.append(want)
        out.kinds.add(action.kind)
        out.by_seat.append((who.seat, action.kind))
    raise AssertionError("the match did not end")


# -- the tables ------------------------------------------------------------------------------------


async def two_people(fd: FakeDiscord, bot: GinBot, game: str, target: int) -> tuple[int, list[Seat]]:
    """Alice challenges Bob to ``game``, Bob accepts, both open their hands from the first board."""
    assert bot.service is not None
    ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob, game=game, target=target)
    challenge = await posted_challenge(fd, ix)
    await (await fd.click(fd.bob, challenge, challenge.component(label="Accept")["custom_id"])).response()
    board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None)
    match_id = int(board.component(label="My hand")["custom_id"].split(":")[1])
    info = await bot.service.get_match(match_id)
    assert info.game == game
    seats = [Seat(fd, user, info.players.index(user.id)) for user in (fd.alice, fd.bob)]
    for s in seats:
        await s.open_hand(board)
    return match_id, seats


def hand_files_in_public(fd: FakeDiscord) -> list[str]:
    """Public files that are a hand picture, by name or by content."""
    private = {f.data for p in fd.all_payloads() if p.ephemeral for f in p.files}
    return [
        f.filename
        for p in fd.all_payloads()
        if p.public
        for f in p.files
        if "-hand-" in f.filename or f.data in private
    ]


def board_pictures(fd: FakeDiscord, game: str) -> int:
    return sum(1 for p in fd.public_payloads() for f in p.files if f.filename.startswith(f"{game}-table-"))


def pings(fd: FakeDiscord) -> list[StoredMessage]:
    return [m for m in fd.channel_messages(include_deleted=True) if "your turn" in (m.content or "")]


async def set_grace(fd: FakeDiscord, seconds: int) -> None:
    """The server's quiet period (Dana manages the server): no ping, and a move inside a turn in words later."""
    ix = await fd.slash(fd.dana, "gin-admin", subcommand="settings", options={"ping_grace": seconds})
    assert f"{seconds} second" in (await ix.final()).content


def errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def check_match_end(bot: GinBot, fd: FakeDiscord, match_id: int, game: str) -> int:
    """Every hand's result and the match end are in the channel; returns the hands played."""
    assert bot.service is not None
    info = await bot.service.get_match(match_id)
    assert info.status == "finished"
    hands = narrow(info.public, TablePublicView).hands_played
    await fd.wait_for_message(lambda m: m.public and m.find_component(label="Rematch") is not None, timeout=5)
    posted = {f.filename for p in fd.public_payloads() for f in p.files}
    assert {f"{game}-result-{n}.png" for n in range(1, hands + 1)} <= posted, sorted(posted)
    assert f"{game}-match-end.png" in posted
    return hands


@dataclass(frozen=True)
class Case:
    target: int
    seed: int  # the deal seed: a short match that has what ``must`` names
    must: frozenset[Act]  # moves that must have been made through the hands


TWO_PEOPLE = {
    "colonel": Case(30, 11, frozenset({Act.MELD, Act.LAYOFF, Act.CHALLENGE, Act.ACCEPT, Act.REJECT, Act.DRAW_PILE})),
    "skarney": Case(25, 6, frozenset({Act.CONTRACT, Act.MELD, Act.LAYOFF, Act.OFFER, Act.ACCEPT, Act.REJECT})),
    "rummy": Case(20, 11, frozenset({Act.MELD, Act.LAYOFF, Act.DRAW_PILE})),
}


@pytest.mark.parametrize("game", GAMES)
async def test_two_people_play_a_whole_match_on_their_live_hands(
    game: str, fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fd = fake_discord
    caplog.set_level(logging.INFO)
    case = TWO_PEOPLE[game]
    async with gin_bot(fd, tmp_path / "t.sqlite3", seeds=fixed_seeds(case.seed)) as bot:
        await set_grace(fd, 30)  # every move below comes well within it
        match_id, seats = await two_people(fd, bot, game, case.target)
        played = await play_match(bot, fd, match_id, seats)
        hands = await check_match_end(bot, fd, match_id, game)
    assert hands >= 2
    # the turns of several clicks: melds and lay-offs between a draw and a discard (or offer), the
    # Challenge and the offer answered on the other player's hand, old controls refused privately
    assert case.must <= played.kinds, case.must - played.kinds
    assert played.steps_in_turns() >= 3
    assert (played.answers > 0) == (game != "rummy")
    assert played.stale_refusals and set(played.stale_refusals) == {STALE}
    # a quiet channel: no ping while both hands are live; a picture per turn at most (moves inside a
    # turn are not drawn), plus each hand's first board
    assert pings(fd) == []
    assert board_pictures(fd, game) <= played.turns + hands + 1
    assert public_hand_leaks(fd) == [] and hand_files_in_public(fd) == []
    assert errors(caplog) == []


async def lobby_of_five(fd: FakeDiscord, bot: GinBot, options: str) -> tuple[int, list[Seat]]:
    """Alice opens a Rummy table of five in the Discord lobby inviting Bob; Bob joins, Alice gives the
    three empty seats to the bot's AI and starts; both open their hands from the first board."""
    assert bot.service is not None
    ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob, game="rummy", players=5, options=options)
    assert (await ix.final(5)).ephemeral
    lobby = await fd.wait_for_message(lambda m: m.public and m.find_component(label="Join") is not None, timeout=5)
    await (await fd.click(fd.bob, lobby, lobby.component(label="Join")["custom_id"])).settled(5)
    for _ in range(3):
        menu = next(c for c in lobby.all_components() if c.get("type") == 3)
        await (await fd.select(fd.alice, lobby, menu["custom_id"], ["normal"])).settled(5)
    start = lobby.component(label="Start")
    assert not start.get("disabled"), lobby.content
    await (await fd.click(fd.alice, lobby, start["custom_id"])).settled(5)
    board = await fd.wait_for_message(lambda m: m.public and m.find_component(label="My hand") is not None, timeout=5)
    match_id = int(board.component(label="My hand")["custom_id"].split(":")[1])
    info = await bot.service.get_match(match_id)
    assert info.game == "rummy" and len(info.players) == 5 and sum(map(info.is_ai, range(5))) == 3
    seats = [Seat(fd, user, info.players.index(user.id)) for user in (fd.alice, fd.bob)]
    for s in seats:
        await s.open_hand(board)
    return match_id, seats


async def test_five_seats_of_rummy_three_of_them_the_bot(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fd = fake_discord
    caplog.set_level(logging.INFO)
    async with gin_bot(fd, tmp_path / "t.sqlite3", seeds=fixed_seeds(5), ai_delay_s=0.0) as bot:
        await set_grace(fd, 30)
        match_id, seats = await lobby_of_five(fd, bot, "length=hands:2")
        played = await play_match(bot, fd, match_id, seats)
        hands = await check_match_end(bot, fd, match_id, "rummy")
        assert bot.service is not None
        moves = (await bot.service.get_match(match_id)).version
    assert hands == 2 and moves > len(played.moves) > 10  # the bot's three seats played too
    assert {Act.MELD, Act.DISCARD} <= played.kinds and played.steps_in_turns() >= 1
    assert set(played.stale_refusals) <= {STALE} and pings(fd) == []
    assert public_hand_leaks(fd) == [] and hand_files_in_public(fd) == []
    assert errors(caplog) == []


async def test_a_move_inside_a_turn_reaches_the_board_in_words_after_the_quiet_period(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "t.sqlite3", seeds=fixed_seeds(11)) as bot:
        await set_grace(fd, 1)
        match_id, seats = await two_people(fd, bot, "rummy", 20)
        mover = await fd.wait_until(lambda: next((s for s in seats if s.version() is not None), None), timeout=5)
        assert bot.service is not None and mover.hand is not None
        name = (await bot.service.get_match(match_id)).names[mover.seat]
        pictures = board_pictures(fd, "rummy")
        cid, _ = mover.offered()["draw stock"]
        await (await press(fd, mover, cid, None)).settled(5)
        # the draw does not end the turn: no new picture, its words once the quiet period is over
        await fd.wait_until(board_says(fd, f"{name} drew from the stock"), timeout=5, what="the draw in words")
        assert board_pictures(fd, "rummy") == pictures
        discard = next(a for a in mover.offered() if a.startswith("discard "))
        cid, value = mover.offered()[discard]
        await (await press(fd, mover, cid, value)).settled(5)
        # the discard ends the turn: the board's picture is drawn at once
        await fd.wait_until(lambda: board_pictures(fd, "rummy") == pictures + 1 or None, timeout=5, what="a picture")
    assert public_hand_leaks(fd) == [] and hand_files_in_public(fd) == []
