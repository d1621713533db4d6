"""When a document says it was written: its header's date ("Date:", "Sent:", "Fecha:", "日付："), its
dateline ("Seattle, November 3, 2026"), a mail stamp read on the day it was earliest anywhere, and a
machine's Unix time; and days written without a year ("November 23"), beside a weekday ("Tuesday 5
October"), or relative to another day ("yesterday", "in three days", "next Monday"). The audit's
temporal checks (H10) compare these with the task's as-of date."""

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
                    r"дата|tarih|tanggal|التاريخ|दिनांक|तारीख|ቀን)|日付|日期|作成日|発行日|発信日|発送日|发文日期|날짜|일자|발신일|"
                    r"발송일|작성일)"
                    r"\W{0,4}\s*(?::|\t|\uff1a|\u1366|\u1365)\s*\W{0,2}(?P<value>.+?)\W{0,2}$", re.I)
# The word for "year" Polish and Russian datelines end with ("12 marca 2026 r.", "26 марта 2026 г.").
_YEAR_WORD = re.compile(r"(?<=\d)\s+(?:r\.|roku|г\.?|года)$")
_NUMERIC_DMY = re.compile(r"(?P<d>0?[1-9]|[12]\d|3[01])([-/])(?P<m>0?[1-9]|1[0-2])\2(?P<y>(?:19|20)\d{2})")
# A byline that dates the document: "Written by Noor Haddad, 2026-11-04.", "Prepared by the HR team on 3
# November 2026", "Prepared by People Operations this fifth day of October, two thousand twenty-six". It
# heads the document or closes it.
_BYLINE = re.compile(r"^\W{0,4}(?:written|prepared|drafted|compiled|recorded|taken|noted|filed)\s+by\s+[^,;:\n]{2,60}?"
                     r"(?:,\s*|\s+on\s+|\s+this\s+|\s+[\u2014\u2013-]\s+)(?:on\s+|this\s+)?(?P<value>[^;]{6,60}?)"
                     r"\W{0,3}$", re.I)
# A record of a meeting titled by the day it was held: "Minutes of the board meeting of November 9, 2026",
# "Notes of the call held on 3 March 2026", "Record of the hearing on 2026-11-04". It is written on or
# after that day. It is the line's title, alone or after a name and a colon or dash; in a sentence ("I will
# circulate the minutes of the meeting of ...") it may be a plan. ("Agenda for the meeting of ...", "notes for
# the call on ..." are written before it.)
_RECORD_OF = re.compile(r"^(?:[^!?:\u2014\u2013|]{0,80}[:\u2014\u2013|]\s*|\W{0,4})(?:minutes|notes|record|transcript|summary|report)\s+of\s+(?:the\s+)?"
                        r"(?:[\w'’.&-]+\s+){0,4}?(?:meeting|call|hearing|conference|session|interview|discussion)\s+"
                        r"(?:(?:that\s+was\s+|which\s+was\s+)?held\s+)?(?:of|on|dated)\s+(?:the\s+)?(?P<value>[^;:()]{6,40}?)\W{0,3}$",
                        re.I)
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


# A publication line without a colon, as alerts and newsletters head themselves: "Published 2026-02-09",
# "Issued on 3 March 2026", "Posted November 4, 2026".
_PUBLISHED = re.compile(r"^\W{0,4}(?:published|issued|posted|released|circulated)(?:\s+on)?\s+(?P<value>[^;:]{6,40}?)\W{0,3}$",
                        re.I)


def document_date(text: str) -> tuple[int, str, dt.date] | None:
    """The date a document is dated (line, as written, date) from its header or dateline, or None; a
    numeric date that reads two ways gives its earlier reading. Digits of any script are read."""
    for number, written in enumerate(text.splitlines()[:HEAD_LINES], 1):
        line = tx.ascii_digits(written)
        m = HEADER.match(line.strip()) or _BYLINE.match(line.strip()) or _RECORD_OF.match(line.strip()) or \
            _PUBLISHED.match(line.strip())
        if m:
            when = as_date(m["value"], day_first=bool(m.groupdict().get("abroad")))
            if when:
                return number, written.strip(), when
        stripped = _YEAR_WORD.sub("", _PLACE.sub("", line.strip().strip("*_ ")))
        if stripped and tx.DATE.fullmatch(stripped):
            when = earliest(stripped)
            if when:
                return number, written.strip(), when
    return _closing_byline(text)


def _closing_byline(text: str) -> tuple[int, str, dt.date] | None:
    """A byline among a document's last lines that dates it ("Prepared by People Operations on 3
    November 2026." closing a record): line, as written, date."""
    lines = text.splitlines()
    first = max(HEAD_LINES, len(lines) - HEAD_LINES)
    for number in range(len(lines), first, -1):
        m = _BYLINE.match(tx.ascii_digits(lines[number - 1]).strip())
        when = as_date(m["value"]) if m else None
        if when:
            return number, lines[number - 1].strip(), when
    return None


def epoch_day(value) -> dt.date | None:
    """The day of a Unix time in seconds or milliseconds (2001 to 2100), as written by machines."""
    if isinstance(value, str) and value.isascii() and value.isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    seconds = value / 1000 if 1e12 <= value < 4.1e12 else value if 1e9 <= value < 4.1e9 else None
    return earliest_day(dt.datetime.fromtimestamp(seconds, dt.timezone.utc)) if seconds is not None else None


# --- days written without a year, or relative to another day ----------------------------------

WEEKDAYS = ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun")
_WEEKDAY = re.compile(r"\b(mon|tues|wednes|thurs|fri|satur|sun)day,?\s+(?:the\s+)?$", re.I)


def weekday_before(sentence: str, written: str) -> int | None:
    """The weekday (0 = Monday) named right before a date in a sentence ("Tuesday 5 October 2026")."""
    at = sentence.find(written)
    m = _WEEKDAY.search(sentence[:at]) if at > 0 else None
    return WEEKDAYS.index(m.group(1).lower()) if m else None


# Today named by its weekday alone ("It is Friday afternoon", "Today's Monday"), with no date beside it.
_TODAY_WEEKDAY = re.compile(r"\b(?:it\s+is|it['’]s|today\s+is|today['’]s)\s+(?:now\s+|already\s+)?(?:a\s+)?"
                            r"(mon|tues|wednes|thurs|fri|satur|sun)day\b(?![\s,]*(?:the\s+)?\d)(?![\s,]+[A-Z][a-z]+\.?\s+\d)",
                            re.I)


def today_weekday(sentence: str) -> int | None:
    """The weekday (0 = Monday) a sentence gives as today's, with no date beside it."""
    m = _TODAY_WEEKDAY.search(sentence)
    return WEEKDAYS.index(m.group(1).lower()) if m else None


# A day and month with no year ("on November 23", "by 23 Nov."): see `yearless` and `nearest`.
YEARLESS = re.compile(r"\b(?:(?P<m1>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\s+"
                      r"(?P<d1>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?|(?P<d2>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\s+"
                      r"(?P<m2>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?)"
                      r"(?!\w|,\d|\s*,?\s*\d{4}|\.\d)")
MONTH_NO = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                        "dec"), 1)}


# ... and a day written as an ordinal word: "the sixteenth of December", "December the sixteenth".
_ORDINALS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
             "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth").split()
ORDINAL_DAY = {**{w: n for n, w in enumerate(_ORDINALS, 1)}, "thirtieth": 30,
               **{f"twenty{sep}{w}": 20 + n for sep in ("-", " ") for n, w in enumerate(_ORDINALS[:9], 1)},
               **{f"thirty{sep}first": 31 for sep in ("-", " ")}}
_ORDINAL = "|".join(sorted(ORDINAL_DAY, key=len, reverse=True))
# (the month capitalised, and "May" only after the day: "you may first ask" names no day)
_MONTH = r"(?-i:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*"
_MONTH_FIRST = r"(?-i:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*"
YEARLESS_WORDS = re.compile(rf"\b(?:the\s+(?P<w1>{_ORDINAL})\s+(?:day\s+)?of\s+(?P<m1>{_MONTH})|(?P<m2>{_MONTH_FIRST})\s+"
                            rf"(?:the\s+)?(?P<w2>{_ORDINAL}))\b(?!\s*,?\s*\d{{4}})", re.I)


_CALENDAR_WEEK = re.compile(r"\b(?:(?:the\s+)?(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+(?:of|in)\s+"
                            r"(?:the\s+)?)?(?:(?i:calendar\s+week)|(?-i:KW|CW)|(?i:Kalenderwoche))\s*(?P<w>[1-9]|[1-4]\d|5[0-3])\b",
                            re.I)
_LATIN_MONTH = re.compile(r"\b(?:the\s+)?(?P<d>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\s+(?P<which>inst|ult|prox)(?:ant|imo)?\b\.?",
                          re.I)


def yearless(piece: str, as_of: dt.date) -> list[tuple[dt.date, ...]]:
    """Each day and month written without a year, as the first such day from six months before as_of."""
    return [(when,) for _at, when in yearless_at(piece, as_of)]


def yearless_at(piece: str, as_of: dt.date) -> list[tuple[int, dt.date]]:
    """(where it is written, the day) of each day and month written without a year (see `yearless`)."""
    out = []
    found = [(m.start(), m["m1"] or m["m2"], int(m["d1"] or m["d2"])) for m in YEARLESS.finditer(piece)]
    if "th" in piece or "first" in piece or "second" in piece or "third" in piece:
        found += [(m.start(), m["m1"] or m["m2"], ORDINAL_DAY[re.sub(r"\s+", " ", (m["w1"] or m["w2"]).lower())])
                  for m in YEARLESS_WORDS.finditer(piece)]
    # "the 18th inst." (of this month), "the 3rd ult." (of last month), "the 2nd prox." (of next month), as a
    # letter counts from its own date
    if "inst" in piece or "ult" in piece or "prox" in piece:
        for m in _LATIN_MONTH.finditer(piece):
            shift = {"inst": 0, "ult": -1, "prox": 1}[m["which"].lower()]
            month = (as_of.month - 1 + shift) % 12 + 1
            year = as_of.year + (as_of.month - 1 + shift) // 12
            try:
                out.append((m.start(), dt.date(year, month, int(m["d"]))))
            except ValueError:
                pass
    # a week of the year, as German and Nordic offices date plans: "the Monday of calendar week 46", "KW 46" (its
    # Monday when no day is named), in as_of's year
    if "eek" in piece or "KW" in piece or "CW" in piece:
        for m in _CALENDAR_WEEK.finditer(piece):
            day = WEEKDAYS.index(weekday_stem(m["wd"])) + 1 if m["wd"] else 1
            try:
                out.append((m.start(), dt.date.fromisocalendar(as_of.year, int(m["w"]), day)))
            except ValueError:
                pass
    for at, name, day in found:
        month = MONTH_NO[name[:3].lower()]
        for year in (as_of.year, as_of.year + 1):
            try:
                when = dt.date(year, month, day)
            except ValueError:
                break
            if (as_of - when).days <= 183:
                out.append((at, when))
                break
    return out


# A month and year with no day ("signs in February 2027", "starts early March 2027"): a day of it.
MONTH_YEAR = re.compile(r"(?<![\d/.-])(?<!\d\s)(?<!\d,\s)\b(?P<m>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)"
                        r"[a-z]*\.?,?\s+(?P<y>(?:19|20)\d\d)\b(?![\d/-])")


def month_years(piece: str) -> list[tuple[dt.date, ...]]:
    """Each month written with its year and no day, as every day of that month (a date said to the
    day agrees with it when it falls in it)."""
    out = []
    for m in MONTH_YEAR.finditer(piece):
        month, year = MONTH_NO[m["m"][:3].lower()], int(m["y"])
        first = dt.date(year, month, 1)
        days = (dt.date(year + month // 12, month % 12 + 1, 1) - first).days
        out.append(tuple(first + dt.timedelta(days=k) for k in range(days)))
    return out


# A date right after a word that places it a day or two from today: "yesterday, November 15, 2026",
# "tomorrow (Tuesday, 17 November 2026)", "the day before yesterday: 11/14/2026".
_SHIFTS = {"the day before yesterday": 2, "yesterday": 1, "the day after tomorrow": -2, "tomorrow": -1}
SHIFT_WORDS = {shift: word for word, shift in _SHIFTS.items()}
NEXT_TO_TODAY = re.compile(r"\b(?:yesterday|tomorrow)\b", re.I)
_SHIFT = re.compile(r"\b(?P<word>the\s+day\s+before\s+yesterday|yesterday|the\s+day\s+after\s+tomorrow|tomorrow)"
                    r"(?:\s+(?:morning|afternoon|evening|night))?\s*[,:(\u2014\u2013-]?\s*(?:on\s+|the\s+)?"
                    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+(?:the\s+)?)?$", re.I)


def shift(before: str) -> int | None:
    """Days from the date that follows `before` to today, when `before` ends with "yesterday" or
    "tomorrow" (None when it does not)."""
    m = _SHIFT.search(before[-60:])
    return _SHIFTS[" ".join(m["word"].lower().split())] if m else None


# A day said relative to the day the instructions are read (as_of): "tomorrow", "the day after tomorrow",
# "in three days", "a week from today", "two weeks from now", "next Monday", "on Friday".
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "fourteen": 14}
_RELATIVE = re.compile(r"\b(?:(?P<after>the\s+day\s+after\s+tomorrow)|(?P<tomorrow>tomorrow)|"
                       r"(?:in\s+(?P<n1>\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|fourteen)\s+"
                       r"(?P<u1>days?|weeks?)(?!\s+(?:before|after|of|from\s+(?:the|signing|receipt)))|"
                       r"(?P<n2>\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|fourteen)\s+(?P<u2>days?|weeks?)"
                       r"\s+from\s+(?:today|now))|(?:next|this\s+coming|this|on)\s+(?P<wd>monday|tuesday|wednesday|thursday|"
                       r"friday|saturday|sunday))\b", re.I)


# A weekday counted within a month: "the last Monday of this month", "the first Friday of next month",
# "the second Tuesday in December" (a month named without a year is the next one from as_of's month).
_NTH = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5,
        "5th": 5, "last": -1, "final": -1}
_NTH_WEEKDAY = re.compile(r"\b(?:the\s+)?(?P<nth>first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last|final)\s+"
                          r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+(?:of|in)\s+"
                          r"(?:(?:(?P<this>this|the\s+current|the)|(?P<next>next|the\s+next|the\s+following|the\s+coming))"
                          r"\s+month\b|(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|"
                          r"aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b"
                          r"(?:,?\s+(?P<y>(?:19|20)\d\d)\b)?)", re.I)


def nth_weekday(year: int, month: int, weekday: int, nth: int) -> dt.date | None:
    """The nth `weekday` (0 = Monday) of a month, -1 the last; None when the month has no such day."""
    if nth == -1:
        last = dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)
        return last - dt.timedelta(days=(last.weekday() - weekday) % 7)
    first = dt.date(year, month, 1)
    day = first + dt.timedelta(days=(weekday - first.weekday()) % 7 + 7 * (nth - 1))
    return day if day.month == month else None


def weekdays_in_month(piece: str, as_of: dt.date) -> list[tuple[dt.date, ...]]:
    """Each day a text names as a weekday counted within a month (see _NTH_WEEKDAY), from as_of."""
    out = []
    for m in _NTH_WEEKDAY.finditer(piece):
        if m["month"]:
            month = MONTH_NO[m["month"][:3].lower()]
            year = int(m["y"]) if m["y"] else as_of.year + (month < as_of.month)
        else:
            month, year = as_of.month, as_of.year
            if m["next"]:
                month, year = (1, year + 1) if month == 12 else (month + 1, year)
        weekday = WEEKDAYS.index(weekday_stem(m["wd"]))
        day = nth_weekday(year, month, weekday, _NTH[m["nth"].lower()])
        if day is not None:
            out.append((day,))
    return out


def relative(piece: str, as_of: dt.date) -> list[tuple[dt.date, ...]]:
    """Each day a sentence of the instructions names relative to as_of (see _RELATIVE, and a weekday
    counted within a month: `weekdays_in_month`); a weekday is the next one after as_of."""
    out = weekdays_in_month(piece, as_of)
    for m in _RELATIVE.finditer(piece):
        if m["after"] or m["tomorrow"]:
            out.append((as_of + dt.timedelta(days=2 if m["after"] else 1),))
        elif m["wd"]:
            given = tx.dates(piece[m.end():m.end() + 30])
            if given and given[0][1] <= 4:
                continue  # "on Monday, November 30, 2026": the date's own weekday, not a day counted from today
            nth = _DAY_OF_MONTH.match(piece, m.end())
            if nth:  # "on Monday the 23rd": the next 23rd, when it is a Monday (else the text is not clear)
                day = _next_day_numbered(as_of, int(nth["d"]))
                if day is not None and day.weekday() == WEEKDAYS.index(weekday_stem(m["wd"])):
                    out.append((day,))
                continue
            ahead = (WEEKDAYS.index(weekday_stem(m["wd"])) - as_of.weekday()) % 7 or 7
            out.append((as_of + dt.timedelta(days=ahead),))
        else:
            n = m["n1"] or m["n2"]
            count = int(n) if n.isdigit() else _NUMBER_WORDS[n.lower()]
            unit = (m["u1"] or m["u2"]).lower()
            out.append((as_of + dt.timedelta(days=count * (7 if unit.startswith("week") else 1)),))
    return out


_DAY_OF_MONTH = re.compile(r",?\s+the\s+(?P<d>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)\b", re.I)


def _next_day_numbered(after: dt.date, day: int) -> dt.date | None:
    """The first date on or after `after` whose day of the month is `day` (within two months)."""
    for k in range(3):
        year, month = after.year + (after.month - 1 + k) // 12, (after.month - 1 + k) % 12 + 1
        try:
            when = dt.date(year, month, day)
        except ValueError:
            continue
        if when >= after:
            return when
    return None


def weekday_stem(day: str) -> str:
    return next(stem for stem in WEEKDAYS if day.lower().startswith(stem))


def nearest(m: re.Match, as_of: dt.date) -> dt.date | None:
    """A day and month with no year, in the year that puts it nearest as_of."""
    month, day = MONTH_NO[(m["m1"] or m["m2"])[:3].lower()], int(m["d1"] or m["d2"])
    days = []
    for year in (as_of.year - 1, as_of.year, as_of.year + 1):
        try:
            days.append(dt.date(year, month, day))
        except ValueError:
            continue
    return min(days, key=lambda d: abs((d - as_of).days), default=None)


# --- days named by a holiday -------------------------------------------------------------------

# US holidays a task may date a day by ("Today is the Monday before Thanksgiving, 2026", "the filing is
# due the day after Labor Day"): a fixed day of a month, or the nth weekday of a month (-1: the last).
_FIXED_HOLIDAYS = {"new year's day": (1, 1), "juneteenth": (6, 19), "independence day": (7, 4),
                   "the fourth of july": (7, 4), "veterans day": (11, 11), "christmas eve": (12, 24),
                   "christmas day": (12, 25), "christmas": (12, 25), "new year's eve": (12, 31)}
_NTH_HOLIDAYS = {"martin luther king jr. day": (1, 0, 3), "martin luther king day": (1, 0, 3), "mlk day": (1, 0, 3),
                 "presidents' day": (2, 0, 3), "presidents day": (2, 0, 3), "washington's birthday": (2, 0, 3),
                 "memorial day": (5, 0, -1), "labor day": (9, 0, 1), "columbus day": (10, 0, 2),
                 "indigenous peoples' day": (10, 0, 2), "election day": (11, 1, 0), "thanksgiving day": (11, 3, 4),
                 "thanksgiving": (11, 3, 4), "black friday": (11, 3, 4), "cyber monday": (11, 3, 4)}
_AFTER_THANKSGIVING = {"black friday": 1, "cyber monday": 4}
_HOLIDAY_NAMES = sorted([*_FIXED_HOLIDAYS, *_NTH_HOLIDAYS], key=len, reverse=True)
HOLIDAY = re.compile(
    r"\b(?:the\s+)?(?:(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?P<day>day))\s+"
    r"(?P<side>before|after)\s+(?P<h1>" + "|".join(re.escape(n).replace("'", "['’]?").replace(r"\ ", r"\s+")
                                               for n in _HOLIDAY_NAMES) + r")"
    r"|\b(?P<h2>" + "|".join(re.escape(n).replace("'", "['’]?").replace(r"\ ", r"\s+") for n in _HOLIDAY_NAMES) + r")"
    r"(?:\s*,?\s*(?P<y>(?:19|20)\d\d))?\b", re.I)
_HOLIDAY_YEAR = re.compile(r"^\s*,?\s*((?:19|20)\d\d)\b")


def holiday(name: str, year: int) -> dt.date:
    """The day a US holiday (one of _FIXED_HOLIDAYS or _NTH_HOLIDAYS, lower case) falls on in `year`."""
    key = " ".join(name.lower().replace("’", "'").split())
    key = next((n for n in _HOLIDAY_NAMES if n.replace("'", "") == key.replace("'", "")), key)
    if key in _FIXED_HOLIDAYS:
        month, day = _FIXED_HOLIDAYS[key]
        return dt.date(year, month, day)
    month, weekday, nth = _NTH_HOLIDAYS[key]
    if key == "election day":  # the Tuesday after the first Monday of November
        first = dt.date(year, 11, 1)
        monday = first + dt.timedelta(days=(0 - first.weekday()) % 7)
        return monday + dt.timedelta(days=1)
    return nth_weekday(year, month, weekday, nth) + dt.timedelta(days=_AFTER_THANKSGIVING.get(key, 0))


def holidays(piece: str, as_of: dt.date) -> list[tuple[int, str, dt.date]]:
    """Each day a text names by a holiday, as (where it starts, how it is written, the day): "the
    Monday before Thanksgiving, 2026" is November 23, 2026; with no year, the holiday of as_of's year."""
    out = []
    for m in HOLIDAY.finditer(piece):
        name = m["h1"] or m["h2"]
        year = m["y"]
        if year is None and m["h1"]:
            after = _HOLIDAY_YEAR.match(piece[m.end():])
            year = after.group(1) if after else None
        day = holiday(name, int(year) if year else as_of.year)
        if m["side"]:
            step = -1 if m["side"].lower() == "before" else 1
            if m["day"]:
                day += dt.timedelta(days=step)
            else:
                target = WEEKDAYS.index(weekday_stem(m["wd"]))
                day += dt.timedelta(days=step)
                while day.weekday() != target:
                    day += dt.timedelta(days=step)
        written = m.group(0) + (f", {year}" if year and not m["y"] else "")
        out.append((m.start(), " ".join(written.split()), day))
    return out
