"""H12 placement discipline: operative text stays clean, advice has somewhere to go."""

from __future__ import annotations

import json
import re

from oafreeze.hygiene import degenerate
from oafreeze.corpus import text as tx
from oafreeze.environment import criteria as cr
from oafreeze.environment import placement as pl
from oafreeze.hygiene.context import TaskContext
from oafreeze.corpus.kbindex import copied_runs
from oafreeze.hygiene.finding import Finding

ID = "H12"
NAME = "placement discipline"

# What a placement criterion talks about: material that must not reach operative text.
PLACEMENT = re.compile(r"source path|file path|knowledge[- ]base|internal|drafting (?:note|comment)|commentary|"
                       r"client advice|legal analysis|advisory|rationale|practice guide|placement|"
                       r"explanat|editorial|"
                       # ... and what advice says in other words: "no assessment of the merits", "speculates"
                       r"merits|assessment|opinions?\b|speculat|(?:no|any|without)\s+(?:legal\s+)?(?:advice|analysis|"
                       r"reasoning)", re.I)
# A placement rule that forbids citing law outright would fail a legally required notice.
FORBIDS_LAW = re.compile(r"\b(?:statut\w*|citations?|cites?|legislation|regulations?|sections?\s+(?:\d|of\s+(?:the\s+)?"
                         r"(?:[\w.'-]+\s+){0,4}?(?:code|act|statutes?|regulations?|law)\b)|(?:labou?r|civil|penal|"
                         r"business|commercial|tax|revenue|government|health|insurance)\s+code)|§", re.I)
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
    if ctx.task.work_type != "draft" and not ctx.ext.operative and \
            not any(_reads_operative(d, text) for d, text in ctx.task.deliverables.items()):
        return (f"a {ctx.task.work_type or 'non-drafting'} task that declares no operative deliverable, and none "
                "reads as one")
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
    inputs = {f.name for f in ctx.task_files} - set(ctx.task.deliverables)
    for d in ext.operative:
        placement = [(i, c) for i, c in enumerate(ctx.task.criteria)
                     if (d in c.deliverables or not c.deliverables)
                     and (PLACEMENT.search(c.match_criteria) or ONLY.search(c.match_criteria))]
        if not placement:
            out.append(ctx.finding(
                ID, "major", "task.json", f"no placement criterion covers the operative deliverable {d!r}: "
                "internal analysis, source paths or client advice written into it costs nothing",
                f"add a criterion on {d!r}: FAIL if it contains source paths, drafting commentary, client advice "
                "or legal analysis (statutory notices the law requires are allowed)",
                location="$.criteria", evidence=d))
        # (a rule whose subject is a file of the workspace instead, "PASS if halden-form-wa-2021.md contains only
        # ...", speaks of the starting form, not of what the agent writes)
        elif not any(_speaks_of(c, d, ctx.task.deliverables) and _subject(c) not in inputs for _, c in placement):
            others = sorted({o for _, c in placement for o in [*ctx.task.deliverables, _subject(c)]
                             if o != d and o in c.match_criteria and (o in ctx.task.deliverables or o in inputs)})
            out.append(ctx.finding(
                ID, "major", "task.json", f"the placement criteria that list {d!r} ({', '.join(c.id for _, c in placement)}) "
                f"speak in their text of {', '.join(others)} only: nothing in them keeps internal analysis, source paths "
                f"or client advice out of {d!r}", f"name {d!r} in the rule's text (or say 'each operative document')",
                location=f"$.criteria[{placement[0][0]}].match_criteria", evidence=d))
        out += _narrow_placement(ctx, d, placement)
        for i, c in placement:
            out += _notice_as_analysis(ctx, d, i, c)
            out += _notice_rule(ctx, d, i, c)
            out += _lets_advice_in(ctx, d, i, c)
    out += _undeclared_operative(ctx) + _signed_advisory(ctx)
    out = (_dedupe(out) + advice_asked_for(ctx) + (advice_to_counterparty(ctx) or advisory_handed_over(ctx))
           + signed_text_in_advisory(ctx) + copied_advice(ctx)
           + advice_in_forms(ctx) + _dictated_text(ctx) + _muzzled_advisory(ctx) + _source_files_demanded(ctx)
           + _advisory_put_in_operative(ctx))
    # (the same request is reported once: a sentence asking the agreement for the reason is advice_asked_for's)
    if not any(f.location == "$.instructions" for f in out):
        out += _reasoning_asked_in_operative(ctx) or _application_asked(ctx)
    return out


# How the law meets this matter's facts: "which provision requires it and why it applies to Riley", "how each
# rule applies to the employee".
_APPLIED = re.compile(r"\b(?:why|how)\s+(?:it|this|that|they|these|each\s+(?:\w+\s+)?\w+|the\s+(?:\w+\s+)?\w+)\s+"
                      r"(?:applies|apply|bites?|affects?)\s+to\b", re.I)


def _application_asked(ctx: TaskContext) -> list[Finding]:
    """The instructions ask an operative deliverable, by name, to say why or how the law applies to the
    person: the legal analysis the task keeps out of what the counterparty signs, asked for in it."""
    operative = [d for d in ctx.ext.operative if d in ctx.task.deliverables]
    for _line, sentence in tx.sentences(ctx.task.instructions) if operative else ():
        named = next((d for d in operative if d in sentence), None)
        m = _APPLIED.search(sentence, sentence.find(named)) if named else None
        if m is None or pl.NEGATED.search(sentence[:m.start()]) or _SPARED.search(sentence):
            continue
        return [ctx.finding(
            ID, "major", "task.json", f"the instructions ask {named!r} to say {m.group(0)!r} …: the legal analysis "
            "of how the law meets the facts goes into the text the counterparty signs",
            f"ask for it in {_advisory_names(ctx)} only; {named} states the terms and the notices the law requires",
            location="$.instructions", evidence=tx.excerpt(sentence))]
    return []


# An advisory deliverable, or the task's own memo or analysis, put into an operative one: "Attach the text of
# client-note.md to the agreement as its Exhibit A", "attach the litigation memo to X as Exhibit A", "include
# client-email.md in X".
_ADVICE_KIND = r"(?:memo(?:randum)?|analysis|opinion|advice|alert|guide|briefing|research\s+note)"
# ... and what is written to the firm or by the client, not to the counterparty: an e-mail, a request, the
# client's instructions, notes on how to use a form ("attach Noor's email (documents/hr-request.md) to the
# agreement", "print the text of hr-usage-notes.md as the last page of the form").
_INTERNAL_KIND = (r"(?:e-?mail|message|instructions|request|(?:usage|drafting|internal|working|cover|file)[\s_-]+notes?|"
                  r"notes?[\s_-]+(?:to|for)[\s_-]+(?:file|hr|the\s+file)|guidance|correspondence)")
_PUT_IN = re.compile(r"\b(?:attach|append|annex|include|insert|incorporate|copy|paste|add|print|reproduce|put)\s+"
                     r"(?:the\s+(?:full\s+)?(?:text|contents?|body|wording)\s+of\s+|a\s+copy\s+of\s+)?"
                     r"(?P<adv>[\w.-]+\.\w{1,5}|(?:(?:the|our|its|their|this|his|her)\s+|[\w’'-]+['’]s\s+)"
                     rf"(?:[\w'’-]+\s+){{0,3}}?(?:{_ADVICE_KIND}|{_INTERNAL_KIND}))(?:\s*\((?P<path>[^()]{{1,80}})\))?\s+"
                     r"(?:(?:to|in|into|within|at\s+the\s+(?:end|foot|top)\s+of)\s+(?:the\s+)?(?P<op>[\w.-]+\.\w{1,5})"
                     r"|as\s+[^.;]{1,40}?\s+(?:to|of|in)\s+(?:the\s+)?(?P<op2>[\w.-]+\.\w{1,5}))", re.I)


# ... or the operative one named first: "Finish x.md with a Schedule B that reproduces the second half of
# client-email.md", "open the agreement.md with a recital made up of the memo's summary".
_ENDED_WITH = re.compile(r"\b(?:finish|end|close|complete|supplement|extend|open|begin|start)\s+(?:the\s+)?"
                         r"(?P<op>[\w.-]+\.\w{1,5})\s+with\s+[^.;]{0,60}?\b(?:reproduc\w*|contain\w*|cop(?:y|ies|ying)|"
                         r"quot\w*|repeat\w*|made\s+(?:up\s+)?of|consist\w*\s+of|tak\w+\s+over|tak\w+\s+from|drawn\s+from)\s+"
                         r"(?:[^.;]{0,40}?\s)?(?P<adv>[\w.-]+\.\w{1,5})(?P<op2>)", re.I)


# Instructions that ask every deliverable, or an operative one by name, to carry the agent's own reasoning or
# sources: "begin every deliverable with a short section headed 'Reasoning'", "end each document with one line
# stating your confidence that it complies", "a footer on washington-covenant-form.md pointing employees to
# the firm's knowledge-base page".
_EVERY_OUTPUT = re.compile(r"\b(?:every|each|all(?:\s+(?:the|your))?|both)\s+(?:of\s+(?:the|your)\s+)?(?:deliverables?|"
                           r"documents?|files?|outputs?|drafts?)\b", re.I)
_ADD_VERB = r"(?:begin|start|open|end|close|finish|conclude|include|add|put|append|prefix|attach|give|place)"
_PART_NOUN = r"(?:footer|header|section|line|note|paragraph|box|panel|preamble|postscript)"
_OWN_REASONING = re.compile(r"\b(?:reasoning|rationale|explain\w*|why|confiden\w+|assess\w*|complies|compliance|"
                            r"choices|justif\w+|how\s+you|sources?\s+(?:you|relied)|knowledge[- ]base|practice[- ]guide|"
                            r"kb\b|commentary|analysis)\b", re.I)
_SPARED = re.compile(r"\b(?:except|other\s+than|apart\s+from|but\s+not|excluding|save\s+for|advisory\s+(?:deliverables?|"
                     r"documents?)\s+only|not\s+(?:in|on)\s+the\s+(?:agreement|form|notice))\b", re.I)


def _reasoning_asked_in_operative(ctx: TaskContext) -> list[Finding]:
    """The instructions ask every deliverable (the operative ones among them), or an operative one by
    name, to carry the agent's reasoning, its confidence or its sources: the text the counterparty
    signs is told to hold the advice the task keeps out of it."""
    operative = [d for d in ctx.ext.operative if d in ctx.task.deliverables]
    if not operative:
        return []
    names = "|".join(map(re.escape, operative))
    # "begin every deliverable with", "in each of your documents, add", "a footer on x.md", "add to x.md", "x.md
    # should end with"
    aimed = re.compile(rf"\b{_ADD_VERB}\s+(?:in\s+|to\s+|at\s+the\s+(?:end|top|foot)\s+of\s+)?(?:the\s+)?"
                       rf"(?:{_EVERY_OUTPUT.pattern}|{names})|(?:{_EVERY_OUTPUT.pattern}|{names})[^.;]{{0,30}}?\b(?:should|"
                       rf"must|shall|will|to)\s+{_ADD_VERB}\b|\b{_PART_NOUN}s?\s+(?:on|in|to|at\s+the\s+(?:end|top|foot)"
                       rf"\s+of)\s+(?:the\s+)?(?:{_EVERY_OUTPUT.pattern}|{names})", re.I)
    for _line, sentence in tx.sentences(ctx.task.instructions):
        m = aimed.search(sentence)
        if m is None or not _OWN_REASONING.search(sentence, m.start()) or _SPARED.search(sentence) or \
                pl.NEGATED.search(sentence):
            continue
        named = next((d for d in operative if d in m.group(0)), None)
        target = repr(named) if named else f"every deliverable, the operative {', '.join(map(repr, operative))} included,"
        return [ctx.finding(
            ID, "major", "task.json", f"the instructions ask {target} to carry "
            f"{_OWN_REASONING.search(sentence).group(0)!r} material: the agent's reasoning or sources go into the "
            "text the counterparty signs", f"ask for it in {_advisory_names(ctx)} only; operative documents carry "
            "contract terms", location="$.instructions", evidence=tx.excerpt(sentence))]
    return []


def _advisory_put_in_operative(ctx: TaskContext) -> list[Finding]:
    """The instructions put an advisory deliverable's text, a document of advice or one written to the firm
    or by the client (an e-mail, a request, usage notes) into an operative one (an exhibit, an annex, a last
    page): what was written for the firm or the client becomes part of what the counterparty signs."""
    for _line, sentence in tx.sentences(ctx.task.instructions):
        for m in [*_PUT_IN.finditer(sentence), *_ENDED_WITH.finditer(sentence)]:
            adv, op = m["adv"], m["op"] or m["op2"]
            # the advisory deliverable, or a document of advice or to the firm: "the litigation memo",
            # "analysis-memo.md", "Noor's email", "hr-usage-notes.md"
            spoken = adv.replace("-", " ").replace("_", " ")
            advice = adv in ctx.ext.advisory or " " in adv or \
                re.search(f"{_ADVICE_KIND}|{_INTERNAL_KIND}", spoken, re.I) is not None and ctx.file(adv) is not None
            if advice and op in ctx.ext.operative and not pl.NEGATED.search(sentence[:m.start()]):
                what = "advisory deliverable" if adv in ctx.ext.advisory else "advice document" if re.search(
                    _ADVICE_KIND, spoken, re.I) else "document written to the firm or by the client"
                return [ctx.finding(
                    ID, "major", "task.json", f"the instructions put the {what} {adv!r} into the operative {op!r}: "
                    "what was written for the client or the firm becomes part of the text the counterparty signs",
                    f"keep {adv} a separate document; {op} carries contract terms only", location="$.instructions",
                    evidence=tx.excerpt(sentence))]
    return []


# A PASS clause that asks an operative deliverable to cite a workspace file as a source ("cites
# california-labor-code-excerpt.md as its source", "footnotes each clause with documents/x.md").
_CITES = re.compile(r"\b(?:cites?|citing|refers?\s+to|referring\s+to|references?|referencing|footnotes?|attributes?\s+\w+\s+to)\b"
                    r"|\bas\s+(?:its|the|a)\s+source\b", re.I)


def _source_files_demanded(ctx: TaskContext) -> list[Finding]:
    """A criterion that passes an operative deliverable only when it cites one of the task's own files:
    the source path the placement rule keeps out of signed text is what the criterion asks for."""
    operative = set(ctx.ext.operative)
    files = sorted({f.name for f in ctx.task_files}, key=len, reverse=True)
    out = []
    for i, c in enumerate(ctx.task.criteria):
        if not operative & set(c.deliverables or ctx.task.deliverables):
            continue
        for _line, sentence in tx.sentences(cr.clauses(c.match_criteria)[0]):
            name = next((n for n in files if n in sentence), None)
            if name is None:
                continue
            before = sentence[:sentence.find(name)]
            if not _CITES.search(sentence) or cr.NEGATION.search(before):
                continue
            out.append(ctx.finding(
                ID, "major", "task.json", f"criterion {c.id!r} passes the operative text only when it cites the task's "
                f"own file {name!r}: a source path in what the counterparty signs is what the placement rule keeps "
                "out", "ask for the rule itself in the operative text, and for its source in an advisory deliverable",
                location=f"$.criteria[{i}].match_criteria", evidence=tx.excerpt(sentence)))
            break
    return out


# --- words dictated for an operative deliverable, and advisory deliverables closed to advice ------

# Text quoted in the instructions to go into a deliverable ("Title X 'Agreement (no non-compete,
# because ...)'", "End X with this line: '... set out in client-note.md'").
_QUOTED = re.compile(r"[\"\u201c](?P<text>[^\"\u201c\u201d]{15,600})[\"\u201d]")
_PLACES_TEXT = re.compile(r"\b(?:title|head|caption|label|name|end|close|begin|start|open|preface|add|include|insert|"
                          r"put|write|append|finish)\w*\b", re.I)
# What no signed text carries: a file name (where the reasons are), the reasons themselves, the memo.
_ADVISORY_IN_QUOTE = re.compile(r"\b[\w-]+\.(?:md|docx?|pdf|txt|odt|rtf|eml|xlsx|pptx)\b|\bbecause\b|"
                                r"\breasons?\s+(?:for|why|behind)\b|\b(?:our|the|a)\s+(?:[\w-]+\s+){0,2}memo(?:randum)?\b|"
                                r"\b(?:analysis|rationale|advice)\b", re.I)


def _dictated_text(ctx: TaskContext) -> list[Finding]:
    """The instructions dictate words for an operative deliverable, named just before them, that
    carry advisory material: a pointer to the advisory note or the memo, or the reasons."""
    out = []
    text = ctx.task.instructions
    for m in _QUOTED.finditer(text):
        before = text[max(0, m.start() - 200):m.start()]
        before = re.split(r"(?<=[.!?])\s+(?=[A-Z])", before)[-1]
        named = [d for d in ctx.ext.operative if d in before]
        cue = _ADVISORY_IN_QUOTE.search(m.group("text"))
        if not named or cue is None or not _PLACES_TEXT.search(before) or pl.NEGATED.search(before):
            continue
        out.append(ctx.finding(
            ID, "major", "task.json", f"the instructions dictate words for the operative deliverable {named[0]!r} that "
            f"carry advisory material ({cue.group(0)!r}): the signed text would point to the advice or give the "
            "reasons", f"take the reasons and the pointers out of the dictated text; they belong in "
            f"{_advisory_names(ctx)}", location="$.instructions", evidence=tx.excerpt(m.group(0))))
    return out


# An advisory deliverable closed to advice: "list the three edits and nothing else", "raise no point
# of law in it", "a transmittal that says only that the package is attached", "put no explanation in it".
_CLOSED = re.compile(r"\bnothing\s+else\b|\bno\s+(?:other\s+)?(?:points?\s+of\s+law|legal\s+(?:points?|issues?|analysis|"
                     r"advice)|advice|analysis|explanations?|reasons?|reasoning|rationale|commentary)\b|"
                     r"\b(?:raise|mention|discuss)\s+no\s+(?:other\s+)?issues?\b|"
                     r"\b(?:says?|states?|tells?\s+\w+)\s+only\s+that\b|\bonly\s+(?:says?|states?)\s+that\b|"
                     # "the partner does not want anything else raised in it", "one line confirming the edits"
                     r"\b(?:not|n['\u2019]t)\s+(?:want|need|include|raise|mention|add|say|cover)\s+anything\s+else\b|"
                     r"\b(?:one|a\s+single)\s+(?:line|sentence)\s+(?:confirming|saying|stating|noting|acknowledging)\b|"
                     r"\bonly\s+(?:confirm(?:s|ing)?|acknowledg(?:es|ing)|lists?|listing)\b", re.I)


def _muzzled_advisory(ctx: TaskContext) -> list[Finding]:
    """Every advisory deliverable is closed to advice by the instructions: the advice has nowhere
    to go but the operative text."""
    advisory = [d for d in ctx.ext.advisory if d in ctx.task.deliverables]
    if not advisory or not ctx.ext.operative:
        return []
    sentences = [s for _line, s in tx.sentences(ctx.task.instructions)]
    closed = {}
    for d in advisory:
        described = ctx.task.deliverables.get(d) or ""
        if _CLOSED.search(described):  # the deliverable's own description closes it ("One line; nothing else raised")
            closed[d] = (f"$.deliverables[{json.dumps(d)}]", described)
            continue
        for k, sentence in enumerate(sentences):
            if d not in sentence:
                continue
            # the sentence that names it, and the next when it speaks of it as "it"
            window = [sentence] + [n for n in sentences[k + 1:k + 2] if re.search(r"\b(?:in|to)\s+it\b", n)]
            hit = next((w for w in window if _CLOSED.search(w)), None)
            if hit is not None:
                closed[d] = ("$.instructions", hit)
                break
    if len(closed) != len(advisory):
        return []
    d, (where, sentence) = next(iter(closed.items()))
    return [ctx.finding(
        ID, "major", "task.json", f"the task closes every advisory deliverable to advice ({d}: "
        f"{tx.excerpt(sentence, 90)!r}): an agent with advice to give has nowhere to put it but the operative text",
        "let the advisory deliverable carry the advice, or add one that can", location=where,
        evidence=tx.excerpt(sentence))]


_EVERY_DOCUMENT = re.compile(r"\b(?:each|either|both|every|all|any)\s+(?:of\s+the\s+)?(?:\w+\s+)?(?:documents?|deliverables?|"
                             r"files?|texts?|of\s+them)\b", re.I)


def _subject(c) -> str:
    """The file a rule's PASS clause opens with ("PASS if notice.md contains ..."), or ''."""
    m = re.match(r"\s*PASS\s+if\s+(?:documents/)?([\w./-]+\.\w+)\b", c.match_criteria)
    return m.group(1) if m else ""


def _speaks_of(c, d: str, names) -> bool:
    """Whether a rule's text applies to deliverable `d`: it names `d` (in any format), names no
    deliverable at all ("the agreement contains only ..."), or speaks of each document it grades."""
    text = c.match_criteria
    stem = d.rsplit(".", 1)[0] if "." in d.rsplit("/", 1)[-1] else d  # the same file in another format
    return d in text or re.search(rf"(?<![\w-]){re.escape(stem)}\.\w", text) is not None or \
        not any(n in text for n in names) or bool(_EVERY_DOCUMENT.search(text))


# What a placement rule covers: an allowlist ("contains only contract terms …") covers everything;
# otherwise the kinds of material it names. A rule on file paths alone lets analysis and advice stay.
# "contains only …" and "anything other than …" say what a text may hold: a placement rule by its form.
ONLY = re.compile(r"\b(?:contains?|consists?\s+of|holds?|has)\s+(?:only|nothing\s+(?:but|other\s+than|except))\b|"
                  r"\b(?:anything|nothing)\s+(?:other\s+than|but|except|beyond)\b", re.I)
ALLOWLIST = re.compile(ONLY.pattern + r"|\bonly\s+(?:the\s+)?(?:contract|agreement|operative)\b|"
                       r"\b(?:solely|exclusively)\b", re.I)
COVERS_ADVICE = re.compile(r"analy|advi[cs]|comment|\bnotes?\b|explan|editorial|rationale|recommend|discussion|"
                           r"internal|opinion|reasoning|merits|assess|speculat", re.I)
COVERS_PATHS = re.compile(r"path|knowledge[- ]base|documents/|file\s+name|\.md\b|source", re.I)


# A part of a document a placement rule may be confined to: "the signature page of X", "X's cover page".
_PART = (r"signature\s+(?:pages?|blocks?)|execution\s+(?:pages?|blocks?)|cover\s+(?:page|sheet)|title\s+page|"
         r"(?:first|last|final|opening)\s+(?:page|paragraph|section)|headers?|footers?|recitals|preamble|"
         r"(?:schedule|exhibit|annex|appendix|section|clause|article)\s+[\w.]+")


def _confined_to(c, d: str) -> str | None:
    """The part of `d` a placement criterion's PASS clause is confined to ("the signature page of
    X contains only ..."), or None when it speaks of the whole deliverable."""
    passing = cr.clauses(c.match_criteria)[0]
    name = re.escape(d)
    m = re.search(rf"\b(?:the\s+)?(?P<part>{_PART})\s+(?:of|in|to)\s+(?:the\s+)?{name}|{name}[’']s\s+(?P<own>{_PART})",
                  passing, re.I)
    if m is None:
        return None
    whole = passing[:m.start()] + passing[m.end():]
    # the whole deliverable named again on its own ("... and X contains no analysis"): not confined
    return None if re.search(rf"(?<![\w/.-]){name}(?![\w-])", whole, re.I) else (m["part"] or m["own"])


def _confined_placement(ctx: TaskContext, d: str, placement: list) -> list[Finding]:
    """Placement criteria on `d` that each check one part of it only (its signature page, a schedule):
    advice or analysis anywhere else in `d` passes."""
    parts = [_confined_to(c, d) for _, c in placement]
    if not placement or not all(parts):
        return []
    i, c = placement[0]
    return [ctx.finding(
        ID, "major", "task.json",
        f"the placement {'criterion' if len(placement) == 1 else 'criteria'} on {d!r} check"
        f"{'s' if len(placement) == 1 else ''} only {' and '.join(dict.fromkeys(p.lower() for p in parts))}: advice or "
        f"analysis anywhere else in {d!r} passes, though the counterparty signs all of it",
        f"make the rule cover the whole of {d!r} ('{d} contains only contract terms, signature blocks and legally "
        "required notices')", location=f"$.criteria[{i}].match_criteria", evidence=tx.excerpt(c.match_criteria))]


def _narrow_placement(ctx: TaskContext, d: str, placement: list) -> list[Finding]:
    """Placement criteria on `d` that, together, leave out a kind of material HYGIENE.md names: advice
    and analysis (major: the trap is open), or source paths (minor); or that check one part of `d` only."""
    confined = _confined_placement(ctx, d, placement)
    if confined:
        return confined
    if not placement or any(ALLOWLIST.search(c.match_criteria) for _, c in placement):
        return []
    text = " ".join(c.match_criteria for _, c in placement)
    missing = [what for what, pattern in (("client advice or legal analysis", COVERS_ADVICE),
                                          ("source paths", COVERS_PATHS)) if not pattern.search(text)]
    if not missing:
        return []
    i, c = placement[0]
    return [ctx.finding(
        ID, "major" if missing[0].startswith("client") else "minor", "task.json",
        f"the placement {'criterion' if len(placement) == 1 else 'criteria'} on {d!r} "
        f"({', '.join(repr(x.id) for _, x in placement)}) never forbid{'s' if len(placement) == 1 else ''} "
        f"{' or '.join(missing)}: that material may stay in the text the counterparty signs and costs nothing",
        f"make the rule an allowlist ('contains only contract terms, signature blocks and legally required notices') "
        f"or name {' and '.join(missing)} among what fails", location=f"$.criteria[{i}].match_criteria",
        evidence=tx.excerpt(c.match_criteria))]


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


# A placement rule's own list of the notices it lets through, when what it lists is the analysis
# ("the notices the law requires, which include a notice that Section 5 is void for a worker paid
# less than $130,014 and that presenting it carries a $5,000 penalty").
_NOTICES_LISTED = re.compile(r"\bnotices?\b[^.;]{0,120}?\b(?:include|includes|including|such\s+as|namely|i\.e\.)\b"
                             r"(?P<listed>[^;]{0,400}?)(?:\.(?:\s|$)|;|$)", re.I)
_ANALYSIS_CUES = re.compile(r"\b(?:void|unenforceable|invalid|penalt(?:y|ies)|liab(?:le|ility)|exposes?|because|"
                            r"less\s+than|below|above|exceeds?|threshold)\b", re.I)


def _notice_as_analysis(ctx: TaskContext, d: str, i: int, c) -> list[Finding]:
    """A placement rule that lets notices through and lists, as one of them, the legal analysis itself
    (what is void, what it costs, for whom): a note, since a notice the law prescribes may word some
    of that."""
    for m in _NOTICES_LISTED.finditer(cr.clauses(c.match_criteria)[0]):
        cues = {w.group(0).lower().split()[0][:5] for w in _ANALYSIS_CUES.finditer(m["listed"])}
        if len(cues) >= 3:
            return [ctx.finding(
                ID, "minor", "task.json", f"placement criterion {c.id!r} lists, among the notices it lets into "
                f"{d!r}, one that reads as legal analysis ({tx.excerpt(m['listed'].strip(), 90)!r}): under the name of "
                "a required notice, the advice goes into the signed text", "list only the notices a statute "
                "prescribes, in its words; the analysis belongs in the advisory deliverable",
                location=f"$.criteria[{i}].match_criteria", evidence=tx.excerpt(m.group(0)))]
    return []


# Advisory material a placement rule must not let into operative text: notes, comments and
# explanations for the client or the reviewer, analysis, advice. The strong names leave no doubt;
# the weak ones ("explaining", "notes", "why") may also describe contract language.
ADVISORY_STRONG = re.compile(r"\b(?:drafting\s+(?:notes?|comments?|commentary)|notes?\s+(?:to|for)\s+(?:the\s+)?"
                             r"(?:client|partner|reviewer|file|drafter|employer|hr)\b|commentary|comments?|rationale|"
                             r"reasoning|(?:legal\s+)?analysis|advice|recommendations?|annotations?|"
                             r"(?:margin(?:al)?|side)\s+notes?|"
                             r"explain\w*\s+(?:[\w']+\s+){0,3}?why|"
                             r"explain\w*\s+(?:to\s+[\w']+\s+)?(?:your|the|each|every|our)\s+(?:\w+\s+)?(?:changes?|"
                             r"choices?|edits?|reasons?|reasoning|decisions?|departures?|revisions?)|"
                             r"explanations?\s+(?:of|for)\s+(?:your|the|each|every)\s+(?:\w+\s+)?(?:changes?|choices?|"
                             r"edits?|decisions?|departures?|revisions?))\b", re.I)
ADVISORY_WEAK = re.compile(r"\b(?:explain\w*|explanations?|notes?|remarks?|summary|summaries|why|justif\w+|"
                           r"sources?)\b", re.I)
LEGAL_CONTENT = re.compile(pl.LAW_CONTENT + "|" + pl.CONTRACT_PARTS, re.I)


# Notes addressed to someone by name ("notes for Aspenline") are advice; notes to a schedule or to
# the financial statements are part of a document.
_PARTS = r"(?:Schedule|Annex|Appendix|Exhibit|Table|Section|Clause|Part|Form|Article|Rule|Financial|Accounts)\b"
_NOTES_TO_NAME = re.compile(r"\b[Nn]otes?\s+(?:to|for)\s+(?!" + _PARTS + r")[A-Z][\w'-]+")
_PART_NOTES = re.compile(r"\bnotes?\s+(?:to|for|on)\s+(?:the\s+)?(?:" + _PARTS + r"|financial\s+statements)", re.I)


def _advisory(span: str) -> tuple[str, bool] | None:
    """The advisory material a span names (and whether it is named outright), or None."""
    m = ADVISORY_STRONG.search(span) or _NOTES_TO_NAME.search(span)
    if m:
        return m.group(0), True
    m = ADVISORY_WEAK.search(span)
    return (m.group(0), False) if m else None


# The items of an allowlist: "contains only contract terms, signature blocks and the notice".
# The list runs to the end of its sentence; "U.S.C. §" and "C.R.S. §" do not end one.
_ALLOWED_ITEMS = re.compile(r"(?:[^.;:!?]|(?<=\b[A-Z])\.|\.(?!\s+[A-Z]|\s*$))+")
_ITEM_SPLIT = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or|plus)\s+", re.I)


def _items(listed: str) -> list[str]:
    """The items of a list, a parenthesis kept with its item ("the notice content (the text or a
    summary of sections 2870 to 2872)")."""
    out, depth, start = [], 0, 0
    for m in re.finditer(r"[()]|" + _ITEM_SPLIT.pattern, listed, re.I):
        if m.group(0) == "(":
            depth += 1
        elif m.group(0) == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(listed[start:m.start()])
            start = m.end()
    return out + [listed[start:]]


_EXCEPT_PLACE = re.compile(r"\b(?:outside(?:\s+of)?|except\s+(?:in|within|under)|other\s+than\s+in|unless\s+(?:it\s+is\s+)?"
                           r"(?:in|within|under))\s+(?:a|an|any|the)\s+(?:passage|section|part|box|paragraph|annex|"
                           r"schedule|appendix|block|footnote|note)s?\s+(?:headed|marked|titled|labell?ed|called)\s+"
                           r"[\"\u201c']?(?P<label>[^\"\u201d'.,;]{1,60})", re.I)


# Where the drafting came from, let into the text: "footnotes citing the practice guide each clause relies
# on", "references to the knowledge base", "the sources relied on". (A statute a notice must cite is law.)
_SOURCE_REFERENCE = re.compile(r"\b(?:cit\w*|referenc\w*|refer\w*\s+to|nam\w+|point\w*\s+to|links?\s+to|"
                               r"pointers?\s+to)\s+(?:(?:the|our|a|an|each|every|its)\s+)?(?:firm'?s?\s+)?"
                               # ("the firm's online Colorado practice guide")
                               r"(?:(?:online|internal|intranet|web|current|own|relevant|[A-Z][a-z]+)\s+){0,2}"
                               r"(?:practice[- ]guides?|knowledge[- ]base\w*|kb\b|templates?|checklists?|surveys?|"
                               r"internal\s+sources?|research\s+(?:notes?|memos?))|"
                               r"\bresearch\s+(?:trail|notes?|memos?|log|history)\b|\bknowledge[- ]base\s+(?:pages?|paths?|files?|"
                               r"entries|articles?|references?|sources?|guides?)\b|\bbibliography\b|\bworks\s+cited\b|"
                               r"\bsources\s+consulted\b|\blist\s+of\s+sources\b|\bdrafting\s+(?:basis|sources?|history|trail)\b|"
                               r"\bfile\s+notes?\b|\b(?:schedule|table|list)\s+of\s+authorities\b|"
                               r"\bauthorities\s+(?:\w+\s+){0,4}?(?:relied|consulted|used)\b|"
                               r"\bsources?\s+(?:(?:that\s+)?(?:each|every|the)\s+\w+\s+)?(?:relies|rely|relied|draws?|drew)\s+on\b",
                               re.I)


# A note on what a clause rests on, even when what it cites is a statute: "a one-line 'Basis:' note citing
# the statute the clause relies on", "an annotation giving the authority for each clause". That is the
# drafter's reasoning; the law itself, where it must be in the text, is the notice.
_DRAFTING_BASIS = re.compile(r"[\"'‘“](?:basis|authority|grounds?|rationale)\b|"
                             r"\b(?:basis|authority|grounds?|rationale)\b[\"'’”]?\s*(?::|notes?|lines?|comments?|"
                             r"annotations?|footnotes?)|\b(?:notes?|annotations?|comments?|footnotes?|gloss(?:es)?)\b[^.;]{0,80}?"
                             r"\b(?:(?:relies|rely|relied|rests?|rested|draws?|drew)\s+on|(?:is|are)\s+based\s+on|"
                             r"authority\s+for|basis\s+(?:for|of))\b", re.I)


# Guidance for the side that issues the form, let into the text the other side signs: "a boxed 'How HR
# completes this form' panel", "instructions for the hiring manager", "telling HR when Section 2 may be used".
# (What the signer is told to do, "return the signed form to HR", is the form's own.)
_ISSUER = (r"(?:(?:the\s+|[A-Z][\w&'’-]*['’]s\s+)?(?:HR|human\s+resources|people\s+team)(?:\s+(?:director|manager|team|lead|"
           r"department|partner))?|(?:the\s+|[A-Z][\w&'’-]*['’]s\s+)(?:hiring\s+manager|recruiter|employer|company|client|"
           r"general\s+counsel|legal\s+team))")
_INTERNAL_GUIDANCE = re.compile(rf"\b(?:how|when|whether)\s+{_ISSUER}\s+(?:completes?|fills?\s+(?:in|out)|uses?|should|"
                                rf"may|must|can|decides?)\b|\b(?:instructions?|guidance|directions?|tips|checklist)\s+"
                                rf"(?:for|to)\s+{_ISSUER}\b|\b(?:telling|tells|instructing|instructs|guiding|reminding)\s+"
                                rf"{_ISSUER}\b|\b(?:addressed|written|directed)\s+to\s+{_ISSUER}\b|\bfor\s+the\s+attention\s+of\s+{_ISSUER}\b|"
                                rf"\bwhat\s+to\s+(?:check|confirm|verify)\s+before\b|"
                                rf"\binternal\s+(?:instructions?|guidance|notes?|use\s+only)\b", re.I)


_EXCEPTED = re.compile(r"\(([^()]{0,400}?\b(?:except(?:ed|ing)?|save|apart\s+from|aside\s+from|other\s+than)\b[^()]{0,400})\)",
                       re.I)


# A page of the operative document the rule leaves ungraded: "A cover page placed before the agreement's title is not
# graded by this criterion." Commentary put there passes. (A notice or exhibit another criterion grades is not such a
# place: only the pages a drafter puts notes on are.)
_UNGRADED_PLACE = re.compile(r"\b(?P<label>(?:a|an|the|any)\s+(?:(?:separate|one-page|short)\s+)?(?:cover(?:ing)?|title|front|"
                             r"transmittal|routing|preamble)\s+(?:pages?|sheets?|slips?))\b[^.;]{0,80}?\b(?:is|are)\s+"
                             r"(?:not\s+(?:graded|checked|assessed|covered|considered|counted|judged|reviewed)|exempt(?:ed)?|"
                             r"excluded|ignored|disregarded|outside\s+(?:this|the)\s+(?:criterion|rule|check))\b", re.I)


# ... and a stretch of the text by where it stands ("Text placed below the signature blocks is treated as HR's
# working notes and is not graded"): what is put there stays in what the counterparty signs.
_UNGRADED_AREA = re.compile(r"\b(?P<label>(?:any\s+|the\s+)?(?:text|material|content|anything|notes?|comments?|commentary|"
                            r"prose|matter|wording)\s+(?:(?:placed|put|written|appearing|added|kept)\s+|that\s+(?:appears?|"
                            r"sits?|is|comes?)\s+)?(?:below|after|beneath|under|following|outside|past)\s+(?:the\s+)?"
                            r"(?:[\w'’-]+\s+){0,3}?(?:signature\s+(?:blocks?|lines?|pages?)|signatures?|execution\s+(?:blocks?|"
                            r"pages?)|body|last\s+(?:page|clause|section|paragraph)))\b[^.;]{0,80}?\b(?:is|are)\s+"
                            r"(?:not\s+(?:graded|checked|assessed|covered|considered|counted|judged|reviewed)|exempt(?:ed)?|"
                            r"excluded|ignored|disregarded|treated\s+as\s+(?:[\w'’-]+\s+){0,3}?(?:working\s+)?(?:notes?|"
                            r"comments?|drafts?)|outside\s+(?:this|the)\s+(?:criterion|rule|check))\b", re.I)


_LABELLED_ASIDE = re.compile(r"\b(?P<label>(?:a|an|the|any|one)\s+(?:[\w-]+\s+){0,2}?(?:schedule|section|annex|appendix|"
                             r"box|page|note|part|rider|panel|exhibit|attachment|addendum)s?\s+(?:headed|marked|titled|"
                             r"labell?ed|called|stating|saying)\s+[\"\u201c\u2018']?[^\"\u201d\u2019']{0,40}?(?:not\s+part\s+of|"
                             r"for\s+information(?:al\s+purposes)?(?:\s+only)?|informational|non-?operative|does\s+not\s+form\s+"
                             r"part|not\s+binding|not\s+(?:an\s+)?operative))", re.I)


_COUNTS_AS_TEXT = re.compile(r"\b(?:is|are)\s+(?:treated\s+as\s+)?part\s+of\s+the\s+(?:agreement|contract|notice|document|"
                             r"operative\s+text)\b|\b(?:does|do)\s+not\s+count\s+as\s+(?:commentary|advice|analysis|notes?|"
                             r"explanation|drafting)|\b(?:is|are)\s+not\s+(?:treated|considered|regarded)\s+as\s+"
                             r"(?:commentary|advice|analysis|notes?)", re.I)


def _lets_advice_in(ctx: TaskContext, d: str, i: int, c) -> list[Finding]:
    """A placement rule that itself lets notes, comments or explanations into the operative text, by
    a permission ("bracketed notes to the client may stay") or as an item of its allowlist ("contains
    only contract terms, signature blocks and margin notes for the client"): the rule now allows
    what it exists to forbid. What the law requires (a notice, a statute's text) is left alone."""
    reading = cr.read(c.match_criteria)
    spans = [(span, True) for span in reading.passes.permitted + reading.fails.permitted]
    for m in ONLY.finditer(c.match_criteria):
        listed = _ALLOWED_ITEMS.match(c.match_criteria, m.end())
        spans += [(item.strip(), False) for item in _items(listed.group(0) if listed else "")
                  if not (pl.NEGATED.search(item) or _PART_NOTES.search(item))]
    # "(legally required notices excepted, and a boxed "Drafting notes" section at the end)": what a
    # parenthesis excepts from the rule is let in, item by item.
    for m in _EXCEPTED.finditer(c.match_criteria):
        spans += [(item.strip(), True) for item in _items(m.group(1)) if item.strip()]
    # "FAIL if it contains, outside a passage headed "Drafting note", ...": the rule exempts a place
    # named for advisory material.
    spans += [(m.group("label"), True) for m in _EXCEPT_PLACE.finditer(c.match_criteria)]
    # "A cover page placed before the title is not graded by this criterion": a page where anything stays.
    # So is a part of the document labelled as no part of it ("a closing schedule headed 'For information
    # only: not part of the Agreement' may explain what changed").
    ungraded = _UNGRADED_PLACE.search(c.match_criteria) or _UNGRADED_AREA.search(c.match_criteria) or \
        _LABELLED_ASIDE.search(cr.clauses(c.match_criteria)[0])
    if ungraded:
        return [ctx.finding(
            ID, "major", "task.json", f"placement criterion {c.id!r} leaves {ungraded.group('label')!r} of {d!r} ungraded: "
            "notes, advice or source paths put there pass the rule that keeps them out of the text the counterparty "
            "signs", f"drop the exemption; notes and explanations for the client belong in {_advisory_names(ctx)}",
            location=f"$.criteria[{i}].match_criteria", evidence=tx.excerpt(ungraded.group(0)))]
    # "…; a schedule listing the file notes relied on is part of the agreement and does not count as
    # commentary": the rule declares the material operative text.
    for m in _COUNTS_AS_TEXT.finditer(c.match_criteria):
        start = max(c.match_criteria.rfind(stop, 0, m.start()) for stop in (";", ". ", ": ")) + 1
        spans.append((c.match_criteria[start:m.start()].strip(), True))
    for span, permission in spans:
        if _ANY_CONTENT.search(span):  # "any paragraph headed "Statutory Notice", whatever it says"
            return [ctx.finding(
                ID, "major", "task.json", f"placement criterion {c.id!r} lets text stay in {d!r} "
                f"{_ANY_CONTENT.search(span).group(0)!r}: a label or a place then exempts any text, notes and analysis "
                "included", "allow the notice by what it must say (the statute's required content), not by its heading",
                location=f"$.criteria[{i}].match_criteria", evidence=tx.excerpt(c.match_criteria))]
        source = _SOURCE_REFERENCE.search(span) or _DRAFTING_BASIS.search(span) or \
            _INTERNAL_GUIDANCE.search(span) or _workspace_path(ctx, span)
        found = (source.group(0), True) if source else None if LEGAL_CONTENT.search(span) else _advisory(span)
        if found is None:
            continue
        what, strong = found
        said = (f"lets {what!r} stay in {d!r}: the rule that keeps advisory material out of the text the "
                "counterparty signs permits it, so an agent that leaves its notes there is not failed") if permission \
            else (f"lists {what!r} among what {d!r} may contain: the allowlist that keeps advisory material out of the "
                  "text the counterparty signs lets it in")
        return [ctx.finding(
            ID, "major" if strong else "minor", "task.json", f"placement criterion {c.id!r} {said}",
            f"{'drop the permission' if permission else 'take it off the list'}; notes and explanations for the "
            f"client belong in {_advisory_names(ctx)}", location=f"$.criteria[{i}].match_criteria",
            evidence=tx.excerpt(span))]
    return []


# What a permission lets in whatever its content: "any paragraph headed "Statutory Notice", whatever it says".
_ANY_CONTENT = re.compile(r"\bwhatever\s+(?:it|they)\s+(?:says?|contains?|holds?)\b|\bwhatever\s+(?:its|their)\s+"
                          r"(?:content|contents|wording)\b|\bregardless\s+of\s+(?:its|their|what\s+(?:it|they))\s*"
                          r"(?:content|contents|wording|says?|contains?)\b|\bhowever\s+(?:it\s+is|they\s+are)\s+worded\b",
                          re.I)


# A path written out ("lines such as "[1]: knowledge-base/practice-guides/colorado.md""), not a web address.
_PATH = re.compile(r"(?<![\w/.:@-])(?:[\w.-]+/)+[\w.-]*\w")


def _workspace_path(ctx: TaskContext, span: str) -> re.Match | None:
    """A path into the workspace a permission lets stay: under the knowledge base's folder, or a task
    file's path (the source path the placement rule exists to keep out of the signed text)."""
    kb = ctx.kb_mount.rstrip("/").rsplit("/", 1)[-1] + "/"
    for m in _PATH.finditer(span):
        path = m.group(0)
        if path.startswith(kb) or f"/{kb}" in path or any(f.rel == path or f.rel.endswith("/" + path)
                                                         for f in ctx.task_files):
            return m
    return None


def _advisory_names(ctx: TaskContext) -> str:
    names = [n for n in ctx.ext.advisory if n in ctx.task.deliverables]
    return ", ".join(names) if names else "an advisory deliverable"


def _asked_in_operative(ctx: TaskContext, severity: str, what: str, d: str, where: str, clause: str) -> Finding:
    return ctx.finding(
        ID, severity, "task.json",
        f"the task asks for {what!r} in the operative deliverable {d!r}: explanation, "
        "rationale or notes for the client in the text the counterparty signs is what the placement "
        "criterion fails, so the task contradicts itself and punishes the agent that follows it",
        f"ask for that material in {_advisory_names(ctx)} instead, and keep {d!r} to the operative text",
        location=where, evidence=tx.excerpt(clause.strip()))


def advice_asked_for(ctx: TaskContext) -> list[Finding]:
    """The instructions, or a deliverable's description, ask for advisory material inside an
    operative deliverable (major when the deliverable is named by its file name and the material is
    named outright; minor when read from 'the agreement' or a vaguer word)."""
    if not ctx.ext.operative:
        return []
    roles: dict[str, str | None] = {d: "operative" if d in ctx.ext.operative else "advisory" if d in ctx.ext.advisory
                                    else None for d in ctx.task.deliverables}
    asked = [(r, "$.instructions") for r in pl.advice_requested(ctx.task.instructions, roles)]
    operative = [d for d in ctx.task.deliverables if d in ctx.ext.operative]
    asked += [(r, "$.instructions") for r in pl.advice_requested_abroad(ctx.task.instructions, operative)]
    for d, description in ctx.task.deliverables.items():
        asked += [(r, f"$.deliverables[{d!r}]") for r in pl.advice_requested(description, roles, own=d)]
    # A criterion whose PASS clause rewards the material in an operative deliverable asks for it too.
    for i, c in enumerate(ctx.task.criteria):
        passes = cr.clauses(c.match_criteria)[0]
        asked += [(r, f"$.criteria[{i}].match_criteria") for r in pl.advice_requested(passes, roles)]
    out = [_asked_in_operative(ctx, "major" if r.plain else "minor", r.what, r.deliverable, where, r.clause)
           for r, where in asked]
    return _dedupe(out)


# What a deliverable's description says when a counterparty or employee signs or receives it.
# (a signed text's noun said of something else is no sign of one: "a calendar of the contract dates",
# "the notice deadlines")
OPERATIVE_WORDS = re.compile(r"\b(?:sign(?:ed|s|ing|ature)?|execut\w+|ready\s+to\s+(?:send|sign|deliver)|"
                             r"counterpart|(?:agreement|contract|covenants?|offer\s+letter|notice|consent|release|"
                             r"amendment|deed|form)\b(?!\s+(?:dates?|deadlines?|terms?|periods?|windows?|lists?|"
                             r"history|review|analysis|summary|status|data|figures?|values?|checklist|tracker|log|"
                             r"calendar|timeline|requirements?|obligations?|provisions?|clauses?)\b))", re.I)
ADVISORY_WORDS = re.compile(r"\b(?:memo|email|e-mail|note|notes|rationale|advice|summary|report|analysis|letter\s+to\s+"
                            r"the\s+client|cover)\b", re.I)


def _reads_operative(name: str, description: str) -> bool:
    """Whether a deliverable's name and description say a counterparty or employee signs or receives it."""
    return bool(OPERATIVE_WORDS.search(f"{name.replace('-', ' ')} {description}")) and \
        not ADVISORY_WORDS.search(description.split(",")[0])


def _undeclared_operative(ctx: TaskContext) -> list[Finding]:
    """A deliverable that reads as operative (its description or name: an agreement, 'ready to sign')
    but is declared neither operative nor advisory: no placement rule protects it."""
    ext = ctx.ext
    declared = set(ext.operative) | set(ext.advisory)
    out = []
    for d, description in ctx.task.deliverables.items():
        if d in declared:
            continue
        if _reads_operative(d, description):
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


# What a description says of a text the other side signs: "ready to deliver and sign", "for Riley to sign".
_TO_BE_SIGNED = re.compile(r"\bready\s+to\s+(?:(?:send|deliver|present)\s+and\s+)?(?:sign|execute)\b|"
                           r"\bfor\s+(?:[A-Z][\w'-]+\s+){1,3}to\s+sign\b|\bto\s+be\s+(?:signed|executed)\s+by\b|"
                           r"\bwith\s+(?:a\s+)?signature\s+(?:line|block)s?\s+for\b")


def _signed_advisory(ctx: TaskContext) -> list[Finding]:
    """A deliverable declared advisory whose description says the other side signs it: the
    placement rule that covers operative text does not cover it."""
    out = []
    for i, d in enumerate(ctx.ext.advisory):
        description = ctx.task.deliverables.get(d, "")
        if _TO_BE_SIGNED.search(description) and not ADVISORY_WORDS.search(description.split(",")[0]):
            out.append(ctx.finding(
                ID, "major", "task.json", f"{d!r} is declared advisory, but its description says it is signed "
                f"({tx.excerpt(description, 80)!r}): no placement rule keeps analysis and source paths out of it",
                f"list {d!r} in oafreeze.operative", location=f"$.oafreeze.advisory[{i}]", evidence=d))
    return out


# --- advice addressed to the other side ------------------------------------------------------------

_NAME = r"(?P<who>(?:[A-Z][\w'’-]+)(?:\s+(?:[A-Z][\w'’-]+|de|van|von|da|del|la))*)"
# Who an operative deliverable goes to: "Offer letter to Dana Whitcombe", "agreement for Avery Fontenot",
# "ready for Riley Vandermeer to sign".
_GOES_TO = re.compile(r"\b(?:to|for|with)\s+(?:the\s+)?" + _NAME)
# Who an advisory deliverable is addressed to: its description ("note to X", "email for X"), the
# sentence of the instructions that names it, or a criterion ("X.md tells X").
_TO = (r"\b(?:(?:note|notes|memo|email|e-mail|letter|message|summary|explanation|advice|report|update)\s+"
       r"(?:\w+\s+){0,2}?(?:to|for)\s+(?:the\s+)?|(?:tells|advises|informs|explains\s+to|is\s+addressed\s+to|"
       r"addresses)\s+(?:the\s+)?|"
       # passed on whole: "forwards it to Sasha", "will forward client-email.md to Sasha unchanged"
       r"(?:forward(?:s|ed|ing)?|pass(?:es|ed)?\s+on|send(?:s|ing)?\s+on|sent\s+on)\s+(?:it\s+|them\s+|this\s+|"
       r"[\w.-]+\.\w{2,4}\s+)?(?:unchanged\s+|as\s+it\s+is\s+|verbatim\s+|in\s+full\s+)?(?:to|on\s+to)\s+(?:the\s+)?|"
       # a copy to: "copied to Sasha Lindgren", "cc Sasha", "with a copy to Sasha", "copying Sasha"
       r"(?:(?:copied|cc['’]?d|bcc['’]?d|cc|bcc)\s+(?:in\s+)?(?:to\s+)?|with\s+(?:a\s+)?(?:copy|copies|cc)\s+(?:to\s+)?|"
       r"copying\s+(?:in\s+)?)(?:the\s+)?)")
_ADDRESSED = re.compile(_TO + _NAME)
# ... or a copy given with the person first: "Riley Vandermeer will be copied on client-email.md", "Sasha gets a
# copy of the note".
_COPIED_ON = re.compile(_NAME + r"\s+(?:(?:will\s+(?:also\s+)?be|is|are|to\s+be|gets?|get)\s+(?:also\s+)?"
                        r"(?:copied|cc['’]?d|bcc['’]?d)\s+(?:in\s+)?on|(?:will\s+)?(?:also\s+)?(?:gets?|receives?|sees?)\s+"
                        r"a\s+copy\s+of)\s+(?:the\s+)?(?P<what>[\w./-]+)")
_PASSED_ON_IT = re.compile(r"\b(?:forward(?:s|ed|ing)?|pass(?:es|ed)?\s+on|send(?:s|ing)?\s+on)\s+it\b", re.I)
_ROLE = re.compile(_TO + r"(?P<role>employees?|candidates?|new\s+hires?|counterpart(?:y|ies)|other\s+(?:side|party)|"
                   r"opposing\s+counsel|signer|signatory)\b", re.I)
# Words that may open a capitalised run but are not a party ("for HR", "to The").
_NOT_A_PARTY = {"The", "A", "An", "HR", "Section", "Markdown", "Word", "PDF"}


def _parties(text: str, pattern: re.Pattern, known: set[str] | None = None, about: str | None = None) -> set[str]:
    """The names of two words or more that `pattern` (with a group `who`) finds in `text`; with
    `known`, also a first name alone that begins one of those full names ("Sasha" for "Sasha
    Lindgren"), given as the full name; with `about`, only where the pattern's group `what` names it."""
    out = set()
    for m in pattern.finditer(text):
        if about is not None and m.group("what").rstrip(".,;:") != about:
            continue
        who = re.sub(r"['’]s$", "", m.group("who"))
        first = who.split()[0]
        if first in _NOT_A_PARTY:
            continue
        if len(who.split()) >= 2:
            out.add(who)
        elif known:
            out |= {name for name in known if name.split()[0] == first}
    return out


def _client_named(ctx: TaskContext, who: str) -> bool:
    """Whether the task calls `who` its client ("our client, Avery Fontenot", "we represent ...")."""
    name = re.escape(who)
    said = re.compile(rf"\b(?:client|represent\w*|on\s+behalf\s+of|acting\s+for)\b[^.;\n]{{0,40}}?{name}|"
                      rf"{name}\b[^.;\n]{{0,20}}?\b(?:our|the\s+firm's|the)\s+client\b", re.I)
    texts = [ctx.task.instructions] + [f.text for f in ctx.task_files if f.text]
    return any(said.search(t) for t in texts)


def advice_to_counterparty(ctx: TaskContext) -> list[Finding]:
    """An advisory deliverable addressed to the person an operative deliverable goes to (the employee
    who signs, the other side): the privileged advice the task asks for is sent to the counterparty,
    and an agent that writes it well is rewarded for a breach."""
    ext = ctx.ext
    counterparties: set[str] = set()
    for d in ext.operative:
        counterparties |= _parties(ctx.task.deliverables.get(d, ""), _GOES_TO)
    sentences = [c for c in pl.CLAUSE.split(ctx.task.instructions) if c.strip()]
    out = []
    for d in ext.advisory:
        if d not in ctx.task.deliverables:
            continue
        said = [("$.deliverables", ctx.task.deliverables[d])]
        # a clause that names it, with the next when that passes "it" on ("...; the client forwards it to X")
        said += [("$.instructions", c + "".join(n for n in sentences[k + 1:k + 2] if _PASSED_ON_IT.search(n)))
                 for k, c in enumerate(sentences) if d in c]
        said += [(f"$.criteria[{i}].match_criteria", c.match_criteria) for i, c in enumerate(ctx.task.criteria)
                 if d in c.match_criteria]
        for where, text in said:
            # from the name on, with the verb before it ("will forward client-email.md to ...")
            own = text if where == "$.deliverables" else text[max(0, text.find(d) - 16):]
            named = _parties(own, _ADDRESSED, counterparties) | _parties(text, _COPIED_ON, counterparties, about=d)
            hits = sorted(w for w in named if w in counterparties and not _client_named(ctx, w))
            role = _ROLE.search(own)
            role = role if role and not _client_named(ctx, role.group("role")) else None
            if not hits and role is None:
                continue
            who = hits[0] if hits else role.group("role")
            out.append(ctx.finding(
                ID, "major", "task.json",
                f"the advisory deliverable {d!r} is addressed to {who}, "
                f"{'to whom an operative deliverable goes' if hits else 'the other side'}: the advice and analysis "
                "the task asks for would go to the counterparty, not the client",
                f"address {d!r} to the client (or to the partner or the file)", location=where,
                evidence=tx.excerpt(text.strip())))
            break
    # every file the agent saves sent on to a counterparty ("the HR portal will send every file you save for this
    # matter to Morgan Tallis"): the advisory deliverables go with them
    advisory = [d for d in ext.advisory if d in ctx.task.deliverables]
    for clause in sentences if advisory and not out else []:
        named = _parties(clause, _EVERY_SENT, counterparties)
        hits = sorted(w for w in named if w in counterparties and not _client_named(ctx, w))
        if hits and not pl.NEGATED.search(clause) and not _BUT_FOR.search(clause):
            out.append(ctx.finding(
                ID, "major", "task.json", f"the instructions send every file the agent saves to {hits[0]}, to whom "
                f"an operative deliverable goes: the advisory {', '.join(map(repr, advisory))} would go to the "
                "counterparty with them", f"send {hits[0]} the operative deliverables only",
                location="$.instructions", evidence=tx.excerpt(clause.strip())))
            break
    return out


# Every file the agent saves, sent to a person: "will send every file you save for this matter to Morgan Tallis",
# "all documents you prepare go to Riley Vandermeer".
_BUT_FOR = re.compile(r"\b(?:except|other\s+than|apart\s+from|but\s+not|excluding|advisory|operative\s+(?:deliverables?|"
                      r"documents?|files?)\s+only)\b", re.I)
_EVERY_FILE = r"(?:every|each|all(?:\s+(?:the|of\s+the))?)\s+(?:files?|deliverables?|outputs?|documents?)\b"
_EVERY_SENT = re.compile(r"\b(?i:(?:send|sends|sent|forward\w*|deliver\w*|share|shares|upload\w*|release\w*)\s+"
                         + _EVERY_FILE + r"[^.;]{0,60}?\bto\s+(?:the\s+)?|" + _EVERY_FILE +
                         r"[^.;]{0,60}?\b(?:(?:is|are|will\s+be|gets?)\s+)?(?:sent|forwarded|delivered|shared|released|"
                         r"goes|go)\s+(?:on\s+)?to\s+(?:the\s+)?)" + _NAME)


# An advisory deliverable handed to a person, the name first: "Bayou Crest will hand Avery your client note with
# it", "we will give Riley Vandermeer a copy of client-email.md", "send Sasha the note to the partner".
_HANDED = re.compile(r"\b(?:give|gives|giving|hand|hands|handing|send|sends|sending|show|shows|showing|pass|passes|"
                     r"forward|forwards|provide|provides|share|shares)\s+" + _NAME +
                     r"\s+(?:a\s+copy\s+of\s+)?(?:your|the|our|this|that|a)?\s*(?P<what>[\w.-]+(?:\s+[\w.-]+){0,2})")


def _refers_to(what: str, d: str) -> bool:
    """Whether `what` (the words after "hand Avery your ...") names the deliverable d: its file name, or
    its name's words in order ("client note" for client-note.md)."""
    stem = re.findall(r"[a-z0-9]+", d.rsplit(".", 1)[0].lower())
    said = re.findall(r"[a-z0-9]+", what.lower())
    return what.split()[0].rstrip(".,;:") == d or (len(stem) >= 2 and said[:len(stem)] == stem)


def advisory_handed_over(ctx: TaskContext) -> list[Finding]:
    """The instructions or a task document say an advisory deliverable will be handed to the person an
    operative deliverable goes to ("Bayou Crest will hand Avery your client note with it"): the privileged
    advice the task asks for reaches the counterparty, and an agent that writes it well is rewarded for it."""
    counterparties: set[str] = set()
    for d in ctx.ext.operative:
        counterparties |= _parties(ctx.task.deliverables.get(d, ""), _GOES_TO)
    advisory = [d for d in ctx.ext.advisory if d in ctx.task.deliverables]
    if not counterparties or not advisory:
        return []
    sources = [("task.json", "$.instructions", ctx.task.instructions)] + \
        [(f.rel, None, f.text) for f in ctx.task_files if f.text and not f.kb_copy]
    for path, where, text in sources:
        for m in _HANDED.finditer(text):
            d = next((d for d in advisory if _refers_to(m.group("what"), d)), None)
            who = _parties(m.group(0), _HANDED, counterparties)
            hits = sorted(w for w in who if w in counterparties and not _client_named(ctx, w))
            if d is None or not hits:
                continue
            line = text.count("\n", 0, m.start()) + 1
            return [ctx.finding(
                ID, "major", path, f"{'the instructions say' if where else path + ' says'} the advisory deliverable "
                f"{d!r} will be handed to {hits[0]}, to whom an operative deliverable goes: the advice and analysis "
                "the task asks for would reach the counterparty, not the client",
                f"keep {d!r} with the client (or the partner or the file), and give {hits[0]} only the operative "
                "documents", location=where or line, evidence=tx.excerpt(tx.line_text(text, line)))]
    return []


# Text the other side signs put into an advisory deliverable by the instructions: "an acknowledgment, for
# Riley Vandermeer to sign, ... Put it at the end of client-email.md".
_PUT_INTO = re.compile(r"\b(?:put|place|add|append|insert|include|attach|paste|set\s+out)\b(?P<what>[^.;]{0,60}?)\b(?:in|into|to|"
                       r"at\s+the\s+(?:end|foot|bottom|top|start)\s+of|below|beneath|under|after|above|within)\s+"
                       r"(?:the\s+)?(?P<d>[\w.-]+\.\w{2,4})\b", re.I)


# What is put there: the signed text itself ("the acknowledgment", "a consent form"), or "it" when the sentences
# name the signed text and nothing else it could be ("If you add a translation note ..., put it in ..." puts the
# note there).
_SIGNED_NOUN = re.compile(r"\b(?:acknowledg\w*|receipt|signature|consent|release|waiver|declaration|certificat\w*|"
                          r"attestation|election|form)\b", re.I)
_PRONOUN = re.compile(r"^\s*(?:it|them|this|that|these|those)\b", re.I)
_ADVICE_NOUN = re.compile(r"\b(?:notes?|translations?|explanations?|comments?|summary|summaries|reasons?|analysis|advice|"
                          r"memo|rationale|questions?)\b", re.I)


def _signed_thing(sentence: str, window: str, put: re.Match) -> bool:
    """Whether what `put` puts is the signed text: named so, or "it" with the signed text named before and no
    note or explanation named in the sentence before the verb."""
    what = put.group("what")
    if _PRONOUN.match(what):
        return bool(_SIGNED_NOUN.search(window)) and not _ADVICE_NOUN.search(sentence[:put.start()])
    return bool(_SIGNED_NOUN.search(what))


def signed_text_in_advisory(ctx: TaskContext) -> list[Finding]:
    """The instructions ask for a text the other side signs (an acknowledgment "for Riley Vandermeer to
    sign") to be put into an advisory deliverable: the signed text sits where no placement rule reaches."""
    advisory = set(ctx.ext.advisory)
    sentences = [sentence for _line, sentence in tx.sentences(ctx.task.instructions)]
    for k, sentence in enumerate(sentences):
        window = " ".join(sentences[max(0, k - 1):k + 1])
        put = next((m for m in _PUT_INTO.finditer(sentence) if m.group("d") in advisory
                    and _signed_thing(sentence, window, m)), None)
        if put is None or not _TO_BE_SIGNED.search(window):
            continue
        d = put.group("d")
        return [ctx.finding(
            ID, "major", "task.json", f"the instructions put a text the other side signs into the advisory "
            f"deliverable {d!r}: no placement rule keeps analysis, source paths or advice out of what is signed",
            f"make the signed text an operative deliverable of its own (listed in oafreeze.operative and covered by "
            f"the placement criterion), and keep {d!r} advice only", location="$.instructions",
            evidence=tx.excerpt(window))]
    return []


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
