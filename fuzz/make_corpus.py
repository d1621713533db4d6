"""Write the seed corpus: one real example per parser, prefixed by the parser's selector byte."""

from __future__ import annotations

import io
import json
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def seeds() -> dict[str, tuple[int, bytes]]:
    from oafreeze.runlog import log as runlog

    task = next((ROOT / "environment/sample_env/tasks").rglob("task.json")).read_bytes()
    profile = (ROOT / "corpus/profiles/sample.yaml").read_bytes()
    doc = next((ROOT / "corpus/sample_library/practice-guides").rglob("*.md")).read_bytes()
    env = (b"schema: oafreeze.environment/1\nname: e\nmodels:\n  - id: m/x\n    settings: {temperature: 0}\n"
           b"judges:\n  - id: google/g\n    schema_version: '2'\n    field_order: [reasoning, verdict]\n"
           b"    temperature: 0\n")
    log, last = b"", None
    for i in range(3):
        last = runlog.next_entry(last, "note", {"text": f"n{i}"}, "2026-01-05T10:00:00.000000Z")
        log += runlog.entry_line(last)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("word/document.xml", "<w:document xmlns:w='w'><w:p><w:t>hi</w:t></w:p></w:document>")
    out = {"task": (0, task), "env": (1, env), "profile": (2, profile), "frontmatter": (3, doc),
           "runlog": (6, log), "yaml": (7, profile), "json": (8, task), "docx": (9, buf.getvalue())}
    manifests = sorted((ROOT / "manifests").glob("*.json"))
    if manifests:
        out["manifest"] = (4, manifests[-1].read_bytes())
        data = json.loads(manifests[-1].read_text())
        if data.get("knowledge_base"):
            snap = json.dumps(data["knowledge_base"]["snapshot"]).encode()
            out["snapshot"] = (5, snap)
    return out


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "corpus"
    target.mkdir(parents=True, exist_ok=True)
    for name, (selector, data) in seeds().items():
        (target / f"seed-{name}").write_bytes(bytes([selector]) + data)
    print(f"wrote {len(seeds())} seeds to {target}")
