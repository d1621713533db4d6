"""The degenerate-output probe: what would a do-nothing or copy-everything agent pass?

No model is involved. A criterion is graded by a literal proxy: the output passes when
it contains every literal the PASS clause requires (quoted text, citations, amounts,
dates, percentages, file names, e-mail addresses, URLs, phone numbers, labelled identifiers)
and none that the FAIL clause forbids. An amount is found
by its value as well as its spelling: "$130,014" is in a spreadsheet cell that holds
130014, and a citation by its section designation ("C.R.S. 8-2-113(2)" cites
C.R.S. § 8-2-113(2)). A criterion whose PASS clause only demands absence ("does not contain ...")
passes any output free of the forbidden literals, the empty one included. A criterion
that names no literal at all cannot be graded by the proxy and never counts as passed.
"""

from __future__ import annotations

import functools
import re

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cached_property

from oafreeze.environment.matching import family, resolve
from oafreeze.environment.task import Criterion
from oafreeze.corpus import text as tx
from oafreeze.environment import criteria as cr
from oafreeze.hygiene.context import TaskContext
from oafreeze.corpus.kbindex import KnowledgeOutput

KINDS = ("empty", "template", "instructions", "workspace", "knowledge-base")
DESCRIBE = {
    "empty": "an empty file",
    "template": "the starting template copied unchanged",
    "instructions": "the instructions echoed back",
    "workspace": "the whole workspace pasted in",
    "knowledge-base": "the whole knowledge base pasted in",
}


@dataclass(frozen=True)
class Grading:
    """The literals a criterion requires (groups of alternatives) and forbids, as the proxy reads them."""

    groups: tuple[tuple[cr.Literal, ...], ...]
    forbidden: tuple[cr.Literal, ...]
    absence_only: bool
    # Periods the PASS clause names in digits ("21 days"): not among the literals HYGIENE.md lists, so
    # they never make a criterion gradable; but an output without them does not pass it.
    periods: frozenset[tuple[int, str]] = frozenset()
    # Dates the PASS clause names in passing (", before X goes out on <date>,"): no demand, so they
    # never make a criterion gradable; but they tie a text that holds them to the criterion (H02).
    incidental: tuple[cr.Literal, ...] = ()
    # The PASS clause asks only that the output exist ("x.md is among the files the agent produces").
    existence_only: bool = False
    # The most words an output may have ("in no more than 300 words"): a longer one fails.
    max_words: int | None = None

    @property
    def required(self) -> tuple[cr.Literal, ...]:
        """Every literal of every required group (the first of each group first)."""
        return tuple(lit for group in self.groups for lit in group)

    @property
    def gradable(self) -> bool:
        """The proxy can say something about this criterion."""
        return bool(self.groups) or self.absence_only


def _within_a_name(clause: str, lit, names) -> bool:
    """Whether a literal is written in the clause only inside one of `names` (a literal is read once
    however often it is written: the date of "note-2026-11-16.md" may also be asked for as content)."""
    def covered(start: int, stop: int) -> bool:
        for name in names:
            at = clause.find(name, max(0, stop - len(name)))
            if 0 <= at <= start and stop <= at + len(name) and len(name) > stop - start:
                return True
        return False

    at = clause.find(lit.text)
    if at < 0:
        return covered(lit.offset, lit.stop)
    while at >= 0:
        if not covered(at, at + len(lit.text)):
            return False
        at = clause.find(lit.text, at + 1)
    return True


def grading(criterion: Criterion, deliverables: list[str], inputs: list[str] = ()) -> Grading:
    """Read a criterion's PASS and FAIL clauses into required groups and forbidden literals."""
    reading = cr.read(criterion.match_criteria)
    # A deliverable's own name in a clause is its subject ("client-email.md explains..."), and a
    # task input's name is a reference ("differs from documents/term-sheet.md"): neither is content.
    names = [*deliverables, *inputs, *(f"documents/{i}" for i in inputs)]
    subjects = {tx.normalize(n) for n in names} | {tx.normalize(n.rsplit("/", 1)[-1]) for n in deliverables}

    cut: list[list[str]] = []  # the names a clause holds only the tail of, gathered when a file is first met

    def subject(lit, clause) -> bool:
        if lit.kind == "file" and not cut:
            cut.append(cr.cut_names(names))
        if lit.kind == "file" and cut[0] and cr.inside_name(clause, lit.offset, lit.stop, cut[0]):
            return True
        if lit.kind != "file" and _within_a_name(clause, lit, names):
            return True  # the date in "note-to-partner-2026-11-16.md" is part of the name, not content
        return lit.key in subjects and not _named(clause, lit)

    def content(groups, clause):
        return [g for g in groups if not any(subject(lit, clause) for lit in g)]

    pass_groups = content(reading.passes.required, reading.pass_clause)
    groups = pass_groups + [g for g in content(reading.fails.required, reading.fail_clause) if g not in pass_groups]
    wanted = {lit.key for g in groups for lit in g}
    forbidden = tuple(lit for lit in reading.forbidden if lit.key not in subjects and lit.key not in wanted)
    absence_only = bool(reading.pass_clause) and not reading.passes.positive and not pass_groups
    # (a clause whose verb the reader does not know, "x.md exists", is one claim of its own)
    claims = [c.text for c in reading.passes.claims] or [reading.pass_clause]
    existence_only = bool(reading.pass_clause) and not pass_groups and all(map(cr.EXISTENCE_ONLY.search, claims))
    absence_only = absence_only and not existence_only
    return Grading(tuple(tuple(g) for g in groups), forbidden, absence_only, _wanted_periods(reading.pass_clause),
                   tuple(reading.passes.incidental), existence_only,
                   cr.word_cap(reading.pass_clause, reading.fail_clause))


# A period after a bound ("no more than 12 months", "within 14 days") or a negation limits what the
# output says; only a period stated outright is one it must give.
_BOUND_BEFORE = re.compile(r"(?:\b(?:more|less|fewer|longer|shorter|than|most|least|up\s+to|within|under|over|"
                           r"exceed\w*|beyond|past|after|before|until|maximum|minimum|max|min)|"
                           + cr.NEGATION.pattern + r")"
                           r"[^.;]{0,24}$", re.I)


def _wanted_periods(clause: str) -> frozenset[tuple[int, str]]:
    flat = tx.normalize(clause)
    return frozenset((int(m.group(1)), m.group(2)) for m in _PERIOD.finditer(flat)
                     if not _BOUND_BEFORE.search(flat[max(0, m.start() - 40):m.start()]))


# ... unless the clause asks for the name itself: "refers to the agreement by its file name, X",
# "does not mention X". An output passes that by naming the file, which an echo of the instructions does.
_NAMING = re.compile(r"(?:\bnam(?:es?|ing)|\bmention(?:s|ing)?|\brefer(?:s|ring)?\s+to|\bidentif(?:y|ies|ying)|"
                     r"\bcit(?:es?|ing)|\bby\s+(?:its|their)\s+(?:file\s+)?names?)[\s,:]*(?:the\s+file\s+)?$", re.I)


def _named(clause: str, lit: cr.Literal) -> bool:
    return bool(_NAMING.search(clause[max(0, lit.offset - 40):lit.offset]))


# An amount as a text writes it: "$130,014", "130014", "USD 78,008.40", "$1.2 million", "€40,000",
# "¥300,000", "300,000円". Not part of a longer token (a date, a citation like 8-2-113, a version, a
# phone number); a letter of a script written without spaces (Japanese, Chinese) may touch it.
_AMOUNT = re.compile(r"(?<![0-9A-Za-z_\u00c0-\u024f.,/$§-])(?<!§ )"
                     rf"(?P<sign>(?:us)?[{re.escape(cr.CURRENCY_SIGNS)}]\s?|(?:{'|'.join(cr.CURRENCY_CODES).lower()})\s?)?"
                     r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
                     rf"(?:\s?(million|billion|thousand)\b|\s?(?P<after>[{cr.CURRENCY_AFTER}]))?"
                     r"(?![0-9A-Za-z_\u00c0-\u024f/(-]|[.,]\d)")
_SCALE = {"thousand": 1000, "million": 10 ** 6, "billion": 10 ** 9}


def _amount_value(number: str, scale: str | None) -> Decimal | None:
    try:
        return Decimal(number.replace(",", "")) * _SCALE.get((scale or "").lower(), 1)
    except InvalidOperation:
        return None


def amount_value(lit: cr.Literal) -> Decimal | None:
    """The value of an amount literal ('$78,008.40' -> 78008.4), or None for any other literal."""
    if lit.kind != "amount":
        return None
    m = _AMOUNT.search(lit.text.lower())
    return _amount_value(m.group(2), m.group(3)) if m else None


@functools.lru_cache(maxsize=64)
def amounts(normalized_output: str) -> frozenset[Decimal]:
    """Every amount a (normalized) text writes, by value: a spreadsheet cell's 130014 and prose's
    "$130,014.00" are the same amount. A bare number of up to four digits that reads as a year
    (1900-2099) is not counted, nor is a bare number below 1,000 (a count, a section, a day)."""
    out = set()
    for m in _AMOUNT.finditer(normalized_output):
        value = _amount_value(m.group(2), m.group(3))
        if value is None:
            continue
        bare = not (m.group("sign") or m.group("after"))
        if bare and m.group(3) is None and (value < 1000 or (re.fullmatch(r"(?:19|20)\d\d", m.group(2)))):
            continue
        out.add(value)
    return frozenset(out)


# Where a citation's section designation starts: after its section sign, "U.S.C." or "RCW".
_DESIGNATION = re.compile(r"(?:§§?|u\.s\.c\.\s*§?|\brcw)\s*(\S.*)$")
_IN_WORDS = re.compile(r"section\s+(\d[\w.\-]*(?:\(\w+\))*)\s+of\b")


@functools.lru_cache(maxsize=4096)
def _designation(key: str) -> re.Pattern | None:
    """A citation written another way: "C.R.S. § 8-2-113(2)" is also "C.R.S. 8-2-113(2)" or
    "Colo. Rev. Stat. 8-2-113(2)". A designation with structure (8-2-113(2), 1833(b), 49.62.020)
    is specific enough on its own; a bare number (§ 2870) still needs its section sign."""
    m = _DESIGNATION.search(key) or _IN_WORDS.match(key)
    if not m:
        return None
    number = m.group(1).strip()
    if not re.search(r"\d", number):
        return None
    # (a bare number is cited by its section sign or by the word: "§ 2872", "Section 2872 of the ... Code")
    lead = "" if re.search(r"\d[-.:/(]", number) else r"(?:§\s?|section\s+)"
    tail = r"(?!\w)" if number[-1].isalnum() else ""
    return re.compile(rf"(?<![\w.-]){lead}{re.escape(number)}{tail}")


def contains(normalized_output: str, lit: cr.Literal) -> bool:
    """Whether an output holds a literal: loosely as written; an amount also by value, a date by
    the day it names, a citation also by its section designation."""
    if lit.key in normalized_output:
        return True
    if lit.kind == "citation":
        pattern = _designation(lit.key)
        return pattern is not None and pattern.search(normalized_output) is not None
    if lit.kind == "date":
        day = tx.parse_date(lit.text)
        return day is not None and day in tx.days_named(normalized_output)
    value = amount_value(lit)
    return value is not None and value in amounts(normalized_output)


_UNITS = r"(?:(?:calendar|business|working|clear)\s+)?(day|week|month|year)s?\b"
_PERIOD = re.compile(r"(\d{1,3})\)?\s+" + _UNITS)
_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
         "seventeen eighteen nineteen").split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_NUMBER_WORDS = {**{w: n for n, w in enumerate(_ONES)}, **_TENS,
                 **{f"{t}-{o}": v + n for t, v in _TENS.items() for n, o in enumerate(_ONES[1:10], 1)}}
_WORD_PERIOD = re.compile(r"\b(" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r")\s+" + _UNITS)


@functools.lru_cache(maxsize=64)
def periods(normalized_output: str) -> frozenset[tuple[int, str]]:
    """Every period an output names, in digits or in words ("twenty-one (21) days", "21 days")."""
    found = {(int(m.group(1)), m.group(2)) for m in _PERIOD.finditer(normalized_output)}
    found |= {(_NUMBER_WORDS[m.group(1)], m.group(2)) for m in _WORD_PERIOD.finditer(normalized_output)}
    return frozenset(found)


def locate(text: str, lit: cr.Literal) -> int | None:
    """The 1-based line of `text` that holds a literal (as `contains` finds it), or None."""
    line = tx.locate(text, lit.text)
    if line is not None or lit.kind not in ("amount", "citation", "date"):
        return line
    return next((n for n, row in enumerate(text.splitlines(), 1) if contains(tx.normalize(row), lit)), None)


def passes(g: Grading, normalized_output: str) -> bool:
    """Whether an output (already `text.normalize`d) passes the criterion by the proxy."""
    if not g.gradable or any(contains(normalized_output, lit) for lit in g.forbidden):
        return False
    if not all(any(contains(normalized_output, lit) for lit in group) for group in g.groups):
        return False
    if g.max_words is not None and len(normalized_output.split()) > g.max_words:
        return False
    return not (g.groups and g.periods) or g.periods <= periods(normalized_output)


@dataclass(frozen=True)
class Output:
    """One degenerate deliverable: what it is, its text, and the files it was built from."""

    kind: str
    sources: tuple[tuple[str, str], ...]  # (path, text)

    @cached_property
    def normalized(self) -> str:
        """The output's text, normalized for the proxy."""
        return "\n".join(tx.normalize(t) for _, t in self.sources)

    @cached_property
    def parts(self) -> tuple[tuple[str, str], ...]:
        """(path, normalized text) of each file the output was built from."""
        return tuple((path, tx.normalize(text)) for path, text in self.sources)

    def passes(self, g: Grading) -> bool:
        """Whether this output passes the criterion by the proxy."""
        return passes(g, self.normalized)

    def passed_alone_by(self, g: Grading) -> str | None:
        """The one source file that passes the criterion by itself, if any (copying one input
        passes), else None (the literals are spread over several inputs)."""
        return next((path for path, norm in self.parts if passes(g, norm)), None)

    def origin(self, lit: cr.Literal) -> str:
        """Where a literal comes from in this output: `path line N`."""
        for path, text in self.sources:
            line = locate(text, lit)
            if line is not None:
                return f"{path} line {line}"
        return "?"


FORM_WORDS = {"template", "draft", "form", "precedent", "standard", "blank", "boilerplate"}
# A memo about a form is advice, not the form itself.
NOT_FORM_WORDS = {"memo", "note", "notes", "email", "alert", "instructions", "request", "letter-to"}


def looks_like_form(name: str) -> bool:
    """Does a file's name say it is a starting form (by whole words, not substrings)?"""
    stem = name.rsplit("/", 1)[-1].rsplit(".", 1)[0].lower()
    words = set(re.split(r"[\s_.\-]+", stem))
    return bool(words & FORM_WORDS) and not words & NOT_FORM_WORDS


_looks_like_form = looks_like_form  # the name the tests knew it by


def _name_words(text: str) -> set[str]:
    return {w for w in re.split(r"[\W_]+", text.rsplit("/", 1)[-1].lower()) if len(w) > 2 and not w.isdigit()}


def _form_of(name: str, about: set[str]) -> bool:
    """Whether a form's name could be the deliverable's form: it says only that it is a form
    ("template.md", "draft-v2.md"), or shares a word with the deliverable's name or description
    ("draft-agreement.md" for the agreement, not "onboarding-form.md"). (A form the instructions
    name is one whatever its name: "the client's current form, documents/halden-form-wa-2021.md".)"""
    own = _name_words(name.rsplit(".", 1)[0]) - FORM_WORDS - _GENERIC
    return not own or bool(own & about)


# Words that say whose or which form, not what it is for ("firm-form.md", "house-template-v2.md").
_GENERIC = {"final", "clean", "copy", "version", "firm", "firms", "house", "model", "master", "base", "sample",
            "starting", "start", "starter", "old", "prior", "previous", "new", "working", "our", "company",
            "general", "generic", "original", "latest", "current", "updated", "revised"}


def template_for(ctx: TaskContext, deliverable: str) -> tuple[str, str] | None:
    """The starting template of a deliverable: the workspace file the matcher pairs it with by name
    (exactly or closely, not as the one file of its format), else the one task file of its format
    family whose name says template/draft/form."""
    files = [f for f in ctx.task_files if f.text is not None]
    # A file paired by name (exact or close); the lone file of the deliverable's format is not its form
    # for that alone ("supply-agreement.md" is no starting form of "demand-letter.md").
    pairing = resolve([deliverable], [f.name for f in files])
    paired = pairing.resolved.get(deliverable) if pairing.method.get(deliverable) != "extension" else None
    if paired is None:
        about = _name_words(deliverable) | _name_words(ctx.task.deliverables.get(deliverable, ""))
        cands = [f.name for f in files if family(f.name) == family(deliverable) and looks_like_form(f.name)
                 and (_form_of(f.name, about) or f.name in ctx.task.instructions)]
        paired = cands[0] if len(cands) == 1 else None
    if paired is None:
        return None
    f = ctx.file(paired)
    return (f.rel, f.text or "") if f else None


def kb_output(ctx: TaskContext):
    """The whole knowledge base pasted in: the pinned library through the run's index (built once,
    whatever the number of tasks), or, when nothing is pinned, the task's own knowledge-base files."""
    if not ctx.kb_files:
        return None
    index = ctx.knowledge_index()
    if index is not None:
        return KnowledgeOutput(index) if index.paths else None
    return Output("knowledge-base", tuple((f.rel, f.text) for f in ctx.kb_files if f.text))


def outputs(ctx: TaskContext, deliverable: str) -> list[Output]:
    """The degenerate versions of one deliverable (template only when there is one)."""
    task = ctx.task
    echo = "\n".join([task.title, task.instructions, *task.deliverables.values()])
    out = [Output("empty", ())]
    tmpl = template_for(ctx, deliverable)
    if tmpl:
        out.append(Output("template", (tmpl,)))
    out.append(Output("instructions", (("task.json", echo),)))
    out.append(Output("workspace", tuple((f.rel, f.text) for f in ctx.task_files if f.text)))
    kb = kb_output(ctx)
    if kb:
        out.append(kb)
    return out


@dataclass
class Probe:
    """Which degenerate outputs pass which criteria."""

    gradings: dict[str, Grading]               # criterion id -> its grading
    passed: dict[str, dict[str, Output]]        # criterion id -> kind -> the output that passed
    alone: dict[str, dict[str, str | None]]     # criterion id -> kind -> the one source that passes alone
    deliverable_criteria: dict[str, list[str]]  # deliverable -> criterion ids that grade it

    def all_passed_by(self, kind: str) -> bool:
        """Whether this kind of degenerate output passes every criterion of the task."""
        return bool(self.gradings) and all(kind in self.passed[c] for c in self.gradings)


def graded_deliverables(c: Criterion, task_deliverables: list[str]) -> list[str]:
    """The deliverables a criterion grades (all of them when it names none)."""
    return [d for d in c.deliverables if d in task_deliverables] or list(task_deliverables)


def probe(ctx: TaskContext) -> Probe:
    """Grade every degenerate output against every criterion by the literal proxy."""
    names = list(ctx.task.deliverables)
    outs = {d: outputs(ctx, d) for d in names}
    gradings: dict[str, Grading] = {}
    passed: dict[str, dict[str, Output]] = {}
    alone: dict[str, dict[str, str | None]] = {}
    per_deliverable: dict[str, list[str]] = {d: [] for d in names}
    for c in ctx.task.criteria:
        if c.id in gradings:
            continue  # duplicate ids are H04's finding
        g = gradings[c.id] = grading(c, names, [f.name for f in ctx.task_files])
        passed[c.id] = {}
        alone[c.id] = {}
        graded = graded_deliverables(c, names)
        for d in graded:
            per_deliverable[d].append(c.id)
        for kind in KINDS:
            # A criterion over several deliverables passes when one degenerate file of that kind does.
            hit = next((o for d in graded for o in outs.get(d, []) if o.kind == kind and o.passes(g)), None)
            if hit is not None:
                passed[c.id][kind] = hit
                alone[c.id][kind] = hit.passed_alone_by(g)
    return Probe(gradings, passed, alone, per_deliverable)
