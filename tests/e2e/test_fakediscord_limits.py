"""Discord's limits and faults in the stand-in, each driven through the real discord.py client: rate
limits, message limits, interaction token expiry and the callback deadline, channel permissions,
deleted channels and guilds, outages."""

from __future__ import annotations

import asyncio
import io
import time
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from fakediscord import FAKE_TOKEN, FakeDiscord, running_bot
from fakediscord.server import deadline_from_env
from fakediscord.world import ATTACH_FILES, SEND_MESSAGES, VIEW_CHANNEL


class Limited(commands.GroupCog, group_name="l"):
    """Commands that run into Discord's limits; what Discord answered lands in ``errors``."""

    def __init__(self) -> None:
        self.errors: list[tuple[str, int, int]] = []  # (step, status, Discord code)
        self.release = asyncio.Event()

    def _failed(self, step: str, exc: discord.HTTPException) -> None:
        self.errors.append((step, exc.status, exc.code))

    @app_commands.command(name="long", description="an answer over 2000 characters, then a short one")
    async def long(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as exc:
            self._failed(exc.text, exc)
            await interaction.response.send_message("too long", ephemeral=True)

    @app_commands.command(name="hold", description="defer, wait for the test, then a follow-up")
    async def hold(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        await self.release.wait()
        try:
            await interaction.followup.send("late", ephemeral=True)
        except discord.HTTPException as exc:
            self._failed("followup", exc)

    @app_commands.command(name="sleepy", description="answers after the callback deadline")
    async def sleepy(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.6)
        try:
            await interaction.response.send_message("too late")
        except discord.HTTPException as exc:
            self._failed("callback", exc)
        try:
            await interaction.followup.send("and a follow-up")
        except discord.HTTPException as exc:
            self._failed("followup", exc)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Limited())


def cog(bot: commands.Bot) -> Limited:
    found = bot.get_cog("Limited")
    assert isinstance(found, Limited)
    return found


def text_channel(bot: discord.Client, channel_id: int) -> discord.TextChannel:
    channel = bot.get_channel(channel_id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_route_buckets_headers_and_429s(fake_discord: FakeDiscord) -> None:
    """A channel's message bucket: headers on every answer, discord.py waits when it is used up, a
    client that does not wait gets Discord's 429; the global limit spares interaction callbacks."""
    fd = fake_discord
    fd.limits.rate_limits = True
    fd.limits.set_route("channel_send", 2, 1.0)
    async with running_bot(fd, setup) as bot:
        channel = text_channel(bot, fd.channel_id)
        started = time.monotonic()
        for i in range(5):
            await channel.send(f"spam {i}")
        assert time.monotonic() - started >= 1.5  # 2 + 2 + 1 in three windows of 1 s
        assert [m.content for m in fd.channel_messages()] == [f"spam {i}" for i in range(5)]
        assert fd.limits.stats.rate_limited["user"] == 0  # discord.py read the headers and waited

        url = f"{fd.api_base}/channels/{fd.channel2.id}/messages"
        async with aiohttp.ClientSession() as http:
            answers = []
            for i in range(3):
                async with http.post(url, json={"content": f"raw {i}"}) as r:
                    answers.append((r.status, dict(r.headers), await r.json()))
        (s1, h1, _), _, (s3, h3, b3) = answers
        assert s1 == 200 and h1["X-RateLimit-Limit"] == "2" and h1["X-RateLimit-Remaining"] == "1"
        assert float(h1["X-RateLimit-Reset-After"]) <= 1.0 and float(h1["X-RateLimit-Reset"]) > time.time() - 1
        assert h1["X-RateLimit-Bucket"] == h3["X-RateLimit-Bucket"]
        assert s3 == 429 and h3["X-RateLimit-Scope"] == "user" and h3["X-RateLimit-Remaining"] == "0"
        assert "X-RateLimit-Global" not in h3 and h3["Via"]
        assert b3["global"] is False and 0 < b3["retry_after"] <= 1.0 and b3["message"]
        assert fd.limits.stats.rate_limited["user"] == 1 and fd.limits.stats.invalid == 1

        # The global limit: discord.py does not know it beforehand, gets 429s, waits and retries.
        fd.limits.global_per_second = 4
        await asyncio.sleep(1.0)
        fetched = [await bot.fetch_channel(fd.channel_id) for _ in range(10)]
        assert len(fetched) == 10 and fd.limits.stats.rate_limited["global"] >= 1
        # ... and interaction callbacks and follow-ups are not bound by it.
        await asyncio.sleep(1.0)  # a fresh window
        async with aiohttp.ClientSession(headers={"Authorization": f"Bot {FAKE_TOKEN}"}) as http:
            for _ in range(4):
                async with http.get(f"{fd.api_base}/channels/{fd.channel_id}") as r:
                    assert r.status == 200
            async with http.get(f"{fd.api_base}/channels/{fd.channel_id}") as r:
                assert r.status == 429 and r.headers["X-RateLimit-Global"] == "true"
                assert r.headers["X-RateLimit-Scope"] == "global" and (await r.json())["global"] is True
            ix = await fd.slash(fd.alice, "l", subcommand="long")  # answered twice within the same second
            assert (await ix.response()).content == "too long"


async def test_invalid_requests_reach_the_ban_threshold(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    fd.limits.stats.invalid_limit = 6  # Discord: 10,000 in 10 minutes
    fd.bot_permissions[fd.channel2.id] = "0"
    async with running_bot(fd, setup) as bot:
        for _ in range(6):
            with pytest.raises(discord.Forbidden):
                await bot.fetch_channel(fd.channel2.id)
        assert fd.limits.stats.by_status[403] == 6 and fd.limits.stats.invalid_in_window() == 6
        assert fd.limits.stats.banned
        fd.limits.enforce_ban = True  # Cloudflare's ban: a plain-text 429 discord.py does not retry
        with pytest.raises(discord.HTTPException) as caught:
            await bot.fetch_channel(fd.channel_id)
        assert caught.value.status == 429


async def test_message_limits_answer_invalid_form_body(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup) as bot:
        ix = await fd.slash(fd.alice, "l", subcommand="long")
        assert (await ix.response()).content == "too long"
        [(text, status, code)] = cog(bot).errors
        assert (status, code) == (400, 50035) and "data.content" in text and "2000" in text

        route = Route("POST", "/channels/{channel_id}/messages", channel_id=fd.channel_id)

        def button(custom_id: str, label: str = "b") -> dict[str, Any]:
            return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}

        def row(*components: dict[str, Any]) -> dict[str, Any]:
            return {"type": 1, "components": list(components)}

        def select(n: int, placeholder: str = "p") -> dict[str, Any]:
            options = [{"label": f"o{i}", "value": str(i)} for i in range(n)]
            return {"type": 3, "custom_id": "s", "options": options, "placeholder": placeholder}

        bad: list[tuple[dict[str, Any], str]] = [
            ({"content": "y" * 2001}, "content"),
            ({"embeds": [{"description": "d" * 4097}]}, "embeds.0.description"),
            ({"embeds": [{"title": "t" * 257}]}, "embeds.0.title"),
            ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "embeds"),
            ({"components": [row(button(f"b{i}")) for i in range(6)]}, "components"),
            ({"components": [row(*(button(f"b{i}") for i in range(6)))]}, "components.0.components"),
            ({"components": [row(select(2), button("b"))]}, "components.0.components"),
            ({"components": [row(select(26))]}, "components.0.components.0.options"),
            ({"components": [row(button("c" * 101))]}, "components.0.components.0.custom_id"),
            ({"components": [row(button("b", "l" * 81))]}, "components.0.components.0.label"),
            ({"components": [row(select(2, "p" * 151))]}, "components.0.components.0.placeholder"),
            ({"content": "n", "nonce": "n" * 26, "enforce_nonce": True}, "nonce"),
        ]
        twice = {"components": [row(button("same"), button("same"))]}
        fd.limits.unique_custom_ids = False  # allowed only when switched off
        await bot.http.request(route, json=twice)
        fd.limits.unique_custom_ids = True  # the default
        bad.append((twice, "components.0.components.1.custom_id"))
        for body, path in bad:
            with pytest.raises(discord.HTTPException) as caught:
                await bot.http.request(route, json=body)
            assert (caught.value.status, caught.value.code) == (400, 50035), body
            assert f"In {path}:" in caught.value.text, (path, caught.value.text)
        with pytest.raises(discord.HTTPException) as caught:
            await bot.http.request(route, json={"content": "  "})
        assert caught.value.code == 50006  # Cannot send an empty message
        label = select(25)
        label["options"][0]["label"] = "o" * 101
        with pytest.raises(discord.HTTPException, match=r"options\.0\.label"):
            await bot.http.request(route, json={"components": [row(label)]})

        channel = text_channel(bot, fd.channel_id)
        fd.limits.attachment_size = 1000
        with pytest.raises(discord.HTTPException) as caught:
            await channel.send(file=discord.File(io.BytesIO(b"\0" * 1001), "big.png"))
        assert (caught.value.status, caught.value.code) == (413, 40005)
        ok = await channel.send("fine", file=discord.File(io.BytesIO(b"\0" * 1000), "small.png"))
        with pytest.raises(discord.HTTPException, match="In content"):
            await ok.edit(content="z" * 2001)
        assert fd.message(ok.id).content == "fine"
        assert [m.content for m in fd.channel_messages()] == ["", "fine"]  # the repeated ids, then "fine"
        assert len(fd.limits.stats.form_errors) == len(bad) + 5

        async with aiohttp.ClientSession() as http:
            form = aiohttp.FormData()
            form.add_field("payload_json", '{"content": "many"}', content_type="application/json")
            for i in range(11):
                form.add_field(f"files[{i}]", b"x", filename=f"f{i}.txt")
            async with http.post(f"{fd.api_base}/channels/{fd.channel_id}/messages", data=form) as r:
                body = await r.json()
                assert r.status == 400 and body["code"] == 50035 and "attachments" in body["errors"]

        fd.limits.message_rules = False  # the switch: the stand-in takes anything again
        assert (await channel.send("w" * 2001)).content == "w" * 2001


async def test_expired_token_refuses_the_bots_followup(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup) as bot:
        ix = await fd.slash(fd.alice, "l", subcommand="hold")
        assert (await ix.response()).deferred
        assert fd.expire_tokens() == 1  # Discord's 15 minutes pass
        cog(bot).release.set()
        await fd.wait_until(lambda: cog(bot).errors)
        assert cog(bot).errors == [("followup", 401, 50027)]
        assert ix.original is not None and ix.original.loading  # still "thinking"
        assert fd.limits.stats.by_status[401] == 1


async def test_callback_deadline_unknown_interaction_then_unknown_webhook() -> None:
    async with FakeDiscord(callback_deadline=0.3) as fd, running_bot(fd, setup) as bot:
        ix = await fd.slash(fd.alice, "l", subcommand="sleepy")
        await fd.wait_until(lambda: len(cog(bot).errors) == 2, timeout=5)
        assert cog(bot).errors == [("callback", 404, 10062), ("followup", 404, 10015)]
        assert ix.answer is None and fd.late_or_unanswered() == [ix] and fd.all_messages() == []


def test_callback_deadline_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKEDISCORD_CALLBACK_DEADLINE", "3")
    assert FakeDiscord().callback_deadline == 3.0
    assert FakeDiscord(callback_deadline=None).callback_deadline is None
    monkeypatch.setenv("FAKEDISCORD_CALLBACK_DEADLINE", "off")
    assert FakeDiscord().callback_deadline is None
    monkeypatch.delenv("FAKEDISCORD_CALLBACK_DEADLINE")
    assert FakeDiscord().callback_deadline is None  # a stand-in made by hand: no deadline


def test_the_fixture_has_discords_deadline(fake_discord: FakeDiscord) -> None:
    assert fake_discord.callback_deadline == deadline_from_env(3.0)  # 3.0 unless switched "off"


async def test_channel_permissions(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup) as bot:
        channel = text_channel(bot, fd.channel2.id)
        posted = await channel.send("before")
        png = discord.File(io.BytesIO(b"png"), "a.png")

        fd.bot_permissions[fd.channel2.id] = str(VIEW_CHANNEL)
        with pytest.raises(discord.Forbidden) as caught:
            await channel.send("no send")
        assert caught.value.code == 50013
        assert (await channel.fetch_message(posted.id)).content == "before"  # reading needs only View

        fd.bot_permissions[fd.channel2.id] = str(VIEW_CHANNEL | SEND_MESSAGES)
        await channel.send("text is fine")
        with pytest.raises(discord.Forbidden) as caught:
            await channel.send("with a file", file=png)
        assert caught.value.code == 50013

        fd.bot_permissions[fd.channel2.id] = str(SEND_MESSAGES | ATTACH_FILES)  # no View Channel
        for action in (channel.send("x"), channel.fetch_message(posted.id), posted.edit(content="y")):
            with pytest.raises(discord.Forbidden) as caught:
                await action
            assert caught.value.code == 50001
        assert [m.content for m in fd.channel_messages(fd.channel2)] == ["before", "text is fine"]

        fd.bot_permissions[fd.channel2.id] = str(1 << 3)  # Administrator: everything
        await channel.send("admin", file=discord.File(io.BytesIO(b"png"), "b.png"))
        fd.limits.permissions = False  # the switch: no checks
        fd.bot_permissions[fd.channel2.id] = "0"
        await channel.send("unchecked")


async def test_deleted_channel_message_and_guild(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    other = fd.add_guild()
    async with running_bot(fd, setup) as bot:
        channel = text_channel(bot, fd.channel2.id)
        kept = await channel.send("kept")
        gone = await channel.send("gone")
        await gone.delete()
        with pytest.raises(discord.NotFound) as caught:
            await channel.fetch_message(gone.id)
        assert caught.value.code == 10008
        with pytest.raises(discord.NotFound) as caught:
            await gone.edit(content="again")
        assert caught.value.code == 10008

        await fd.delete_channel(fd.channel2)
        await fd.wait_until(lambda: bot.get_channel(fd.channel2.id) is None, what="CHANNEL_DELETE")
        for action in (channel.send("x"), channel.fetch_message(kept.id), kept.edit(content="y"), kept.delete()):
            with pytest.raises(discord.NotFound) as caught:
                await action
            assert caught.value.code == 10003
        with pytest.raises(discord.NotFound):
            await bot.fetch_channel(fd.channel2.id)

        assert bot.get_guild(other.id) is not None
        await fd.remove_bot_from_guild(other)
        await fd.wait_until(lambda: bot.get_guild(other.id) is None, what="GUILD_DELETE")
        for coro in (bot.fetch_channel(other.channel.id), bot.http.send_message(other.channel.id, params=_text("hi"))):
            with pytest.raises(discord.Forbidden) as refused:
                await coro
            assert refused.value.code == 50001
        with pytest.raises(discord.Forbidden):
            await bot.fetch_guild(other.id)
        await text_channel(bot, fd.channel_id).send("the first guild still works")


def _text(content: str) -> Any:
    return discord.http.handle_message_parameters(content=content)


async def test_outages_and_hangs(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup) as bot:
        channel = text_channel(bot, fd.channel_id)
        fault = fd.fail("channel_send", 502)  # once: discord.py retries a 502 after a second
        assert (await channel.send("after a 502")).content == "after a 502"
        assert fault.hits == 1 and [m.content for m in fd.channel_messages()] == ["after a 502"]

        fd.fail(r"POST /channels/\d+/messages", 503, count=None)  # discord.py does not retry a 503
        with pytest.raises(discord.DiscordServerError):
            await channel.send("lost")
        fd.clear_faults()

        fd.fail("channel_send", 503, processed=True)  # posted, but the bot never learns it
        with pytest.raises(discord.DiscordServerError):
            await channel.send("posted anyway")
        assert [m.content for m in fd.channel_messages()][-1] == "posted anyway"

        msg = await channel.send("to edit")
        other = fd.fail("channel_edit", 503)
        await bot.fetch_channel(fd.channel_id)  # a fault named by its kind spares every other route
        assert other.hits == 0
        with pytest.raises(discord.DiscordServerError):
            await msg.edit(content="not now")
        assert (await msg.edit(content="edited")).content == "edited"

        fd.fail("get_channel", 503, duration=0.3)  # an outage of 0.3 s
        with pytest.raises(discord.DiscordServerError):
            await bot.fetch_channel(fd.channel_id)
        await asyncio.sleep(0.35)
        await bot.fetch_channel(fd.channel_id)

        slow = fd.hang("get_channel", 0.5)
        started = time.monotonic()
        await bot.fetch_channel(fd.channel_id)
        assert time.monotonic() - started >= 0.5 and slow.hits == 1

        fd.fail("followup", 500)  # the interaction webhook retries too
        ix = await fd.slash(fd.alice, "l", subcommand="hold")
        await ix.response()
        cog(bot).release.set()
        final = await ix.final(timeout=5)
        assert final.content == "late" and cog(bot).errors == []

        fd.fail("channel_send", 429, retry_after=0.2)  # a shared-resource limit: not an invalid request
        invalid = fd.limits.stats.invalid
        await channel.send("after a shared 429")
        assert fd.limits.stats.rate_limited["shared"] == 1 and fd.limits.stats.invalid == invalid
