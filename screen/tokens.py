"""Reading a document: Markdown markup masked, words with their offsets, sentences as spans.

This is the one module of the screen that imports the shared text helpers
(`oafreeze.corpus.text`); change the import here if they move.

The shared helpers work on normalized words and lines. The screen needs two things they do
not give: character offsets (so that a flag quotes the deliverable's and the source's own
words, not a lower-cased reconstruction) and Markdown markup that does not count as words
(a heading mark, `**`, a link target or a footnote marker would otherwise break a copied
run of words). So markup is *masked* (replaced by spaces, keeping every offset and line
number), words are found with their offsets, and each word is normalized by the shared
`normalize`.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from dataclasses import dataclass
from typing import NamedTuple

from oafreeze.corpus import text as _shared

normalize = _shared.normalize
excerpt = _shared.excerpt
# Statute citations ("Cal. Bus. & Prof. Code § 16600", "820 ILCS 90/10", "RCW 49.62.020").
STATUTE_CITATION = _shared.CITATION

# --- Markdown masking -----------------------------------------------------------------------

# Every pattern stays within one line, so that blanking a match never removes a line break.
_LINE_MARKERS = re.compile(
    r"^(?P<m>[ \t]{0,3}(?:#{1,6}(?=[ \t]|$)|>+|[-*+](?=[ \t])|\d{1,3}[.)](?=[ \t])|\[\^[^\]\s]+\]:)"
    r"(?:[ \t]*(?:[-*+](?=[ \t])|\[[ xX]\](?=[ \t])))?)", re.M)
_WHOLE_LINE = re.compile(r"^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$"   # table rule
                         r"|^[ \t]{0,3}(?:[-*_][ \t]*){3,}$", re.M)                                    # horizontal rule
_INLINE = re.compile("|".join((
    r"!\[(?=[^\]\n]*\]\()", r"\[(?=[^\]\n]*\]\()",      # the "![" or "[" opening an image or a link
    r"\]\([^)\s]*(?:[ \t]+\"[^\"\n]*\")?\)",           # "](target)" closing a link
    r"\[\^[^\]\s]+\]",                                # footnote marker
    r"\]\[[^\]\n]*\]",                                # "][ref]" of a reference link
    r"<!--", r"-->",                                   # HTML comment delimiters (the text stays)
    r"</?[A-Za-z][^<>\n]{0,200}>",                      # HTML tags
    r"\*\*{0,2}", r"~~", r"``*",                         # emphasis, strike-through, code
    r"\\(?=[\\`*_{}\[\]()#+\-.!|])",                    # backslash escapes
    r"__{0,2}",                                        # _emphasis_ (snake_case is kept: see _blank)
    r"\|",                                              # table cell borders
    *"\u00b9\u00b2\u00b3\u2070\u2074\u2075\u2076\u2077\u2078\u2079",  # superscript footnote digits
)))
# Every branch starts with a literal character, so the regex engine can jump from one
# candidate character to the next instead of trying each branch at every position.


def _blank(m: re.Match) -> str:
    s, e = m.span()
    text = m.string
    if text[s] == "_" and 0 < s and e < len(text) and (text[s - 1].isalnum() and text[e].isalnum()):
        return m.group(0)  # an underscore inside a word (snake_case) is not markup
    return " " * (e - s)


def mask_markdown(text: str) -> str:
    """`text` with Markdown markup replaced by spaces: same length, same offsets, same lines."""
    text = _WHOLE_LINE.sub(_blank, text)
    text = _LINE_MARKERS.sub(_blank, text)
    return _INLINE.sub(_blank, text)


def block_start(line: str) -> bool:
    """True when a raw line starts a new Markdown block (heading, list item, quote, table row)."""
    return bool(_LINE_MARKERS.match(line) or line.lstrip().startswith(("|", "<!--", "[^")))


# --- Words ----------------------------------------------------------------------------------

# A run of word characters, with ".,'-" allowed inside but not at either end (the shared
# helpers take the run and strip those from its ends; this finds the same words directly).
_WORD = re.compile(r"[\w§$%](?:[\w§$%.,'\u2019\u2018-]*[\w§$%])?")


class Token(NamedTuple):
    """One normalized word and where it is: character offsets into the text, 1-based line."""

    word: str
    start: int
    end: int
    line: int


class Lines:
    """Maps a character offset of a text to its 1-based line number."""

    def __init__(self, text: str):
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line(self, offset: int) -> int:
        """The 1-based line holding `offset`."""
        return bisect.bisect_right(self.starts, offset)


@functools.lru_cache(maxsize=1 << 17)
def _word(core: str) -> str:
    # Words repeat: normalizing each distinct one once keeps indexing a large library fast.
    return normalize(core).replace("\u2019", "'")


def words(masked: str) -> list[str]:
    """The normalized words of an already masked text, without offsets (for indexing)."""
    return list(map(_word, _WORD.findall(masked)))


def word_span(masked: str, first: int, last: int) -> tuple[int, int]:
    """Character offsets from the start of word number `first` to the end of word `last`."""
    found = list(itertools.islice(_WORD.finditer(masked), first, last + 1))
    return (found[0].start(), found[-1].end()) if found else (0, 0)


def tokens(masked: str, lines: Lines | None = None) -> list[Token]:
    """The words of an already masked text, normalized like the shared helpers do."""
    starts = (lines or Lines(masked)).starts
    found = [(m.group(0), m.start(), m.end()) for m in _WORD.finditer(masked)]
    at = bisect.bisect_right
    return [Token(_word(w), a, b, at(starts, a)) for w, a, b in found]


# --- Sentences ------------------------------------------------------------------------------

# Words after which a full stop does not end a sentence: citation abbreviations, titles and
# entity suffixes (so "Cal. Bus. & Prof. Code § 16600" and "Edwards v. Arthur Andersen LLP"
# stay whole). The shared `sentences` splits after any "." before a capital, which would cut
# both; this is why the screen segments on its own.
ABBREVIATIONS = frozenset("""
v vs cal bus prof lab civ code stat stats gen inc co corp ltd no nos mr mrs ms dr st ann app supp fed reg
rev sec secs art ch subd para mass minn fla tex wash or ill com cir ct sup dist mgmt servs assocs bros pub
jan feb mar apr jun jul aug sep sept oct nov dec e.g i.e cf id al etc approx dept govt int'l nat'l assn
ave blvd rd ste jr sr u.s n.y n.c n.j s.c r.s c.r.s u.s.c m.g.l c.f.r l.l.c l.p p.c p.a n.e s.e s.w n.w
""".split())
_END = re.compile(r"[.!?][\"'\u201d\u2019)\]]*\s+(?=[\"'\u201c\u2018(\[]*[A-Z0-9§$])")


@dataclass(frozen=True)
class Sentence:
    """A sentence as a span of the text (raw and masked texts share offsets)."""

    start: int
    end: int
    line: int
    end_line: int


def blocks(raw: str, masked: str) -> list[tuple[int, int]]:
    """Markdown blocks (paragraphs, headings, list items, table rows) as character spans."""
    out: list[tuple[int, int]] = []
    pos, start = 0, None
    for line in raw.split("\n"):
        end = pos + len(line)
        if not masked[pos:end].strip():
            if start is not None:
                out.append((start, pos - 1))
                start = None
        elif start is None:
            start = pos
        elif block_start(line):
            out.append((start, pos - 1))
            start = pos
        pos = end + 1
    if start is not None:
        out.append((start, len(raw)))
    return out


def sentences(raw: str, masked: str, lines: Lines | None = None) -> list[Sentence]:
    """Sentences of a document, never crossing a Markdown block (heading, list item, paragraph)."""
    lines = lines or Lines(raw)
    out: list[Sentence] = []
    for b_start, b_end in blocks(raw, masked):
        cut = b_start
        for m in _END.finditer(masked, b_start, b_end):
            before = masked[cut:m.start() + 1].split()
            last = before[-1].rstrip(".!?").lstrip("(\"'\u201c").casefold() if before else ""
            if masked[m.start()] == "." and (last in ABBREVIATIONS or re.fullmatch(r"[a-z]", last)
                                             or re.fullmatch(r"(?:[a-z]\.)+[a-z]", last)):
                continue
            _add(out, masked, cut, m.end(), lines)
            cut = m.end()
        _add(out, masked, cut, b_end, lines)
    return out


def _add(out: list[Sentence], masked: str, start: int, end: int, lines: Lines) -> None:
    chunk = masked[start:end]
    if not chunk.strip():
        return
    s = start + len(chunk) - len(chunk.lstrip())
    e = start + len(chunk.rstrip())
    out.append(Sentence(s, e, lines.line(s), lines.line(max(s, e - 1))))


def quote(raw: str, start: int, end: int, limit: int = 240) -> str:
    """The raw text of a span as one short line, markup kept as written."""
    return excerpt(raw[start:end], limit)
