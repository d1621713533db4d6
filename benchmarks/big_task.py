"""One LAB-sized task: how the audit's time grows with criteria and workspace files.

LAB tasks carry on the order of sixty criteria and can hold thousands of workspace files. This
script generates one task in LAB's form (no `oafreeze` block, no knowledge base) under a temporary
folder, with generated text in .md, .docx, .pdf and .xlsx files (written by the test suite's
document writers), and times `oafreeze audit --no-cache` on it as a whole process at several
sizes: files doubling at a fixed number of criteria, then criteria doubling at a fixed number of
files. The growth factor between neighbouring rows is what to read: about 2 for each doubling
means linear; about 4 would mean quadratic.

    python benchmarks/big_task.py                      # 500-4,000 files, 15-120 criteria
    python benchmarks/big_task.py --out benchmarks/BIG_TASK.md
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
import docwriters as dw  # noqa: E402 - the suite's writers of real PDF and Office files

BIN = Path(sys.executable).parent
OAFREEZE = str(BIN / "oafreeze") if (BIN / "oafreeze").exists() else "oafreeze"
WORDS = ("the company shall deliver notice within days after closing of each party agreement purchaser seller "
         "escrow indemnity claim losses cap basket survival period representation warranty schedule disclosure "
         "material contract consent assignment termination").split()


def sentence(rng: random.Random, n: int = 14) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def document(rng: random.Random, i: int) -> tuple[str, bytes]:
    paragraphs = [" ".join(sentence(rng) for _ in range(4)) for _ in range(rng.randint(3, 8))]
    kind = i % 10
    if kind < 6:
        return f"doc-{i:05d}.md", ("\n\n".join(paragraphs) + "\n").encode()
    if kind < 8:
        return f"doc-{i:05d}.docx", dw.docx(paragraphs)
    if kind < 9:
        return f"doc-{i:05d}.pdf", dw.pdf(paragraphs[:3])
    return f"doc-{i:05d}.xlsx", dw.xlsx({"Schedule": [["item", "amount"]] + [[sentence(rng, 4), rng.randint(1, 99999)]
                                                                             for _ in range(20)]})


def make_task(root: Path, n_files: int, n_criteria: int, seed: int = 11) -> Path:
    rng = random.Random(seed)
    shutil.rmtree(root, ignore_errors=True)
    task = root / "tasks" / "corporate-ma" / "big-review"
    (task / "documents").mkdir(parents=True)
    (root / "oafreeze.yaml").write_text("schema: oafreeze.environment/1\nname: big-task\n")
    for i in range(n_files):
        name, data = document(rng, i)
        (task / "documents" / name).write_bytes(data)
    deliverables = {"review-memo.md": "A memo to the partner on the disclosure schedules.",
                    "issues-list.xlsx": "Every issue found, one per row."}
    criteria = []
    for c in range(n_criteria):
        d = list(deliverables)[c % 2]
        source = f"doc-{rng.randrange(n_files):05d}.md"
        criteria.append({"id": f"C{c + 1:03d}", "title": f"Issue {c + 1}: {sentence(rng, 5)[:-1]}",
                         "match_criteria": f"PASS if {d} identifies that the {rng.choice(WORDS)} in schedule "
                                           f"{c + 1} lists ${rng.randint(1000, 90000):,} for the {rng.choice(WORDS)}. "
                                           f"FAIL if it does not mention schedule {c + 1}.",
                         "deliverables": [d], "source": "expert", "sources": [f"documents/{source}"]})
    task_json = {"title": "Disclosure schedule review", "work_type": "review", "deliverables": deliverables,
                 "instructions": "Review the documents and write review-memo.md and issues-list.xlsx.",
                 "criteria": criteria, "language": "en", "jurisdiction": "US-DE", "judge_language": "en"}
    (task / "task.json").write_text(json.dumps(task_json, indent=2) + "\n")
    return root


def audit_seconds(root: Path, repeat: int) -> tuple[float, dict]:
    times, out = [], {}
    for _ in range(repeat):
        t0 = time.perf_counter()
        proc = subprocess.run([OAFREEZE, "audit", "--env", str(root), "--no-record", "--no-cache", "--json"],
                              capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"audit failed ({proc.returncode}): {proc.stderr[-2000:]}")
        out = json.loads(proc.stdout)
    return sorted(times)[len(times) // 2], out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", type=int, nargs="+", default=[500, 1000, 2000, 4000])
    ap.add_argument("--criteria", type=int, nargs="+", default=[15, 30, 60, 120])
    ap.add_argument("--fixed-files", type=int, default=2000)
    ap.add_argument("--fixed-criteria", type=int, default=60)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="oafreeze-big-task-"))
    rows = []
    try:
        for label, sizes in (("files", [(f, args.fixed_criteria) for f in args.files]),
                             ("criteria", [(args.fixed_files, c) for c in args.criteria])):
            previous = None
            for n_files, n_criteria in sizes:
                root = make_task(work / "env", n_files, n_criteria)
                secs, report = audit_seconds(root, args.repeat)
                findings = sum(len(t["findings"]) for t in report["tasks"])
                growth = f"{secs / previous:.2f}" if previous else ""
                rows.append((label, n_files, n_criteria, secs, growth, findings))
                previous = secs
                print(f"{label:8} files {n_files:5}  criteria {n_criteria:4}  audit {secs:7.2f} s  growth {growth:5}"
                      f"  findings {findings}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    lines = ["# One LAB-sized task: audit time by size", "",
             f"Run {time.strftime('%Y-%m-%dT%H:%M:%S%z')} on {os.cpu_count()} cores, "
             f"Python {platform.python_version()};"
             f" `python benchmarks/big_task.py`. One task in LAB's form, no knowledge base; workspace files 60% .md,"
             f" 20% .docx, 10% .pdf, 10% .xlsx, generated. `oafreeze audit --no-cache` as a whole process, median"
             f" of {args.repeat}. Growth: time over the row before (2 per doubling is linear, 4 quadratic).", "",
             "| doubling | files | criteria | audit s | growth | findings |", "| --- | --- | --- | --- | --- | --- |"]
    lines += [f"| {label} | {f} | {c} | {s:.2f} | {g} | {n} |" for label, f, c, s, g, n in rows]
    text = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
