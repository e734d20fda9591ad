"""fakediscord: a local stand-in for Discord (REST v10 + gateway) for end-to-end tests and benchmarks.

The REAL discord.py client talks to it on 127.0.0.1 with no token and no internet.

Quick start (pytest-asyncio, asyncio_mode=auto; the `fake_discord` fixture in
tests/e2e/conftest.py does the first line for you)::

    from fakediscord import FakeDiscord, running_bot, BotProcess

    async with FakeDiscord() as fd:                 # server on a free port; patches discord.py
        async with running_bot(fd, setup) as bot:   # setup: async (bot) -> None adding cogs
            await bot.tree.sync(guild=discord.Object(fd.guild_id))   # optional; gives real ids/option types
            ix = await fd.slash(fd.alice, "gin", subcommand="challenge", options={"opponent": fd.bob, "target": 100})
            ans = await ix.response(timeout=3)      # Answer
            ans.type, ans.ephemeral, ans.content, ans.embeds, ans.components, ans.attachments, ans.latency
            msg = ans.message or ix.original        # StoredMessage (current state; .history has old states)
            ix2 = await fd.click(fd.bob, msg, "gin:1:accept:0")      # or fd.click_label(fd.bob, msg, "Accept")
            ix3 = await fd.select(fd.alice, hand_msg, custom_id, ["7H"])
            ix4 = await fd.user_command(fd.alice, "Challenge to Gin", target=fd.bob)

World (fixed ids, same in every instance so a restarted bot sees the same world):
    fd.guild_id, fd.application_id (== bot user id), fd.channel / fd.channel_id ("gin-table"),
    fd.channel2 ("general"), fd.bot_user, humans fd.alice fd.bob fd.carol, fd.dana (admin
    permissions, guild + application owner = fd.owner), fd.other_bot (a bot user), fd.users {id: FakeUser}.
    More guilds: fd.add_guild(shard=None, shard_count=None, name=None) -> FakeGuild (id, name, channel
    "gin-table", channel2 "general"; every user a member); fd.guild is the first, fd.guilds {id: FakeGuild}.
    Pass channel=guild.channel to slash()/user_command() to act in another guild.
    FakeUser: id, name, global_name, display_name, mention, bot, admin.

Injection (each waits for a connected bot, returns an InteractionRecord):
    fd.slash(user, name, subcommand=None, group=None, options={...}, channel=None)
        option types come from the synced command if the bot synced, else from the Python
        value: FakeUser -> USER (with resolved user+member), FakeChannel -> CHANNEL, bool, int,
        float, str; {"type": n, "value": v} passes through raw.
    fd.autocomplete(user, name, focused="variant", subcommand=..., options=...)  -> answer.choices
    fd.user_command(user, "Challenge to Gin", target=fd.bob)
    fd.click(user, message_or_id, custom_id, force=False) / fd.click_label(user, message, label)
    fd.select(user, message_or_id, custom_id, values, force=False)
    fd.submit_modal(user, custom_id, {input_id: value})
    click/select check (unless force=True) that the component is on the message's CURRENT
    version, not disabled, the values are options, and that an ephemeral message is clicked only
    by the user it was shown to (PermissionError / LookupError otherwise).
    fd.dismiss(user, ephemeral_message): the user dismisses it (later edits: 10008 Unknown Message).
    fd.expire_tokens(user=None): Discord's 15 minutes pass for every interaction so far: their
        tokens are refused (401, 50027 Invalid Webhook Token); FakeDiscord(token_ttl=900) does it
        by the clock.

InteractionRecord:
    await ix.response(timeout=3) -> Answer (TimeoutError if the bot never answers)
    ix.answer, ix.answered, ix.original (the @original StoredMessage), await ix.final() (original
    once no longer "thinking"), ix.followups, await ix.followup(i), ix.rejected (refused second
    callbacks: Discord's 40060 "already acknowledged"), ix.message (the clicked message, now),
    await ix.settled(timeout=3) -> Answer once its outcome is visible (a deferred update: the
    clicked message edited after the click, or a follow-up such as a refusal).
Answer: type (4 message, 5 deferred, 6 deferred update, 7 update message, 8 autocomplete, 9 modal),
    flags, ephemeral, content, embeds, components, attachments (UploadedFile: filename, size, data),
    data (raw callback data), latency (s, injection -> callback arrival), message, payload, deferred.
StoredMessage: id, channel_id, content, embeds, components, attachments (StoredAttachment:
    filename, size, data), flags, ephemeral, public, loading, interaction_id, interaction_user,
    deleted, edited, history [MessageSnapshot], mention_ids, notified (who its mentions notified when
    posted: allowed_mentions as Discord reads them; edits and ephemeral messages notify nobody),
    buttons(), selects(), custom_ids(),
    labels(), find_component(label=/custom_id=/prefix=) -> dict|None, component(...) (raises), texts().

Queries: fd.channel_messages(channel=None) (public, oldest first), fd.last_public_message(),
    fd.ephemeral_messages(user=None), fd.dm_messages(user), fd.all_messages(), fd.message(id),
    fd.all_payloads() (every body the bot sent: Payload.kind callback/followup/webhook_edit/
    channel_send/channel_edit/commands, .json, .files, .flags, .ephemeral = visibility of the
    message it lands in, .public, .texts()), fd.public_payloads(), fd.interactions(),
    fd.latencies(), fd.late_or_unanswered(limit=3.0), fd.unknown_routes (should stay empty), fd.store.commands (synced commands),
    fd.clicks(user=None) (component interactions: presses and menu choices, in order),
    fd.notifications(user=None) (messages that notified someone when posted, deleted ones too).
Waiting (re-checked after every request the bot makes; no sleeps):
    await fd.wait_until(lambda: value_or_None, timeout=3), await fd.wait_for_message(pred),
    await fd.wait_for_edit(msg, seen) (seen = len(msg.history) taken before the action),
    await fd.wait_for_payload(pred, since=n) (n = len(fd.all_payloads()) taken before),
    await fd.wait_connected(). Gateway: await fd.drop_connection() (client RESUMEs),
    fd.gateway.identifies / .sessions / .heartbeats.
Options: FakeDiscord(patch=True, callback_deadline=None (set 3.0 to refuse late callbacks
    with 10062 like Discord), connect_timeout=10, token_ttl=None (set 900 to refuse interaction
    tokens after 15 minutes like Discord), shard_count=1 (what GET /gateway/bot recommends),
    max_concurrency=1 (IDENTIFYs allowed per 5 s, in session_start_limit)).

Shards: a gateway session that IDENTIFYs with shard [id, count] owns the guilds with
    (guild_id >> 22) % count == id: READY lists them, one GUILD_CREATE each, and every event of a
    guild (INTERACTION_CREATE, MESSAGE_CREATE/UPDATE/DELETE) goes only to its owning sessions; DM
    events go to shard 0; a session without a shard owns every guild. An injection waits for its
    guild's shard to be connected (fd.wait_connected(guild_id=...)); fd.shard_of(guild_id, count),
    fd.gateway.owners(guild_id), Session.shard. An invalid shard is closed with 4010.

Bots:
    running_bot(fd, setup=None, *, bot=None, intents=None, **Bot kwargs): async context manager,
        in-process bot (fresh commands.Bot with setup as setup_hook, or your own `bot`), waits for
        on_ready, closes on exit.
    BotProcess(fd, argv, entry="bot.__main__:main", env={...}): `await p.start()` runs
        fakediscord/run_bot_against_fake.py in a subprocess (env GIN_FAKE_DISCORD_URL, DISCORD_TOKEN=
        fake-token) and waits for on_ready; `await p.stop()` (SIGINT, then SIGKILL), `await p.kill()`
        (crash), p.output. Also `async with BotProcess(...) as p`.

Modules: server (FakeDiscord: world, lifecycle, JSON shapes), inject (user actions), queries
    (queries and waiting), world / messages / records (the data), store (the Store and change
    notification), rest/ (routes: commands, interactions, channels; base = shared plumbing),
    gateway, runner (bots in-process or in a subprocess), point_at_fake + run_bot_against_fake
    (the subprocess side).

Not covered: zlib/zstd compression, rate limits (no 429s), voice, threads, reactions
beyond 204, permissions enforcement, message content of user messages.
"""

from .inject import CommandHidden
from .messages import MessageSnapshot, StoredAttachment, StoredMessage, UploadedFile
from .records import Answer, InteractionRecord, Payload
from .runner import FAKE_TOKEN, BotProcess, running_bot
from .server import FakeDiscord
from .world import EPHEMERAL, FakeChannel, FakeGuild, FakeUser

__all__ = [
    "EPHEMERAL",
    "FAKE_TOKEN",
    "Answer",
    "BotProcess",
    "CommandHidden",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeUser",
    "InteractionRecord",
    "MessageSnapshot",
    "Payload",
    "StoredAttachment",
    "StoredMessage",
    "UploadedFile",
    "running_bot",
]
