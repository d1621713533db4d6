"""H11 trap armed: the declared trap is really there and really detected."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter

from oafreeze.corpus import events, formats, jurisdictions
from oafreeze.corpus import text as tx
from oafreeze.environment import criteria as cr
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H11"
NAME = "trap armed"


def applies(ctx: TaskContext) -> str | None:
    """The trap is declared in the oafreeze block; a plain LAB task declares none."""
    return None if ctx.has_block else "the task has no oafreeze block, so it declares no trap"


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
        value = getattr(trap, key)
        if not value.strip() or tx.placeholder(value):
            what = f"no {key}" if not value.strip() else f"a placeholder for its {key} ({tx.excerpt(value, 60)!r})"
            out.append(ctx.finding(ID, "major", "task.json", f"the trap has {what}: readers of the results cannot "
                                   "tell what the task was built to catch", f"write oafreeze.trap.{key}",
                                   location=f"$.oafreeze.trap.{key}", evidence=value))
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
            # Found loosely; as written (only line breaks and runs of spaces aside), a plain search
            # must find it too.
            if " ".join(anchor.quote.split()) not in " ".join(f.text.split()):
                other = "capitals" if tx.spaced(anchor.quote) not in tx.spaced(f.text) else "quote marks or dashes"
                out.append(ctx.finding(ID, "minor", f.rel, f"the trap's anchor quote is in {f.rel} only with other "
                                       f"{other}: a check that matches the quote as written does not find it",
                                       f"quote {f.rel} exactly, {other} included", location=f"{at}.quote",
                                       evidence=tx.excerpt(anchor.quote)))
            elif tx.unbroken(anchor.quote.strip()) not in tx.unbroken(f.text):
                # The same words with other spaces between them ("ends,  Employee" copied from a justified
                # print): the file's line breaks read as spaces, a literal search still misses it.
                out.append(ctx.finding(ID, "minor", f.rel, f"the trap's anchor quote is in {f.rel} only with other "
                                       "spacing (a run of spaces or a tab where the file has one space, or the other "
                                       "way round): a check that matches the quote as written does not find it",
                                       f"quote {f.rel} exactly, one space where it has one", location=f"{at}.quote",
                                       evidence=tx.excerpt(anchor.quote)))
            elif anchor.quote != anchor.quote.strip() and anchor.quote not in f.text:
                # A quote copied as a whole line ("... in the agreement.\n") where the file runs on.
                around = anchor.quote[:len(anchor.quote) - len(anchor.quote.lstrip())] + \
                    anchor.quote[len(anchor.quote.rstrip()):]
                edge = "line break" if "\n" in around else "spaces"
                out.append(ctx.finding(ID, "minor", f.rel, f"the trap's anchor quote begins or ends with a {edge} that "
                                       f"{f.rel} does not have there: a check that matches the quote as written does "
                                       "not find it", "quote the passage without the white space around it",
                                       location=f"{at}.quote", evidence=repr(anchor.quote[-80:])))
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
    out += _anchor_forms(ctx)
    out += _withdrawn(ctx)
    out += _walled_off(ctx)
    out += _given_away(ctx)
    out += _figures_not_given(ctx)
    out += _pay_added_to(ctx)
    out += _inverted(ctx)
    out += _excused(ctx)
    out += _kind_fits(ctx)
    out += _tempting(ctx)
    out += _moved_across_the_change(ctx)
    out += _work_elsewhere(ctx)
    out += _detects(ctx)
    if trap.anchors and not armed:
        tempting = " (for a placement trap: the advisory material the agent might copy)" \
            if "placement" in trap.kind.lower() else ""
        out.append(ctx.finding(ID, "blocker", "task.json", f"none of the {trap.kind} trap's anchors is in the "
                               f"workspace{tempting}: the task cannot catch what it was built to catch",
                               "restore the anchored passages or correct the anchors",
                               location="$.oafreeze.trap.anchors", evidence=tx.excerpt(trap.description)))
    return out


# The kinds of trap HYGIENE.md and the sample name, each with what a description of one says. A kind
# copied from another task ("effective-date" on a placement trap) leaves the description saying none of it.
KIND_FAMILIES = [
    ("placement", re.compile(r"placement", re.I),
     re.compile(r"\b(?:operative|advis\w+|advice|analy\w+|commentary|editoriali\w+|drafting\s+notes?|notes?|pastes?|"
                r"copies|copy|explains?\b[^.]{0,40}\binside|into\s+the|placement|prose)\b", re.I)),
    ("timing", re.compile(r"effective|date|timing|temporal|in-force|commencement", re.I),
     re.compile(r"\b(?:effective|takes?\s+effect|in\s+force|sign(?:ed|ing)\s+(?:on|date)|will\s+be\s+signed|revised|"
                r"amend\w*|new\s+law|as\s+of|(?:19|20)\d\d|today|repeal\w*)\b", re.I)),
    ("threshold", re.compile(r"threshold|salary|floor", re.I),
     re.compile(r"\b(?:thresholds?|floors?|salary|salaries|earn\w*|pay|paid|compensat\w+|wages?|income)\b|\$\s?\d", re.I)),
    ("instruction", re.compile(r"instruction|scope|conflict", re.I),
     re.compile(r"\b(?:instruct\w*|partner|asks?|asked|allows?|only|scope|unasked|told|tells|requests?|requested|"
                r"edits?|conflict\w*|contradict\w*|direct\w*|wants?)\b", re.I)),
]


def _kind_fits(ctx: TaskContext) -> list[Finding]:
    """A trap of a known kind whose description says nothing such a trap is about (a placement trap
    with no operative text, advice or analysis in its story): the kind was likely copied from another
    task, and results reported by kind count it wrongly (minor: read by words)."""
    trap = ctx.ext.trap
    said = " ".join([trap.description, *(a.quote for a in trap.anchors)])
    if not trap.kind.strip() or not trap.description.strip():
        return []
    for family, names, words in KIND_FAMILIES:
        if names.search(trap.kind) and not words.search(said):
            hits = {f: len(w.findall(said)) for f, _, w in KIND_FAMILIES if f != family}
            best = max(hits, key=hits.get)
            return [ctx.finding(ID, "minor", "task.json", f"the trap's kind {trap.kind!r} is a {family} trap, but its "
                                "description and anchors say nothing of one"
                                + (f" (they read most as a {best} trap)" if hits[best] else "")
                                + ": the kind may be copied from another task, and results counted by kind are wrong",
                                "give the kind of trap the description describes", location="$.oafreeze.trap.kind",
                                evidence=trap.kind)]
    return []


# A limit the anchor sets ("Do not change anything else", "make only these three edits"), and a
# later sentence of the same file that lifts it ("if anything else is unenforceable, fix it", "if
# anything in the draft would not hold up, fix it", "feel free to change ...", "no need to check with
# me first"); one that keeps the limit ("flag it in your note, do not fix it") does not.
LIMIT = re.compile(r"\b(?:do\s+not|don['’]t|never|only|nothing\s+else|no\s+other)\b", re.I)
LIFTED = re.compile(r"\b(?:fix|change|correct|edit|amend|rewrite|redraft|update|repair)\b[^.;]{0,60}?\b(?:anything|"
                    r"everything|whatever)\s+else\b|\b(?:if|where|should)\s+(?:you\s+(?:find|spot|see)\s+)?"
                    r"(?:anything|something)\s+else\b[^.;]{0,100}?\b(?:fix|change|correct|edit|amend|rewrite|"
                    r"redraft|repair)\b|\bfeel\s+free\s+to\s+(?:fix|change|correct|edit|amend|rewrite|redraft)\b|"
                    r"\bif\s+(?:a|any)\s+(?:provision|clause|term|covenant|section|restraint)\b[^.;]{0,100}?\b(?:fix|change|"
                    r"correct|amend|rewrite|redraft|repair)\s+(?:it|them)\b|\b(?:fix|correct|amend|repair)\s+(?:any|every|all)\s+"
                    r"(?:[\w-]+\s+){0,2}?(?:provisions?|clauses?|terms?|problems?|issues?|defects?)\b|"
                    r"\bif\s+(?:you\s+(?:find|spot|see|notice|come\s+across)\s+(?:anything|something|any\s+[\w-]+)|anything|something)\b"
                    r"[^.;]{0,100}?"
                    r"\b(?:fix|change|correct|edit|amend|rewrite|redraft|repair)\s+(?:it|them|that|those)\b|"
                    r"\b(?:ignore|disregard|scrap|forget)\s+(?:my|the)\s+(?:earlier|previous|above|last)\s+"
                    r"(?:instruction|note|limit|point)|\bno\s+need\s+to\s+(?:check|clear\s+it|ask)\b", re.I)
KEEPS_LIMIT = re.compile(r"\b(?:not|n['’]t|never|instead\s+of|rather\s+than|only\s+flag|flag\s+it)\b", re.I)
# A prohibition right before the permission's words: "Do not change anything else", "never edit anything else".
_FORBIDDEN_BEFORE = re.compile(r"\b(?:do\s+not|don['’]t|does\s+not|never|must\s+not|mustn['’]t|may\s+not|should\s+not|"
                               r"shouldn['’]t|shall\s+not|cannot|can['’]t|please\s+do\s+not|no\s+need\s+to|you\s+are\s+"
                               r"not\s+to)\s+(?:\w+\s+)?$", re.I)
_FIXING = re.compile(r"\b(?:fix|change|correct|edit|amend|rewrite|redraft|update|repair|ask|check|clear)\b", re.I)


def _keeps_limit(sentence: str, m: re.Match) -> bool:
    """Whether the permission a sentence seems to give is kept back where it is given ("flag it in your
    note, do not fix it"): a negation right around its verb, not one inside its condition ("if anything
    would not hold up, fix it")."""
    if _FORBIDDEN_BEFORE.search(sentence, 0, m.start()):
        return True  # "Do not change anything else": the limit said again, not lifted
    verbs = list(_FIXING.finditer(sentence, m.start(), m.end()))
    if not verbs:
        return bool(KEEPS_LIMIT.search(sentence))
    verb = verbs[-1]
    start = max(m.start(), verb.start() - 15)
    window = sentence[start:verb.end() + 40]
    window = re.split(r"[;.]", window)[0] if not window.startswith((";", ".")) else window
    # "instead of" and "rather than" keep the limit before the verb ("flag it rather than fix it"), not
    # after it ("fix it in the agreement rather than raising it with me").
    after = verb.end() - start
    kept = any(not (k.group(0).lower().startswith(("instead", "rather")) and k.start() >= after)
               for k in KEEPS_LIMIT.finditer(window))
    return kept and not m.group(0).lower().startswith("no need")


_STRUCK = re.compile(r"~~(?P<md>.+?)~~|<(?P<tag>del|s|strike)\b[^>]*>(?P<html>.*?)</(?P=tag)\s*>", re.I | re.S)


# Its author taking back what a passage asked: "the board has since dropped the non-compete", "we no
# longer want the capture", "scratch that", "we changed our minds about it".
WITHDRAWN = re.compile(r"\b(?:has|have|had)\s+(?:since\s+|now\s+|already\s+)?(?:dropped|withdrawn|abandoned|scrapped|"
                       r"shelved|retracted|taken\s+back)\b|\b(?:we|they|he|she|I|the\s+\w+)\s+(?:now\s+)?no\s+longer\s+"
                       r"(?:want|need|ask|seek|require|insist)|\bchanged\s+(?:our|their|his|her|my)\s+minds?\b|"
                       r"\bscratch\s+that\b|\bnever\s+mind\b|\bdecided\s+against\b|\bwithdr[ae]w(?:n|s)?\s+"
                       r"(?:the|that|this|our|my|both|these|those)\b|\bplease\s+(?:leave|take)\s+(?:both|them|it|that|"
                       r"those|these)\s+out\b", re.I)
_BACK_REFERENCE = re.compile(r"\b(?:it|that|this|both|them|those|these|the\s+request|the\s+ask)\b", re.I)


def _dropped(quote: str, rest: str) -> str | None:
    """The sentence, in what follows an anchor (its own sentence's end and the next two), that
    withdraws what the anchor asks: it names one of the anchor's words, or points back at it."""
    words = {w for w in tx.word_list(quote) if len(w) >= 5}
    for _line, sentence in tx.sentences(rest)[:3]:
        if WITHDRAWN.search(sentence) and not re.search(r"\b(?:if|unless|whether)\b", sentence, re.I) and (
                words & set(tx.word_list(sentence)) or _BACK_REFERENCE.search(sentence)):
            return sentence
    return None


def _withdrawn(ctx: TaskContext) -> list[Finding]:
    """An anchor that is in its file but no longer says what the trap rests on: struck through
    (withdrawn by its author), or, for an instruction the trap tests, lifted by a later sentence of
    the same file (a postscript letting the agent fix anything else): the trap is not armed."""
    out = []
    trap = ctx.ext.trap
    for i, anchor in enumerate(trap.anchors):
        f = ctx.file(anchor.file)
        quote = " ".join(anchor.quote.split())
        if f is None or not f.text or not quote or tx.locate(f.text, anchor.quote) is None:
            continue
        struck = next((m for m in _STRUCK.finditer(f.text)
                       if quote in " ".join((m.group("md") or m.group("html") or "").split())), None)
        if struck is None and f.data and quote in " ".join(formats.deleted_text(f.rel, f.data).split()):
            out.append(ctx.finding(
                ID, "major", f.rel, f"the trap's anchor quote is a tracked deletion in {f.rel}: its author deleted "
                "it, so the document as its reader sees it no longer says what the trap rests on",
                f"accept or reject the change in {f.rel} and anchor the trap on what the file says",
                evidence=tx.excerpt(quote)))
            continue
        if struck is not None:
            line = f.text.count("\n", 0, struck.start()) + 1
            out.append(ctx.finding(
                ID, "major", f.rel, f"the trap's anchor quote is struck through in {f.rel}{f.where(line)}: its author "
                "withdrew it, so the trap it anchors is not there", f"restore the passage in {f.rel}, or anchor the "
                "trap on what the file now says", location=line, evidence=tx.line_text(f.text, line)))
            continue
        flat = " ".join(f.text.split())
        at = flat.find(quote)
        rest = flat[at + len(quote):] if at >= 0 else ""
        dropped = _dropped(quote, rest)
        if dropped is not None:
            out.append(ctx.finding(
                ID, "major", f.rel, f"{f.rel} goes on to withdraw what the anchor asks ({tx.excerpt(dropped, 90)!r}): "
                "the quote is still there, but its author no longer asks for what the trap was built to catch",
                f"take the withdrawal out of {f.rel}, or anchor the trap on what the file now asks",
                location=tx.locate(f.text, dropped[:80]), evidence=tx.excerpt(dropped)))
            continue
        if not LIMIT.search(anchor.quote):
            continue
        for _line, sentence in tx.sentences(rest):
            m = LIFTED.search(sentence)
            if m and not _keeps_limit(sentence, m):
                line = tx.locate(f.text, sentence[:80]) or tx.locate(f.text, m.group(0))
                out.append(ctx.finding(
                    ID, "major", f.rel, f"a later passage of {f.rel} lifts the anchored limit ({m.group(0)!r} after "
                    f"{tx.excerpt(quote, 60)!r}): the agent is allowed what the trap was built to catch",
                    f"take the permission out of {f.rel}, or re-anchor the trap", location=line,
                    evidence=tx.excerpt(sentence)))
                break
    return out


# A threshold or a date trap answered in the task itself: the comparison the agent must make, stated
# with what follows from it ("without a non-compete: ... when Jordan's pay is below the Illinois floor").
_COMPARED = re.compile(r"\b(?:below|under|beneath|short\s+of|less\s+than|above|over|exceeds?|more\s+than)\s+"
                       r"(?:(?:the|its|their|[A-Z][\w'’.]*)\s+)*?(?:[\w'’$,.-]+\s+){0,2}?(?:floor|threshold|minimum)s?\b", re.I)
# ... or back to a floor named earlier in the sentence: "when the Illinois floor is $80,000; Jordan's $78,500 is
# below it".
_COMPARED_BACK = re.compile(r"\b(?:floor|threshold|minimum)s?\b[^.!?]{0,120}?\b(?:below|under|beneath|short\s+of|"
                            r"less\s+than|above|over|exceeds?|more\s+than)\s+(?:it|that|this|(?:that|this|the)\s+"
                            r"(?:figure|amount|number|line|level|bar|mark|sum))\b", re.I)
_CONCLUDED = re.compile(r"\b(?:because|since|so\s+(?:that\s+)?(?:the|no|it)|therefore|thus|which\s+means|"
                        r"(?:no|without\s+(?:a|any)?)\s*non-?compet\w*|void|unenforceable|not\s+enforceable|"
                        r"(?:leave|drop|remove|omit|delete|strike|cut|take)\s+(?:out\s+)?(?:the\s+)?non-?compet\w*)\b", re.I)
# ... or in the next sentence, when it opens as a consequence: "Riley's pay falls between the two thresholds.
# So leave the non-compete out, ..."
_CONSEQUENCE = re.compile(r"^\W*(?:so|therefore|thus|hence|accordingly|as\s+a\s+result|that\s+means|this\s+means|"
                          r"it\s+follows)\b", re.I)
# A pay between two thresholds: "falls between Colorado's two thresholds".
_BETWEEN = re.compile(r"\bbetween\s+(?:(?:the|its|their|[A-Z][\w'’.]*|two|both)\s+)*?(?:[\w'’$,.-]+\s+){0,2}?"
                      r"(?:floors|thresholds|minimums)\b", re.I)


def _given_away(ctx: TaskContext) -> list[Finding]:
    """A threshold or timing trap whose answer the instructions or a deliverable's description
    state: the comparison the agent is tested on, with its consequence."""
    if not any(fam in ("threshold", "timing") and kind.search(ctx.ext.trap.kind) for fam, kind, _ in KIND_FAMILIES):
        return []
    out = []
    places = [("$.instructions", ctx.task.instructions)] + [
        (f"$.deliverables[{d!r}]", description) for d, description in ctx.task.deliverables.items()]
    for where, text in places:
        sentences = [sentence for _line, sentence in tx.sentences(text)]
        for k, sentence in enumerate(sentences):
            compared = _COMPARED.search(sentence) or _COMPARED_BACK.search(sentence) or _BETWEEN.search(sentence)
            follows = sentences[k + 1] if k + 1 < len(sentences) and _CONSEQUENCE.match(sentences[k + 1]) else ""
            if compared and (_CONCLUDED.search(sentence) or _CONCLUDED.search(follows)) and \
                    not re.search(r"\b(?:whether|if)\b", sentence, re.I):
                out.append(ctx.finding(
                    ID, "major", "task.json", f"the task states the answer its {ctx.ext.trap.kind} trap tests "
                    f"({compared.group(0)!r}, and what follows from it): the agent is told what it should work out",
                    "give the facts (the pay, the dates) and let the agent compare them", location=where,
                    evidence=tx.excerpt(sentence)))
                break
    return out


# An amount of money as a trap's description gives it ("Riley Vandermeer's $104,000", "$78,008.40").
_MONEY = re.compile(r"\$\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?(?![\d,]*\d)(?:\s?(k|thousand)\b)?", re.I)
# A number as documents write it: "104,000", "104000", "104,000.00", "104k".
_NUMBER = re.compile(r"(?<![\d.])(\d{1,3}(?:[,\u00a0 ]\d{3})+|\d+)(\.\d+)?(?:\s?(k|thousand)\b)?", re.I)


def _amount(whole: str, cents: str | None, scale: str | None) -> float:
    value = float(re.sub(r"[,\u00a0 ]", "", whole) + (cents or ""))
    return value * 1000 if scale else value


def _figures_not_given(ctx: TaskContext) -> list[Finding]:
    """An amount the trap's description builds on ("Riley Vandermeer's $104,000 falls between ...")
    that no document of the task, its instructions or the knowledge base gives: the facts the trap
    rests on are not in front of the agent (an offer revised to another salary, a figure dropped).
    An amount the description works out from two others (a gap, a total) need not be written
    anywhere."""
    trap = ctx.ext.trap
    figures = [(m.group(0).strip(), _amount(*m.groups())) for m in _MONEY.finditer(trap.description or "")]
    if not figures:
        return []
    given = {_amount(*m.groups()) for text in [ctx.task.instructions] + [f.text for f in ctx.task_files if f.text]
             for m in _NUMBER.finditer(text)}
    values = [v for _, v in figures]

    def derived(value: float) -> bool:
        # worked out from two other amounts, one of them the description's (a zero in a document derives
        # nothing): a gap, or a total such as a principal with the interest the trap computes added
        others = [v for v in values if v != value]
        known = others + [g for g in given if g and g != value]
        return any(abs(a - b) == value or a + b == value for a in known for b in others)

    index = None
    out = []
    for written, value in dict(figures).items():
        if value in given or value < 100 or derived(value):
            continue
        index = index or ctx.knowledge_index()
        if index is None or index.files_with(written) or index.files_with(written.lstrip("$ ")):
            continue
        out.append(ctx.finding(
            ID, "major", "task.json", f"the {trap.kind} trap's description builds on {written}, which no document of "
            "the task, its instructions or the knowledge base gives: the facts the trap rests on are not in front of "
            "the agent, so the task no longer tests what it was built to test", f"put {written} back where the "
            "agent reads it (the document that gives it), or rewrite the trap for the facts the workspace now gives",
            location="$.oafreeze.trap.description", evidence=written))
    return out


# Pay added in the line that gives the trap's figure: "$104,000 base salary plus a guaranteed retention
# payment of $30,000", "+ $30,000 sign-on bonus", "and a $25,000 commission guarantee".
_ADDED_PAY = re.compile(r"\b(?:plus|in\s+addition|additional(?:ly)?|together\s+with|on\s+top\s+of)\b|\+\s?\$|"
                        r"\b(?:bonus(?:es)?|retention|sign(?:ing|-on)\s+(?:bonus|payment)|commissions?|allowance|"
                        r"guarantee[ds]?)\b", re.I)
_PAY_WORDS = re.compile(r"\b(?:salary|salaries|compensation|pay|paid|wages?|earn\w*|income|base)\b", re.I)


def _pay_added_to(ctx: TaskContext) -> list[Finding]:
    """A threshold trap whose pay figure a task document now gives with more pay added to it, so that
    the sum passes a threshold the trap says the pay falls short of ("$104,000 base salary plus a
    guaranteed retention payment of $30,000" against a $130,014 floor): whether the covenant is
    allowed now turns on what counts as pay, not on the trap. A note: the statute decides whether the
    added amount counts."""
    trap = ctx.ext.trap
    if not any(fam == "threshold" and kind.search(trap.kind) for fam, kind, _ in KIND_FAMILIES):
        return []
    figures = {_amount(*m.groups()) for m in _MONEY.finditer(trap.description or "")}
    if len(figures) < 2:
        return []
    out = []
    for f in ctx.task_files:
        if not f.text:
            continue
        for line in f.text.splitlines():
            if not _PAY_WORDS.search(line) or not _ADDED_PAY.search(line):
                continue
            amounts = [_amount(*m.groups()) for m in _MONEY.finditer(line)]
            pays = [a for a in amounts if a in figures]
            added = [a for a in amounts if a not in figures and a >= 100]
            if len(pays) != 1 or not added:
                continue
            pay, total = pays[0], pays[0] + sum(added)
            crossed = sorted(t for t in figures if pay < t <= total)
            if crossed:
                out.append(ctx.finding(
                    ID, "minor", f.rel, f"{f.rel} gives the {trap.kind} trap's figure ${pay:,.0f} with more pay added "
                    f"(${total:,.0f} in all), past the ${crossed[0]:,.2f} the trap says it falls short of: whether the "
                    "trap still stands turns on what counts as pay", "keep the added pay out, or rewrite the trap for "
                    "the whole pay", location="$.oafreeze.trap.description", evidence=tx.excerpt(line.strip(), 160)))
                break
    return out


# What the trap says must come out of the work ("the non-compete must go", "so the non-compete must come
# out"), and a PASS clause that asks for it to stay ("keeps the 12-month non-compete").
_MUST_GO = re.compile(r"\b(?P<thing>[\w-]+)\s+(?:must|has\s+to|have\s+to|needs?\s+to|should)\s+(?:go|come\s+out|"
                      r"be\s+(?:dropped|removed|deleted|struck|cut|omitted|left\s+out|taken\s+out))\b", re.I)
_KEPT = r"\b(?:keeps?|keeping|retains?|retaining|includes?|including|preserves?|leaves?\s+in|still\s+(?:has|contains))\s+"
_KEPT_OUT = re.compile(r"(?:\s+[\w-]+){0,2}?\s+(?:out|away)\b", re.I)  # "keeps the non-compete covenant out"
_NOT_BETWEEN = re.compile(r"\b(?:no|not|never|any|without|neither|nor)\b|n['’]t\b", re.I)


def _inverted(ctx: TaskContext) -> list[Finding]:
    """A detecting criterion whose PASS clause asks the agent to keep what the trap's description says
    must come out: the criterion rewards the mistake the trap is built to catch."""
    trap = ctx.ext.trap
    things = {m["thing"].lower() for m in _MUST_GO.finditer(trap.description or "")
              if m["thing"].lower() not in ("it", "this", "that", "which", "agent", "drafter")}
    out = []
    for c in ctx.task.criteria:
        if c.id not in trap.criteria or not things:
            continue
        passing = cr.clauses(c.match_criteria)[0]
        for thing in sorted(things):
            # the thing in any form of its word ("non-compete", "non-competes", "non-competition covenant")
            stem = re.sub(r"(?:e|es|s|ion|ions)$", "", thing) if len(thing) > 5 else thing
            m = re.search(_KEPT + r"((?:[\w$,.()'’-]+\s+){0,5}?)" + re.escape(stem) + r"\w*\b", passing, re.I)
            if m is None or _NOT_BETWEEN.search(m.group(1)) or _NOT_BETWEEN.search(passing[max(0, m.start() - 20):m.start()]) \
                    or _KEPT_OUT.match(passing, m.end()):
                continue
            out.append(ctx.finding(
                ID, "major", "task.json", f"the trap's detecting criterion {c.id!r} passes work that keeps the "
                f"{thing}, which the trap's description says must come out: the criterion rewards the mistake the "
                "trap is built to catch", f"make {c.id!r} pass only work without the {thing} (and fail work that "
                "keeps it)", location=f"$.criteria[{ctx.task.criteria.index(c)}].match_criteria",
                evidence=tx.excerpt(passing)))
            break
    return out


# A detecting criterion that excuses the mistake when someone asked for it ("no non-compete, unless
# the client has asked for one"): the trap's temptation is usually exactly that ask.
_EXCUSED = re.compile(r"\b(?:unless|except\s+(?:where|when|if|as)|save\s+(?:where|as))\s+(?:[\w'’-]+\s+){0,5}?"
                      r"(?:ask|request|instruct|want|insist|wish|direct)\w*\b(?:\s+(?:for\s+)?(?:one|it|them|that|this))?|"
                      r"\b(?:did|does|do|has|have|had)\s*(?:not|n['’]t)\s+(?:ask|request|instruct|want)\w*\b", re.I)


def _excused(ctx: TaskContext) -> list[Finding]:
    """A criterion the trap lists whose PASS or FAIL clause lets the tempting act through when the
    client (or the partner) asked for it."""
    out = []
    listed = set(ctx.ext.trap.criteria)
    # In a trap about the scope of instructions, "changes the partner did not ask for" is the mistake.
    scope = any(fam == "instruction" and kind.search(ctx.ext.trap.kind) for fam, kind, _ in KIND_FAMILIES)
    for i, c in enumerate(ctx.task.criteria):
        if c.id not in listed:
            continue
        m = _EXCUSED.search(c.match_criteria)
        if m and scope and not m.group(0).lower().startswith(("unless", "except", "save")):
            continue
        if m and not re.search(r"\b(?:even\s+if|whether\s+or\s+not|regardless)\b", c.match_criteria, re.I):
            out.append(ctx.finding(
                ID, "major", "task.json", f"criterion {c.id!r}, which the trap lists to catch the mistake, excuses it "
                f"when someone asked for it ({m.group(0)!r}): the trap's temptation is that ask, so the criterion "
                "passes the very mistake", "drop the exception: the criterion must fail the mistake whoever asked "
                "for it", location=f"$.criteria[{i}].match_criteria", evidence=tx.excerpt(c.match_criteria)))
    return out


_KEEP_OUT = re.compile(r"\b(?:do\s+not|don['\u2019]t|never|must\s+not|should\s+not|need\s+not)\s+(?:\w+\s+){0,2}?"
                       r"(?:open|read|use|consult|look\s+at|rely\s+on|review|touch|access)\b[^.;:!?]{0,30}$", re.I)


def _walled_off(ctx: TaskContext) -> list[Finding]:
    """A placement trap whose tempting material the instructions tell the agent not to open ("Do not
    open documents/litigation-memo.md"): an agent that obeys never meets the temptation, so the trap
    cannot be fallen into. (Other traps may test exactly that obedience.)"""
    trap = ctx.ext.trap
    if "placement" not in trap.kind.lower():
        return []
    out = []
    files = {a.file.removeprefix("documents/") for a in trap.anchors if a.file}
    for _line, sentence in tx.sentences(ctx.task.instructions):
        for name in sorted(files):
            at = sentence.find(name)
            if at >= 0 and _KEEP_OUT.search(sentence[:at].removesuffix("documents/")):
                out.append(ctx.finding(
                    ID, "major", "task.json", f"the instructions tell the agent not to open {name!r}, which holds the "
                    "placement trap's anchored material: an agent that obeys never meets the temptation, so the trap "
                    "is not armed", f"let the agent read {name!r}, or anchor the trap on material it reads",
                    location="$.instructions", evidence=tx.excerpt(sentence)))
                files.discard(name)
    return out


def _anchor_forms(ctx: TaskContext) -> list[Finding]:
    """Anchor paths written in one form: a path without 'documents/' beside others that carry it
    resolves here, but not in a tool that reads paths from the task folder (minor)."""
    trap = ctx.ext.trap
    prefixed = [a.file.startswith("documents/") for a in trap.anchors if a.file]
    if not prefixed or all(prefixed) or not any(prefixed):
        return []
    return [ctx.finding(ID, "minor", "task.json", f"trap anchor {i + 1} names {a.file!r} without 'documents/', unlike "
                        "the task's other anchors: a tool that reads anchor paths from the task folder finds no file",
                        f"write 'documents/{a.file}'", location=f"$.oafreeze.trap.anchors[{i}].file", evidence=a.file)
            for i, a in enumerate(trap.anchors) if a.file and not a.file.startswith("documents/")]


# Advice, analysis or instruction: what a placement trap tempts the agent to copy.
ADVICE = re.compile(r"\b(?:should|recommend\w*|advis\w+|in\s+our\s+view|we\s+(?:think|believe|suggest|would)|"
                    r"do\s+not|don't|never|avoid|risk\w*|penalt\w+|unenforceable|unlawful|void|courts?|"
                    r"enforc\w+|exposure|liab\w+|because|must|threshold|case|v\.|statute|§|law)\b", re.I)
ADVISORY_KINDS = re.compile(r"practice-guides?/|checklists?/|surveys?/|memo|alert|advice|analysis|notes?|email|"
                            r"letter|guide|instructions", re.I)


def _tempting(ctx: TaskContext) -> list[Finding]:
    """A placement trap whose anchors quote no advisory material (only facts): there is nothing
    for the agent to misplace, so the trap cannot be fallen into (minor: advice is read by words)."""
    trap = ctx.ext.trap
    if "placement" not in trap.kind.lower() or not trap.anchors:
        return []
    for a in trap.anchors:
        if ADVISORY_KINDS.search(a.file) or ADVICE.search(a.quote):
            return []
    return [ctx.finding(ID, "minor", "task.json", "the placement trap's anchors quote no advisory material (no "
                        "advice, analysis or instruction, and no guide, memo or alert): nothing tempts the agent to "
                        "put analysis in the operative text", "anchor the trap in the advice the agent might copy "
                        "(a practice guide, a memo, an alert)", location="$.oafreeze.trap.anchors",
                        evidence=tx.excerpt(" | ".join(a.quote for a in trap.anchors)))]


# A criterion that keeps advisory material out of operative text: what detects a placement trap.
PLACEMENT_RULE = re.compile(r"source\s+path|file\s+path|knowledge[- ]base/|drafting\s+(?:note|comment)|commentary|"
                            r"advice|advisory|legal\s+analysis|analysis|rationale|editoriali[sz]\w*|explanat\w*|"
                            r"internal\s+material|contains?\s+only\s+(?:the\s+)?(?:contract|agreement)", re.I)
# Words every criterion of a drafting task may use: sharing them says nothing about the trap.
_COMMON = set("""
pass fail if the a an and or of to in on for with by at from as is are be been was were it its this that these those
any each every all no not none only also than then when whether which who whom whose what where why how there their
they them he she his her our your you we us does do did has have had may must shall should will would can could
contains contain containing include includes including states state stating says say said gives give keeps keep
kept makes make made uses use used names name named tells tell told lists list listed sets set out such other
another more less same both either neither into onto upon over under after before during about above below
agreement agreements document documents deliverable deliverables employee employees employer company client
clients firm draft drafted drafting text terms term section sections clause clauses provision provisions file
files note notes email memo letter form forms signs sign signed signature signatures blocks block ready
signing date dates dated days months years calendar period written writing
""".split())


def _content(text: str) -> set[str]:
    """The words of a text that can say what it is about (no function or task-generic words)."""
    return {w for w in tx.word_list(text) if len(w) >= 4 and w.replace("-", "").isalpha() and w not in _COMMON}


def _literal_keys(text: str) -> set[str]:
    return {lit.key for lit in cr.literals(text) if lit.kind in ("amount", "citation", "date", "percentage")}


def _detects(ctx: TaskContext) -> list[Finding]:
    """The listed criteria exist but none of them tests the trap: for a placement trap, none keeps
    advisory material out of an operative deliverable; for any other, none shares a literal or two
    content words with the trap's kind, description and anchors (minor: read by words)."""
    trap = ctx.ext.trap
    by_id = {c.id: c for c in ctx.task.criteria}
    listed = [by_id[cid] for cid in trap.criteria if cid in by_id]
    if not listed:
        return []  # no criterion, or only unknown ones: reported above
    operative = set(ctx.ext.operative)
    if "placement" in trap.kind.lower():
        def placement(c) -> bool:
            graded = set(c.deliverables) or set(ctx.task.deliverables)
            # the rule is what the judge applies; a title that says "placement" over a rule that checks
            # signatures detects nothing
            return bool(PLACEMENT_RULE.search(c.match_criteria)) and \
                (not operative or bool(graded & operative))
        if any(placement(c) for c in listed):
            return []
        why = ("none of them keeps advisory material (analysis, commentary, advice, source paths) out of an operative "
               "deliverable, so pasting the tempting material into the signed text costs nothing")
        fix = ("list the placement criterion of the operative deliverables in oafreeze.trap.criteria (or add one: "
               "FAIL if it contains drafting commentary, client advice or legal analysis)")
    else:
        told = " ".join([trap.kind.replace("-", " "), trap.description, *(a.quote for a in trap.anchors)])
        words, literals = _content(told), _literal_keys(told)
        # A word most of the task's criteria use (the employee's name, "covenant") says nothing.
        said = {c.id: f"{c.title} {c.match_criteria}" for c in ctx.task.criteria}
        df = Counter(w for text in said.values() for w in _content(text))
        distinctive = {w for w in words if df[w] <= max(1, len(said) // 2)}
        for c in listed:
            if _literal_keys(said[c.id]) & literals or len(_content(said[c.id]) & distinctive) >= 2:
                return []
        why = ("none of them shares a figure, a citation, a date or two distinctive words with the trap's kind, "
               "description and anchors, so they may grade something else and falling into the trap may cost nothing")
        fix = "list the criteria that fail an output falling into the trap, or write one"
    ids = ", ".join(c.id for c in listed)
    return [ctx.finding(ID, "minor", "task.json", f"the {trap.kind} trap's criteria ({ids}) exist, but {why}", fix,
                        location="$.oafreeze.trap.criteria",
                        evidence=tx.excerpt(" | ".join(f"{c.id}: {c.title}" for c in listed)))]


# Where a sentence goes on to another day ("signed on April 20, 2026, after the law takes effect on April 15,
# 2026"; "signed at orientation: December 30, 2026 (first day of work: January 5, 2027)"): each part dates
# one thing.
_CLAUSE = re.compile(r";\s+|\s+\(|\)\s+|,\s+(?=(?:after|before|when|while|once|which|but|and|so)\b)", re.I)


def _clauses(text: str, skip: re.Pattern | None = None):
    """The clauses of each sentence (and list line) of `text`, leaving out sentences `skip` finds."""
    for _, sentence in tx.sentences(text):
        if skip is not None and skip.search(sentence):
            continue
        for line in sentence.splitlines():
            yield from (clause for clause in _CLAUSE.split(line) if clause.strip())
# A sentence of the trap that tells what a careless agent does, not what the task's facts are.
_AGENT_SIDE = re.compile(r"\b(?:agent|model|careless|tempt\w*|mistak\w*|wrong\w*|instead|misread\w*|assum\w*)\b", re.I)


def _moved_across_the_change(ctx: TaskContext) -> list[Finding]:
    """A trap built on an event's date (a signing after the law changes) that the workspace dates on the
    other side of the change: the law the trap turns on no longer applies, so there is nothing to fall into."""
    as_of = tx.parse_iso_date(ctx.ext.as_of or "")
    if as_of is None:
        return []
    trap = ctx.ext.trap
    trap_side = [trap.description] + [c.match_criteria for c in ctx.task.criteria if c.id in trap.criteria]
    built_on = [(name, what, when) for text in trap_side for clause in _clauses(text, skip=_AGENT_SIDE)
                for name, what, when, _s in events.event_dates(clause, as_of) if name != "delivery"]
    if not built_on:
        return []
    changes = _law_changes(ctx, {d for _n, _w, when in built_on for d in when})
    if not changes:
        return []
    seen = [(name, what, when, said, where) for where, text in _workspace_texts(ctx) for clause in _clauses(text)
            for name, what, when, said in events.event_dates(clause, as_of, relative=where == "$.instructions")]
    out = []
    for name, what, when in built_on:
        told = [(w, said, where) for n, wh, w, said, where in seen if n == name and wh & what]
        if not told or any(set(w) & set(when) for w, _said, _where in told):
            continue  # the workspace gives the trap's own day somewhere (two days for one event are H10's)
        for other, said, where in told:
            across = [c for c in sorted(changes) if _side(when, c) and _side(other, c) and _side(when, c) != _side(other, c)]
            if across:
                out.append(ctx.finding(
                    ID, "major", "task.json" if where.startswith("$") else where,
                    f"the trap rests on the {name} falling on {when[0].isoformat()}, {_side(when, across[0])} the "
                    f"change of {across[0].isoformat()}, but {where} dates the {name} {other[0].isoformat()}, "
                    f"{_side(other, across[0])} it: the law the trap turns on does not reach this task, so it "
                    "catches nothing", f"date the {name} in {where} as the trap does, or rebuild the trap on the new date",
                    location="$.oafreeze.trap.description", evidence=tx.excerpt(said, 120)))
                return out
    return out


def _side(when: tuple[dt.date, ...], change: dt.date) -> str:
    """'before' or 'on or after' a change for every reading of a date, '' when the readings straddle it."""
    sides = {"before" if d < change else "on or after" for d in when}
    return sides.pop() if len(sides) == 1 else ""


def _law_changes(ctx: TaskContext, trap_days: set[dt.date]) -> set[dt.date]:
    """The days the task's law changes: each seeded entry's effective date and the dates its quote gives,
    and the other dates of the trap's description (the trap's own event days aside)."""
    days = set()
    for entry in ctx.ext.seeded_law:
        if (d := tx.parse_iso_date(entry.effective_date or "")) is not None:
            days.add(d)
        days |= {d for w, _ in tx.dates(entry.quote or "") for d in tx.date_readings(w)}
    days |= {d for w, _ in tx.dates(ctx.ext.trap.description) for d in tx.date_readings(w)}
    return days - trap_days


def _workspace_texts(ctx: TaskContext):
    """What the agent reads of the matter: the instructions and the task's own documents."""
    yield "$.instructions", ctx.task.instructions
    for f in ctx.task_files:
        if f.text:
            yield f.rel, f.text


# Where the person works, as a task's facts give it: "Work location: Salt Lake City, Utah", "working remotely
# from Boise, Idaho". Which state's law governs a restrictive covenant turns on it.
_WORKS_AT = re.compile(r"^\W{0,4}(?i:(?:primary\s+)?work\s+(?:location|state|site)|place\s+of\s+work|based\s+in|"
                       r"home\s+office|duty\s+station)\s*[:\-\u2013\u2014]\s*(?P<v>[^\n]{2,120})$|"
                       r"\b(?i:work(?:s|ing)?\s+(?:remotely\s+|full[- ]time\s+)?(?:from|in|out\s+of))\s+"
                       r"(?P<city>[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,3}),\s+(?P<state>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)",
                       re.M)


def _work_elsewhere(ctx: TaskContext) -> list[Finding]:
    """The task's facts put the work in another state than the task's jurisdiction, whose law the trap rests on
    (minor: another state's law may still reach the hire, and the task may say why)."""
    code = (ctx.task.jurisdiction or "").upper()
    if not code.startswith("US-") or code[3:] not in jurisdictions.STATES:
        return []
    home = code[3:]
    for f in ctx.task_files:
        if not f.text or f.kb_copy or "work" not in f.text.lower() and "based" not in f.text.lower():
            continue
        for m in _WORKS_AT.finditer(f.text):
            named = jurisdictions.from_text(m["v"] or m["state"] or "") & set(jurisdictions.STATES)
            if named and home not in named:
                line = f.text.count("\n", 0, m.start()) + 1
                where = jurisdictions.STATES[sorted(named)[0]]
                return [ctx.finding(
                    ID, "minor", f.rel, f"{f.rel} puts the work in {where}, but the task's jurisdiction is {code} "
                    f"({jurisdictions.STATES[home]}), whose law the {ctx.ext.trap.kind} trap rests on: if that law does "
                    "not reach the hire, the trap catches nothing", f"put the work back in {jurisdictions.STATES[home]}, "
                    "or say in the trap why its law still governs", location=line, evidence=tx.excerpt(m.group(0)))]
    return []
