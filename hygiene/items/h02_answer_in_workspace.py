"""H02 answer in the workspace: the deliverable is not already there."""

from __future__ import annotations

import dataclasses
import io
import re
import zipfile
from dataclasses import dataclass
from difflib import SequenceMatcher

from oafreeze.environment.matching import FUZZY_THRESHOLD, family, resolve
from oafreeze.hygiene import degenerate
from oafreeze.corpus import formats
from oafreeze.corpus import text as tx
from oafreeze.environment import criteria as cr
from oafreeze.hygiene.context import SavedInParts, TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H02"
NAME = "answer in the workspace"
SEVERITY = {"exact": "blocker", "fuzzy": "major", "extension": "minor"}
# Words that only say which version a file is: "v2", "clean", "final", "revised", "copy", dates.
VERSION_WORDS = {"v", "final", "clean", "revised", "revision", "new", "updated", "copy", "draft", "redline",
                 "marked", "executed", "signed", "version", "current", "latest", "old", "edited", "complete",
                 "completed", "finished", "done"}
NEAR = 0.6  # below the matcher's threshold, but the same name once version words are set aside


def _stem(name: str) -> str:
    base = name.rsplit("/", 1)[-1].lower()
    return base.rsplit(".", 1)[0] if "." in base.strip(".") else base


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9]+", _stem(name)) if w]


def _core(name: str) -> str:
    """A name's words without version markers ('tallis-agreement-v2-clean' -> 'tallisagreement')."""
    return "".join(w for w in _words(name) if w not in VERSION_WORDS and not re.fullmatch(r"v?\d+", w))


def _ratio(a: str, b: str) -> float:
    a, b = re.sub(r"[\s_\-.]+", "", _stem(a)), re.sub(r"[\s_\-.]+", "", _stem(b))
    if not a or not b or 2 * min(len(a), len(b)) / (len(a) + len(b)) < NEAR:
        return 0.0
    return SequenceMatcher(None, a, b).ratio()


@dataclass
class Member:
    """A file inside a zip archive of the workspace, as an agent that unpacks it sees it (or a file
    attached to an e-mail or embedded in a PDF, as an agent that saves the attachment sees it)."""

    rel: str  # the archive's path in the task folder (findings point at it)
    name: str  # the member's path inside the archive
    text: str | None
    kind: str = "member"  # or "attachment"

    def where(self, line: int | None) -> str:
        return f" ({self.kind} {self.name})"


def members(f) -> list[Member]:
    """The members of an archive in the workspace (zip, tar, or one compressed file), or the files
    attached to a document (an e-mail's attachments, a PDF's embedded files), each with its text (read
    by corpus.formats, part by part, under its bounds)."""
    ext = formats.extension(f.rel)
    archive = ext == ".zip" or ext in formats.ARCHIVES
    if not f.text or (archive and f.data is None):
        return []
    if not archive:  # the attachments read, by their labels ("attachment client-email.md")
        names = [(label, re.split(r"(?:^| )attachment ", label)[-1]) for label, _ in f.extraction.sources
                 if label.startswith("attachment ")]
    elif ext == ".zip":  # every member by name, one with no text too
        try:
            with zipfile.ZipFile(io.BytesIO(f.data)) as zf:
                names = [(f"member {i.filename}", i.filename) for i in zf.infolist() if not i.is_dir()]
        except (zipfile.BadZipFile, ValueError, OSError):
            return []
    else:  # the members read, by their labels ("member notes/a.md", "unpacked task.json")
        names = [(label, re.split(r"(?:^| )(?:member|unpacked) ", label)[-1]) for label, _ in f.extraction.sources
                 if label.startswith(("member ", "unpacked "))]
    lines = f.text.split("\n")
    texts: dict[str, list[str]] = {label: [] for label, _ in names}
    for part, first, end in f.extraction.spans():
        owner = max((label for label, _ in names if part == label or part.startswith(label + " ")), key=len,
                    default=None)
        if owner is not None:
            texts[owner] += lines[first - 1:end - 1]
    kind = "member" if archive else "attachment"
    # a redline page read as changed (formats.ACCEPTED_VIEW): the finished document a compare report shows
    views = [Member(f.rel, "with its deletions taken out", "\n".join(lines[first - 1:end - 1]), "view")
             for part, first, end in f.extraction.spans() if part == formats.ACCEPTED_VIEW]
    return [Member(f.rel, n, "\n".join(texts[label]) or None, kind) for label, n in names] + views


def _with_members(ctx: TaskContext) -> list:
    """The task's own files, then the members of its archives and the files attached to its documents."""
    return ctx.task_files + [m for f in ctx.task_files for m in members(f)]


def check(ctx: TaskContext) -> list[Finding]:
    """Workspace files the matcher would (or nearly would) grade as a deliverable, in any format;
    files that already pass a deliverable's criteria; starting forms that already hold the change."""
    out = []
    names = list(ctx.task.deliverables)
    paired: set[str] = set()
    res = resolve(names, [f.name for f in ctx.workspace])
    for d, hit in res.resolved.items():
        if hit is None:
            continue
        paired.add(hit)
        how = res.method[d].split(":")[0]
        out.append(ctx.finding(
            ID, SEVERITY[how], f"documents/{hit}",
            f"the deliverable matcher pairs deliverable {d!r} with the existing workspace file {hit!r} "
            f"({res.method[d]}): an agent that writes nothing may be graded on a file it was given",
            f"rename {hit!r} so that no deliverable name matches it (e.g. add '-source' or '-template')",
            evidence=f"{d} -> {hit} ({res.method[d]})"))
    out += _look_alikes(ctx, names, paired)
    out += _finished_answers(ctx, names)
    out += _reported_changes(ctx, names, {f.path for f in out})
    out += _titled_answers(ctx, names, {f.path for f in out})
    out += _already_changed(ctx, names)
    out += _patches(ctx, names, {f.path for f in out})
    return out


# A unified or context diff's target line ("+++ b/tallis-agreement-revised.md\t2026-11-20", "*** x.md").
_PATCH_TARGET = re.compile(r"^\+\+\+ (?:[ab]/)?(?P<path>[^\t\n]+?)(?:\t.*)?$", re.M)


def _patches(ctx: TaskContext, names: list[str], reported: set[str]) -> list[Finding]:
    """A patch in the workspace whose target is a deliverable ('+++ b/tallis-agreement-revised.md'):
    one `patch` away from the finished answer, whatever else it says."""
    out = []
    for f in _with_members(ctx):
        if not f.text or f.rel in reported or "\n+++ " not in f.text and not f.text.startswith("+++ "):
            continue
        if "\n@@ " not in f.text:  # a unified diff has hunks
            continue
        targets = [m.group("path").strip().rsplit("/", 1)[-1] for m in _PATCH_TARGET.finditer(f.text)]
        # The deliverable's own name: a patch to last year's agreement ("tallis-agreement-2025.md") is history.
        hit = next(((t, d) for t in targets for d in names if t.casefold() == d.rsplit("/", 1)[-1].casefold()), None)
        if hit is None:
            continue
        line = next((n for n, row in enumerate(f.text.splitlines(), 1) if row.startswith("+++ ")), None)
        out.append(ctx.finding(
            ID, "major", f.rel, f"{f.rel}{f.where(line) if not isinstance(f, Member) else f.where(None)} is a patch "
            f"whose target is the deliverable {hit[1]!r} ({hit[0]}): applying it produces the answer",
            "take the patch out of the workspace, or keep only what the agent must start from", location=line,
            evidence=tx.line_text(f.text, line) if line else hit[0]))
    return out


def _look_alikes(ctx: TaskContext, names: list[str], paired: set[str]) -> list[Finding]:
    """Files named like a deliverable that the matcher did not pair: a second candidate above its
    threshold (it pairs one file a deliverable), the same name in another format (the agent can
    convert it), or the same name once version words are set aside ('-v2-clean')."""
    out = []
    # A starting form shares its deliverable's name by design ("draft-agreement.md" for "agreement.md").
    forms = {t[0] for d in names for t in [degenerate.template_for(ctx, d)] if t}
    for f in _with_members(ctx):
        if f.name in paired or f.rel in forms or degenerate.looks_like_form(f.name):
            continue
        for d in names:
            same_family = family(f.name) == family(d)
            ratio = _ratio(f.name, d)
            core_same = bool(_core(f.name)) and _core(f.name) == _core(d)
            if same_family and ratio >= FUZZY_THRESHOLD:
                why, severity = f"its name is {ratio:.2f} similar to {d!r}, above the matcher's threshold", "major"
            elif not same_family and _stem(f.name) == _stem(d):
                why, severity = f"it is {d!r} in another format", "major"
            elif core_same:
                why = f"its name is {d!r} with version words added or removed"
                severity = "major" if same_family else "minor"
            else:
                continue
            if isinstance(f, Member) and why.startswith("its name is") and \
                    f.name.rsplit("/", 1)[-1].casefold() != d.rsplit("/", 1)[-1].casefold():
                # The matcher pairs files, not what an archive holds: a member only named alike is a note
                # (the deliverable's own name, in another format or under version words stays as it is).
                severity = "minor"
            out.append(ctx.finding(
                ID, severity, f.rel, f"{f.rel}{f.where(None) if isinstance(f, Member) else ''} looks like the "
                f"deliverable {d!r}: {why}; an agent may hand it in "
                "as its answer (or convert it), and a matcher with other settings may grade it",
                f"rename {f.name!r} so that it cannot pass for the deliverable (e.g. '-source', '-prior-matter'), or "
                "move it out of the workspace if it is the answer", evidence=f"{d} ~ {f.name}"))
            break
    return out


def _finished_answers(ctx: TaskContext, names: list[str]) -> list[Finding]:
    """A task file that already passes every criterion of a deliverable the literal proxy can grade:
    sure when every criterion names literals, or when the file is also named like the deliverable."""
    out = []
    inputs = [f.name for f in ctx.task_files]
    # A document saved in parts is read whole too, after its parts (one finding, not two). Each text is
    # read and normalized once, not once per deliverable.
    texts = _with_members(ctx) + ctx.saved_in_parts
    normalized: dict[int, str] = {}
    for d in names:
        grads = {c.id: degenerate.grading(c, names, inputs) for c in ctx.task.criteria
                 if d in degenerate.graded_deliverables(c, names)}
        # A criterion whose only literal is a date said in passing ("asks the partner to decide, before
        # it goes out on November 23, 2026, whether ...") counts by that date: a text that holds the
        # other criteria's literals and that date is the answer to it too.
        literal = {cid: g for cid, g in grads.items() if g.groups or g.incidental}
        groups = [group for g in literal.values() for group in (g.groups or tuple((lit,) for lit in g.incidental))]
        if not literal or len(groups) < 2:
            continue
        every = len(literal) == len(grads)
        form = _changed_form(ctx, d, literal)
        reported: set[str] = set()
        for f in texts:
            # a document saved in parts, or a redline's view, is weighed when its file was not already reported
            if not f.text or isinstance(f, SavedInParts) and any(p.rel in reported for p in f.parts) or \
                    isinstance(f, Member) and f.kind == "view" and f.rel in reported:
                continue
            alike = _ratio(f.name, d) >= NEAR or _stem(f.name) == _stem(d) or \
                (bool(_core(f.name)) and _core(f.name) == _core(d))
            copy = not every and not alike and form is not None and f.rel != form[0] and \
                0.5 <= len(f.text) / max(1, len(form[1])) <= 2
            # Not sure: some criteria name no literal and the file is named unlike the deliverable.
            # Passing every one the proxy can grade is worth a reader's look, not a failed task.
            unsure = not every and not alike and not copy
            norm = normalized.get(id(f))
            if norm is None:
                norm = normalized[id(f)] = tx.normalize(f.text)
            if not all(_holds(g, norm) for g in literal.values()):
                continue
            if copy and not _copies(f.text, form[1]):
                continue
            shown = [next(lit for lit in group if degenerate.contains(norm, lit)) for group in groups]
            first = degenerate.locate(f.text, shown[0])
            reported.add(f.rel)
            scope = "everything the criteria" if every else "every literal the gradable criteria"
            if unsure:
                out.append(ctx.finding(
                    ID, "minor", f.rel,
                    f"{f.rel}{f.where(first)} already passes every criterion of {d!r} that names literals "
                    f"({', '.join(literal)}: {', '.join(repr(lit.text) for lit in shown)}); the other "
                    f"{len(grads) - len(literal)} need a reader: if it is the finished answer, copying it passes",
                    f"read {f.rel}: if it answers the task, take it out, or make the criteria of {d!r} ask for work "
                    "the workspace does not already contain",
                    location=first, evidence=tx.line_text(f.text, first)))
                continue
            out.append(ctx.finding(
                ID, "major", f.rel,
                f"{f.rel}{f.where(first)} already contains {scope} of {d!r} ask for ({', '.join(literal)}: "
                f"{', '.join(repr(lit.text) for lit in shown)}): copying it passes"
                + (f" (it is the starting form {form[0]} with the changes already made)" if copy else ""),
                f"take the finished answer out of {f.rel}, or make the criteria of {d!r} ask for work "
                "the workspace does not already contain",
                location=first, evidence=tx.line_text(f.text, first)))
    return out


def _holds(g: degenerate.Grading, norm: str) -> bool:
    """Whether a (normalized) text passes a criterion by the proxy, or, for one whose only literals are
    dates said in passing, holds those dates and nothing it forbids. A forbidden literal the text
    itself rejects ("do not use the statutory base of $100,000") is no failure: the finished answer
    warns against the wrong figure as the criterion wants."""
    if g.forbidden:
        affirmed = " ".join(s for s in _SENTENCE_END.split(norm) if not _REJECTS.search(s))
        if not any(degenerate.contains(affirmed, lit) for lit in g.forbidden):
            g = dataclasses.replace(g, forbidden=())
    if g.groups:
        return degenerate.passes(g, norm)
    return all(degenerate.contains(norm, lit) for lit in g.incidental) and \
        not any(degenerate.contains(norm, lit) for lit in g.forbidden)


_SENTENCE_END = re.compile(r"(?<=[.;!?])\s+|\n")
_REJECTS = re.compile(r"\b(?:do\s+not|don't|never|not\s+the|no\s+longer|instead\s+of|rather\s+than|avoid|"
                      r"superseded|outdated|old|former|previous|unadjusted)\b")


def _changed_form(ctx: TaskContext, d: str, literal: dict) -> tuple[str, str] | None:
    """The starting form of `d` when it does not yet pass the literal criteria (the task is to change
    it): a copy of it that passes them is the answer, whatever its name."""
    form = degenerate.template_for(ctx, d)
    if form is None or not form[1]:
        return None
    norm = tx.normalize(form[1])
    return None if all(_holds(g, norm) for g in literal.values()) else form


def _copies(text: str, form: str) -> bool:
    """Whether `text` is the form, edited: most of the form's runs of five words are in it (line breaks,
    which a plain export loses, are not words)."""
    mine = set(tx.shingles(form, 5))
    return bool(mine) and len(mine & set(tx.shingles(" ".join(text.split()), 5))) >= 0.7 * len(mine)


# A report of changes already made: "we replaced the radius", "the agreement now names the parishes".
# A partner's request ("please replace …") or a memo's analysis ("we would likely lose") is not one.
# Every match begins with "we" or "now" (found by tx.matches_from).
CHANGE_REPORT = re.compile(r"\bwe(?:['’]ve|\s+have)?\s+(?:now\s+|also\s+)?(?:replaced|changed|revised|removed|"
                           r"deleted|struck|added|capped|narrowed|shortened|reduced|limited|moved|updated|amended|"
                           r"rewrote|redrafted|dropped|inserted|switched|converted|fixed|corrected|substituted|"
                           r"tightened|trimmed|left\s+out|took\s+out|taken\s+out|prepared|drafted|redlined|repaired|"
                           r"reworked|rewritten|edited|modified|cut|deleted)\b|"
                           r"\bnow\s+(?:names?|runs?|governs?|caps?|applies|apply|reads?|says?|requires?|limits?|lists?|"
                           r"provides?|excludes?|includes?|ends?|covers?|replaces?|points?|refers?)\b", re.I)
# The same report in other voices: "the package leaves out two things", "the non-compete is gone",
# "the radius has been removed", "I replaced the radius" (found from the literals in OMITTED_STARTS).
OMITTED = re.compile(r"leaves\s+out\b|(?<=\bis )gone\b|(?<=\bare )gone\b|"
                     r"(?:has|have)\s+(?:left\s+out|been\s+(?:removed|dropped|deleted|struck|taken\s+out|replaced|"
                     r"narrowed|shortened|capped|cut|limited)\b)|"
                     r"(?<![\w'’])I(?:['’]ve|\s+have)?\s+(?:now\s+|also\s+)?(?:replaced|changed|revised|removed|deleted|struck|"
                     r"added|capped|narrowed|shortened|limited|dropped|inserted|left\s+out|took\s+out)\b", re.I)
OMITTED_STARTS = ("leaves", "gone", "has ", "have ", "i ", "i've", "i\u2019ve")
# A change stated as done without a "we" (a note's own summary of its changes): left out or removed in
# the passive, one term put in another's place, moved from one figure to another, no longer said, a count
# of changes made. Weaker than CHANGE_REPORT (a request can be worded so), so each counts only in a
# sentence that asks for nothing, and what it finds is a note for a reader (minor).
STATED = re.compile(r"\b(?:is|are|was|were)\s+(?:now\s+)?(?:left\s+out|removed|dropped|deleted|struck(?:\s+out)?|omitted|"
                    r"taken\s+out|replaced)\b|\b(?:replaces?|replaced|instead\s+of|in\s+place\s+of|no\s+longer)\b|"
                    r"\b(?:cut|reduced|shortened|narrowed|extended|raised|lowered|moved|changed)\s+from\s+[^.;\n]{1,40}?\bto\b|"
                    r"\b(?:we|I)\s+(?:have\s+)?made\s+(?:\w+\s+){0,2}?(?:changes?|edits?|revisions?|amendments?)\b", re.I)
STATED_STARTS = ("is ", "are ", "was ", "were ", "replace", "instead", "in place", "no longer", "cut", "reduced",
                 "shortened", "narrowed", "extended", "raised", "lowered", "moved", "changed", "we ", "i ")
_CLAUSE_END = re.compile(r"[.!?;\n]")
_FUNCTION_WORDS = frozenset("""pass fail if the a an and or of to in on for with that this is are be by as it its
any each every not no only which who what when where whether than then their there these those from into under over
after before contains contain says tells explains names name made make uses use keeps keep both either other such must
may can between within without about also more less least most file document deliverable output text written""".split())
COVERED = 0.6  # the share of a criterion's words a file must hold to speak to it


def _terms(text: str) -> set[str]:
    """The content words of a text, cut to five letters (so 'capped' meets 'caps', 'parishes' 'parish')."""
    return {w[:5] for w in re.findall(r"[a-z0-9][a-z0-9:()'.-]*[a-z0-9]|\d", text.lower())
            if w.isdigit() or len(w) >= 3 and w not in _FUNCTION_WORDS}


def _criteria_terms(ctx: TaskContext, names: list[str]) -> dict[str, list[tuple]]:
    """Each deliverable's criteria, each with the content words of its PASS clause (the deliverables'
    own names left out): what a file must hold to speak to it."""
    names_in = re.compile("|".join(map(re.escape, names)))
    return {d: [(c, _terms(names_in.sub(" ", cr.clauses(c.match_criteria)[0]))) for c in ctx.task.criteria
                if d in degenerate.graded_deliverables(c, names)] for d in names}


def _reported_changes(ctx: TaskContext, names: list[str], reported: set[str]) -> list[Finding]:
    """A task file that reports, as done, the changes a deliverable's criteria ask for (a note from an
    earlier round, a forwarded answer): the agent can copy it. Read by what it says: two or more
    sentences that report changes made, and the words of the deliverable's criteria; major when it
    speaks to every criterion of a deliverable, minor when to most of them."""
    out = []
    terms = None  # {deliverable: [(criterion, words of its PASS clause)]}, made when a file needs them
    for f in _with_members(ctx):
        if not f.text or f.rel in reported:
            continue
        low = tx.folded(f.text)
        voice = sorted(tx.matches_from(CHANGE_REPORT, f.text, ("we", "now"), low)
                       + tx.matches_from(OMITTED, f.text, OMITTED_STARTS, low), key=lambda m: m.start())
        table = _redline(f.text) if len(voice) < 2 else None
        strong = len(voice) + (table[1] if table else 0) >= 2
        stated = [] if strong else _stated(f.text, low, voice)
        if not strong and len(voice) + len(stated) < 2:
            continue
        voice = sorted(voice + stated, key=lambda m: m.start())
        terms = terms if terms is not None else _criteria_terms(ctx, names)
        held = _terms(f.text)
        best = None  # (share, deliverable, criteria spoken to, criteria)
        for d in names:
            crits = [c for c, _ in terms[d]]
            spoken = [c.id for c, t in terms[d] if t and len(t & held) / len(t) >= COVERED]
            if crits and len(spoken) * 2 > len(crits) and (best is None or len(spoken) / len(crits) > best[0]):
                best = (len(spoken) / len(crits), d, spoken, crits)
        if best is None:
            continue
        share, d, spoken, crits = best
        every = share == 1
        scope = "every criterion" if every else f"{len(spoken)} of {len(crits)} criteria"
        if voice:
            first = f.text.count("\n", 0, voice[0].start()) + 1
            how = f"{len(voice)} sentences such as {voice[0].group(0)!r}"
        else:
            first, rows = table
            how = f"a table of {rows} changes with their old and new wording"
        out.append(ctx.finding(
            ID, "major" if every and strong else "minor", f.rel,
            f"{f.rel}{f.where(first)} reports changes as already made ({how}) and speaks to {scope} of {d!r} "
            f"({', '.join(spoken)}): it reads as the finished answer, and an agent can copy it",
            f"take the finished answer out of {f.rel}, or keep only what the agent must start from",
            location=first, evidence=tx.line_text(f.text, first)))
    return out


def _stated(text: str, low: str, voice: list[re.Match]) -> list[re.Match]:
    """STATED's matches, one a sentence, in sentences that hold no CHANGE_REPORT match and ask for nothing."""
    out, seen = [], set()
    for m in tx.matches_from(STATED, text, STATED_STARTS, low):
        start = max((e.end() for e in _CLAUSE_END.finditer(text, max(0, m.start() - 400), m.start())), default=0)
        end = _CLAUSE_END.search(text, m.end())
        sentence = text[start:end.start() if end else len(text)]
        if start in seen or _ASKS.search(sentence) or any(start <= v.start() < start + len(sentence) for v in voice):
            continue
        seen.add(start)
        out.append(m)
    return out


# A part of a task document titled as a deliverable: a heading (a short line that asks for nothing
# and is no mail header) that, with the lines right under it, holds every word of the deliverable's
# name ("Notice to employee under ... section 2872" over "To Sasha Lindgren:" for
# lindgren-section-2872-notice.md).
_MAIL_HEADER = re.compile(r"^\W*(?:subject|re|fwd?|fw|from|to|cc|bcc|date|sent)\s*:", re.I)
_ASKS = re.compile(r"\b(?:please|prepare|draft|write|send|need|needs|should|must|will|can|could|would|let|"
                   r"attach\w*|see|read)\b|\?", re.I)
_REQUESTS = re.compile(r"\b(?:please|could\s+you|can\s+you|would\s+you|send\s+me|let\s+me\s+know|we\s+need|i\s+need|"
                       r"make\s+(?:only\s+)?(?:these|the\s+following)|do\s+not\s+change|your\s+task)\b", re.I)
HEADING_WORDS = 14
UNDER = 3  # lines under a heading that may complete the deliverable's name
SECTION = 60  # lines of a titled part read for the criteria's words


def _name_words(name: str) -> set[str]:
    return {w for w in _words(name) if w not in VERSION_WORDS and (w.isdigit() or len(w) >= 3)}


# Words that open a deliverable's description without saying what it is ("The written notice ...", "A
# short cover email ...").
_OPENING = {"the", "a", "an", "short", "brief", "final", "written", "new", "revised", "one", "single", "clean",
            "separate"}


def _kind_phrase(description: str) -> str | None:
    """The two words that open a deliverable's description and name its kind ("cover email" of "Cover
    email to the client explaining ..."), or None when it opens otherwise."""
    words = re.findall(r"[a-z0-9]+", description.lower())
    while words and words[0] in _OPENING:
        words = words[1:]
    return " ".join(words[:2]) if len(words) >= 2 and all(len(w) >= 3 for w in words[:2]) else None


def _titled_answers(ctx: TaskContext, names: list[str], reported: set[str]) -> list[Finding]:
    """A part of a task document titled as a deliverable whose text speaks to most of its criteria
    (a finished notice inside an onboarding packet): the agent can copy it. Read by a title and
    words, so a note (minor): the judge of whether it is the answer is the author."""
    forms = {t[0] for d in names for t in [degenerate.template_for(ctx, d)] if t}
    wanted = {d: _name_words(d) for d in names}
    wanted = {d: w for d, w in wanted.items() if len(w) >= 2}
    kinds = {d: _kind_phrase(ctx.task.deliverables.get(d) or "") for d in wanted}
    terms = None
    out = []
    for f in _with_members(ctx):
        # A file the task starts a deliverable from is skipped; one merely named like a form is not
        # (a refreshed form saved from a portal is named "…-form-2026.html" too).
        if not f.text or f.rel in reported or f.rel in forms:
            continue
        low = f.text.lower()  # a substring test first: most files hold no deliverable's every name word
        # A file whose own name gives all but one of a deliverable's name words, two at least ("Riley
        # Vandermeer - Colorado notice.pdf" for "vandermeer-noncompete-notice.md"), is titled by its name.
        # So is one whose name holds the two words the deliverable's description opens with, as the
        # kind of document it is ("Sierrafold - cover email to Wendell Park.oxps" for client-email.md,
        # "Cover email to the client ...").
        spaced = " ".join(_words(f.name))
        named = {d for d, w in wanted.items() if d != f.name and (len(w & _name_words(f.name)) >= max(2, len(w) - 1)
                                                                 or kinds.get(d) and f" {kinds[d]} " in f" {spaced} ")}
        # All but one of them in the text (two at least) make a file weighed whole, as untitled.
        held_words = {d: sum(x in low for x in w) for d, w in wanted.items()}
        candidates = [d for d, w in wanted.items() if d != f.name and (d in named or held_words[d] >= max(2, len(w) - 1))]
        if not candidates:
            continue
        lines = f.text.splitlines()
        for d in candidates:
            at = None if held_words[d] < len(wanted[d]) else next((i for i, line in enumerate(lines) if _heading(line)
                       and wanted[d] & set(re.findall(r"[a-z0-9]+", line.lower()))
                       and wanted[d] <= set(re.findall(r"[a-z0-9]+", " ".join(lines[i:i + 1 + UNDER]).lower()))),
                      None)
            by_name = at is None and d in named
            # Untitled (a contract tool's clause export, a row per clause): the whole file, when it speaks
            # to every one of the deliverable's own criteria.
            whole = at is None and not by_name
            if at is None:
                at = 0
            terms = terms if terms is not None else _criteria_terms(ctx, names)
            part = f.text if whole or by_name else "\n".join(lines[at:at + SECTION])
            if _REQUESTS.search(part):
                continue  # a request for the deliverable (a partner's email), not the deliverable
            held = _terms(part)
            # A rule graded on several deliverables at once (a placement rule) says what none may hold,
            # not what this one says: only the deliverable's own criteria count.
            own = [(c, t) for c, t in terms[d] if t and len(degenerate.graded_deliverables(c, names)) == 1] or \
                [(c, t) for c, t in terms[d] if t]
            crits = [c for c, _ in own]
            spoken = [c.id for c, t in own if len(t & held) / len(t) >= COVERED]
            if not spoken or len(spoken) * 2 < len(crits):
                continue
            if whole:
                # every criterion of it that asks for something, shared or not; a rule that only forbids
                # (a placement rule) aside
                asked = [(c, t) for c, t in terms[d] if t and not degenerate.grading(c, names).absence_only]
                if len(asked) < 2 or any(len(t & held) / len(t) < COVERED for _, t in asked):
                    continue
                crits, spoken = [c for c, _ in asked], [c.id for c, _ in asked]
            out.append(ctx.finding(
                ID, "minor", f.rel,
                (f"{f.rel}{f.where(None)} is named like the deliverable {d!r}" if by_name else
                 f"{f.rel}{f.where(None)} holds the words of the deliverable {d!r}'s name" if whole else
                 f"{f.rel}{f.where(at + 1)} has a part titled as the deliverable {d!r}")
                + f" that speaks to {len(spoken)} of its {len(crits)} criteria ({', '.join(spoken)}): if it is the "
                "finished answer, an agent can copy it",
                f"take the finished {d!r} out of {f.rel}, or keep only what the agent must start from",
                location=at + 1, evidence=tx.line_text(f.text, at + 1)))
            break
    return out


def _heading(line: str) -> bool:
    words = line.split()
    return 0 < len(words) <= HEADING_WORDS and not line.rstrip().endswith((".", "?", ",", ";")) and \
        not _MAIL_HEADER.match(line) and not _ASKS.search(line)


# A redline table: a header row with a column of the old wording, one of the new and one of the
# reason ("Standard agreement | Repaired agreement | Reason"), each row under it a change made and
# explained. ("Current | Proposed" without reasons is a request; "From | To" a schedule.)
_OLD_COLUMN = {"old", "before", "original", "standard", "existing", "prior", "was"}
_NEW_COLUMN = {"new", "after", "revised", "repaired", "amended", "changed", "updated", "fixed"}
_WHY_COLUMN = {"reason", "reasons", "why", "rationale", "basis", "explanation", "authority", "because"}
_CELL = re.compile(r"[\t|,]")
HEADER_CHARS = 300


def _redline(text: str) -> tuple[int, int] | None:
    """(line of its header, rows) of the first redline table with reasons in a text, two rows or more,
    or None."""
    whole = text.lower()
    if not any(w in whole for w in _WHY_COLUMN):
        return None  # most documents have no column of reasons
    lines = text.splitlines()
    for i, line in enumerate(lines):
        low = line.lower()
        if len(line) > HEADER_CHARS or not any(w in low for w in _WHY_COLUMN):
            continue
        cells = [set(re.findall(r"[a-z]+", c)) for c in _CELL.split(low.strip().strip("|"))]
        if len(cells) < 3 or not all(any(c & words for c in cells) for words in (_OLD_COLUMN, _NEW_COLUMN, _WHY_COLUMN)):
            continue
        rows = 0
        for row in lines[i + 1:]:
            if not _CELL.search(row):
                break
            rows += not re.fullmatch(r"[\s|:-]*", row)  # a Markdown rule line is no row
        if rows >= 2:
            return i + 1, rows
    return None


# "FAIL if the form keeps the 24-month period", "… still restricts …", "… retains Delaware law".
KEEPS = re.compile(r"\b(?:keeps?|keeping|retains?|retaining|leaves?\s+in|still\s+(?:has|contains|uses|says|"
                   r"restricts|bars|includes|carries|names|selects|applies|requires))\b\s+", re.I)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10, "eleven": 11, "twelve": 12, "eighteen": 18, "twenty-four": 24, "thirty": 30,
                 "sixty": 60, "ninety": 90}
_UNIT = re.compile(r"\b(\d+|" + "|".join(_NUMBER_WORDS) + r")(?:\s*\(\d+\))?[\s-]+(year|month|week|day|mile|hour)s?\b",
                   re.I)
_PROPER = re.compile(r"\b(?:[A-Z][a-z]+(?:\s+(?:[A-Z][a-z]+|County|Parish))*)\b")
_SKIP_PROPER = {"The", "A", "An", "If", "It", "Its", "FAIL", "PASS", "Company", "Employee", "Employer", "Agreement",
                "Section", "Form", "Any", "Or", "And", "Either"}


def quantities(text: str) -> set[tuple[int, str]]:
    """(number, unit) pairs written in a text: 'three (3) years', '24-month', 'two years' -> (3, 'year')..."""
    out = set()
    for m in _UNIT.finditer(text):
        n = m.group(1).lower()
        out.add((int(n) if n.isdigit() else _NUMBER_WORDS[n], m.group(2).lower()))
    return out


def kept_things(fail_clause: str) -> list[tuple[str, object]]:
    """What a FAIL clause says the output fails by keeping: quoted text, quantities, names."""
    out: list[tuple[str, object]] = []
    for m in KEEPS.finditer(fail_clause):
        # Only what is kept: "the 24-month period", not "or any period longer than 18 months".
        rest = re.split(r"[;.]|\bor\s+(?:if|any|a|an|another|other)\b|\b(?:longer|shorter|more|less|beyond|other)\b",
                        fail_clause[m.end():], maxsplit=1)[0]
        for lit in cr.literals(rest):
            if lit.kind in ("quote", "amount", "percentage", "date", "citation"):
                out.append(("literal", lit))
        for q in quantities(rest):
            out.append(("quantity", q))
        for p in _PROPER.finditer(rest):
            words = [w for w in p.group(0).split() if w not in _SKIP_PROPER]
            if words:
                out.append(("name", " ".join(words)))
    return out


def _holds_any(things: list[tuple[str, object]], norm: str, amounts: set[tuple[int, str]]) -> bool:
    """Whether a text (normalized, and its quantities) holds any of what a FAIL clause fails for keeping."""
    return any((kind == "quantity" and t in amounts) or (kind == "literal" and t.key in norm) or
               (kind == "name" and tx.normalize(t) in norm) for kind, t in things)


def _already_changed(ctx: TaskContext, names: list[str]) -> list[Finding]:
    """A starting form that already lacks what a criterion fails the output for keeping: the form was
    already changed, so the template copied unchanged passes."""
    out = []
    for d in names:
        tmpl = degenerate.template_for(ctx, d)
        if tmpl is None:
            continue
        rel, text = tmpl
        norm, amounts = tx.normalize(text), quantities(text)
        for i, c in enumerate(ctx.task.criteria):
            if d not in degenerate.graded_deliverables(c, names):
                continue
            things = kept_things(cr.clauses(c.match_criteria)[1])
            if not things:
                continue
            if _holds_any(things, norm, amounts):
                continue
            shown = ", ".join(repr(t.text if kind == "literal" else
                                   (f"{t[0]} {t[1]}s" if kind == "quantity" else t)) for kind, t in things)
            # Another input that holds it may be the real starting point (the counterparty's form beside
            # the firm's playbook): then the form is only perhaps changed already.
            elsewhere = next((f.rel for f in ctx.task_files if f.rel != rel and f.text and
                              _holds_any(things, tx.normalize(f.text), quantities(f.text))), None)
            out.append(ctx.finding(
                ID, "minor" if elsewhere else "major", rel,
                f"criterion {c.id!r} fails an output that keeps {shown}, but the starting form {rel} no longer "
                "holds any of it: " + (f"{elsewhere} does, so check which file the task starts from; if it is "
                                       f"{rel}, copying it unchanged passes" if elsewhere else
                                       "the form already has the change, and copying it unchanged passes"),
                f"restore the starting form to the state the task describes, or drop criterion {c.id!r}",
                location=f"$.criteria[{i}].match_criteria", evidence=tx.excerpt(
                    "FAIL if " + cr.clauses(c.match_criteria)[1])))
    return out
