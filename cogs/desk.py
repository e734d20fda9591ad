"""The Desk: what happens on Discord when someone presses a game button or a move is made.

One object per bot (``bot.desk``), used by the cogs, the DynamicItems and the scheduler. It only
translates: interaction -> TableService -> renderer -> Discord answer / board edit. Decisions
(legal moves, turns, versions, who may do what) come from the service and the engine views.

Answering rules kept here (Discord facts):
- defer first (within 3 s), render in a worker thread, then edit;
- a player's hand is only ever sent in an ephemeral answer; the board and results are public
  and made from the PublicView only;
- a new board message per hand (editing messages older than an hour is rate limited apart);
- the board is a plain channel message so it can be edited long after any interaction token
  (15 minutes) has died.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

import discord

from bot.engine import Action
from bot.engine.match import Event
from bot.engine.views import SeatView
from bot.tables import ActResult, ChallengeInfo, MatchInfo, Overdue, Refusal, TableService
from render import RenderedImage, Style, describe_events, render_hand, render_match_end, render_result, render_table
from render.text import hand_line, score_line, status_line

from . import components as ui

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()


def mention_only(*user_ids: int) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly these users (never @everyone or roles)."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=u) for u in user_ids])


def image_file(image: RenderedImage) -> discord.File:
    return discord.File(image.file(), filename=image.filename, description=image.alt[:1024])


def require_posting(interaction: discord.Interaction) -> None:
    """Refusal unless the bot may post boards (messages with images) in this channel: checked
    before a match exists, so a channel never holds a match whose board cannot be shown."""
    perms = interaction.app_permissions
    send = perms.send_messages_in_threads if isinstance(interaction.channel, discord.Thread) else perms.send_messages
    missing = [name for name, ok in (("View Channel", perms.view_channel), ("Send Messages", send),
                                     ("Attach Files", perms.attach_files)) if not ok]
    if missing:
        raise Refusal(f"I can't run a table here: I need the {' and '.join(missing)} permission"
                      f"{'s' if len(missing) > 1 else ''} in this channel.")


def rules_message(rules: Any) -> str:
    """The rules in short (Ruleset.summary() lines) as one message."""
    summary = rules.summary()
    lines = [summary] if isinstance(summary, str) else list(summary)
    return f"**Gin rules: {rules.name}** (to {rules.target})\n" + "\n".join(f"• {line}" for line in lines)


class Desk:
    """Glue between Discord and the TableService for one bot."""

    def __init__(self, bot: discord.Client, service: TableService, *, style: Style = Style(),
                 ai_delay_s: float = 1.2) -> None:
        self.bot = bot
        self.service = service
        self.style = style
        self.ai_delay_s = ai_delay_s
        self._board_locks: dict[int, asyncio.Lock] = {}
        # The board message per match as this process last posted it: newer than a MatchInfo read
        # before the post (a quick move can race the set_board_message of a new hand).
        self._boards: dict[int, int] = {}
        self._shown: dict[int, int] = {}  # match id -> version drawn on its board (edits never go back)
        self._previous: dict[int, tuple[Event, ...]] = {}  # last move's events: 'took X and discarded Y'
        # Discord never notifies for a mention added by an edit, so a turn passing to the other human is
        # announced by a small ping message; the previous ping is deleted to keep the channel clean.
        self._pings: dict[int, int] = {}  # match id -> that ping's message id
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        self._inflight = 0  # handlers between their first await and their last Discord call
        self._idle = asyncio.Event()
        self._idle.set()

    # -- small helpers -------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def _busy(self) -> AsyncIterator[None]:
        """Mark a handler in flight, so close() lets it finish its Discord calls first."""
        self._inflight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._inflight -= 1
            if self._inflight == 0:
                self._idle.set()

    async def _render(self, fn: Callable[..., RenderedImage], *args: Any, **kw: Any) -> RenderedImage:
        return await asyncio.to_thread(fn, *args, style=self.style, **kw)

    def _channel(self, channel_id: int) -> discord.abc.Messageable:
        return self.bot.get_channel(channel_id) or self.bot.get_partial_messageable(channel_id)  # type: ignore[return-value]

    async def refuse(self, interaction: discord.Interaction, reason: str) -> None:
        """A short ephemeral refusal, whether or not the interaction was already answered."""
        log.debug("refused %s for user %s: %s", interaction.id, interaction.user.id, reason)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(reason, ephemeral=True)
            else:
                await interaction.response.send_message(reason, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not deliver a refusal for interaction %s", interaction.id)

    async def _failed(self, interaction: discord.Interaction, what: str) -> None:
        log.exception("error while handling %s (interaction %s)", what, interaction.id)
        await self.refuse(interaction, "Something went wrong on my side; please try again.")

    @staticmethod
    def turn_text(match: MatchInfo) -> tuple[str, discord.AllowedMentions]:
        """Who is to act, mentioning only that human (the bot's own seat is named, not pinged)."""
        turn = match.public.turn
        if match.status != "active" or turn is None:
            return "", NO_MENTIONS
        if match.ai_seat == turn:
            return f"**{match.names[turn]}** (the bot) is thinking…", NO_MENTIONS
        return f"<@{match.players[turn]}> to play.", mention_only(match.players[turn])

    def board_text(self, match: MatchInfo, line: str) -> tuple[str, discord.AllowedMentions]:
        view = match.public
        turn, mentions = self.turn_text(match)
        head = f"**Gin** · {match.names[0]} vs {match.names[1]} · hand {view.deal_number} · {score_line(view, match.names)}"
        return "\n".join(x for x in (head, line, turn) if x), mentions

    def _lock(self, match_id: int) -> asyncio.Lock:
        return self._board_locks.setdefault(match_id, asyncio.Lock())

    # -- the public board ----------------------------------------------------------------
    async def post_board(self, match: MatchInfo, line: str) -> discord.Message:
        """Post a new board message for the current hand and remember it in the service."""
        image = await self._render(render_table, match.public, match.names)
        content, mentions = self.board_text(match, line)
        msg = await self._channel(match.channel_id).send(
            content, file=image_file(image), view=ui.board_view(match.id), allowed_mentions=mentions)
        self._boards[match.id] = msg.id
        await self._drop_ping(match)  # the new board's own mention notifies
        await self.service.set_board_message(match.id, msg.id)
        self._shown[match.id] = max(self._shown.get(match.id, -1), match.version)
        log.info("match %d: board posted for hand %d (message %d)", match.id, match.public.deal_number, msg.id)
        return msg

    async def start_match(self, match: MatchInfo) -> None:
        async with self._busy():
            await self._start_match(match)

    async def _start_match(self, match: MatchInfo) -> None:
        """A new match: its first board, and the bot's first move if it starts."""
        async with self._lock(match.id):
            await self.post_board(match, describe_events(match.public, match.names))
        self.kick_ai(match)

    async def after_move(self, result: ActResult) -> None:
        async with self._busy():
            await self._after_move(result)

    async def _after_move(self, result: ActResult) -> None:
        """Show a move publicly: edit the board, or at a hand's end post the result and a new board."""
        match = result.match
        async with self._lock(match.id):
            if self._shown.get(match.id, -1) >= match.version:
                return  # a later move is already on the board (moves can finish out of order)
            previous = self._previous.get(match.id, ())
            self._previous[match.id] = result.events
            if result.hand_over is not None or result.match_over:
                await self._close_hand(result)
            else:
                await self._edit_board(match, describe_events(match.public, match.names, previous))
                await self._ping_turn(match, actor=next((e.seat for e in result.events if e.seat is not None), None))
            self._shown[match.id] = match.version
        if result.match_over:
            self._forget(match.id)
        else:
            self.kick_ai(match)

    def board_id(self, match: MatchInfo) -> int | None:
        return self._boards.get(match.id, match.board_message_id)

    async def _edit_board(self, match: MatchInfo, line: str) -> None:
        image = await self._render(render_table, match.public, match.names)
        content, mentions = self.board_text(match, line)
        board = self.board_id(match)
        if board is None:
            await self.post_board(match, line)
            return
        message = self._channel(match.channel_id).get_partial_message(board)  # type: ignore[attr-defined]
        try:
            await message.edit(content=content, attachments=[image_file(image)], view=ui.board_view(match.id),
                               allowed_mentions=mentions)
        except discord.NotFound:  # someone deleted the board: start a fresh one
            await self.post_board(match, line)

    async def _ping_turn(self, match: MatchInfo, actor: int | None) -> None:
        """Notify the human whose turn it now is, when the move passed the turn (not in games vs the bot)."""
        turn = match.public.turn
        if match.ai_seat is not None or match.status != "active" or turn is None or turn == actor:
            return
        await self._drop_ping(match)
        user = match.players[turn]
        try:
            msg = await self._channel(match.channel_id).send(
                f"<@{user}> your turn in Gin ({match.names[0]} vs {match.names[1]}).", allowed_mentions=mention_only(user))
        except discord.HTTPException:
            log.info("match %d: turn ping could not be sent", match.id)
            return
        self._pings[match.id] = msg.id

    async def _drop_ping(self, match: MatchInfo) -> None:
        old = self._pings.pop(match.id, None)
        if old is None:
            return
        try:
            await self._channel(match.channel_id).get_partial_message(old).delete()  # type: ignore[attr-defined]
        except discord.HTTPException:
            log.debug("match %d: old turn ping %d already gone", match.id, old)

    async def _retire_board(self, match: MatchInfo, text: str) -> None:
        """The previous hand's board keeps its picture but loses its buttons."""
        board = self.board_id(match)
        if board is None:
            return
        message = self._channel(match.channel_id).get_partial_message(board)  # type: ignore[attr-defined]
        try:
            await message.edit(content=text, view=None, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.info("match %d: old board %d could not be retired", match.id, board)

    async def _close_hand(self, result: ActResult) -> None:
        match, view = result.match, result.match.public
        channel = self._channel(match.channel_id)
        record = result.hand_over
        await self._drop_ping(match)
        await self._retire_board(match, f"**Gin** · {match.names[0]} vs {match.names[1]} · "
                                        f"{'match over' if result.match_over else 'this hand is over'}")
        if record is not None and view.last_hand is not None:
            text = f"**Hand {view.last_hand.number}** · {hand_line(view.last_hand, match.names, len(view.games) > 1)}\n" \
                   f"{score_line(view, match.names)}"
            try:
                image: RenderedImage | None = await self._render(render_result, view, match.names)
            except ValueError:
                image = None
            await channel.send(text, file=image_file(image) if image else None, allowed_mentions=NO_MENTIONS)
        if result.match_over:
            await self._post_match_end(result)
        else:
            await self.post_board(match, f"New hand: {match.names[view.dealer]} dealt.")

    async def _post_match_end(self, result: ActResult) -> None:
        match, view = result.match, result.match.public
        changes = None
        if result.rating_changes:
            changes = {seat: result.rating_changes[uid] for seat, uid in enumerate(match.players)
                       if uid in result.rating_changes}
        image = await self._render(render_match_end, view, match.names, rating_changes=changes)
        s = view.summary
        if s is not None:
            line = f"**{match.names[s.winner]}** wins {s.totals[s.winner]} to {s.totals[s.loser]}"
            if s.resigned_by is not None:
                line += f" ({match.names[s.resigned_by]} {'was idle too long' if match.status == 'abandoned' else 'resigned'})"
        else:
            line = "The match is over."
        if changes:
            line += " · rating " + ", ".join(f"{match.names[seat]} {d:+d}" for seat, d in changes.items())
        if match.ai_seat is not None:
            line += " · counts as a game vs the bot"
        await self._channel(match.channel_id).send(
            f"**Gin · match over** · {line}", file=image_file(image), view=ui.rematch_view(match.id),
            allowed_mentions=NO_MENTIONS)
        log.info("match %d over: status %s", match.id, match.status)

    def _forget(self, match_id: int) -> None:
        self._previous.pop(match_id, None)
        self._boards.pop(match_id, None)
        self._board_locks.pop(match_id, None)
        # _shown stays: a late result of this match (e.g. a move racing a resign) must still see
        # that the board moved past it, or it would put buttons back on the finished match's board.
        task = self._ai_tasks.pop(match_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    # -- hands (ephemeral) ---------------------------------------------------------------
    async def _hand_message(self, match: MatchInfo, view: SeatView, note: str = "") -> dict[str, Any]:
        image = await self._render(render_hand, view, match.names)
        lines = [f"**Your hand** · {status_line(view, match.names)}"]
        if note:
            lines.insert(0, note)
        if view.turn == view.seat and view.phase == "discard" and any(a.kind.value == "knock" for a in view.legal):
            lines.append(f"You may knock (limit {view.knock_limit}).")
        active = match.status == "active"
        return dict(content="\n".join(lines), attachments=[image_file(image)],
                    view=ui.hand_view(view, match.id, view.moves) if active else None)  # version == moves

    async def show_hand(self, interaction: discord.Interaction, match_id: int, *, in_place: bool = False) -> None:
        async with self._busy():
            await self._show_hand(interaction, match_id, in_place=in_place)

    async def _show_hand(self, interaction: discord.Interaction, match_id: int, *, in_place: bool = False) -> None:
        """My hand: a new ephemeral message (board, /gin hand) or the same one refreshed (Refresh)."""
        if in_place:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            match = await self.service.get_match(match_id)
            if match.seat_of(interaction.user.id) is None:
                raise Refusal("You are not playing at this table.")
            if match.status != "active":
                raise Refusal("That match is over.")
            view = await self.service.seat_view(match_id, interaction.user.id)
            payload = await self._hand_message(match, view)
        except Refusal as refusal:
            if in_place:
                await interaction.followup.send(str(refusal), ephemeral=True)
            else:
                await interaction.edit_original_response(content=str(refusal))
            return
        await interaction.edit_original_response(**payload)

    async def move(self, interaction: discord.Interaction, match_id: int, action: Action, version: int) -> None:
        """A control in the ephemeral hand: act, then redraw that message and the board."""
        async with self._busy():
            await self._move(interaction, match_id, action, version)

    async def _move(self, interaction: discord.Interaction, match_id: int, action: Action, version: int) -> None:
        await interaction.response.defer()  # a deferred update of the hand message itself
        try:
            result = await self.service.act(match_id, interaction.user.id, action, version)
        except Refusal as refusal:
            await interaction.followup.send(str(refusal), ephemeral=True)
            return
        except Exception:
            await self._failed(interaction, "a move")
            return
        # The board update starts before anything else can await: a move the scheduler lets the
        # bot make next must not reach the board first (its newer version would hide this one).
        board = asyncio.create_task(self.after_move(result), name=f"gin-board-{match_id}")
        match = result.match
        seat = match.seat_of(interaction.user.id)
        log.info("match %d: seat %s played %s (version %d)", match.id, seat, action.kind.value, match.version)
        note = "Hand over: see the result in the channel. Next hand:" if result.hand_over and not result.match_over else ""
        if result.match_over:
            note = "The match is over: see the channel."
        try:
            payload = await self._hand_message(match, result.seats[seat if seat is not None else 0], note)
            await interaction.edit_original_response(**payload)
        finally:
            await board

    # -- board buttons -------------------------------------------------------------------
    async def board_button(self, interaction: discord.Interaction, match_id: int, what: str) -> None:
        async with self._busy():
            await self._board_button(interaction, match_id, what)

    async def _board_button(self, interaction: discord.Interaction, match_id: int, what: str) -> None:
        try:
            if what == "hand":
                in_place = bool(interaction.message is not None and interaction.message.flags.ephemeral)
                await self.show_hand(interaction, match_id, in_place=in_place)
            elif what == "rules":
                match = await self.service.get_match(match_id)
                await interaction.response.send_message(rules_message(match.rules), ephemeral=True)
            elif what == "resign":
                match = await self.service.get_match(match_id)
                if match.seat_of(interaction.user.id) is None:
                    raise Refusal("You are not playing at this table.")
                if match.status != "active":
                    raise Refusal("That match is over.")
                await interaction.response.send_message("Resign the whole match? This counts as a loss.",
                                                        view=ui.resign_confirm_view(match_id), ephemeral=True)
            elif what == "resign_yes":
                await interaction.response.defer()
                result = await self.service.resign(match_id, interaction.user.id)
                await interaction.edit_original_response(content="You resigned the match.", view=None)
                await self.after_move(result)
            elif what == "claim":
                await interaction.response.defer()
                result = await self.service.claim(match_id, interaction.user.id)
                await interaction.edit_original_response(
                    content=f"{interaction.user.display_name} claimed the match.", view=None)
                await self.after_move(result)
            elif what == "rematch":
                await self.rematch(interaction, match_id)
        except Refusal as refusal:
            await self.refuse(interaction, str(refusal))
        except Exception:
            await self._failed(interaction, f"board button {what}")

    async def rematch(self, interaction: discord.Interaction, match_id: int) -> None:
        old = await self.service.get_match(match_id)
        seat = old.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("Only the players of that match can ask for a rematch.")
        user = interaction.user
        if old.ai_seat is not None:
            require_posting(interaction)
            match = await self.service.play_bot(
                interaction.guild_id or old.guild_id, interaction.channel_id or old.channel_id, user.id,
                user.display_name, self.bot.user.id, self.bot_name(), old.ai_level or "normal",  # type: ignore[union-attr]
                variant=old.rules.name, target=old.rules.target)
            await interaction.response.send_message(f"Rematch: {user.display_name} vs {self.bot_name()}.",
                                                    allowed_mentions=NO_MENTIONS)
            await self.start_match(match)
            return
        other = old.players[1 - seat]
        await self.send_challenge(interaction, other, old.names[1 - seat], old.rules.name, old.rules.target,
                                  rematch=True)

    def bot_name(self) -> str:
        user = self.bot.user
        return user.display_name if user is not None else "Gin bot"

    # -- challenges ----------------------------------------------------------------------
    async def send_challenge(self, interaction: discord.Interaction, opponent_id: int | None,
                             opponent_name: str | None, variant: str | None, target: int | None,
                             *, rematch: bool = False) -> None:
        async with self._busy():
            await self._send_challenge(interaction, opponent_id, opponent_name, variant, target, rematch=rematch)

    async def _send_challenge(self, interaction: discord.Interaction, opponent_id: int | None,
                              opponent_name: str | None, variant: str | None, target: int | None,
                              *, rematch: bool = False) -> None:
        """Create the challenge in the service and answer with the public Accept/Decline message."""
        require_posting(interaction)
        user = interaction.user
        challenge = await self.service.challenge(
            interaction.guild_id, interaction.channel_id, user.id, user.display_name, opponent_id,
            opponent_name, variant=variant, target=target)
        rules = challenge.rules
        expires = discord.utils.format_dt(challenge.expires_at, "R")
        what = "a rematch" if rematch else "a game of Gin"
        if opponent_id is not None:
            text = f"<@{opponent_id}>, **{user.display_name}** challenges you to {what}"
            mentions = mention_only(opponent_id)
        else:
            text = f"**{user.display_name}** is looking for {what}: anyone may accept"
            mentions = NO_MENTIONS
        text += f" ({rules.name}, to {rules.target}). Expires {expires}."
        response = await interaction.response.send_message(text, view=ui.challenge_view(challenge.id),
                                                           allowed_mentions=mentions)
        message_id = getattr(response, "message_id", None)
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await self.service.set_challenge_message(challenge.id, message_id)
        log.info("challenge %d posted in channel %s", challenge.id, interaction.channel_id)

    async def challenge_button(self, interaction: discord.Interaction, challenge_id: int, what: str) -> None:
        async with self._busy():
            await self._challenge_button(interaction, challenge_id, what)

    async def _challenge_button(self, interaction: discord.Interaction, challenge_id: int, what: str) -> None:
        try:
            if what == "accept":
                await interaction.response.defer()
                user = interaction.user
                match = await self.service.accept(challenge_id, user.id, user.display_name)
                await interaction.edit_original_response(
                    content=f"**{match.names[1]}** accepted **{match.names[0]}**'s challenge. The board is below.",
                    view=None, allowed_mentions=NO_MENTIONS)
                await self.start_match(match)
            else:  # decline: the challenged user declines, the challenger cancels
                challenge = await self.service.get_challenge(challenge_id)
                if interaction.user.id == challenge.challenger_id:
                    await self.service.cancel(challenge_id, interaction.user.id)
                    text = f"{challenge.challenger_name} withdrew the challenge."
                else:
                    await self.service.decline(challenge_id, interaction.user.id)
                    text = f"{interaction.user.display_name} declined {challenge.challenger_name}'s challenge."
                await interaction.response.edit_message(content=text, view=None, allowed_mentions=NO_MENTIONS)
        except Refusal as refusal:
            await self.refuse(interaction, str(refusal))
            await self.announce_expired()  # e.g. the click found the challenge past its time
        except Exception:
            await self._failed(interaction, f"challenge button {what}")

    async def announce_expired(self) -> None:
        """Update the message of every challenge that expired since the last look."""
        for challenge in await self.service.expire_challenges():
            await self.challenge_expired(challenge)

    async def challenge_expired(self, challenge: ChallengeInfo) -> None:
        if challenge.message_id is None:
            return
        message = self._channel(challenge.channel_id).get_partial_message(challenge.message_id)  # type: ignore[attr-defined]
        try:
            await message.edit(content=f"{challenge.challenger_name}'s challenge expired.", view=None,
                               allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.info("challenge %d: message gone", challenge.id)

    # -- the bot's own moves -------------------------------------------------------------
    def kick_ai(self, match: MatchInfo) -> None:
        """If the bot's seat is to move, play its turn after a short pause (one task per match)."""
        if match.ai_seat is None or match.status != "active" or match.public.turn != match.ai_seat:
            return
        task = self._ai_tasks.get(match.id)
        if task is not None and not task.done():
            return
        self._ai_tasks[match.id] = asyncio.create_task(self._ai_turn(match.id), name=f"gin-ai-{match.id}")

    async def _ai_turn(self, match_id: int) -> None:
        delay = self.ai_delay_s
        try:
            while True:
                await asyncio.sleep(delay)
                delay = self.ai_delay_s / 2  # the discard follows the draw a little quicker
                result = await self.service.ai_step(match_id)
                if result is None:
                    return
                await self.after_move(result)
                m = result.match
                if result.match_over or m.status != "active" or m.public.turn != m.ai_seat:
                    return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("match %d: the bot's move failed", match_id)
        finally:
            if self._ai_tasks.get(match_id) is asyncio.current_task():
                del self._ai_tasks[match_id]

    # -- deadlines -----------------------------------------------------------------------
    async def handle_overdue(self, item: Overdue) -> None:
        try:
            await self._handle_overdue(item)
        except Refusal as refusal:  # the player moved (or the match ended) since the list was read
            log.info("match %d: %s notice dropped: %s", item.match.id, item.stage, refusal)

    async def _handle_overdue(self, item: Overdue) -> None:
        match, seat = item.match, item.seat
        channel = self._channel(match.channel_id)
        idle, waiting = match.players[seat], match.players[1 - seat]
        if item.stage == "warn":
            await channel.send(f"<@{idle}>, it is your turn in the Gin match here (press **My hand** on the board).",
                               allowed_mentions=mention_only(idle))
            await self.service.mark_warned(match.id, match.version, "warn")
        elif item.stage == "claimable":
            await self.service.mark_warned(match.id, match.version, "claimable")
            if match.ai_seat == 1 - seat:
                return  # the bot does not claim; the abandon stage ends the match
            await channel.send(f"<@{waiting}>, {match.names[seat]} has not moved for a long time: "
                               "you may claim the match.", view=ui.claim_view(match.id),
                               allowed_mentions=mention_only(waiting))
        elif item.stage == "abandon":
            result = await self.service.abandon(match.id, seat)
            log.info("match %d abandoned by seat %d", match.id, seat)
            await self.after_move(result)

    async def resume(self) -> None:
        """After a (re)start: let the bot move in matches where it is to play."""
        for match in await self.service.ai_pending():
            self.kick_ai(match)

    async def close(self, grace_s: float = 5.0) -> None:
        """Let in-flight handlers finish (bounded), then stop the bot's own move tasks."""
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._idle.wait(), grace_s)
        tasks = list(self._ai_tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._ai_tasks.clear()

    # -- used by the slash commands -------------------------------------------------------
    async def channel_match(self, interaction: discord.Interaction) -> MatchInfo:
        match = await self.service.match_for_channel(interaction.channel_id)  # type: ignore[arg-type]
        if match is None:
            raise Refusal("There is no Gin match in this channel.")
        return match


__all__ = ["Desk", "NO_MENTIONS", "image_file", "mention_only", "require_posting", "rules_message"]
