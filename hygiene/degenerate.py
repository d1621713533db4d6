"""The degenerate-output probe: what would a do-nothing or copy-everything agent pass?

No model is involved. A criterion is graded by a literal proxy: the output passes when
it contains every literal the PASS clause requires (quoted text, citations, amounts,
dates, percentages, file names) and none that the FAIL clause forbids. A criterion
whose PASS clause only demands absence ("does not contain ...") passes any output free
of the forbidden literals, the empty one included. A criterion that names no literal
at all cannot be graded by the proxy and never counts as passed.
"""

from __future__ import annotations

import re

from dataclasses import dataclass
from functools import cached_property

from oafreeze.environment.matching import family, resolve
from oafreeze.environment.task import Criterion
from oafreeze.corpus import text as tx
from oafreeze.hygiene import criteria as cr
from oafreeze.hygiene.context import TaskContext

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
    """The literals a criterion requires and forbids, as the proxy reads them."""

    required: tuple[cr.Literal, ...]
    forbidden: tuple[cr.Literal, ...]
    absence_only: bool

    @property
    def gradable(self) -> bool:
        """The proxy can say something about this criterion."""
        return bool(self.required) or self.absence_only


def grading(criterion: Criterion, deliverables: list[str], inputs: list[str] = ()) -> Grading:
    """Read a criterion's PASS and FAIL clauses into required and forbidden literals."""
    pass_clause, fail_clause = cr.clauses(criterion.match_criteria)
    # A deliverable's own name in a clause is its subject ("client-email.md explains..."), and a
    # task input's name is a reference ("differs from documents/term-sheet.md"): neither is content.
    names = [*deliverables, *inputs, *(f"documents/{i}" for i in inputs)]
    subjects = {tx.normalize(n) for n in names} | {tx.normalize(n.rsplit("/", 1)[-1]) for n in deliverables}
    required: dict[str, cr.Literal] = {}
    forbidden: dict[str, cr.Literal] = {}
    for clause, positive in ((pass_clause, True), (fail_clause, False)):
        for lit in cr.literals(clause):
            if lit.key in subjects:
                continue
            wants = positive != cr.negated(clause, lit.offset)  # "FAIL if it omits X" requires X
            (required if wants else forbidden).setdefault(lit.key, lit)
    forbidden = {k: v for k, v in forbidden.items() if k not in required}
    absence_only = not required and bool(cr.NEGATION.search(pass_clause))
    return Grading(tuple(required.values()), tuple(forbidden.values()), absence_only)


def passes(g: Grading, normalized_output: str) -> bool:
    """Whether an output (already `text.normalize`d) passes the criterion by the proxy."""
    if not g.gradable or any(lit.key in normalized_output for lit in g.forbidden):
        return False
    return all(lit.key in normalized_output for lit in g.required)


@dataclass(frozen=True)
class Output:
    """One degenerate deliverable: what it is, its text, and the files it was built from."""

    kind: str
    sources: tuple[tuple[str, str], ...]  # (path, text)

    @cached_property
    def normalized(self) -> str:
        """The output's text, normalized for the proxy."""
        return "\n".join(tx.normalize(t) for _, t in self.sources)

    def origin(self, lit: cr.Literal) -> str:
        """Where a literal comes from in this output: `path line N`."""
        for path, text in self.sources:
            line = tx.locate(text, lit.text)
            if line is not None:
                return f"{path} line {line}"
        return "?"


FORM_WORDS = {"template", "draft", "form", "precedent"}
# A memo about a form is advice, not the form itself.
NOT_FORM_WORDS = {"memo", "note", "notes", "email", "alert", "instructions", "request", "letter-to"}


def _looks_like_form(name: str) -> bool:
    """Does a file's name say it is a starting form (by whole words, not substrings)?"""
    stem = name.rsplit("/", 1)[-1].rsplit(".", 1)[0].lower()
    words = set(re.split(r"[\s_.\-]+", stem))
    return bool(words & FORM_WORDS) and not words & NOT_FORM_WORDS


def template_for(ctx: TaskContext, deliverable: str) -> tuple[str, str] | None:
    """The starting template of a deliverable: the workspace file the matcher pairs it with,
    else the one task file of its format family whose name says template/draft/form."""
    files = [f for f in ctx.task_files if f.text is not None]
    paired = resolve([deliverable], [f.name for f in files]).resolved.get(deliverable)
    if paired is None:
        cands = [f.name for f in files if family(f.name) == family(deliverable) and _looks_like_form(f.name)]
        paired = cands[0] if len(cands) == 1 else None
    if paired is None:
        return None
    f = ctx.file(paired)
    return (f.rel, f.text or "") if f else None


def kb_output(ctx: TaskContext) -> Output | None:
    """The whole knowledge base pasted in; built once per audit run and pinned snapshot
    (H08 reports any task whose copy differs from the pin)."""
    if not ctx.kb_files:
        return None
    key = ("kb-output", ctx.snapshot.digest if ctx.snapshot else ctx.task_id, ctx.kb_mount)
    if key not in ctx.cache:
        ctx.cache[key] = Output("knowledge-base", tuple((f.rel, f.text) for f in ctx.kb_files if f.text))
    return ctx.cache[key]


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
    per_deliverable: dict[str, list[str]] = {d: [] for d in names}
    for c in ctx.task.criteria:
        if c.id in gradings:
            continue  # duplicate ids are H04's finding
        g = gradings[c.id] = grading(c, names, [f.name for f in ctx.task_files])
        passed[c.id] = {}
        graded = graded_deliverables(c, names)
        for d in graded:
            per_deliverable[d].append(c.id)
        for kind in KINDS:
            # A criterion over several deliverables passes when one degenerate file of that kind does.
            hit = next((o for d in graded for o in outs.get(d, []) if o.kind == kind and passes(g, o.normalized)),
                       None)
            if hit is not None:
                passed[c.id][kind] = hit
    return Probe(gradings, passed, per_deliverable)
