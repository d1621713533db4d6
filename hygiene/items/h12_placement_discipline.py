"""H12 placement discipline: operative text stays clean, advice has somewhere to go."""

from __future__ import annotations

import re

from oafreeze.hygiene import degenerate
from oafreeze.corpus import text as tx
from oafreeze.hygiene import criteria as cr
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.kbindex import copied_runs
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


def applies(ctx: TaskContext) -> str | None:
    """Operative and advisory deliverables are declared in the oafreeze block, and only a drafting
    task (or one that declares operative text) has text a counterparty signs."""
    if not ctx.has_block:
        return "the task has no oafreeze block, so it declares no operative or advisory deliverable"
    if ctx.task.work_type != "draft" and not ctx.ext.operative:
        return f"a {ctx.task.work_type or 'non-drafting'} task that declares no operative deliverable"
    return None


def check(ctx: TaskContext) -> list[Finding]:
    """Operative and advisory deliverables declared and graded for placement."""
    ext = ctx.ext
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
            out += _notice_rule(ctx, d, i, c)
    out += _undeclared_operative(ctx)
    return _dedupe(out) + copied_advice(ctx) + advice_in_forms(ctx)


def _dedupe(findings: list[Finding]) -> list[Finding]:
    seen, out = set(), []
    for f in findings:
        key = (f.location, f.message)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


NOTICE = re.compile(r"\bnotices?\b|§\s*1833|immunity|whistleblow", re.I)


def _notice_rule(ctx: TaskContext, d: str, i: int, c) -> list[Finding]:
    """A placement rule must let a legally required notice through: one that forbids notices
    outright fails every correct answer (major); one that forbids any citation of law without an
    exception fails the notice that cites its statute (minor)."""
    reading = cr.read(c.match_criteria)
    forbidding = [f"FAIL if {f}" for f in reading.fails.forbidding] + [f"PASS if {f}" for f in reading.passes.forbidding]
    permitted = reading.fails.permitted + reading.passes.permitted
    allows_notice = any(NOTICE.search(p) or re.search(r"required|statutory|law", p, re.I) for p in permitted) or \
        bool(NOTICE_EXCEPTION.search(" ".join(permitted)))
    if allows_notice:
        return []
    span = next((f for f in forbidding if NOTICE.search(f)), None)
    if span is not None:
        return [ctx.finding(
            ID, "major", "task.json", f"placement criterion {c.id!r} fails {d!r} for carrying a notice, and nothing "
            "in it excepts the notices the law requires: a correct agreement that includes them fails",
            "except legally required statutory notices explicitly (e.g. the 18 U.S.C. § 1833(b) immunity notice)",
            location=f"$.criteria[{i}].match_criteria", evidence=tx.excerpt(span))]
    span = next((f for f in forbidding if FORBIDS_LAW.search(f)), None)
    if span is not None and not NOTICE_EXCEPTION.search(c.match_criteria):
        return [ctx.finding(
            ID, "minor", "task.json", f"placement criterion {c.id!r} fails any citation of law in {d!r}, "
            "including a statutory notice the law requires it to carry",
            "allow legally required statutory notices explicitly", location=f"$.criteria[{i}].match_criteria",
            evidence=tx.excerpt(span))]
    return []


# What a deliverable's description says when a counterparty or employee signs or receives it.
OPERATIVE_WORDS = re.compile(r"\b(?:sign(?:ed|s|ing|ature)?|execut\w+|ready\s+to\s+(?:send|sign|deliver)|"
                             r"counterpart|(?:agreement|contract|covenants?|offer\s+letter|notice|consent|release|"
                             r"amendment|deed|form)\b)", re.I)
ADVISORY_WORDS = re.compile(r"\b(?:memo|email|e-mail|note|notes|rationale|advice|summary|report|analysis|letter\s+to\s+"
                            r"the\s+client|cover)\b", re.I)


def _undeclared_operative(ctx: TaskContext) -> list[Finding]:
    """A deliverable that reads as operative (its description or name: an agreement, 'ready to sign')
    but is declared neither operative nor advisory: no placement rule protects it."""
    ext = ctx.ext
    declared = set(ext.operative) | set(ext.advisory)
    out = []
    for d, description in ctx.task.deliverables.items():
        if d in declared:
            continue
        text = f"{d.replace('-', ' ')} {description}"
        if OPERATIVE_WORDS.search(text) and not ADVISORY_WORDS.search(description.split(",")[0]):
            out.append(ctx.finding(
                ID, "major", "task.json", f"{d!r} reads as operative ({tx.excerpt(description, 80)!r}) but is not "
                "listed in oafreeze.operative: no placement rule keeps analysis and source paths out of what the "
                "counterparty signs", f"list {d!r} in oafreeze.operative (or in oafreeze.advisory if it stays with "
                "the client)", location="$.oafreeze.operative", evidence=d))
        else:
            out.append(ctx.finding(
                ID, "minor", "task.json", f"{d!r} is declared neither operative nor advisory",
                f"list {d!r} in oafreeze.operative or oafreeze.advisory", location="$.oafreeze.operative",
                evidence=d))
    return out


# Material that does not belong in text a counterparty signs, found in the starting form of an
# operative deliverable: an agent that edits the form carries it into the signed document.
SOURCE_PATH = re.compile(r"(?<![\w/])(?:documents/|knowledge-base/|practice-guides/|templates/|checklists/|surveys/)"
                         r"[\w./-]*|(?<![\w/.-])[\w-]+/[\w./-]+\.(?:md|docx|pdf|txt|xlsx)\b")
DRAFTING_NOTE = re.compile(r"\[\s*(?:drafting|drafter'?s?|editor'?s?|practice|internal|author'?s?)\s+note|"
                           r"\bdrafting\s+note\b|\bnote\s+to\s+(?:draft|drafter|file|self|reviewer)\b|\bNTD\b|"
                           r"\[\s*comment\b|\bTODO\b|\bpractice\s+(?:tip|note|pointer)\b")
ADVICE_VOICE = re.compile(r"\bin\s+our\s+(?:view|experience|opinion)\b|\bwe\s+(?:recommend|advise|suggest|believe|"
                          r"think|expect|would\s+(?:recommend|advise))\b|\bour\s+(?:advice|recommendation|view)\b|"
                          r"\b(?:employers?|clients?|companies|you)\s+should\b|\bbest\s+practice\b|"
                          r"\bcourts?\s+(?:will|have|tend|are\s+likely|routinely|often|generally|usually|may\s+refuse)\b|"
                          r"\bis\s+likely\s+to\s+be\s+(?:enforced|struck|held|found)\b|\bthe\s+safer\s+course\b",
                          re.I)


def advice_in_forms(ctx: TaskContext) -> list[Finding]:
    """The starting form of an operative deliverable carries a source path, a drafting note or
    advice in the adviser's voice (another firm's alert, a guide's recommendation)."""
    out = []
    forms: dict[str, list[str]] = {}
    for d in ctx.ext.operative:
        tmpl = degenerate.template_for(ctx, d)
        if tmpl:
            forms.setdefault(tmpl[0], []).append(d)
    for rel, ds in forms.items():
        f = ctx.file(rel)
        if f is None or not f.text:
            continue
        for what, pattern in (("a source path", SOURCE_PATH), ("a drafting note", DRAFTING_NOTE),
                              ("advice in the adviser's voice", ADVICE_VOICE)):
            m = pattern.search(f.text)
            if not m:
                continue
            line = f.text.count("\n", 0, m.start()) + 1
            out.append(ctx.finding(
                ID, "major", rel, f"{rel}, the starting form of {', '.join(ds)}, carries {what} "
                f"({m.group(0)!r}): an agent that edits the form as asked hands it to the signer, and the placement "
                "criterion fails it (or the agent must change what it was told to keep)",
                f"take it out of {rel}: advice and sources belong in the advisory deliverables", location=line,
                evidence=tx.line_text(f.text, line)))
    return out


def copied_advice(ctx: TaskContext) -> list[Finding]:
    """Starting templates of operative deliverables that already carry knowledge-base advice: a run
    of at least COPIED_WORDS words found in a guide, checklist or survey of the pinned library and in
    none of its templates or the task's seeded law (form language and statutory text stay allowed)."""
    if ctx.snapshot is None or not ctx.ext.operative:
        return []
    starts: dict[str, tuple[str, list[str]]] = {}
    for d in ctx.ext.operative:
        tmpl = degenerate.template_for(ctx, d)
        if tmpl:
            starts.setdefault(tmpl[0], (tmpl[1], []))[1].append(d)
    if not starts:
        return []
    index = ctx.knowledge_index()
    if index is None or not index.paths:
        return []
    law = {s for seeded in ctx.ext.seeded_law for s in tx.shingles(seeded.quote or "", SHINGLE)}
    out = []
    for rel, (text, ds) in starts.items():
        runs = copied_runs(index, text, SHINGLE, law)
        if not runs:
            continue
        at, length, source = max(runs, key=lambda r: (r[1], -r[0]))
        if length < COPIED_WORDS:
            continue
        ws = tx.words(text)
        passage = " ".join(w for w, _ in ws[at:at + length])
        out.append(ctx.finding(
            ID, "major", rel, f"{rel}, the starting template of the operative deliverable(s) {', '.join(ds)}, "
            f"already carries {length} words copied from {source}: an agent that fills in the form as given "
            "hands the signer the knowledge base's legal analysis, and the placement criterion fails it",
            f"take the knowledge-base passage out of {rel}; advice belongs in the advisory deliverables",
            location=ws[at][1], evidence=tx.excerpt(passage)))
    return out
