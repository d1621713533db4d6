"""The one way the tool writes times: UTC, ISO 8601, ending in Z."""

from __future__ import annotations

import datetime as dt


def utc_now() -> dt.datetime:
    """The current time in UTC."""
    return dt.datetime.now(dt.timezone.utc)


def stamp(when: dt.datetime | None = None, *, micro: bool = False) -> str:
    """`2026-11-30T07:55:00Z` (to the microsecond with `micro`, as run-log entries are)."""
    when = (when or utc_now()).astimezone(dt.timezone.utc)
    return when.strftime("%Y-%m-%dT%H:%M:%S.%fZ" if micro else "%Y-%m-%dT%H:%M:%SZ")


def today() -> dt.date:
    """Today's date in UTC (the audit's "now" for as-of and verification dates)."""
    return utc_now().date()


def compact(when: dt.datetime | None = None) -> str:
    """`20261130T075500Z`: a stamp that sorts by time and is safe in a file name (freeze ids)."""
    return (when or utc_now()).astimezone(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
