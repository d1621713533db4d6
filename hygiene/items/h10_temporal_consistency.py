"""H10 temporal consistency: as-of date, instructions, seeded law and knowledge base agree."""

from __future__ import annotations

import re

from oafreeze.corpus import text as tx
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H10"
NAME = "temporal consistency"
TODAY_CUE = re.compile(r"\b(?:today|as of|current date|the date is|it is now)\b", re.I)


def check(ctx: TaskContext) -> list[Finding]:
    """Dates that tell two stories about when the work is done and which law applies."""
    ext = ctx.ext
    if not ext.as_of:
        return [ctx.finding(ID, "minor", "task.json", "the task declares no as_of date: which law applies is left "
                            "to the agent's guess", "add oafreeze.as_of (YYYY-MM-DD)", location="$.oafreeze.as_of")]
    as_of = tx.parse_date(ext.as_of)
    if as_of is None:
        return [ctx.finding(ID, "major", "task.json", f"as_of {ext.as_of!r} is not a date", "write it as YYYY-MM-DD",
                            location="$.oafreeze.as_of", evidence=ext.as_of)]
    out = []
    if as_of > ctx.today:
        out.append(ctx.finding(ID, "major", "task.json", f"as_of {ext.as_of} is after the freeze ({ctx.today}): "
                               "the law of that day cannot have been checked", "use a date on or before today",
                               location="$.oafreeze.as_of", evidence=ext.as_of))
    trap_text = tx.normalize(" ".join([ext.trap.kind, ext.trap.description]) if ext.trap else "")
    trap_files = {a.file for a in ext.trap.anchors} if ext.trap else set()
    for i, law in enumerate(ext.seeded_law):
        effective = tx.parse_date(law.effective_date or "")
        if effective and effective > as_of and tx.normalize(law.citation) not in trap_text \
                and law.file not in trap_files:
            out.append(ctx.finding(
                ID, "major", "task.json",
                f"{law.citation} takes effect on {law.effective_date}, after the as-of date {ext.as_of}, and the trap "
                "does not say the agent must notice it: criteria that apply it grade against law not yet in force",
                "move as_of, replace the law, or declare the timing as the trap",
                location=f"$.oafreeze.seeded_law[{i}].effective_date", evidence=law.effective_date))
    for _line, sentence in tx.sentences(ctx.task.instructions):
        if not TODAY_CUE.search(sentence):
            continue
        for written, _ in tx.dates(sentence):
            when = tx.parse_date(written)
            if when and when != as_of:
                out.append(ctx.finding(
                    ID, "major", "task.json",
                    f"the instructions give today's date as {written} but as_of is {ext.as_of}: the agent and the "
                    "criteria may apply different law", "make the instructions and oafreeze.as_of agree",
                    location="$.instructions", evidence=tx.excerpt(sentence)))
    if ctx.snapshot:
        later = sorted((d.timestamp[:10], d.id) for d in ctx.snapshot.documents
                       if d.timestamp and (t := tx.parse_date(d.timestamp)) and t > as_of)
        if later:
            out.append(ctx.finding(
                ID, "minor", ctx.kb_mount,
                f"{len(later)} knowledge-base document(s) were reviewed after the as-of date {ext.as_of}: the agent "
                "may read law or practice from its future", "pin an earlier snapshot or move as_of, or waive with "
                "the reason the later reviews do not matter", evidence=f"{later[-1][1]} (reviewed {later[-1][0]})"))
    return out
