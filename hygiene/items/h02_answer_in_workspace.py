"""H02 answer in the workspace: the deliverable is not already there."""

from __future__ import annotations

from oafreeze.environment.matching import resolve
from oafreeze.hygiene import degenerate
from oafreeze.corpus import text as tx
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H02"
NAME = "answer in the workspace"
SEVERITY = {"exact": "blocker", "fuzzy": "major", "extension": "minor"}


def check(ctx: TaskContext) -> list[Finding]:
    """Workspace files the matcher would grade as a deliverable; files that already pass its criteria."""
    out = []
    names = list(ctx.task.deliverables)
    res = resolve(names, [f.name for f in ctx.workspace])
    for d, hit in res.resolved.items():
        if hit is None:
            continue
        how = res.method[d].split(":")[0]
        out.append(ctx.finding(
            ID, SEVERITY[how], f"documents/{hit}",
            f"the deliverable matcher pairs deliverable {d!r} with the existing workspace file {hit!r} "
            f"({res.method[d]}): an agent that writes nothing may be graded on a file it was given",
            f"rename {hit!r} so that no deliverable name matches it (e.g. add '-source' or '-template')",
            evidence=f"{d} -> {hit} ({res.method[d]})"))
    inputs = [f.name for f in ctx.task_files]
    for d in names:
        grads = {c.id: degenerate.grading(c, names, inputs) for c in ctx.task.criteria
                 if d in degenerate.graded_deliverables(c, names)}
        ids = list(grads)
        required = [lit for g in grads.values() for lit in g.required]
        if not ids or len(required) < 2 or not all(g.required for g in grads.values()):
            continue  # the proxy can only call a file "the finished answer" when every criterion names literals
        for f in ctx.task_files:
            if not f.text:
                continue
            norm = tx.normalize(f.text)
            if all(degenerate.passes(g, norm) for g in grads.values()):
                first = tx.locate(f.text, required[0].text)
                out.append(ctx.finding(
                    ID, "major", f.rel,
                    f"{f.rel} already contains everything the criteria of {d!r} ask for "
                    f"({', '.join(ids)}: {', '.join(repr(lit.text) for lit in required)}): copying it passes",
                    f"take the finished answer out of {f.rel}, or make the criteria of {d!r} ask for work "
                    "the workspace does not already contain",
                    location=first, evidence=tx.line_text(f.text, first)))
    return out
