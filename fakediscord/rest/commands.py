"""Application command routes: list, bulk overwrite (sync), upsert, get, edit, delete."""

from __future__ import annotations

import logging
from typing import Any

from aiohttp import web

from .base import Body, RouteBase, error, json_response, no_content
from .command_rules import problems

log = logging.getLogger("fakediscord.rest")


class CommandRoutes(RouteBase):
    """/applications/{app}/commands and /applications/{app}/guilds/{guild}/commands."""

    def _scope(self, p: dict[str, str]) -> int | None:
        return int(p["guild"]) if p.get("guild") else None

    def _command_json(self, data: dict[str, Any], scope: int | None, old_id: int | None = None) -> dict[str, Any]:
        cmd = dict(data)
        cmd["id"] = str(old_id or self.store.ids.next())
        cmd["application_id"] = str(self.fd.application_id)
        cmd["version"] = str(self.store.ids.next())
        cmd.setdefault("type", 1)
        cmd.setdefault("description", "")
        cmd.setdefault("default_member_permissions", None)
        cmd.setdefault("nsfw", False)
        if scope is not None:
            cmd["guild_id"] = str(scope)
        return cmd

    async def list_commands(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        return json_response(self.store.commands.get(self._scope(p), []))

    def _refused(self, commands: list[dict[str, Any]]) -> web.Response | None:
        """Discord's answer to a command that breaks its rules, or None if every one is fine."""
        found = [f"{c.get('name')}: {problem}" for c in commands for problem in problems(c)]
        if not found:
            return None
        log.warning("fakediscord: commands refused: %s", "; ".join(found))
        return error(400, 50035, "Invalid Form Body: " + "; ".join(found))

    async def put_commands(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        scope = self._scope(p)
        self._record(request, "commands", body)
        refused = self._refused(list(body.json or []))
        if refused is not None:
            return refused
        old = {(c["name"], c.get("type", 1)): int(c["id"]) for c in self.store.commands.get(scope, [])}
        new = [self._command_json(c, scope, old.get((c["name"], c.get("type", 1)))) for c in body.json or []]
        self.store.commands[scope] = new
        log.info("fakediscord: synced %d %s commands", len(new), "global" if scope is None else f"guild {scope}")
        return json_response(new)

    async def upsert_command(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        scope = self._scope(p)
        self._record(request, "commands", body)
        refused = self._refused([body.json])
        if refused is not None:
            return refused
        cmds = self.store.commands.setdefault(scope, [])
        key = (body.json["name"], body.json.get("type", 1))
        for i, c in enumerate(cmds):
            if (c["name"], c.get("type", 1)) == key:
                cmds[i] = self._command_json(body.json, scope, int(c["id"]))
                return json_response(cmds[i])
        cmd = self._command_json(body.json, scope)
        cmds.append(cmd)
        return json_response(cmd, status=201)

    def _find_command(self, p: dict[str, str]) -> tuple[list[dict[str, Any]], int]:
        cmds = self.store.commands.get(self._scope(p), [])
        for i, c in enumerate(cmds):
            if c["id"] == p["cmd"]:
                return cmds, i
        return cmds, -1

    async def get_command(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        cmds, i = self._find_command(p)
        return json_response(cmds[i]) if i >= 0 else error(404, 10063, "Unknown application command")

    async def edit_command(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        cmds, i = self._find_command(p)
        if i < 0:
            return error(404, 10063, "Unknown application command")
        cmds[i] = {**cmds[i], **(body.json or {})}
        return json_response(cmds[i])

    async def delete_command(self, request: web.Request, p: dict[str, str], body: Body) -> web.Response:
        cmds, i = self._find_command(p)
        if i < 0:
            return error(404, 10063, "Unknown application command")
        del cmds[i]
        return no_content()
