"""H09 seeded-law provenance: every planted excerpt of law says where it comes from, and is there."""

from __future__ import annotations

import re

from oafreeze.corpus import statutes
from oafreeze.corpus import text as tx
from oafreeze.hygiene.context import TaskContext
from oafreeze.plumbing.paths import path_problem
from oafreeze.hygiene.finding import Finding

ID = "H09"
NAME = "seeded-law provenance"
DECLARED = ("effective_date", "verified_on", "verified_against")

# A value that stands in for provenance nobody recorded: the whole value is a to-do word, a "see
# above", a yes/done that names no source, a template slot ("[citation]", "<source>") or no word at
# all ("?", "--"). Such an entry passes a check for emptiness and still says nothing.
_FILLER = re.compile(
    r"(?:to\s*do|tbd|tba|tbc|fixme|x{2,}|n\.?\s?/?\s?a\.?|none|null|nil|unknown|pending|placeholder|"
    r"(?:see|as|same\s+as)\s+(?:above|below|before|earlier)|same|ditto|"
    r"to\s+be\s+(?:determined|decided|confirmed|added|checked|verified|completed|provided)|fill\s+(?:in|me|this)|"
    r"insert(?:\s+\w+){0,3}|lorem\s+ipsum.*|yes|no|true|false|ok|okay|done|checked|verified|"
    r"citation|source|date)", re.I)
_SLOT = re.compile(r"\[[^\]]*\]|<[^>]*>|\{\{[^}]*\}\}")
_MARKER = re.compile(r"\b(?:TODO|TBD|FIXME|XXX)\b|\?\?", re.I)
# A verification that says it has not happened, or that the text came from a secondary source.
_UNVERIFIED = re.compile(r"\b(?:not\s+(?:yet\s+)?(?:been\s+)?(?:verified|checked|confirmed)|unverified|unchecked|"
                         r"(?:still\s+)?to\s+(?:be\s+)?(?:verif|check|confirm)\w*|copied\s+from|taken\s+from\s+(?:an?|the)\s+"
                         r"(?:alert|blog|article|newsletter|memo|summary))\b", re.I)
PLACEHOLDER_KEYS = ("citation", "effective_date", "verified_on", "verified_against")


def placeholder(value: str | None) -> bool:
    """Whether a provenance value is a stand-in ("TODO", "n/a", "?", "see above", "[source]") rather
    than the thing itself."""
    text = (value or "").strip()
    if not text:
        return False  # emptiness is reported on its own
    if not re.search(r"[^\W_]", text) or _SLOT.fullmatch(text):
        return True
    core = re.sub(r"^[\W_]+|[\W_]+$", "", text)
    return bool(_FILLER.fullmatch(core)) or bool(re.match(r"(?:TODO|TBD|FIXME)\b", core, re.I))


def applies(ctx: TaskContext) -> str | None:
    """Seeded law is declared in the oafreeze block; a plain LAB task has nowhere to declare it."""
    return None if ctx.has_block else "the task has no oafreeze block, so it declares no seeded law"


def _borrowed_provenance(ctx: TaskContext) -> list[Finding]:
    """An entry whose verified_against names another entry's provision and never its own: the record
    was copied from the entry beside it, so nothing records a check of this one."""
    laws = ctx.ext.seeded_law
    own = [statutes.designation(law.citation) for law in laws]
    out = []
    for i, law in enumerate(laws):
        named = {d.rstrip(".") for d in statutes.DESIGNATION.findall(law.verified_against or "")}
        if not own[i] or not named or own[i] in named or any(n.startswith(own[i] + "(") for n in named):
            continue
        other = next((laws[j].citation for j, d in enumerate(own) if j != i and d and d != own[i] and d in named
                      and not own[i].startswith(d + "(")), None)
        if other is not None:
            out.append(ctx.finding(
                ID, "major", "task.json", f"seeded law {law.citation!r}: verified_against names {other!r}, another "
                "entry's provision, and never this one: the record of the check was copied, so nothing records that "
                f"{law.citation} was verified", "record what this provision's text was checked against",
                location=f"$.oafreeze.seeded_law[{i}].verified_against", evidence=tx.excerpt(law.verified_against)))
    return out


_CITATION_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+\S|^\s*(?:§|[Ss]ection\b|[A-Z][\w.]*\s.{0,60}\d)[^.!?]{0,80}$")


def _misplaced_quotes(ctx: TaskContext) -> list[Finding]:
    """An entry's quote that sits under another entry's heading in their shared file (headings
    swapped when the sections were reordered): the agent reads each passage as the other law."""
    laws = ctx.ext.seeded_law
    own = [statutes.designation(law.citation) for law in laws]
    out = []
    for i, law in enumerate(laws):
        f = ctx.file(law.file) if law.file and not path_problem(law.file) else None
        line = tx.locate(f.text, law.quote) if f is not None and f.text and law.quote and own[i] else None
        if line is None:
            continue
        lines = f.text.splitlines()
        heading = next((lines[n] for n in range(line - 2, -1, -1) if _CITATION_HEADING.match(lines[n])
                        and statutes.DESIGNATION.search(lines[n])), None)
        if heading is None:
            continue
        named = {d.rstrip(".") for d in statutes.DESIGNATION.findall(heading)}
        if own[i] in named or any(own[i].startswith(n + "(") or n.startswith(own[i] + "(") for n in named):
            continue
        other = next((laws[j].citation for j, d in enumerate(own) if j != i and d in named and laws[j].file == law.file),
                     None)
        if other is not None:
            out.append(ctx.finding(
                ID, "major", f.rel, f"the quoted text of {law.citation!r} sits under the heading {heading.strip()!r}, "
                f"which cites {other!r}: the agent reads the passage as the other provision", "put each passage "
                "under its own citation's heading", location=line, evidence=tx.excerpt(heading.strip())))
    return out


def check(ctx: TaskContext) -> list[Finding]:
    """Missing provenance, an excerpt not in its file, verification after the freeze; quoted law
    in the workspace that no entry declares."""
    out = undeclared_law(ctx) + _two_stories(ctx) + _borrowed_provenance(ctx) + _misplaced_quotes(ctx)
    out += _figures_of_law(ctx, {f.path for f in out})
    for i, law in enumerate(ctx.ext.seeded_law):
        at = f"$.oafreeze.seeded_law[{i}]"
        stand_ins = {key for key in PLACEHOLDER_KEYS if placeholder(getattr(law, key))}
        label = (repr(law.citation) if law.citation.strip() and "citation" not in stand_ins
                 else f"{i + 1} ({law.file or 'no file'})")
        out += _placeholders(ctx, law, label, at, stand_ins)
        if not law.citation.strip():
            out.append(ctx.finding(ID, "major", "task.json", f"seeded law {i + 1} ({law.file or 'no file'}) has no "
                                   "citation: nobody can tell which law the planted text claims to be",
                                   "add the citation (e.g. 'C.R.S. § 8-2-113(2)')", location=f"{at}.citation",
                                   evidence=law.file))
        problem = path_problem(law.file)
        if problem:
            out.append(ctx.finding(ID, "major", "task.json", f"seeded law {law.citation!r} names file "
                                   f"{law.file!r}, which {problem}", "name the file by its path under documents/",
                                   location=f"{at}.file", evidence=law.file))
            continue
        for key in DECLARED:
            if not (getattr(law, key) or "").strip():  # blank ("  ") is not declared either
                out.append(ctx.finding(
                    ID, "major", "task.json", f"seeded law {law.citation!r} does not declare {key}: nobody can check "
                    "that the planted text is the law the criteria assume", f"add {key} to the entry",
                    location=f"{at}.{key}", evidence=law.citation))
        for key in ("effective_date", "verified_on"):
            value = getattr(law, key)
            if value and key not in stand_ins and tx.parse_iso_date(value) is None:
                out.append(ctx.finding(ID, "major", "task.json", f"{key} {value!r} is not a date written YYYY-MM-DD",
                                       "write the date as YYYY-MM-DD", location=f"{at}.{key}", evidence=value))
        verified = tx.parse_date(law.verified_on or "")  # any written date: a late one is late however written
        if verified and verified > ctx.today:
            out.append(ctx.finding(
                ID, "major", "task.json", f"seeded law {law.citation!r} claims verification on {law.verified_on}, "
                "after the freeze: the check cannot have happened yet", "verify the excerpt and record the real date",
                location=f"{at}.verified_on", evidence=law.verified_on))
        out += _impossible_check(ctx, law, at, verified)
        f = ctx.file(law.file)
        if f is None or f.text is None:
            out.append(ctx.finding(
                ID, "major", "task.json", f"seeded law {law.citation!r} points at {law.file!r}, which is not a "
                "readable workspace file", "fix the file name (relative to documents/)", location=f"{at}.file",
                evidence=law.file))
            continue
        if not law.quote:
            out.append(ctx.finding(
                ID, "major", "task.json", f"seeded law {law.citation!r} quotes nothing: the audit cannot tell which "
                f"passage of {law.file} is the planted law", "add the quoted text as `quote`",
                location=f"{at}.quote", evidence=law.citation))
        elif tx.locate(f.text, law.quote) is None:
            out.append(ctx.finding(
                ID, "major", f.rel, f"the quoted text of {law.citation!r} is not in {f.rel}: the workspace and the "
                "declared law disagree", f"make {f.rel} contain the quote exactly, or correct the quote",
                location=f"{at}.quote", evidence=tx.excerpt(law.quote)))
        elif " ".join(law.quote.split()) not in " ".join(_BLOCK_QUOTE.sub("", f.text).split()):
            # Found loosely (an apostrophe or a dash pasted from Word): a check that compares the quote
            # as written with the file does not find it.
            other = "capitals" if tx.spaced(law.quote) not in tx.spaced(f.text) else "quote marks or dashes"
            out.append(ctx.finding(
                ID, "minor", f.rel, f"the quoted text of {law.citation!r} is in {f.rel} only with other {other}: "
                "a check that compares the quote as written with the file does not find it",
                f"quote {f.rel} exactly, {other} included", location=f"{at}.quote", evidence=tx.excerpt(law.quote)))
        elif tx.unbroken(law.quote.strip()) not in tx.unbroken(_BLOCK_QUOTE.sub("", f.text)):
            # The same words with other spaces between them (two after each full stop, a tab): the
            # file's line breaks read as spaces, a literal search still misses it.
            out.append(ctx.finding(
                ID, "minor", f.rel, f"the quoted text of {law.citation!r} is in {f.rel} only with other spacing (a run "
                "of spaces or a tab where the quote has one space, or the other way round): a check that compares "
                "the quote as written with the file does not find it", f"quote {f.rel} exactly, one space where it "
                "has one", location=f"{at}.quote", evidence=tx.excerpt(law.quote)))
        if "citation" not in stand_ins and tx.locate(f.text, law.citation) is None:
            out.append(ctx.finding(
                ID, "minor", f.rel, f"{f.rel} never states the citation {law.citation!r}: the agent cannot tell "
                "which law the excerpt is", "put the citation next to the excerpt", evidence=law.citation))
    return out


# The year of the enacting act a source names: a Colorado-style bill ("SB 25-083"), a bill with its
# year ("SSB 5935 (2024)"), session laws ("Acts 2003, No. 428", "Laws of 2019", "2024 Wash. Sess. Laws").
_ACT_YEAR = re.compile(r"\b[SHA]\.?\s?B\.?\s?(?P<yy>\d{2})-\d{2,4}\b|"
                       r"\b[A-Z0-9]{0,3}[SHA]B\s?\d{1,5}\s?\((?P<y1>(?:19|20)\d\d)\)|"
                       r"\b(?:Acts|Laws|Statutes|Stats\.|Session\s+Laws)(?:\s+of)?,?\s+(?P<y2>(?:19|20)\d\d)\b|"
                       r"\b(?P<y3>(?:19|20)\d\d)\s+(?:[A-Z][a-z]*\.\s+)?Sess(?:\.|ion)\s+Laws\b")


def _act_years(text: str) -> list[int]:
    years = []
    for m in _ACT_YEAR.finditer(text):
        years.append(2000 + int(m["yy"]) if m["yy"] else int(m["y1"] or m["y2"] or m["y3"]))
    return years


# A source outside the workspace, named beside a workspace file: the library pinned at a commit, an
# official text, a legislature's site, a research service.
_INDEPENDENT = re.compile(r"\b(?:library|commit|official|legislat\w+|gazette|session\s+laws?|westlaw|lexis|"
                          r"govinfo|[\w-]+\.gov)\b", re.I)


# A dated edition of a published source: "the 2027 pamphlet edition", "2027 Cumulative Supplement".
_EDITION_YEAR = re.compile(r"\b((?:19|20)\d\d)\s+(?:[\w-]+\s+){0,2}(?:edition|supplement|pamphlet|volume|release|"
                           r"update|replacement\s+volume)\b", re.I)


def _impossible_check(ctx: TaskContext, law, at: str, verified) -> list[Finding]:
    """A verification that cannot have happened as recorded: dated before the act whose text it
    checked was passed, or made against the workspace's own copy (the planted file, or another
    of the task's own documents), which proves nothing about the law."""
    out = []
    source = law.verified_against or ""
    later = [y for y in _act_years(f"{source} {law.citation}") if verified and y > verified.year]
    if later:
        out.append(ctx.finding(
            ID, "major", "task.json", f"seeded law {law.citation!r} claims verification on {law.verified_on}, before "
            f"{max(later)}, the year of the act whose text it checked: the verification is of an older text, or was "
            "copied from another entry", "verify the excerpt as enacted and record the real date",
            location=f"{at}.verified_on", evidence=law.verified_on))
    # a source issued after the check: "checked against the 2027 pamphlet edition, issued January 15, 2027"
    issued = [d for written, _ in tx.dates(source) for d in [tx.parse_date(written)] if d and verified and d > verified]
    editions = [int(m[1]) for m in _EDITION_YEAR.finditer(source) if verified and int(m[1]) > verified.year]
    if not later and (issued or editions):
        when = min(issued).isoformat() if issued else str(min(editions))
        out.append(ctx.finding(
            ID, "major", "task.json", f"seeded law {law.citation!r} claims verification on {law.verified_on} against "
            f"a source issued in {when}, after the check: the source it names did not exist when it was consulted",
            "name the edition the quote was really checked against, and the day", location=f"{at}.verified_against",
            evidence=tx.excerpt(source)))
    machine = _MACHINE_ANSWER.search(source)
    if machine and not _INDEPENDENT.search(source):
        out.append(ctx.finding(
            ID, "major", "task.json", f"seeded law {law.citation!r} was verified against {machine.group(0)!r}, a "
            "language model's answer, not a text of the law: what it says the law reads is what needs checking",
            "verify the quote against the official source (the code, the session law) and name it",
            location=f"{at}.verified_against", evidence=tx.excerpt(source)))
        return out
    low = source.casefold()
    if _INDEPENDENT.search(source):
        return out
    # Its own file, or a document no entry declares (another seeded excerpt, itself verified, may be
    # the copy a second file was checked against).
    seeded = {other.file for other in ctx.ext.seeded_law}
    own = [law.file] + [f.rel for f in ctx.task_files if not f.kb_copy and f.rel not in seeded]
    for path in dict.fromkeys(p for p in own if p):
        inner = path.casefold().removeprefix("documents/")
        named = "|".join(map(re.escape, dict.fromkeys([inner, inner.rsplit("/", 1)[-1]])))
        if "." in inner and re.search(rf"(?<![\w/.-])(?:documents/)?(?:{named})(?![\w-])", low):
            out.append(ctx.finding(
                ID, "major", "task.json", f"seeded law {law.citation!r} was verified against {path}, the task's own "
                "workspace file: a check against the planted copy proves nothing about the law",
                "verify the quote against the official source (the code, the session law) and name it",
                location=f"{at}.verified_against", evidence=tx.excerpt(source)))
            break
    return out


# A chatbot or language model asked what the law says: "ChatGPT (GPT-4o), asked on 2026-10-01", "Claude",
# "our AI assistant", "an LLM". Its answer is a claim about the text, not the text.
_MACHINE_ANSWER = re.compile(r"\b(?:chat\s?gpt|gpt-?\d[\w.-]*|openai|claude|anthropic|gemini|bard|copilot|llama\s?\d*|"
                             r"mistral|perplexity(?:\s+ai)?|grok|deepseek|(?:an?|the|our|firm'?s?)\s+(?:\w+\s+)?"
                             r"(?:ai|a\.i\.|llm|chat\s?bot|language\s+model)(?:\s+(?:assistant|tool|model))?|"
                             r"large\s+language\s+model|generative\s+ai|ai\s+(?:assistant|chat\w*|tool|model))\b", re.I)


_BLOCK_QUOTE = re.compile(r"(?m)^[ \t]*>[ \t>]*")  # a Markdown block quote's markers, which a quote leaves out


def _placeholders(ctx: TaskContext, law, label: str, at: str, stand_ins: set[str]) -> list[Finding]:
    """A provenance field filled with a stand-in (major), or carrying a to-do marker inside real
    text ("Colorado Revised Statutes (TODO: recheck)": minor, the check may be unfinished)."""
    out = []
    for key in PLACEHOLDER_KEYS:
        value = (getattr(law, key) or "").strip()
        if key in stand_ins:
            out.append(ctx.finding(
                ID, "major", "task.json", f"seeded law {label} gives {key} as {value!r}, a placeholder: "
                "the provenance was never recorded, so nobody can check that the planted text is the law the "
                "criteria assume", f"replace the placeholder with the real {key.replace('_', ' ')}"
                + (" (YYYY-MM-DD)" if key in ("effective_date", "verified_on") else ""),
                location=f"{at}.{key}", evidence=value))
        elif key == "verified_against" and _UNVERIFIED.search(value):
            out.append(ctx.finding(
                ID, "major", "task.json", f"seeded law {label}: verified_against says the text was not verified "
                f"({tx.excerpt(value, 80)!r}): the planted text may not be the law the criteria assume",
                "check the quote against the official source and name that source", location=f"{at}.{key}",
                evidence=tx.excerpt(value)))
        elif value and _MARKER.search(value):
            out.append(ctx.finding(
                ID, "minor", "task.json", f"seeded law {label}: {key} carries a to-do marker, so the "
                "verification it records may be unfinished", f"finish the check and remove the marker from {key}",
                location=f"{at}.{key}", evidence=tx.excerpt(value)))
    return out


# --- quoted law that nobody declared -------------------------------------------------------

def _two_stories(ctx: TaskContext) -> list[Finding]:
    """Entries that declare the same text of the same law with different effective dates: which one
    the criteria assume is anyone's guess. (Two texts under one citation are two versions of it, an
    amendment's before and after: that is declared, not a conflict.)"""
    first: dict[tuple[str, str], tuple[int, str]] = {}
    out = []
    for i, law in enumerate(ctx.ext.seeded_law):
        key = (tx.normalize(law.citation), tx.normalize(law.quote or ""))
        if not key[0] or not law.effective_date:
            continue
        if key not in first:
            first[key] = (i, law.effective_date)
        elif first[key][1] != law.effective_date:
            j, when = first[key]
            out.append(ctx.finding(
                ID, "major", "task.json", f"seeded law {law.citation!r} is declared twice with the same text but two "
                f"effective dates ({when} in entry {j + 1}, {law.effective_date} in entry {i + 1}): which version the "
                "criteria assume cannot be checked", "keep one entry, with the date the text took effect",
                location=f"$.oafreeze.seeded_law[{i}].effective_date", evidence=f"{when} / {law.effective_date}"))
    return out


def _declaring(body: str, quotes: list[str]) -> list[int]:
    """The seeded_law entries (by index) whose quote is this passage, or holds half of it."""
    norm = tx.normalize(body)
    exact = [i for i, q in enumerate(quotes) if q and (q in norm or norm in q)]
    if exact:
        return exact
    mine = set(tx.shingles(body, 5))
    return [i for i, q in enumerate(quotes) if q and mine and len(mine & set(tx.shingles(q, 5))) >= 0.5 * len(mine)]


_XML_TAG = re.compile(r"<[^<>]*>")
# A legislature's own markup (Akoma Ntoso, the US House's USLM): each section is a paragraph of the statute,
# and its <num> is the section's designation, cited by the act the file holds ("2871." in the Labor Code).
_LEGISLATIVE = re.compile(r"<(?:\w+:)?(?:akomaNtoso|lawDoc|uscDoc)\b|docs\.oasis-open\.org/legaldocml|xml\.house\.gov/schemas/uslm",
                          re.I)
_SECTION_START = re.compile(r"<(?:\w+:)?(?:section|article|rule)\b[^>]*>", re.I)
_NUM = re.compile(r"<(?:\w+:)?num\b[^>]*>\s*(?:(?:§+|sec(?:tion)?\.?)\s*)?(?P<n>[\w.()-]{1,20}?)\.?\s*</(?:\w+:)?num\s*>", re.I)


def _xml_text(text: str) -> str:
    """An XML file's text, each element's on a line of its own; in a legislature's markup each section
    starts a paragraph under its designation ("§ 2871")."""
    if _LEGISLATIVE.search(text[:4000]):
        # (a subdivision's number, "(b)", stays as written; the mark between sections is no white space,
        # which strip() would take away)
        text = _NUM.sub(lambda m: f"\n{'' if m.group('n').startswith('(') else '§ '}{m.group('n')}\n",
                        _SECTION_START.sub(lambda m: f"\n{_BREAK}\n" + m.group(0), text))
    lines = (ln.strip() for ln in _XML_TAG.sub("\n", text).splitlines())
    return "\n".join("" if ln == _BREAK else ln for ln in lines if ln).strip()


_BREAK = "\ue000"  # a private-use character: no document's text


def undeclared_law(ctx: TaskContext) -> list[Finding]:
    """Statutory text quoted in the task's documents that no seeded_law entry declares: law nobody
    verified, which the agent will read as authoritative (major); text an entry declares for another
    file, quoted here too (info: the text is verified, but the entry does not say it is seeded here)."""
    laws = ctx.ext.seeded_law
    quotes = [tx.normalize(law.quote or "") for law in laws]
    out = []
    for f in ctx.task_files:
        if not f.text:
            continue
        # An XML file (a legislature's export: USLM, Akoma Ntoso) is read for its text, each element's
        # on a line of its own: the section's number, heading and text read as a saved statute page.
        xml = f.rel.lower().endswith(".xml") and "<" in f.text
        text = _xml_text(f.text) if xml else f.text
        for offset, body, cite in statutes.law_passages(text):
            line = next((tx.locate(f.text, ln[:60]) for ln in text.splitlines() if len(ln) > 40 and ln in body),
                        None) if xml else text.count("\n", 0, offset) + 1
            declaring = _declaring(body, quotes)
            if not declaring:
                out.append(ctx.finding(
                    ID, "major", f.rel, f"{f.rel}{f.where(line)} quotes statutory text ({cite}) that no seeded_law "
                    "entry declares: nobody recorded where it comes from, when it took effect or that it was checked, "
                    "and the agent will treat it as the law", "declare it in oafreeze.seeded_law (file, citation, "
                    "quote, effective_date, verified_on, verified_against), or take it out of the workspace",
                    location=line, evidence=tx.excerpt(body)))
            elif not any(_names_file(ctx, laws[i].file, f.rel) for i in declaring):
                law = laws[declaring[0]]
                out.append(ctx.finding(
                    ID, "info", f.rel, f"{f.rel}{f.where(line)} quotes the text seeded_law declares for "
                    f"{law.file or 'another file'} ({law.citation or cite}), but no entry names {f.rel}: where the law "
                    "is planted is recorded for one file only", f"add an entry for {f.rel} (the same citation and "
                    "quote), or take the copy out", location=line, evidence=tx.excerpt(body)))
    return out


# A rule's figure given as the law, with the citation and the day it takes effect, in one paragraph: "7 CCR
# 1103-14, Rule 1.2.1(G) ... customer non-solicitation covenants: $78,008.40 annually. Effective January 1,
# 2026." A bulletin, a regulation's summary or a saved rule page gives the law without quoting it.
_FIGURE = re.compile(r"(?:[$\u20ac\u00a3]\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:%|percent\b|dollars\b|USD\b))")
_TAKES_EFFECT = re.compile(r"\b(?:effective|takes?\s+effect|in\s+(?:force|effect)\s+(?:from|on|as\s+of))\b[^.;\n]{0,12}?"
                           r"(?:\b(?:19|20)\d\d\b|\d{1,2}/\d{1,2}/\d{2,4})", re.I)


def _figures_of_law(ctx: TaskContext, said: set[str]) -> list[Finding]:
    """A paragraph of a task document that gives a law's figure with its citation and effective date
    (minor: it may be the firm's own summary, which needs no entry; if it is the law's text, it is
    planted law no entry declares). One a file, none in a file already reported."""
    quotes = [tx.normalize(law.quote or "") for law in ctx.ext.seeded_law]
    declared = [law.file for law in ctx.ext.seeded_law if law.file]
    out = []
    for f in ctx.task_files:
        text = f.text
        if not text or f.rel in said or not _TAKES_EFFECT.search(text) or not _FIGURE.search(text) or \
                any(_names_file(ctx, file, f.rel) for file in declared):
            continue
        for at, para in statutes.split_paragraphs(text):
            cite = statutes.CITED.search(para)
            if not (cite and _FIGURE.search(para) and _TAKES_EFFECT.search(para)) or _declaring(para, quotes):
                continue
            line = text.count("\n", 0, at) + 1
            out.append(ctx.finding(
                ID, "minor", f.rel, f"{f.rel}{f.where(line)} gives a figure of the law ({cite.group(0)}) with the day it "
                "takes effect, and no seeded_law entry declares it: if it is the law's text, nobody recorded that it "
                "was checked", "declare it in oafreeze.seeded_law, or say in the document whose summary it is",
                location=line, evidence=tx.excerpt(para)))
            break
    return out


def _names_file(ctx: TaskContext, file: str | None, rel: str) -> bool:
    found = ctx.file(file) if file else None
    return found is not None and found.rel == rel
