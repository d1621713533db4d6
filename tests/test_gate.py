"""`oafreeze gate`: yes only when the freeze verifies, the audit passed on the frozen trees,
the knowledge base matches its pin and the judges reason first at temperature zero."""

from __future__ import annotations

import shutil

import pytest

from conftest import commit_all, init_repo
from hygiene_helpers import make_env as make_audit_env

JUDGE = ("judges:\n  - id: google/gemini-3.1-pro-preview\n    schema_version: '1'\n"
         "    field_order: [{order}]\n    temperature: {temp}\n"
         "models:\n  - id: example/model-a\n    settings: {{temperature: 0}}\n")


def frozen_env(root, cli, *, order="reasoning, verdict", temp=0, audit=True):
    make_audit_env(root)
    shutil.copytree(root / "tasks/t1", root / "tasks/t2")
    with open(root / "oafreeze.yaml", "a") as fh:
        fh.write(JUDGE.format(order=order, temp=temp))
    init_repo(root)
    commit_all(root, "env")
    if audit:
        code, out, err = cli("audit", "--env", str(root))
        assert code == 0, out + err
        commit_all(root, "audit")
    code, _o, err = cli("freeze", "--env", str(root), "--id", "f1")
    assert code == 0, err
    commit_all(root, "freeze")
    return root


def test_gate_says_yes_when_everything_holds(tmp_path, cli):
    import json

    root = frozen_env(tmp_path / "env", cli)
    manifest = json.loads((root / "manifests/f1.json").read_text())
    for entry in manifest["tasks"].values():
        assert entry["audit"] == {"state": "passed", "tree": entry["tree"]}
    code, result, _ = cli.json("gate", "--env", str(root))
    assert code == 0 and result["ok"] is True
    assert all(c["ok"] for c in result["checks"])


def test_gate_says_no_to_an_edited_workspace_and_names_it(tmp_path, cli):
    root = frozen_env(tmp_path / "env", cli)
    (root / "tasks/t2/documents/offer-facts.md").write_text("changed\n")
    code, result, _ = cli.json("gate", "--env", str(root))
    assert code == 1 and result["ok"] is False
    tree = next(c for c in result["checks"] if c["name"].startswith("tree matches"))
    assert {(r.get("task"), r["path"]) for r in tree["reasons"] if r["change"] == "modified"} == {
        ("t2", "documents/offer-facts.md")}


def test_gate_says_no_to_unaudited_tasks(tmp_path, cli):
    import json

    root = frozen_env(tmp_path / "env", cli, audit=False)
    manifest = json.loads((root / "manifests/f1.json").read_text())
    assert {e["audit"]["state"] for e in manifest["tasks"].values()} == {"missing"}
    code, result, _ = cli.json("gate", "--env", str(root))
    audit = next(c for c in result["checks"] if "audit" in c["name"])
    assert code == 1 and {r["task"] for r in audit["reasons"]} == {"t1", "t2"}


@pytest.mark.parametrize("order,temp,needle", [
    ("verdict, reasoning", 0, "reasoning before"),
    ("reasoning, verdict", 0.3, "temperature is 0.3"),
])
def test_gate_says_no_to_judges_that_are_not_reasoning_first_at_zero(tmp_path, cli, order, temp, needle):
    root = frozen_env(tmp_path / "env", cli, order=order, temp=temp)
    code, result, _ = cli.json("gate", "--env", str(root))
    judges = next(c for c in result["checks"] if c["name"].startswith("judges"))
    assert code == 1 and needle in judges["reasons"][0]["message"]


def test_gate_checks_only_the_declared_matrix_and_refuses_tasks_outside_the_freeze(tmp_path, cli):
    root = frozen_env(tmp_path / "env", cli)
    code, _o, err = cli("matrix", "declare", "--env", str(root), "--tasks", "t1", "--models", "example/model-a")
    assert code == 0, err
    code, result, _ = cli.json("gate", "--env", str(root))
    assert code == 0, result
    log = next(c for c in result["checks"] if c["name"].startswith("run log"))
    assert "1 task(s)" in log["info"]
    # a tampered run log closes the gate
    path = root / "manifests/f1.runlog.jsonl"
    path.write_bytes(path.read_bytes().replace(b"t1", b"t2"))
    code, result, _ = cli.json("gate", "--env", str(root))
    assert code == 1


def test_every_command_takes_the_same_current_freeze_the_one_nothing_supersedes(tmp_path, cli):
    root = frozen_env(tmp_path / "env", cli)  # freeze "f1"
    code, out, err = cli.json("freeze", "--env", str(root), "--id", "a0")  # sorts before f1, supersedes it
    assert code == 0 and out["supersedes"] == "f1", err
    commit_all(root, "freeze a0")
    assert cli.json("verify", "--env", str(root))[1]["manifest"] == "a0"
    assert cli.json("gate", "--env", str(root))[1]["manifest"] == "a0"
    assert cli("note", "--env", str(root), "run log of the current freeze")[0] == 0
    assert (root / "manifests/a0.runlog.jsonl").is_file() and not (root / "manifests/f1.runlog.jsonl").exists()


def test_gate_says_no_when_the_working_log_lost_the_last_committed_entry(tmp_path, cli):
    root = frozen_env(tmp_path / "env", cli)
    code, _o, err = cli("matrix", "declare", "--env", str(root), "--tasks", "t*", "--models", "example/model-a")
    assert code == 0, err
    code, _o, err = cli("note", "all judges pinned before any run", "--env", str(root))
    assert code == 0, err
    commit_all(root, "run log")
    log = root / "manifests/f1.runlog.jsonl"
    lines = log.read_bytes().split(b"\n")[:-1]
    assert len(lines) == 2
    log.write_bytes(lines[0] + b"\n")  # a valid, shorter chain: only the commit shows the cut
    code, result, _ = cli.json("gate", "--env", str(root))
    assert code == 1 and result["ok"] is False
    log_check = next(c for c in result["checks"] if c["name"].startswith("run log"))
    assert [r["message"] for r in log_check["reasons"]] == [
        next(r["message"] for r in log_check["reasons"] if "truncates" in r["message"])]
    assert "entry seq 2 (note)" in log_check["reasons"][0]["message"]
    log.unlink()  # an emptied log is the same cut, of every entry
    code, result, _ = cli.json("gate", "--env", str(root))
    log_check = next(c for c in result["checks"] if c["name"].startswith("run log"))
    assert code == 1 and "entry seq 1 (matrix) and 1 entry after it" in log_check["reasons"][0]["message"]
