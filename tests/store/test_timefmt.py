from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.store.timefmt import from_db, to_db


def test_fixed_format_in_utc():
    paris = timezone(timedelta(hours=1))
    assert to_db(datetime(2026, 1, 1, 13, 0, tzinfo=paris)) == "2026-01-01T12:00:00.000000Z"
    assert from_db("2026-01-01T12:00:00.000000Z") == datetime(2026, 1, 1, 12, tzinfo=UTC)
    assert to_db(None) is None and from_db(None) is None
    with pytest.raises(ValueError):
        to_db(datetime(2026, 1, 1))


@given(
    st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2200, 1, 1), timezones=st.just(UTC)),
    st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2200, 1, 1), timezones=st.just(UTC)),
)
def test_round_trip_and_text_order_is_time_order(a, b):
    assert from_db(to_db(a)) == a
    assert (to_db(a) < to_db(b)) == (a < b)
    assert len(to_db(a)) == 27
