"""Sharding: the stand-in routes each guild to its shard, and sharded bots share one database.

- The stand-in: sessions that IDENTIFY with [shard_id, shard_count] get READY, GUILD_CREATE and
  every event of their own guilds only (DMs: shard 0); GET /gateway/bot recommends a shard count;
  an invalid shard is closed with 4010.
Each test with bots runs on SQLite and on PostgreSQL (the ``gin_db`` fixture).

- Two bot clients in this test process (ShardedGinBot, shards 0-1 and 2-3 of 4: two clients
  rather than two processes, so one test clock can move every turn deadline) on one database,
  three guilds on different shards, matches against people and against the bot played in all of
  them at once: every move applied once, every board current, every deadline warned once, every
  AI move made by the owning client only.
- Re-shard from 2 to 3 shards between runs: every match continues in its new owner.
- Two real bot processes (``python -m bot --shards ... --shard-count 4``); one is SIGKILLed
  mid-play and restarted: nothing lost, and the other never touches its guilds.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import inspect
import logging
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.client import GinBot, ShardedGinBot
from bot.config import Settings
from bot.store import Store
from bot.tables import MatchInfo
from bot.tables.live import Live
from bot.tables.shards import ShardSet, shard_of
from fakediscord import BotProcess, FakeDiscord, FakeGuild, running_bot
from render import renderer_for
from tests.clock import Clock
from tests.e2e.game_driver import Player, fixed_seeds
from tests.store.helpers import query

WARNING = "it is your turn in the"


# -- the stand-in ------------------------------------------------------------------------------------


class ShardProbe(commands.AutoShardedBot):
    """A plain discord.py sharded bot whose /where names itself and the shard that heard it."""

    def __init__(self, tag: str, **kwargs: Any) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(), **kwargs)
        self.tag = tag

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """The stand-in has no IDENTIFY rate limit: no 5 s pause between shards."""

    async def setup_hook(self) -> None:
        @self.tree.command(name="where", description="Which bot and shard heard this")
        async def where(interaction: discord.Interaction) -> None:
            shard = interaction.guild.shard_id if interaction.guild is not None else None
            await interaction.response.send_message(f"{self.tag} shard {shard}", ephemeral=True)

        @self.tree.command(name="say", description="A public message")
        @app_commands.describe(text="what to say")
        async def say(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.send_message(text)


async def test_stand_in_routes_each_guild_to_its_shard() -> None:
    async with FakeDiscord(shard_count=4, max_concurrency=4) as fd:
        guilds = [fd.guild, fd.add_guild(shard=1), fd.add_guild(shard=2), fd.add_guild(shard=3)]
        assert [fd.shard_of(g.id) for g in guilds] == [0, 1, 2, 3]
        assert len({c.id for g in guilds for c in g.channels}) == 8
        low, high = (
            ShardProbe("low", shard_ids=[0, 1], shard_count=4),
            ShardProbe("high", shard_ids=[2, 3], shard_count=4),
        )
        async with running_bot(fd, bot=low), running_bot(fd, bot=high):
            assert sorted(g.id for g in low.guilds) == [guilds[0].id, guilds[1].id]
            assert sorted(g.id for g in high.guilds) == [guilds[2].id, guilds[3].id]
            assert sorted(s.shard for s in fd.gateway.live_sessions() if s.shard) == [(i, 4) for i in range(4)]
            for i, guild in enumerate(guilds):
                ix = await fd.slash(fd.alice, "where", channel=guild.channel)
                answer = await ix.response()
                assert answer.content == f"{'low' if i < 2 else 'high'} shard {i}"
            # a public message reaches only the shard of its guild
            said = await (
                await fd.slash(fd.bob, "say", options={"text": "hello"}, channel=guilds[3].channel)
            ).response()
            assert said.message is not None
            creates = [
                s.shard
                for s in fd.gateway.live_sessions()
                for f in s.sent
                if f["t"] == "MESSAGE_CREATE" and f["d"]["id"] == str(said.message.id)
            ]
            assert creates == [(3, 4)]
            # every shard RESUMEs its own session after a dropped connection
            sessions = fd.gateway.live_sessions()
            await fd.drop_connection()
            await fd.wait_until(
                lambda: all(s.resumes == 1 and s.live for s in sessions) or None, timeout=10, what="four RESUMEs"
            )
            assert fd.gateway.identifies == 4
            again = await (await fd.slash(fd.alice, "where", channel=guilds[2].channel)).response()
            assert again.content == "high shard 2"
            # DMs go to shard 0
            dm = await (await fd.slash(fd.carol, "where", channel=fd.dm_channel(fd.carol))).response()
            assert dm.content == "low shard None"
        # no shard_count given: the bot asks GET /gateway/bot and runs every recommended shard
        every = ShardProbe("every")
        async with running_bot(fd, bot=every):
            assert every.shard_count == 4 and sorted(every.shards) == [0, 1, 2, 3]
            assert len(every.guilds) == 4
            answer = await (await fd.slash(fd.alice, "where", channel=guilds[2].channel)).response()
            assert answer.content == "every shard 2"
        assert fd.unknown_routes == []


async def test_stand_in_refuses_an_invalid_shard() -> None:
    async with FakeDiscord(shard_count=2) as fd, aiohttp.ClientSession() as http:
        async with http.get(f"{fd.api_base}/gateway/bot") as r:
            body = await r.json()
        assert body["shards"] == 2 and body["session_start_limit"]["max_concurrency"] == 1
        async with http.ws_connect(fd.gateway_url) as ws:
            hello = await ws.receive_json()
            assert hello["op"] == 10
            await ws.send_json({"op": 2, "d": {"token": "x", "intents": 0, "properties": {}, "shard": [2, 2]}})
            closed = await ws.receive()
            assert closed.type is aiohttp.WSMsgType.CLOSE and ws.close_code == 4010
        assert fd.gateway.sessions == {}


def test_shard_sets() -> None:
    assert ShardSet.parse("0-3", 8).shard_ids == [0, 1, 2, 3]
    assert str(ShardSet.parse("0,2,4-5", 8)) == "shards 0,2,4-5 of 8"
    assert ShardSet.everything().all and ShardSet.parse("0-1", 2).all and not ShardSet.parse("1", 2).all
    for spec, count in (("0-8", 8), ("3-1", 8), ("a", 2), ("", 2), ("1", 0)):
        with pytest.raises(ValueError):
            ShardSet.parse(spec, count)
    half = ShardSet.parse("1", 2)
    gid = 810000000000000001
    assert half.owns(gid + (1 << 22)) and not half.owns(gid) and shard_of(gid + (1 << 22), 2) == 1


# -- sharded bots on one database ---------------------------------------------------------------------


def pool_options() -> dict[str, Any]:
    """Draw pictures in this process where the bot can run a picture pool: two clients here must not
    start a pool of worker processes each."""
    return {"render_workers": 0} if "render_workers" in inspect.signature(GinBot.__init__).parameters else {}


@contextlib.asynccontextmanager
async def sharded_bot(
    fd: FakeDiscord, db: Path | str, spec: str, count: int, clock: Clock, seed: int
) -> AsyncIterator[ShardedGinBot]:
    """A ShardedGinBot running ``spec`` of ``count`` shards on ``db``, connected to the stand-in."""
    settings = Settings(token="fake-token", db_path=db, dev_guild=None, log_level="INFO")
    bot = ShardedGinBot(
        settings,
        ShardSet.parse(spec, count),
        seed_source=fixed_seeds(seed),
        clock=clock,
        ai_delay_s=0.0,
        tick_s=0.2,
        **pool_options(),
    )
    async with running_bot(fd, bot=bot) as running:
        yield running


async def human_match(fd: FakeDiscord, guild: FakeGuild) -> tuple[list[Player], int]:
    """Alice challenges Bob in the guild's game channel, Bob accepts, both open their hands."""
    where = guild.channel.id
    ix = await fd.slash(fd.alice, "gin", subcommand="challenge", options={"opponent": fd.bob}, channel=guild.channel)
    await ix.response()
    challenge = await fd.wait_for_message(
        lambda m: m.public and m.channel_id == where and m.find_component(label="Accept") is not None, timeout=5
    )
    await (await fd.click(fd.bob, challenge, challenge.component(label="Accept")["custom_id"])).response()
    return await open_hands(fd, guild.channel.id, [Player(fd, fd.alice, 0), Player(fd, fd.bob, 1)])


async def bot_match(fd: FakeDiscord, guild: FakeGuild) -> tuple[list[Player], int]:
    """Carol plays the bot in the guild's second channel."""
    ix = await fd.slash(fd.carol, "gin", subcommand="play", options={"level": "easy"}, channel=guild.channel2)
    await ix.response()
    return await open_hands(fd, guild.channel2.id, [Player(fd, fd.carol, 0)])


async def open_hands(fd: FakeDiscord, channel_id: int, players: list[Player]) -> tuple[list[Player], int]:
    """Every player presses My hand on the channel's newest board (again after a restart)."""
    board = await fd.wait_until(
        lambda: next(
            (m for m in reversed(fd.channel_messages(channel_id)) if m.find_component(label="My hand") is not None),
            None,
        ),
        timeout=5,
        what=f"a board in channel {channel_id}",
    )
    for p in players:
        await p.open_hand(board)
    assert players[0].match_id is not None
    return players, players[0].match_id


async def play_moves(fd: FakeDiscord, players: Sequence[Player], moves: int) -> collections.Counter[int]:
    """The players move (through their live hand messages, no Refresh) ``moves`` times or until the
    match ends; against the bot, its moves come by themselves. Returns the moves made by seat."""
    made: collections.Counter[int] = collections.Counter()
    while made.total() < moves:
        mover = await fd.wait_until(
            lambda: (
                next((p for p in players if p.match_over), None) or next((p for p in players if p.controls()), None)
            ),
            timeout=10,
            what=f"a move in match {players[0].match_id}",
        )
        if mover.match_over:
            break
        await mover.act()  # asserts the move was not refused
        made[mover.seat] += 1
        # end on a whole turn: the board shows a turn's moves when the turn is over
        while made.total() >= moves and mover.controls() and not (mover.match_over or mover.hand_over):
            await mover.act()
            made[mover.seat] += 1
    return made


def db_rows(db: Path | str, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Rows of one query (SQLite's text), read as another process would, from either store."""
    return [tuple(r) for r in query(db, sql, *args)]


def move_problems(db: Path | str) -> list[str]:
    """Every match's move log: numbered 1..version with nothing missing or doubled."""
    out = []
    for match_id, version in db_rows(db, "SELECT id, version FROM matches"):
        seqs = [r[0] for r in db_rows(db, "SELECT seq FROM moves WHERE match_id = ? ORDER BY seq", match_id)]
        if seqs != list(range(1, version + 1)):
            out.append(f"match {match_id} at version {version} has moves {seqs}")
    return out


def human_moves(db: Path | str, match_id: int, seat: int) -> int:
    return int(db_rows(db, "SELECT COUNT(*) FROM moves WHERE match_id = ? AND seat = ?", match_id, seat)[0][0])


async def board_is_current(fd: FakeDiscord, bot: GinBot, match_id: int) -> None:
    """The match's board (the message the store names) comes to show its newest committed state: the
    last turn in words and whose turn it is."""
    assert bot.service is not None
    service = bot.service
    seen: list[str] = []

    def board_text() -> str | None:
        row = db_rows(bot.settings.db_path, "SELECT board_message_id FROM matches WHERE id = ?", match_id)
        board = fd.store.messages.get(row[0][0]) if row and row[0][0] else None
        return None if board is None else board.content

    def shows() -> bool:
        live = service.live.get(match_id)
        assert live is not None, f"match {match_id} is not cached by its owner"
        info = live.info
        line = renderer_for(info.game).describe(info.public, info.names)
        seen[:] = [line, *(f"<@{info.players[s]}> to play" for s in info.humans_to_act)]
        content = board_text()
        return content is not None and all(part in content for part in seen)

    try:
        # The board shows a turn once it is over. A timeout here (seen under load) was a test that stopped
        # mid-turn: it read the hand during the bot's busy notice, which has no controls (Player._drawn).
        await fd.wait_until(lambda: shows() or None, timeout=10, what=f"the board of match {match_id}")
    except TimeoutError as error:
        raise AssertionError(f"{error}: it should show {seen}; it shows {board_text()!r}") from None


def hand_channel(players: Sequence[Player]) -> int:
    """The channel of a table: where its players' hand messages were opened."""
    hand = players[0].hand
    assert hand is not None
    return hand.channel_id


def ticks_of(bot: GinBot) -> int:
    """How many scheduler passes the bot has made."""
    assert bot.desk is not None
    return bot.desk.scheduler._ticks


def warnings_in(fd: FakeDiscord, channel_id: int) -> list[str]:
    return [m.content for m in fd.channel_messages(channel_id) if WARNING in m.content]


def our_errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.name.startswith(("bot", "cogs"))
        and (r.levelno >= logging.WARNING or "refused" in r.getMessage() or "out of date" in r.getMessage())
    ]


async def test_two_sharded_bots_play_three_guilds_at_once(gin_db: Path | str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    db = gin_db
    clock = Clock.from_wall_clock()
    async with FakeDiscord(shard_count=4, max_concurrency=4) as fd:
        guilds = [fd.guild, fd.add_guild(shard=1), fd.add_guild(shard=3)]
        assert [fd.shard_of(g.id) for g in guilds] == [0, 1, 3]
        async with (
            sharded_bot(fd, db, "0-1", 4, clock, seed=11) as low,
            sharded_bot(fd, db, "2-3", 4, clock, seed=12) as high,
        ):
            owner = {g.id: (low if fd.shard_of(g.id) < 2 else high) for g in guilds}
            tables = [await human_match(fd, g) for g in guilds] + [await bot_match(fd, g) for g in guilds]
            where = {match_id: g for g, (_, match_id) in zip(guilds * 2, tables, strict=True)}
            made = await asyncio.gather(*(play_moves(fd, players, 16) for players, _ in tables))
            assert all(n.total() >= 8 for n in made), made

            # every move applied once: the log has no hole or double, and each person's moves (each
            # accepted at once) are exactly his seat's moves in the log
            assert move_problems(db) == []
            for (players, match_id), by_seat in zip(tables, made, strict=True):
                for p in players:
                    assert human_moves(db, match_id, p.seat) == by_seat[p.seat]
            # each match lives only in the client that owns its guild; the other never loaded it
            for match_id, guild in where.items():
                other = high if owner[guild.id] is low else low
                assert other.service is not None and other.service.live.get(match_id) is None
            for players, match_id in tables:
                if not players[0].match_over:
                    await board_is_current(fd, owner[where[match_id].id], match_id)

            # every deadline: one warning per idle player, however many ticks both clients make
            active = [(players, m) for players, m in tables if not players[0].match_over]
            await fd.wait_until(  # the bot has made its moves: a person is to play everywhere
                lambda: all(any(p.controls() for p in players) for players, _ in active) or None,
                timeout=10,
                what="a person to play at every table",
            )
            clock.advance(seconds=1800 + 1)
            for players, _ in active:
                channel_id = hand_channel(players)
                await fd.wait_until(functools.partial(warnings_in, fd, channel_id), timeout=5, what="a warning")
            ticks = [ticks_of(b) for b in (low, high)]
            await fd.wait_until(
                lambda: all(ticks_of(b) >= t + 4 for b, t in zip((low, high), ticks, strict=True)) or None,
                timeout=10,
                what="four more ticks of both clients",
            )
            for players, _ in active:
                assert len(warnings_in(fd, hand_channel(players))) == 1
    assert our_errors(caplog) == []


async def test_reshard_from_two_to_three_shards_every_match_continues(
    gin_db: Path | str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    db = gin_db
    clock = Clock.from_wall_clock()
    async with FakeDiscord(shard_count=2, max_concurrency=4) as fd:
        # three guilds whose shard changes with the count: 0 -> 1, 1 -> 2, 0 -> 0 (another process)
        guilds = [fd.guild, fd.add_guild(shard=1, shard_count=2), fd.add_guild(shard=0, shard_count=2)]
        assert [fd.shard_of(g.id, 2) for g in guilds] == [0, 1, 0]
        assert [fd.shard_of(g.id, 3) for g in guilds] == [1, 2, 0]
        async with (
            sharded_bot(fd, db, "0", 2, clock, seed=21) as first,
            sharded_bot(fd, db, "1", 2, clock, seed=22) as second,
        ):
            tables = [await human_match(fd, g) for g in guilds[:2]] + [await bot_match(fd, g) for g in guilds]
            where = [*guilds[:2], *guilds]  # each table's guild
            await asyncio.gather(*(play_moves(fd, players, 6) for players, _ in tables))
            await fd.wait_until(  # the bot has made its moves
                lambda: all(any(p.controls() for p in players) for players, _ in tables) or None, timeout=10
            )
            before = dict(db_rows(db, "SELECT id, version FROM matches"))
            assert first.service is not None and second.service is not None
            assert {m.id for m in await first.service.active_matches()} == {tables[0][1], tables[2][1], tables[4][1]}

        fd.shard_count = 3  # what GET /gateway/bot recommends now
        async with (
            sharded_bot(fd, db, "0-1", 3, clock, seed=23) as low,
            sharded_bot(fd, db, "2", 3, clock, seed=24) as high,
        ):
            owner = {g.id: (low if fd.shard_of(g.id) < 2 else high) for g in guilds}
            for guild, (players, match_id) in zip(where, tables, strict=True):
                bot, other = owner[guild.id], (high if owner[guild.id] is low else low)
                assert bot.service is not None and other.service is not None
                assert match_id in {m.id for m in await bot.service.active_matches()}
                assert match_id not in {m.id for m in await other.service.active_matches()}
                await board_is_current(fd, bot, match_id)  # the new owner's first tick brought it up to date
                channel = guild.channel if len(players) == 2 else guild.channel2
                await open_hands(fd, channel.id, list(players))  # hand messages live in this process now
            made = await asyncio.gather(*(play_moves(fd, players, 8) for players, _ in tables))
            assert all(n.total() >= 4 for n in made), made
            after = dict(db_rows(db, "SELECT id, version FROM matches"))
            assert all(after[m] > before[m] for m in before), (before, after)
            assert move_problems(db) == []
            await fd.wait_until(
                lambda: all(any(p.controls() or p.match_over for p in players) for players, _ in tables) or None,
                timeout=10,
            )
            for guild, (players, match_id) in zip(where, tables, strict=True):
                if not players[0].match_over:
                    await board_is_current(fd, owner[guild.id], match_id)
    assert our_errors(caplog) == []


# -- two real processes, one killed ------------------------------------------------------------------


async def stored_match(db: Path | str, match_id: int) -> MatchInfo:
    """A match as committed, read from the database as a third process would."""
    store = await Store.open(db)
    try:
        loaded = await store.load_match(match_id)
    finally:
        await store.close()
    assert loaded is not None
    return Live.load(*loaded).info


async def board_shows(fd: FakeDiscord, db: Path | str, match_id: int) -> None:
    """The board the database names shows the committed state (the last turn, who is to play)."""
    info = await stored_match(db, match_id)
    line = renderer_for(info.game).describe(info.public, info.names)

    def shows() -> bool:
        board = fd.store.messages.get(info.board_message_id or 0)
        return (
            board is not None
            and line in board.content
            and all(f"<@{info.players[s]}> to play" in board.content for s in info.humans_to_act)
        )

    try:
        await fd.wait_until(lambda: shows() or None, timeout=10, what=f"the board of match {match_id} to show {line!r}")
    except TimeoutError:
        board = fd.store.messages.get(info.board_message_id or 0)
        raise AssertionError(f"board {info.board_message_id} shows {board.content if board else None!r}") from None


def pending_outbox(db: Path | str) -> list[tuple[Any, ...]]:
    return db_rows(db, "SELECT id, match_id, kind FROM outbox WHERE done_at IS NULL")


async def test_two_bot_processes_one_killed_and_restarted(gin_db: Path | str) -> None:
    db = gin_db
    env = {
        "GIN_DB": str(db),
        "GIN_SEED": "31",
        "GIN_AI_DELAY": "0",
        "GIN_TICK": "0.3",
        "GIN_LOG_LEVEL": "INFO",
        "GIN_RENDER_WORKERS": "0",  # two bot processes on a small machine: pictures in a thread
    }
    async with FakeDiscord(shard_count=4, max_concurrency=4) as fd:
        guilds = [fd.guild, fd.add_guild(shard=3), fd.add_guild(shard=1)]  # processes: low, high, low
        low_args, high_args = ["--shards", "0-1", "--shard-count", "4"], ["--shards", "2-3", "--shard-count", "4"]
        low = await BotProcess(fd, low_args, env=env).start()
        high = await BotProcess(fd, high_args, env={**env, "GIN_SEED": "32"}).start()
        outputs: list[str] = []
        try:
            tables = [await human_match(fd, g) for g in guilds[:2]] + [await bot_match(fd, guilds[2])]
            await asyncio.gather(*(play_moves(fd, players, 6) for players, _ in tables))
            low_tables = [tables[0], tables[2]]

            # a click in a guild of the low process, and that process is SIGKILLed right after it
            players = tables[0][0]
            mover = next(p for p in players if p.controls())
            cid, values = mover.choice()
            assert mover.hand is not None
            if values is None:
                await fd.click(mover.user, mover.hand, cid)
            else:
                await fd.select(mover.user, mover.hand, cid, values)
            await asyncio.sleep(0.02)
            await low.kill()
            outputs.append(low.output)
            # the other process plays on meanwhile
            await play_moves(fd, tables[1][0], 4)

            low = await BotProcess(fd, low_args, env={**env, "GIN_SEED": "33"}).start()
            for (players, match_id), guild in zip(low_tables, (guilds[0], guilds[2]), strict=True):
                channel = guild.channel if len(players) == 2 else guild.channel2
                await open_hands(fd, channel.id, list(players))
                assert players[0].match_id == match_id
            made = await asyncio.gather(*(play_moves(fd, players, 6) for players, _ in tables))
            assert all(n.total() >= 4 for n in made), made
            await fd.wait_until(
                lambda: all(any(p.controls() or p.match_over for p in players) for players, _ in tables) or None,
                timeout=10,
            )
            assert move_problems(db) == []
            # Every announcement posted first: a hand's new board is posted (and its id stored) after
            # the players' hands come alive, so the board id read before that would be the old one.
            await fd.wait_until(lambda: not pending_outbox(db) or None, timeout=10, what="the outbox to be empty")
            for players, match_id in tables:
                if not players[0].match_over:
                    await board_shows(fd, db, match_id)
        finally:
            for proc in (low, high):
                await proc.stop()
                outputs.append(proc.output)
        # the high process never acted on the low process's matches (nor the reverse)
        for _, match_id in low_tables:
            assert f"match {match_id}:" not in high.output
        assert f"match {tables[1][1]}:" not in "\n".join([*outputs[:-2], low.output])
        for out in outputs:
            assert "Traceback" not in out and "ERROR" not in out, out[-3000:]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--shards", "0-1"], "--shards needs --shard-count"),
        (["--shards", "2-4", "--shard-count", "4"], "shard 4 is not one of the 4 shards"),
        (["--shards", "x", "--shard-count", "4"], "--shards takes shard ids"),
        (["--shard-count", "0"], "--shard-count must be at least 1"),
    ],
)
def test_bad_shard_options_exit_2_with_the_reason(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.__main__ import main

    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2 and said in capsys.readouterr().err
