"""Calendar entries (.ics, RFC 5545, and .vcs, its vCalendar 1.0 forerunner) and contact cards (.vcf,
RFC 6350) as a person reads them.

Both formats are "content lines": `NAME;PARAM=...:VALUE`, folded at 75 octets (a line that
starts with a space or a tab continues the one before), with text values escaped (`\\n`,
`\\,`, `\\;`, `\\\\`). Read as plain text, a folded line cuts a word, a telephone number or
an address in two, and a date is `20261124T231500Z`. Here every line is unfolded and
unescaped, dates are written as dates (`2026-11-24 23:15 UTC`), and each entry reads as a
calendar shows it: `Event: 2026-11-23: <summary>`, then the stamps of its own history latest
first (completed, last modified, created), then its fields. Time-zone definitions
(VTIMEZONE, whose 1970 dates are rules, not events) are left out. Nothing is followed or
fetched; a line that is not a content line is kept as it is.
"""

from __future__ import annotations

import quopri
import re

# Field names as a person would label them; other names are kept as written (X-... too).
LABELS = {
    "SUMMARY": "Summary", "DESCRIPTION": "Description", "LOCATION": "Location", "COMMENT": "Comment",
    "DTSTART": "Start", "DTEND": "End", "DUE": "Due", "COMPLETED": "Completed", "CREATED": "Created",
    "LAST-MODIFIED": "Last modified", "DTSTAMP": "Stamped", "RECURRENCE-ID": "Occurrence", "RRULE": "Repeats",
    "ORGANIZER": "Organizer", "ATTENDEE": "Attendee", "STATUS": "Status", "URL": "URL", "CATEGORIES": "Categories",
    "FN": "Name", "N": "Structured name", "ORG": "Organization", "TITLE": "Title", "ROLE": "Role", "EMAIL": "Email",
    "TEL": "Phone", "ADR": "Address", "BDAY": "Birthday", "ANNIVERSARY": "Anniversary", "NOTE": "Note",
    "REV": "Revised", "NICKNAME": "Nickname",
}
# Lines that say only how the file is made.
_SKIP = {"VERSION", "PRODID", "CALSCALE", "METHOD", "UID", "SEQUENCE", "TRANSP", "CLASS", "PRIORITY"}
_DATE_FIELDS = {"DTSTART", "DTEND", "DUE", "COMPLETED", "CREATED", "LAST-MODIFIED", "DTSTAMP", "RECURRENCE-ID",
                "BDAY", "ANNIVERSARY", "REV", "EXDATE", "RDATE"}
_LINE = re.compile(r"(?P<name>[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)?)(?P<params>(?:;[^:]*)?):(?P<value>.*)")
_STAMP = re.compile(r"(?P<y>\d{4})-?(?P<m>\d{2})-?(?P<d>\d{2})(?:T(?P<H>\d{2}):?(?P<M>\d{2}):?\d{2}(?P<z>Z)?)?$")
_QP = re.compile(r";(?:ENCODING=)?QUOTED-PRINTABLE\b", re.I)
# The stamps a calendar keeps of an entry's own history, latest first: what was done last, when it
# was last changed, when it was made (a document is never older than the latest of them).
_HISTORY = ("COMPLETED", "LAST-MODIFIED", "CREATED")
_PARAM_VALUE = re.compile(r";(?:CN|TZID)=(\"[^\"]*\"|[^;:]*)", re.I)


def unfold(text: str) -> list[str]:
    """The content lines of `text`, each folded line joined to the one it continues (and, for a
    quoted-printable value of vCard 2.1, each line ending in a soft break "=" to the next).
    Pieces are gathered and joined once: a line folded a million times costs a million steps."""
    lines: list[list[str]] = []
    soft = False
    for line in text.splitlines():
        if lines and (soft or line[:1] in (" ", "\t")):
            lines[-1].append(line if soft else line[1:])
        else:
            lines.append([line])
        last = lines[-1]
        soft = last[-1].endswith("=") and _QP.search(last[0].split(":", 1)[0]) is not None
        if soft:
            last[-1] = last[-1][:-1]
    return ["".join(pieces) for pieces in lines]


def _quoted_printable(value: str, params: str) -> str:
    """A vCard 2.1 value encoded quoted-printable (=0D=0A, =C3=A9), decoded in its CHARSET."""
    charset = re.search(r";CHARSET=([\w-]+)", params, re.I)
    raw = quopri.decodestring(value.encode("ascii", "replace"))
    try:
        return raw.decode(charset.group(1) if charset else "utf-8", "replace").replace("\r\n", "\n")
    except LookupError:  # an unknown charset
        return raw.decode("utf-8", "replace").replace("\r\n", "\n")


def unescape(value: str) -> str:
    """A TEXT value as written: `\\n` a new line, `\\,` `\\;` `\\\\` themselves."""
    return re.sub(r"\\([nN,;\\:])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), value)


def _when(value: str) -> str:
    """`20261124T231500Z` as `2026-11-24 23:15 UTC`; several (EXDATE) joined; anything else as written."""
    out = []
    for one in value.split(","):
        m = _STAMP.match(one.strip())
        if not m:
            return value
        when = f"{m['y']}-{m['m']}-{m['d']}"
        if m["H"]:
            when += f" {m['H']}:{m['M']}" + (" UTC" if m["z"] else "")
        out.append(when)
    return ", ".join(out)


def read(text: str) -> str:
    """The entries of an .ics or .vcf text, one field a line, as a calendar or address book shows them."""
    out: list[str] = []
    skipping = 0  # inside a time-zone definition
    entry: dict | None = None  # the entry being read: where its lines start, its day and its title
    for line in unfold(text):
        m = _LINE.fullmatch(line)
        if m is None:
            if line.strip():
                out.append(line)
            continue
        name = m["name"].upper().rsplit(".", 1)[-1]  # vCard groups: item1.TEL
        value = m["value"]
        if name == "BEGIN":
            kind = value.strip().upper()
            if kind == "VTIMEZONE" or skipping:
                skipping += 1
            elif kind in ("VEVENT", "VTODO", "VJOURNAL", "VCARD"):
                out.append("")
                entry = {"kind": kind, "at": len(out), "day": "", "title": "", "history": {}}
            continue
        if name == "END":
            if skipping:
                skipping -= 1
            elif entry is not None and value.strip().upper() == entry["kind"]:
                # The heading a calendar or an address book shows: the day, then what it is.
                heading = {"VCARD": "Contact", "VTODO": "To do", "VJOURNAL": "Journal"}.get(entry["kind"], "Event")
                shown = ": ".join(part for part in (entry["day"], entry["title"]) if part)
                out[entry["at"]:entry["at"]] = ([f"{heading}: {shown}"] if shown else []) + [
                    entry["history"][name] for name in _HISTORY if name in entry["history"]]
                entry = None
            continue
        if skipping or name in _SKIP:
            continue
        label = LABELS.get(name, m["name"])
        params = ", ".join(unescape(p.strip('"')) for p in _PARAM_VALUE.findall(m["params"]))
        if _QP.search(m["params"]):
            value = _quoted_printable(value, m["params"])
        shown = _when(value) if name in _DATE_FIELDS else unescape(value)
        if name in ("ORGANIZER", "ATTENDEE", "EMAIL", "URL"):
            shown = re.sub(r"^mailto:", "", shown, flags=re.I)
        if name in ("N", "ADR", "ORG"):
            shown = " ".join(part for part in shown.split(";") if part.strip())
        if entry is not None and name in ("DTSTART", "DUE") and not entry["day"]:
            entry["day"] = shown
        elif entry is not None and name in ("SUMMARY", "FN"):
            entry["title"] = shown.replace("\n", " ")
        if entry is not None and name in _HISTORY:
            entry["history"][name] = f"{label}: {shown}"
            continue
        lines = shown.split("\n")
        if params:
            lines[0] = f"{params} <{lines[0]}>" if name in ("ORGANIZER", "ATTENDEE") else f"{lines[0]} ({params})"
        out.append(f"{label}: {lines[0]}")
        out += lines[1:]
    return "\n".join(out).strip("\n")
