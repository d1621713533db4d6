"""The leakage screen as `oafreeze screen` and `run record` run it, measured on the labelled corpus.

`screen_eval.py` screens each labelled document with the sources and the deal figures its
label gives. The command line has no labels: it takes a task's sources from its workspace
(`screen.workspace.task_sources`: the knowledge base, plus the workspace documents whose names
make them advisory material or law) and the deal figures from its deal documents. This script
measures that path on the labelled documents that belong to a sample task (a covenant-package
instance or a matrix task), beside the labelled path on the same documents. Allowed passages
and required notices come from the labels in both, as a task would declare them in
`oafreeze.screen`.

    python benchmarks/screen_tasks.py          # builds the sample environment in a temporary folder
    python benchmarks/screen_tasks.py --json
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from screen_eval import evaluate, load  # noqa: E402

from oafreeze.demo import lay_out  # noqa: E402
from oafreeze.environment.task import load_task  # noqa: E402
from oafreeze.screen.model import Policy  # noqa: E402
from oafreeze.screen.score import score_document, summarize  # noqa: E402
from oafreeze.screen.workspace import task_sources  # noqa: E402


def task_of(entry: dict) -> str | None:
    """The sample task a labelled document was written for, if any."""
    family = entry.get("family")
    if family and "/" in family:
        name, instance = family.split("/", 1)
        return f"{name}-{instance}"
    return family


def run(root: Path) -> dict:
    """Both paths on the task-bound documents: the summaries, the time, and what differs."""
    import yaml

    lay_out(root)
    docs, spec = load()
    raw = {d["id"]: d for d in yaml.safe_load((Path(__file__).resolve().parent.parent / "tests/data/screen/labels.yaml")
                                              .read_text())["documents"]}
    bound = [d for d in docs if task_of(raw[d.id])]
    labelled, _ = evaluate(bound, spec)
    start = time.perf_counter()
    cache: dict[str, object] = {}
    scores, differences = [], []
    for doc in bound:
        task = task_of(raw[doc.id])
        if task not in cache:
            cache[task] = task_sources(root / "tasks" / task, load_task(root, task))
        sources = cache[task]
        policy = Policy(allowed_passages=doc.policy.allowed_passages, required_notices=doc.policy.required_notices,
                        deal_terms=sources.policy.deal_terms)
        flags = sources.index.screen(doc.text, policy)
        scores.append(score_document(doc.id, flags, doc.expected))
    seconds = time.perf_counter() - start
    for a, b in zip(labelled, scores):
        if (len(a.false_positives), len(a.false_negatives)) != (len(b.false_positives), len(b.false_negatives)):
            differences.append({"document": a.id,
                                "labelled": {"fp": len(a.false_positives), "fn": len(a.false_negatives)},
                                "task": {"fp": len(b.false_positives), "fn": len(b.false_negatives)}})
    return {"documents": len(bound), "tasks": len(cache), "seconds": round(seconds, 2),
            "labelled_path": summarize(labelled)["overall"], "task_path": summarize(scores)["overall"],
            "differences": differences}


def main(argv: list[str] | None = None) -> int:
    """Print both paths' precision and recall on the task-bound documents."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="oafreeze-screen-tasks-") as tmp:
        result = run(Path(tmp) / "env")
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{result['documents']} labelled documents of {result['tasks']} sample tasks "
          f"(task-level path screened them in {result['seconds']:.2f} s, indexes included)")
    for name in ("labelled_path", "task_path"):
        o = result[name]
        print(f"  {name.replace('_', ' ')}: precision {o['precision']:.3f}, recall {o['recall']:.3f} "
              f"({o['tp']} TP, {o['fp']} FP, {o['fn']} FN; passage-level precision {o['passage_precision']:.3f})")
    for d in result["differences"]:
        print(f"  differs on {d['document']}: labelled {d['labelled']}, task-level {d['task']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
