"""The pinned knowledge base, analysed once per audit run: its text by words, and which files
hold which word, so that each task's questions ("is this literal anywhere in the library?",
"was this form's paragraph copied from a guide?") are answered without reading it again.

Every task materializes the same files; only the ones that hold exactly the pinned content are
indexed here (a file a task added or edited is that task's own, and its items read it as such).
Words are the audit's words (`corpus.text.words`: case, quotes, dashes and edge punctuation
folded), so a literal matches here as a run of whole words.
"""

from __future__ import annotations

import functools

from dataclasses import dataclass, field

from oafreeze.corpus import text as tx

def word_text(text: str) -> str:
    """A text as its words joined by single spaces (the form this index searches)."""
    return " ".join(tx.word_list(text))


@dataclass
class KnowledgeIndex:
    """Files (workspace path, kind, text, words) and, for each word, the files that hold it."""

    paths: list[str] = field(default_factory=list)
    kinds: list[str | None] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)  # " " + word text + " " per file
    postings: dict[str, int] = field(default_factory=dict)  # word -> bit set of files
    _memo: dict[str, int] = field(default_factory=dict)

    def add(self, path: str, kind: str | None, text: str) -> None:
        """Index one file."""
        i = len(self.paths)
        self.paths.append(path)
        self.kinds.append(kind)
        self.texts.append(text)
        wt = word_text(text)
        self.words.append(f" {wt} ")
        bit = 1 << i
        for w in set(wt.split()):
            self.postings[w] = self.postings.get(w, 0) | bit

    def as_dict(self) -> dict:
        """Plain data (for the audit's cache); `from_dict` gives the same index back."""
        return {"paths": self.paths, "kinds": self.kinds, "texts": self.texts, "words": self.words,
                "postings": {w: format(bits, "x") for w, bits in self.postings.items()}}

    @classmethod
    def from_dict(cls, data: dict) -> "KnowledgeIndex":
        """The index `as_dict` described (ValueError, KeyError or TypeError if it is not one)."""
        index = cls([str(p) for p in data["paths"]], [k if k is None else str(k) for k in data["kinds"]],
                    [str(t) for t in data["texts"]], [str(w) for w in data["words"]],
                    {str(w): int(bits, 16) for w, bits in data["postings"].items()})
        if not len(index.paths) == len(index.kinds) == len(index.texts) == len(index.words):
            raise ValueError("an index whose lists differ in length")
        return index

    def files_with(self, needle: str) -> int:
        """Bit set of the files whose words contain `needle`'s words as a run."""
        key = word_text(needle)
        if not key:
            return 0
        if key in self._memo:
            return self._memo[key]
        cand = -1
        for w in set(key.split()):
            cand &= self.postings.get(w, 0)
            if not cand:
                break
        found = 0
        if cand > 0:
            probe = f" {key} "
            for i in _bits(cand):
                if probe in self.words[i]:
                    found |= 1 << i
        self._memo[key] = found
        return found

    def first(self, bits: int) -> int | None:
        """The lowest file index in a bit set."""
        return (bits & -bits).bit_length() - 1 if bits else None

    def origin(self, needle: str) -> str:
        """`path line N` of the first file holding `needle`."""
        i = self.first(self.files_with(needle))
        if i is None:
            return "?"
        line = tx.locate(self.texts[i], needle)
        return f"{self.paths[i]} line {line}" if line else self.paths[i]


class KnowledgeOutput:
    """The whole knowledge base pasted in, as a degenerate output graded through the index."""

    kind = "knowledge-base"

    def __init__(self, index: KnowledgeIndex):
        self.index = index

    @property
    def normalized(self) -> _Contains:
        """An object `in` tests a normalized literal against (whole-word runs of any file)."""
        return _Contains(self.index)

    def origin(self, lit) -> str:
        """Where a literal comes from."""
        return self.index.origin(lit.text)

    def passes(self, g) -> bool:
        """Whether the pasted knowledge base passes a grading (see degenerate.passes)."""
        if not g.gradable or any(self.index.files_with(lit.text) for lit in g.forbidden):
            return False
        if g.max_words is not None and self.word_count > g.max_words:
            return False  # the whole knowledge base is far longer than any cap a deliverable is given
        return all(any(self.index.files_with(lit.text) for lit in group) for group in g.groups)

    @functools.cached_property
    def word_count(self) -> int:
        """How many words the whole knowledge base holds."""
        return sum(len(t.split()) for t in self.index.texts)

    def passed_alone_by(self, g) -> str | None:
        """One knowledge-base file that passes by itself, if any."""
        if not g.groups:
            return None
        bits = -1
        for group in g.groups:
            any_of = 0
            for lit in group:
                any_of |= self.index.files_with(lit.text)
            bits &= any_of
            if not bits:
                return None
        for lit in g.forbidden:
            bits &= ~self.index.files_with(lit.text)
        i = self.index.first(bits) if bits > 0 else None
        return self.index.paths[i] if i is not None else None


class _Contains:
    def __init__(self, index: KnowledgeIndex):
        self.index = index

    def __contains__(self, key: str) -> bool:
        return bool(self.index.files_with(key))


def copied_runs(index: KnowledgeIndex, text: str, shingle: int, skip: set[tuple[str, ...]],
                advice_kinds=("practice-guide", "checklist", "survey")) -> list[tuple[int, int, str]]:
    """Runs of `text` (word offset, length in words, source path) found word for word in an
    advisory file of the index and in no template file, at least `shingle` words long; shingles
    in `skip` (e.g. the task's seeded statute) never count."""
    ws = tx.word_list(text)
    hits: list[str | None] = []
    for i in range(len(ws) - shingle + 1):
        gram = tuple(ws[i:i + shingle])
        if gram in skip:
            hits.append(None)
            continue
        bits = index.files_with(" ".join(gram))
        source = None
        if bits:
            templates = [j for j in _bits(bits) if index.kinds[j] == "template"]
            if not templates:
                advice = [j for j in _bits(bits) if index.kinds[j] in advice_kinds]
                source = index.paths[advice[0]] if advice else None
        hits.append(source)
    out = []
    run, start = 0, 0
    for i, hit in enumerate(hits + [None]):
        if hit:
            if not run:
                start = i
            run += 1
        elif run:
            out.append((start, run + shingle - 1, hits[start]))
            run = 0
    return out


def _bits(bits: int):
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low
