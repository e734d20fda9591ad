"""A tournament through the stand-in with the real bot: the organiser creates a round robin, players
join and leave with the sign-up buttons, AI entrants fill it, the organiser starts it and removes a
player; every match gets a thread of its own, and each round's pairings, each result and the final
standings are posted exactly once (counted in the stand-in's messages and in the store)."""

from __future__ import annotations

import asyncio
import io
import re
import sqlite3
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path

from PIL import Image

from bot.client import ShardedGinBot
from bot.config import Settings
from bot.tables import TournamentSpec
from bot.tables.shards import ShardSet
from fakediscord import FakeDiscord, FakeUser, StoredAttachment, StoredMessage, running_bot
from fakediscord.world import BOT_PERMISSIONS, CREATE_PUBLIC_THREADS
from render import Style
from render.kit.draw import PUBLIC_MAX_UNITS
from tests.clock import Clock
from tests.e2e.game_driver import fixed_seeds, gin_bot, service_of
from tests.store.helpers import query

SIGNUP = "Press Join to play"
ROUND, OVER = "of the tournament:", "The tournament is over."


async def tourney_answer(fd: FakeDiscord, who: FakeUser, sub: str, **options: object) -> StoredMessage:
    ix = await fd.slash(who, "gin", group="tournament", subcommand=sub, options=options)
    await ix.response()
    return await ix.final(10)


async def tourney(fd: FakeDiscord, who: FakeUser, sub: str, **options: object) -> str:
    return (await tourney_answer(fd, who, sub, **options)).content or ""


def pictures(files: Sequence[StoredAttachment]) -> list[str]:
    """The names of the PNG pictures among ``files``, each checked to fit a phone like every picture
    (at most 550 layout units wide, no taller than wide: tests/render/test_phone_fit.py)."""
    names = []
    for f in files:
        with Image.open(io.BytesIO(f.data)) as image:
            assert image.format == "PNG", f.filename
            assert image.width <= Style().px(PUBLIC_MAX_UNITS) and image.height <= image.width, image.size
        names.append(f.filename)
    return names


def posted(fd: FakeDiscord, text: str) -> list[StoredMessage]:
    return [m for m in fd.channel_messages(fd.channel) if text in (m.content or "")]


async def test_a_round_robin_of_five_runs_from_sign_up_to_final_standings(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    db = tmp_path / "gin.sqlite3"
    async with gin_bot(fd, db, seeds=fixed_seeds(64), clock=Clock.from_wall_clock(), tick_s=0.1) as bot:
        assert await tourney(fd, fd.alice, "create", format="round_robin", hands=1) == (
            "Only the organiser, someone with Manage Server or the server's tournament role may do that."
        )
        assert await tourney(fd, fd.dana, "create", format="round_robin", hands=1, signup=60) == "Done."
        signup = await fd.wait_for_message(lambda m: m.public and SIGNUP in (m.content or ""), timeout=5)
        join = signup.component(label="Join")["custom_id"]
        for who in (fd.alice, fd.carol):
            answer = await (await fd.click(who, signup, join)).final(5)
            assert answer.ephemeral and answer.content == "You are signed up."
        left = await (await fd.click(fd.carol, signup, signup.component(label="Leave")["custom_id"])).final(5)
        assert left.content == "You left the tournament."
        await fd.store.wait_until(lambda: "Signed up: 1 of at most 64." in (signup.content or ""), what="the count")
        assert await tourney(fd, fd.dana, "add_ai", count=4, level="easy") == "Done."
        assert await tourney(fd, fd.dana, "start") == "Done."
        assert await tourney(fd, fd.dana, "remove", player=fd.alice) == "Done."  # her matches are forfeited
        await fd.wait_for_message(lambda m: m.public and OVER in (m.content or ""), timeout=60)
        finals, rounds = len(posted(fd, OVER)), len(posted(fd, ROUND))  # before /status shows them again
        assert signup.find_component(label="Join") is None  # the sign-up closed: its buttons are gone
        answer = await tourney_answer(fd, fd.bob, "status")
        status = answer.content or ""
        assert "· finished" in status and "The champion: **" in status and "(removed)" in status
        assert pictures(answer.attachments) == ["standings.png"]  # the words are its message text
        assert pictures(posted(fd, OVER)[0].attachments) == ["standings.png"]
        assert all(pictures(m.attachments) == ["standings.png"] for m in posted(fd, ROUND))
        service = service_of(bot)
        (tid,) = [r[0] for r in query(db, "SELECT id FROM tournaments")]
        notices = await service.store.tournaments.notices(tid)
    kinds = Counter(k.value for k, _, done in notices if done)
    assert kinds == Counter(k.value for k, _, _ in notices)  # every announcement posted
    assert finals == kinds["final"] == 1
    assert rounds == kinds["round"] == 5
    assert len(posted(fd, SIGNUP)) == 1
    matches = query(db, "SELECT round, board, match_id, counted_at FROM tournament_matches")
    assert len({(r, b) for r, b, _, _ in matches}) == len(matches) and all(c is not None for *_, c in matches)
    assert len(fd.store.threads) == len(matches)  # a thread per match, each once
    assert {m for _, _, m, _ in matches} == {r[0] for r in query(db, "SELECT id FROM matches")}


def starts(message: StoredMessage, text: str) -> bool:
    return message.public and (message.content or "").startswith(text)


def table_of(message: StoredMessage, name: str) -> int:
    """The table of ``name`` in a round's pairings ('Table 2: Alice against GinBot 3')."""
    found = re.search(rf"^Table (\d+): [^\n]*\b{name}\b", message.content or "", re.MULTILINE)
    assert found is not None, message.content
    return int(found.group(1))


async def test_check_in_and_awards_with_their_reasons_shown(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fd = fake_discord
    db = tmp_path / "gin.sqlite3"
    async with gin_bot(fd, db, seeds=fixed_seeds(64), clock=Clock.from_wall_clock(), tick_s=0.1):
        assert await tourney(fd, fd.dana, "create", format="single", hands=1, signup=60, checkin=30) == "Done."
        signup = await fd.wait_for_message(lambda m: m.public and SIGNUP in (m.content or ""), timeout=5)
        before = await tourney_answer(fd, fd.carol, "status")
        assert "sign-up is open" in (before.content or "") and not before.attachments  # no picture yet
        for who in (fd.alice, fd.bob):
            await (await fd.click(who, signup, signup.component(label="Join")["custom_id"])).final(5)
        assert await tourney(fd, fd.dana, "add_ai", count=2, level="easy") == "Done."
        assert "Signed up: 4 of at most 64." in (signup.content or "")  # the AI players counted too
        assert await tourney(fd, fd.dana, "start") == "Done."  # the sign-up closes, the check-in opens
        checkin = await fd.wait_for_message(lambda m: m.public and "Check-in is open" in (m.content or ""), timeout=5)
        answer = await (await fd.click(fd.alice, checkin, checkin.component(label="Check in")["custom_id"])).final(5)
        assert answer.content == "You are checked in."  # Bob does not: he is not paired
        assert await tourney(fd, fd.dana, "start") == "Done."
        for round_no, reason in ((1, "rain delay"), (2, "walkover")):
            heading = f"**Round {round_no}**"
            pairings = await fd.wait_for_message(partial(starts, text=heading), timeout=30)
            assert "Bob" not in (pairings.content or "")
            table = table_of(pairings, "Alice")
            said = await tourney(fd, fd.dana, "award", round=round_no, table=table, winner=fd.alice, reason=reason)
            assert said == "Done."
            shown = f"Round {round_no}, table {table}: the organiser awards the match to Alice"
            result = await fd.wait_for_message(partial(starts, text=shown), timeout=10)
            assert f"({reason})" in (result.content or "")
        final = await fd.wait_for_message(lambda m: m.public and OVER in (m.content or ""), timeout=30)
        assert "The champion: **Alice**!" in (final.content or "")
        assert pictures(final.attachments) == ["bracket.png"]
    assert checkin.find_component(label="Check in") is None  # closed with the first round
    # Alice's two matches, each ended by the award (the other first-round seat had a bye)
    assert [s for (s,) in query(db, "SELECT status FROM matches ORDER BY id")] == ["abandoned", "abandoned"]


@asynccontextmanager
async def sharded(fd: FakeDiscord, db: Path | str, spec: str, clock: Clock) -> AsyncIterator[ShardedGinBot]:
    settings = Settings(token="fake-token", db_path=db, dev_guild=None, log_level="INFO")
    bot = ShardedGinBot(
        settings,
        ShardSet.parse(spec, 2),
        seed_source=fixed_seeds(3),
        clock=clock,
        tick_s=0.1,
        ai_delay_s=0.0,
        render_workers=0,
    )
    async with running_bot(fd, bot=bot) as running:
        yield running


async def test_two_sharded_clients_each_drive_their_own_guilds_tournament(gin_db: str | Path) -> None:
    async with FakeDiscord(shard_count=2) as fd:
        guilds = [fd.guild, fd.add_guild(shard=1)]
        clock = Clock()
        async with sharded(fd, gin_db, "0", clock) as low, sharded(fd, gin_db, "1", clock) as high:
            assert low.service is not None and high.service is not None and fd.bot_user.id
            for guild in guilds:  # both made by one process: the owner of each guild drives it
                spec = TournamentSpec(game="gin", format="swiss", rounds=2, hands=1, signup_s=60)
                row = await low.service.create_tournament(guild.id, guild.channel.id, fd.dana.id, fd.bot_user.id, spec)
                await low.service.add_ai_entrants(row.id, 4, "easy", "GinBot")
            clock.advance(61)

            def finished() -> bool | None:
                return (
                    all(any(OVER in (m.content or "") for m in fd.channel_messages(g.channel)) for g in guilds) or None
                )

            await fd.store.wait_until(finished, timeout=60, what="both tournaments over")
            await asyncio.sleep(0.5)
        for guild in guilds:
            messages = [m.content or "" for m in fd.channel_messages(guild.channel)]
            assert sum(OVER in m for m in messages) == 1 and sum(m.startswith("**Round ") for m in messages) == 2
            threads = [t for t in fd.store.threads if fd.channels[t].parent_id == guild.channel.id]
            assert len(threads) == 4  # two rounds of two matches, each in its own thread, once


async def test_without_thread_permission_the_matches_take_turns_in_the_channel(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fd = fake_discord
    db = tmp_path / "gin.sqlite3"
    fd.bot_permissions[fd.channel.id] = str(int(BOT_PERMISSIONS) & ~CREATE_PUBLIC_THREADS)
    async with gin_bot(fd, db, seeds=fixed_seeds(64), clock=Clock.from_wall_clock(), tick_s=0.1):
        assert await tourney(fd, fd.dana, "create", format="round_robin", hands=1, signup=60) == "Done."
        assert await tourney(fd, fd.dana, "add_ai", count=4, level="easy") == "Done."
        assert await tourney(fd, fd.dana, "start") == "Done."
        await fd.wait_for_message(lambda m: m.public and OVER in (m.content or ""), timeout=60)
    assert fd.store.threads == []
    channels = [c for (c,) in query(db, "SELECT channel_id FROM matches")]
    assert channels == [fd.channel.id] * 6  # three rounds of two matches, one after the other


async def test_the_sign_up_and_the_organisers_commands_answer_discord_before_the_store(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Another writer holds the database longer than Discord's 3 s: a Join click and the organiser's
    commands are acknowledged at once all the same, and answered once the store is free."""
    fd = fake_discord
    db = tmp_path / "gin.sqlite3"
    async with gin_bot(fd, db, seeds=fixed_seeds(8), clock=Clock.from_wall_clock(), tick_s=0.1):
        assert await tourney(fd, fd.dana, "create", format="round_robin", hands=1, signup=60) == "Done."
        signup = await fd.wait_for_message(lambda m: m.public and SIGNUP in (m.content or ""), timeout=5)
        writer = sqlite3.connect(db, isolation_level=None, timeout=10)
        writer.execute("BEGIN IMMEDIATE")
        try:
            fired = [
                await fd.click(fd.alice, signup, signup.component(label="Join")["custom_id"]),
                await fd.slash(fd.dana, "gin", group="tournament", subcommand="add_ai", options={"count": 2}),
                await fd.slash(fd.bob, "gin", group="tournament", subcommand="create", options={"format": "swiss"}),
            ]
            acks = [await ix.response(timeout=3.5) for ix in fired]
            assert [a.type for a in acks] == [5, 5, 5]  # deferred within the deadline, nothing written yet
            await asyncio.sleep(3.5)  # past Discord's deadline with the store still locked
        finally:
            writer.execute("ROLLBACK")
            writer.close()
        answers = [(await ix.final(15)).content for ix in fired]
    assert answers[0] == "You are signed up."
    assert answers[1] == "Done."
    assert answers[2] == "Only the organiser, someone with Manage Server or the server's tournament role may do that."


async def test_pictures_discord_refuses_leave_the_words_to_go_alone_once(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Every upload is too large (413): the round's pairings, the final standings and the status answer
    come in words alone, each posted once."""
    fd = fake_discord
    fd.limits.attachment_size = 64  # bytes: no picture gets through
    async with gin_bot(fd, tmp_path / "gin.sqlite3", seeds=fixed_seeds(16), clock=Clock.from_wall_clock(), tick_s=0.1):
        assert await tourney(fd, fd.dana, "create", format="swiss", rounds=1, hands=1, signup=60) == "Done."
        assert await tourney(fd, fd.dana, "add_ai", count=4, level="easy") == "Done."
        assert await tourney(fd, fd.dana, "start") == "Done."
        await fd.wait_for_message(lambda m: m.public and OVER in (m.content or ""), timeout=60)
        answer = await tourney_answer(fd, fd.bob, "status")
    assert "· finished" in (answer.content or "") and not answer.attachments
    rounds = [m for m in posted(fd, ROUND) if starts(m, "**Round ")]  # not the status answer
    assert len(posted(fd, OVER)) == len(rounds) == 1 and not any(m.attachments for m in posted(fd, OVER) + rounds)
