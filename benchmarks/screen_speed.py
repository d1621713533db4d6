"""How fast is the leakage screen? 1,000 generated deliverables against a generated 1,000-file KB.

Everything is generated in memory from a seed (nothing is read or written): a knowledge
base of guide-like Markdown files (headings, lists, emphasis, citations, dollar figures) and
agreements built from clause text, each carrying two passages copied from random guides
(reflowed, with one word changed) and one sentence of analysis. The source index is built
once; each deliverable is then screened on its own. The script reports the time to build
the index, the time to screen, and how many planted copies were found (a sanity check that
the timed work is the real work).

    python benchmarks/screen_speed.py                 # 1,000 x 1,000
    python benchmarks/screen_speed.py --kb 200 --deliverables 200
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import random
import sys
import time

from oafreeze.screen import Policy, Source, SourceIndex

SYLLABLES = ["ba", "co", "de", "fi", "gu", "ha", "jo", "ka", "li", "mu", "ne", "po", "ra", "si", "tu", "ve",
             "wo", "xa", "yu", "ze", "an", "or", "el", "is", "um"]
COMMON = ("the employee company agreement covenant period months after employment ends will not any of to in "
          "for and or with which may shall under this that by each such customer business confidential").split()


def vocabulary(rng: random.Random, size: int) -> list[str]:
    """Pseudo-words, so that copies are found by the index and not by chance."""
    words = set()
    while len(words) < size:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))))
    return sorted(words)


def sentence(rng: random.Random, vocab: list[str]) -> str:
    """One sentence mixing common legal words with rarer ones."""
    words = [rng.choice(COMMON) if rng.random() < 0.45 else rng.choice(vocab) for _ in range(rng.randint(10, 24))]
    return " ".join(words).capitalize() + "."


def knowledge_base(rng: random.Random, vocab: list[str], n: int) -> list[Source]:
    """Guide-like Markdown files of about 1,700 words (the real library's guides run 1,000 to 5,000)."""
    out = []
    for i in range(n):
        parts = [f"---\ntitle: Guide {i}\ntype: State Practice Guide\n---\n", f"# Guide number {i}\n"]
        for section in range(10):
            parts.append(f"\n## Section {section}\n")
            for _ in range(rng.randint(8, 12)):
                s = sentence(rng, vocab)
                if rng.random() < 0.2:
                    s = s[:-1] + f" under § {rng.randint(100, 999)}.{rng.randint(1, 99)} and ${rng.randint(1, 200)},000."
                parts.append(("- " if rng.random() < 0.3 else "") + s + "\n")
        kind = "template" if i % 10 == 0 else "knowledge-base"
        folder = "templates/x" if kind == "template" else "practice-guides/non-compete/us"
        out.append(Source(f"documents/knowledge-base/{folder}/g{i:04d}.md", "".join(parts), kind))
    return out


def copied_passage(rng: random.Random, src: Source) -> str:
    """Twenty consecutive words of a source's body, one word changed, reflowed over two lines."""
    body = src.text.split("\n---\n", 1)[-1]
    lines = [ln.lstrip("- ").split() for ln in body.splitlines() if len(ln.split()) >= 22]
    words = rng.choice(lines)
    at = rng.randrange(0, len(words) - 20)
    passage = words[at:at + 20]
    passage[10] = "altered"
    return " ".join(passage[:9]) + "\n" + " ".join(passage[9:])


def deliverables(rng: random.Random, vocab: list[str], kb: list[Source], n: int) -> list[str]:
    """Agreements of about 900 words, each with two copied passages and one analysis sentence."""
    analysis = "Because your salary of $71,500 is below the $130,014 threshold, this covenant is void."
    guides = [s for s in kb if s.kind == "knowledge-base"]
    out = []
    for _ in range(n):
        parts = ["# EMPLOYEE AGREEMENT\n"]
        for section in range(12):
            parts.append(f"\n## {section + 1}. Clause\n\n" + " ".join(sentence(rng, vocab) for _ in range(4)) + "\n")
        for _ in range(2):
            parts.insert(rng.randrange(1, len(parts)), "\n" + copied_passage(rng, rng.choice(guides)) + "\n")
        parts.insert(rng.randrange(1, len(parts)), "\n" + analysis + "\n")
        out.append("".join(parts))
    return out


def main(argv: list[str] | None = None) -> int:
    """Generate, index, screen, and print the timings (Markdown, or JSON with --json)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kb", type=int, default=1000, help="knowledge-base files")
    parser.add_argument("--deliverables", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for screening (the index is shared)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    vocab = vocabulary(rng, 6000)
    kb = knowledge_base(rng, vocab, args.kb)
    docs = deliverables(rng, vocab, kb, args.deliverables)
    kb_words = sum(len(s.text.split()) for s in kb)
    doc_words = sum(len(d.split()) for d in docs)

    t0, c0 = time.perf_counter(), time.process_time()
    index = SourceIndex(kb)
    t1, c1 = time.perf_counter(), time.process_time()
    global _INDEX
    _INDEX = index
    if args.jobs > 1:
        # Forked workers share the index built above (copy on write); each screens a slice.
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            counts = pool.map(_screen_count, [docs[i::args.jobs] for i in range(args.jobs)])
    else:
        counts = [_screen_count(docs)]
    t2, c2 = time.perf_counter(), time.process_time()
    found = sum(c[0] for c in counts)
    analysis = sum(c[1] for c in counts)
    cpu = c2 - c1 if args.jobs == 1 else None  # the workers' CPU time is not this process's

    result = {"kb_files": len(kb), "kb_words": kb_words, "deliverables": len(docs), "deliverable_words": doc_words,
              "jobs": args.jobs, "index_seconds": round(t1 - t0, 2), "index_cpu_seconds": round(c1 - c0, 2),
              "screen_seconds": round(t2 - t1, 2), "screen_cpu_seconds": None if cpu is None else round(cpu, 2),
              "total_seconds": round(t2 - t0, 2), "ms_per_deliverable": round(1000 * (t2 - t1) / len(docs), 2),
              "planted_copies": 2 * len(docs), "copied_flags": found, "analysis_flags": analysis,
              "cpus": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()],
              "python": platform.python_version(), "machine": platform.machine()}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        cpu_note = "" if cpu is None else f", {result['screen_cpu_seconds']} s CPU"
        print(f"knowledge base: {result['kb_files']} files, {kb_words:,} words; index built in "
              f"{result['index_seconds']} s ({result['index_cpu_seconds']} s CPU)")
        print(f"deliverables: {result['deliverables']}, {doc_words:,} words; screened in {result['screen_seconds']} s"
              f"{cpu_note}, {args.jobs} job(s) ({result['ms_per_deliverable']} ms each)")
        print(f"planted copies: {result['planted_copies']}, copied-text flags: {found}; analysis flags: {analysis}")
        print(f"total: {result['total_seconds']} s (Python {result['python']}, {result['machine']}, "
              f"{result['cpus']} CPUs, load average {result['load_average'][0]})")
    return 0


_INDEX: SourceIndex | None = None


def _screen_count(texts: list[str]) -> tuple[int, int]:
    """Screen texts against the index built in main(); count copied-text and analysis flags."""
    found = analysis = 0
    policy = Policy()
    for text in texts:
        flags = _INDEX.screen(text, policy)
        found += sum(f.kind == "copied-text" for f in flags)
        analysis += sum(f.kind == "legal-analysis" for f in flags)
    return found, analysis


if __name__ == "__main__":
    sys.exit(main())
