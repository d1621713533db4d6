"""H04 criterion form: unique id, title, PASS and FAIL clauses, real deliverables, one claim."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from difflib import SequenceMatcher

from oafreeze.corpus import text as tx
from oafreeze.environment import criteria as cr
from oafreeze.environment.task import SOURCES, WORK_TYPES
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H04"
NAME = "criterion form"

# "(1) ... (2) ...", "(a) ... (b) ...", or two requirements joined by ";" / "and also", or a second
# sentence with a subject of its own (", and every restraint in it ends ...").
ENUMERATION = re.compile(r"\((?:1|a|i)\).*\((?:2|b|ii)\)", re.S)
JOINED = re.compile(r";\s*(?:and\s+)?(?:it\s+)?\w+s\b|\band also\b|\bas well as\b|"
                    r",\s+and\s+(?:every|each|all|any|no|its)\s+(?:[\w-]+\s+){1,4}?(?:\w+s|is|are|has|have|must|"
                    r"does|do|will|shall)\s+(?!and\b|or\b)\w|"
                    r",\s+and\s+(?:it|the\s+(?:form|agreement|letter|notice|e-?mail|memo|note|document|contract|draft))\s+"
                    r"(?:\w+s|is|has|must|does|will)\s+(?!and\b|or\b)\w", re.I)

# A second requirement opened as a new sentence by a word that says it is another matter ("Separately,
# the note must confirm ...", "In addition, it should ...").
ANOTHER_MATTER = re.compile(r"(?:^|[.;:!?]\s+)(?:separately|additionally|in\s+addition|also|moreover|furthermore|"
                            r"independently|on\s+a\s+separate\s+(?:point|note|matter))\s*,?\s+[^.;!?]*?\b(?:must|should|"
                            r"needs?\s+to|has\s+to|have\s+to|is\s+required\s+to|shall)\b", re.I)

# A verdict other than PASS and FAIL: "PARTIAL if ...", "N/A if ...", "HALF CREDIT if ...", "NEEDS
# REVIEW if ...", written in capitals as the two verdicts are and opening a clause as they do; and in
# prose, credit in between.
OTHER_VERDICT = re.compile(r"(?:^|(?<=[.;:!?)])[ \t]+|\n[ \t]*)(?P<v>PARTIAL(?:LY)?(?:[ \t]+(?:PASS|CREDIT|FAIL))?|PART[ \t]+CREDIT|"
                           r"HALF(?:[ \t]+(?:CREDIT|PASS|MARKS?))?|N/?A|NOT[ \t]+APPLICABLE|INCONCLUSIVE|UNCLEAR|"
                           r"MIXED|UNDETERMINED|UNKNOWN|NEEDS[ \t]+REVIEW|BORDERLINE|MARGINAL|WARN(?:ING)?|"
                           r"SKIP|NEUTRAL)(?:[ \t]*\([^()\n]{0,20}\))?[ \t]*(?:if|when|where|:|[-\u2013\u2014]+)(?=[ \t])")
PARTIAL_CREDIT = re.compile(r"\b(?:partial|half|part)[ \t-]+(?:credit|marks?|points?|pass(?:es)?)\b|"
                            r"\bpartially\s+pass(?:es|ed)?\b|\b(?:scores?|award(?:s|ed)?|gives?|earns?)\s+"
                            r"(?:a\s+)?(?:0?\.5|0,5|half)\b", re.I)


# A BCP 47 language tag (RFC 5646's langtag or a private-use tag): "en", "en-US", "zh-Hant",
# "sr-Latn-RS", "de-CH-1996", "en-US-u-ca-gregory" (an extension), "en-x-legal" (private use).
LANGUAGE_TAG = re.compile(
    # language and extended language subtags (RFC 5646 reserves 4 to 8 letters, and none is
    # registered: "english" is a name, not a tag)
    r"^(?:[A-Za-z]{2,3}(?:-[A-Za-z]{3}){0,3}"
    r"(?:-[A-Za-z]{4})?"  # script
    r"(?:-(?:[A-Za-z]{2}|\d{3}))?"  # region
    r"(?:-(?:[A-Za-z0-9]{5,8}|\d[A-Za-z0-9]{3}))*"  # variants
    r"(?:-[0-9A-WY-Za-wy-z](?:-[A-Za-z0-9]{2,8})+)*"  # extensions
    r"(?:-[Xx](?:-[A-Za-z0-9]{1,8})+)?"  # private use
    r"|[Xx](?:-[A-Za-z0-9]{1,8})+)$")


# The languages with extended language subtags in the IANA registry ("zh-yue", "ar-aeb", "sgn-ase"): after
# any other language, three letters are no subtag at all ("en-USA" is a region written as ISO 3166's
# three-letter code, which BCP 47 does not use).
EXTLANG_PREFIXES = frozenset({"ar", "kok", "lv", "ms", "sgn", "sw", "uz", "zh"})
_EXTLANG = re.compile(r"^([A-Za-z]{2,3})-([A-Za-z]{3})(?=-|$)")


def language_tag_problem(value: str) -> str | None:
    """Why `value` is not a BCP 47 tag a judge can be prompted with (None: it is one)."""
    if not LANGUAGE_TAG.match(value):
        return "not a language tag"
    m = _EXTLANG.match(value)
    if m and m.group(1).lower() not in EXTLANG_PREFIXES:
        return f"{m.group(2)!r} is no subtag of {m.group(1)!r}; a region is two letters or three digits"
    return None


def _task_form(ctx: TaskContext) -> list[Finding]:
    """The task's own fields: a title, LAB's work types, well-formed language tags, criteria at all."""
    out = []
    task = ctx.task
    if not task.title.strip():
        out.append(ctx.finding(ID, "major", "task.json", "the task has no title: reports, the run log and LAB's "
                               "tools cannot name it", "give the task a short title", location="$.title"))
    if task.work_type not in WORK_TYPES:
        out.append(ctx.finding(ID, "major", "task.json", f"work_type {task.work_type!r} is not one of LAB's "
                               f"({', '.join(WORK_TYPES)}): LAB's harness and reports group tasks by it",
                               f"use one of {', '.join(WORK_TYPES)}", location="$.work_type",
                               evidence=repr(task.work_type)))
    for key in ("language", "judge_language"):
        value = getattr(task, key)
        problem = language_tag_problem(value) if value is not None else None
        if problem:
            out.append(ctx.finding(ID, "major", "task.json", f"{key} {value!r} is not a language tag such as "
                                   f"'en' or 'en-US' ({problem}): the judge may be prompted in the wrong language",
                                   "write a BCP 47 tag ('en', 'fr', 'pt-BR')", location=f"$.{key}",
                                   evidence=value))
    if not task.criteria:
        out.append(ctx.finding(ID, "blocker", "task.json", "the task has no criteria: nothing is graded, so every "
                               "output scores the same", "add criteria written as \"PASS if ... FAIL if ...\"",
                               location="$.criteria"))
    return out


def _same_condition(pass_clause: str, fail_clause: str) -> bool:
    """Whether a FAIL clause states its own PASS condition again (copied over it): the same words, a
    negation neither has more of, nothing but a trailing full stop or spaces between them."""
    a, b = (re.sub(r"[\s.;:,]+", " ", c).strip().casefold() for c in (pass_clause, fail_clause))
    if a == b:
        return True
    wa, wb = a.split(), b.split()
    if min(len(wa), len(wb)) < 8 or len(cr.NEGATION.findall(a)) != len(cr.NEGATION.findall(b)):
        return False
    return SequenceMatcher(None, wa, wb, autojunk=False).ratio() >= 0.95


def _folded_id(value: str) -> str:
    """An id as a reader sees it: compatibility forms, case, spaces and invisible characters set aside."""
    return _INVISIBLE.sub("", unicodedata.normalize("NFKC", value)).casefold()


_INVISIBLE = re.compile(r"[\s\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]+")


def check(ctx: TaskContext) -> list[Finding]:
    """Every form problem of the task and of every criterion."""
    out = _task_form(ctx)
    names = list(ctx.task.deliverables)
    ids = Counter(c.id for c in ctx.task.criteria)
    twins: dict[str, str] = {}  # folded id -> the first id written that way
    for c in ctx.task.criteria:
        twins.setdefault(_folded_id(c.id), c.id)
    for i, c in enumerate(ctx.task.criteria):
        at = f"$.criteria[{i}]"
        if not c.id.strip():
            out.append(ctx.finding(ID, "major", "task.json", f"criterion {i + 1} ({c.title or 'untitled'}) has no "
                                   "id: verdicts, waivers and the trap cannot point at it",
                                   "give it a short, unique id", location=f"{at}.id", evidence=c.title))
        elif ids[c.id] > 1:
            out.append(ctx.finding(ID, "major", "task.json",
                                   f"criterion id {c.id!r} is used {ids[c.id]} times: verdicts, waivers and the "
                                   "trap's detecting criteria cannot tell them apart",
                                   "give every criterion its own id", location=f"{at}.id", evidence=c.id))
        elif (twin := twins.get(_folded_id(c.id))) is not None and twin != c.id:
            out.append(ctx.finding(ID, "major", "task.json",
                                   f"criterion id {c.id!r} differs from {twin!r} only by spaces, case or invisible "
                                   "characters: people, waivers and tools that trim or fold ids take them for one",
                                   "give every criterion an id that differs from the others in its letters",
                                   location=f"{at}.id", evidence=repr(c.id)))
        if not c.title.strip() or tx.placeholder(c.title):
            out.append(ctx.finding(ID, "major", "task.json", f"criterion {c.id!r} has a "
                                   f"{'placeholder' if c.title.strip() else 'blank'} title",
                                   "give it a short title", location=f"{at}.title", evidence=repr(c.title)))
        if c.source is not None and c.source not in SOURCES:
            out.append(ctx.finding(ID, "minor", "task.json", f"criterion {c.id!r} has source {c.source!r}; LAB's "
                                   f"sources are {' and '.join(SOURCES)}", f"use {' or '.join(SOURCES)}",
                                   location=f"{at}.source", evidence=c.source))
        pass_clause, fail_clause = cr.clauses(c.match_criteria)
        for label, clause in (("PASS if", pass_clause), ("FAIL if", fail_clause)):
            if not clause or tx.placeholder(clause):
                what = "no" if not clause else "only a placeholder for its"
                out.append(ctx.finding(
                    ID, "major", "task.json",
                    f"criterion {c.id!r} has {what} {label!r} clause: the judge must guess the other half of the rule",
                    f"write the criterion as \"PASS if ... FAIL if ...\" with a non-empty {label} clause",
                    location=f"{at}.match_criteria", evidence=tx.excerpt(c.match_criteria)))
        if pass_clause and fail_clause and _same_condition(pass_clause, fail_clause):
            out.append(ctx.finding(
                ID, "major", "task.json", f"criterion {c.id!r} fails what it passes: its FAIL clause states the PASS "
                "condition again, so an output that meets it both passes and fails, and the verdict is the judge's "
                "coin toss", "write the FAIL clause as what falls short of the PASS condition (it is missing, or "
                "wrong)", location=f"{at}.match_criteria", evidence=tx.excerpt("FAIL if " + fail_clause)))
        odd = [c.match_criteria[start:end] for _label, start, end in cr.markers(c.match_criteria)
               if not c.match_criteria[start:end].isascii()]
        if odd:
            out.append(ctx.finding(
                ID, "minor", "task.json", f"criterion {c.id!r} writes its clause markers with letters that only look "
                f"like 'PASS if' and 'FAIL if' ({', '.join(map(repr, odd))}; a locale's upper case, or a look-alike "
                "alphabet): a tool that reads the clauses as LAB writes them finds none", "retype the markers as "
                "'PASS if' and 'FAIL if'", location=f"{at}.match_criteria", evidence=tx.excerpt(c.match_criteria)))
        out += _unpaired_quotes(ctx, c, at)
        out += _clause_order(ctx, c, at)
        out += _other_verdicts(ctx, c, at)
        out += _labels_not_conditions(ctx, c, at)
        out += _when_not_if(ctx, c, at)
        for d in c.deliverables:
            if d not in ctx.task.deliverables:
                out.append(ctx.finding(
                    ID, "major", "task.json",
                    f"criterion {c.id!r} grades {d!r}, which is not a deliverable: the judge is given no file",
                    f"name one of the deliverables ({', '.join(names)})",
                    location=f"{at}.deliverables", evidence=d))
        out += _clause_subjects(ctx, c, at)
        if not c.deliverables and len(names) > 1:
            out.append(ctx.finding(
                ID, "major", "task.json",
                f"criterion {c.id!r} names no deliverable while the task has {len(names)}: the judge may read the "
                "wrong one", "list the deliverable(s) this criterion grades", location=f"{at}.deliverables",
                evidence=c.title))
        out += _claims(ctx, c, at, pass_clause)
    out += _borrowed_fail_clauses(ctx)
    return out


_MARKER = re.compile(r"\b(?:PASS|FAIL)\s+if\b")


def _unpaired_quotes(ctx: TaskContext, c, at: str) -> list[Finding]:
    """A criterion whose quotation marks do not pair (an odd number of straight double quotes, or curly
    ones opened more often than closed): a quotation runs on, and what the output must quote is a guess;
    major when a clause marker then falls inside the run-on quotation, so the FAIL clause cannot be told
    from quoted text."""
    text = c.match_criteria
    straight = [i for i, ch in enumerate(text) if ch == '"']
    if len(straight) % 2 == 0 and text.count("\u201c") == text.count("\u201d"):
        return []
    # read left to right, each mark opening or closing the one before: the last opened never closes
    opened = straight[-1] if len(straight) % 2 else max(i for i, ch in enumerate(text) if ch in "\u201c\u201d")
    spans = [(straight[k], straight[k + 1]) for k in range(0, len(straight) - 1, 2)] + [(opened, len(text))]
    inside = [m.group(0) for m in _MARKER.finditer(text) if any(a < m.start() < b for a, b in spans)]
    return [ctx.finding(
        ID, "major" if inside else "minor", "task.json", f"criterion {c.id!r} has a quotation mark that nothing "
        "closes: where the quoted text ends, and so what the output must say, is the judge's guess"
        + (f", and its {inside[0]!r} marker reads as part of a quotation" if inside else ""),
        "close the quotation (or take out the stray mark)", location=f"{at}.match_criteria",
        evidence=tx.excerpt(text))]


# Words a FAIL clause shares with any PASS clause: the form, not the subject.
_FORM_WORDS = frozenset("""pass fail if the a an and or of to in on for with that this is are be by as it its any each
every not no only does do did nor either neither which who what when where than then their there from into under over
after before more less least most other such must may can keeps keep says gives uses contains""".split())
BORROWED_WORDS = 6  # a FAIL clause shorter than this ("FAIL otherwise.") says too little to be another's
BORROWED_SHARE = 0.2  # of a FAIL clause's subject words that its own PASS clause must speak of


def _subject_words(clause: str) -> set[str]:
    return {w[:5] for w in re.findall(r"[a-z0-9]+", clause.lower()) if len(w) >= 3 and w not in _FORM_WORDS}


def _borrowed_fail_clauses(ctx: TaskContext) -> list[Finding]:
    """A FAIL clause that is another criterion's word for word and speaks of none of its own PASS
    clause's subject (a spreadsheet row pasted one line off): the criterion passes on one claim and
    fails on another's, so an output can pass and fail it at once."""
    read = [(c, *cr.clauses(c.match_criteria)) for c in ctx.task.criteria]
    by_fail: dict[str, list[int]] = {}
    for i, (_c, _p, fail) in enumerate(read):
        key = " ".join(fail.lower().split()).rstrip(".")
        if len(key.split()) >= BORROWED_WORDS:
            by_fail.setdefault(key, []).append(i)
    out = []
    for holders in by_fail.values():
        if len(holders) < 2:
            continue
        share = {}
        for i in holders:
            c, pass_clause, fail = read[i]
            words = _subject_words(fail)
            share[i] = len(words & _subject_words(pass_clause)) / len(words) if words else 1.0
        for i in holders:
            c, _pass, fail = read[i]
            owner = max(holders, key=lambda j: share[j])
            if share[i] >= BORROWED_SHARE or share[owner] <= share[i]:
                continue
            out.append(ctx.finding(
                ID, "major", "task.json", f"criterion {c.id!r}'s FAIL clause is criterion {read[owner][0].id!r}'s word "
                "for word and speaks of nothing its own PASS clause grades: it passes on one claim and fails on "
                "another, so an output can pass and fail it at once", f"write the FAIL clause of {c.id!r} as the "
                "opposite of its PASS clause", location=f"$.criteria[{i}].match_criteria", evidence=tx.excerpt(fail)))
    return out


def _clause_subjects(ctx: TaskContext, c, at: str) -> list[Finding]:
    """A file the PASS clause grades (the subject of a claim: "client-memo.md explains ...") that is
    no deliverable and no workspace file (a name left behind by a rename: the judge looks for a file
    nobody writes), or another deliverable than the criterion lists (a note: one of the two is stale)."""
    given = {f.name for f in ctx.task_files} | {f"documents/{f.name}" for f in ctx.task_files}
    out, seen = [], set()
    for claim in cr.read(c.match_criteria).passes.claims:
        for name in claim.subjects:
            # A name with spaces is read from its last word ("Jordan Ellery – signing timeline.md"):
            # the clause means the whole name when it is written out in full.
            name = next((d for d in [*ctx.task.deliverables, *given] if d.endswith(name) and d != name
                         and d in c.match_criteria), name)
            if name in seen or name in given or name.rsplit("/", 1)[-1] in given:
                continue
            seen.add(name)
            if name not in ctx.task.deliverables:
                out.append(ctx.finding(
                    ID, "major", "task.json", f"criterion {c.id!r} grades {name!r} in its PASS clause, which is no "
                    "deliverable: the judge looks for a file the agent is never asked to write",
                    f"name the deliverable the clause means ({', '.join(ctx.task.deliverables)})",
                    location=f"{at}.match_criteria", evidence=name))
            elif c.deliverables and name not in c.deliverables:
                out.append(ctx.finding(
                    ID, "minor", "task.json", f"criterion {c.id!r} grades {name!r} in its PASS clause but lists "
                    f"{', '.join(c.deliverables)}: the judge is handed a file the clause does not grade",
                    "make the clause and the criterion's deliverables name the same file",
                    location=f"{at}.deliverables", evidence=name))
    # "FAIL if rationale.md does not ..." in a criterion whose PASS clause and list grade client-email.md:
    # the two clauses speak of two files, so one output can pass the criterion and another fail it.
    pass_clause, fail_clause = cr.clauses(c.match_criteria)
    other = next((d for d in ctx.task.deliverables if fail_clause.lstrip().startswith(d) and d not in pass_clause
                  and c.deliverables and d not in c.deliverables), None)
    if other is not None:
        out.append(ctx.finding(
            ID, "major", "task.json", f"criterion {c.id!r}'s FAIL clause grades {other!r}, which neither its PASS "
            f"clause nor its deliverables ({', '.join(c.deliverables)}) name: the two clauses speak of two files",
            f"make the FAIL clause the opposite of the PASS clause, about {', '.join(c.deliverables)}",
            location=f"{at}.match_criteria", evidence=tx.excerpt("FAIL if " + fail_clause)))
    return out


def _clause_order(ctx: TaskContext, c, at: str) -> list[Finding]:
    """One PASS clause then one FAIL clause. A second PASS clause is major: the judge cannot tell
    whether it is an alternative to the first or one more condition, and a reader that takes the text
    after "FAIL if" as the FAIL clause grades it as a failure condition. A second FAIL clause, or a FAIL
    clause before the PASS clause, is minor: the rule is still clear, but not in the form LAB writes."""
    marks = cr.markers(c.match_criteria)
    kinds = [k for k, _, _ in marks]
    where = f"{at}.match_criteria"
    if kinds.count("PASS") > 1:
        second = [s for k, s, _ in marks if k == "PASS"][1]
        return [ctx.finding(
            ID, "major", "task.json",
            f"criterion {c.id!r} has {kinds.count('PASS')} 'PASS if' clauses ({' ... '.join(kinds)}): the judge "
            "cannot tell whether the second is an alternative or one more condition, and a second PASS after "
            "the FAIL clause reads as part of it",
            "merge the PASS conditions into one \"PASS if ...\" clause (saying 'and' or 'or'), or split the "
            "criterion into one criterion per claim", location=where,
            evidence=tx.excerpt(c.match_criteria[second:]))]
    if kinds.count("FAIL") > 1:
        second = [s for k, s, _ in marks if k == "FAIL"][1]
        return [ctx.finding(
            ID, "minor", "task.json",
            f"criterion {c.id!r} has {kinds.count('FAIL')} 'FAIL if' clauses ({' ... '.join(kinds)}): the judge "
            "must assume they are alternatives",
            "write one \"FAIL if ...\" clause that lists the failure conditions joined by 'or'",
            location=where, evidence=tx.excerpt(c.match_criteria[second:]))]
    if kinds == ["FAIL", "PASS"]:
        return [ctx.finding(
            ID, "minor", "task.json",
            f"criterion {c.id!r} puts its FAIL clause before its PASS clause: LAB writes \"PASS if ... FAIL "
            "if ...\", and a reader that takes the first clause as the PASS rule inverts the verdict",
            "put the PASS clause first", location=where, evidence=tx.excerpt(c.match_criteria))]
    return []


def claim_count(pass_clause: str) -> tuple[int, list[tuple[str, ...]]]:
    """How many claims a PASS clause makes (coordinated verb phrases, and each proposition of a
    reported list), and the deliverables each claim names as its subject."""
    reading = cr.read_clause(pass_clause)
    count, subjects = 0, []
    for claim in reading.claims:
        if claim.joiner == "or":
            continue  # an alternative, not another claim
        count += cr.propositions(claim.reported) if claim.reported else 1
        subjects.append(claim.subjects)
    return count, subjects


def _claims(ctx: TaskContext, c, at: str, pass_clause: str) -> list[Finding]:
    """One claim per criterion: a clause with three or more claims, or two claims about two
    different deliverables, gets one verdict for what are several tests (minor: counting claims
    in prose is a heuristic)."""
    if not pass_clause:
        return []
    count, subjects = claim_count(pass_clause)
    named = [s for s in subjects if s]
    reading = cr.read_clause(pass_clause)
    verbs = {cl.verb for cl in reading.claims if cl.subjects and cl.joiner != "or"}
    two_deliverables = len({s for s in named}) >= 2 and len(verbs) >= 2
    enumerated = bool(ENUMERATION.search(pass_clause) or JOINED.search(pass_clause) or
                      ANOTHER_MATTER.search(pass_clause))
    if count < 3 and not two_deliverables and not enumerated:
        return []
    if two_deliverables:
        what = (f"makes separate claims about {' and '.join(sorted({d for s in named for d in s}))} under one "
                "verdict: a task half done in one file and done in the other gets one answer")
    else:
        what = (f"bundles {max(count, 2)} claims in one PASS clause: a partly right answer gets one verdict, and "
                "judges split on it")
    return [ctx.finding(ID, "minor", "task.json", f"criterion {c.id!r} {what}", "split it into one criterion per "
                        "claim", location=f"{at}.match_criteria", evidence=tx.excerpt("PASS if " + pass_clause))]


def _other_verdicts(ctx: TaskContext, c, at: str) -> list[Finding]:
    """A third verdict beside PASS and FAIL ("PARTIAL if the covenant is kept but ..."): a judge that
    answers PASS or FAIL must fold it into one of them, and judges fold it differently (major). Credit
    in between written in prose ("half credit if ...") is a note: it may describe, not grade."""
    text = c.match_criteria
    m = OTHER_VERDICT.search(text)
    if m:
        return [ctx.finding(
            ID, "major", "task.json", f"criterion {c.id!r} gives a verdict other than PASS and FAIL "
            f"({m.group('v')!r}): LAB's judge answers PASS or FAIL, so the third case is folded into one of "
            "them, and not the same way by every judge", "say which of PASS or FAIL the case gets (in the PASS or "
            "the FAIL clause), or split it into a criterion of its own", location=f"{at}.match_criteria",
            evidence=tx.excerpt(text[m.start():]))]
    m = PARTIAL_CREDIT.search(text)
    if m:
        return [ctx.finding(
            ID, "minor", "task.json", f"criterion {c.id!r} speaks of credit in between ({m.group(0)!r}): a "
            "criterion is passed or failed, nothing between", "say which of PASS or FAIL the case gets",
            location=f"{at}.match_criteria", evidence=tx.excerpt(text[m.start():]))]
    return []


# "PASS: ..." / "FAIL - ..." written as labels over a description, as tickets write acceptance criteria.
_LABEL = re.compile(r"\b(PASS|FAIL)\s*[:\-\u2013\u2014=>]+\s", re.I)


def _labels_not_conditions(ctx: TaskContext, c, at: str) -> list[Finding]:
    """A rule written as "PASS: ... FAIL: ..." labels, not "PASS if ... FAIL if ..." conditions: the
    judge reads a description where HYGIENE.md asks for a condition (minor: readable either way)."""
    labels = [m.group(1).upper() for m in _LABEL.finditer(c.match_criteria)]
    if not labels:
        return []
    return [ctx.finding(ID, "minor", "task.json", f"criterion {c.id!r} writes its rule as "
                        f"{' and '.join(dict.fromkeys(f'{x}:' for x in labels))} labels, not as 'PASS if' / "
                        "'FAIL if' conditions: the judge reads a description of an output where it needs the "
                        "condition that passes it", "write it as \"PASS if ... FAIL if ...\"",
                        location=f"{at}.match_criteria", evidence=tx.excerpt(c.match_criteria))]


def _when_not_if(ctx: TaskContext, c, at: str) -> list[Finding]:
    """Clause markers written "PASS when" / "FAIL when" (or "FAIL otherwise") and none "PASS if" or "FAIL if":
    the judge reads the rule, but a tool that finds LAB's clauses by their words finds none (minor: the rule
    itself is whole)."""
    written = [" ".join(c.match_criteria[start:end].split()) for _kind, start, end in cr.markers(c.match_criteria)]
    if any(w.lower().endswith(" if") for w in written):
        return []
    odd = list(dict.fromkeys(w for w in written if " " in w))
    if not odd:
        return []
    return [ctx.finding(ID, "minor", "task.json", f"criterion {c.id!r} writes its clauses as "
                        f"{' and '.join(map(repr, odd))}, never 'PASS if' or 'FAIL if': a tool that finds LAB's "
                        "clauses by their words reads none", "write it as \"PASS if ... FAIL if ...\"",
                        location=f"{at}.match_criteria", evidence=tx.excerpt(c.match_criteria))]
