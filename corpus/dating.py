"""When a document says it was written: its header's date ("Date:", "Sent:", "Fecha:", "日付："), its
dateline ("Seattle, November 3, 2026"), a mail stamp read on the day it was earliest anywhere, and a
machine's Unix time. The audit's temporal checks (H10) compare these with the task's as-of date."""

from __future__ import annotations

import datetime as dt
import email.utils
import re

from oafreeze.corpus import text as tx

# A document's own date: a "Date:" / "Sent:" header line near its top (Markdown, e-mail, a memo
# flattened from Word; "Fecha:", "Datum:", "Data:", "Дата:", "発信日：", "日期：", "발신일:" as European,
# Japanese, Chinese and Korean letters label it; under a European label a numeric date is day first,
# "Datum: 05-12-2026"), or a dateline (a line that is only a date) before the body starts.
HEADER = re.compile(r"^\W{0,4}(?:date|dated|sent|date\s+sent|memo\s+date|letter\s+date|report\s+date|"
                    r"(?:prepared|generated|created|compiled|completed|revised)(?:\s+on)?|last\s+(?:updated|modified)|(?P<abroad>fecha|datum|data|"
                    r"дата|tarih|tanggal|التاريخ|दिनांक|तारीख)|日付|日期|作成日|発行日|発信日|発送日|发文日期|날짜|일자|발신일|"
                    r"발송일|작성일)"
                    r"\W{0,4}\s*(?::|\t|\uff1a)\s*\W{0,2}(?P<value>.+?)\W{0,2}$", re.I)
# The word for "year" Polish and Russian datelines end with ("12 marca 2026 r.", "26 марта 2026 г.").
_YEAR_WORD = re.compile(r"(?<=\d)\s+(?:r\.|roku|г\.?|года)$")
_NUMERIC_DMY = re.compile(r"(?P<d>0?[1-9]|[12]\d|3[01])([-/])(?P<m>0?[1-9]|1[0-2])\2(?P<y>(?:19|20)\d{2})")
_RFC2822 = re.compile(r"^(?:[A-Z][a-z]{2},\s*)?\d{1,2}\s+[A-Z][a-z]{2}\s+\d{4}")
HEAD_LINES = 15
# A dateline may start with the place it was written ("Madrid, 23 de octubre de 2026", "London, 5 March
# 2026", "Seattle, November 3, 2026", "Grenoble, le 1er octobre 2026", "東京、2026年3月2日", "Hà Nội, ngày 12
# tháng 10 năm 2026"; a place in a script other than Latin is one word of up to twelve letters). What
# is left after the place must be a date, whole.
_PLACE = re.compile(r"^(?:[^\W\da-z_][\w.'-]*(?:\s[^\W\da-z_][\w.'-]*){0,3}|[^\x00-\x7f\s,\u3001\u060c]{1,12})"
                    r"(?:[,\u3001\u060c]\s*|\s+\u0641\u064a\s+)(?:(?:le|den|am|el|il)\s+)?(?=\d|(?i:ngày)\s|[^\W\d_])")


def earliest(written: str) -> dt.date | None:
    """A written date's day; a numeric date that reads two ways ("12/01/2026": December 1 or January
    12) counts as its earlier reading, so a document is "after as_of" only when it is under both."""
    readings = tx.date_readings(written)
    return readings[0] if readings else None


# The westmost time zone on Earth (Baker Island): a moment is on a day after as_of wherever the task
# is set only if it is on such a day there too.
_WESTMOST = dt.timezone(dt.timedelta(hours=-12))


def earliest_day(when: dt.datetime) -> dt.date:
    """The calendar day a stamped moment falls on where it is earliest: "Tue, 17 Nov 2026 02:10 +0000"
    is still November 16 in Colorado, so a message so stamped is not from after an as_of of the 16th.
    A moment with no zone is the day it says."""
    return when.astimezone(_WESTMOST).date() if when.tzinfo is not None else when.date()


def as_date(value: str, day_first: bool = False) -> dt.date | None:
    """The day a header's value names: a mail stamp on its earliest day, a European numeric date day
    first when `day_first`, else the first date written in it."""
    value = value.strip().strip("*_ ")
    if day_first and (m := _NUMERIC_DMY.fullmatch(value)):
        try:
            return dt.date(int(m["y"]), int(m["m"]), int(m["d"]))
        except ValueError:
            return None
    if _RFC2822.match(value):
        try:
            return earliest_day(email.utils.parsedate_to_datetime(value))
        except (TypeError, ValueError, IndexError):
            pass  # no time of day ("Wed, 21 Oct 2026"): read as a written date
    m = tx.DATE.search(value)
    return earliest(m.group(0)) if m else None


def document_date(text: str) -> tuple[int, str, dt.date] | None:
    """The date a document is dated (line, as written, date) from its header or dateline, or None; a
    numeric date that reads two ways gives its earlier reading. Digits of any script are read."""
    for number, written in enumerate(text.splitlines()[:HEAD_LINES], 1):
        line = tx.ascii_digits(written)
        m = HEADER.match(line.strip())
        if m:
            when = as_date(m["value"], day_first=bool(m["abroad"]))
            if when:
                return number, written.strip(), when
        stripped = _YEAR_WORD.sub("", _PLACE.sub("", line.strip().strip("*_ ")))
        if stripped and tx.DATE.fullmatch(stripped):
            when = earliest(stripped)
            if when:
                return number, written.strip(), when
    return None


def epoch_day(value) -> dt.date | None:
    """The day of a Unix time in seconds or milliseconds (2001 to 2100), as written by machines."""
    if isinstance(value, str) and value.isascii() and value.isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    seconds = value / 1000 if 1e12 <= value < 4.1e12 else value if 1e9 <= value < 4.1e9 else None
    return earliest_day(dt.datetime.fromtimestamp(seconds, dt.timezone.utc)) if seconds is not None else None
