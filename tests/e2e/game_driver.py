"""Drive the real GinBot through the Discord stand-in like two people would.

- ``gin_bot(fd, db)``: a GinBot (real service, real SQLite file, real renderer) connected to the
  stand-in, deals seeded so a test knows what will happen;
- ``Player``: one person's ephemeral hand message; ``act()`` presses the control ``policy`` picks
  among the moves the bot put on that message (so the test uses only what the bot offers);
- ``find_full_match_seed``: the same ``policy`` run offline on the engine, to pick a deal seed
  whose match has a knock, an undercut and a gin and is short.

Why not ``bot.ai.greedy.greedy_action`` like the other tests: a Player sees only the controls
(it has no SeatView: the bot may run in another process), and a short match needs a knock, an
undercut AND a gin, which two greedy players (both knocking with the least deadwood) rarely
give. So the driver keeps this one deliberate policy (deterministic, reads only the offered
moves): pass the upcard, draw from the stock, big gin / gin when offered; seat 0 ("the
knocker") knocks as soon as a knock is offered, with the LAST knock option (the most deadwood:
invites undercuts); otherwise discard the first option (the one leaving the least deadwood).
"""

from __future__ import annotations

import contextlib
import functools
import random
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.discord_clicks import offered_moves, policy
from bot.client import GinBot
from bot.config import Settings
from bot.constants import DISCORD_RATE
from bot.engine.gin import Match, seat_view
from bot.engine.knock import Action, ActionKind, preset
from bot.i18n import LANGUAGES, PSEUDO, texts
from bot.tables import TableService
from cogs.gin import Desk
from cogs.gin.messages import BUSY_HAND, BUSY_MOVE, HAND_OVER_NOTE, MATCH_OVER_NOTE
from fakediscord import FakeDiscord, FakeUser, InteractionRecord, MessageSnapshot, StoredMessage, running_bot

FULL_MATCH_TARGET = 50


# -- the policy (the same one bench.discord_clicks measures clicks with) ----------------------------


def simulate(seed: int, target: int) -> Match:
    m = Match.new(preset("standard", target=target), seed)
    while not m.finished:
        seat = m.turn
        assert seat is not None
        m.apply(seat, policy(offered_moves(seat_view(m, seat)), seat))
    return m


@functools.cache
def find_full_match_seed(target: int = FULL_MATCH_TARGET, first: int = 95, tries: int = 400) -> tuple[int, list[str]]:
    """A deal seed whose policy match has a knock, an undercut and a gin (95 did when written)."""
    for seed in [first, *range(tries)]:
        outcomes: list[str] = [h.outcome for h in simulate(seed, target).history]
        if {"knock", "undercut", "gin"} <= set(outcomes):
            return seed, outcomes
    raise AssertionError("no seed with knock, undercut and gin: did the engine change?")


def fixed_seeds(*seeds: int) -> Callable[[], int]:
    """A service seed_source that hands out these seeds, then a seeded random stream."""
    queue = list(seeds)
    rng = random.Random(1234)
    return lambda: queue.pop(0) if queue else rng.getrandbits(63)


# -- the bot ---------------------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def gin_bot(
    fd: FakeDiscord,
    db: Path | str,
    *,
    seeds: Callable[[], int] | None = None,
    ai_delay_s: float = 0.0,
    tick_s: float = 0.2,
    sync: bool = True,
    discord_rate: float = DISCORD_RATE,
    **kw: Any,
) -> AsyncIterator[GinBot]:
    """A real GinBot on ``db``, connected to the stand-in, commands synced to its guild."""
    settings = Settings(
        token="fake-token",
        db_path=db,
        dev_guild=fd.guild_id if sync else None,
        log_level="INFO",
        discord_rate=discord_rate,
    )
    bot = GinBot(settings, seed_source=seeds, ai_delay_s=ai_delay_s, tick_s=tick_s, sync=sync, **kw)
    async with running_bot(fd, bot=bot) as running:
        yield running


def states(message: StoredMessage) -> list[MessageSnapshot | StoredMessage]:
    """Every state a message has shown, oldest first: its snapshot before each edit, then itself."""
    return [*message.history, message]


def service_of(bot: GinBot) -> TableService:
    """A running bot's table service (its setup_hook opened it)."""
    assert bot.service is not None, "the bot is not running"
    return bot.service


def desk_of(bot: GinBot) -> Desk:
    """A running bot's Desk (its setup_hook built it)."""
    assert bot.desk is not None, "the bot is not running"
    return bot.desk


# -- players ---------------------------------------------------------------------------------------


def ask_free(custom_id: str) -> str:
    """The move button a question shows for an asking button (``gin:1:ask.knock.7H:5`` -> ``gin:1:knock.7H:5``)."""
    return custom_id.replace(":ask.", ":", 1)


def _component_id(message: StoredMessage, pattern: str) -> str | None:
    return next(
        (c["custom_id"] for c in message.all_components() if re.fullmatch(pattern, c.get("custom_id", ""))), None
    )


def my_hand_id(message: StoredMessage) -> str | None:
    """The id of a board's My hand button (found by its id: its label is in the server's language)."""
    return _component_id(message, r"gin:\d+:hand")


def accept_id(message: StoredMessage) -> str | None:
    """The id of a challenge's Accept button."""
    return _component_id(message, r"ginc:\d+:accept")


class Player:
    """One person at the table, with the ephemeral hand message the bot gave them (and keeps live)."""

    def __init__(self, fd: FakeDiscord, user: FakeUser, seat: int) -> None:
        self.fd, self.user, self.seat = fd, user, seat
        self.hand: StoredMessage | None = None
        self.match_id: int | None = None
        self.ended = False

    async def open_hand(self, board: StoredMessage) -> StoredMessage:
        """Press My hand on the board: a new ephemeral hand message."""
        cid = my_hand_id(board)
        assert cid is not None, "no My hand button on the board"
        self.match_id = int(cid.split(":")[1])
        ix = await self.fd.click(self.user, board, cid)
        answer = await ix.response()
        assert answer.ephemeral, "the hand must be ephemeral"
        self.hand = await ix.final()
        assert self.hand.ephemeral and self.hand.interaction_user == self.user
        return self.hand

    async def refresh(self) -> None:
        """Press Refresh (only there while it is not this player's turn)."""
        assert self.hand is not None
        ix = await self.fd.click(self.user, self.hand, f"gin:{self.match_id}:hand")
        await ix.settled(5.0)
        if ix.followups and "match is over" in ix.followups[0].content:  # ended by the other side
            self.ended = True
            return
        assert not ix.followups, f"refresh refused: {[m.content for m in ix.followups]}"
        await self._drawn()

    @property
    def clicks(self) -> int:
        """Physical clicks this player has made so far: a button press is one, a menu choice two
        (open the menu, pick)."""
        return sum(2 if r.data.get("component_type") == 3 else 1 for r in self.fd.clicks(self.user))

    def controls(self) -> list[dict[str, Any]]:
        """The move controls on the hand message (not Refresh or Cancel)."""
        assert self.hand is not None
        return [
            c
            for c in self.hand.all_components()
            if "custom_id" in c and not c["custom_id"].endswith((":hand", ":cancel")) and c.get("type") in (2, 3)
        ]

    @property
    def version(self) -> int | None:
        for c in self.controls():
            return int(c["custom_id"].rsplit(":", 1)[1])
        return None

    def offered(self) -> list[tuple[Action, str, list[str] | None]]:
        """(move, custom_id, select values or None) for every move the hand message offers, in its order.
        Button ids carry the move (``gin:<match>:<move>:<version>``, ``.`` for the space; a move that
        asks first: ``ask.<move>``), select options carry it as their value."""
        out: list[tuple[Action, str, list[str] | None]] = []
        for c in self.controls():
            if c.get("type") == 2:
                move = c["custom_id"].split(":")[2].removeprefix("ask.")
                out.append((Action.parse(move.replace(".", " ")), c["custom_id"], None))
            else:
                out += [(Action.parse(o["value"]), c["custom_id"], [o["value"]]) for o in c.get("options", [])]
        return out

    def choice(self) -> tuple[str, list[str] | None]:
        """(custom_id, select values or None) the policy presses now."""
        offered = self.offered()
        action = policy([a for a, _, _ in offered], self.seat)
        return next((cid, values) for a, cid, values in offered if a == action)

    async def act(self) -> Action:
        """Press the policy's control and wait for the hand message to be redrawn; a move that asks
        first (a knock) is then confirmed with the question's own button. Returns the move."""
        assert self.hand is not None
        offered = self.offered()
        action = policy([a for a, _, _ in offered], self.seat)
        cid, values = next((cid, values) for a, cid, values in offered if a == action)
        if values is None:
            ix = await self.fd.click(self.user, self.hand, cid)
        else:
            ix = await self.fd.select(self.user, self.hand, cid, values)
        await ix.settled(5.0)
        assert not ix.followups, f"move refused: {[m.content for m in ix.followups]}"
        await self._drawn()
        yes = ask_free(cid) if ":ask." in cid else None
        cancel = self._cancel()
        if yes is None and values is not None and cancel is not None:
            yes = next(c["custom_id"] for c in self.hand.buttons() if c.get("custom_id") != cancel)
        if yes is not None:  # the question: its own button plays the move
            assert self._cancel() is not None, self.hand.content
            ix = await self.fd.click(self.user, self.hand, yes)
            await ix.settled(5.0)
            assert not ix.followups, f"move refused: {[m.content for m in ix.followups]}"
            await self._drawn()
        return action

    async def _drawn(self) -> None:
        """Wait past the busy notice: when pictures queue up the bot first edits the hand to say the
        move is saved (no controls) and draws it afterwards; a test reading the controls in between
        would take the turn for over."""
        await self.fd.wait_until(
            lambda: not (self._says(BUSY_MOVE) or self._says(BUSY_HAND)) or None,
            timeout=10,
            what=f"{self.user.name}'s hand drawn after the busy notice",
        )

    def _cancel(self) -> str | None:
        """The id of the question's Cancel button (in any language: it is the board's My hand id)."""
        assert self.hand is not None
        return next(
            (c["custom_id"] for c in self.hand.buttons() if re.fullmatch(r"gin:\d+:hand", c.get("custom_id", ""))),
            None,
        )

    def _says(self, note: str) -> bool:
        """Whether the hand message carries ``note`` in any language the bot writes (the test's
        pseudo-language included)."""
        content = (self.hand.content or "") if self.hand is not None else ""
        return any(texts(lang)._(note).split(":")[0] in content for lang in (*LANGUAGES, PSEUDO))

    @property
    def match_over(self) -> bool:
        return self.ended or self._says(MATCH_OVER_NOTE)

    @property
    def hand_over(self) -> bool:
        return self._says(HAND_OVER_NOTE)

    async def wait_for_turn(self, within_s: float = 5.0) -> None:
        """Wait, without a click, until this player's live hand shows moves or the match is over (the
        bot redraws it after the opponent's move, the bot's own included)."""
        await self.fd.wait_until(
            lambda: self.match_over or bool(self.controls()) or None,
            timeout=within_s,
            what=f"{self.user.name}'s hand to show moves",
        )


@dataclass
class TurnRecord:
    """One player's turn as played through the stand-in."""

    seat: int
    moves: list[Action]
    clicks: int  # physical clicks during the turn (a menu choice is two: open, pick)
    wait_s: float  # from the previous turn's last click to the edit that showed this player's moves (no click)

    @property
    def ordinary(self) -> bool:
        """A draw, then a plain discard."""
        kinds = [a.kind for a in self.moves]
        return kinds in ([ActionKind.DRAW_STOCK, ActionKind.DISCARD], [ActionKind.DRAW_DISCARD, ActionKind.DISCARD])


Check = Callable[[Player], Awaitable[None]]


async def play_turns(
    players: list[Player], max_moves: int = 2000, *, check: Check | None = None, within_s: float = 5.0
) -> list[TurnRecord]:
    """Play until the match ends: nobody ever presses Refresh; the player to move is the one whose
    hand message the bot has redrawn with moves. ``check(player)`` runs when a turn's controls
    appear (before any click). A turn ends when the player's moves are gone or his hand ended."""
    fd = players[0].fd
    turns: list[TurnRecord] = []
    moves = 0
    last_click: float | None = None  # the previous turn's last click
    while moves < max_moves:
        before = [p.clicks for p in players]
        mover = await fd.wait_until(
            lambda: (
                next((p for p in players if p.match_over), None) or next((p for p in players if p.controls()), None)
            ),
            timeout=within_s,
            what="a player's hand to show moves",
        )
        if mover.match_over:
            return turns
        assert [p.clicks for p in players] == before, "a hand needed a click to show its moves"
        assert mover.hand is not None
        # from the opponent's last click to the edit that put the moves on this hand (a snapshot's
        # time is when the message was edited)
        shown = mover.hand.history[-1].at if mover.hand.history else time.perf_counter()
        waited = shown - last_click if last_click is not None else 0.0
        if check is not None:
            await check(mover)
        acted: list[Action] = []
        while mover.controls() and not mover.match_over:
            acted.append(await mover.act())
            moves += 1
            if mover.hand_over:
                break
        turns.append(TurnRecord(mover.seat, acted, mover.clicks - before[players.index(mover)], waited))
        last_click = fd.clicks(mover.user)[-1].sent_at
        if mover.match_over:
            return turns
    raise AssertionError("the match did not end")


async def play_out(players: list[Player], max_moves: int = 2000) -> int:
    """Both players take turns through their live hand messages until the match ends; returns moves."""
    return sum(len(t.moves) for t in await play_turns(players, max_moves))


async def slash(fd: FakeDiscord, who: FakeUser, sub: str, /, **options: Any) -> InteractionRecord:
    ix = await fd.slash(who, "gin", subcommand=sub, options=options)
    await ix.response()
    return ix


async def posted_challenge(fd: FakeDiscord, ix: InteractionRecord) -> StoredMessage:
    """The public challenge a /gin challenge (or the user menu) posted. The command is answered
    privately at once, before the database; the challenge is then its own channel message."""
    answer = await ix.final(5)
    assert answer.ephemeral, f"the command's own answer must be private: {answer.content!r}"
    # One open challenge per channel, and a closed one loses its buttons: the one with Accept is it.
    return await fd.wait_for_message(
        lambda m: m.public and m.channel_id == ix.channel_id and accept_id(m) is not None, timeout=5
    )


async def start_match(fd: FakeDiscord, **options: Any) -> tuple[Player, Player]:
    """Alice challenges Bob (with the command's ``options``), Bob accepts; both open their hands
    from the first board."""
    ix = await slash(fd, fd.alice, "challenge", opponent=fd.bob, **options)
    msg = await posted_challenge(fd, ix)
    accept = accept_id(msg)
    assert accept is not None
    await (await fd.click(fd.bob, msg, accept)).response()
    board = await fd.wait_for_message(lambda m: m.public and my_hand_id(m) is not None)
    alice, bob = Player(fd, fd.alice, 0), Player(fd, fd.bob, 1)
    await alice.open_hand(board)
    await bob.open_hand(board)
    return alice, bob


async def refusal_text(ix: InteractionRecord) -> str:
    """The ephemeral refusal of an interaction: the answer itself or the first follow-up."""
    answer = await ix.response()
    if answer.type == 4:
        assert answer.ephemeral, f"refusal not ephemeral: {answer.content!r}"
        return answer.content or ""
    if answer.type == 5:  # deferred 'thinking' (ephemeral): the refusal replaces it
        assert answer.ephemeral, "deferred refusal not ephemeral"
        return (await ix.final()).content
    msg = await ix.followup(0)
    assert msg.ephemeral, f"refusal follow-up not ephemeral: {msg.content!r}"
    return msg.content


def stale_boards(fd: FakeDiscord) -> list[StoredMessage]:
    """Public messages other than the current board that still show a turn in progress: a table
    picture, a 'to play' or 'thinking' line, or the board's buttons."""
    current = [m for m in fd.channel_messages() if my_hand_id(m)]
    out = []
    for m in fd.channel_messages():
        if current and m is current[-1]:
            continue
        if (
            (any(a.filename.startswith("table-") for a in m.attachments) and "match over" not in m.content)
            or " to play" in m.content
            or "is thinking" in m.content
            or my_hand_id(m)
        ):
            out.append(m)
    return out


def board_of(fd: FakeDiscord) -> StoredMessage:
    """The newest public message with a My hand button (the current board)."""
    boards = [m for m in fd.channel_messages() if my_hand_id(m)]
    assert boards, "no board posted"
    return boards[-1]


def is_hand_file(filename: str) -> bool:
    """A private hand's picture: 'hand-…' (two-player Gin) or '<game>-hand-…' (every other table)."""
    return filename.startswith("hand-") or "-hand-" in filename


def public_hand_leaks(fd: FakeDiscord) -> list[str]:
    """Every public payload that carries a hand picture or a hand's text alternative."""
    hand_pngs = {f.data for p in fd.all_payloads() if p.ephemeral for f in p.files if is_hand_file(f.filename)}
    leaks = []
    for p in fd.all_payloads():
        if not p.public:
            continue
        for f in p.files:
            if is_hand_file(f.filename) or f.data in hand_pngs:
                leaks.append(f"{p.kind} {p.path}: file {f.filename}")
        for text in p.texts():
            if "Your hand" in text:
                leaks.append(f"{p.kind} {p.path}: text {text[:80]!r}")
        for att in p.message_data.get("attachments") or []:
            if "Your hand" in str(att.get("description", "")):
                leaks.append(f"{p.kind} {p.path}: attachment description")
    return leaks


__all__ = [
    "Player",
    "TurnRecord",
    "ask_free",
    "board_of",
    "find_full_match_seed",
    "fixed_seeds",
    "gin_bot",
    "offered_moves",
    "play_out",
    "play_turns",
    "policy",
    "posted_challenge",
    "public_hand_leaks",
    "refusal_text",
    "simulate",
    "slash",
    "stale_boards",
]
