"""The records of tournaments in the store (docs/tournaments.md): a tournament's row, its sign-ups, its
matches and its pending announcements, and one step of the service written at once."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from .records import MatchRecord


class TournamentStatus(StrEnum):
    """Where a tournament stands."""

    SIGNUP = "signup"  # players join and leave
    CHECKIN = "checkin"  # the players who joined confirm they are here
    RUNNING = "running"  # rounds are being played
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def going(self) -> bool:
        return self in (TournamentStatus.SIGNUP, TournamentStatus.CHECKIN, TournamentStatus.RUNNING)


class NoticeKind(StrEnum):
    """A public message a tournament's step implies."""

    SIGNUP = "signup"  # the sign-up message with Join / Leave
    CHECKIN = "checkin"  # the check-in message
    ROUND = "round"  # a round's pairings
    RESULT = "result"  # a decided pairing (payload: its round and board)
    FINAL = "final"  # the final standings
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """A tournament as stored: ``config`` and ``state`` are bot.tournaments' JSON (``state`` None until it starts)."""

    id: int  # 0 for one not inserted yet
    guild_id: int
    channel_id: int
    organiser_id: int
    bot_id: int
    variant: str
    config: str
    state: str | None
    status: TournamentStatus
    version: int
    created_at: datetime
    signup_ends: datetime
    checkin_s: int
    signup_message: int | None = None
    checkin_message: int | None = None
    checkin_ends: datetime | None = None
    started_at: datetime | None = None
    ended_at: datetime | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Entry:
    """A player who joined (an AI entrant: a negative id and a level), and when he checked in."""

    user_id: int
    name: str
    ai_level: str | None
    joined_at: datetime
    checked_in_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class TournamentMatch:
    """A pairing's match: the key (round, board), whether it is rated, its turn timeout, when it was counted."""

    tournament_id: int
    round: int
    board: int
    match_id: int
    rated: bool
    turn_timeout_s: int
    counted_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class NewMatch:
    """A round's match to create in a step: the pairing key, the match (id 0) and its first state."""

    round: int
    board: int
    match: MatchRecord
    state: dict[str, Any]
    rated: bool
    turn_timeout_s: int


@dataclass(frozen=True, slots=True)
class Notice:
    """A pending public message of a tournament."""

    id: int
    tournament_id: int
    version: int
    kind: NoticeKind
    payload: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a tournament, written in ONE transaction if the tournament is still at ``version``:
    its new state and status, the matches counted and created, the messages it implies."""

    version: int  # the version the step was computed from
    state: str | None
    status: TournamentStatus
    at: datetime
    counted: tuple[int, ...] = ()  # match ids whose results the new state holds
    matches: tuple[NewMatch, ...] = ()
    notices: tuple[tuple[NoticeKind, dict[str, Any]], ...] = ()
    checkin_ends: datetime | None = None
    started_at: datetime | None = None
    ended_at: datetime | None = None
    reason: str = ""
    removed_entries: tuple[int, ...] = field(default=())  # sign-ups dropped (a removal before the start)
