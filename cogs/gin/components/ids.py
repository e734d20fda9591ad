"""custom_id formats of every button and select the bot posts (pure: no discord import).

Discord keeps a component's custom_id (at most 100 characters) on its message, so it survives a
restart: the id alone says what to do. The formats are those of earlier versions, so buttons on
messages already posted keep working:

- a move button: ``gin:<match>:<action>:<version>``; ``<action>`` is the engine's action text
  with ``.`` for each space (``stock``, ``gin.7H``): action texts are words separated by single
  spaces and never contain a ``.`` themselves (bot.engine.game);
- a move that asks first: ``gin:<match>:ask.<action>:<version>`` (e.g. ``ask.knock.7H``): the
  click shows the renderer's question with the move's own button and a Cancel;
- a move menu: ``gin:<match>:pick.<menu>:<version>``; Gin's menus keep their older ids
  ``gin:<match>:discard:<version>`` and ``gin:<match>:knock:<version>``. Each option's value is
  an action text (``discard 7H``);
- a board button: ``gin:<match>:hand|resign|rules|rematch|claim|resign_yes|cancel``;
- a challenge button: ``ginc:<challenge>:accept|decline|cancel``;
- a lobby button or menu (a table of three or more): ``ginl:<table>:join|leave|ai|teams|start``
  (``ai`` and ``teams`` are menus: a level, a partner's place).

The patterns are disjoint: a button's action is never ``discard``, ``knock`` or ``pick...``
(menus), ``ask...`` (asks first) nor ``resign`` (resigning always asks first). Numbers are
range-checked where an id is parsed: an id whose match, challenge or version is out of range
parses to None (not ours).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine import RESIGN_TEXT

MAX_ID = 2**63 - 1  # match and challenge ids are SQLite rowids
MAX_VERSION = 10**9
MAX_LENGTH = 100  # Discord's limit for a custom_id and for a select option's value

LEGACY_MENUS = ("discard", "knock")  # Gin's menus, whose ids predate ``pick.<menu>``
BOARD_ACTIONS = ("hand", "resign", "rules", "rematch", "claim", "resign_yes", "cancel")
CHALLENGE_ACTIONS = ("accept", "decline", "cancel")
LOBBY_ACTIONS = ("join", "leave", "ai", "teams", "start")

_NUM = r"[0-9]{1,19}"
_VERSION = r"[0-9]{1,10}"
_ACTION = r"[a-z][a-z_]*(?:\.[A-Za-z0-9_]+)*"  # an action text, '.' for the spaces
_MENU = r"[A-Za-z0-9_]{1,40}"
# Not a button: the menus' own ids, moves that ask first, and resigning (which goes through its confirmation).
_NOT_A_BUTTON = rf"(?!(?:{'|'.join(LEGACY_MENUS)}|{RESIGN_TEXT}):)(?!pick[.:])(?!ask[.:])"

BUTTON_RE = re.compile(rf"gin:(?P<match>{_NUM}):{_NOT_A_BUTTON}(?P<action>{_ACTION}):(?P<version>{_VERSION})")
SELECT_RE = re.compile(
    rf"gin:(?P<match>{_NUM}):(?:(?P<legacy>{'|'.join(LEGACY_MENUS)})|pick\.(?P<menu>{_MENU})):(?P<version>{_VERSION})"
)
ASK_RE = re.compile(rf"gin:(?P<match>{_NUM}):ask\.(?!{RESIGN_TEXT}:)(?P<action>{_ACTION}):(?P<version>{_VERSION})")
BOARD_RE = re.compile(rf"gin:(?P<match>{_NUM}):(?P<what>{'|'.join(BOARD_ACTIONS)})")
CHALLENGE_RE = re.compile(rf"ginc:(?P<challenge>{_NUM}):(?P<what>{'|'.join(CHALLENGE_ACTIONS)})")
LOBBY_MENUS = ("ai", "teams")  # the lobby's menus; its other controls are buttons
LOBBY_RE = re.compile(rf"ginl:(?P<table>{_NUM}):(?P<what>{'|'.join(LOBBY_ACTIONS)})")
LOBBY_BUTTON_RE = re.compile(
    rf"ginl:(?P<table>{_NUM}):(?P<what>{'|'.join(a for a in LOBBY_ACTIONS if a not in LOBBY_MENUS)})"
)
LOBBY_MENU_RE = re.compile(rf"ginl:(?P<table>{_NUM}):(?P<what>{'|'.join(LOBBY_MENUS)})")
PATTERNS = (BUTTON_RE, ASK_RE, SELECT_RE, BOARD_RE, CHALLENGE_RE, LOBBY_RE)

_VALUE_RE = re.compile(r"[a-z][a-z_]*(?:[ .][A-Za-z0-9_]+)*")  # an action text as a select option's value


@dataclass(frozen=True, slots=True)
class MoveId:
    """A move button: the match, its action as the id writes it, and the version offered at."""

    match_id: int
    action: str  # the action text with '.' for each space
    version: int

    @property
    def text(self) -> str:
        """The engine's action text: ``gin.7H`` stands for ``gin 7H``."""
        return self.action.replace(".", " ")


@dataclass(frozen=True, slots=True)
class MenuId:
    """A move menu: the match, the menu's name and the version offered at."""

    match_id: int
    menu: str
    version: int


@dataclass(frozen=True, slots=True)
class BoardId:
    match_id: int
    what: str


@dataclass(frozen=True, slots=True)
class ChallengeId:
    challenge_id: int
    what: str


@dataclass(frozen=True, slots=True)
class LobbyId:
    table_id: int
    what: str


def _id_ok(n: int) -> bool:
    return 1 <= n <= MAX_ID


def _version_ok(n: int) -> bool:
    return 0 <= n <= MAX_VERSION


def _checked(cid: str, match_id: int, version: int | None = None) -> str:
    if not _id_ok(match_id) or (version is not None and not _version_ok(version)):
        raise ValueError(f"id or version out of range in {cid!r}")
    if len(cid) > MAX_LENGTH:
        raise ValueError(f"custom_id longer than {MAX_LENGTH} characters: {cid!r}")
    return cid


def button_id(match_id: int, action: str, version: int) -> str:
    """The id of a move button, e.g. ``gin:12:stock:31``; ValueError if the action cannot be one."""
    cid = f"gin:{match_id}:{action.replace(' ', '.')}:{version}"
    if not BUTTON_RE.fullmatch(cid) or "." in action:  # a '.' in the id always stands for a space
        raise ValueError(f"no button for action {action!r}")
    return _checked(cid, match_id, version)


def ask_id(match_id: int, action: str, version: int) -> str:
    """The id of a move that asks first, e.g. ``gin:12:ask.knock.7H:31``; ValueError if it cannot be one."""
    cid = f"gin:{match_id}:ask.{action.replace(' ', '.')}:{version}"
    if not ASK_RE.fullmatch(cid) or "." in action:
        raise ValueError(f"no button for action {action!r}")
    return _checked(cid, match_id, version)


def select_id(match_id: int, menu: str, version: int) -> str:
    """The id of a move menu: Gin's discard/knock keep their older form, others are ``pick.<menu>``."""
    cid = f"gin:{match_id}:{menu if menu in LEGACY_MENUS else 'pick.' + menu}:{version}"
    if not SELECT_RE.fullmatch(cid):
        raise ValueError(f"no menu called {menu!r}")
    return _checked(cid, match_id, version)


def board_id(match_id: int, what: str) -> str:
    if what not in BOARD_ACTIONS:
        raise ValueError(f"no board button {what!r}")
    return _checked(f"gin:{match_id}:{what}", match_id)


def challenge_id(challenge: int, what: str) -> str:
    if what not in CHALLENGE_ACTIONS:
        raise ValueError(f"no challenge button {what!r}")
    return _checked(f"ginc:{challenge}:{what}", challenge)


def lobby_id(table: int, what: str) -> str:
    """The id of a lobby button or menu, e.g. ``ginl:7:join``."""
    if what not in LOBBY_ACTIONS:
        raise ValueError(f"no lobby control {what!r}")
    return _checked(f"ginl:{table}:{what}", table)


def parse_button(custom_id: str) -> MoveId | None:
    """The move of a button id, or None if it is not one (or out of range)."""
    m = BUTTON_RE.fullmatch(custom_id)
    if m is None or not _id_ok(int(m["match"])) or not _version_ok(int(m["version"])):
        return None
    return MoveId(int(m["match"]), m["action"], int(m["version"]))


def parse_ask(custom_id: str) -> MoveId | None:
    """The move of an asking button id (``gin:12:ask.knock.7H:31``), or None if it is not one."""
    m = ASK_RE.fullmatch(custom_id)
    if m is None or not _id_ok(int(m["match"])) or not _version_ok(int(m["version"])):
        return None
    return MoveId(int(m["match"]), m["action"], int(m["version"]))


def parse_select(custom_id: str) -> MenuId | None:
    m = SELECT_RE.fullmatch(custom_id)
    if m is None or not _id_ok(int(m["match"])) or not _version_ok(int(m["version"])):
        return None
    return MenuId(int(m["match"]), m["legacy"] or m["menu"], int(m["version"]))


def parse_board(custom_id: str) -> BoardId | None:
    m = BOARD_RE.fullmatch(custom_id)
    return BoardId(int(m["match"]), m["what"]) if m is not None and _id_ok(int(m["match"])) else None


def parse_challenge(custom_id: str) -> ChallengeId | None:
    m = CHALLENGE_RE.fullmatch(custom_id)
    return ChallengeId(int(m["challenge"]), m["what"]) if m is not None and _id_ok(int(m["challenge"])) else None


def parse_lobby(custom_id: str) -> LobbyId | None:
    m = LOBBY_RE.fullmatch(custom_id)
    return LobbyId(int(m["table"]), m["what"]) if m is not None and _id_ok(int(m["table"])) else None


def parse_value(value: str) -> str | None:
    """A select option's value as an action text, or None if it cannot be one (a forged value).
    Whether the move is legal is the engine's call; resigning is never a menu option."""
    if len(value) > MAX_LENGTH or not _VALUE_RE.fullmatch(value) or value == RESIGN_TEXT:
        return None
    return value


def is_ours(custom_id: str) -> bool:
    """Whether an id has one of our formats (whatever its numbers)."""
    return any(p.fullmatch(custom_id) for p in PATTERNS)


def is_challenge(custom_id: str) -> bool:
    """A challenge's or a lobby's control (a table before its match)."""
    return CHALLENGE_RE.fullmatch(custom_id) is not None or LOBBY_RE.fullmatch(custom_id) is not None


def verb(action: str) -> str:
    """An action text's first word, the kind of move (what logs may show: never its card)."""
    return action.split(" ", 1)[0]
