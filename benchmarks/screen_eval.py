"""Measure the leakage screen on the labelled corpus in tests/data/screen/.

Builds one source index per distinct workspace (the sample library plus the document's
advisory files), screens every document, matches flags to labels and prints precision and
recall per flag kind and overall, then every false positive, false negative and kind
mismatch. The corpus is split by document id: sha256(id) mod 3 == 0 is held out; a
second held-out set, written after the first held-out run, states its split ("fresh").

    python benchmarks/screen_eval.py                    # development split
    python benchmarks/screen_eval.py --split holdout    # the held-out third
    python benchmarks/screen_eval.py --split fresh      # the second held-out set
    python benchmarks/screen_eval.py --split all --json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

from oafreeze.screen import Policy, Source, SourceIndex, kind_for_path
from oafreeze.screen.score import DocumentScore, Expected, by_variant, score_document, summarize
from oafreeze.screen.tokens import mask_markdown, sentences, tokens

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "screen"
SAMPLE_ENV = ROOT / "environment" / "sample_env"
SKIP = {"LICENSE", "README.md", "FACTS.md", "NOTICE"}
SPLITS = ("dev", "holdout", "fresh", "all")


@dataclass
class Document:
    """A labelled operative document, ready to screen."""

    id: str
    file: str
    text: str
    split: str
    state: str
    type: str
    workspace: tuple[tuple[str, str], ...]
    policy: Policy
    expected: list[Expected]
    allowed: tuple[str, ...]


def split_of(doc_id: str) -> str:
    """The split a document belongs to, fixed by its id."""
    return "holdout" if int(hashlib.sha256(doc_id.encode()).hexdigest(), 16) % 3 == 0 else "dev"


def locate(text: str, passage: str) -> tuple[int, int] | None:
    """First and last line of `passage` in `text`, matched word for word (markup ignored)."""
    found = _find(text, passage)
    return None if found is None else (found[0].line, found[1].line)


def _find(text: str, passage: str):
    want = [t.word for t in tokens(mask_markdown(passage))]
    for toks in (tokens(mask_markdown(text)), tokens(text)):
        words = [t.word for t in toks]
        for i in range(len(words) - len(want) + 1):
            if words[i:i + len(want)] == want:
                return toks[i], toks[i + len(want) - 1]
    return None


def context(text: str, passage: str) -> tuple[str, int, int]:
    """The sentence(s) of `text` holding `passage`, with their first and last line."""
    first, last = _find(text, passage)
    masked = mask_markdown(text)
    held = [s for s in sentences(text, masked) if s.start <= last.end and first.start < s.end]
    if not held:
        return passage, first.line, last.line
    return text[held[0].start:held[-1].end], held[0].line, held[-1].end_line


def load(corpus: Path = CORPUS) -> tuple[list[Document], dict]:
    """Every labelled document, with its passages located; raises ValueError on a bad label."""
    spec = yaml.safe_load((corpus / "labels.yaml").read_text())
    docs, problems = [], []
    for entry in spec["documents"]:
        text = (corpus / "docs" / entry["file"]).read_text()
        expected = []
        for label in entry.get("expected") or []:
            where = locate(text, label["passage"])
            if where is None:
                problems.append(f"{entry['id']}: passage not found: {label['passage']!r}")
                continue
            if label.get("line") != where[0]:
                problems.append(f"{entry['id']}: {label['passage']!r} starts on line {where[0]}, "
                                f"the label says {label.get('line')}")
            ctx, c_first, c_last = context(text, label["passage"])
            expected.append(Expected(label["kind"], label["passage"], where[0], where[1],
                                     label.get("variant", ""), label.get("source"), ctx, c_first, c_last))
        pol = entry.get("policy") or {}
        policy = Policy(tuple(pol.get("allowed_passages", ())), tuple(pol.get("required_notices", ())),
                        tuple(pol.get("deal_terms", ())))
        workspace = tuple((w["path"], w["kind"]) for w in entry.get("workspace") or [])
        docs.append(Document(entry["id"], entry["file"], text, entry.get("split") or split_of(entry["id"]),
                             entry.get("state", ""),
                             entry.get("type", ""), workspace, policy, expected, tuple(entry.get("allowed", ()))))
    ids = [d.id for d in docs]
    if len(set(ids)) != len(ids):
        problems.append("duplicate document ids")
    if problems:
        raise ValueError("labels.yaml:\n  " + "\n  ".join(problems))
    return docs, spec


def library_sources(spec: dict) -> list[Source]:
    """The sample library as the agent saw it, mounted under the knowledge-base folder."""
    root = ROOT / spec["library"]
    out = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.name not in SKIP:
            rel = path.relative_to(root).as_posix()
            out.append(Source(f"{spec['mount']}/{rel}", path.read_text(), kind_for_path(rel)))
    return out


def evaluate(docs: list[Document], spec: dict) -> tuple[list[DocumentScore], dict[str, list]]:
    """Screen every document (one index per distinct workspace) and score it."""
    library = library_sources(spec)
    indexes: dict[tuple, SourceIndex] = {}
    scores, flags_of = [], {}
    for doc in docs:
        if doc.workspace not in indexes:
            extra = [Source(p, (SAMPLE_ENV / p).read_text(), k) for p, k in doc.workspace]
            indexes[doc.workspace] = SourceIndex(library + extra)
        flags = indexes[doc.workspace].screen(doc.text, doc.policy)
        flags_of[doc.id] = flags
        scores.append(score_document(doc.id, flags, doc.expected))
    return scores, flags_of


def report(docs: list[Document], scores: list[DocumentScore], split: str, seconds: float) -> str:
    """The evaluation as Markdown: the numbers, then every error."""
    summary = summarize(scores)
    lines = [f"## Screen evaluation: {split} split ({summary['documents']} documents, {seconds:.2f} s)", "",
             "| kind | labels | flags | TP | FP | FN | precision | recall |", "|---|---|---|---|---|---|---|---|"]
    for kind, row in list(summary["kinds"].items()) + [("overall (strict)", summary["overall"])]:
        lines.append(f"| {kind} | {row['labels']} | {row['flags']} | {row['tp']} | {row['fp']} | {row['fn']} | "
                     f"{_fmt(row['precision'])} | {_fmt(row['recall'])} |")
    o = summary["overall"]
    lines += ["", f"Passage-level precision (a flag on a labelled leak, whatever its kind): "
              f"{_fmt(o['passage_precision'])}; kind mismatches: {o['kind_mismatches']}; "
              f"false alarms: {o['false_alarms']}.",
              f"Clean documents: {summary['clean_documents']['count']}, of which flagged at all: "
              f"{summary['clean_documents']['with_any_flag']}.", "", "### Recall by variant", ""]
    for variant, row in by_variant(scores).items():
        lines.append(f"- {variant}: {row['found']} found, {row['missed']} missed")
    file_of = {d.id: d.file for d in docs}
    lines += ["", "### False positives", ""]
    lines += [f"- {s.id} ({file_of[s.id]}:{f.line}) {f.kind}/{f.rule}: {f.evidence}"
              for s in scores for f in s.false_positives] or ["none"]
    lines += ["", "### False negatives", ""]
    lines += [f"- {s.id} ({file_of[s.id]}:{e.line}) {e.kind} [{e.variant}]: {e.passage}"
              for s in scores for e in s.false_negatives] or ["none"]
    lines += ["", "### Kind mismatches (right passage, other kind)", ""]
    lines += [f"- {s.id} ({file_of[s.id]}:{f.line}) flagged {f.kind}/{f.rule}, labelled {e.kind}: {e.passage}"
              for s in scores for f, e in s.mismatched] or ["none"]
    return "\n".join(lines) + "\n"


def _fmt(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.3f}"


def run(split: str = "dev") -> tuple[list[Document], list[DocumentScore], dict, float]:
    """Load, screen and score one split; the summary and the time spent screening."""
    docs, spec = load()
    chosen = [d for d in docs if split == "all" or d.split == split]
    start = time.perf_counter()
    scores, _ = evaluate(chosen, spec)
    seconds = time.perf_counter() - start
    return chosen, scores, summarize(scores), seconds


def main(argv: list[str] | None = None) -> int:
    """Print the evaluation of one split (Markdown, or JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=SPLITS, default="dev")
    parser.add_argument("--json", action="store_true", help="print the summary and the errors as JSON")
    args = parser.parse_args(argv)
    docs, scores, summary, seconds = run(args.split)
    if args.json:
        errors = {"false_positives": [dict(document=s.id, **f.as_dict()) for s in scores for f in s.false_positives],
                  "false_negatives": [dict(document=s.id, kind=e.kind, line=e.line, passage=e.passage,
                                           variant=e.variant) for s in scores for e in s.false_negatives],
                  "kind_mismatches": [dict(document=s.id, flag=f.as_dict(), label_kind=e.kind, passage=e.passage)
                                      for s in scores for f, e in s.mismatched]}
        print(json.dumps({"split": args.split, "seconds": round(seconds, 3), **summary, **errors,
                          "variants": by_variant(scores)}, indent=2))
    else:
        sys.stdout.write(report(docs, scores, args.split, seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
