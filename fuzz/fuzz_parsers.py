"""atheris harness over every parser that reads outside input.

The first byte of each input picks the parser; the rest is the input. A parser may return
a value or raise OafreezeError (a clean, located error); anything else is a finding.

    /work/venv/bin/python fuzz/fuzz_parsers.py fuzz/corpus -max_total_time=180 -rss_limit_mb=1024

See fuzz/README.md for the last run and its findings.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from oafreeze.corpus.documents import _front_matter
    from oafreeze.corpus.profile import parse_profile
    from oafreeze.plumbing.errors import OafreezeError
    from oafreeze.plumbing import canonical, safeyaml
    from oafreeze.runlog import log as runlog
    from oafreeze.environment.config import parse_environment
    from oafreeze.freezer.manifest import parse_manifest
    from oafreeze.corpus.snapshot import load_snapshot
    from oafreeze.environment.task import parse_task
    from oafreeze.corpus import formats

PARSERS = [
    ("task.json", lambda b: parse_task(b, "task.json")),
    ("oafreeze.yaml", lambda b: parse_environment(b, "oafreeze.yaml")),
    ("profile", lambda b: parse_profile(b, "profile.yaml")),
    ("front matter", lambda b: _front_matter(b, "doc.md", [])),
    ("manifest", lambda b: parse_manifest(b, "m.json")),
    ("snapshot", lambda b: load_snapshot(b, "kb.json")),
    ("run log", lambda b: runlog.verify_bytes(b, "x.runlog.jsonl")),
    ("yaml", lambda b: safeyaml.load(b, "f.yaml")),
    ("json", lambda b: canonical.loads_strict(b, "f.json")),
    ("docx", lambda b: (formats.problem("a.docx", b), formats.text_of("a.docx", b))),
]


def test_one_input(data: bytes) -> None:
    if not data:
        return
    _name, parse = PARSERS[data[0] % len(PARSERS)]
    try:
        parse(data[1:])
    except OafreezeError as exc:
        assert str(exc)


def main() -> None:
    sys.setrecursionlimit(10000)  # as deep as a real run could go; a RecursionError is still a finding
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
