"""Reading a criterion: its "PASS if ... FAIL if ..." clauses, what they negate, and the
literals they name (quoted text, citations, amounts, percentages, dates, file names)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from oafreeze.corpus import text as tx

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

FILE_EXTENSIONS = ("md", "txt", "docx", "doc", "xlsx", "xls", "csv", "pptx", "pdf", "json", "yaml", "yml",
                   "eml", "html")
LITERAL_PATTERNS: dict[str, re.Pattern] = {
    "quote": re.compile(r'"([^"\n]{3,300})"|\u201c([^\u201d\n]{3,300})\u201d'),
    "citation": tx.CITATION,
    "amount": re.compile(r"\$\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion|thousand))?"),
    "percentage": re.compile(r"\b\d+(?:\.\d+)?\s?(?:%|percent\b)"),
    "date": tx.DATE,
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
        return tx.normalize(self.text)


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
