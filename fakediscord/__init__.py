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
Options: FakeDiscord(patch=True, callback_deadline="env" (3.0: callbacks later than 3 s get 404
    10062 Unknown interaction and the token of an interaction not acknowledged in time is gone: 404
    10015 Unknown Webhook, like Discord; "env": the switch FAKEDISCORD_CALLBACK_DEADLINE=3 in the
    environment ("off": none), unset = no deadline; None: none whatever the environment; the
    fake_discord fixture of tests/conftest.py has 3.0 unless the switch says "off"), connect_timeout=10,
    token_ttl=None (set 900 to refuse interaction tokens after 15 minutes like Discord: 401 50027),
    shard_count=1 (what GET /gateway/bot recommends), max_concurrency=1 (IDENTIFYs allowed per 5 s,
    in session_start_limit), rate_limits=False (see Limits)).

Limits (fd.limits, fakediscord/limits.py; each a switch a test may flip):
    Rate limits, OFF by default (FakeDiscord(rate_limits=True) or fd.limits.rate_limits = True):
        a global limit per bot token (fd.limits.global_per_second = 50; interaction callbacks and
        interaction webhooks are exempt) and per-route buckets per channel (fd.limits.routes:
        channel_send and channel_edit 5 per 5 s; fd.limits.set_route(kind, limit, per, major="chan")).
        Answers carry X-RateLimit-Limit/-Remaining/-Reset/-Reset-After/-Bucket; a 429 has the JSON
        body {"message", "retry_after", "global"}, X-RateLimit-Scope (user/global/shared),
        X-RateLimit-Global on the global one, Retry-After and Via (discord.py needs it).
    Counts, always: fd.limits.stats.requests, .rate_limited (Counter scope -> 429s), .invalid and
        .by_status (401/403/429 answered; a "shared" 429 excepted, as Discord counts),
        .invalid_in_window() (last 10 minutes), .banned (Discord's 10,000 in 10 minutes reached;
        .invalid_limit to lower it in a test), .form_errors [(kind, errors)] (refused message bodies).
        fd.limits.enforce_ban = True: once banned, every request gets Cloudflare's plain 429.
    Message limits, ON by default (fd.limits.message_rules = False turns them off): every message
        create/edit (channel send/edit, callback 4/7, follow-up, webhook edit) is checked like Discord:
        content 2000; embeds 10, title 256, description 4096, 25 fields (name 256, value 1024),
        footer 2048, author 256, 6000 in all; 5 action rows of 1-5 buttons or one select (Components
        V2: 40 components), custom_id 100, button label 80, 1-25 select options (label,
        value, description 100), placeholder 150; 10 attachments: 400 code 50035 Invalid Form Body
        with Discord's nested "errors" path ("data.content" in a callback); an empty new message: 400
        50006; files over fd.limits.attachment_size (10 MiB, also sent as the interaction's
        attachment_size_limit): 413 40005; a custom_id used twice in a message: 400 50035, as Discord
        (fd.limits.unique_custom_ids = False allows it).
    Permissions, ON by default (fd.limits.permissions = False turns them off): the bot's permissions
        in a guild channel are fd.bot_permissions[channel id] (a bit string; default BOT_PERMISSIONS,
        Administrator allows all). Without View Channel every channel route answers 403 50001 Missing
        Access (as Discord does); sending without Send Messages, or files without Attach Files (send
        or edit), 403 50013 Missing Permissions. Interaction answers need no channel permission.
    Threads: POST /channels/{id}/threads (no starter message) makes a public thread (type 11, its
        parent the channel; needs Create Public Threads, in BOT_PERMISSIONS by default), dispatches
        THREAD_CREATE and lists it in fd.store.threads; a thread has its parent's permissions, and
        posting in it needs Send Messages in Threads.
    Deleted things: await fd.delete_channel(channel): CHANNEL_DELETE, then 404 10003 Unknown Channel
        on every route of it. A deleted message (the bot's DELETE, fd.dismiss) answers 404 10008.
        await fd.remove_bot_from_guild(guild): GUILD_DELETE to its shard, later READYs omit it, and its
        guild routes and its channels' routes answer 403 50001 Missing Access.
    Outages: fd.fail(route, status=502, count=1, duration=None, processed=False, retry_after=1.0)
        -> Fault (.hits): the matching requests answer status (500/502/503/504; discord.py retries
        500/502/504 after 1, 3, 5... s and raises DiscordServerError at once on 503; its webhooks
        retry every 5xx; 429: a shared-resource rate limit, code 20028 on channel writes), count
        times (None: always) or for duration s; processed=True carries the request out and loses only
        the answer. fd.hang(route, seconds, count=1, duration=None, status=None): the request waits
        first. route: a kind (callback, followup, webhook_edit, channel_send, channel_edit,
        channel_get, get_channel, list_messages, commands, ... fakediscord.limits.KINDS), a handler
        name, or a regex searched in "METHOD /path" (path after /api/v10). fd.clear_faults().

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

Modules: server (FakeDiscord: world, lifecycle, JSON shapes), limits (rate limits, counts, faults),
    inject (user actions), queries (queries and waiting), world / messages / records (the data),
    store (the Store and change notification), rest/ (routes: commands, interactions, channels;
    base = shared plumbing; message_rules = message limits), gateway, runner (bots in-process or in a subprocess), point_at_fake + run_bot_against_fake
    (the subprocess side).

Not covered: zlib/zstd compression, voice, threads, reactions beyond 204, permission overwrites
and roles of the bot (only fd.bot_permissions per channel), per-route buckets beyond those set,
message content of user messages.
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
