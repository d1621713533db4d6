"""H10 temporal consistency: as-of date, instructions, documents, seeded law and knowledge base agree."""

from __future__ import annotations

import datetime as dt
import json
import re

from oafreeze.corpus import datafiles, dating, events, formats
from oafreeze.corpus import text as tx
from oafreeze.environment import criteria as cr
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H10"
NAME = "temporal consistency"
_MATTER = r"(?:this|the)\s+(?:matter|file|task|work|assignment|case|instruction)"
# A sentence that tells the agent what day it is ("Today is ...", "The current date for this matter
# is ...", "Assume it is ...", "as at ..."), or the day it takes the work up ("You are picking this
# matter up on Monday 16 November 2026", "the file was handed to you on ...").
TODAY_CUE = re.compile(r"\b(?:today|as of|as at|current date|present date|date of (?:this|the) (?:assignment|work|"
                       r"matter)|the date is|it is now|assume (?:that )?(?:it is|the date is)|this (?:morning|afternoon)|"
                       rf"(?:pick\w*|tak\w*|took)\s+(?:up\s+|over\s+)?{_MATTER}(?:\s+(?:up|over))?|"
                       rf"(?:assigned|given|handed|sent)\s+(?:to\s+you\s+)?{_MATTER}|"
                       rf"{_MATTER}\s+(?:is|was)\s+(?:assigned|given|handed|passed|opened|sent)|"
                       r"you\s+(?:are|were)\s+(?:brought|staffed)\s+(?:in|on)|"
                       # the same, as colleagues abroad write it: "hoy es", "aujourd'hui", "heute", "oggi",
                       # "hoje", "vandaag", "dziś", "сегодня", "hôm nay", "bugün", "hari ini", "اليوم", "आज"
                       r"hoy|aujourd[’']hui|heute|oggi|hoje|vandaag|dzi[śs]|dzisiaj|сегодня|hôm\s+nay|bugün|"
                       r"hari\s+ini|اليوم)\b|今日は|本日|今天|오늘은?|आज", re.I)

# A day counted from today, right before the date that says which: "46 days from today, on December 18",
# "in two weeks (December 1)", "a fortnight from now:". The count must land on the date from as_of.
_COUNT_WORD = (r"\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
               r"fifteen|twenty|thirty")
_COUNTED_FROM_TODAY = re.compile(rf"(?:\b(?P<n1>{_COUNT_WORD})\s+(?P<b1>business\s+|working\s+)?(?:calendar\s+)?"
                                 r"(?P<u1>days?|weeks?|fortnights?|months?|years?)\s+(?:from|after)\s+(?:today|now)|"
                                 rf"\bin\s+(?P<n2>{_COUNT_WORD})\s+(?P<b2>business\s+|working\s+)?(?:calendar\s+)?"
                                 r"(?P<u2>days?|weeks?|months?))[^.;!?\d]{0,30}$", re.I)


def _counted_day(m: re.Match, as_of: dt.date) -> dt.date | None:
    """The day a count from today lands on (None for business days, months and years: not counted here)."""
    n, unit = m["n1"] or m["n2"], (m["u1"] or m["u2"]).lower()
    if m["b1"] or m["b2"] or unit.startswith(("month", "year")):
        return None
    count = int(n) if n.isdigit() else 1 if n.lower() == "an" else _COUNTS[n.lower()]
    return as_of + dt.timedelta(days=count * (14 if unit.startswith("fortnight") else 7 if unit.startswith("week")
                                              else 1))


# Words right before a day that make it today's: "Today is ...", "It is now ...", "Work as of ...".
_TODAY_IS_NOW = re.compile(r"\b(?:today\s+is|it\s+is(?:\s+now)?|the\s+(?:current|present)\s+date\s+is|as\s+(?:of|at)|"
                           r"(?:work|write|act|advise|proceed|draft)(?:ing)?\s+as\s+(?:of|at|on)|"
                           r"assume\s+(?:that\s+)?(?:it\s+is|today\s+is|the\s+date\s+is))\s*(?:on\s+)?$", re.I)

# Structured data (YAML, JSON) holds dates as records ("date: 2026-12-18" of a planned step), not
# the date it was written; but a record's own creation stamp (a ticket's "opened_at", an export's
# "created") is the day it came to exist.
_DATA = (".yaml", ".yml", ".json", ".jsonl")
_CREATED = re.compile(r"""(?<![\w-])["']?(?:sys_)?(?:opened|created|submitted|raised|logged|filed|received)"""
                      r"""(?:[_ ]?(?:at|on|date|time|datetime))?["']?\s*[:=]\s*["']?([^"'\n,}]{6,40})""", re.I)
def applies(ctx: TaskContext) -> str | None:
    """The as-of date is declared in the oafreeze block; without it there is no date to check against."""
    return None if ctx.has_block else "the task has no oafreeze block, so it declares no as_of date"


def check(ctx: TaskContext) -> list[Finding]:
    """Dates that tell two stories about when the work is done and which law applies."""
    ext = ctx.ext
    if not ext.as_of:
        return [ctx.finding(ID, "minor", "task.json", "the task declares no as_of date: which law applies is left "
                            "to the agent's guess", "add oafreeze.as_of (YYYY-MM-DD)", location="$.oafreeze.as_of")]
    as_of = tx.parse_iso_date(ext.as_of)
    if as_of is None:
        return [ctx.finding(ID, "major", "task.json", f"as_of {ext.as_of!r} is not a date written YYYY-MM-DD: "
                            "the day whose law applies is unclear", "write it as YYYY-MM-DD",
                            location="$.oafreeze.as_of", evidence=ext.as_of)]
    out = []
    if as_of > ctx.today:
        out.append(ctx.finding(ID, "major", "task.json", f"as_of {ext.as_of} is after the freeze ({ctx.today}): "
                               "the law of that day cannot have been checked", "use a date on or before today",
                               location="$.oafreeze.as_of", evidence=ext.as_of))
    out += _seeded_law(ctx, as_of)
    out += _todays_in_instructions(ctx, as_of)
    for _line, sentence in tx.sentences(ctx.task.instructions):
        day = dating.today_weekday(sentence)
        if day is not None and day != as_of.weekday():
            out.append(ctx.finding(
                ID, "minor", "task.json",
                f"the instructions say today is a {dating.WEEKDAYS[day].capitalize()}day, but as_of {ext.as_of} is a "
                f"{dating.WEEKDAYS[as_of.weekday()].capitalize()}day: the agent counts days from one, the criteria "
                "from the other", "make the weekday and oafreeze.as_of agree", location="$.instructions",
                evidence=tx.excerpt(sentence)))
    out += _weekday_slips(ctx)
    out += _misdated_references(ctx)
    out += _relative_references(ctx, as_of)
    out += _kb_reviews(ctx, as_of)
    out += _named_days_against_criteria(ctx)
    out += _miscounted(ctx)
    future = _documents_from_the_future(ctx, as_of)
    out += future
    out += _current_after(ctx, as_of, {f.path for f in future})
    out += _stamped_after(ctx, as_of, {f.path for f in future})
    out += _todays_in_documents(ctx, as_of, {f.path for f in future})
    out += _replies_before_their_messages(ctx, as_of, {f.path for f in future})
    out += _done_in_the_future(ctx, as_of)
    out += _meetings_recounted_early(ctx, as_of, {f.path for f in future})
    out += _told_before_it_happened(ctx, as_of, {f.path for f in future} | {f.path for f in out if f.item == ID})
    out += _data_done_in_the_future(ctx, as_of)
    out += _event_conflicts(ctx, as_of)
    out += _start_before_the_offer(ctx, as_of)
    out += _expires_before_delivery(ctx, as_of)
    out += _today_at_an_event(ctx, as_of)
    out += _law_dates(ctx, as_of)
    out += _provenance_dates(ctx)
    out += _figure_dates(ctx, as_of)
    if ctx.snapshot:
        later = sorted((d.timestamp[:10], d.id) for d in ctx.snapshot.documents
                       if d.timestamp and (t := tx.parse_date(d.timestamp)) and t > as_of)
        if later:
            out.append(ctx.finding(
                ID, "minor", ctx.kb_mount,
                f"{len(later)} knowledge-base document(s) were reviewed after the as-of date {ext.as_of}: the agent "
                "may read law or practice from its future", "pin an earlier snapshot or move as_of, or waive with "
                "the reason the later reviews do not matter", evidence=f"{later[-1][1]} (reviewed {later[-1][0]})"))
    return out


def _todays_in_instructions(ctx: TaskContext, as_of: dt.date) -> list[Finding]:
    """Today as the instructions give it, each to be as_of: a date in a sentence about today (or a day or
    two from it, "yesterday, November 15"), a day counted from today that must land on its date, a
    holiday ("the Monday before Thanksgiving, 2026"); and a weekday beside today's date that is not its."""
    out = []
    for _line, sentence in tx.sentences(ctx.task.instructions):
        cued = bool(TODAY_CUE.search(sentence))
        if not cued and not dating.NEXT_TO_TODAY.search(sentence):
            continue
        for written, at in tx.dates(sentence):
            # "yesterday, November 15" dates the day before today: today is the day after it. A
            # date with no such word is today's only in a sentence that says it gives today's date.
            shift = dating.shift(sentence[:at])
            if shift is None and not cued:
                continue
            counted = _COUNTED_FROM_TODAY.search(sentence[max(0, at - 80):at]) if shift is None else None
            if counted:  # "46 days from today, on December 18": a day counted from today, not today
                landed = _counted_day(counted, as_of)
                if landed is not None and landed not in tx.date_readings(written):
                    out.append(ctx.finding(
                        ID, "major", "task.json", f"the instructions count {counted.group(0).split(',')[0].strip()!r} "
                        f"to {written}, but from as_of {ctx.ext.as_of} that count lands on {landed.isoformat()}: the "
                        "agent and the criteria count from different days", "make the count, the date and "
                        "oafreeze.as_of agree", location="$.instructions", evidence=tx.excerpt(sentence)))
                continue
            # A numeric date that reads two ways agrees with as_of when either reading is as_of.
            when = {d + dt.timedelta(days=shift or 0) for d in tx.date_readings(written)}
            if when and as_of not in when:
                out.append(_other_today(ctx, f"call {written} {dating.SHIFT_WORDS[shift]}, which makes today "
                                             f"{min(when).isoformat()}" if shift else
                                        f"give today's date as {written}", sentence))
            elif shift:
                continue
            elif when and (day := dating.weekday_before(sentence, written)) is not None and day != as_of.weekday():
                out.append(ctx.finding(
                    ID, "minor", "task.json",
                    f"the instructions call today ({written}) a {dating.WEEKDAYS[day].capitalize()}day, but "
                    f"{ctx.ext.as_of} is a {dating.WEEKDAYS[as_of.weekday()].capitalize()}day: one of the two is wrong",
                    "make the weekday and the date agree", location="$.instructions", evidence=tx.excerpt(sentence)))
        # Today given without its year ("Today is the sixteenth of December", "It is now November 9"): the
        # day after the words that make it today's.
        if cued and not tx.dates(sentence):
            for at, when in dating.yearless_at(sentence, as_of):
                if _TODAY_IS_NOW.search(sentence[max(0, at - 40):at]) and when != as_of:
                    out.append(_other_today(ctx, f"give today as {sentence[at:].split(',')[0].strip()!r}, which is "
                                                 f"{when.isoformat()}", sentence))
                    break
        # Today named by a holiday: "Today is the Monday before Thanksgiving, 2026".
        for at, written, day in dating.holidays(sentence, as_of) if cued else ():
            if _TODAY_IS_NOW.search(sentence[:at]) and day != as_of:
                out.append(_other_today(ctx, f"give today as {written}, which is {day.isoformat()}", sentence))
    return out


def _other_today(ctx: TaskContext, said: str, sentence: str) -> Finding:
    """Major: the instructions make today another day than as_of (`said`: how)."""
    return ctx.finding(ID, "major", "task.json", f"the instructions {said} but as_of is {ctx.ext.as_of}: the agent and "
                       "the criteria may apply different law", "make the instructions and oafreeze.as_of agree",
                       location="$.instructions", evidence=tx.excerpt(sentence))


# A span between two dates the same sentence gives ("on December 18, 2026, three weeks before signing on
# January 5, 2027"): the count must be the dates' distance. Hedged counts ("at least", "about") and
# business days are not checked.
_SPAN = re.compile(r"(?<!at\s)(?<!least\s)(?<!about\s)(?<!nearly\s)(?<!almost\s)(?<!over\s)(?<!some\s)(?<!within\s)"
                   r"(?<!than\s)(?<!under\s)(?<!roughly\s)(?<!around\s)"
                   r"\b(?P<n>\d{1,3}|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
                   r"fifteen|twenty|thirty)\s+(?:full\s+|clear\s+|calendar\s+)?(?P<unit>days?|weeks?)\s+(?P<dir>before|after|"
                   r"prior\s+to|ahead\s+of|later|earlier)\b", re.I)
_COUNTS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "twenty": 20,
           "thirty": 30}


def _miscounted(ctx: TaskContext) -> list[Finding]:
    """A sentence of task.json that gives two dates and the span between them in days or weeks, where
    the span is not the dates' distance: the agent and the judge count from different days (major)."""
    places = [("$.instructions", ctx.task.instructions)] + [
        (f"$.criteria[{i}].match_criteria", c.match_criteria) for i, c in enumerate(ctx.task.criteria)] + [
        (f"$.deliverables[{json.dumps(d)}]", text or "") for d, text in ctx.task.deliverables.items()]
    out = []
    for where, text in places:
        for _line, sentence in tx.sentences(text):
            span = _SPAN.search(sentence)
            if span is None:
                continue
            days = [(w, readings) for w, _ in tx.dates(sentence) for readings in [tx.date_readings(w)]
                    if len(readings) == 1]
            if len(days) != 2:
                continue
            n = int(span["n"]) if span["n"].isdigit() else _COUNTS[span["n"].lower()]
            said = n * (7 if span["unit"].lower().startswith("week") else 1)
            apart = abs((days[1][1][0] - days[0][1][0]).days)
            if apart != said:
                out.append(ctx.finding(
                    ID, "major", "task.json", f"{where} puts {span.group(0)!r} between {days[0][0]} and {days[1][0]}, "
                    f"which are {apart} days apart: the agent and the judge count from different days",
                    "make the span and the dates agree (or drop one of them)", location=where,
                    evidence=tx.excerpt(sentence)))
    return out


# A workspace document named by its kind and its date: "the memo of July 14, 2026", "her letter dated
# 3 March 2026", "the June 30 memo". The kind is matched to the one task file whose name carries it.
_KINDS = {"memo": ("memo", "memorandum"), "letter": ("letter",), "email": ("email", "e-mail", "mail"),
          "alert": ("alert",), "report": ("report",), "minutes": ("minutes",), "opinion": ("opinion",),
          "request": ("request",)}
_KIND_WORD = r"(?P<kind>memo(?:randum)?|letter|e-?mail|alert|report|minutes|opinion|request)"
_REF_BEFORE = re.compile(rf"\b{_KIND_WORD}\s+(?:of|dated|from|sent\s+on|written\s+on)\s+(?:the\s+)?$", re.I)
_REF_AFTER = re.compile(rf"^(?:['’]s)?\s+{_KIND_WORD}\b", re.I)


def _the_one_of_kind(ctx: TaskContext, word: str):
    """The kind a word names ("memorandum" is a memo) and the one task file whose name carries it (None when
    no file or several do)."""
    kind = next(k for k, words in _KINDS.items() if word.lower().replace("-", "") in [w.replace("-", "") for w in words])
    files = [f for f in ctx.task_files if f.text and not f.kb_copy and
             any(w in f.rel.rsplit("/", 1)[-1].lower() for w in _KINDS[kind])]
    return kind, files[0] if len(files) == 1 else None


def _misdated_references(ctx: TaskContext) -> list[Finding]:
    """The instructions give a workspace document a date it does not bear: the one task file of that
    kind is dated otherwise, and the date the instructions give is nowhere in it."""
    out = []
    for _line, sentence in tx.sentences(ctx.task.instructions):
        for written, at in tx.dates(sentence):
            m = _REF_BEFORE.search(sentence[:at]) or _REF_AFTER.match(sentence[at + len(written):])
            said = tx.date_readings(written)
            if m is None or not said:
                continue
            kind, f = _the_one_of_kind(ctx, m["kind"])
            if f is None:
                continue
            dated = dating.document_date(f.text)
            if dated is None or dated[2] in said or any(d in said for w, _ in tx.dates(f.text)
                                                        for d in tx.date_readings(w)):
                continue
            out.append(ctx.finding(
                ID, "minor", "task.json", f"the instructions speak of the {m['kind']} of {written}, but {f.rel}, the "
                f"task's one {kind}, is dated {dated[1]!r}: the agent and the judge may date its facts differently",
                f"make the instructions and {f.rel} give the same date", location="$.instructions",
                evidence=tx.excerpt(sentence)))
    return out


# A count back from today: "three weeks ago", "eighteen months ago", "two years ago".
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "eighteen": 18,
                 "twenty": 20, "twenty-four": 24, "thirty": 30}
_AGO = (r"(?P<n>" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r"|\d{1,2})\s+(?P<unit>days?|weeks?|"
        r"months?|years?)\s+ago")

# A month of the year before: "June of last year", "in March last year"; the latest month of that name:
# "last June" (not "last June 3", a day).
_MONTH_NAME = r"(?P<mon>january|february|march|april|may|june|july|august|september|october|november|december)"
_MONTH_BACK = (rf"{_MONTH_NAME}\s+(?:of\s+)?(?P<lastyear>last\s+year)|(?P<lastmon>last)\s+{_MONTH_NAME.replace('mon>', 'mon2>')}"
               r"(?!\s+\d)|last\s+year")
# The same, said relative to today: "the client alert came out last month", "Dana's e-mail of yesterday".
_REF_RELATIVE = re.compile(rf"\b{_KIND_WORD}\b(?P<rest>[^.;?!]{{0,80}}?)\b(?P<when>yesterday|last\s+(?:week|month)|"
                           r"last\s+(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
                           r"(?!\s+(?:of|in)\s+(?:the|this|next|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))|"
                           rf"{_MONTH_BACK}|(?:earlier\s+)?this\s+(?:week|month|morning)|" + _AGO + r")\b", re.I)
# ... and in a dated document, counted from its own date, the kind also after it: "approved this form eighteen
# months ago (their memo is attached)".
_AGO_THEN_KIND = re.compile(rf"\b(?P<when>{_AGO})\b(?P<rest>[^.;?!]{{0,40}}?)\b{_KIND_WORD}\b", re.I)


def _window(m: re.Match, today: dt.date) -> tuple[dt.date, dt.date]:
    """The days a relative reference can mean, read generously (a month ago is two weeks either side)."""
    when = " ".join(m["when"].lower().split())
    first = today.replace(day=1)
    if when == "yesterday":
        return today - dt.timedelta(days=2), today
    if when.endswith("morning"):
        return today - dt.timedelta(days=1), today
    if when == "last week":
        return today - dt.timedelta(days=14), today
    if m.groupdict().get("wd"):  # "last Friday": the latest Friday before today, or (read generously) the one before it
        back = (today.weekday() - dating.WEEKDAYS.index(dating.weekday_stem(m["wd"]))) % 7 or 7
        return today - dt.timedelta(days=back + 7), today - dt.timedelta(days=back)
    if when.endswith("this week"):
        return today - dt.timedelta(days=7), today
    if when == "last month":
        return (first - dt.timedelta(days=1)).replace(day=1) - dt.timedelta(days=7), today
    if when == "last year":  # the calendar year before, a month either side
        return dt.date(today.year - 1, 1, 1) - dt.timedelta(days=31), dt.date(today.year - 1, 12, 31) + \
            dt.timedelta(days=31)
    if m.groupdict().get("mon") or m.groupdict().get("mon2"):  # that month, a week either side
        month = dating.MONTH_NO[(m["mon"] or m["mon2"])[:3].lower()]
        year = today.year - 1 if m["lastyear"] or month >= today.month else today.year
        start = dt.date(year, month, 1)
        end = (start + dt.timedelta(days=31)).replace(day=1)
        return start - dt.timedelta(days=7), end + dt.timedelta(days=6)
    if when.endswith("this month"):
        return first, today
    n = _NUMBER_WORDS.get(m["n"].lower()) or int(m["n"])
    span, slack = {"d": (1, 2), "w": (7, 4), "m": (30, 16), "y": (365, 61)}[m["unit"][0].lower()]
    slack = max(slack, n * span // 8)  # "eighteen months" is said of anything from about 16 to 20
    return today - dt.timedelta(days=n * span + slack), today - dt.timedelta(days=max(0, n * span - slack))


def _relative_references(ctx: TaskContext, as_of: dt.date) -> list[Finding]:
    """The instructions say a workspace document came out "last month" or "yesterday", counted from as_of,
    and the task's one document of that kind is dated outside those days."""
    out = []
    for _line, sentence in tx.sentences(ctx.task.instructions):
        for m in _REF_RELATIVE.finditer(sentence):
            if tx.dates(m["rest"]) or _PAST_PARTICIPLE_OF_OTHER.search(m["rest"]):
                continue  # "the memo of March 3 was sent on to HR last week": another event, dated on its own
            kind, f = _the_one_of_kind(ctx, m["kind"])
            dated = dating.document_date(f.text) if f is not None else None
            if dated is None:
                continue
            lo, hi = _window(m, as_of)
            if lo <= dated[2] <= hi:
                continue
            out.append(ctx.finding(
                ID, "minor", "task.json", f"the instructions say the {m['kind']} is from {' '.join(m['when'].split())} "
                f"(counted from as_of {ctx.ext.as_of}), but {f.rel}, the task's one {kind}, is dated "
                f"{dated[1]!r}: the agent and the judge may date its facts differently",
                f"make the instructions and {f.rel} agree", location="$.instructions",
                evidence=tx.excerpt(sentence)))
            break
    return out + _relative_in_documents(ctx)


def _relative_in_documents(ctx: TaskContext) -> list[Finding]:
    """A dated task document says another of the task's documents is from "eighteen months ago" (a count
    back, from its own date), and that document is dated outside those days."""
    out = []
    for g in ctx.task_files:
        if not g.text or g.kb_copy or not _AGO_ANY.search(g.text):
            continue
        own = dating.document_date(g.text)
        if own is None:
            continue
        for _line, sentence in tx.sentences(g.text):
            m = next((m for m in [*_REF_RELATIVE.finditer(sentence), *_AGO_THEN_KIND.finditer(sentence)]
                      if _counted_back(m) and not tx.dates(m["rest"]) and not _PAST_PARTICIPLE_OF_OTHER.search(m["rest"])),
                     None)
            if m is None:
                continue
            kind, f = _the_one_of_kind(ctx, m["kind"])
            dated = dating.document_date(f.text) if f is not None and f is not g else None
            lo, hi = _window(m, own[2])
            if dated is None or lo <= dated[2] <= hi:
                continue
            out.append(ctx.finding(
                ID, "minor", g.rel, f"{g.rel} (dated {own[2].isoformat()}) says the {m['kind']} is from "
                f"{' '.join(m['when'].split())}, but {f.rel}, the task's one {kind}, is dated {dated[1]!r}: the agent "
                "and the judge may date its facts differently", f"make {g.rel} and {f.rel} agree",
                location=tx.locate(g.text, sentence[:60]), evidence=tx.excerpt(sentence)))
            break
    return out


# A document with neither "ago" nor "last" has no count back.
_AGO_ANY = re.compile(r"\bago\b|\blast\s+(?:year|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|"
                      r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+(?:of\s+)?last\s+year", re.I)


def _counted_back(m: re.Match) -> bool:
    """Whether a relative reference counts back from a document's own day by a span ("eighteen months ago")
    or to a month or year before it ("June of last year", "last June", "last year"): what a dated document
    can say of another (its "yesterday" is too near its own date to tell)."""
    groups = m.groupdict()
    return bool(groups.get("n") or groups.get("mon") or groups.get("mon2") or
                " ".join(m["when"].lower().split()) == "last year")



# A knowledge-base document's review dated by the instructions ("the firm's Colorado practice guide ... was
# reviewed last week", "the offer-letter template, updated on October 2, 2026"): its snapshot entry says when.
_WHEN = r"(?P<when>yesterday|last\s+(?:week|month)|(?:earlier\s+)?this\s+(?:week|month|morning)|" + _AGO + ")"
_KB_REVIEWED = re.compile(r"(?P<named>(?:[\w'’.-]+\s+){0,4}?)(?P<kind>practice\s+guides?|guides?|templates?|checklists?|"
                          r"surveys?)\b"
                          r"(?P<rest>(?:[^.;?!]|\.(?=\w)){0,80}?)\b(?:reviewed|updated|revised|refreshed|re-?checked|brought\s+up\s+to\s+date|"
                          r"current\s+(?:as\s+(?:of|at)|to|through))"
                          rf"\s+(?:on\s+|as\s+of\s+)?(?:{_WHEN}\b)?", re.I)
_NOT_A_NAME = {"the", "our", "firm's", "firm’s", "firms", "a", "an", "its", "their", "this", "that", "current", "latest",
               "knowledge-base", "knowledge", "base", "kb", "mounted", "use", "see", "read", "in", "from", "of", "and"}


def _kb_reviews(ctx: TaskContext, as_of: dt.date) -> list[Finding]:
    """The instructions or a task document say when a knowledge-base document was reviewed (a day
    counted from as_of, in the instructions, or a date), and the snapshot's review date of the documents
    that name (or the knowledge-base path the sentence gives) can mean is another."""
    if not ctx.snapshot:
        return []
    by_path = {f"{ctx.kb_mount}/{f.path}": f.document for f in ctx.snapshot.files if f.document}
    by_id = {d.id: d for d in ctx.snapshot.documents}
    sources = [("task.json", "$.instructions", ctx.task.instructions, True)] + [
        (f.rel, None, f.text, False) for f in ctx.task_files
        if f.text and not f.kb_copy and _KB_REVIEW_WORD.search(f.text)]
    out = []
    for path, where, text, instructions in sources:
        for _line, sentence in tx.sentences(text):
            found = _kb_review(ctx, as_of, sentence, instructions, by_path, by_id)
            if found is None:
                continue
            said, doc = found
            who = "the instructions" if instructions else path
            out.append(ctx.finding(ID, "minor", path, f"{who} {'say' if instructions else 'says'} {said}",
                                   f"make {who} agree with {doc}'s review date",
                                   location=where or tx.locate(text, sentence[:60]), evidence=tx.excerpt(sentence)))
            break
    return out


_KB_REVIEW_WORD = re.compile(r"\b(?:reviewed|updated|revised|refreshed|re-?checked|up\s+to\s+date|current\s+(?:as\s+(?:of|at)|"
                             r"to|through))\b", re.I)
_KB_PATH = re.compile(r"(?:documents/)?(knowledge-base/[\w./-]+\.\w+)")


def _kb_review(ctx: TaskContext, as_of: dt.date, sentence: str, instructions: bool, by_path: dict,
               by_id: dict) -> tuple[str, str] | None:
    """(what the sentence says against the snapshot, the document's id) when it dates a knowledge-base
    document's review on a day its snapshot entry does not give; None otherwise."""
    for m in _KB_REVIEWED.finditer(sentence):
        kind = m["kind"].lower().split()[-1]
        every = kind.endswith("s")  # "the practice guides were last reviewed ...": each of them
        kind = kind.rstrip("s")
        path = _KB_PATH.search(sentence)
        named = by_id.get(by_path.get(ctx.kb_mount + "/" + path.group(1).split("/", 1)[1])) if path else None
        if named is not None:
            docs = [named] if named.timestamp else []
        else:
            words = [w.lower().strip("'’.") for w in m["named"].split()]
            words = [w for w in words if w not in _NOT_A_NAME and len(w) > 2]
            docs = [d for d in ctx.snapshot.documents if kind in d.kind and d.timestamp and
                    all(w in f"{d.id} {d.title or ''}".lower() for w in words)]
            if not words and not every and len(docs) > 1:
                continue
        reviewed = [(d, tx.parse_date(d.timestamp)) for d in docs]
        if not docs or not all(day for _d, day in reviewed):
            continue
        if m["when"]:
            if not instructions:
                continue  # a document's "last week" counts from its own date, not as_of
            lo, hi = _window(m, as_of)
            said = f"{' '.join(m['when'].split())} (counted from as_of {ctx.ext.as_of})"
        else:
            told = tx.dates(sentence[m.end():m.end() + 40])
            days = set(tx.date_readings(told[0][0])) if told and told[0][1] < 4 else set()
            if not days:
                continue
            lo, hi = min(days), max(days)
            said = f"on {told[0][0]}"
        if any(lo <= day <= hi for _d, day in reviewed):
            continue
        d = max(reviewed, key=lambda r: r[1])[0]
        future = f" (after as_of {ctx.ext.as_of})" if lo > as_of else ""
        return (f"the {' '.join(m['kind'].lower().split())} {'were' if every else 'was'} reviewed {said}{future}, "
                f"but the knowledge base's {d.id} gives its review date as {d.timestamp[:10]}: the agent may trust it "
                "as current, or distrust it, for the wrong reason", d.id)
    return None


# A day a dated document names by its weekday or as "tomorrow" ("hand the renewal to Morgan this Friday", in
# an e-mail of Monday, November 16): counted from the document's date, it is one day (two for "next").
_NAMED_DAY = re.compile(r"\b(?:(?P<rel>this(?:\s+coming)?|next|coming|on)\s+(?P<wd>monday|tuesday|wednesday|thursday|"
                        r"friday|saturday|sunday)|(?P<tomorrow>tomorrow))\b", re.I)
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]{2,}\b")


def _named_days(text: str, dated: set[dt.date]) -> list[tuple[str, str, set[dt.date]]]:
    """(as written, its clause, the days it can be) of each weekday or "tomorrow" in a document dated on one
    of the days `dated`."""
    out = []
    for m in _NAMED_DAY.finditer(text):
        given = tx.dates(text[m.end():m.end() + 30])
        if given and given[0][1] <= 4:  # "this Friday, November 20": the date is given
            continue
        days = set()
        for day in dated:
            if m["tomorrow"]:
                days.add(day + dt.timedelta(days=1))
                continue
            ahead = (dating.WEEKDAYS.index(dating.weekday_stem(m["wd"])) - day.weekday()) % 7
            rel = m["rel"].lower()
            if rel.startswith("this"):  # said on that weekday: today, or a week on
                days |= {day + dt.timedelta(days=ahead)} | ({day + dt.timedelta(days=7)} if not ahead else set())
            elif rel == "next":  # the coming one, or the one in the week after
                days |= {day + dt.timedelta(days=ahead or 7), day + dt.timedelta(days=(ahead or 7) + 7)}
            else:
                days.add(day + dt.timedelta(days=ahead or 7))
        start = max(text.rfind(stop, 0, m.start()) for stop in (". ", "\n", "; ")) + 1
        ends = [e for e in (text.find(stop, m.end()) for stop in (". ", "\n", "; ")) if e >= 0]
        out.append((m.group(0), text[start:min(ends, default=len(text))], days))
    return out


def _named_days_against_criteria(ctx: TaskContext) -> list[Finding]:
    """A criterion dates an event ("before the agreement goes to Morgan Tallis on November 23, 2026") that a
    dated workspace document names only by a weekday landing on another day ("hand the renewal to Morgan
    this Friday", November 20): the date is nowhere in the inputs, and the agent and the judge count to
    different days. The same person or thing named on both sides ties them (minor: a heuristic)."""
    named = []
    for f in ctx.task_files:
        if not f.text or f.kb_copy:
            continue
        dated = dating.document_date(f.text)
        if dated is not None:
            # the day the header writes (a mail stamp's own day) as well as its earliest reading
            written = tx.dates(dated[1])
            days = {dated[2], *(tx.date_readings(written[0][0]) if written else ())}
            named += [(f, *day) for day in _named_days(f.text, days)]
    if not named:
        return []
    stated = None
    out = []
    for i, c in enumerate(ctx.task.criteria):
        for _line, sentence in tx.sentences(_less_forbidden(c.match_criteria)):
            for written, _at in tx.dates(sentence):
                said = set(tx.date_readings(written))
                for f, as_written, clause, days in named:
                    if not said or said & days or min(abs((a - b).days) for a in said for b in days) > 10:
                        continue
                    if not set(_NAME.findall(clause)) & set(_NAME.findall(sentence)):
                        continue
                    if stated is None:  # every day the inputs state outright
                        stated = {d for text in [ctx.task.instructions] + [g.text for g in ctx.task_files if g.text]
                                  for w, _ in tx.dates(text) for d in tx.date_readings(w)}
                    if said & stated:
                        continue
                    out.append(ctx.finding(
                        ID, "minor", f.rel, f"criterion {c.id!r} dates it {written}, but {f.rel} says "
                        f"{as_written!r}, which from its date ({dating.document_date(f.text)[1]}) is "
                        f"{' or '.join(sorted(d.isoformat() for d in days))}, and no input gives {written}: the agent "
                        "and the judge count to different days", f"give the date in {f.rel}, or make the criterion "
                        "agree with it", location=f"$.criteria[{i}].match_criteria", evidence=tx.excerpt(clause)))
                    return out
    return out

# What else a relative day may date in the same clause: the document passed on, answered or discussed.
_PAST_PARTICIPLE_OF_OTHER = re.compile(r"\b(?:forwarded|passed\s+on|sent\s+on|replied|answered|discussed|"
                                       r"reviewed|read|mentioned|flagged|raised)\b", re.I)


def _weekday_slips(ctx: TaskContext) -> list[Finding]:
    """A weekday named with a date it is not ("by Thursday, November 20, 2026", a Friday) in the
    instructions (today's date is checked above), a deliverable's description or a criterion: the
    task names two days, and the agent and the judge may take different ones."""
    fields = [("$.instructions", ctx.task.instructions, True)] + \
        [(f"$.deliverables[{d!r}]", text, False) for d, text in ctx.task.deliverables.items()] + \
        [(f"$.criteria[{i}].match_criteria", c.match_criteria, False) for i, c in enumerate(ctx.task.criteria)]
    out = []
    for where, text, instructions in fields:
        for _line, sentence in tx.sentences(text or ""):
            if instructions and TODAY_CUE.search(sentence):
                continue
            for written, _ in tx.dates(sentence):
                when = tx.date_readings(written)
                day = dating.weekday_before(sentence, written) if when else None
                if day is None or any(d.weekday() == day for d in when):
                    continue
                out.append(ctx.finding(
                    ID, "minor", "task.json", f"the task calls {written} a {dating.WEEKDAYS[day].capitalize()}day, but it "
                    f"is a {dating.WEEKDAYS[when[0].weekday()].capitalize()}day: the agent and the judge may work to "
                    "different days", "make the weekday and the date agree", location=where,
                    evidence=tx.excerpt(sentence)))
    return out


def _trap_text(ctx: TaskContext) -> str:
    trap = ctx.ext.trap
    return " ".join([trap.kind, trap.description]) if trap else ""


def trap_speaks_of(ctx: TaskContext, citation: str, effective: dt.date) -> bool:
    """Whether the trap declares the timing of a law: it names the law (its section number), or its
    story is set on or after the day the law takes effect (a signing date, "from January 1, 2027")."""
    text = _trap_text(ctx)
    if not text:
        return False
    norm = tx.normalize(text)
    numbers = re.findall(r"\d+(?:[-/:.]\d+)+|\d{3,}", citation)
    if numbers and any(n in norm for n in numbers):
        return True
    for written, _ in tx.dates(text):
        if any(when >= effective for when in tx.date_readings(written)):
            return True
    year = re.search(rf"\b(?:from|after|beginning|starting|effective|in\s+force|takes\s+effect)\b[^.]{{0,30}}"
                     rf"\b{effective.year}\b", text, re.I)
    return bool(year)


def _seeded_law(ctx: TaskContext, as_of: dt.date) -> list[Finding]:
    out = []
    for i, law in enumerate(ctx.ext.seeded_law):
        effective = tx.parse_date(law.effective_date or "")
        if effective and effective > as_of and not trap_speaks_of(ctx, law.citation, effective):
            out.append(ctx.finding(
                ID, "major", "task.json",
                f"{law.citation} takes effect on {law.effective_date}, after the as-of date {ctx.ext.as_of}, and the "
                "trap does not say the agent must notice it: criteria that apply it grade against law not yet in "
                "force", "move as_of, replace the law, or declare the timing in the trap's description",
                location=f"$.oafreeze.seeded_law[{i}].effective_date", evidence=law.effective_date))
    return out


# Words that give the day a law starts to apply, right before the date: "takes effect on", "effective",
# "in force from", "applies to covenants entered into on or after".
_EFFECT = re.compile(r"\b(?:effective(?:\s+date)?|(?:takes?|took|taking)\s+effect|in\s+(?:force|effect)|"
                     r"(?:becomes?|became)\s+(?:operative|effective|law)|operative|"
                     r"(?:(?:appl(?:y|ies|ied)|govern(?:s|ed)?)\s+to|in\s+(?:force|effect)\s+for)\s+[^.;:]{0,80}?\b(?:on\s+or\s+)?after)"
                     r"[\s,:]*(?:(?:on|from|as\s+of|since|beginning|starting)\s+)?$", re.I)
_EFFECT_ANY = re.compile(r"effect|in force|operative|on or after", re.I)  # a file with none is skipped


def _provenance_dates(ctx: TaskContext) -> list[Finding]:
    """A seeded_law entry whose own provenance says when the quoted text took effect ("as amended by SB 25-083,
    in force for covenants entered into on or after August 6, 2025") on another day than its effective_date."""
    out = []
    for i, law in enumerate(ctx.ext.seeded_law):
        effective = tx.parse_date(law.effective_date or "")
        said = law.verified_against or ""
        if effective is None or not _EFFECT_ANY.search(said):
            continue
        days = [(w, tx.date_readings(w)) for w, at in tx.dates(said) if _EFFECT.search(said[:at])]
        if len(days) == 1 and days[0][1] and effective not in days[0][1]:
            out.append(ctx.finding(
                ID, "minor", "task.json", f"seeded_law entry {i + 1} ({law.citation}) gives effective_date "
                f"{law.effective_date}, but its verified_against says the text is in force from {days[0][0]}: one of "
                "the two misdates the version the quote is taken from", "make effective_date the day the "
                "quoted version took effect", location=f"$.oafreeze.seeded_law[{i}].effective_date",
                evidence=tx.excerpt(said)))
    return out


# A figure of the law and the day it applies from, in one clause of a seeded quote: "$80,000 per year beginning
# on January 1, 2027".
_FIGURE = re.compile(r"[$\u20ac\u00a3]\s?\d[\d,]*(?:\.\d+)?")
_FIGURE_CLAUSE = re.compile(r"[;.]\s+|,\s+(?=(?:and\s+)?[$\u20ac\u00a3])")


def _figure_dates(ctx: TaskContext, as_of: dt.date) -> list[Finding]:
    """The trap's description or the instructions say a figure of the law took effect on a day its seeded quote
    does not give it ("the $80,000 floor took effect on July 1, 2026" where the statute says January 1, 2027):
    major when the two days fall on either side of as_of (one says the figure applies, the other that it does not)."""
    table: dict[str, tuple[tuple[dt.date, ...], str, str]] = {}
    for law in ctx.ext.seeded_law:
        effective = tx.parse_date(law.effective_date or "")
        for clause in _FIGURE_CLAUSE.split(law.quote or ""):
            figures, days = _FIGURE.findall(clause), tx.dates(clause)
            if len(figures) == 1 and len(days) == 1:
                table.setdefault(_money(figures[0]), (tx.date_readings(days[0][0]), days[0][0], law.citation or ""))
            elif len(figures) == 1 and not days and effective:  # the quote's one figure, in force from the entry's day
                table.setdefault(_money(figures[0]), ((effective,), law.effective_date, law.citation or ""))
    if not table:
        return []
    places = [("$.instructions", ctx.task.instructions)]
    if ctx.ext.trap is not None:
        places.append((TRAP_DESCRIPTION, ctx.ext.trap.description))
    places += [(f"$.criteria[{i}].match_criteria", c.match_criteria) for i, c in enumerate(ctx.task.criteria)]
    out = []
    for where, text in places:
        for _line, sentence in tx.sentences(text):
            said = [(w, tx.date_readings(w)) for w, at in tx.dates(sentence) if _EFFECT.search(sentence[:at])]
            figures = [table[m] for f in _FIGURE.findall(sentence) if (m := _money(f)) in table]
            if not said and figures and where != TRAP_DESCRIPTION:
                # the figure called another year's ("the 2025 non-compete threshold of $130,014")
                labels = {int(m[1]) for m in _YEAR_LABEL.finditer(sentence)}
                law_days, law_written, citation = figures[0]
                if len(labels) == 1 and not labels & {d.year for d in law_days}:
                    out.append(ctx.finding(
                        ID, "minor", "task.json", f"{where} calls the figure {labels.pop()}'s, but the seeded quote "
                        f"of {citation} gives it from {law_written}: which year's figure the task applies is unclear",
                        f"label the figure by the year the seeded quote gives it ({law_written})", location=where,
                        evidence=tx.excerpt(sentence)))
                    break
            if len(said) != 1 or not said[0][1] or not figures:
                continue
            (written, told), (law_days, law_written, citation) = said[0], figures[0]
            if set(told) & set(law_days):
                continue
            across = (told[0] <= as_of) != (law_days[0] <= as_of)
            out.append(ctx.finding(
                ID, "major" if across else "minor", "task.json",
                f"{where} says the figure took effect on {written}, but the seeded quote of {citation} gives it from "
                f"{law_written}" + (f": on the as-of date {ctx.ext.as_of} one says it applies and the other that it "
                                    "does not" if across else ""),
                f"give the day the seeded quote gives ({law_written})", location=where, evidence=tx.excerpt(sentence)))
            break
    return out


# A figure labelled by its year: "the 2025 non-compete threshold", "2026 salary floor".
_YEAR_LABEL = re.compile(r"\b((?:19|20)\d\d)\s+(?:[\w-]+\s+){0,3}?(?:threshold|floor|minimum|figure|cap|limit|level)s?\b",
                         re.I)


def _money(written: str) -> str:
    return re.sub(r"[\s,]|\.0+$", "", written)


def _act(citation: str) -> list[str]:
    """The numbers that name a cited law's act or section, its subsections dropped: "820 ILCS 90/10"
    gives 820 and 90; "C.R.S. § 8-2-113(2)" gives 8-2-113."""
    act = re.sub(r"(?:\([^)]*\))+\s*$", "", citation).rsplit("/", 1)[0]
    return re.findall(r"\d+(?:-\d+)*", act)


# An amending act, by the names legislatures give them: "Public Act 102-358" / "P.A. 102-358", a
# bill with its session ("SB 25-083", "HB 22-1317"), a bill with its year ("SSB 5935 (2024)").
# An amending act: an Illinois Public Act, or a bill by its chamber and number, abbreviated ("SSB 5935 (2024)",
# "ESHB 1155", "SB 25-083") or spelled out ("Substitute Senate Bill 5935"); a bill's prefixes (engrossed,
# substitute, second) and its session's year are dropped, so the two spellings are one act.
_AMENDING_ACT = re.compile(r"\b(?:P\.\s?A\.|Public\s+Act)\s*(\d{2,3}-\d{1,4})\b|"
                           r"\b[A-Z0-9]{0,3}?([SHA])B\s?(\d{2}-\d{2,4}|\d{1,5})\b|"
                           r"\b(?:(?:Engrossed|Reengrossed|Substitute|Second|Third|Enrolled)\s+)*(Senate|House|Assembly)\s+"
                           r"Bill\s+(?:No\.\s*)?(\d{2}-\d{2,4}|\d{1,5})\b")


def _amending_acts(text: str) -> set[str]:
    return {f"pa {m[1]}" if m[1] else f"{m[2].lower()}b {m[3]}" if m[2] else f"{m[4][0].lower()}b {m[5]}"
            for m in _AMENDING_ACT.finditer(text)}


def _law_dates(ctx: TaskContext, as_of: dt.date) -> list[Finding]:
    """A task document that gives a seeded law another day it starts to apply than its seeded_law entry:
    major when the document puts it after as_of while the entry has it in force (the agent reads that the
    law the criteria apply does not yet apply), minor when both are in force (one of the two is stale)."""
    laws = [(law, when, _act(law.citation)) for law in ctx.ext.seeded_law
            if (when := tx.parse_date(law.effective_date or ""))]
    laws = [(law, when, act) for law, when, act in laws if act]
    if not laws:
        return []
    out = []
    for f in ctx.task_files:
        if not f.text or not _EFFECT_ANY.search(f.text):
            continue
        for line, sentence in tx.sentences(f.text):
            given = tx.dates(sentence)
            said = [(w, d) for w, at in given if _EFFECT.search(sentence[:at]) for d in tx.date_readings(w)[:1]]
            if len(said) != 1:
                continue  # none, or several days of several versions: not one story to compare
            written, day = said[0]
            numbers = set(re.findall(r"\d+(?:-\d+)*", sentence))
            mine = [(law, when) for law, when, act in laws if set(act) <= numbers]
            # The entry's own day anywhere in the sentence: it tells the law's versions apart.
            days = {d for w, _ in given for d in tx.date_readings(w)}
            # A sentence that names the amending act ("as amended by Public Act 102-358, which applies
            # ... on or after January 1, 2022") dates every entry whose provenance names that act.
            acts = _amending_acts(sentence)
            versioned = [(law, when) for law, when, _act_no in laws
                         if acts & _amending_acts(f"{law.citation} {law.verified_against or ''}")]
            if versioned:
                mine = [(law, when) for law, when in versioned if when not in days]
            elif any(when in days for _, when in mine):
                continue
            if not mine:
                continue
            law, when = mine[0]
            late = day > as_of and all(w <= as_of for _, w in mine)
            out.append(ctx.finding(
                ID, "major" if late else "minor", f.rel,
                f"{f.rel}{f.where(line)} says {law.citation} applies from {written}, but its seeded_law entry gives "
                f"{law.effective_date}" + (f": the agent reads that the law the criteria apply is not in force on "
                                           f"the as-of date {ctx.ext.as_of}" if late else ": one of the two is stale"),
                "make the document and the seeded_law entry give the same day", location=line,
                evidence=tx.excerpt(sentence)))
            break
    return out


def _exempt(ctx: TaskContext) -> tuple[set[str], set[dt.date]]:
    """The trap's anchor files and the dates its description gives: a later date in an anchor file
    is the trap's own when the trap says so."""
    return _anchored(ctx), {when for w, _ in tx.dates(_trap_text(ctx)) for when in tx.date_readings(w)}


def _anchored(ctx: TaskContext) -> set[str]:
    """The task files the trap anchors itself in."""
    trap = ctx.ext.trap
    return {f.rel for a in trap.anchors for f in [ctx.file(a.file)] if f} if trap else set()


# A quoted or forwarded message's own date: "On Wed, 21 Oct 2026 at 09:12, X wrote:", "> Sent: ...".
_QUOTED = re.compile(r"^[>\s]*(?:On\s+(?P<on>.{6,60}?(?:,?\s+(?:19|20)\d\d\b)?)(?:,?\s+at\s+[^,]{1,20})?,?\s+[^,]{1,80}?\s+"
                     r"wrote:|"
                     r">[>\s]*(?:Date|Sent)\s*:\s*(?P<sent>.+))\s*$")


def _quoted_date(text: str, as_of: dt.date) -> tuple[int, str, dt.date] | None:
    """The first message quoted or forwarded in a document whose date is after as_of (line, as
    written, date), or None: a reply dated on as_of cannot quote one written later."""
    if "wrote:" not in text and ">" not in text:
        return None
    for number, line in enumerate(text.splitlines(), 1):
        m = _QUOTED.match(line)
        if m:
            when = dating.as_date(m.group("on") or m.group("sent"))
            if when and when > as_of:
                return number, line.strip(), when
    return None


def _replies_before_their_messages(ctx: TaskContext, as_of: dt.date, said: set[str]) -> list[Finding]:
    """A document dated before a message it quotes or forwards (a reply of October 29 answering a
    message of October 30): the thread tells two stories of when things happened (a note: a time
    zone can move a date by a day, and the dates may only have been typed wrong)."""
    out = []
    for f in ctx.task_files:
        if not f.text or f.rel in said or f.rel.lower().endswith(_DATA):
            continue
        own = dating.document_date(f.text)
        quoted = _quoted_date(f.text, own[2]) if own else None
        if quoted is None or quoted[2] > as_of:
            continue
        out.append(ctx.finding(
            ID, "minor", f.rel, f"{f.rel} is dated {own[2].isoformat()} but quotes a message dated "
            f"{quoted[2].isoformat()}, later: a reply cannot answer a message not yet written",
            f"make the dates of {f.rel} and the message it quotes agree", location=quoted[0],
            evidence=tx.excerpt(quoted[1])))
    return out


def _created(text: str) -> tuple[int, str, dt.date] | None:
    """A data file's creation stamp ("opened_at": "2026-11-05 09:12:44", "created": 1793952000): line,
    as written, date."""
    for m in _CREATED.finditer(text):
        when = dating.epoch_day(m.group(1).strip()) or dating.as_date(m.group(1))
        if when:
            return text.count("\n", 0, m.start(1)) + 1, m.group(0).strip(), when
    return None


# A recorded track (GPX, KML, Garmin's TCX) is stamped with the times it was recorded at: its first
# stamp is the day of the walk or drive it records ("<time>2026-10-28T14:05:00Z</time>").
# So is an XMP sidecar (a scan's or a photo's metadata beside it, "lindgren-signed.xmp"), by the day its
# subject was made: xmp:CreateDate, photoshop:DateCreated, exif:DateTimeOriginal, as an attribute or an element.
_TRACKS = (".gpx", ".kml", ".tcx", ".xmp")
_TRACK_STAMP = re.compile(r"<(?:\w+:)?(?:time|when|Time|Id)>\s*(\d{4}-\d{2}-\d{2})(?:[T ][^<]*)?</|"
                          r"\b(?:xmp:CreateDate|photoshop:DateCreated|exif:DateTimeOriginal|xmp:MetadataDate)"
                          r"(?:\s*=\s*[\"']|>)\s*(\d{4}-\d{2}-\d{2})")


def _recorded(text: str) -> tuple[int, str, dt.date] | None:
    """The day a recorded track was recorded (its first time stamp), or the day a sidecar's subject was
    made: line, as written, date."""
    m = _TRACK_STAMP.search(text)
    when = dating.as_date(m.group(1) or m.group(2)) if m else None
    return (text.count("\n", 0, m.start()) + 1, m.group(0).strip(), when) if when else None


def _documents_from_the_future(ctx: TaskContext, as_of: dt.date) -> list[Finding]:
    """Task documents dated after as_of: the agent is handed a document that cannot exist yet, unless
    the trap anchors itself in that document and its description gives that date."""
    out = []
    anchored, trap_dates = _exempt(ctx)
    for f in ctx.task_files:
        if not f.text:
            continue
        # its own date, else the date of a message it quotes or forwards; a data file's creation stamp
        found = ((_created(f.text),) if f.rel.lower().endswith(_DATA) else (_recorded(f.text),)
                 if f.rel.lower().endswith(_TRACKS) else (dating.document_date(f.text), _quoted_date(f.text, as_of)))
        later = [d for d in found if d and d[2] > as_of]
        if not later:
            continue
        line, written, when = later[0]
        if f.rel in anchored and when in trap_dates:
            continue
        out.append(ctx.finding(
            ID, "major", f.rel, f"{f.rel} is dated {when.isoformat()}, after the as-of date {ctx.ext.as_of}: the agent "
            "is handed a document from its future, and which day's law applies becomes a guess",
            f"date {f.rel} on or before {ctx.ext.as_of}, or move as_of (and declare the timing in the trap if it is "
            "the point)", location=line, evidence=tx.excerpt(written)))
    return out


# A document's own word on the day its text was current or taken: "Text current as of November 24, 2026",
# "current through", "last updated", "retrieved on", "accessed", "downloaded", "printed on". (A future
# step, "must be updated on", is no such word.)
_CURRENT_ON = re.compile(r"\b(?:(?:text|law|statute|code|excerpt|page|information|data|this\s+\w+)\s+(?:is\s+)?)?"
                         r"(?:current\s+(?:as\s+(?:of|at)|through|to)|up\s+to\s+date\s+(?:as\s+(?:of|at)|through|to)|"
                         r"last\s+(?:updated|revised|amended|checked|verified)(?:\s+on)?|(?<!be\s)(?<!been\s)"
                         r"(?:retrieved|accessed|downloaded|printed|captured|extracted)(?:\s+(?:on|at))?)\s*[:,]?\s*"
                         r"(?P<when>[^.;\n()]{4,40})", re.I)
_FUTURE_STEP = re.compile(r"\b(?:will|must|shall|should|to\s+be|needs?\s+to|is\s+due|next)\b[^.;\n]{0,30}$", re.I)


def _current_after(ctx: TaskContext, as_of: dt.date, said: set[str]) -> list[Finding]:
    """A task document that says its text was current, updated, retrieved or printed on a day after
    as_of (a statute excerpt "current as of November 24, 2026" under an as_of of November 2): the agent
    is handed text from its future, whatever the document's header says."""
    out = []
    for f in ctx.task_files:
        if not f.text or f.rel in said or f.rel.lower().endswith(_DATA):
            continue
        for m in _CURRENT_ON.finditer(f.text):
            told = tx.dates(m["when"])
            before = f.text[max(0, m.start() - 60):m.start()]
            if not told or told[0][1] > 3 or _FUTURE_STEP.search(before) or _KB_REVIEWED.search(before + m.group(0)):
                continue  # a step still to come; a knowledge-base document's review (see _kb_reviews)
            days = tx.date_readings(told[0][0])
            if not days or min(days) <= as_of:
                continue
            line = f.text.count("\n", 0, m.start()) + 1
            out.append(ctx.finding(
                ID, "major", f.rel, f"{f.rel} says \"{' '.join(m.group(0).split()).rstrip(' :,')}\", after the "
                f"as-of date {ctx.ext.as_of}: the agent is handed text from its future, and which "
                "day's law it states becomes a guess", f"give the day {f.rel} was current on or before "
                f"{ctx.ext.as_of}, or move as_of", location=line, evidence=tx.excerpt(tx.line_text(f.text, line))))
            break
    return out


def _stamped_after(ctx: TaskContext, as_of: dt.date, said: set[str]) -> list[Finding]:
    """Task documents whose own metadata says they were created after as_of (a .docx's core properties,
    a PDF's /CreationDate, a photo's EXIF): what an agent reading the file's properties sees. A note: a
    file a script generated today is stamped today, and a reader decides whether that matters. A file
    already found dated in its future by its text, or anchoring the trap on that day, is not named again."""
    out = []
    anchored, trap_dates = _exempt(ctx)
    for f in ctx.task_files:
        if f.rel in said:
            continue
        stamp = f.created
        if stamp is None or stamp.day <= as_of or (f.rel in anchored and stamp.day in trap_dates):
            continue
        made = "edited" if stamp.field == formats.REVISED else "created"
        out.append(ctx.finding(
            ID, "minor", f.rel, f"{f.rel}'s own metadata ({stamp.field}) says it was {made} on "
            f"{stamp.day.isoformat()}, after the as-of date {ctx.ext.as_of}: an agent that reads the file's "
            "properties is handed a document from its future",
            f"set the document's {'revision' if made == 'edited' else 'creation'} date on or before {ctx.ext.as_of}, "
            "or clear it", location=stamp.field, evidence=f"{stamp.field}: {stamp.day.isoformat()}"))
    return out



# A document that says what day it is as it is written: "we confirmed the references today, Thursday,
# November 12", "today (12 November 2026)", "as of today, 11/12/2026".
_TODAY_IS = re.compile(r"\b(?:today|this\s+morning|this\s+afternoon)(?:\s+is|\s*[,:(\u2014-])\s*", re.I)
TODAY_REACH = 40  # characters after the word in which its date stands
_FROM_TODAY = re.compile(r"\b(?:week|fortnight|month|year|days?|weeks?|months?)\s+(?:from\s+)?$", re.I)


def _todays_in_documents(ctx: TaskContext, as_of: dt.date, said: set[str]) -> list[Finding]:
    """A task document whose "today" is a date after as_of (a day and month with no year read in the
    year that puts it nearest as_of): it was written in the agent's future, whatever its own date
    line says. The trap's anchor files are exempt for the dates its description gives."""
    out = []
    anchored, trap_dates = _exempt(ctx)
    for f in ctx.task_files:
        if not f.text or f.rel in said or "today" not in f.text.lower() and "this " not in f.text.lower():
            continue
        for m in _TODAY_IS.finditer(f.text):
            if _FROM_TODAY.search(f.text[max(0, m.start() - 30):m.start()]):
                continue  # "a week today, on Monday 23 November": a day counted from today, not today
            after = f.text[m.end():m.end() + TODAY_REACH].split("\n", 1)[0]
            dated = [(w, tx.date_readings(w)) for w, at in tx.dates(after) if at <= 12]
            if not dated:
                dated = [(y.group(0), (dating.nearest(y, as_of),)) for y in dating.YEARLESS.finditer(after) if y.start() <= 12]
            if not dated or not all(dated[0][1]) or not all(d > as_of for d in dated[0][1]):
                continue
            written, when = dated[0][0], min(dated[0][1])
            if f.rel in anchored and when in trap_dates:
                break
            line = f.text.count("\n", 0, m.start()) + 1
            out.append(ctx.finding(
                ID, "major", f.rel, f"{f.rel}{f.where(line)} calls {written} today, after the as-of date "
                f"{ctx.ext.as_of}: the document is written from the agent's future, and which day's law applies "
                "becomes a guess", f"make {f.rel}'s today {ctx.ext.as_of} or earlier, or move as_of (and declare the "
                "timing in the trap if it is the point)", location=line, evidence=tx.line_text(f.text, line)))
            break
    return out


# A meeting told in the past tense: "On our call on November 12, Riley confirmed ...", "When we met on
# 12 November, she said ...", "At the meeting of November 12, 2026 the board approved ...".
_MEETING = (r"(?:(?:phone|video|zoom|teams|conference|intake|follow-up|kick-?off|weekly|monthly)\s+)?"
            r"(?:call|meeting|conversation|interview|discussion|chat|conference|catch-up|sit-down|talk|session|hearing)")
_RECOUNT_BEFORE = re.compile(
    rf"(?:\b(?:on|at|during|in|from)\s+(?:our|the|a|their|my|his|her|your|this|that)\s+(?:[\w-]+\s+){{0,2}}?{_MEETING}"
    r"\s+(?:(?:held\s+)?on|of|dated)\s+|\bwhen\s+(?:we|I|they|she|he|[A-Z][a-z]+)\s+(?:spoke|met|talked|called|"
    r"phoned|emailed)\s+(?:(?:with|to)\s+\w+\s+)?(?:on\s+)?|^\W{0,3}on\s+)(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+"
    r"(?:the\s+)?)?$", re.I)
_TOLD = re.compile(r"\b(?:said|confirmed|told|asked|agreed|explained|mentioned|noted|raised|indicated|reported|"
                   r"stated|gave|accepted|declined|refused|promised|requested|approved|rejected|decided|offered|"
                   r"insisted|admitted|acknowledged|disclosed|complained|threatened|resigned|signed|wanted|did)\b",
                   re.I)
YEARLESS_REACH = 45  # days after as_of (or the document's date) a day with no year may fall and still be read so
_MET_ANY = re.compile(rf"\b{_MEETING}\b|\b(?:spoke|met|talked)\b|^\W{{0,3}}on\s", re.I | re.M)


def _meetings_recounted_early(ctx: TaskContext, as_of: dt.date, said: set[str]) -> list[Finding]:
    """A task document that tells in the past tense what was said at a meeting it dates after as_of,
    or after the document's own date (a day and month with no year read in the year that puts it
    nearest as_of): the note reports a conversation that has not happened yet (one finding a file).
    The trap's anchor files are exempt for the dates its description gives."""
    out = []
    anchored, trap_dates = _exempt(ctx)
    for f in ctx.task_files:
        if not f.text or f.rel in said or f.rel.lower().endswith(_DATA) or not _MET_ANY.search(f.text):
            continue
        own = dating.document_date(f.text)
        for line, sentence in tx.sentences(f.text):
            spots = [(w, at, tx.date_readings(w), False) for w, at in tx.dates(sentence)]
            # a day with no year is read as a later one only when it is close (a past "January 15" in a
            # November note is last January's)
            spots += [(y.group(0), y.start(), (dating.nearest(y, as_of),), True) for y in dating.YEARLESS.finditer(sentence)]
            hit = None
            for written, at, readings, bare in sorted(spots, key=lambda s: s[1]):
                if not readings or not all(readings) or not _RECOUNT_BEFORE.search(sentence[:at]):
                    continue
                rest = sentence[at + len(written):]
                verb = _TOLD.search(rest[:120])
                if verb is None or _PLANNED.search(sentence[:at] + rest[:verb.start()]):
                    continue
                when = min(readings)
                limit = as_of if own is None or own[2] >= as_of else own[2]
                if when > limit and not (bare and (when - limit).days > YEARLESS_REACH) \
                        and not (f.rel in anchored and when in trap_dates):
                    hit = written, when, verb.group(0)
                    break
            if hit is None:
                continue
            written, when, verb = hit
            after = (f"after the as-of date {ctx.ext.as_of}" if when > as_of else
                     f"after the document's own date ({own[2].isoformat()})")
            out.append(ctx.finding(
                ID, "major", f.rel, f"{f.rel}{f.where(line)} tells in the past tense ({verb!r}) what happened at a "
                f"meeting it dates {written} ({when.isoformat()}), {after}: the agent is told of a conversation "
                "that has not happened yet", f"date the meeting on or before {own[2].isoformat() if own and own[2] < as_of else ctx.ext.as_of}, "
                "or tell it as planned", location=line, evidence=tx.excerpt(sentence)))
            break
    return out


# A thing told as done, right before the day it was done: "Mr. Delacroix joined Pelican Site Services on August
# 17, 2026", "she resigned effective", "we signed in".
_DID_ON = re.compile(r"\b(?:joined|left|resigned|quit|started|began|signed|countersigned|moved|relocated|transferred|"
                     r"retired|departed|opened|launched|called|met|emailed|e-mailed|wrote|sent|filed|sued|settled|closed|"
                     r"accepted|received|terminated|fired|hired|promoted|paid|visited|announced|completed)\b"
                     r"[^.;:!?\n]{0,50}?\b(?:on|in|as\s+of|effective)\s+$", re.I)


# A version a document names by the day it was made, the date right after the word: "form revised
# 2023-01-15", "the handbook updated on March 3, 2026", "a letter dated May 2, 2026".
_MADE_ON = re.compile(r"\b(?:revised|amended|updated|approved|adopted|issued|published|dated|reviewed|executed)\s+"
                      r"(?:on\s+)?$", re.I)


def _told_before_it_happened(ctx: TaskContext, as_of: dt.date, said: set[str]) -> list[Finding]:
    """A dated task document that tells as done what it dates after its own date ("Mr. Delacroix
    joined Pelican Site Services on August 17, 2026" in a memo of June 30, 2026): it reports what had
    not happened when it was written. The trap's anchor files are exempt for the dates its
    description gives; one finding a file."""
    out = []
    anchored, trap_dates = _exempt(ctx)
    for f in ctx.task_files:
        if not f.text or f.rel in said or f.rel.lower().endswith(_DATA):
            continue
        own = dating.document_date(f.text)
        if own is None or own[2] > as_of:
            continue
        for line, sentence in tx.sentences(f.text):
            if line <= own[0]:
                continue  # the header that dates it
            hit = None
            for written, at in tx.dates(sentence):
                readings = tx.date_readings(written)
                before = sentence[:at]
                did = _DID_ON.search(before) or _MADE_ON.search(before)
                if not readings or min(readings) <= own[2] or not did or _PLANNED.search(before) \
                        or f.rel in anchored and min(readings) in trap_dates:
                    continue
                hit = written, min(readings), did.group(0).split()[0]
                break
            if hit is None:
                continue
            written, when, verb = hit
            out.append(ctx.finding(
                ID, "major", f.rel, f"{f.rel}{f.where(line)} is dated {own[2].isoformat()} but tells as done ({verb!r}) "
                f"what it dates {written} ({when.isoformat()}), after it was written: the documents' dates no longer "
                "tell one story", f"date the event on or before {own[2].isoformat()}, or date {f.rel} after it",
                location=line, evidence=tx.excerpt(sentence)))
            break
    return out


# A record that something has happened: a status cell ("Done", "Signed") or a verb in the past.
_DONE_WORDS = r"done|completed?|finished|closed|signed|countersigned|sent|accepted|executed|delivered|received|filed"
_DONE_CELL = re.compile(rf"^\W{{0,3}}(?:{_DONE_WORDS})\W{{0,3}}$", re.I)
_DONE_VERB = re.compile(r"\b(?:was|were|has\s+been|have\s+been|had\s+been)\s+(?:signed|countersigned|sent|accepted|"
                        r"executed|delivered|received|filed|returned|issued|given|completed|finished|closed|"
                        r"concluded|paid)\b", re.I)
# A done word right before the date it gives: "Onboarding status: completed on October 28, 2026".
_DONE_ON = re.compile(rf"\b(?:{_DONE_WORDS}|returned|issued|given)\s*(?:(?:on|at)\s+)?$", re.I)
# A plan, not a record: what is due, scheduled or yet to happen.
_PLANNED = re.compile(r"\b(?:will|shall|to\s+be|due|scheduled|planned|expected|target\w*|pending|upcoming|next|"
                      r"no\s+later|deadline|proposed|tentative\w*|not\s+yet|awaiting|open|to\s+do|todo)\b",
                      re.I)
_DONE_ANY = re.compile(rf"\b(?:{_DONE_WORDS}|returned|issued|given)\b", re.I)  # a file without any is skipped
# A stamp that a step was done, as task lists and trackers write it: Org mode's "CLOSED: [2026-11-16 Mon
# 17:40]", "Completed: 2026-11-16", "Done on: …".
_DONE_STAMP = re.compile(rf"^\W{{0,3}}(?:{_DONE_WORDS}|resolved)(?:\s+(?:on|at))?\s*[:\uff1a]", re.I)
# ... and as a tag on the line (TaskPaper's "@done(2026-11-23)").
_DONE_TAG = re.compile(r"@(?:done|completed|finished|closed)\(", re.I)
_CELLS = re.compile(r"\t|\s*\|\s*|,(?=\S)")
# A time sheet's or an activity log's header row: a date column beside the hours spent or the work done.
_LOG_HEADER = re.compile(r"^\W{0,3}(?:date|day|work\s+date)\b.*\b(?:hours|hrs|time\s+spent|duration|billable|units|"
                         r"narrative|time\s+billed|activity\s+performed)\b", re.I)


def _done_in_the_future(ctx: TaskContext, as_of: dt.date) -> list[Finding]:
    """A line of a task document (a tracker row, a status report) that records as done an event it
    dates after as_of: the agent is told of something that has not happened yet (one finding a file)."""
    out = []
    anchored = _anchored(ctx)
    for f in ctx.task_files:
        if not f.text or f.rel.lower().endswith(_DATA) or f.rel in anchored or \
                not (_DONE_ANY.search(f.text) or _LOG_HEADER.search(f.text[:2000])):
            continue
        logged = False  # under a time sheet's header: every row is work done
        header: list[str] = []  # a table's header row, when a column of it names a thing done ("Offer sent")
        for number, line in enumerate(f.text.splitlines(), 1):
            if number <= 5 and _LOG_HEADER.search(line) and len(_CELLS.split(line)) >= 3:
                logged = True
                continue
            cells = [c.strip() for c in _CELLS.split(line)]
            if len(cells) >= 2 and not tx.dates(line) and any(_DONE_ANY.search(c) and not _PLANNED.search(c)
                                                              for c in cells):
                header = cells
                continue
            recorded = _done_column(header, cells, as_of) or _done_row(line, cells, as_of, logged)
            if recorded is None:
                continue
            done, when = recorded
            out.append(ctx.finding(
                ID, "major", f.rel, f"{f.rel}{f.where(number)} records as done ({done!r}) something it dates "
                f"{_show(when)}, after the as-of date {ctx.ext.as_of}: the agent is told of an event that has not "
                "happened yet", f"date the event on or before {ctx.ext.as_of}, or record it as planned",
                location=number, evidence=tx.excerpt(line.strip())))
            break
    return out


def _done_row(line: str, cells: list[str], as_of: dt.date,
              logged: bool) -> tuple[str, tuple[dt.date, ...]] | None:
    """What a line says was done ("Done", "was signed", "Completed:", a time sheet's row) and the date
    after as_of it gives it; None for a plan or a line with no such date."""
    if not line.strip() or _PLANNED.search(line):
        return None
    readings = [(tx.date_readings(w), at) for w, at in tx.dates(line)]
    later = [r for r, _ in readings if r and r[0] > as_of]
    if not later:
        return None
    on = next((m for r, at in readings if r and r[0] > as_of for m in [_DONE_ON.search(line[:at])] if m), None)
    done = next((c for c in cells if _DONE_CELL.match(c)), None) if len(cells) > 1 else None
    stamp = _DONE_STAMP.match(line.strip()) or _DONE_TAG.search(line)
    done = done or (stamp.group(0).strip(" :\uff1a(") if stamp else None)
    verb = _DONE_VERB.search(line) or on
    if logged and done is None and verb is None and readings and readings[0][1] <= 2:
        done = "a time entry"  # a time sheet's row starts with the day the work was done
    if done is None and verb is None:
        return None
    return (done or verb.group(0)).strip(), later[0]


def _done_column(header: list[str], cells: list[str], as_of: dt.date) -> tuple[str, tuple[dt.date, ...]] | None:
    """The header of a column that names a thing done ("Offer sent", "Date signed") and the date a row
    gives in it, when that date is after as_of (every reading of it)."""
    if len(header) != len(cells):
        return None
    for name, cell in zip(header, cells):
        if not _DONE_ANY.search(name) or _PLANNED.search(name):
            continue
        found = tx.dates(cell)
        readings = tx.date_readings(found[0][0]) if len(found) == 1 else ()
        if readings and min(readings) > as_of:
            return name, readings
    return None


# A data file's record of an event ({"type": "signed", "timestamp": 1793030883000}): the key that says
# what happened, and keys that say when.
_STATE_KEYS = {"type", "status", "event", "action", "state", "kind", "activity", "step", "name", "eventtype"}
_TIME_KEY = re.compile(r"(?:^|[_\W])(?:time|timestamp|ts|date|datetime|when|at|on)$|(?<=[a-z])(?:At|On|Time|Date|"
                       r"Timestamp|DateTime)$|^(?:time|timestamp|ts|date|datetime|when)", re.I)


def _data_done_in_the_future(ctx: TaskContext, as_of: dt.date) -> list[Finding]:
    """A JSON or YAML record of an event done (an e-signature trail's "completed", a ticket's "closed")
    that it dates after as_of, in ISO dates or Unix time (one finding a file)."""
    out = []
    anchored = _anchored(ctx)
    for f in ctx.task_files:
        if not f.text or not f.rel.lower().endswith(datafiles.DATA_FORMATS) or f.rel in anchored or not _DONE_ANY.search(f.text):
            continue
        for node in datafiles.mappings(f.rel, f.own_text):
            done = next((v for k, v in node.items() if str(k).casefold().replace("_", "") in _STATE_KEYS
                         and isinstance(v, str) and _DONE_CELL.match(v)), None)
            if done is None:
                continue
            later = [(k, v, when) for k, v in node.items() if isinstance(k, str) and _TIME_KEY.search(k)
                     for when in [dating.epoch_day(v) or (dating.as_date(v) if isinstance(v, str) else None)]
                     if when and when > as_of]
            if not later:
                continue
            key, value, when = later[0]
            at = f.text.find(str(value))
            out.append(ctx.finding(
                ID, "major", f.rel, f"{f.rel} records as done ({done!r}) something it dates {when.isoformat()} "
                f"({key}: {value}), after the as-of date {ctx.ext.as_of}: the agent is told of an event that has "
                "not happened yet", f"date the event on or before {ctx.ext.as_of}, or record it as planned",
                location=f.text.count("\n", 0, at) + 1 if at >= 0 else None, evidence=f"{done}, {key}: {value}"))
            break
    return out


# Two capitalised words in a row: a person or a place ("Sasha Lindgren", "San Jose").
_NAMES = re.compile(r"\b[A-Z][a-z]+\s+[A-Z][a-z]+\b")
_NOT_NAMES = re.compile(r"\b(?:January|February|March|April|May|June|July|August|September|October|November|"
                        r"December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|The|Start|Date)\b")


def _names(sentence: str) -> set[str]:
    return {n for n in _NAMES.findall(sentence) if not _NOT_NAMES.search(n)}


def _document_conflicts(ctx: TaskContext, heard: list) -> list[Finding]:
    """Two task documents that give one upcoming event two dates ("joins us on October 19" in the
    client's email, "Start date: October 26, 2026" in the hire details). Minor: two documents may
    speak of two people, which only names in both sentences rule out."""
    out, seen = [], set()
    for k, (event, what, said, sentence, where) in enumerate(heard):
        for other, other_what, when, other_sentence, there in heard[k + 1:]:
            if other != event or there == where or not other_what & what or set(said) & set(when) \
                    or (event, where, there) in seen:
                continue
            names, other_names = _names(sentence), _names(other_sentence)
            if names and other_names and not names & other_names:
                continue
            seen.add((event, where, there))
            out.append(ctx.finding(
                ID, "minor", where, f"the {event} date of the {' and '.join(sorted(other_what & what))} is "
                f"{_show(said)} in {where} but {_show(when)} in {there}: the task's documents tell two stories",
                f"give the {event} date once, the same in every document", evidence=f"{tx.excerpt(sentence, 90)} | "
                f"{tx.excerpt(other_sentence, 90)}"))
    return out


def _show(readings: tuple[dt.date, ...]) -> str:
    if len(readings) > 2:  # a month with no day
        return readings[0].strftime("%B %Y")
    return " or ".join(d.isoformat() for d in readings)


TRAP_DESCRIPTION = "$.oafreeze.trap.description"


# An event told as still to come: a verb in the present or the future ("signs", "will start", "is due to").
_TO_COME = re.compile(r"\b(?:signs|countersigns|starts|begins|joins|receives|returns|delivers|sends|will|shall|"
                      r"(?:is|are)\s+(?:signing|starting|joining|due|to|set\s+to|scheduled|expected))\b", re.I)


def _document_events(text: str, as_of: dt.date) -> list:
    """The events a document dates; a day it names relative to its own date ("the offer goes out this Friday"
    in an e-mail of Monday, November 9) is read from that date."""
    dated = dating.document_date(text)
    if dated is None:
        return events.event_dates(text, as_of)
    return events.event_dates(text, dated[2], relative=True)


def _less_forbidden(match_criteria: str) -> str:
    """A criterion with the dates its FAIL clause fails the output for giving blanked out: "FAIL if it requires
    signature by November 11, 2026" names the wrong day on purpose, not the day of the signing."""
    fail = cr.clauses(match_criteria)[1]
    at = match_criteria.rfind(fail) if fail else -1
    if at < 0:
        return match_criteria
    out = match_criteria
    for lit in cr.read_clause(fail, fail=True).forbidden:
        if lit.kind == "date":
            start, stop = at + lit.offset, at + lit.stop
            out = out[:start] + " " * (stop - start) + out[stop:]
    return out


def _event_conflicts(ctx: TaskContext, as_of: dt.date) -> list[Finding]:
    """The instructions, a criterion or a task document giving one upcoming event two dates (major when
    task.json is one of the two; two documents against each other are a note)."""
    told = [(event, what, when, sentence, "$.instructions")
            for event, what, when, sentence in events.event_dates(ctx.task.instructions, as_of, relative=True)]
    for i, c in enumerate(ctx.task.criteria):
        told += [(event, what, when, sentence, f"$.criteria[{i}].match_criteria")
                 for event, what, when, sentence in events.event_dates(_less_forbidden(c.match_criteria), as_of)]
    # What task.json says elsewhere of the matter: a deliverable's description, the trap's.
    for name, description in ctx.task.deliverables.items():
        told += [(event, what, when, sentence, f"$.deliverables[{json.dumps(name)}]")
                 for event, what, when, sentence in events.event_dates(description or "", as_of)]
    if ctx.ext.trap and ctx.ext.trap.description:
        told += [(event, what, when, sentence, TRAP_DESCRIPTION)
                 for event, what, when, sentence in events.event_dates(ctx.ext.trap.description, as_of)]
    # The title, often the only place a month is given for the event ("an Illinois hire who signs in
    # January 2027"): a month there is every day of it.
    told += [(event, what, when, sentence, "$.title")
             for event, what, when, sentence in events.event_dates(ctx.task.title, as_of, months=True)]
    # A past date is history, not the event (a month is past when its last day is), unless another
    # source dates the same event as upcoming: "Sasha signs on the start date, October 26, 2025" in the
    # instructions against a start of October 26, 2026 in the hire details is one event dated twice.
    def past(when: tuple[dt.date, ...]) -> bool:
        return when[-1 if len(when) > 2 else 0] < as_of

    # (a dated document's "this Friday" or "tomorrow" counts from its own date)
    heard = [(event, what, when, sentence, f.rel) for f in ctx.task_files if f.text
             for event, what, when, sentence in _document_events(f.text, as_of) if when[0] >= as_of]
    out = _document_conflicts(ctx, heard)
    if not told:
        return out
    seen = set()
    for k, (event, what, said, said_sentence, where) in enumerate(told):
        # each pair once: what task.json says against what it says later and what every document says
        for other, other_what, when, sentence, there in told[k + 1:] + heard:
            # a numeric date that reads two ways conflicts only when no reading of it agrees
            if other != event or not other_what & what or set(said) & set(when) or there == where:
                continue
            # a past date counts only in a sentence that tells the event as still to come ("Sasha signs
            # on the start date, October 26, 2025"); "the first offer's start date was ..." is history
            if past(said) and (past(when) or not _TO_COME.search(said_sentence)) \
                    or past(when) and not _TO_COME.search(sentence):
                continue
            if (event, where, there) in seen:
                continue
            seen.add((event, where, there))
            # A trap's description may name the date the trap tempts the agent to use: a note.
            trap_said = TRAP_DESCRIPTION in (where, there)
            out.append(ctx.finding(
                ID, "minor" if trap_said else "major", "task.json",
                f"the {event} date of the {' and '.join(sorted(other_what & what))} is {_show(said)} in {where} but "
                f"{_show(when)} in {there}: the "
                "agent and the judge may work from different dates, and the law that applies can differ",
                f"give the {event} date once, the same everywhere", location=where,
                evidence=f"{tx.excerpt(said_sentence, 90)} | {tx.excerpt(sentence, 90)}"))
    return out


def _start_before_the_offer(ctx: TaskContext, as_of: dt.date) -> list[Finding]:
    """A start of work dated before as_of in a task whose offer still goes out on or after it ("Offer to
    be delivered: November 16, 2026" and "Start date: December 7, 2025"): a hire cannot start before
    the offer is made, so one of the two dates slipped (most often the year). A note: a promotion
    offer to someone already at work may give the day they first joined."""
    sources = [("$.instructions", "task.json", events.event_dates(ctx.task.instructions, as_of, relative=True))]
    sources += [(f.rel, f.rel, events.event_dates(f.text, as_of)) for f in ctx.task_files if f.text]
    offers = [(when, sentence, where) for where, _, found in sources for event, what, when, sentence in found
              if event in ("delivery", "signing") and "offer" in what and when[0] >= as_of]
    if not offers:
        return []
    first_offer = min(offers)
    out, seen = [], set()
    for where, path, found in sources:
        for event, _, when, sentence in found:
            if event != "start" or max(when) >= as_of or _TO_COME_NOT.search(sentence) or (path, when) in seen:
                continue
            seen.add((path, when))
            out.append(ctx.finding(
                ID, "minor", path,
                f"the start of work is dated {_show(when)} in {where}, before as_of {ctx.ext.as_of}, while the offer "
                f"goes out on {_show(first_offer[0])} in {first_offer[2]}: a hire starts after the offer, so one of "
                "the dates (often the year) slipped", "check the start date's year against the offer's",
                location=where if where.startswith("$") else None,
                evidence=f"{tx.excerpt(sentence, 90)} | {tx.excerpt(first_offer[1], 90)}"))
    return out


# The last day an offer can be accepted: "Offer expires: November 6, 2026", "open until", "accept by".
_EXPIRES = re.compile(r"\b(?:expires?|expiry(?:\s+date)?|expiration(?:\s+date)?|valid\s+(?:until|through)|open\s+"
                      r"(?:until|through)|lapses?|deadline\s+(?:to|for)\s+accept\w*|accept(?:ed|ance)?\s+(?:by|no\s+later"
                      r"\s+than|deadline))\b(?:\s*(?:on|at|:|-))?\s*$", re.I)


def _expires_before_delivery(ctx: TaskContext, as_of: dt.date) -> list[Finding]:
    """An offer whose last day to accept comes before the day the task says it goes out ("Offer
    expires: November 6, 2026" against "Offer to be delivered: November 16, 2026"): it lapses before
    the worker sees it, so the dates tell two stories."""
    texts = [("$.instructions", ctx.task.instructions)] + [(f.rel, f.text) for f in ctx.task_files if f.text]
    deliveries = [(when, sentence, where) for where, text in texts
                  for event, what, when, sentence in events.event_dates(text, as_of)
                  if event == "delivery" and "offer" in what and min(when) >= as_of]
    if not deliveries:
        return []
    sent = min(deliveries)
    for where, text in texts:
        for line, sentence in tx.sentences(text):
            if "offer" not in sentence.lower() and "accept" not in sentence.lower():
                continue
            for written, at in tx.dates(sentence):
                days = tx.date_readings(written)
                if days and max(days) < min(sent[0]) and _EXPIRES.search(sentence[:at][-40:]):
                    path = "task.json" if where.startswith("$") else where
                    return [ctx.finding(
                        ID, "major", path, f"the offer expires on {written} in {where}, before it is delivered on "
                        f"{_show(sent[0])} in {sent[2]}: it lapses before the worker sees it, so the dates tell two "
                        "stories", "give the offer a last day to accept after the day it goes out",
                        location=where if where.startswith("$") else line,
                        evidence=f"{tx.excerpt(sentence, 90)} | {tx.excerpt(sent[1], 90)}")]
    return []


# A start told as history: "started with us in 2019", "has worked here since".
_TO_COME_NOT = re.compile(r"\b(?:started|joined|began|commenced|has\s+(?:worked|been)|since|originally|"
                          r"hired\s+(?:on|in))\b", re.I)


# Instructions that fix today by an event rather than a date ("today is the day Sasha signs", "work as of
# Jordan's first day", "assume it is the signing date"): today is then whatever day the task gives that
# event, and it must be as_of. A day counted from the event ("the day before signing") is not the event's.
_TODAY_AT = re.compile(r"\b(?:today\s+is|it\s+is\s+now|the\s+(?:current|present)\s+date\s+is|"
                       r"(?:work|write|act|advise|proceed|draft)(?:ing)?\s+as\s+(?:of|at|on)|"
                       r"assume\s+(?:that\s+)?(?:it\s+is|today\s+is|the\s+date\s+is|you\s+are\s+(?:writing|working)\s+on))"
                       r"\s+(?P<rest>[^.;!?]{3,90})", re.I)
_COUNTED = re.compile(r"\b(?:before|after|ahead|prior|eve|following|preceding|until|since|weeks?|days?\s+(?:before|"
                      r"after|from)|months?)\b", re.I)


def _today_at_an_event(ctx: TaskContext, as_of: dt.date) -> list[Finding]:
    """The instructions call today the day of an event the task dates elsewhere, on a day that is not as_of."""
    out = []
    for _line, sentence in tx.sentences(ctx.task.instructions):
        for m in _TODAY_AT.finditer(sentence):
            rest = m.group("rest")
            if tx.dates(rest) or _COUNTED.search(rest):
                continue  # a date given outright is checked above; a day counted from the event is another day
            named = [name for name, pattern in events.EVENTS.items() if pattern.search(rest)]
            # a delivery is one only of what the sentence says goes ("send everything with the offer"): the
            # task dates the deliveries of several things
            sent = events.things(rest) if named == ["delivery"] else None
            named = [name for name in named if name != "delivery"] or (named if sent else [])
            if not named:
                continue
            event = named[0]
            dated = [(when, where, said) for where, text in _dated_sources(ctx)
                     for name, what, when, said in events.event_dates(text, as_of)
                     if name == event and (sent is None or what & sent)]
            if not dated or any(as_of in when for when, _where, _said in dated):
                continue
            when, where, said = dated[0]
            out.append(ctx.finding(
                ID, "major", "task.json",
                f"the instructions make today the day of the {event} ({tx.excerpt(m.group(0), 70)}), which {where} "
                f"dates {_show(when)}, but as_of is {ctx.ext.as_of}: the agent works on one day and the criteria "
                "judge on another", "give today as a date equal to oafreeze.as_of, or move as_of to the event's day",
                location="$.instructions", evidence=f"{tx.excerpt(sentence, 90)} | {tx.excerpt(said, 90)}"))
            break
    return out


def _dated_sources(ctx: TaskContext):
    """Where the task dates its events: the rest of task.json, then each of the task's own documents."""
    yield "$.instructions", ctx.task.instructions
    for i, c in enumerate(ctx.task.criteria):
        yield f"$.criteria[{i}].match_criteria", c.match_criteria
    for f in ctx.task_files:
        if f.text:
            yield f.rel, f.text
