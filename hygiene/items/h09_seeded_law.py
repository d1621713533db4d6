"""H09 seeded-law provenance: every planted excerpt of law says where it comes from, and is there."""

from __future__ import annotations

import re

from oafreeze.corpus import text as tx
from oafreeze.hygiene.context import TaskContext
from oafreeze.plumbing.paths import path_problem
from oafreeze.hygiene.finding import Finding

ID = "H09"
NAME = "seeded-law provenance"
DECLARED = ("effective_date", "verified_on", "verified_against")


def applies(ctx: TaskContext) -> str | None:
    """Seeded law is declared in the oafreeze block; a plain LAB task has nowhere to declare it."""
    return None if ctx.has_block else "the task has no oafreeze block, so it declares no seeded law"


def check(ctx: TaskContext) -> list[Finding]:
    """Missing provenance, an excerpt not in its file, verification after the freeze; quoted law
    in the workspace that no entry declares."""
    out = undeclared_law(ctx)
    for i, law in enumerate(ctx.ext.seeded_law):
        at = f"$.oafreeze.seeded_law[{i}]"
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
            if not getattr(law, key):
                out.append(ctx.finding(
                    ID, "major", "task.json", f"seeded law {law.citation!r} does not declare {key}: nobody can check "
                    "that the planted text is the law the criteria assume", f"add {key} to the entry",
                    location=f"{at}.{key}", evidence=law.citation))
        for key in ("effective_date", "verified_on"):
            value = getattr(law, key)
            if value and tx.parse_date(value) is None:
                out.append(ctx.finding(ID, "major", "task.json", f"{key} {value!r} is not a date (YYYY-MM-DD)",
                                       "write the date as YYYY-MM-DD", location=f"{at}.{key}", evidence=value))
        verified = tx.parse_date(law.verified_on or "")
        if verified and verified > ctx.today:
            out.append(ctx.finding(
                ID, "major", "task.json", f"seeded law {law.citation!r} claims verification on {law.verified_on}, "
                "after the freeze: the check cannot have happened yet", "verify the excerpt and record the real date",
                location=f"{at}.verified_on", evidence=law.verified_on))
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
        if tx.locate(f.text, law.citation) is None:
            out.append(ctx.finding(
                ID, "minor", f.rel, f"{f.rel} never states the citation {law.citation!r}: the agent cannot tell "
                "which law the excerpt is", "put the citation next to the excerpt", evidence=law.citation))
    return out


# --- quoted law that nobody declared -------------------------------------------------------

# A citation, as statutes and regulations are cited in the workspace: the shared pattern, and the
# forms it leaves out (Louisiana's "La. R.S. 23:921", "7 CCR 1103-14", "Section 16600(a)").
CITED = re.compile(tx.CITATION.pattern + r"|\bLa\.\s*R\.\s*S\.\s*\d+:\d+|\b\d+\s+(?:CCR|C\.F\.R\.|CFR)\s+[\d.-]+"
                   r"|\b(?:Section|Sec\.|§§?)\s*\d+[\w.-]*(?:\([\w]+\))*|\b(?:Code|Act|Statutes?)\s+§",
                   re.I)
QUOTED = re.compile(r'"([^"]{60,4000})"|\u201c([^\u201d]{60,4000})\u201d')
# The voice of enacted text: duties, prohibitions, definitions, self-reference.
STATUTORY = re.compile(r"\b(?:shall|must\s+not|may\s+not|is\s+void|are\s+void|null\s+and\s+void|unlawful|"
                       r"unenforceable|this\s+(?:section|subsection|chapter|article|act|part|title)|"
                       r"(?:employer|employee|person|worker|covenant)s?\b.{0,80}\b(?:means|includes)\b)", re.I)
_HEADING = re.compile(r"^\s*(?:#{1,6}\s+|\*\*|[A-Z0-9 .,§()-]{6,}$)")
MIN_WORDS = 12


def _paragraphs(text: str) -> list[tuple[int, str]]:
    """(offset, paragraph) of a text, paragraphs split at blank lines."""
    out, pos = [], 0
    for block in re.split(r"(\n\s*\n)", text):
        if block.strip() and not re.fullmatch(r"\n\s*\n", block):
            out.append((pos, block))
        pos += len(block)
    return out


def law_passages(text: str) -> list[tuple[int, str, str]]:
    """Passages a document presents as the words of a statute: (offset, passage, citation).

    A passage is quoted text (in quotation marks, or a block quote) of twelve words or more, in
    the voice of enacted text, with a citation in its paragraph or the heading above it; or the
    paragraph that directly follows a heading that is a citation."""
    out: list[tuple[int, str, str]] = []
    paragraphs = _paragraphs(text)
    for n, (at, para) in enumerate(paragraphs):
        heading = paragraphs[n - 1][1] if n else ""
        heading_cite = CITED.search(heading) if heading and _HEADING.match(heading) and len(heading) < 200 else None
        candidates = []
        for m in QUOTED.finditer(para):
            candidates.append((at + m.start(), m.group(1) or m.group(2)))
        quote_lines = [ln[1:].strip() for ln in para.splitlines() if ln.lstrip().startswith(">")]
        if quote_lines:
            candidates.append((at, " ".join(quote_lines)))
        if heading_cite and not candidates:
            candidates.append((at, para))
        for offset, body in candidates:
            if len(body.split()) < MIN_WORDS or not STATUTORY.search(body):
                continue
            cite = CITED.search(para) or heading_cite or CITED.search(text[max(0, at - 300):at])
            if cite:
                out.append((offset, body.strip(), cite.group(0)))
    return out


def _declared(body: str, quotes: list[str]) -> bool:
    norm = tx.normalize(body)
    if any(q and (q in norm or norm in q) for q in quotes):
        return True
    mine = set(tx.shingles(body, 5))
    return bool(mine) and any(len(mine & set(tx.shingles(q, 5))) >= 0.5 * len(mine) for q in quotes if q)


def undeclared_law(ctx: TaskContext) -> list[Finding]:
    """Statutory text quoted in the task's documents that no seeded_law entry declares: law nobody
    verified, which the agent will read as authoritative."""
    quotes = [tx.normalize(law.quote or "") for law in ctx.ext.seeded_law]
    out = []
    for f in ctx.task_files:
        if not f.text:
            continue
        for offset, body, cite in law_passages(f.text):
            if _declared(body, quotes):
                continue
            line = f.text.count("\n", 0, offset) + 1
            out.append(ctx.finding(
                ID, "major", f.rel, f"{f.rel}{f.where(line)} quotes statutory text ({cite}) that no seeded_law entry "
                "declares: nobody recorded where it comes from, when it took effect or that it was checked, and the "
                "agent will treat it as the law", "declare it in oafreeze.seeded_law (file, citation, quote, "
                "effective_date, verified_on, verified_against), or take it out of the workspace",
                location=line, evidence=tx.excerpt(body)))
    return out
