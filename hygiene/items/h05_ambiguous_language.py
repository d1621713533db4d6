"""H05 ambiguous grading language: standards a judge can read either way."""

from __future__ import annotations

import re

from oafreeze.corpus import text as tx
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H05"
NAME = "ambiguous grading language"

VAGUE = re.compile(r"\b(?:appropriate(?:ly)?|as appropriate|reasonabl[ey]|adequate(?:ly)?|properly|proper|"
                   r"sufficient(?:ly)?|as needed|as necessary|if necessary|where applicable|generally|"
                   r"substantially|etc\.?|and/or|or similar|roughly|approximately)(?![\w/])", re.I)
THE_DOCUMENT = re.compile(r"\bthe (?:document|deliverable|draft|file|output)\b", re.I)


def check(ctx: TaskContext) -> list[Finding]:
    """Each vague word in a criterion, with its sentence."""
    out = []
    several = len(ctx.task.deliverables) > 1
    for i, c in enumerate(ctx.task.criteria):
        where = f"$.criteria[{i}].match_criteria"
        for _line, sentence in tx.sentences(c.match_criteria):
            for m in VAGUE.finditer(sentence):
                out.append(ctx.finding(
                    ID, "minor", "task.json",
                    f"criterion {c.id!r} grades against {m.group(0)!r}, a standard two judges can read two ways",
                    f"replace {m.group(0)!r} with the concrete test a lawyer would apply (what must be there, "
                    "what must not)", location=where, evidence=tx.excerpt(sentence)))
            m = THE_DOCUMENT.search(sentence)
            if m and several and len(c.deliverables) != 1:
                out.append(ctx.finding(
                    ID, "major", "task.json",
                    f"criterion {c.id!r} says {m.group(0)!r} but the task has {len(ctx.task.deliverables)} "
                    "deliverables: the judge may grade the wrong one",
                    "name the deliverable (e.g. 'the agreement (agreement.docx)')",
                    location=where, evidence=tx.excerpt(sentence)))
    return out
