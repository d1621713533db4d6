"""Text helpers: normalizing, locating, sentences, words, shingles and dates in any document text.

Grading language is matched loosely (case, curly quotes, spacing around `§` and
whitespace do not matter) so that a literal found by one item is found by all.
"""

from __future__ import annotations

import re

_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2018": "'", "\u2019": "'",
                         "\u2013": "-", "\u2014": "-", "\u00a0": " "})
_SPACE = re.compile(r"\s+")
_SECTION = re.compile(r"§\s*")


def normalize(text: str) -> str:
    """Casefolded, straight quotes and dashes, one space for any run of whitespace."""
    text = _SECTION.sub("§ ", text.translate(_QUOTES))
    return _SPACE.sub(" ", text).casefold().strip()


def locate(text: str, needle: str) -> int | None:
    """The 1-based line of `text` where `needle` starts (loosely matched), or None."""
    target = normalize(needle)
    if not target:
        return None
    # Normalize line by line, remembering where each line starts in the joined string.
    starts, parts, pos = [], [], 0
    for line in text.splitlines() or [""]:
        norm = normalize(line)
        starts.append(pos)
        parts.append(norm)
        pos += len(norm) + 1
    joined = " ".join(parts)
    at = joined.find(target)
    if at < 0:
        return None
    line = 0
    while line + 1 < len(starts) and starts[line + 1] <= at:
        line += 1
    return line + 1


def line_text(text: str, line: int | None) -> str:
    """The stripped text of a 1-based line, shortened for evidence."""
    lines = text.splitlines()
    if line is None or not 1 <= line <= len(lines):
        return ""
    return excerpt(lines[line - 1].strip())


def excerpt(text: str, limit: int = 200) -> str:
    """One line of at most `limit` characters, for a finding's evidence."""
    flat = _SPACE.sub(" ", text).strip()
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“(])|\n\s*\n")


def sentences(text: str) -> list[tuple[int, str]]:
    """Sentences with the 1-based line each starts on (abbreviations like 'C.R.S.' survive)."""
    out, pos = [], 0
    for m in list(_SENTENCE_END.finditer(text)) + [None]:
        end = m.start() if m else len(text)
        chunk = text[pos:end].strip()
        if chunk:
            lead = len(text[pos:end]) - len(text[pos:end].lstrip())
            out.append((text.count("\n", 0, pos + lead) + 1, chunk))
        if m:
            pos = m.end()
    return out


_WORD = re.compile(r"[\w§$%.,'-]+")


def words(text: str) -> list[tuple[str, int]]:
    """Normalized words with their 1-based line."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        out.extend((w.strip(".,'-"), number) for w in _WORD.findall(normalize(line)) if w.strip(".,'-"))
    return out


def shingles(text: str, n: int = 5) -> dict[tuple[str, ...], int]:
    """Every run of `n` consecutive words, mapped to the line it first starts on."""
    ws = words(text)
    out: dict[tuple[str, ...], int] = {}
    for i in range(len(ws) - n + 1):
        out.setdefault(tuple(w for w, _ in ws[i:i + n]), ws[i][1])
    return out


_MONTH = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
          r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?")
DATE = re.compile(rf"\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b{_MONTH}\s+\d{{1,2}},\s+\d{{4}}\b"
                  rf"|\b\d{{1,2}}\s+{_MONTH}\s+\d{{4}}\b")


# A citation of statute: "C.R.S. § 8-2-113(2)", "Cal. Lab. Code §§ 2870", "820 ILCS 90/10", "18 U.S.C. § 1833(b)".
CITATION = re.compile(
    r"(?:\b[A-Z][A-Za-z.]*\.?\s+){0,4}§§?\s*\d[\w.:\-\u2013]*(?:\([\w]+\))*"
    r"|\b\d+\s+ILCS\s+\d+/[\d.\-]+(?:\([\w]+\))*"
    r"|\b\d+\s+U\.S\.C\.\s+§?\s*\d+\w*"
    r"|\bRCW\s+\d+[\d.]*\d")


DATE_FORMATS = ("%Y-%m-%d", "%B %d, %Y", "%b %d, %Y", "%b. %d, %Y", "%d %B %Y", "%d %b %Y")


def parse_date(text: str):
    """A datetime.date from an ISO or written-out date (a timestamp's date part), or None."""
    import datetime as dt

    value = text.strip()
    if re.match(r"^\d{4}-\d{2}-\d{2}", value):
        value = value[:10]
    for fmt in DATE_FORMATS:
        try:
            return dt.datetime.strptime(value, fmt).date()
        except ValueError:
            continue
    return None


def dates(text: str) -> list[tuple[str, int]]:
    """Every date written in `text` with its character offset."""
    return [(m.group(0), m.start()) for m in DATE.finditer(text)]
