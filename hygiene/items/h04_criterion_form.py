"""H04 criterion form: unique id, title, PASS and FAIL clauses, real deliverables, one claim."""

from __future__ import annotations

import re
from collections import Counter

from oafreeze.corpus import text as tx
from oafreeze.hygiene import criteria as cr
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H04"
NAME = "criterion form"

# "(1) ... (2) ...", "(a) ... (b) ...", or two requirements joined by ";" / "and also".
ENUMERATION = re.compile(r"\((?:1|a|i)\).*\((?:2|b|ii)\)", re.S)
JOINED = re.compile(r";\s*(?:and\s+)?(?:it\s+)?\w+s\b|\band also\b|\bas well as\b", re.I)


def check(ctx: TaskContext) -> list[Finding]:
    """Every form problem of every criterion."""
    out = []
    names = list(ctx.task.deliverables)
    ids = Counter(c.id for c in ctx.task.criteria)
    for i, c in enumerate(ctx.task.criteria):
        at = f"$.criteria[{i}]"
        if ids[c.id] > 1:
            out.append(ctx.finding(ID, "major", "task.json",
                                   f"criterion id {c.id!r} is used {ids[c.id]} times: verdicts, waivers and the "
                                   "trap's detecting criteria cannot tell them apart",
                                   "give every criterion its own id", location=f"{at}.id", evidence=c.id))
        if not c.title.strip():
            out.append(ctx.finding(ID, "major", "task.json", f"criterion {c.id!r} has a blank title",
                                   "give it a short title", location=f"{at}.title", evidence=repr(c.title)))
        pass_clause, fail_clause = cr.clauses(c.match_criteria)
        for label, clause in (("PASS if", pass_clause), ("FAIL if", fail_clause)):
            if not clause:
                out.append(ctx.finding(
                    ID, "major", "task.json",
                    f"criterion {c.id!r} has no {label!r} clause: the judge must guess the other half of the rule",
                    f"write the criterion as \"PASS if ... FAIL if ...\" with a non-empty {label} clause",
                    location=f"{at}.match_criteria", evidence=tx.excerpt(c.match_criteria)))
        for d in c.deliverables:
            if d not in ctx.task.deliverables:
                out.append(ctx.finding(
                    ID, "major", "task.json",
                    f"criterion {c.id!r} grades {d!r}, which is not a deliverable: the judge is given no file",
                    f"name one of the deliverables ({', '.join(names)})",
                    location=f"{at}.deliverables", evidence=d))
        if not c.deliverables and len(names) > 1:
            out.append(ctx.finding(
                ID, "major", "task.json",
                f"criterion {c.id!r} names no deliverable while the task has {len(names)}: the judge may read the "
                "wrong one", "list the deliverable(s) this criterion grades", location=f"{at}.deliverables",
                evidence=c.title))
        if pass_clause and (ENUMERATION.search(pass_clause) or JOINED.search(pass_clause)):
            out.append(ctx.finding(
                ID, "minor", "task.json",
                f"criterion {c.id!r} bundles several claims in one PASS clause: a partly right answer gets one "
                "verdict, and judges split on it", "split it into one criterion per claim",
                location=f"{at}.match_criteria", evidence=tx.excerpt("PASS if " + pass_clause)))
    return out
