"""H06 deliverable matching: every deliverable graded, named, unambiguous, safely named."""

from __future__ import annotations

import re
import unicodedata

from oafreeze.environment.layout import WORKSPACE
from oafreeze.environment.matching import collisions, resolve, told_not_to_write
from oafreeze.environment.matching import family as _family
from oafreeze.plumbing.paths import check_relative_path
from oafreeze.corpus import text as tx
from oafreeze.hygiene.context import TaskContext
from oafreeze.hygiene.finding import Finding

ID = "H06"
NAME = "deliverable matching"

# Characters and names that Windows, macOS or a harness's file store refuse or rewrite: the
# agent's output is saved under another name, and the matcher pairs nothing or the wrong file.
UNPORTABLE = re.compile(r'[:*?"<>|]')
RESERVED = re.compile(r"^(?:con|prn|aux|nul|com[1-9]|lpt[1-9])(?:\..*)?$", re.I)
# What a file name is made of, in text: a name found with one of these right before or after it is
# part of a longer name ("offer-summary.md" holds "summary.md", so does "summary.md.bak"). '/' is
# handled apart: "outputs/summary.md" still names summary.md, "documents/summary.md" an input file.
_NAME_CHAR = r"[\w\-\u2010\u2011~+.\\]"
_BEFORE = re.compile(_NAME_CHAR + "$")
_AFTER = re.compile(r"[\w\-\u2010\u2011~+/\\]|\.[\w]")
_PATH_TAIL = re.compile(r"[\w\-\u2010\u2011~+./\\]*$")


def named_in(text: str, name: str) -> tuple[bool, str | None]:
    """Whether normalized `text` names `name` as a whole name, not as part of a longer one; and
    when it does not, the first longer name that holds it (for the evidence), or None."""
    target = tx.normalize(name)
    inside = None
    at = text.find(target) if target else -1
    while at >= 0:
        before, after = text[:at], text[at + len(target):]
        token = _PATH_TAIL.search(before).group(0)
        if _BEFORE.search(before) or _AFTER.match(after) or token.startswith(WORKSPACE + "/"):
            if inside is None:
                inside = (token + target + re.match(r"[\w\-\u2010\u2011~+./\\]*", after).group(0)).rstrip(".")
        else:
            return True, None
        at = text.find(target, at + 1)
    return False, inside


def portability_problem(name: str) -> str | None:
    """Why a safe relative name is still not portable across file systems, or None."""
    bad = sorted(set(UNPORTABLE.findall(name)))
    if bad:
        return f"holds {' '.join(repr(b) for b in bad)}, which Windows and some file stores refuse or rewrite"
    # a space that is not the space bar's, or an invisible character: it looks like the name the
    # instructions give, and an agent that types that name writes another file
    odd = sorted({ch for ch in name if ch != " " and unicodedata.category(ch) in ("Zs", "Cf")})
    if odd:
        return "holds " + ", ".join(f"U+{ord(ch):04X} ({unicodedata.name(ch, 'unnamed').lower()})" for ch in odd) + \
            ", which looks like a space or nothing but is another character"
    for part in name.split("/"):
        if part != part.strip() or part.endswith("."):
            return f"has a segment {part!r} that starts or ends with a space or ends with a dot"
        if RESERVED.match(part):
            return f"uses {part!r}, a device name Windows reserves"
    if len(name.encode("utf-8")) > 200:
        return "is longer than 200 bytes"
    return None


def check(ctx: TaskContext) -> list[Finding]:
    """Ungraded or unnamed deliverables, matcher collisions, unsafe names."""
    out = []
    names = list(ctx.task.deliverables)
    if not names:
        out.append(ctx.finding(ID, "major", "task.json", "the task declares no deliverables: the matcher has nothing "
                               "to pair outputs with, and the judge nothing to read", "declare the deliverables as "
                               "file name -> description", location="$.deliverables"))
    # A criterion that lists no deliverable grades them all, unless its text names some: then it grades
    # those ("PASS if notice.md ..." with an empty list grades notice.md, not client-email.md too).
    graded = {d for c in ctx.task.criteria
              for d in (c.deliverables or [n for n in names if n in c.match_criteria] or names)}
    instructions = tx.normalize(ctx.task.instructions)
    for d in names:
        at = f"$.deliverables[{d!r}]"
        if d not in graded:
            out.append(ctx.finding(
                ID, "major", "task.json", f"no criterion grades deliverable {d!r}: its content cannot change the score",
                f"add a criterion whose deliverables list {d!r}, or drop the deliverable", location=at, evidence=d))
        whole, inside = named_in(instructions, d)
        if not whole and "/" in d:
            whole, inside_base = named_in(instructions, d.rsplit("/", 1)[-1])
            inside = inside or inside_base
        if not whole:
            out.append(ctx.finding(
                ID, "major", "task.json",
                f"the instructions never name {d!r}"
                + (f" (only as part of the longer name {inside!r})" if inside else "")
                + ": the agent may write it under another name and the matcher may pair the wrong file",
                f"name {d!r} in the instructions, exactly as spelled", location="$.instructions", evidence=d))
        if d.startswith(WORKSPACE + "/"):
            out.append(ctx.finding(
                ID, "major", "task.json", f"deliverable {d!r} is written as a path under {WORKSPACE}/, the folder of "
                "the agent's inputs: it reads as an input file, and an output saved by the name the instructions give "
                f"({d.rsplit('/', 1)[-1]!r}) is another path", f"declare the deliverable by the name of the output "
                f"itself ({d.rsplit('/', 1)[-1]!r})", location=at, evidence=d))
        try:
            check_relative_path(d)
        except ValueError as exc:
            out.append(ctx.finding(ID, "blocker", "task.json", f"deliverable name {d!r} {exc}",
                                   "use a plain relative file name", location=at, evidence=d))
        else:
            why = portability_problem(d)
            if why:
                out.append(ctx.finding(ID, "major", "task.json", f"deliverable name {d!r} {why}: the agent's file "
                                       "may be saved under another name, and then nothing is graded",
                                       "use letters, digits, '-', '_' and '.' only", location=at, evidence=d))
    out += _told_not_to_write(ctx, names)
    out += _renamed(ctx, names)
    out += _relocated(ctx, names)
    out += _undeclared_outputs(ctx, names)
    for a, b in collisions(names):
        out.append(ctx.finding(
            ID, "major", "task.json",
            f"deliverables {a!r} and {b!r} collide under the matcher: one output file could be graded as either",
            "rename one so that the names differ in more than spelling or case", location="$.deliverables",
            evidence=f"{a} ~ {b}"))
    out += _same_words(ctx, names)
    out += _file_and_folder(ctx, names)
    out += _deliverables_as_sources(ctx, names)
    # The matcher run on outputs named exactly as asked must pair each with itself.
    res = resolve(names, names)
    for d, hit in res.resolved.items():
        if hit != d and not any(d in pair for pair in collisions(names)):
            out.append(ctx.finding(
                ID, "major", "task.json", f"an output named exactly {d!r} is paired with {hit!r} by the matcher",
                "rename the deliverables so each name pairs with itself", location="$.deliverables",
                evidence=f"{d} -> {hit}"))
    return out


_LINK_WORDS = frozenset({"to", "for", "the", "a", "an", "of", "on", "and", "from", "with", "by", "in"})


def _name_words(name: str) -> tuple[str, ...]:
    stem = name.rsplit("/", 1)[-1].rsplit(".", 1)[0].lower()
    return tuple(w for w in re.split(r"[^a-z0-9]+", stem) if w and w not in _LINK_WORDS)


def _same_words(ctx: TaskContext, names: list[str]) -> list[Finding]:
    """Two deliverables named with the same words in another order ("note-to-partner.md" and
    "partner-note.md"): an agent that writes one name for the other hands the judge the wrong file,
    whatever the matcher makes of it."""
    out, reported = [], {frozenset(pair) for pair in collisions(names)}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            # the same words in the same order are one name in two formats (agreement.md, agreement.docx)
            words, others = _name_words(a), _name_words(b)
            if len(words) >= 2 and set(words) == set(others) and words != others and frozenset((a, b)) not in reported:
                out.append(ctx.finding(
                    ID, "major", "task.json", f"deliverables {a!r} and {b!r} are named with the same words in another "
                    "order: an agent that writes one for the other is graded against the wrong criteria",
                    "name them by what tells them apart (e.g. 'partner-decision-note.md', 'partner-cover-note.md')",
                    location="$.deliverables", evidence=f"{a} ~ {b}"))
            # one name the tail of the other, word for word ("note.md" and "client-note.md"): a note
            elif words and others and words != others and frozenset((a, b)) not in reported and \
                    _family(a) == _family(b) and (_tail(words, others) or _tail(others, words)):
                short, long = (a, b) if len(words) < len(others) else (b, a)
                out.append(ctx.finding(
                    ID, "minor", "task.json", f"deliverable {short!r} is the end of {long!r}: an agent that shortens "
                    f"a name, or a matcher that pairs by the end of a name, may hand in one for the other",
                    f"name {short!r} by what sets it apart (e.g. 'handover-note.md')", location="$.deliverables",
                    evidence=f"{short} ~ {long}"))
    return out


def _tail(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    return len(short) < len(long) and long[-len(short):] == short


def _file_and_folder(ctx: TaskContext, names: list[str]) -> list[Finding]:
    """A deliverable saved inside another deliverable's name ("client-note.md/parish-list.md" beside
    "client-note.md"): one path cannot be a file and a folder at once, so the agent can write only
    one of the two, and the other is graded as missing."""
    out = []
    for outer in names:
        for inner in names:
            if inner.startswith(outer.rstrip("/") + "/"):
                out.append(ctx.finding(
                    ID, "major", "task.json", f"deliverable {inner!r} needs {outer!r} to be a folder, while {outer!r} "
                    "is itself a deliverable file: both cannot exist, so one of them is always graded as missing",
                    f"save {inner!r} beside {outer!r} (e.g. '{inner.replace('/', '-')}')",
                    location="$.deliverables", evidence=f"{outer} / {inner}"))
    return out


def _deliverables_as_sources(ctx: TaskContext, names: list[str]) -> list[Finding]:
    """A criterion that lists a deliverable among its `sources` (the documents it rests on) rather than
    among the deliverables it grades: the agent's output is taken for an input, and the file is graded
    only by whatever the matcher guesses."""
    out = []
    for i, c in enumerate(ctx.task.criteria):
        for j, source in enumerate(c.sources or []):
            name = source if isinstance(source, str) else None
            bare = name.split("documents/", 1)[-1] if name else None
            if bare in names and bare not in c.deliverables:
                out.append(ctx.finding(
                    ID, "major", "task.json", f"criterion {c.id!r} lists the deliverable {bare!r} among its sources, "
                    "not among the deliverables it grades: the agent's output is taken for a workspace input",
                    f"move {bare!r} to the criterion's deliverables", location=f"$.criteria[{i}].sources[{j}]",
                    evidence=name))
    return out


def _told_not_to_write(ctx: TaskContext, names: list[str]) -> list[Finding]:
    """A deliverable the instructions tell the agent not to write ("do not write rationale.md"): it
    is declared and graded, so an agent that obeys loses its points, and one that disobeys wins them."""
    out = []
    for _line, sentence in tx.sentences(ctx.task.instructions):
        for d in names:
            at = sentence.find(d)
            if at >= 0 and told_not_to_write(sentence, at):
                out.append(ctx.finding(
                    ID, "major", "task.json", f"the instructions tell the agent not to write {d!r}, which the task "
                    "declares and grades: an agent that obeys fails its criteria", f"drop {d!r} from the "
                    "deliverables and criteria, or take the prohibition out of the instructions",
                    location="$.instructions", evidence=tx.excerpt(sentence)))
    return out



# A rename the instructions ask for: "rename tallis-agreement-revised.md to "Tallis RCA 2026 (execution
# version).md"", "once saved, rename it as ...".
_RENAME = re.compile(r"\brenam(?:e|es|ed|ing)\s+(?P<what>(?:[^.;:!?]|\.(?=\w)){1,80}?)\s+(?:to|as|into)\s+(?P<new>[\"“'‘][^\"”'’]{1,160}"
                     r"[\"”'’]|[^\s,;]+\.\w{1,5})", re.I)


def _renamed(ctx: TaskContext, names: list[str]) -> list[Finding]:
    """The instructions ask the agent to rename a deliverable once written ("rename x.md to "X (execution
    version).md""): the file handed in no longer carries the declared name, and nothing may be graded."""
    out = []
    for _line, sentence in tx.sentences(ctx.task.instructions):
        for m in _RENAME.finditer(sentence):
            new = m["new"].strip("\"“”'‘’")
            d = next((d for d in names if d in m["what"]), None)
            if d is None and re.fullmatch(r"(?:it|the\s+(?:file|document|deliverable|output))", m["what"].strip(), re.I):
                d = next((d for d in names if d in sentence[:m.start()]), None)
            if d is None or new.casefold() == d.casefold() or new.casefold() in {n.casefold() for n in names} or \
                    _NEGATED.search(sentence[:m.start()]):
                continue
            out.append(ctx.finding(
                ID, "major", "task.json", f"the instructions ask the agent to rename {d!r} to {new!r}: the file "
                "handed in no longer carries the declared name, and the matcher may pair nothing with it",
                "declare the deliverable under the name it is handed in as, or drop the rename",
                location="$.instructions", evidence=tx.excerpt(sentence)))
    return out


# The agent's files sent to a folder: "save both files in a folder named granite-peak-tallis/", "put your
# deliverables under out/review/".
_FOLDER_ASK = re.compile(r"\b(?:save|put|place|store|write|keep|file|move|drop)\b(?P<what>(?:[^.;:!?]|\.(?=\w)){0,80}?)\b(?:in|into|"
                         r"under|inside|to)\s+(?:a|the)?\s*(?:new\s+)?(?:(?:sub)?folder|directory|dir)?\s*"
                         r"(?:named|called)?\s*[`\"“'‘]?(?P<folder>[\w][\w.-]*(?:/[\w.-]+)*)/(?![\w.-])", re.I)
_ALL_OUTPUTS = re.compile(r"\b(?:both|all|every|each|them|everything|your\s+(?:files|deliverables|outputs|work)|"
                          r"the\s+(?:files|deliverables|outputs))\b", re.I)


def _relocated(ctx: TaskContext, names: list[str]) -> list[Finding]:
    """The instructions send the agent's files to a folder that the deliverables' names lack ("save both
    files in a folder named granite-peak-tallis/" for client-email.md): the files arrive where no key says."""
    for _line, sentence in tx.sentences(ctx.task.instructions):
        for m in _FOLDER_ASK.finditer(sentence):
            folder = m["folder"].strip("/")
            if folder.split("/")[0] in ("documents", "knowledge-base") or _NEGATED.search(sentence[:m.start()]):
                continue
            said = [d for d in names if d in m["what"]] or (names if _ALL_OUTPUTS.search(m["what"]) else [])
            away = [d for d in said if not d.startswith(folder + "/")]
            if away:
                return [ctx.finding(
                    ID, "minor", "task.json", f"the instructions save {', '.join(map(repr, away))} in {folder}/, but "
                    "the deliverables are named without it: the files arrive where no deliverable's name looks, and "
                    "only a match by base name finds them", f"name the deliverables {folder}/…, or drop the folder",
                    location="$.instructions", evidence=tx.excerpt(sentence))]
    return []


# A file name the instructions give: a document's name and extension, with a folder or not.
_FILE_NAME = re.compile(r"(?<![\w/.@:-])((?:[\w-]+/)*[\w][\w.-]*\.(?:md|markdown|txt|docx?|dotx|pdf|rtf|odt|html?|eml|"
                        r"msg|xlsx?|csv|json|ya?ml|pptx))(?![\w-])", re.I)
# What the agent is asked to do with a file it writes: "save it as", "upload cover-email.md", "(or x.docx".
_WRITING = re.compile(r"\b(?:save|saved|saving|write|writing|upload|uploading|send|sending|submit|submitting|deliver|"
                      r"prepare|produce|draft|name\s+it|call\s+it|file\s+it|hand\s+in|put|attach|post|email|e-mail|"
                      r"export|return)\b|\(\s*or\b|\bor\s+(?:as\s+)?$|\binstead\b", re.I)
_READING = re.compile(r"\b(?:read|reading|review|reviewing|compare|comparing|see|consult|open|use|using|check|study|"
                      r"start\s+from|based\s+on|from|in)\b", re.I)
_NEGATED = re.compile(r"\b(?:do\s+not|don['\u2019]t|never|no|not|without|rather\s+than|instead\s+of)\b[^.;:!?]{0,60}$",
                      re.I)


def _undeclared_outputs(ctx: TaskContext, names: list[str]) -> list[Finding]:
    """A file the instructions ask the agent to write, send or upload that is neither a deliverable
    nor a file of the workspace ("upload cover-email.md to the matter ticket" beside client-email.md,
    "note-to-partner.md (or note-to-partner.docx, if you would rather work in Word)"): the answer may
    arrive under that name, and nothing grades it."""
    out: list[Finding] = []
    known: set[str] | None = None  # every deliverable's and workspace file's name, built when first needed
    seen = set()
    for _line, sentence in tx.sentences(ctx.task.instructions):
        for m in _FILE_NAME.finditer(sentence):
            name = m.group(1)
            bare = name.split(f"{WORKSPACE}/", 1)[-1]
            before = sentence[:m.start()]
            # Asked for: a verb of writing or sending governs the name, nearer to it than any verb of
            # reading ("Read documents/deal-summary.md": an input, whose absence is H07's).
            near = before[-80:]
            wrote = [w.end() for w in _WRITING.finditer(near)]
            read = [r.end() for r in _READING.finditer(near)]
            if not wrote or read and max(read) > max(wrote) or name.casefold() in seen or \
                    "knowledge-base" in bare.lower() or _NEGATED.search(before) or told_not_to_write(sentence, m.start()):
                continue
            if known is None:
                known = {n.casefold() for n in names} | {n.rsplit("/", 1)[-1].casefold() for n in names}
                for f in ctx.workspace:
                    known |= {f.name.casefold(), f.name.rsplit("/", 1)[-1].casefold()}
            # (the tail of a longer name the reader cut at a space, a dash or a letter it does not take for
            # one of a name's: "timeline.md" of "Jordan Ellery – signing timeline.md", "a.md" of "hr-q&a.md")
            if bare.casefold() in known or bare.rsplit("/", 1)[-1].casefold() in known or \
                    any(k.endswith(bare.casefold()) for k in known):
                continue
            seen.add(name.casefold())
            out.append(ctx.finding(
                ID, "major", "task.json",
                f"the instructions ask for {name!r}, which is neither a deliverable nor a file of the workspace: the "
                "agent may write its answer under that name, and nothing grades it",
                f"declare {name!r} as a deliverable (with criteria), or name the deliverable it stands for",
                location="$.instructions", evidence=tx.excerpt(sentence)))
    return out
