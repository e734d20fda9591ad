"""Per-server settings: default variant and target, turn timeout, allowed channels, language."""

from __future__ import annotations

from collections.abc import Iterable

from bot.constants import DEFAULT_GAME
from bot.engine import LIMITS
from bot.i18n import LANGUAGES, PSEUDO
from bot.store import GuildSettings

from .base import ServiceBase
from .errors import Refusal

_FIELDS = {"default_variant", "target", "turn_timeout_s", "allowed_channels", "language", "tournament_role"}
FOLLOW_DISCORD = ""  # the language setting's value for "the server's (or player's) Discord locale"


def _spoken(seconds: int) -> str:
    """'60 seconds', '7 days': a limit of the turn timeout as the refusal says it."""
    return f"{seconds // 86400} days" if seconds >= 86400 and seconds % 86400 == 0 else f"{seconds} seconds"


def checked_language(language: object) -> str | None:
    """A language setting as stored: one of the offered catalogues, or None (follow Discord)."""
    if language is None:
        return None
    if not isinstance(language, str) or language not in (*LANGUAGES, PSEUDO):  # PSEUDO: the tests' (no menu offers it)
        raise Refusal("The language must be one of {languages}.", languages=", ".join(LANGUAGES))
    return language


class SettingsPart(ServiceBase):
    async def update_settings(
        self, guild_id: int, *, allow: Iterable[int] = (), remove: Iterable[int] = (), **fields: object
    ) -> GuildSettings:
        """Change some settings; Refusal on a bad value, TypeError on an unknown field name.

        ``allow`` and ``remove`` add and drop allowed channels against the stored list, read
        and written under one lock, so two admins' changes never drop each other's.
        """
        unknown = set(fields) - _FIELDS
        if unknown:
            raise TypeError(f"unknown settings: {', '.join(sorted(unknown))}")
        async with self._settings_lock:
            current = await self.guild_settings(guild_id)
            variant = fields.get("default_variant", current.default_variant)
            target = fields.get("target", current.target)
            timeout = fields.get("turn_timeout_s", current.turn_timeout_s)
            raw = fields.get("allowed_channels", current.allowed_channels)
            if not LIMITS.turn_timeout_s.holds(timeout):
                raise Refusal(
                    "The turn timeout must be from {low} to {high}.",
                    low=_spoken(LIMITS.turn_timeout_s.low),
                    high=_spoken(LIMITS.turn_timeout_s.high),
                )
            if target is not None and not isinstance(target, int):
                raise Refusal("The target must be a whole number.")
            rules = self._rules(DEFAULT_GAME, str(variant), target)  # Refusal on a bad variant or target
            try:
                channels = {int(c) for c in raw} if isinstance(raw, Iterable) else None
            except (TypeError, ValueError):
                channels = None
            if channels is None:
                raise Refusal("The allowed channels must be a list of channels.")
            channels = (channels | {int(c) for c in allow}) - {int(c) for c in remove}
            language = fields.get("language", current.language)
            language = checked_language(None if language == FOLLOW_DISCORD else language)
            role = fields.get("tournament_role", current.tournament_role)
            if role is not None and not isinstance(role, int):
                raise TypeError("tournament_role is a role id or None")
            new = GuildSettings(guild_id, rules.name, target, timeout, tuple(sorted(channels)), language, role)
            if new != current:
                await self.store.save_settings(new)
                self._settings[guild_id] = new
            return new
