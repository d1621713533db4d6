"""A LAB checkout adopted as it is: nested task ids through init, audit, freeze, verify, export,
the gate and the pre-commit hook, with tree ids checked against git itself."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import GIT_ID, commit_all, git

sys.path.insert(0, str(Path(__file__).parent))
import labfixture  # noqa: E402

JUDGES = ("models:\n  - id: example/model-a\n    settings: {temperature: 0}\n"
          "judges:\n  - id: google/gemini-3.1-pro-preview\n    schema_version: '1'\n"
          "    field_order: [reasoning, verdict]\n    temperature: 0\n")


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab") / "checkout"
    info = labfixture.make_lab_checkout(root)
    return root, info


def test_a_lab_checkout_goes_from_init_to_the_gate_under_nested_ids(lab, cli, tmp_path):
    root, info = lab
    code, adopted, err = cli.json("init", str(root))
    assert code == 0 and adopted["adopted"], err
    config = root / "oafreeze.yaml"
    config.write_text(config.read_text().replace("models: []\n", "").replace("judges: []\n", "") + JUDGES)
    commit_all(root, "adopt with oafreeze")

    code, audit, err = cli.json("audit", "corporate-ma/*", "*/*", cwd=root)
    ids = sorted(t["task"] for t in audit["tasks"])
    assert ids == sorted(info["clean"]) and all("/" in t for t in ids), ids
    assert code == 0, [(t["task"], [f["message"] for f in t["findings"] if f["severity"] in ("blocker", "major")])
                       for t in audit["tasks"] if not t["passed"]]
    commit_all(root, "audit")

    code, frozen, err = cli.json("freeze", "--id", "lab-1", cwd=root)
    assert code == 0 and frozen["tasks"] == len(info["clean"]), err
    commit_all(root, "freeze")
    manifest = json.loads((root / "manifests/lab-1.json").read_text())
    assert manifest["knowledge_base"] is None
    for tid, entry in manifest["tasks"].items():
        assert entry["tree"] == git(root, "rev-parse", f"HEAD:tasks/{tid}")
        assert entry["audit"]["state"] == "passed" and entry["audit"]["tree"] == entry["tree"]

    assert cli("verify", cwd=root)[0] == 0
    assert cli("verify", "--rev", "HEAD", cwd=root)[0] == 0
    out = tmp_path / "bag"
    assert cli("export", "--format", "bagit", "--out", str(out), cwd=root)[0] == 0
    pdfs = sorted(p.relative_to(out / "data").as_posix() for p in (out / "data").rglob("*.pdf"))
    assert pdfs and all(p.startswith("tasks/") and p.count("/") >= 4 for p in pdfs)
    code, gate, _ = cli.json("gate", cwd=root)
    assert code == 0 and gate["ok"], [c for c in gate["checks"] if not c["ok"]]

    # The hook guards nested tasks like flat ones, and names the file.
    assert subprocess.run([sys.executable, "-m", "oafreeze", "install-hook"], cwd=root,
                          capture_output=True).returncode == 0
    victim = sorted(info["clean"])[0]
    doc = next((root / "tasks" / victim / "documents").glob("*.md"))
    doc.write_text(doc.read_text() + "\nAn edit after the freeze.\n")
    git(root, "add", "-A")
    env = {**os.environ, **GIT_ID}
    refused = subprocess.run(["git", "commit", "-q", "-m", "edit"], cwd=root, env=env, capture_output=True, text=True)
    assert refused.returncode == 1 and f"tasks/{victim}" in refused.stderr and doc.name in refused.stderr


def test_globs_select_nested_ids_by_area_and_by_name(lab, cli):
    root, info = lab
    if not (root / "oafreeze.yaml").exists():
        assert cli("init", str(root))[0] == 0
    code, status, _ = cli.json("audit", "status", "litigation/*", cwd=root)
    assert sorted(t["task"] for t in status["tasks"]) == sorted(t for t in info["clean"] if t.startswith("litigation/"))
    code, _out, err = cli("audit", "status", "no-such-area/*", cwd=root)
    assert code == 2 and "no task matches" in err
