"""Nothing a player sees goes missing: the outbox survives crashes, a locked database is answered
at once, DMs are refused without writing, a repeated nonce yields one message.

- kill and restart: a real bot process is SIGKILLed 0-50 ms after a knock, after a gin that ends
  a match and after a resign is confirmed; a new process on the same database must post every
  committed hand result and match end exactly once, and every active match must have a board
  showing its current hand. ``GIN_DURABLE_CYCLES`` (default 2) cycles of the three kills.
- an external writer holds the write lock longer than the bot's busy timeout while players use the
  bot: everything is acknowledged within 3 s and answered (really, or with the busy reason), and
  nothing is left invisible once the lock is gone.
"""

# ruff: noqa: ASYNC109, ASYNC110  (waits take a timeout; the database is polled: it is another process's file)

from __future__ import annotations

import asyncio
import collections
import os
import random
import re
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.engine.knock import Action, ActionKind
from fakediscord import BotProcess, FakeDiscord, InteractionRecord, StoredMessage
from tests.e2e.game_driver import Player, ask_free, fixed_seeds, gin_bot, play_out, refusal_text, slash
from tests.store.helpers import query

BUSY = "The database is busy; try again in a moment: nothing was changed."
CANNOT_SAVE = "I cannot save games right now"
GUILD_ONLY = "The game commands work only in a server, not in direct messages."
RESULT = re.compile(r"\*\*hand \d+ is over\*\*")
CYCLES = int(os.environ.get("GIN_DURABLE_CYCLES", "2"))


# -- reading the database as another process would ----------------------------------------------


def match_id_of(m: StoredMessage, label: str) -> int | None:
    comp = m.find_component(label=label)
    return int(comp["custom_id"].split(":")[1]) if comp else None


def is_result(m: StoredMessage) -> bool:
    """A hand's result: the board edited into it (a draw has no picture) or a message of its own."""
    return bool(RESULT.search(m.content or "")) or any(a.filename.startswith("result-") for a in m.attachments)


# -- kill and restart -------------------------------------------------------------------------------


def choose(offered: list[tuple[Action, str, list[str] | None]], knock: bool) -> tuple[Action, str, list[str] | None]:
    """Pass, draw from the stock, gin; knock (the first knock offered) if ``knock``; else the
    discard leaving the least deadwood."""
    for kind in (ActionKind.PASS, ActionKind.DRAW_STOCK, ActionKind.BIG_GIN, ActionKind.GIN):
        for o in offered:
            if o[0].kind is kind:
                return o
    if knock:
        for o in offered:
            if o[0].kind is ActionKind.KNOCK:
                return o
    return next(o for o in offered if o[0].kind is ActionKind.DISCARD)


@dataclass
class Crashes:
    """A bot process that the test kills and restarts on the same database."""

    fd: FakeDiscord
    db: Path
    rng: random.Random
    proc: BotProcess | None = None
    restarts: int = 0
    kills: collections.Counter[str] = field(default_factory=collections.Counter)
    committed: collections.Counter[str] = field(default_factory=collections.Counter)
    outputs: list[str] = field(default_factory=list)
    # set for the last cycle: if no kill has yet come after a commit, the next one waits for it
    make_sure: bool = False

    def after_commit(self) -> int:
        """Kills that came after the hand's end (or the resign) was committed."""
        return self.committed["knock"] + self.committed["gin"] + self.committed["resign"]

    def env(self) -> dict[str, str]:
        return {
            "GIN_DB": str(self.db),
            "GIN_SEED": str(21 + self.restarts),
            "GIN_AI_DELAY": "0",
            "GIN_TICK": "0.3",
            "GIN_LOG_LEVEL": "INFO",
        }

    async def start(self) -> None:
        self.proc = BotProcess(self.fd, [], env=self.env())
        await self.proc.start()

    async def kill_soon(self, kind: str) -> None:
        """The crash: SIGKILL 0-50 ms after the click that was just injected, then a new process."""
        await asyncio.sleep(self.rng.uniform(0.0, 0.05))
        assert self.proc is not None
        await self.proc.kill()
        self.outputs.append(self.proc.output)
        self.kills[kind] += 1
        self.restarts += 1
        await self.start()

    async def stop(self) -> None:
        if self.proc is not None:
            await self.proc.stop()
            self.outputs.append(self.proc.output)

    # -- the checks ---------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """What a player would miss (or see twice), judged against the database."""
        fd, db = self.fd, self.db
        out: list[str] = []
        pending = query(db, "SELECT id, match_id, kind FROM outbox WHERE done_at IS NULL")
        if pending:
            out.append(f"outbox rows not done: {pending}")
        public = fd.channel_messages()
        results = [m for m in public if is_result(m)]
        hands = query(db, "SELECT match_id, number FROM hands")
        if len(results) != len(hands):
            out.append(f"{len(results)} result messages for {len(hands)} finished hands")
        posted = query(db, "SELECT match_id, version, message_id FROM outbox WHERE kind = 'hand_result'")
        ids = [r[2] for r in posted]
        if len(set(ids)) != len(ids):
            out.append(f"two hand results share a message: {posted}")
        result_ids = {m.id for m in results}
        for match_id, version, message_id in posted:
            if message_id not in result_ids:
                m = fd.store.messages.get(message_id) if message_id else None
                seen = (
                    f"now {m.content[:160]!r}, files {[a.filename for a in m.attachments]}; before: "
                    + " | ".join(f"{h.content[:90]!r} {[a.filename for a in h.attachments]}" for h in m.history[-3:])
                    if m
                    else "no such message"
                )
                out.append(
                    f"match {match_id} v{version}: hand result row points at message {message_id}, "
                    f"which is not a result ({seen})"
                )
        ended = {r[0] for r in query(db, "SELECT id FROM matches WHERE status != 'active'")}
        ends = collections.Counter(match_id_of(m, "Rematch") for m in public if m.find_component(label="Rematch"))
        if ends != collections.Counter(ended):
            out.append(f"match end messages by match {dict(ends)}, ended matches {sorted(ended)}")
        for match_id, board_id in query(db, "SELECT id, board_message_id FROM matches WHERE status = 'active'"):
            number = query(db, "SELECT COUNT(*) FROM hands WHERE match_id = ?", match_id)[0][0] + 1
            boards = [m for m in public if match_id_of(m, "My hand") == match_id]
            if len(boards) != 1:
                out.append(f"active match {match_id}: {len(boards)} boards with My hand")
                continue
            if f"hand {number}" not in boards[0].content:
                out.append(f"active match {match_id}: board shows {boards[0].content[:120]!r}, not hand {number}")
            if board_id != boards[0].id:
                out.append(f"active match {match_id}: matches.board_message_id {board_id} != board {boards[0].id}")
        return out

    async def settled(self, timeout: float = 10.0) -> None:
        """Wait until nothing is missing (the new process posts the outbox and refreshes the boards)."""
        deadline = time.monotonic() + timeout
        while True:
            found = self.problems()
            if not found:
                return
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"after restart {self.restarts}: "
                    + "; ".join(found)
                    + f"\n--- bot output ---\n{self.proc.output[-3000:] if self.proc else ''}"
                )
            await asyncio.sleep(0.05)


async def open_match(fd: FakeDiscord, target: int | None) -> tuple[Player, Player, int]:
    """Alice challenges Bob (at ``target``), Bob accepts; both open their hands on the new board."""
    before = {match_id_of(m, "My hand") for m in fd.channel_messages()}
    options: dict[str, Any] = {"opponent": fd.bob} | ({"target": target} if target else {})
    ix = await slash(fd, fd.alice, "challenge", **options)
    msg = await ix.final()
    if msg.find_component(label="Accept") is None:  # answered privately; the challenge is in the channel
        msg = await fd.wait_for_message(
            lambda m: m.public and m.find_component(label="Accept") is not None and m.interaction_id != ix.id, timeout=5
        )
    accept = await fd.click(fd.bob, msg, msg.component(label="Accept")["custom_id"])
    await accept.response()
    board = await fd.wait_for_message(
        lambda m: m.public and match_id_of(m, "My hand") not in (None, *before), timeout=5
    )
    match_id = match_id_of(board, "My hand")
    assert match_id is not None
    alice, bob = Player(fd, fd.alice, 0), Player(fd, fd.bob, 1)
    await alice.open_hand(board)
    await bob.open_hand(board)
    return alice, bob, match_id


async def reopen(fd: FakeDiscord, players: list[Player], match_id: int) -> None:
    """After a restart: both players press My hand on the current board (fresh hand messages)."""
    board = next(m for m in reversed(fd.channel_messages()) if match_id_of(m, "My hand") == match_id)
    for p in players:
        await p.open_hand(board)


async def play_until_hand_end(
    crashes: Crashes, players: list[Player], match_id: int, *, knock: bool, kind: str, max_moves: int = 400
) -> None:
    """Play (``knock``: knock as soon as offered; else only a gin ends a hand) and kill the bot right
    after the click that ends a hand (a knock or gin confirmed)."""
    fd, db = crashes.fd, crashes.db
    for _ in range(max_moves):
        mover = await fd.wait_until(
            lambda: next((p for p in players if p.controls()), None), timeout=5, what="a player's hand to show moves"
        )
        action, cid, values = choose(mover.offered(), knock)
        ending = action.kind in (ActionKind.KNOCK, ActionKind.GIN, ActionKind.BIG_GIN)
        assert mover.hand is not None
        if values is not None:
            ix = await fd.select(mover.user, mover.hand, cid, values)
        else:
            ix = await fd.click(mover.user, mover.hand, cid)
        yes = ask_free(cid) if ":ask." in cid else None
        if yes is None and values is not None:
            await ix.settled(5.0)
            if mover.hand.find_component(label="Cancel") is not None:
                yes = next(c["custom_id"] for c in mover.hand.buttons() if c.get("label") != "Cancel")
        if yes is not None:
            await ix.settled(5.0)
            assert not ix.followups, [m.content for m in ix.followups]
            ix = await fd.click(mover.user, mover.hand, yes)
        if ending:
            hands_before = query(db, "SELECT COUNT(*) FROM hands WHERE match_id = ?", match_id)[0][0]
            if crashes.make_sure and crashes.after_commit() == 0:  # the crash-after-commit path must run once
                for _ in range(500):
                    if query(db, "SELECT COUNT(*) FROM hands WHERE match_id = ?", match_id)[0][0] > hands_before:
                        break
                    await asyncio.sleep(0.01)
            await crashes.kill_soon(kind)
            if query(db, "SELECT COUNT(*) FROM hands WHERE match_id = ?", match_id)[0][0] > hands_before:
                crashes.committed[kind] += 1
            return
        await ix.settled(5.0)
        assert not ix.followups, f"move refused: {[m.content for m in ix.followups]}"
    raise AssertionError("no hand end")


def status_of(db: Path, match_id: int) -> str:
    return str(query(db, "SELECT status FROM matches WHERE id = ?", match_id)[0][0])


async def test_kill_after_knock_gin_and_resign_loses_nothing(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    db = tmp_path / "gin.sqlite3"
    crashes = Crashes(fd, db, random.Random(7))
    await crashes.start()
    try:
        for cycle in range(CYCLES):
            crashes.make_sure = cycle == CYCLES - 1
            # a knock in a long match (target 100): the hand's result, and the next hand's board
            alice, bob, match_id = await open_match(fd, None)
            await play_until_hand_end(crashes, [alice, bob], match_id, knock=True, kind="knock")
            await crashes.settled()
            if status_of(db, match_id) == "active":
                # a resign (confirmed), then the crash
                await reopen(fd, [alice, bob], match_id)
                ask = await slash(fd, fd.bob, "resign")
                question = await ask.final()
                await fd.click(fd.bob, question, question.component(label="Yes, resign the match")["custom_id"])
                await crashes.kill_soon("resign")
                if status_of(db, match_id) != "active":
                    crashes.committed["resign"] += 1
                await crashes.settled()
            if status_of(db, match_id) == "active":  # the crash came before the resign: resign again
                ask = await slash(fd, fd.bob, "resign")
                question = await ask.final()
                sure = await fd.click(fd.bob, question, question.component(label="Yes, resign the match")["custom_id"])
                await sure.settled(5.0)
                await crashes.settled()
            assert status_of(db, match_id) != "active"
            # a gin that ends a match (target 10: any gin is enough; nobody knocks)
            alice, bob, match_id = await open_match(fd, 10)
            while status_of(db, match_id) == "active":
                await play_until_hand_end(crashes, [alice, bob], match_id, knock=False, kind="gin")
                await crashes.settled()
                if status_of(db, match_id) == "active":
                    await reopen(fd, [alice, bob], match_id)
            crashes.committed["gin ended the match"] += 1
            await crashes.settled()
    finally:
        await crashes.stop()
    counts = f"kills {dict(crashes.kills)}, hand end / resign committed before the kill {dict(crashes.committed)}"
    assert crashes.kills["knock"] == CYCLES and crashes.kills["gin"] >= CYCLES, counts
    assert crashes.after_commit() > 0, f"no kill came after a commit: {counts}"
    for out in crashes.outputs:
        assert "Traceback" not in out, out[-3000:]


# -- an external write lock ----------------------------------------------------------------------


def invisible(db: Path, fd: FakeDiscord) -> list[str]:
    out = [
        f"open challenge {cid} without a message"
        for (cid,) in query(db, "SELECT id FROM challenges WHERE status = 'open' AND message_id IS NULL")
    ]
    for match_id, board_id in query(db, "SELECT id, board_message_id FROM matches WHERE status = 'active'"):
        board = fd.message(board_id) if board_id else None
        if board is None or board.deleted or match_id_of(board, "My hand") != match_id:
            out.append(f"active match {match_id} without a board (board_message_id {board_id})")
    out += [f"outbox row {r} pending" for r in query(db, "SELECT id, kind FROM outbox WHERE done_at IS NULL")]
    return out


async def answer_text(ix: InteractionRecord, timeout: float = 15.0) -> str:
    """What the user finally reads: the answer (edited from 'thinking'), or its first follow-up."""
    answer = await ix.response(timeout=timeout)
    if answer.type == 5:
        return (await ix.final(timeout)).content or ""
    if answer.type == 6:
        await ix.settled(timeout)
        return ix.followups[0].content if ix.followups else "(updated)"
    return answer.content or " ".join(str(e.get("description", "")) for e in answer.embeds) or "(answered)"


async def test_an_external_write_lock_is_answered_at_once(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    db = tmp_path / "gin.sqlite3"
    async with gin_bot(fd, db, seeds=fixed_seeds(2), sync=True):
        alice, bob, _ = await open_match(fd, None)
        mover = alice if alice.controls() else bob
        hand_before = mover.hand.content if mover.hand else ""
        writer = sqlite3.connect(db, isolation_level=None, timeout=10)
        writer.execute("BEGIN IMMEDIATE")
        locked_at = time.perf_counter()
        try:
            cid, values = (lambda o: (o[1], o[2]))(choose(mover.offered(), True))
            assert mover.hand is not None
            fired: dict[str, InteractionRecord] = {
                "hand": await fd.slash(mover.user, "gin", subcommand="hand"),
                "move": await (
                    fd.select(mover.user, mover.hand, cid, values)
                    if values is not None
                    else fd.click(mover.user, mover.hand, cid)
                ),
                "leaderboard": await fd.slash(fd.carol, "gin", subcommand="leaderboard"),
                "stats": await fd.slash(fd.carol, "gin", subcommand="stats"),
                "rules": await fd.slash(fd.carol, "gin", subcommand="rules"),
                "challenge": await fd.slash(
                    fd.carol, "gin", subcommand="challenge", options={"opponent": fd.dana}, channel=fd.channel2
                ),
            }
            for ix in fired.values():
                await ix.response(timeout=3.5)
            late = {k: round((await ix.response()).latency, 2) for k, ix in fired.items()}
            assert all(v < 3.0 for v in late.values()), f"acknowledged late: {late}"

            async def answered(k: str, ix: InteractionRecord) -> tuple[str, str, float]:
                text = await answer_text(ix)
                return k, text, time.perf_counter() - locked_at

            answers = asyncio.gather(*(answered(k, ix) for k, ix in fired.items()))
            await asyncio.sleep(max(0.0, 6.5 - (time.perf_counter() - locked_at)))  # longer than the 5 s timeout
        finally:
            writer.execute("ROLLBACK")
            writer.close()
        released = time.perf_counter() - locked_at
        got = await answers
        texts = {k: t for k, t, _ in got}
        when = {k: round(w, 2) for k, _, w in got}
        for k in ("hand", "leaderboard", "stats", "rules"):  # reads go on while another process writes
            assert texts[k] != BUSY and not texts[k].startswith(CANNOT_SAVE), (k, texts)
            assert when[k] < released, f"{k} answered only after the lock was released: {when} (released {released})"
        assert texts["move"] in (BUSY, "(updated)") or texts["move"].startswith(CANNOT_SAVE), texts
        if texts["move"] != "(updated)":  # refused: the hand still offers the same move
            assert mover.hand is not None and mover.hand.content == hand_before
        opened = query(db, "SELECT message_id FROM challenges WHERE channel_id = ? AND status = 'open'", fd.channel2.id)
        assert texts["challenge"] == BUSY or texts["challenge"].startswith(CANNOT_SAVE) or opened, texts
        assert fd.late_or_unanswered(3.0) == [], fd.late_or_unanswered(3.0)
        # after the lock: nothing invisible, and the game goes on
        deadline = time.monotonic() + 5
        while invisible(db, fd) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert invisible(db, fd) == [], invisible(db, fd)
        if texts["move"] != "(updated)":
            await mover.act()
        print(
            f"ack latencies {late}; answered at {when} (lock released at {released:.2f} s); "
            f"answers { {k: v[:70] for k, v in texts.items()} }"
        )


# -- DMs ----------------------------------------------------------------------------------------------


async def test_commands_in_a_dm_are_refused_and_write_nothing(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    db = tmp_path / "gin.sqlite3"
    async with gin_bot(fd, db, sync=False):
        dm = fd.dm_channel(fd.alice)
        tables = ("matches", "challenges", "outbox", "players", "player_stats", "guild_settings")
        before = {t: query(db, f"SELECT COUNT(*) FROM {t}")[0][0] for t in tables}
        for sub, options in (
            ("challenge", {"opponent": fd.bob}),
            ("play", {}),
            ("hand", {}),
            ("resign", {}),
            ("leaderboard", {}),
            ("stats", {}),
        ):
            ix = await fd.slash(fd.alice, "gin", subcommand=sub, options=options, channel=dm)
            assert await refusal_text(ix) == GUILD_ONLY, sub
        after = {t: query(db, f"SELECT COUNT(*) FROM {t}")[0][0] for t in tables}
        assert after == before
        assert fd.channel_messages() == [] and fd.late_or_unanswered(3.0) == []


# -- nonces -------------------------------------------------------------------------------------------


async def test_a_repeated_nonce_yields_one_message(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    async with gin_bot(fd, tmp_path / "gin.sqlite3", sync=False) as bot:
        channel = bot.get_partial_messageable(fd.channel.id, guild_id=fd.guild_id)
        first = await channel.send("once", nonce="gin-ob-999")
        again = await channel.send("once more", nonce="gin-ob-999")
        other = await channel.send("another", nonce="gin-ob-1000")
        assert first.id == again.id != other.id
        assert [m.content for m in fd.channel_messages()] == ["once", "another"]


async def test_a_crash_between_the_last_result_and_the_match_end_keeps_the_result(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The deterministic form of a kill that lands after the last hand's result was posted and marked
    done, before the match end was: the restarted process posts the match end (once) and the last
    hand's result stays on its message."""
    fd = fake_discord
    db = tmp_path / "gin.sqlite3"
    async with gin_bot(fd, db, seeds=fixed_seeds(4), sync=True):
        alice, bob, match_id = await open_match(fd, 10)
        await play_out([alice, bob])
        await fd.wait_for_message(lambda m: m.public and match_id_of(m, "Rematch") == match_id, timeout=5)
        deadline = time.monotonic() + 5
        while query(db, "SELECT id FROM outbox WHERE done_at IS NULL") and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
    [(last_result,)] = query(
        db,
        "SELECT message_id FROM outbox WHERE match_id = ? AND kind = 'hand_result' ORDER BY id DESC LIMIT 1",
        match_id,
    )
    assert is_result(fd.message(last_result))
    # the crash: the match end's row was never marked done
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(
            "UPDATE outbox SET done_at = NULL, message_id = NULL WHERE match_id = ? AND kind = 'match_end'", (match_id,)
        )
    conn.close()
    async with gin_bot(fd, db, seeds=fixed_seeds(5), sync=False):
        deadline = time.monotonic() + 5
        while query(db, "SELECT id FROM outbox WHERE done_at IS NULL") and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert query(db, "SELECT id FROM outbox WHERE done_at IS NULL") == []
    ends = [m for m in fd.channel_messages() if match_id_of(m, "Rematch") == match_id]
    assert len(ends) == 1
    result = fd.message(last_result)
    assert is_result(result), (
        f"the last hand's result was overwritten: {result.content!r} {[a.filename for a in result.attachments]}"
    )
