"""H11 trap armed: the declared trap is really there and really detected."""

from __future__ import annotations

from oafreeze.corpus import text as tx
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H11"
NAME = "trap armed"


def check(ctx: TaskContext) -> list[Finding]:
    """No trap, anchors that are not in their files, detecting criteria that do not exist."""
    trap = ctx.ext.trap
    if trap is None:
        return [ctx.finding(ID, "major", "task.json", "the task declares no trap: nobody can check that it tests "
                            "what it was built to test", "declare oafreeze.trap (kind, description, anchors, criteria)",
                            location="$.oafreeze.trap")]
    out = []
    armed = 0
    for key in ("kind", "description"):
        if not getattr(trap, key).strip():
            out.append(ctx.finding(ID, "major", "task.json", f"the trap has no {key}: readers of the results cannot "
                                   "tell what the task was built to catch", f"write oafreeze.trap.{key}",
                                   location=f"$.oafreeze.trap.{key}"))
    if not trap.anchors:
        out.append(ctx.finding(ID, "major", "task.json", f"the {trap.kind} trap has no anchors: the audit cannot "
                               "confirm the tempting material is in the workspace",
                               "add anchors: the file and the quoted passage the trap rests on",
                               location="$.oafreeze.trap.anchors", evidence=tx.excerpt(trap.description)))
    for i, anchor in enumerate(trap.anchors):
        f = ctx.file(anchor.file)
        at = f"$.oafreeze.trap.anchors[{i}]"
        if not anchor.quote.strip():
            out.append(ctx.finding(ID, "major", "task.json", f"trap anchor {i + 1} quotes nothing: the audit cannot "
                                   "confirm the trap is armed", "quote the passage the trap rests on",
                                   location=f"{at}.quote", evidence=anchor.file))
        elif f is None or f.text is None:
            out.append(ctx.finding(ID, "major", "task.json", f"trap anchor file {anchor.file!r} is not a readable "
                                   "workspace file: the trap is not armed", "fix the path (relative to documents/)",
                                   location=f"{at}.file", evidence=anchor.file))
        elif tx.locate(f.text, anchor.quote) is None:
            out.append(ctx.finding(ID, "major", f.rel, f"the trap's anchor quote is not in {f.rel}: the trap is not "
                                   "armed, and every agent avoids it for free",
                                   f"put the passage in {f.rel} or correct the quote", location=f"{at}.quote",
                                   evidence=tx.excerpt(anchor.quote)))
        else:
            armed += 1
    ids = {c.id for c in ctx.task.criteria}
    if not trap.criteria:
        out.append(ctx.finding(ID, "major", "task.json", "the trap names no criterion that detects it: falling into "
                               "it may cost nothing", "list the detecting criterion ids in oafreeze.trap.criteria",
                               location="$.oafreeze.trap.criteria", evidence=trap.kind))
    for cid in trap.criteria:
        if cid not in ids:
            out.append(ctx.finding(ID, "major", "task.json", f"the trap's detecting criterion {cid!r} does not exist",
                                   "name an existing criterion id", location="$.oafreeze.trap.criteria",
                                   evidence=cid))
    if trap.anchors and not armed:
        tempting = " (for a placement trap: the advisory material the agent might copy)" \
            if "placement" in trap.kind.lower() else ""
        out.append(ctx.finding(ID, "blocker", "task.json", f"none of the {trap.kind} trap's anchors is in the "
                               f"workspace{tempting}: the task cannot catch what it was built to catch",
                               "restore the anchored passages or correct the anchors",
                               location="$.oafreeze.trap.anchors", evidence=tx.excerpt(trap.description)))
    return out
