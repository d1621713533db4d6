"""Copied institutional text: shingle containment of analysis and advisory sources.

The index is built once from every source: each run of SHINGLE consecutive normalized
words of an analysis or advisory source, hashed, points at where it occurs. Runs that also
occur in a template or in the text of a law are dropped from the index: that is form
language or the statute's own words, which operative text may carry.

A deliverable is screened by looking up its own shingles (no pairwise comparison of
documents). Hits in one source are chained when they follow each other in both texts with
small gaps and small drift, so that a passage survives reflowed lines, Markdown markup, a
changed word here and there or a few inserted words. A chain that covers at least
MIN_WORDS words of the deliverable, densely, is one copied passage.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from oafreeze.screen.model import COPIED_TEXT, REPRODUCIBLE, TEMPLATE, Flag, Source
from oafreeze.screen.tokens import Lines, Token, mask_markdown, quote, word_span, words

SHINGLE = 5
# A passage shorter than this is a stock phrase or a citation, not a copied passage.
MIN_WORDS = 10
# Two hits of one passage may be this many words apart (a changed word loses SHINGLE hits).
GAP = SHINGLE + 4
# ...and their offsets in the source may drift by this many words (insertions, deletions).
DRIFT = 4
# At least this share of the deliverable's words in a chain's span must be covered by hits.
DENSITY = 0.6
# Two passages of one source this close in the deliverable, the second starting at most this
# many source words after the first, are one passage with a part left out.
MERGE_SPAN = 60
# How far around a copied passage its source is searched for the words of an edited edge.
NEAR = 30
# A shingle found in more sources than this is looked up in its first ones only (speed).
MAX_POSTINGS = 8


@dataclass(frozen=True)
class Copied:
    """A copied passage: its flag, its character span, and the source's words around it."""

    flag: Flag
    start: int
    end: int
    source_words: list[str]

    def has(self, words: list[str]) -> bool:
        """True when `words` occur, in this order and together, in the source around the passage."""
        n = len(words)
        return n > 0 and any(self.source_words[i:i + n] == words for i in range(len(self.source_words) - n + 1))


@dataclass
class IndexedSource:
    """A source's path, kind, raw text and normalized words (offsets are found only to quote)."""

    path: str
    kind: str
    text: str
    words: list[str]
    _masked: str | None = None

    def quote(self, first: int, last: int) -> str:
        """The source's own text from word `first` to word `last`."""
        if self._masked is None:
            self._masked = mask_markdown(self.text)
        return quote(self.text, *word_span(self._masked, first, last))


# A quotation in a guide or a memo is the statute's (or a form's) words, not the firm's prose:
# reproducing it is quoting the law. In Markdown it is a passage in quotation marks; in a
# JSON checklist, the value of a field whose name says it is a quote ("verbatimQuote").
_QUOTED = re.compile(r'"([^"\n]{40,})"|\u201c([^\u201d]{40,})\u201d')
_QUOTE_FIELD = re.compile(r'"\w*[Qq]uote\w*"\s*:\s*"((?:[^"\\]|\\.)*)"')
QUOTE_WORDS = 8


def quotations(src: Source) -> list[str]:
    """Passages a source quotes (QUOTE_WORDS words or more)."""
    if src.path.endswith(".json"):
        found = [m.group(1) for m in _QUOTE_FIELD.finditer(src.text)]
    else:
        found = [m.group(1) or m.group(2) for m in _QUOTED.finditer(src.text)]
    return [q for q in found if len(q.split()) >= QUOTE_WORDS]


def shingle_keys(words: list[str]) -> list[int]:
    """The hash of each run of SHINGLE words starting at each word (fewer at the end)."""
    return list(map(hash, zip(*(words[i:] for i in range(SHINGLE)))))


_POS = (1 << 32) - 1


class CopyIndex:
    """Shingles of analysis and advisory sources, less those of templates and law.

    `first` maps a shingle to its first place, packed as (source number << 32) | word
    position; `more` holds its first places in other sources, when there are any. Building
    it is dictionary work done in C (a real library has millions of shingles).
    """

    def __init__(self, sources: list[Source]):
        self.sources: list[IndexedSource] = []
        self.first: dict[int, int] = {}
        self.more: dict[int, list[int]] = defaultdict(list)
        self.forms: set[int] = set()  # shingles of the templates: the agreement's own form language
        reproducible: set[int] = set()
        for src in sources:
            ws = words(mask_markdown(src.text))
            keys = shingle_keys(ws)
            if src.kind in REPRODUCIBLE:
                reproducible.update(keys)
                if src.kind == TEMPLATE:
                    self.forms.update(keys)
                continue
            for quoted in quotations(src):
                reproducible.update(shingle_keys(words(mask_markdown(quoted))))
            base = len(self.sources) << 32
            self.sources.append(IndexedSource(src.path, src.kind, src.text, ws))
            # Keys in reverse, so that a shingle repeated within the source keeps its first place.
            local = dict(zip(reversed(keys), range(base + len(keys) - 1, base - 1, -1)))
            more, pop = self.more, local.pop
            for key in local.keys() & self.first.keys():
                more[key].append(pop(key))
            self.first.update(local)
        for key in reproducible & self.first.keys():
            del self.first[key]
            self.more.pop(key, None)

    def form_spans(self, toks: list[Token]) -> list[tuple[int, int]]:
        """Character spans of a deliverable that reproduce a template for MIN_WORDS words or more."""
        keys = shingle_keys([t.word for t in toks])
        out, start = [], None
        for i, key in enumerate(keys + [None]):
            if key is not None and key in self.forms:
                start = i if start is None else start
                continue
            if start is not None:
                last = i - 1 + SHINGLE - 1
                if last - start + 1 >= MIN_WORDS:
                    out.append((toks[start].start, toks[last].end))
                start = None
        return out

    def places(self, key: int) -> list[tuple[int, int]]:
        """Where a shingle occurs: (source number, word position) pairs, at most one per source."""
        code = self.first.get(key)
        if code is None:
            return []
        return [(c >> 32, c & _POS) for c in [code, *self.more.get(key, ())[:MAX_POSTINGS - 1]]]

    def passages(self, raw: str, toks: list[Token], skip: set[int], lines: Lines) -> list[Copied]:
        """Copied passages of a deliverable: each flag with the character span it covers.

        `skip` holds the indexes of words that may not count (allowed passages, notices).
        """
        hits: dict[int, list[tuple[int, int]]] = {}
        # blocked[i]: a skipped word lies in the shingle starting at word i.
        blocked = [False] * len(toks)
        for j in skip:
            for i in range(max(0, j - SHINGLE + 1), min(len(toks), j + 1)):
                blocked[i] = True
        for i, key in enumerate(shingle_keys([t.word for t in toks])):
            if blocked[i] or key not in self.first:
                continue
            for number, pos in self.places(key):
                hits.setdefault(number, []).append((i, pos))
        chains = []
        for number, pairs in hits.items():
            for chain in _chain(pairs):
                covered = set()
                for i, _ in chain:
                    covered.update(range(i, i + SHINGLE))
                first, last = chain[0][0], chain[-1][0] + SHINGLE - 1
                if len(covered) >= MIN_WORDS and len(covered) >= DENSITY * (last - first + 1):
                    chains.append((len(covered), first, last, number, chain))
        chains = _merge(chains)
        # One flag per passage of the deliverable: the source that covers most of it wins;
        # a passage also found (in part) in another source is not reported twice.
        chains.sort(key=lambda c: (-c[0], c[1], self.sources[c[3]].path))
        taken: list[tuple[int, int]] = []
        out = []
        for size, first, last, number, chain in chains:
            if any(first <= b and a <= last and _overlap(first, last, a, b) > 0.5 * (last - first + 1)
                   for a, b in taken):
                continue
            taken.append((first, last))
            src = self.sources[number]
            pieces = []  # the source's words, piece by piece when the deliverable skipped some
            for part in _pieces(chain):
                a = min(pos for _, pos in part)
                b = min(max(pos for _, pos in part) + SHINGLE - 1, len(src.words) - 1)
                pieces.append(src.quote(a, b))
            start, end = toks[first].start, toks[last].end
            s_first = min(pos for _, pos in chain)
            s_last = max(pos for _, pos in chain) + SHINGLE - 1
            near = src.words[max(0, s_first - NEAR):s_last + NEAR]
            out.append(Copied(Flag(kind=COPIED_TEXT, line=toks[first].line, end_line=toks[last].line,
                                   evidence=quote(raw, start, end), rule="shingle-containment", source=src.path,
                                   source_evidence=" … ".join(pieces)),
                              start, end, near))
        return out


def _merge(chains: list) -> list:
    """Join passages of one source that follow each other in the deliverable.

    An agent that copies two sentences of a guide and leaves out the one between them makes
    two chains (the offsets drift by the sentence left out); it is one copied passage.
    """
    out = []
    for c in sorted(chains, key=lambda c: (c[3], c[1])):
        prev = out[-1] if out else None
        if (prev and prev[3] == c[3] and 0 <= c[1] - prev[2] <= GAP
                and max(p for _, p in prev[4]) < min(p for _, p in c[4]) <= max(p for _, p in prev[4]) + MERGE_SPAN):
            covered = prev[0] + c[0] - max(0, prev[2] - c[1] + 1)
            out[-1] = (covered, prev[1], c[2], c[3], prev[4] + c[4])
        else:
            out.append(c)
    return out


def _pieces(chain: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """A chain's hits split where the source offsets jump (a merged passage)."""
    parts = [[chain[0]]]
    for i, pos in chain[1:]:
        li, lp = parts[-1][-1]
        if abs((pos - i) - (lp - li)) > DRIFT:
            parts.append([])
        parts[-1].append((i, pos))
    return parts


def _overlap(a1: int, b1: int, a2: int, b2: int) -> int:
    return max(0, min(b1, b2) - max(a1, a2) + 1)


def _chain(pairs: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """Hits (deliverable word, source word) of one source grouped into runs of one passage."""
    chains: list[list[tuple[int, int]]] = []
    for i, pos in sorted(pairs):
        best = None
        for chain in chains:
            li, lp = chain[-1]
            if 0 < i - li <= GAP and abs((pos - i) - (lp - li)) <= DRIFT and pos > lp:
                if best is None or chain[-1][0] > best[-1][0]:
                    best = chain
        if best is None:
            chains.append([(i, pos)])
        else:
            best.append((i, pos))
    return chains
