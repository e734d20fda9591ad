"""Tournaments in Discord without a click: every scheduler tick drives them (the service pairs, counts
and finishes, bot/tables/tournament_drive.py) and posts what their steps left pending: claimed, posted
in the tournament's channel in the server's language, then marked done, so each message is posted once
(each post carries its row's nonce, so a repeat after a crash between the post and the mark gets the
first message back; a crash between the step and the post loses none). A round's pairings and the
final standings carry the bracket or the standings as a picture; the words go alone if it fails.
A round's match gets a public thread of its own where the bot may create one, else the channel."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import current, speaking
from bot.tables import TableService, TournamentNotice, TournamentNoticeKind, TournamentRow
from bot.tournaments import Pairing, champion, from_json, standings
from render import RenderedImage

from ..flows.posting import channel
from ..flows.reach import ChannelLost, PostingRefused, reaching
from ..speech import public_language
from . import texts
from .buttons import checkin_view, signup_view
from .pictures import picture, send_with_picture, style_of

log = logging.getLogger(__name__)
NONE = discord.AllowedMentions.none()


class TournamentFlow:
    """Drives the tournaments of this process's guilds and posts their news."""

    def __init__(self, client: discord.Client, service: TableService) -> None:
        self.client = client
        self.service = service

    async def tick(self) -> None:
        await self.service.drive_tournaments(self.open_match_channel)
        await self.post_pending()

    async def open_match_channel(self, row: TournamentRow, pairing: Pairing) -> int | None:
        """A public thread of the tournament's channel for one match; the channel itself when the bot
        may not create threads there and no match is on in it; else None: the match waits for a later look."""
        parent = self.client.get_channel(row.channel_id)
        if isinstance(parent, discord.TextChannel):
            with speaking(await public_language(self.service, self.client, row.guild_id)):
                name = texts.thread_name(pairing.key)
            if (empty := self._unused_thread(parent, name)) is not None:
                return empty.id
            try:
                thread = await parent.create_thread(
                    name=name, type=discord.ChannelType.public_thread, auto_archive_duration=1440
                )
            except discord.HTTPException as error:
                log.warning(
                    "tournament %d: no thread for a match in channel %d (%s)", row.id, row.channel_id, error.code
                )
            else:
                return thread.id
        return None if await self.service.channel_busy(row.channel_id) else row.channel_id

    def _unused_thread(self, parent: discord.TextChannel, name: str) -> discord.Thread | None:
        """A thread of ours with this name and nothing in it: the one opened for this pairing by a process
        killed before its match was written (taken again, so no empty thread is left behind)."""
        me = self.client.user
        mine = [t for t in parent.threads if me is not None and t.owner_id == me.id and t.name == name]
        return next((t for t in mine if t.last_message_id is None and not t.archived), None)

    async def post_pending(self) -> int:
        posted = 0
        for row, notice in await self.service.claim_tournament_notices():
            try:
                message_id = await self._post(row, notice)
            except ChannelLost:
                log.info("tournament %d: its channel is gone; its news is dropped", row.id)
                await self.service.tournament_notice_done(notice.id, None)
                continue
            except PostingRefused as refused:
                log.warning("tournament %d: a post was refused (code %d); tried again later", row.id, refused.code)
                continue
            except Exception:
                log.exception("tournament %d: posting its %s failed", row.id, notice.kind)
                continue
            await self.service.tournament_notice_done(notice.id, message_id)
            await self._close_buttons(row.id, notice)
            if notice.kind in (TournamentNoticeKind.SIGNUP, TournamentNoticeKind.CHECKIN) and message_id is not None:
                await self.service.set_tournament_message(row.id, notice.kind, message_id)
            posted += 1
        return posted

    async def refresh_signup(self, tournament_id: int) -> None:
        """The sign-up message with the number of players now (in the server's language); a failed edit
        only leaves the count behind until the next change."""
        row = await self.service.tournament(tournament_id)
        if row.signup_message is None or not row.status.going:
            return
        entries = await self.service.tournament_entries(tournament_id)
        with speaking(await public_language(self.service, self.client, row.guild_id)):
            text = texts.signup(row, from_json(row.config), entries)
        try:
            await (
                channel(self.client, row.channel_id, row.guild_id)
                .get_partial_message(row.signup_message)
                .edit(content=text)
            )
        except discord.HTTPException as error:
            log.info("tournament %d: the sign-up count was not updated (%s)", tournament_id, error.code)

    async def _close_buttons(self, tournament_id: int, notice: TournamentNotice) -> None:
        """Once the check-in or the first round is out, the buttons of the windows that closed go."""
        kind = notice.kind
        first_round = kind is TournamentNoticeKind.ROUND and notice.payload.get("round") == 1
        ended = kind in (TournamentNoticeKind.CHECKIN, TournamentNoticeKind.CANCELLED) or first_round
        if not ended:
            return
        row = await self.service.tournament(tournament_id)
        closing = (
            [row.signup_message] if kind is TournamentNoticeKind.CHECKIN else [row.signup_message, row.checkin_message]
        )
        for message_id in closing:
            if message_id is None:
                continue
            try:
                await channel(self.client, row.channel_id, row.guild_id).get_partial_message(message_id).edit(view=None)
            except discord.HTTPException as error:
                log.info("tournament %d: a closed window's buttons stay (%s)", tournament_id, error.code)

    async def _post(self, row: TournamentRow, notice: TournamentNotice) -> int | None:
        fresh = await self.service.tournament(row.id)
        t = from_json(fresh.state or fresh.config)
        kind = notice.kind
        view: discord.ui.View | None = None
        image: RenderedImage | None = None
        with speaking(await public_language(self.service, self.client, row.guild_id)):
            if kind is TournamentNoticeKind.SIGNUP:
                text = texts.signup(fresh, t, await self.service.tournament_entries(row.id))
                view = signup_view(row.id) if fresh.status.going else None
            elif kind is TournamentNoticeKind.CHECKIN:
                text = texts.checkin(t, fresh.checkin_ends)
                view = checkin_view(row.id)
            elif kind is TournamentNoticeKind.ROUND:
                text = texts.round_posted(t, int(notice.payload["round"]))
                image = await picture(t, style_of(self.client))
            elif kind is TournamentNoticeKind.RESULT:
                text = texts.result(t, (int(notice.payload["round"]), int(notice.payload["board"])))
            elif kind is TournamentNoticeKind.FINAL:
                winner = champion(t)
                text = texts.final(t, standings(t), None if winner is None else winner.name)
                image = await picture(t, style_of(self.client))
            elif "message" in notice.payload:  # too few came: the pure logic's refusal says why
                text = texts.cancelled(current()._(str(notice.payload["message"]), **notice.payload.get("fields", {})))
            else:
                text = texts.cancelled(str(notice.payload.get("reason", "")))
        if not text:
            return None
        where = channel(self.client, row.channel_id, row.guild_id)
        with reaching(row.channel_id):
            # The nonce: a repeat after a crash between the post and its mark gets the first message back.
            # A picture that fails to upload leaves the words to go alone, with the same nonce.
            fields: dict[str, Any] = {"content": text, "allowed_mentions": NONE, "nonce": f"gin-tn-{notice.id}"}
            if view is not None:
                fields["view"] = view
            message = await send_with_picture(where.send, image, **fields)
        return message.id
