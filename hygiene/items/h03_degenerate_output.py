"""H03 degenerate output: criteria a do-nothing or copy-everything output would satisfy."""

from __future__ import annotations

from oafreeze.hygiene import degenerate
from oafreeze.corpus import text as tx
from oafreeze.hygiene import criteria as cr
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H03"
NAME = "degenerate output"


def check(ctx: TaskContext) -> list[Finding]:
    """Blocker: one degenerate output passes every criterion. Major: a criterion passed by a
    non-empty degenerate output; a deliverable whose criteria only demand absence."""
    p = degenerate.probe(ctx)
    out = []
    index = {c.id: i for i, c in reversed(list(enumerate(ctx.task.criteria)))}
    for kind in degenerate.KINDS:
        if p.all_passed_by(kind):
            out.append(ctx.finding(
                ID, "blocker", "task.json",
                f"{degenerate.DESCRIBE[kind]} passes every criterion of the task by the literal proxy: "
                "a score of 1.0 is possible without doing the work",
                "add criteria that demand content the agent must produce (a conclusion, a computed figure, "
                "a drafted clause) and that no input already contains",
                location="$.criteria", evidence=f"{kind} passes {', '.join(p.gradings)}"))
    for cid, g in p.gradings.items():
        kinds = [k for k in p.passed[cid] if k != "empty"]
        if not g.required or not kinds:
            continue
        where = index[cid]
        source = p.passed[cid][kinds[0]]
        found = "; ".join(f"{lit.text!r} ({source.origin(lit)})" for lit in g.required)
        pass_clause = cr.clauses(ctx.task.criteria[where].match_criteria)[0]
        out.append(ctx.finding(
            ID, "major", "task.json",
            f"criterion {cid!r} carries no signal: {', '.join(degenerate.DESCRIBE[k] for k in kinds)} "
            f"already contain{'s' if len(kinds) == 1 else ''} every literal it requires: {found}",
            "make the PASS clause require what the agent has to work out (a conclusion, the applicable rule "
            "applied to these facts), not strings the inputs already hold",
            location=f"$.criteria[{where}].match_criteria", evidence=tx.excerpt("PASS if " + pass_clause)))
    for d, ids in p.deliverable_criteria.items():
        if ids and all(p.gradings[i].absence_only for i in ids):
            out.append(ctx.finding(
                ID, "major", "task.json",
                f"every criterion that grades {d!r} only demands absence ({', '.join(ids)}): an empty {d} passes",
                f"add a criterion that requires what {d} must contain",
                location="$.deliverables", evidence=d))
    return out
