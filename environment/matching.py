"""Deterministic deliverable matching: which output file answers which deliverable.

Used to store `deliverables_resolved` with each recorded run and by the audit (H02,
H06). Deterministic by construction: deliverables are taken in sorted order, ties
break by sorted file name, no file is assigned twice, fuzzy matching only pairs names
within a compatible format family, and pairing by extension alone is a last
pigeonhole pass (one deliverable left, one file left, same family).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from difflib import SequenceMatcher

FAMILIES = {
    ".md": "text", ".txt": "text", ".markdown": "text", ".mdx": "text", ".mkd": "text", ".mdown": "text",
    # the other plain-text markups: a note asked as notes.adoc is as likely to come back as notes.md
    ".rst": "text", ".adoc": "text", ".asciidoc": "text", ".org": "text", ".textile": "text",
    ".docx": "word", ".doc": "word", ".odt": "word", ".rtf": "word",
    ".docm": "word", ".dotx": "word", ".dotm": "word",  # Word's macro-enabled and template forms
    ".xlsx": "sheet", ".xls": "sheet", ".csv": "sheet", ".ods": "sheet", ".tsv": "sheet",
    ".xlsm": "sheet", ".xltx": "sheet", ".xltm": "sheet",
    ".json": "data", ".jsonl": "data", ".ndjson": "data", ".yaml": "data", ".yml": "data",
    # an e-mail saved for a mail client or for Outlook, a page, a slide deck
    ".eml": "mail", ".msg": "mail", ".html": "web", ".htm": "web", ".xhtml": "web",
    ".pptx": "slides", ".ppt": "slides", ".pptm": "slides", ".odp": "slides", ".key": "slides",
}
FUZZY_THRESHOLD = 0.75
# The name keys below are cached: the audit resolves against every task's workspace, and a
# materialized knowledge base repeats the same thousand names in each.


@functools.lru_cache(maxsize=1 << 16)
def family(name: str) -> str:
    """The format family of a file name (its own extension when it has no family)."""
    ext = _ext(name)
    return FAMILIES.get(ext, ext or "(none)")


def _ext(name: str) -> str:
    base = name.rsplit("/", 1)[-1]
    return ("." + base.rsplit(".", 1)[1].lower()) if "." in base.strip(".") else ""


def _stem(name: str) -> str:
    """A name's last segment without its extension, NFC and casefolded."""
    base = unicodedata.normalize("NFC", name.rsplit("/", 1)[-1]).casefold()
    return base.rsplit(".", 1)[0] if "." in base.strip(".") else base


@functools.lru_cache(maxsize=1 << 16)
def _stem_key(name: str) -> str:
    return re.sub(r"[\s_\-.]+", "", _stem(name))


@functools.lru_cache(maxsize=1 << 16)
def _key(name: str) -> str:
    return unicodedata.normalize("NFC", name).casefold()


@functools.lru_cache(maxsize=1 << 16)
def _letters(stem: str) -> Counter:
    return Counter(stem)


def _quick_ratio(a: str, b: str) -> float:
    """SequenceMatcher's real_quick_ratio and quick_ratio (upper bounds of its ratio), without
    building a matcher for every name: the length bound, then the shared letters."""
    total = len(a) + len(b)
    if not total or 2.0 * min(len(a), len(b)) / total < FUZZY_THRESHOLD:
        return 0.0 if total else 1.0
    ca, cb = _letters(a), _letters(b)
    return 2.0 * sum(min(n, cb[ch]) for ch, n in ca.items()) / total


@dataclass
class Resolution:
    """The outcome: deliverable -> file (or None), how each pair was made, files left over."""

    resolved: dict[str, str | None] = field(default_factory=dict)
    method: dict[str, str] = field(default_factory=dict)
    unassigned: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        """Plain data, as stored with a recorded run."""
        return {"deliverables_resolved": self.resolved, "method": self.method, "unassigned": self.unassigned}


def resolve(deliverables: list[str], files: list[str]) -> Resolution:
    """Pair each deliverable with at most one file; never one file with two deliverables."""
    wanted = sorted(set(deliverables), key=lambda s: s.encode("utf-8", "surrogateescape"))
    free = sorted(set(files), key=lambda s: s.encode("utf-8", "surrogateescape"))
    out = Resolution(resolved={d: None for d in wanted})

    def take(d: str, f: str, how: str) -> None:
        out.resolved[d] = f
        out.method[d] = how
        free.remove(f)

    # Each name's keys once: a workspace can hold a thousand files (a materialized knowledge base).
    key = {f: _key(f) for f in free}
    base_key = {f: _key(f.rsplit("/", 1)[-1]) for f in free}
    fam = {f: family(f) for f in free}
    # 1. exact path, then exact base name (case and normalization folded)
    for d in wanted:
        kd, bd = _key(d), _key(d.rsplit("/", 1)[-1])
        hit = next((f for f in free if key[f] == kd), None) or next((f for f in free if base_key[f] == bd), None)
        if hit:
            take(d, hit, "exact")
    # 2. fuzzy stem, same family only (the quick ratios are upper bounds of the ratio: a file
    # they rule out could never reach the threshold)
    for d in wanted:
        if out.resolved[d] is not None:
            continue
        sd, fd = _stem_key(d), family(d)
        scored = []
        for f in free:
            if fam[f] != fd:
                continue
            sf = _stem_key(f)
            if _quick_ratio(sd, sf) >= FUZZY_THRESHOLD:
                score = SequenceMatcher(None, sd, sf).ratio()
                if score >= FUZZY_THRESHOLD:
                    scored.append((score, f))
        if scored:
            best = max(s for s, _ in scored)
            hit = min(f for s, f in scored if s == best)
            take(d, hit, f"fuzzy:{best:.2f}")
    # 3. pigeonhole by family: one deliverable and one file left in a family
    for fam in sorted({family(d) for d in wanted}):
        left_d = [d for d in wanted if out.resolved[d] is None and family(d) == fam]
        left_f = [f for f in free if family(f) == fam]
        if len(left_d) == 1 and len(left_f) == 1:
            take(left_d[0], left_f[0], "extension")
    out.unassigned = list(free)
    return out


# Two-letter language codes (ISO 639-1) that name a translation's file by a suffix: "notice-vi.md",
# "agreement_fr.docx", "summary-pt-BR.md".
LANGUAGES = frozenset((
    "af am ar az be bg bn bs ca cs cy da de el en es et eu fa fi fr ga gl gu ha he hi hr hu hy id ig is it ja ka kk "
    "km kn ko lo lt lv mk ml mn mr ms my nb ne nl nn no pa pl ps pt ro ru si sk sl so sq sr sv sw ta te th tl tr uk "
    "ur uz vi xh yo zh zu").split())
_LANGUAGE_TAG = re.compile(r"[-_.](?P<code>[a-z]{2})(?:[-_](?:[a-z]{2}|[a-z]{4}|\d{3}))?$", re.I)


def _language_base(name: str) -> tuple[str, str] | None:
    """A translation's name without its language suffix, and the code ("notice-vi.md" -> notice, vi)."""
    stem = _stem(name)
    m = _LANGUAGE_TAG.search(stem)
    return (stem[:m.start()], m.group("code").lower()) if m and m.group("code").lower() in LANGUAGES else None


def _translations(a: str, b: str) -> bool:
    """Whether two names are one document in two languages: the same name, one or both with a
    language suffix, the suffixes different. An exact name tells them apart, and the convention is
    the one translators and document systems use."""
    ta, tb = _language_base(a), _language_base(b)
    if ta and tb:
        return ta[0] == tb[0] and ta[1] != tb[1]
    return bool(ta and ta[0] == _stem(b) or tb and tb[0] == _stem(a))


def collisions(deliverables: list[str]) -> list[tuple[str, str]]:
    """Pairs of deliverable names the matcher could confuse (same family, near-identical stems); one
    document's translations named by a language suffix are told apart by it."""
    names = sorted(set(deliverables), key=lambda s: s.encode("utf-8", "surrogateescape"))
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if _key(a) == _key(b) or (family(a) == family(b) and not _translations(a, b) and
                                      SequenceMatcher(None, _stem_key(a), _stem_key(b)).ratio() >= FUZZY_THRESHOLD):
                out.append((a, b))
    return out


# Words that tell the agent not to write a file: "Do not write a separate offer-letter.md", "no need
# to produce summary.md", "rationale.md is not needed", "HR produces the offer letter, so skip it".
_NOT_TO_WRITE = re.compile(r"\b(?:do\s+not|don['\u2019]t|never|no\s+need\s+to|need\s+not|should\s+not|must\s+not)\s+"
                           r"(?:\w+\s+){0,2}?(?:write|create|produce|draft|prepare|make|save|generate|add)\b"
                           r"[^.;:!?]{0,40}$"  # "do not send X to anyone yourself" is about delivery, not writing
                           # "No separate client-email.md is needed this time", "there is no need for a client-email.md"
                           r"|\b(?:no|without\s+a|without\s+any)\s+(?:separate\s+|further\s+|new\s+|additional\s+)?$|"
                           r"\bno\s+need\s+for\s+(?:a\s+|an\s+|any\s+)?(?:separate\s+)?$", re.I)


def told_not_to_write(sentence: str, at: int) -> bool:
    """Whether the file name at offset `at` of a sentence is what the sentence tells the agent not to
    write ("Do not write a separate vandermeer-offer-letter.md")."""
    return _NOT_TO_WRITE.search(sentence[:at]) is not None

