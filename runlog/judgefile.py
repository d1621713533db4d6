"""The judge-verdict file a harness writes, and the run-log payload made from it.

Format `oafreeze.judge-verdicts/1` (docs/RUNLOG.md), one file per judge per run:

    {"format": "oafreeze.judge-verdicts/1",
     "run_id": "r-0007", "judge": "google/gemini-3.1-pro-preview", "schema_version": "lab-judge/2",
     "verdicts": [{"criterion": "C1", "reasoning": "...", "verdict": "FAIL"}, ...]}

Any other fields are allowed and kept: the file's whole text goes into the log as it
was given, with its SHA-256, and the verdicts are read out of it for the results.
"""

from __future__ import annotations

from dataclasses import dataclass

from oafreeze.plumbing.errors import BadInput, ProblemList
from oafreeze.plumbing import canonical, hashing
from oafreeze.runlog import contradiction

FORMAT = "oafreeze.judge-verdicts/1"
VERDICTS = ("PASS", "FAIL")


@dataclass(frozen=True)
class JudgeFile:
    """A parsed judge file: who judged which run, the verdicts, and the exact text."""

    run_id: str
    judge: str
    schema_version: str
    verdicts: list[dict]
    reasoning_first: bool
    raw: str
    raw_sha256: str


def parse(data: bytes, source: str) -> JudgeFile:
    """Read a judge file; every problem named at once with its field."""
    doc = canonical.loads_strict(data, source)
    problems = ProblemList()
    if not isinstance(doc, dict):
        raise BadInput.at(source, "a judge file holds a JSON object", rule="judge-file")
    if doc.get("format") != FORMAT:
        problems.add(source, f"must be {FORMAT!r}", field="format", rule="judge-format")
    for key in ("run_id", "judge", "schema_version"):
        if not isinstance(doc.get(key), str) or not doc.get(key):
            problems.add(source, "required, a non-empty string", field=key, rule="judge-file")
    items = doc.get("verdicts")
    verdicts: list[dict] = []
    reasoning_first = True
    if not isinstance(items, list) or not items:
        problems.add(source, "required, a non-empty list", field="verdicts", rule="judge-file")
        items = []
    for i, item in enumerate(items):
        where = f"verdicts[{i}]"
        if not isinstance(item, dict):
            problems.add(source, "must be an object", field=where, rule="judge-file")
            continue
        if not isinstance(item.get("criterion"), str) or not item.get("criterion"):
            problems.add(source, "required, the criterion id", field=f"{where}.criterion", rule="judge-file")
        if not isinstance(item.get("reasoning"), str):
            problems.add(source, "required, a string", field=f"{where}.reasoning", rule="judge-file")
        if item.get("verdict") not in VERDICTS:
            problems.add(source, f"must be exactly PASS or FAIL, not {item.get('verdict')!r}",
                         field=f"{where}.verdict", rule="judge-verdict")
        keys = list(item)
        if "reasoning" in keys and "verdict" in keys and keys.index("reasoning") > keys.index("verdict"):
            reasoning_first = False
        verdicts.append({"criterion": item.get("criterion"), "reasoning": item.get("reasoning"),
                         "verdict": item.get("verdict")})
    ids = [v["criterion"] for v in verdicts]
    for dup in sorted({c for c in ids if isinstance(c, str) and ids.count(c) > 1}):
        problems.add(source, f"criterion {dup!r} is judged more than once", field="verdicts",
                     rule="criterion-unique")
    problems.raise_if_any(f"{source}: not a valid judge file")
    return JudgeFile(doc["run_id"], doc["judge"], doc["schema_version"], verdicts, reasoning_first,
                     data.decode("utf-8"), hashing.sha256_bytes(data))


def payload(jf: JudgeFile, source: str) -> dict:
    """The `verdicts` entry payload, with contradictory FAIL verdicts routed to a human."""
    review = []
    for v in jf.verdicts:
        flag = contradiction.review_needed(v["verdict"], v["reasoning"])
        if flag:
            review.append({"criterion": v["criterion"], "rule": flag.rule, "message": flag.message,
                           "evidence": flag.evidence})
    return {"run_id": jf.run_id, "judge": jf.judge, "schema_version": jf.schema_version, "source": source,
            "raw": jf.raw, "raw_sha256": jf.raw_sha256, "reasoning_first": jf.reasoning_first,
            "verdicts": jf.verdicts, "review": review}
