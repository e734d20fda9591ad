"""Times in the database: aware UTC datetimes <-> fixed-width text that sorts in time order.

Format: 'YYYY-MM-DDTHH:MM:SS.ffffffZ' (isoformat/fromisoformat are C-fast; strptime is not).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import overload


@overload
def to_db(dt: datetime) -> str: ...
@overload
def to_db(dt: None) -> None: ...
def to_db(dt: datetime | None) -> str | None:
    if dt is None:
        return None
    if dt.tzinfo is None:
        raise ValueError("naive datetime: the store only takes aware (UTC) times")
    return dt.astimezone(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


@overload
def from_db(text: str) -> datetime: ...
@overload
def from_db(text: None) -> None: ...
def from_db(text: str | None) -> datetime | None:
    if text is None:
        return None
    return datetime.fromisoformat(text).astimezone(UTC)
