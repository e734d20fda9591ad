"""Plain records passed between the store and the table service."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SettingsRow:
    guild_id: int
    default_variant: str
    target: int | None
    turn_timeout_s: int
    allowed_channels: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChallengeRow:
    id: int
    guild_id: int
    channel_id: int
    challenger_id: int
    challenger_name: str
    opponent_id: int | None
    opponent_name: str | None
    rules: str  # JSON
    status: str
    created_at: str
    expires_at: str
    message_id: int | None
    match_id: int | None


@dataclass(frozen=True, slots=True)
class NewMatch:
    guild_id: int
    channel_id: int
    players: tuple[int, int]
    names: tuple[str, str]
    ai_seat: int | None
    ai_level: str | None
    rules: str  # JSON
    seed: int
    started_at: str
    turn_deadline: str | None
    state: str  # snapshot JSON at version 0


@dataclass(frozen=True, slots=True)
class MatchRow:
    id: int
    guild_id: int
    channel_id: int
    players: tuple[int, int]
    names: tuple[str, str]
    ai_seat: int | None
    ai_level: str | None
    rules: str
    seed: int
    status: str
    version: int
    started_at: str
    ended_at: str | None
    winner: int | None
    totals: tuple[int, int] | None
    board_message_id: int | None
    turn_deadline: str | None
    warned_version: int | None
    warned_stage: str | None
    snapshot_version: int
    state: str  # snapshot JSON


@dataclass(frozen=True, slots=True)
class HandWrite:
    number: int
    dealer: int
    outcome: str
    knocker: int | None
    winner: int | None
    points: int
    record: str  # JSON


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What the stats need from a finished match (seats refer to ``players``)."""

    guild_id: int
    players: tuple[int, int]
    ai_seat: int | None
    winner: int
    totals: tuple[int, int]
    margin: int
    hands_won: tuple[int, int]
    gins: tuple[int, int]
    undercuts: tuple[int, int]


@dataclass(frozen=True, slots=True)
class MoveWrite:
    """Everything one move changes, written in one transaction."""

    match_id: int
    seq: int  # == the version after the move
    seat: int
    action: str
    at: str
    state: str  # snapshot JSON after the move
    status: str
    turn_deadline: str | None
    hands: tuple[HandWrite, ...] = ()
    ended_at: str | None = None
    winner: int | None = None
    totals: tuple[int, int] | None = None
    result: MatchResult | None = None


@dataclass(frozen=True, slots=True)
class StatsRow:
    guild_id: int
    user_id: int
    name: str
    rating: int
    matches_won: int
    matches_lost: int
    hands_won: int
    gins: int
    undercuts: int
    points_for: int
    points_against: int
    best_margin: int
    streak: int
    vs_bot_won: int
    vs_bot_lost: int
