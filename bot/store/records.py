"""The records the store reads and writes, shared as they are with the table service and its callers.

Columns are parsed where they are read (times to aware datetimes, JSON to engine objects,
statuses to enums), so no layer above keeps a second copy of these shapes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from bot.constants import TIMEOUT_DEFAULT_S
from bot.engine import GameRules, HandRecordLike, MatchSummary


class MatchStatus(StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"
    RESIGNED = "resigned"
    ABANDONED = "abandoned"


class ChallengeStatus(StrEnum):
    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


class Stage(StrEnum):
    """How late the player to move is: warned, then claimable by the opponent, then abandoned."""

    WARN = "warn"
    CLAIMABLE = "claimable"
    ABANDON = "abandon"

    @property
    def periods(self) -> int:
        """Turn timeouts past the deadline at which this stage begins."""
        return _PERIODS[self]


_PERIODS = {Stage.WARN: 0, Stage.CLAIMABLE: 1, Stage.ABANDON: 2}


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    default_variant: str = "standard"
    target: int | None = None  # None: the variant's own target
    turn_timeout_s: int = TIMEOUT_DEFAULT_S
    allowed_channels: tuple[int, ...] = ()  # empty: every channel
    language: str | None = None  # of the public messages; None: the server's preferred locale
    tournament_role: int | None = None  # may organise tournaments too (besides Manage Server); None: nobody else

    def allows(self, channel_id: int) -> bool:
        return not self.allowed_channels or channel_id in self.allowed_channels


@dataclass(frozen=True, slots=True)
class Place:
    """Someone sitting at a table that has not started: a player, or one of the bot's AI seats."""

    user_id: int
    name: str
    ai_level: str | None = None  # None: a human
    team: int | None = None  # chosen by the host for a partnership; None: by join order

    @property
    def is_ai(self) -> bool:
        return self.ai_level is not None


@dataclass(frozen=True, slots=True)
class Challenge:
    """A table before its match starts (a challenge is a two-seat table): who hosts it, who is invited,
    who has sat down. ``challenger_*`` is the host; ``opponent_*`` the one invited to a two-seat
    challenge (after it is accepted: who accepted)."""

    id: int
    game: str
    guild_id: int
    channel_id: int
    challenger_id: int
    challenger_name: str
    opponent_id: int | None  # None: anyone may accept
    opponent_name: str | None
    rules: GameRules
    status: ChallengeStatus
    created_at: datetime
    expires_at: datetime
    message_id: int | None
    match_id: int | None
    seats: int = 2  # the table's size
    invited: tuple[int, ...] = ()  # who was invited; none: anyone may join, else only they may
    declined: tuple[int, ...] = ()  # invited players who said no
    places: tuple[Place, ...] = ()  # who has sat down, in join order (the host first)

    @property
    def invite_only(self) -> bool:
        return bool(self.invited)

    @property
    def pending_invites(self) -> tuple[int, ...]:
        """Invited players who have neither sat down nor declined."""
        return tuple(u for u in self.invited if u not in self.declined and self.place_of(u) is None)

    @property
    def host_id(self) -> int:
        return self.challenger_id

    @property
    def full(self) -> bool:
        return len(self.places) >= self.seats

    @property
    def open_seats(self) -> int:
        return max(0, self.seats - len(self.places))

    def place_of(self, user_id: int) -> int | None:
        """The join-order place of a human at this table, None if he has not sat down."""
        return next((i for i, p in enumerate(self.places) if p.user_id == user_id and not p.is_ai), None)


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A match's row: who plays what, where, and its mutable columns as last committed."""

    id: int  # 0 for a match not inserted yet
    game: str
    guild_id: int
    channel_id: int
    players: tuple[int, ...]  # per seat: the user id (every AI seat: the bot's own id)
    names: tuple[str, ...]  # per seat
    ai_levels: tuple[str | None, ...]  # per seat: the AI's level, None for a human
    rules: GameRules
    seed: int
    status: MatchStatus
    version: int  # == moves applied
    started_at: datetime
    ended_at: datetime | None = None
    winner: int | None = None
    totals: tuple[int, ...] | None = None
    board_message_id: int | None = None
    turn_deadline: datetime | None = None
    warned_version: int | None = None  # the overdue notice already given at this version ...
    warned_stage: Stage | None = None  # ... for this stage
    teams: tuple[int, ...] | None = None  # per seat: its team in a partnership; None: everyone for himself

    def seat_of(self, user_id: int) -> int | None:
        """The seat of a player, None for anyone else (the bot's id: its first AI seat)."""
        try:
            return self.players.index(user_id)
        except ValueError:
            return None

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def family(self) -> str:
        """What the stats of this match count towards: the game and its seat count, e.g. 'gin:2'."""
        return family_of(self.game, len(self.players))

    def is_ai(self, seat: int) -> bool:
        return self.ai_levels[seat] is not None

    @property
    def ai_seats(self) -> tuple[int, ...]:
        return tuple(s for s, level in enumerate(self.ai_levels) if level is not None)

    @property
    def ai_seat(self) -> int | None:
        """The first AI seat, None without one (two-player callers: the AI's seat)."""
        return next(iter(self.ai_seats), None)

    @property
    def ai_level(self) -> str | None:
        """The level of the first AI seat."""
        seat = self.ai_seat
        return None if seat is None else self.ai_levels[seat]

    def team_of(self, seat: int) -> int:
        """The seat's team: its partnership's number, or the seat itself when everyone plays for himself."""
        return seat if self.teams is None else self.teams[seat]


def family_of(game: str, seats: int) -> str:
    """A stats family: a two-player Gin win is not a three-player one ('gin:2', 'gin:3', 'rummy:5')."""
    return f"{game}:{seats}"


def game_of_family(family: str) -> str:
    """The game a stats family counts ('gin:3' -> 'gin')."""
    return family.rpartition(":")[0]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The latest saved state of a match (older versions are reproducible from seed and moves)."""

    version: int
    state: dict[str, Any]


@dataclass(frozen=True, slots=True)
class MoveWrite:
    """Everything one move changes, written in one transaction."""

    match: MatchRecord  # the row as it is after the move (version == seq)
    seat: int
    action: str
    at: datetime
    state: dict[str, Any]  # the snapshot after the move
    hands: tuple[HandRecordLike, ...] = ()  # hands this move finished
    summary: MatchSummary | None = None  # set when the move ended the match
    new_deal: bool = False  # a new hand was dealt: its board is announced


class AnnouncementKind(StrEnum):
    BOARD = "board"  # a new hand's board
    HAND_RESULT = "hand_result"  # a finished hand laid out and scored
    MATCH_END = "match_end"  # the final totals, rating changes and the rematch button


@dataclass(frozen=True, slots=True)
class Announcement:
    """A public message a committed change implies, kept until Discord has accepted it."""

    id: int
    match_id: int
    version: int  # the match version the message shows
    kind: AnnouncementKind
    payload: dict[str, Any]  # what the match state does not hold: {"rating_changes": {user id: change}}
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Committed:
    """What a committed move leaves for its caller: rating changes and the messages to post."""

    rating_changes: dict[int, int] | None
    announcements: tuple[Announcement, ...]


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's per-guild record as the store keeps it."""

    guild_id: int
    user_id: int
    name: str
    rating: int
    matches_won: int
    matches_lost: int
    hands_won: int
    points_for: int
    points_against: int
    best_margin: int
    streak: int
    vs_bot_won: int
    vs_bot_lost: int
    family: str = "gin:2"  # the game family these stats count (bot.store.records.family_of)
    # The game's own counters (MatchSummary.counts summed over his matches): (key, value), a counter
    # never counted left out; the service orders them as the game lists them (GameType.counters).
    counts: tuple[tuple[str, int], ...] = ()

    def count(self, key: str) -> int:
        """One of the game's counters (0 if never counted)."""
        return next((value for name, value in self.counts if name == key), 0)
