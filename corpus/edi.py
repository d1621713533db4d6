"""Interchange files as a person reads them: ANSI X12 (a benefit enrolment 834, a claim 837, a remittance
835, ...) and NACHA ACH files (a payroll's direct deposits).

An X12 file is one line of segments: `NM1*IL*1*Ellery*Jordan****34*412739856~`. What a value is
lives in a qualifier beside it (34 in NM1 says the number is a Social Security number; D8 in DMG
that a date of birth follows), so read as plain text it is digits with no label, and the number
passes for any number. Here each segment of the kinds that carry a person's data is written with
its labels ("Name: Jordan Ellery; Social Security number: 412739856", "Date of birth:
1991-03-14"); every other segment is kept as written. The separators are the interchange's own,
read from its ISA header (fixed width: the element separator is its 4th character, the component
separator its 105th, the segment terminator its 106th). A text that does not open with an ISA
header is returned as it is.

A LEDES 1998B file (a law firm's e-billing invoice, usually saved as .txt) is pipe-separated records ended
by "[]", the field names in its second record: read as the invoice's date first ("Date: 2026-11-30", as
a document's header gives it) and then each record with its fields named and its dates (YYYYMMDD) written
as dates.

A NACHA file is fixed-width records of 94 characters, what a field is given by its place alone:
an entry's columns 40-54 hold the individual identification number, which payroll files fill with
the employee's Social Security number or employee number. Each entry is read with its fields
labelled ("Entry: name: ...; bank account number: ...; individual identification number (SSN or
employee number): ..."); other records are kept as written.
"""

from __future__ import annotations

import re

ISA_WIDTH = 106
# NM108, the qualifier of the identifier in NM109.
_ID_QUALIFIERS = {"34": "Social Security number", "MI": "member identification number", "II": "standard unique "
                  "health identifier", "24": "employer identification number", "FI": "federal taxpayer identification "
                  "number", "XX": "national provider identifier", "ZZ": "identifier (mutually defined)"}
# REF01, the kind of reference number in REF02.
_REF_QUALIFIERS = {"0F": "subscriber number", "SY": "Social Security number", "1L": "group or policy number",
                   "F6": "health insurance claim number", "ABB": "personal identification number",
                   "23": "client number", "3H": "case number", "DX": "department", "17": "client reporting category",
                   "6O": "cross reference number", "Q4": "prior identifier number", "ZZ": "reference (mutually defined)"}
# NM101, who the name is.
_ENTITIES = {"IL": "insured or subscriber", "QD": "responsible party", "74": "corrected insured", "S3": "custodial "
             "parent", "31": "postal mailing address", "70": "prior incorrect insured", "QC": "patient",
             "85": "billing provider", "PR": "payer", "41": "submitter", "40": "receiver"}
# DTP01, what the date is of.
_DATES = {"356": "eligibility begin", "357": "eligibility end", "348": "benefit begin", "349": "benefit end",
          "303": "maintenance effective", "336": "employment begin", "337": "employment end", "338": "Medicare "
          "begin", "382": "enrollment", "286": "retirement", "472": "service", "050": "received", "007": "effective"}
# PER's communication qualifiers.
_CONTACTS = {"TE": "phone", "HP": "home phone", "WP": "work phone", "CP": "cell phone", "EM": "email", "FX": "fax"}
_CCYYMMDD = re.compile(r"(\d{4})(\d{2})(\d{2})$")


def is_x12(text: str) -> bool:
    """Whether a text opens with an X12 interchange header."""
    head = text.lstrip("\ufeff \t\r\n")
    return head.startswith("ISA") and len(head) >= ISA_WIDTH and not head[3].isalnum()


def read(text: str) -> str:
    """The interchange one segment a line, the segments that carry a person's data written with their labels."""
    if not is_x12(text):
        return text
    head = text.lstrip("\ufeff \t\r\n")
    element, terminator = head[3], head[ISA_WIDTH - 1]
    if terminator.isalnum() or terminator == element:
        return text
    lines = []
    for raw in head.split(terminator):
        segment = raw.strip()
        if segment:
            lines.append(_segment(segment.split(element)) or segment)
    return "\n".join(lines) + "\n"


def _day(value: str) -> str:
    m = _CCYYMMDD.match(value.strip())
    return f"{m[1]}-{m[2]}-{m[3]}" if m else value


def _at(elements: list[str], i: int) -> str:
    return elements[i].strip() if len(elements) > i else ""


def _segment(e: list[str]) -> str | None:
    """A segment that carries a person's data, labelled; None for any other."""
    tag = e[0].upper()
    if tag == "NM1":
        who = _ENTITIES.get(_at(e, 1), _at(e, 1))
        name = " ".join(p for p in (_at(e, 4), _at(e, 5), _at(e, 3)) if p)
        parts = [f"Name ({who}): {name}"] if name else []
        if _at(e, 9):
            parts.append(f"{_ID_QUALIFIERS.get(_at(e, 8), 'identifier ' + _at(e, 8))}: {_at(e, 9)}")
        return "; ".join(parts) or None
    if tag == "REF" and _at(e, 2):
        return f"{_REF_QUALIFIERS.get(_at(e, 1), 'reference ' + _at(e, 1))}: {_at(e, 2)}"
    if tag == "DMG" and _at(e, 2):
        out = f"Date of birth: {_day(_at(e, 2)) if _at(e, 1) == 'D8' else _at(e, 2)}"
        return out + (f"; gender: {_at(e, 3)}" if _at(e, 3) else "")
    if tag == "DTP" and _at(e, 3):
        return f"Date ({_DATES.get(_at(e, 1), _at(e, 1))}): {_day(_at(e, 3)) if _at(e, 2) == 'D8' else _at(e, 3)}"
    if tag == "PER":
        parts = [f"Contact: {_at(e, 2)}"] if _at(e, 2) else []
        for i in (3, 5, 7):
            if _at(e, i + 1):
                parts.append(f"{_CONTACTS.get(_at(e, i), _at(e, i))}: {_at(e, i + 1)}")
        return "; ".join(parts) or None
    if tag in ("N3", "N4"):
        parts = ", ".join(p.strip() for p in (e[1:] if tag == "N3" else e[1:4]) if p.strip())
        return f"{'Address' if tag == 'N3' else 'City, state, postal code'}: {parts}" if parts else None
    return None


NACHA_WIDTH = 94


def is_nacha(text: str) -> bool:
    """Whether a text opens with a NACHA file header record."""
    first = text.lstrip("\ufeff").split("\n", 1)[0].rstrip("\r")
    return first.startswith("101") and len(first) == NACHA_WIDTH


def nacha(text: str) -> str:
    """A NACHA ACH file a record a line, each entry's fields labelled."""
    if not is_nacha(text):
        return text
    lines = []
    for record in text.lstrip("\ufeff").splitlines():
        if record[:1] == "6" and len(record.rstrip()) >= 54:
            amount = record[29:39].strip()
            fields = [("name", record[54:76]), ("bank routing number", record[3:12]),
                      ("bank account number", record[12:29]),
                      ("amount", f"{int(amount) / 100:.2f}" if amount.isdigit() else amount),
                      ("individual identification number (SSN or employee number)", record[39:54])]
            lines.append("Entry: " + "; ".join(f"{label}: {value.strip()}" for label, value in fields if value.strip()))
        else:
            lines.append(record)
    return "\n".join(lines) + "\n"


LEDES_MARK = re.compile(r"\ALEDES1998BI?\[\]")
_COMPACT_DATE = re.compile(r"(\d{4})(\d{2})(\d{2})")


def ledes(text: str) -> str:
    """A LEDES 1998B invoice with its fields named (see the module's notes); a text that is none as it is."""
    if not LEDES_MARK.match(text):
        return text
    records = [r.strip("\r\n") for r in text.split("[]")]
    if len(records) < 3:
        return text
    names = [n.strip() for n in records[1].split("|")]
    out = [records[0] + " e-billing invoice"]
    for n, record in enumerate((r for r in records[2:] if r.strip()), 1):
        values = record.split("|")
        fields = []
        for name, value in zip(names, values):
            value = value.strip()
            m = _COMPACT_DATE.fullmatch(value) if name.endswith("_DATE") else None
            value = f"{m[1]}-{m[2]}-{m[3]}" if m else value
            if name == "INVOICE_DATE" and n == 1 and m:
                out.insert(1, f"Date: {value}")
            if value:
                fields.append(f"{name.replace('_', ' ').lower()}: {value}")
        out.append(f"Line {n}: " + "; ".join(fields))
    return "\n".join(out)
