"""custom_id formats for every button and select on game messages (pure: no discord import).

Discord keeps a component's custom_id (max 100 chars) on the message, so it survives a bot
restart: the id alone must say what to do. Formats (all regexes are full matches and disjoint):

- hand controls (a button per move): ``gin:<match>:<action>:<version>`` where ``<action>`` is
  the engine's action text with ``.`` for the space: ``stock``, ``take``, ``gin.7H``
- hand selects: ``gin:<match>:discard:<version>`` / ``gin:<match>:knock:<version>``; each option
  value is the engine's action text (``discard 7H``, ``knock 7H``, ``gin 7H``)
- board buttons: ``gin:<match>:hand|resign|rules|rematch|claim|resign_yes``
- challenges: ``ginc:<challenge>:accept|decline|cancel``
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine import Action

_CARD = r"[A2-9TJQK][SHDC]"
# Button moves: no card, or the one card-carrying button (gin with its discard).
BUTTON_RE = re.compile(rf"gin:(?P<match>[0-9]{{1,20}}):(?P<action>take|pass|stock|discard_pile|big_gin|gin\.{_CARD}):(?P<version>[0-9]{{1,9}})")
SELECT_RE = re.compile(r"gin:(?P<match>[0-9]{1,20}):(?P<kind>discard|knock):(?P<version>[0-9]{1,9})")
BOARD_ACTIONS = ("hand", "resign", "rules", "rematch", "claim", "resign_yes")
BOARD_RE = re.compile(r"gin:(?P<match>[0-9]{1,20}):(?P<what>" + "|".join(BOARD_ACTIONS) + ")")
CHALLENGE_ACTIONS = ("accept", "decline", "cancel")
CHALLENGE_RE = re.compile(r"ginc:(?P<challenge>[0-9]{1,20}):(?P<what>" + "|".join(CHALLENGE_ACTIONS) + ")")


@dataclass(frozen=True, slots=True)
class MoveId:
    """A versioned move control: the match, what was chosen, and the version it was offered at."""

    match_id: int
    action: str  # for a button the action text; for a select 'discard' or 'knock'
    version: int


def button_id(match_id: int, action: Action, version: int) -> str:
    """custom_id of a move button, e.g. ``gin:12:stock:31``."""
    cid = f"gin:{match_id}:{str(action).replace(' ', '.')}:{version}"
    if not BUTTON_RE.fullmatch(cid):
        raise ValueError(f"no button for action {action}")
    return cid


def select_id(match_id: int, kind: str, version: int) -> str:
    cid = f"gin:{match_id}:{kind}:{version}"
    if not SELECT_RE.fullmatch(cid):
        raise ValueError(f"no select kind {kind!r}")
    return cid


def board_id(match_id: int, what: str) -> str:
    if what not in BOARD_ACTIONS:
        raise ValueError(f"no board button {what!r}")
    return f"gin:{match_id}:{what}"


def challenge_id(challenge: int, what: str) -> str:
    if what not in CHALLENGE_ACTIONS:
        raise ValueError(f"no challenge button {what!r}")
    return f"ginc:{challenge}:{what}"


def parse_button(custom_id: str) -> tuple[int, Action, int] | None:
    """``(match_id, action, version)`` of a move button id, or None if it is not one."""
    m = BUTTON_RE.fullmatch(custom_id)
    if m is None:
        return None
    return int(m["match"]), Action.parse(m["action"].replace(".", " ")), int(m["version"])


def parse_select(custom_id: str) -> tuple[int, str, int] | None:
    m = SELECT_RE.fullmatch(custom_id)
    return None if m is None else (int(m["match"]), m["kind"], int(m["version"]))


def parse_board(custom_id: str) -> tuple[int, str] | None:
    m = BOARD_RE.fullmatch(custom_id)
    return None if m is None else (int(m["match"]), m["what"])


def parse_challenge(custom_id: str) -> tuple[int, str] | None:
    m = CHALLENGE_RE.fullmatch(custom_id)
    return None if m is None else (int(m["challenge"]), m["what"])


def parse_option(value: str, kind: str) -> Action | None:
    """The action of a select option value, if it belongs to that select (else None: forged)."""
    try:
        act = Action.parse(value)
    except ValueError:
        return None
    allowed = ("discard",) if kind == "discard" else ("knock", "gin")
    return act if act.kind.value in allowed else None
