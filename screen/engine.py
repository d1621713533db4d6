"""The screen: one operative deliverable in, its flags out. Pure: no disk, no clock, no model.

Order of work for one deliverable:
1. mask Markdown, find words and sentences (`tokens`);
2. find what is left alone: required notices and declared passages (`notices`);
3. find copied passages of analysis and advisory sources (`copied`);
4. run the phrase rules sentence by sentence (`rules`), plus source titles and file names
   taken from the sources themselves;
5. keep one flag per kind and sentence; drop flags inside declared passages or inside form
   text reproduced from a template, notice-exempt rules inside notices, and legal-analysis
   flags on a copied passage (the copied-text flag already reports it, with its source).
"""

from __future__ import annotations

import bisect
import re

from oafreeze.screen import notices as nt
from oafreeze.screen.copied import CopyIndex
from oafreeze.screen.model import LEGAL_ANALYSIS, SOURCE_REFERENCE, TEMPLATE, Flag, Policy, Source
from oafreeze.screen.rules import CASE_NAME, REPORTER, RULES, View, amount_key
from oafreeze.screen.tokens import STATUTE_CITATION, Lines, mask_markdown, quote, sentences, tokens, words

VERSION = "1"

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)+$")
# Drafting notes hidden from the rendered page, and bracketed prose (not a link, a footnote,
# a checkbox or a short blank such as "[DATE]").
_COMMENT = re.compile(r"<!--(.*?)(?:-->|\Z)", re.S)
_BRACKET = re.compile(r"(?<!!)\[(?!\^)([^\[\]\n]{3,400})\](?![(\[:])")
_TITLE_LINE = re.compile(r"^\s*(?:title:\s*['\"]?(.+?)['\"]?\s*$|#\s+(.+?)\s*#*\s*$)", re.M)
_STATE_WORDS = {"alabama", "alaska", "arizona", "arkansas", "california", "colorado", "connecticut", "delaware",
                "florida", "georgia", "hawaii", "idaho", "illinois", "indiana", "iowa", "kansas", "kentucky",
                "louisiana", "maine", "maryland", "massachusetts", "michigan", "minnesota", "mississippi", "missouri",
                "montana", "nebraska", "nevada", "new", "hampshire", "jersey", "mexico", "york", "north", "south",
                "carolina", "dakota", "ohio", "oklahoma", "oregon", "pennsylvania", "rhode", "island", "tennessee",
                "texas", "utah", "vermont", "virginia", "washington", "west", "wisconsin", "wyoming", "us", "usa",
                "index", "log", "readme", "district", "of", "columbia", "puerto", "rico", "guam", "american", "samoa",
                "northern", "mariana", "islands", "virgin", "template", "metadata"}


class SourceIndex:
    """Everything the screen needs from the sources, built once and reused for many deliverables.

    Holds the shingle index of analysis and advisory text (less template and law text), and
    the names by which a deliverable could point at a source: its title and, when the file
    name is distinctive (several words, not a state's name), its file name without extension.
    """

    def __init__(self, sources: list[Source]):
        self.copies = CopyIndex(sources)
        # Runs of three to five words of the forms: a name written in a form (the agreement's
        # own title, "Employee Restrictive Covenant Agreement") does not point at a source.
        form: set[int] = set()
        for src in sources:
            if src.kind == TEMPLATE:
                ws = words(mask_markdown(src.text))
                for n in (3, 4, 5):
                    form.update(map(hash, zip(*(ws[i:] for i in range(n)))))
        names: dict[tuple[str, ...], str] = {}
        for src in sources:
            if src.kind == TEMPLATE:
                continue
            for m in _TITLE_LINE.finditer(src.text[:2000]):
                title = tuple(t.word for t in tokens(mask_markdown(m.group(1) or m.group(2))))
                if len(title) >= 3 and hash(title[:5]) not in form:
                    names.setdefault(title, src.path)
                break
            stem = src.path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
            parts = tuple(p for p in re.split(r"[-_\s]+", stem.casefold()) if p)
            if len(parts) >= 2 and not set(parts) <= _STATE_WORDS and not all(p.isdigit() for p in parts):
                names.setdefault(("-".join(parts),), src.path)
        self.names = names
        self._firsts: dict[str, list[tuple[str, ...]]] = {}
        for name in names:
            self._firsts.setdefault(name[0], []).append(name)

    def screen(self, text: str, policy: Policy = Policy()) -> list[Flag]:
        """Flags of one operative deliverable, ordered by line."""
        return _screen(text, self, policy)


def screen_text(text: str, sources: "list[Source] | SourceIndex", policy: Policy = Policy()) -> list[Flag]:
    """Screen one operative deliverable against its sources (a list, or a SourceIndex built once)."""
    index = sources if isinstance(sources, SourceIndex) else SourceIndex(list(sources))
    return index.screen(text, policy)


def _screen(text: str, index: SourceIndex, policy: Policy) -> list[Flag]:
    raw = text.replace("\r\n", "\n").replace("\r", "\n")
    masked = mask_markdown(raw)
    lines = Lines(raw)
    toks = tokens(masked, lines)
    sents = sentences(raw, masked, lines)

    ids = {r for r in policy.required_notices if _ID.match(r)}
    unknown = nt.unknown_ids(ids)
    if unknown:
        raise ValueError(f"unknown required notice id(s): {', '.join(sorted(unknown))}; known: "
                         f"{', '.join(nt.NOTICES)} (or give the notice's text)")
    literal = tuple(r for r in policy.required_notices if not _ID.match(r))
    notice = [(s, e) for s, e, _ in nt.notice_spans(raw, masked, ids)]
    allowed_tokens = nt.passage_spans(toks, tuple(policy.allowed_passages) + literal)
    allowed = [(toks[a].start, toks[b].end) for a, b in allowed_tokens]
    starts = [t.start for t in toks]
    skip = {i for a, b in allowed_tokens for i in range(a, b + 1)}
    skip |= _tokens_in(starts, notice)
    # A case name or a statute citation is public, not the firm's prose: it does not make a
    # passage "copied" (the case-name rule reports case names on their own).
    patterns = [STATUTE_CITATION] if "§" in masked else []
    patterns += [CASE_NAME] if (" v. " in masked or " vs. " in masked or "In re " in masked) else []
    patterns += [REPORTER] if any(c.isdigit() for c in masked) else []
    skip |= _tokens_in(starts, [m.span() for pattern in patterns for m in pattern.finditer(masked)])

    copies = index.copies.passages(raw, toks, skip, lines)
    flags: list[Flag] = [c.flag for c in copies]

    # Form language reproduced from a template is the agreement's own text, whatever it says.
    forms = index.copies.form_spans(toks)

    deal = frozenset(amount_key(t) for t in policy.deal_terms if re.search(r"\d", t))
    triggers = _rule_triggers(raw, masked, sents, deal) + _hidden_notes(raw, sents) + _source_names(index, toks, sents)
    chosen: dict[tuple[str, int], tuple[int, str, int, int]] = {}
    order = {r.name: k for k, r in enumerate(RULES)}
    for kind, rule, k, start, end, exempt in triggers:
        if _inside(start, end, allowed) or _inside(start, end, forms):
            continue
        if exempt and _inside(start, end, notice):
            continue
        if kind == LEGAL_ANALYSIS and _from_copy(raw, sents[k], start, end, copies):
            continue
        rank = order.get(rule, len(order))
        key = (kind, k)
        if key not in chosen or rank < chosen[key][0]:
            chosen[key] = (rank, rule, start, end)
    for (kind, k), (_, rule, start, end) in chosen.items():
        s = sents[k]
        flags.append(Flag(kind=kind, line=lines.line(start), end_line=s.end_line, rule=rule,
                          evidence=_window(raw, s.start, s.end, start, end)))
    return sorted(flags, key=lambda f: (f.line, f.kind, f.rule, f.evidence))


def _tokens_in(starts: list[int], spans) -> set[int]:
    """Indexes of the words starting inside any of the character spans."""
    out: set[int] = set()
    for s, e in spans:
        out.update(range(bisect.bisect_left(starts, s), bisect.bisect_left(starts, e)))
    return out


def _inside(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    return any(s <= start and end <= e for s, e in spans)


def _from_copy(raw: str, sentence, start: int, end: int, copies) -> bool:
    """True when the trigger is part of a copied passage, which its copied-text flag reports.

    That is when it overlaps the passage, or when it lies in the same sentence and its
    words are the source's own (an edited edge the shingles did not reach); a comment the
    agent added to a copied sentence is still reported.
    """
    for c in copies:
        if c.start < end and start < c.end:
            return True  # the trigger is, at least in part, copied words
        if c.start < sentence.end and sentence.start < c.end:
            if c.has([t.word for t in tokens(mask_markdown(raw[start:end]))]):
                return True
    return False


def _rule_triggers(raw, masked, sents, deal):
    """Every rule's triggers, sentence by sentence, in the sentences that pass its gate.

    Each gate is searched once over the whole document rather than once per sentence.
    """
    low = raw.lower()
    starts = [s.start for s in sents]
    views: dict[int, View] = {}
    out = []
    for rule in RULES:
        if rule.gate_pattern is not None and len(low) == len(raw):
            candidates, find = _passing(rule.gate_pattern, low, sents, starts), rule.find
        else:  # no gate, or lower-casing moved the offsets (a rare Unicode letter)
            candidates, find = range(len(sents)), rule.run
        for k in candidates:
            view = views.get(k)
            if view is None:
                s = sents[k]
                view = views[k] = View(raw[s.start:s.end], masked[s.start:s.end], deal)
            for a, b in find(view):
                out.append((rule.kind, rule.name, k, sents[k].start + a, sents[k].start + b, rule.notice_exempt))
    return out


def _passing(gate, low: str, sents, starts: list[int]) -> list[int]:
    """Indexes of the sentences holding a match of `gate`; after a hit, the search skips to
    the next sentence, so a common gate word costs one search per sentence at most."""
    out, pos = [], 0
    while True:
        m = gate.search(low, pos)
        if m is None:
            return out
        k = bisect.bisect_right(starts, m.start()) - 1
        if k >= 0 and m.start() < sents[k].end:
            out.append(k)
            pos = sents[k].end
        else:
            pos = m.start() + 1


def _sentence_at(sents, offset: int) -> int | None:
    for k, s in enumerate(sents):
        if s.end > offset:
            return k
    return None


def _hidden_notes(raw, sents):
    """HTML comments with words in them, and bracketed prose: notes the signer was not meant to read."""
    out = []
    for m in _COMMENT.finditer(raw):
        if len(m.group(1).split()) >= 2:
            k = _sentence_at(sents, m.start(1))
            if k is not None:
                out.append((LEGAL_ANALYSIS, "drafting-note", k, m.start(), min(m.end(), sents[k].end), False))
    for m in _BRACKET.finditer(raw):
        inner = m.group(1)
        found = re.findall(r"[A-Za-z][\w'-]*", inner)
        # A note is prose: it ends like a sentence or runs to several clauses. A blank to fill
        # in is a noun phrase ("[Full legal name of the company]") and is not analysis.
        prose = bool(re.search(r"[.!?]\W*$|[.;]\s+\S", inner.strip())) or len(found) >= 15
        if len(found) >= 5 and prose and any(w.islower() for w in found):
            k = _sentence_at(sents, m.start())
            if k is not None:
                out.append((LEGAL_ANALYSIS, "drafting-note", k, m.start(), m.end(), False))
    return out


def _source_names(index: SourceIndex, toks, sents):
    """A source's title, or its distinctive file name, written in the deliverable."""
    out = []
    seq = [t.word for t in toks]
    for i, w in enumerate(seq):
        for name in index._firsts.get(w, ()):
            if tuple(seq[i:i + len(name)]) == name:
                start, end = toks[i].start, toks[i + len(name) - 1].end
                k = _sentence_at(sents, start)
                if k is not None:
                    out.append((SOURCE_REFERENCE, "source-name", k, start, end, False))
    return out


def _window(raw: str, s: int, e: int, ts: int, te: int, limit: int = 240) -> str:
    """The sentence, or a window of it around the trigger when the sentence is long."""
    if e - s <= limit:
        return quote(raw, s, e, limit)
    a = max(s, min(ts - limit // 3, e - limit))
    b = min(e, max(a + limit, te))
    text = quote(raw, a, b, limit + 40)
    return ("…" if a > s else "") + text + ("…" if b < e and not text.endswith("…") else "")


__all__ = ["VERSION", "SourceIndex", "screen_text"]
