"""H03 degenerate output: criteria a do-nothing or copy-everything output would satisfy."""

from __future__ import annotations

import re

from oafreeze.hygiene import degenerate
from oafreeze.corpus import text as tx
from oafreeze.environment import criteria as cr
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H03"
NAME = "degenerate output"


_LABEL = re.compile(r"[A-Za-z][A-Za-z-]*(?:\s[A-Za-z][A-Za-z-]*)?")


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
        if not g.groups or not kinds:
            continue
        where = index[cid]
        # Sure when one input alone holds every literal (copying it passes) or the output is the
        # template or the instructions; when a pasted workspace passes only by pooling literals
        # from several files, assembling them may be the work itself, and the proxy cannot tell.
        sure = [k for k in kinds if k in ("template", "instructions") or p.alone[cid].get(k)]
        # A label of a word or two ("high", "hardcore") stands somewhere in any long text: that the pasted
        # workspace or knowledge base holds it says little of where the output must put it.
        labels = all(lit.kind == "quote" and _LABEL.fullmatch(lit.text) for group in g.groups for lit in group)
        if labels and set(sure) <= {"workspace", "knowledge-base"}:
            sure = []
        source = p.passed[cid][(sure or kinds)[0]]
        shown = [next((lit for lit in group if lit.key in source.normalized), group[0]) for group in g.groups]
        found = "; ".join(f"{lit.text!r} ({source.origin(lit)})" for lit in shown)
        pass_clause = cr.clauses(ctx.task.criteria[where].match_criteria)[0]
        named = sure or kinds
        if sure:
            message = (f"criterion {cid!r} carries no signal: {', '.join(degenerate.DESCRIBE[k] for k in named)} "
                       f"already contain{'s' if len(named) == 1 else ''} every literal it requires: {found}")
        elif labels:
            message = (f"criterion {cid!r} may carry little signal: the only literals it requires are short labels "
                       f"that long inputs hold somewhere ({found}); where the output puts them is for the judge")
        else:
            message = (f"criterion {cid!r} may carry little signal: the literals it requires are all in the inputs, "
                       f"spread over several files ({found}); an output that pools them passes the literal proxy")
        out.append(ctx.finding(
            ID, "major" if sure else "minor", "task.json", message,
            "make the PASS clause require what the agent has to work out (a conclusion, the applicable rule "
            "applied to these facts), not strings the inputs already hold",
            location=f"$.criteria[{where}].match_criteria", evidence=tx.excerpt("PASS if " + pass_clause)))
    for i, c in enumerate(ctx.task.criteria):
        claims = cr.read(c.match_criteria).passes.claims
        escape = _silent_branch(claims)
        if escape is not None:
            out.append(ctx.finding(
                ID, "major", "task.json", f"criterion {c.id!r} passes an output that says nothing: its PASS clause "
                f"has the branch {'or ' + escape.text!r}, which an empty file meets, so it carries no signal",
                "drop the branch, or move it to a criterion of its own that also requires what the output must say",
                location=f"$.criteria[{i}].match_criteria", evidence=tx.excerpt(c.match_criteria)))
        elif claims and all(cr.LENGTH_LIMIT.search(claim.text) for claim in claims):
            out.append(ctx.finding(
                ID, "minor", "task.json", f"criterion {c.id!r} only limits length: an empty output passes it, so it "
                "carries no signal of its own", "require what the output must say as well, in this criterion or "
                "beside it (a length limit then only sharpens it)", location=f"$.criteria[{i}].match_criteria",
                evidence=tx.excerpt(c.match_criteria)))
        elif p.gradings.get(c.id) is not None and p.gradings[c.id].existence_only:
            out.append(ctx.finding(
                ID, "minor", "task.json", f"criterion {c.id!r} only asks that the file exist: an empty file passes "
                "it, so it carries no signal of its own", "require what the output must say as well",
                location=f"$.criteria[{i}].match_criteria", evidence=tx.excerpt(c.match_criteria)))
        elif all(map(cr.form_only, [claim.text for claim in claims] or [cr.clauses(c.match_criteria)[0] or ""])) \
                and (claims or cr.clauses(c.match_criteria)[0]):
            out.append(ctx.finding(
                ID, "minor", "task.json", f"criterion {c.id!r} only asks for the output's size or shape (a length, a "
                "table, a list): the workspace or the knowledge base pasted in passes it, so it carries no signal of "
                "its own", "require what the output must say as well, in this criterion or beside it",
                location=f"$.criteria[{i}].match_criteria", evidence=tx.excerpt(c.match_criteria)))
        elif claims and all(cr.LANGUAGE_ONLY.search(claim.text) for claim in claims):
            out.append(ctx.finding(
                ID, "minor", "task.json", f"criterion {c.id!r} only asks for the language the output is written in: "
                "the instructions echoed back, or the workspace pasted in, pass it, so it carries no signal of its "
                "own", "require what the output must say as well, in this criterion or beside it",
                location=f"$.criteria[{i}].match_criteria", evidence=tx.excerpt(c.match_criteria)))
    by_id = {c.id: c for c in ctx.task.criteria}
    for d, ids in p.deliverable_criteria.items():
        if ids and all(p.gradings[i].existence_only for i in ids):
            out.append(ctx.finding(
                ID, "major", "task.json", f"every criterion that grades {d!r} only asks that it exist "
                f"({', '.join(ids)}): an empty {d} passes", f"add a criterion that requires what {d} must contain",
                location="$.deliverables", evidence=d))
        elif ids and all(p.gradings[i].absence_only or p.gradings[i].existence_only for i in ids):
            # A prohibition written for this deliverable alone and in words ("contains no non-competition
            # covenant binding Dana") is the legal decision the task tests: the realistic degenerate
            # outputs (a form, the knowledge base's template) fail it, only an empty file passes.
            # Absence rules over strings or over several deliverables pass any clean text.
            substantive = [i for i in ids if by_id[i].deliverables == [d] and not p.gradings[i].forbidden
                           and p.gradings[i].absence_only]
            out.append(ctx.finding(
                ID, "minor" if substantive else "major", "task.json",
                f"every criterion that grades {d!r} only demands absence"
                f"{'' if all(p.gradings[i].absence_only for i in ids) else ' or that it exist'} ({', '.join(ids)}): "
                f"an empty {d} passes"
                + (f" (the prohibition in {', '.join(substantive)} is specific to {d}, so only an empty or token "
                   "file passes it)" if substantive else ""),
                f"add a criterion that requires what {d} must contain",
                location="$.deliverables", evidence=d))
        elif ids and all(_vacuous(by_id[i]) for i in ids):
            out.append(ctx.finding(
                ID, "major", "task.json", f"every criterion that grades {d!r} only rules on what it lists "
                f"({', '.join(ids)}: 'every ... listed in it is ...', 'is consistent with ...'): an empty {d} lists and "
                f"contradicts nothing, so it passes",
                f"add a criterion that requires what {d} must contain", location="$.deliverables", evidence=d))
    return out


# A PASS clause that only rules on the items an output lists ("every change listed in change-log.md is
# one of the three edits", "each entry in the log names its section"): true of an empty list.
# ("every date that notice.md gives is ...": the output as the subject of an active verb, too).
_EVERY_LISTED = re.compile(r"(?:every|each|all|any)\s+(?:of\s+the\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:(?:it\s+)?"
                           r"(?:listed|named|given|mentioned|cited|included|recorded|shown|described|entered|logged|"
                           r"in|on)\b|(?:(?:that|which)\s+)?(?:it|they|the\s+[\w-]+|[\w.-]+\.\w{1,5})\s+"
                           r"(?:gives|lists|names|mentions|cites|includes|contains|states|sets\s+out|shows|records|"
                           r"uses|quotes|proposes|reports|makes)\b)", re.I)
# A claim that asks only that the output not contradict something ("notes.md is consistent with the
# form", "does not contradict the memo"): an empty output contradicts nothing.
_CONSISTENT_ONLY = re.compile(r"^\s*(?:[\w./-]+\.\w{1,5}|it|they|(?:the|its|their)\s+[\w-]+(?:\s+[\w-]+)?)\s+"
                              r"(?:(?:is|are|remains?|stays?)\s+(?:fully\s+|entirely\s+|wholly\s+)?(?:consistent|"
                              r"in\s+line|compatible|in\s+keeping|aligned)\s+with|(?:does|do)\s*(?:not|n['’]t)\s+"
                              r"(?:contradict|conflict\s+with|depart\s+from))\s+[^,;]*$", re.I)


def _vacuous(c) -> bool:
    """Whether every claim of a criterion's PASS clause speaks of each item the output lists, or
    asks only that the output not contradict something: true of an empty output."""
    claims = cr.read(c.match_criteria).passes.claims
    return bool(claims) and all(_EVERY_LISTED.match(claim.text) or _CONSISTENT_ONLY.search(claim.text)
                                for claim in claims)


# A PASS clause's alternative that silence meets: "... cites § 8-2-113(8), or does not discuss the
# penalty at all". A branch that is a condition ("or, if it does not ..., flags ...") is not one.
_SILENT = re.compile(r"(?:(?:it|they|the\s+[\w.-]+)\s+)?(?:(?:does|do|did|is|are)\s*(?:not|n['’]t)\s+"
                     r"(?:\w+\s+){0,2}?(?:discuss|mention|address|cover|deal\s+with|refer\s+to|say|state|raise|"
                     r"include|contain|reach|touch\s+on)\w*|(?:says|mentions|discusses|contains)\s+nothing|"
                     r"(?:is|are|remains?)\s+silent|omits|leaves\s+out)\b", re.I)


def _silent_branch(claims) -> object | None:
    """The claim of a PASS clause that is an "or" alternative meeting by saying nothing, when the
    clause also demands something (else the absence rules below speak to it)."""
    if not any(c.positive for c in claims):
        return None
    return next((c for c in claims if c.joiner == "or" and not c.positive and _SILENT.match(c.text)
                 and not cr.LENGTH_LIMIT.search(c.text)), None)
