"""H01 rubric isolation: the grading material cannot reach the agent."""

from __future__ import annotations

import re

from oafreeze.corpus import text as tx
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H01"
NAME = "rubric isolation"

GRADING_NAMES = re.compile(r"^(task\.json|(rubric|grader|grading|criteria|expected[-_ ]?outputs?|answer[-_ ]?key|"
                           r"solutions?|scoring)([-_ .].*)?)$", re.I)
SHINGLE = 5
BLOCKER_OVERLAP = 0.8  # near-verbatim copy of a criterion
MAJOR_OVERLAP = 0.5


def check(ctx: TaskContext) -> list[Finding]:
    """Grading files in the workspace; workspace text that reproduces a criterion."""
    out = []
    for f in ctx.workspace:
        base = f.rel.rsplit("/", 1)[-1]
        if GRADING_NAMES.match(base):
            out.append(ctx.finding(
                ID, "blocker", f.rel, f"the agent can open {base!r}, a grading file by its name: an agent that "
                "reads the rubric or the expected output scores on what it read, not on its work",
                "move the file out of documents/ (task.json and grading material live beside the workspace)",
                evidence=base))
    criteria = [(i, c, tx.shingles(c.match_criteria, SHINGLE)) for i, c in enumerate(ctx.task.criteria)]
    for f in ctx.task_files:
        if not f.text:
            continue
        have = tx.shingles(f.text, SHINGLE)
        norm = None
        for i, c, want in criteria:
            if want:
                shared = [s for s in want if s in have]
                overlap = len(shared) / len(want)
                line = min((have[s] for s in shared), default=None)
            else:  # a criterion shorter than one shingle: verbatim containment only
                norm = norm if norm is not None else tx.normalize(f.text)
                overlap = 1.0 if tx.normalize(c.match_criteria) in norm else 0.0
                line = tx.locate(f.text, c.match_criteria)
            if overlap < MAJOR_OVERLAP:
                continue
            out.append(ctx.finding(
                ID, "blocker" if overlap >= BLOCKER_OVERLAP else "major", f.rel,
                f"{f.rel}{f.where(line)} reproduces {overlap:.0%} of criterion {c.id!r} ({c.title}): the agent can "
                "read what the judge will look for and write to the rubric",
                f"remove or rewrite the passage in {f.rel} so it no longer restates criterion {c.id}",
                location=line, evidence=tx.line_text(f.text, line)))
    return out
