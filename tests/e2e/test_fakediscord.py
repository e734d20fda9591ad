"""The Discord stand-in works with the real discord.py client (throwaway cog defined here)."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from fakediscord import BotProcess, FakeDiscord, running_bot

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4


class AcceptButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"t:accept:(?P<uid>\d+)"):
    """Persistent button: only the named user may press it."""

    def __init__(self, uid: int) -> None:
        super().__init__(
            discord.ui.Button(label="Accept", style=discord.ButtonStyle.success, custom_id=f"t:accept:{uid}")
        )
        self.uid = uid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> AcceptButton:
        return cls(int(match["uid"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id != self.uid:
            await interaction.response.send_message(f"this challenge is for <@{self.uid}>", ephemeral=True)
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"accepted by {interaction.user.display_name}", view=None)


class LaterButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"t:later:(?P<n>\d+)"):
    """Deferred update: odd n edits the message afterwards (next button n+1), even n answers with a follow-up."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Later {n}", custom_id=f"t:later:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> LaterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        if self.n % 2:
            view = discord.ui.View(timeout=None)
            view.add_item(LaterButton(self.n + 1))
            await interaction.edit_original_response(
                content=f"edited {self.n} by {interaction.user.display_name}", view=view
            )
        else:
            await interaction.followup.send("not now", ephemeral=True)


class PickView(discord.ui.View):
    @discord.ui.select(custom_id="pick", options=[discord.SelectOption(label=c, value=c) for c in ("7H", "KS", "AD")])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


class Throwaway(commands.GroupCog, group_name="t"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="hello", description="ephemeral hi")
    async def hello(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hi {interaction.user.display_name}", ephemeral=True)

    @app_commands.command(name="challenge", description="public challenge with a persistent button")
    async def challenge(self, interaction: discord.Interaction, opponent: discord.Member, target: int = 100) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(AcceptButton(opponent.id))
        await interaction.response.send_message(
            f"{interaction.user.mention} challenges {opponent.mention} to {target}", view=view
        )

    @app_commands.command(name="slow", description="deferred answer then a follow-up with a file")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await asyncio.sleep(0.05)
        await interaction.followup.send("your picture", file=discord.File(io.BytesIO(PNG), "hand.png"), ephemeral=True)
        await interaction.followup.send("second", ephemeral=True)

    @app_commands.command(name="board", description="channel send + edit")
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        msg = await interaction.channel.send("board v1", file=discord.File(io.BytesIO(PNG), "table.png"))
        await msg.edit(content="board v2")
        await interaction.edit_original_response(content=f"posted {msg.id}")

    @app_commands.command(name="later", description="public message whose button answers late")
    async def later(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(LaterButton(1))
        await interaction.response.send_message("later", view=view)

    @app_commands.command(name="pick", description="ephemeral select")
    async def pick(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick one", view=PickView(), ephemeral=True)

    @app_commands.command(name="variant", description="autocomplete")
    async def variant(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(name, ephemeral=True)

    @variant.autocomplete("name")
    async def variant_ac(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=v, value=v) for v in ("standard", "oklahoma") if v.startswith(current)]


@app_commands.context_menu(name="Poke")
async def poke(interaction: discord.Interaction, member: discord.Member) -> None:
    await interaction.response.send_message(f"poked {member.display_name}", ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(AcceptButton, LaterButton)
    await bot.add_cog(Throwaway(bot))
    bot.tree.add_command(poke)


async def test_connects_syncs_and_answers_ephemeral(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup) as bot:
        assert bot.user is not None and bot.user.id == fd.bot_user.id
        assert bot.get_guild(fd.guild_id) is not None and bot.get_channel(fd.channel_id) is not None
        synced = await bot.tree.sync()
        assert {c.name for c in synced} == {"t", "Poke"} and all(c.id for c in synced)
        assert {c["name"] for c in fd.store.commands[None]} == {"t", "Poke"}
        bot.tree.copy_global_to(guild=discord.Object(fd.guild_id))
        guild_synced = await bot.tree.sync(guild=discord.Object(fd.guild_id))
        assert {c.guild_id for c in guild_synced} == {fd.guild_id}
        assert (await bot.application_info()).owner.id == fd.owner.id

        ix = await fd.slash(fd.alice, "t", subcommand="hello")
        ans = await ix.response(timeout=3)
        assert (ans.type, ans.ephemeral, ans.content) == (4, True, "hi Alice")
        assert 0 < ans.latency < 3 and ix.original is not None and ix.original.ephemeral
        assert fd.late_or_unanswered() == [] and fd.unknown_routes == []


async def test_unanswered_interaction_is_reported(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup):
        ix = await fd.slash(fd.alice, "no-such-command")  # discord.py ignores it: no callback
        with pytest.raises(TimeoutError, match="no interaction callback"):
            await ix.response(timeout=0.3)
        assert fd.late_or_unanswered() == [ix]


async def test_user_option_dynamic_button_refusal_and_edit(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup) as bot:
        await bot.tree.sync()  # option types then come from the synced schema
        ix = await fd.slash(fd.alice, "t", subcommand="challenge", options={"opponent": fd.bob, "target": 150})
        ans = await ix.response()
        assert not ans.ephemeral and ans.content == f"{fd.alice.mention} challenges {fd.bob.mention} to 150"
        board = fd.last_public_message()
        assert board is not None and board is ans.message and board.mention_ids == [fd.alice.id, fd.bob.id]
        assert board.labels() == ["Accept"]

        refused = await (await fd.click(fd.carol, board, f"t:accept:{fd.bob.id}")).response()
        assert refused.ephemeral and refused.content == f"this challenge is for {fd.bob.mention}"
        assert board.content.startswith(fd.alice.mention)  # untouched

        accepted = await (await fd.click_label(fd.bob, board, "Accept")).response()
        assert accepted.type == 7 and accepted.message is board
        assert board.content == "accepted by Bob" and board.components == [] and len(board.history) == 1
        with pytest.raises(LookupError):
            await fd.click(fd.bob, board, f"t:accept:{fd.bob.id}")  # the button is gone now


async def test_defer_followup_file_and_privacy_records(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup):
        ix = await fd.slash(fd.alice, "t", subcommand="slow")
        ans = await ix.response()
        assert ans.type == 5 and ans.ephemeral and ans.deferred
        final = await ix.final()
        assert final.content == "your picture" and final.ephemeral
        assert [(a.filename, a.size, a.data) for a in final.attachments] == [("hand.png", len(PNG), PNG)]
        second = await ix.followup(1)
        assert second.content == "second" and second.ephemeral and second is not final
        assert fd.channel_messages() == []
        sent = [p for p in fd.all_payloads() if p.interaction_id == ix.id]
        assert [p.kind for p in sent] == ["callback", "followup", "followup"]
        assert all(p.ephemeral for p in sent) and sent[1].files[0].data == PNG
        assert fd.public_payloads() == []


async def test_channel_send_edit_and_fetch(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup) as bot:
        ix = await fd.slash(fd.bob, "t", subcommand="board")
        final = await ix.final()
        board = fd.last_public_message()
        assert board is not None and final.content == f"posted {board.id}"
        assert board.content == "board v2" and [h.content for h in board.history] == ["board v1"]
        assert [a.filename for a in board.attachments] == ["table.png"] and board.attachments[0].data == PNG
        assert [p.kind for p in fd.public_payloads()] == ["channel_send", "channel_edit"]
        channel = bot.get_channel(fd.channel_id)
        assert isinstance(channel, discord.TextChannel)
        fetched = await channel.fetch_message(board.id)
        assert fetched.content == "board v2" and fetched.attachments[0].size == len(PNG)
        assert [m.id async for m in channel.history(limit=5)] == [board.id]


async def test_select_on_ephemeral_context_menu_and_autocomplete(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup):
        msg = (await (await fd.slash(fd.alice, "t", subcommand="pick")).response()).message
        assert msg is not None and msg.ephemeral and msg.custom_ids() == ["pick"]
        with pytest.raises(PermissionError):
            await fd.select(fd.bob, msg, "pick", ["KS"])  # bob cannot see alice's ephemeral message
        with pytest.raises(LookupError):
            await fd.select(fd.alice, msg, "pick", ["2C"])
        picked = await (await fd.select(fd.alice, msg, "pick", ["KS"])).response()
        assert picked.type == 7 and msg.content == "picked KS" and msg.ephemeral

        poked = await (await fd.user_command(fd.alice, "Poke", target=fd.carol)).response()
        assert poked.content == "poked Carol" and poked.ephemeral

        ac = await (
            await fd.autocomplete(fd.alice, "t", subcommand="variant", focused="name", options={"name": "ok"})
        ).response()
        assert ac.type == 8 and ac.choices == [{"name": "oklahoma", "value": "oklahoma"}]


async def test_settled_and_waiting_for_edits_and_payloads(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup):
        since = len(fd.all_payloads())
        ix = await fd.slash(fd.alice, "t", subcommand="later")
        posted = await fd.wait_for_payload(lambda p: p.public, since=since)
        msg = (await ix.response()).message
        assert msg is not None and posted.kind == "callback" and posted.message_id == msg.id

        edited = await fd.click(fd.bob, msg, "t:later:1")
        assert edited.message is msg and edited.message_edits == 0
        answer = await edited.settled()  # a deferred update: settled once the message was edited
        assert answer.type == 6 and msg.content == "edited 1 by Bob" and edited.followups == []
        assert await fd.wait_for_edit(msg, 0) is msg and msg.labels() == ["Later 2"]

        refused = await fd.click(fd.bob, msg, "t:later:2")
        answer = await refused.settled()  # or once a follow-up came
        assert answer.type == 6 and [m.content for m in refused.followups] == ["not now"]
        with pytest.raises(TimeoutError, match="edit #2"):
            await fd.wait_for_edit(msg, 1, timeout=0.2)
        assert [p.kind for p in fd.all_payloads()[since:] if p.public] == [
            "callback",
            "callback",
            "webhook_edit",
            "callback",
        ]
        with pytest.raises(TimeoutError, match="a matching payload"):
            await fd.wait_for_payload(lambda p: p.public, since=len(fd.all_payloads()), timeout=0.2)


async def test_second_callback_refused_and_unknown_route_loud(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup):
        ix = await fd.slash(fd.alice, "t", subcommand="hello")
        await ix.response()
        url = f"{fd.api_base}/interactions/{ix.id}/{ix.token}/callback"
        async with aiohttp.ClientSession() as session:
            async with session.post(url, json={"type": 4, "data": {"content": "again"}}) as resp:
                assert resp.status == 400 and resp.headers["Content-Type"] == "application/json"
                assert (await resp.json())["code"] == 40060
            async with session.get(f"{fd.api_base}/no/such/route") as resp:
                assert resp.status == 404 and "no route" in (await resp.json())["message"]
        assert len(ix.rejected) == 1 and ix.answer is not None and ix.answer.content == "hi Alice"
        assert fd.unknown_routes == ["GET /no/such/route"]


async def test_resume_after_dropped_connection(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    async with running_bot(fd, setup):
        session = fd.gateway.live_sessions()[0]
        await fd.drop_connection()
        await fd.wait_until(lambda: session.resumes == 1 and session.live, timeout=10, what="RESUME")
        assert fd.gateway.identifies == 1
        assert (await (await fd.slash(fd.alice, "t", subcommand="hello")).response()).content == "hi Alice"


async def test_subprocess_bot_restart_keeps_persistent_buttons(fake_discord: FakeDiscord) -> None:
    fd = fake_discord
    first = await BotProcess(fd, entry="tests.e2e.minimal_bot:main").start()
    try:
        post = await (await fd.slash(fd.alice, "post")).response()
        assert post.content == f"posted by pid {first.pid}" and post.message is not None
    finally:
        await first.kill()
    second = await BotProcess(fd, entry="tests.e2e.minimal_bot:main").start()
    try:
        assert second.pid != first.pid
        pressed = await (await fd.click_label(fd.bob, post.message, "Press 0")).response()
        assert pressed.type == 7
        assert post.message.content == f"pressed 0 by bob in pid {second.pid}"
        assert post.message.labels() == ["Press 1"]
    finally:
        assert await second.stop() == 0, second.output
    assert fd.unknown_routes == []


async def test_notifications_token_expiry_and_dismissal(fake_discord: FakeDiscord) -> None:
    """Who a new message notified (allowed_mentions, never edits or ephemeral messages); tokens
    refused once Discord's 15 minutes have passed; a dismissed ephemeral message is gone."""
    fd = fake_discord
    async with running_bot(fd, setup):
        ch = await fd.slash(fd.alice, "t", subcommand="challenge", options={"opponent": fd.bob})
        posted = (await ch.response()).message
        assert posted is not None and set(posted.notified) == {fd.alice.id, fd.bob.id}  # no allowed_mentions: all
        assert fd.notifications(fd.bob) == [posted] and fd.notifications(fd.carol) == []
        hi = await fd.slash(fd.carol, "t", subcommand="hello")
        await hi.response()
        assert hi.original is not None and hi.original.notified == ()  # ephemeral: nobody

        async def edit(ix_token: str, content: str) -> tuple[int, dict[str, Any]]:
            url = f"{fd.api_base}/webhooks/{fd.application_id}/{ix_token}/messages/@original"
            async with aiohttp.ClientSession() as http, http.patch(url, json={"content": content}) as r:
                return r.status, await r.json()

        assert (await edit(hi.token, "edited"))[0] == 200 and hi.original.content == "edited"
        fd.dismiss(fd.carol, hi.original)
        status, body = await edit(hi.token, "again")
        assert status == 404 and body["code"] == 10008
        with pytest.raises(PermissionError):
            fd.dismiss(fd.alice, posted)  # a public message cannot be dismissed

        hi2 = await fd.slash(fd.carol, "t", subcommand="hello")
        await hi2.response()
        assert fd.expire_tokens(fd.carol) >= 2
        status, body = await edit(hi2.token, "too late")
        assert (
            status == 401
            and body["code"] == 50027
            and hi2.original is not None
            and "too late" not in hi2.original.content
        )
