"""H09 seeded-law provenance: every planted excerpt of law says where it comes from, and is there."""

from __future__ import annotations

from oafreeze.corpus import text as tx
from oafreeze.hygiene.context import TaskContext
from oafreeze.plumbing.paths import path_problem
from oafreeze.hygiene.finding import Finding

ID = "H09"
NAME = "seeded-law provenance"
DECLARED = ("effective_date", "verified_on", "verified_against")


def check(ctx: TaskContext) -> list[Finding]:
    """Missing provenance, an excerpt not in its file, verification after the freeze."""
    out = []
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
