"""H12 placement discipline: operative text stays clean, advice has somewhere to go."""

from __future__ import annotations

import re

from oafreeze.hygiene import text as tx
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H12"
NAME = "placement discipline"

# What a placement criterion talks about: material that must not reach operative text.
PLACEMENT = re.compile(r"source path|file path|knowledge[- ]base|internal|drafting (?:note|comment)|commentary|"
                       r"client advice|legal analysis|advisory|rationale|practice guide|placement|"
                       r"explanat|editorial", re.I)
# A placement rule that forbids citing law outright would fail a legally required notice.
FORBIDS_LAW = re.compile(r"\b(?:statut\w*|citations?|cites?|§)", re.I)
NOTICE_EXCEPTION = re.compile(r"except|unless|other than|required (?:statutory )?notice|statutory notice|"
                              r"required by law|legally required", re.I)


def check(ctx: TaskContext) -> list[Finding]:
    """Operative and advisory deliverables declared and graded for placement."""
    ext = ctx.ext
    if ctx.task.work_type != "draft" and not ext.operative:
        return []
    out = []
    names = set(ctx.task.deliverables)
    if not ext.operative:
        out.append(ctx.finding(ID, "major", "task.json", "a drafting task that names no operative deliverable: "
                               "nothing tells the judge which text a counterparty or employee signs",
                               "list them in oafreeze.operative", location="$.oafreeze.operative"))
    if not ext.advisory:
        out.append(ctx.finding(ID, "major", "task.json", "no advisory deliverable: an agent with advice to give has "
                               "nowhere to put it but the operative text, so the task punishes diligence",
                               "add an advisory deliverable (e.g. client-email.md) and list it in oafreeze.advisory",
                               location="$.oafreeze.advisory"))
    for key, listed in (("operative", ext.operative), ("advisory", ext.advisory)):
        for i, d in enumerate(listed):
            if d not in names:
                out.append(ctx.finding(ID, "major", "task.json", f"{key} deliverable {d!r} is not among the "
                                       "task's deliverables", "list only deliverable names",
                                       location=f"$.oafreeze.{key}[{i}]", evidence=d))
    for d in sorted(set(ext.operative) & set(ext.advisory)):
        out.append(ctx.finding(ID, "major", "task.json", f"{d!r} is declared both operative and advisory",
                               "declare it once", location="$.oafreeze.operative", evidence=d))
    for d in ext.operative:
        placement = [(i, c) for i, c in enumerate(ctx.task.criteria)
                     if (d in c.deliverables or not c.deliverables) and PLACEMENT.search(c.match_criteria)]
        if not placement:
            out.append(ctx.finding(
                ID, "major", "task.json", f"no placement criterion covers the operative deliverable {d!r}: "
                "internal analysis, source paths or client advice written into it costs nothing",
                f"add a criterion on {d!r}: FAIL if it contains source paths, drafting commentary, client advice "
                "or legal analysis (statutory notices the law requires are allowed)",
                location="$.criteria", evidence=d))
        for i, c in placement:
            fail = tx.clauses(c.match_criteria)[1]
            if FORBIDS_LAW.search(fail) and not NOTICE_EXCEPTION.search(c.match_criteria):
                out.append(ctx.finding(
                    ID, "minor", "task.json", f"placement criterion {c.id!r} fails any citation of law in {d!r}, "
                    "including a statutory notice the law requires it to carry",
                    "allow legally required statutory notices explicitly", location=f"$.criteria[{i}].match_criteria",
                    evidence=tx.excerpt("FAIL if " + fail)))
    return out
