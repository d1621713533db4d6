"""H12 placement discipline: operative text stays clean, advice has somewhere to go."""

from __future__ import annotations

import re

from oafreeze.hygiene import degenerate
from oafreeze.corpus import text as tx
from oafreeze.hygiene import criteria as cr
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
# A run of this many words copied from a knowledge-base guide into a starting form is a passage
# of advice; a shared citation or stock phrase is shorter.
SHINGLE = 5
COPIED_WORDS = 12


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
            fail = cr.clauses(c.match_criteria)[1]
            if FORBIDS_LAW.search(fail) and not NOTICE_EXCEPTION.search(c.match_criteria):
                out.append(ctx.finding(
                    ID, "minor", "task.json", f"placement criterion {c.id!r} fails any citation of law in {d!r}, "
                    "including a statutory notice the law requires it to carry",
                    "allow legally required statutory notices explicitly", location=f"$.criteria[{i}].match_criteria",
                    evidence=tx.excerpt("FAIL if " + fail)))
    return out + copied_advice(ctx)


def copied_advice(ctx: TaskContext) -> list[Finding]:
    """Starting templates of operative deliverables that already carry knowledge-base advice: a run
    of at least COPIED_WORDS words found in a guide, checklist or survey of the pinned library and in
    none of its templates or the task's seeded law (form language and statutory text stay allowed)."""
    if ctx.snapshot is None or not ctx.ext.operative:
        return []
    key = ("h12-kb-advice", ctx.snapshot.digest, ctx.kb_mount)
    if key not in ctx.cache:
        kinds = {d.id: d.kind for d in ctx.snapshot.documents}
        kind = {f"{ctx.kb_mount}/{f.path}": kinds.get(f.document) for f in ctx.snapshot.files if f.document}
        advice: dict[tuple[str, ...], str] = {}
        form: set[tuple[str, ...]] = set()
        for f in ctx.kb_files:
            if f.text and f.rel in kind:
                if kind[f.rel] == "template":
                    form.update(tx.shingles(f.text, SHINGLE))
                else:
                    for s in tx.shingles(f.text, SHINGLE):
                        advice.setdefault(s, f.rel)
        ctx.cache[key] = {s: rel for s, rel in advice.items() if s not in form}
    advice = ctx.cache[key]
    law = {s for seeded in ctx.ext.seeded_law for s in tx.shingles(seeded.quote or "", SHINGLE)}
    starts: dict[str, tuple[str, list[str]]] = {}
    for d in ctx.ext.operative:
        tmpl = degenerate.template_for(ctx, d)
        if tmpl:
            starts.setdefault(tmpl[0], (tmpl[1], []))[1].append(d)
    out = []
    for rel, (text, ds) in starts.items():
        ws = tx.words(text)
        hits = [advice.get(s) if s not in law else None
                for s in (tuple(w for w, _ in ws[i:i + SHINGLE]) for i in range(len(ws) - SHINGLE + 1))]
        (length, at), run = (0, 0), 0  # the longest copied run: its words and its first word
        for i, hit in enumerate(hits):
            run = run + 1 if hit else 0
            if run and run + SHINGLE - 1 > length:
                length, at = run + SHINGLE - 1, i - run + 1
        if length < COPIED_WORDS:
            continue
        passage = " ".join(w for w, _ in ws[at:at + length])
        out.append(ctx.finding(
            ID, "major", rel, f"{rel}, the starting template of the operative deliverable(s) {', '.join(ds)}, "
            f"already carries {length} words copied from {hits[at]}: an agent that fills in the form as given "
            "hands the signer the knowledge base's legal analysis, and the placement criterion fails it",
            f"take the knowledge-base passage out of {rel}; advice belongs in the advisory deliverables",
            location=ws[at][1], evidence=tx.excerpt(passage)))
    return out
