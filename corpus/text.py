"""Text helpers every item shares: normalizing, locating, sentences, shingles, literals.

Grading language is matched loosely (case, curly quotes, spacing around `§` and
whitespace do not matter) so that a literal found by one item is found by all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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


# --- "PASS if ... FAIL if ..." and the literals a clause names -------------------------

# LAB writes the keywords in capitals; "pass if" / "fail if" in lower case are accepted too.
_PASS = re.compile(r"\bPASS\b(?:\s+(?i:if|when|only\s+if)\b)?|(?i:\bpass\s+if\b)")
_FAIL = re.compile(r"\bFAIL\b(?:\s+(?i:if|when|otherwise)\b)?|(?i:\bfail\s+if\b)")


def clauses(match_criteria: str) -> tuple[str, str]:
    """The PASS clause and the FAIL clause of a criterion ('' for a missing one)."""
    p, f = _PASS.search(match_criteria), _FAIL.search(match_criteria)
    pass_text = fail_text = ""
    if p:
        end = f.start() if f and f.start() > p.start() else len(match_criteria)
        pass_text = match_criteria[p.end():end]
    if f:
        end = p.start() if p and p.start() > f.start() else len(match_criteria)
        fail_text = match_criteria[f.end():end]
    return pass_text.strip(" .;:\n"), fail_text.strip(" .;:\n")


NEGATION = re.compile(r"\b(?:not|no|never|without|omits?|omitted|fails?\s+to|lacks?|missing|absent|"
                      r"neither|nor|none|free\s+of|excludes?)\b|n't\b", re.I)
# A sentence ends at ';', a newline, or '. ' after a lower-case letter or digit (so the
# dots of "C.R.S." or "Cal. Lab. Code" do not end one).
# A negation's scope also ends at ", or" / ", and" / "but", and at "or it" / "or the".
_CLAUSE_END = re.compile(r"[;\n]|(?<=[a-z0-9)])\.\s|,\s*(?:or|and|but)\b|\bbut\b|\b(?:or|and)\s+(?:it|the|if)\b")

_MONTH = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
          r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?")
FILE_EXTENSIONS = ("md", "txt", "docx", "doc", "xlsx", "xls", "csv", "pptx", "pdf", "json", "yaml", "yml",
                   "eml", "html")
LITERAL_PATTERNS: dict[str, re.Pattern] = {
    "quote": re.compile(r'"([^"\n]{3,300})"|\u201c([^\u201d\n]{3,300})\u201d'),
    "citation": re.compile(
        r"(?:\b[A-Z][A-Za-z.]*\.?\s+){0,4}§§?\s*\d[\w.:\-\u2013]*(?:\([\w]+\))*"
        r"|\b\d+\s+ILCS\s+\d+/[\d.\-]+(?:\([\w]+\))*"
        r"|\b\d+\s+U\.S\.C\.\s+§?\s*\d+\w*"
        r"|\bRCW\s+\d+[\d.]*\d"),
    "amount": re.compile(r"\$\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion|thousand))?"),
    "percentage": re.compile(r"\b\d+(?:\.\d+)?\s?(?:%|percent\b)"),
    "date": re.compile(rf"\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b{_MONTH}\s+\d{{1,2}},\s+\d{{4}}\b"
                       rf"|\b\d{{1,2}}\s+{_MONTH}\s+\d{{4}}\b"),
    "file": re.compile(r"(?<![\w/.-])[\w][\w\-./]*\.(?:" + "|".join(FILE_EXTENSIONS) + r")\b"),
}


@dataclass(frozen=True)
class Literal:
    """A string a clause names exactly: its kind, its text, where it starts in the clause."""

    kind: str
    text: str
    offset: int

    @property
    def key(self) -> str:
        """The loose form that output text is searched for."""
        return normalize(self.text)


def literals(clause: str) -> list[Literal]:
    """Quoted text, citations, dollar amounts, percentages, dates and file names in a clause."""
    found: dict[str, Literal] = {}
    for kind, pattern in LITERAL_PATTERNS.items():
        for m in pattern.finditer(clause):
            text = next((g for g in m.groups() if g), None) if m.groups() else m.group(0)
            text = _trim((text or m.group(0)).strip())
            if len(text) < 2:
                continue
            lit = Literal(kind, text, m.start())
            found.setdefault(lit.key, lit)
    return sorted(found.values(), key=lambda lit: lit.offset)


def _trim(text: str) -> str:
    # Drop trailing punctuation, and a ')' only when it closes nothing inside the literal.
    while text and (text[-1] in ".,;:" or (text[-1] == ")" and text.count(")") > text.count("("))):
        text = text[:-1]
    return text


def negated(clause: str, offset: int) -> bool:
    """True when a negation cue comes before `offset` in the same sentence of the clause."""
    start = 0
    for m in _CLAUSE_END.finditer(clause, 0, offset):
        start = m.end()
    return bool(NEGATION.search(clause[start:offset]))


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
    return [(m.group(0), m.start()) for m in LITERAL_PATTERNS["date"].finditer(text)]
