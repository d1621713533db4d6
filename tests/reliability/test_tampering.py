"""Tampering with every artifact: edit, delete, reorder, truncate, flip a byte.

Each is detected by the command meant to detect it, which names the place (file, and line
or field where there is one). Where a change is *not* an integrity failure by design
(deleting an audit record only makes a task unaudited again), the test shows that the
result is the safe one: the gate's inputs can only get stricter.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import bagit
import pytest

from reltools import ROOT, build_env, copy_env, oaf

sys.path.insert(0, str(ROOT / "tests"))
from conftest import commit_all, git  # noqa: E402


@pytest.fixture(scope="module")
def frozen(tmp_path_factory) -> Path:
    """A frozen, committed environment with a run log of four notes and both exports."""
    env = build_env(tmp_path_factory.mktemp("tamper"), n_tasks=2, extra_files=5)
    (env / ".gitignore").write_text(".oafreeze-cache/\nmanifests/*.lock\nexports/\n")
    commit_all(env, "ignore")
    assert oaf("freeze", "--id", "f1", cwd=env).returncode == 0
    for i in range(4):
        assert oaf("note", f"note {i}", cwd=env).returncode == 0
    commit_all(env, "freeze and log")
    assert oaf("export", "--format", "sha256sum", "--out", "exports/sums.txt", cwd=env).returncode == 0
    assert oaf("export", "--format", "bagit", "--out", "exports/bag", cwd=env).returncode == 0
    return env


def flip(data: bytes, seed: int) -> bytes:
    """The same bytes with one bit of one byte flipped (position chosen by the seed)."""
    rng = random.Random(seed)
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]


def edit_json_file(path: Path, fn) -> None:
    data = json.loads(path.read_text())
    fn(data)
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")


# -- the snapshot: `materialize --check` (and everything that loads it) ----------------

SNAPSHOT_TAMPERS = {
    "edit": lambda p: edit_json_file(p, lambda d: d["files"][0].update(sha256="0" * 64)),
    "reorder": lambda p: edit_json_file(p, lambda d: d["files"].reverse()),
    "truncate": lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]),
    **{f"flip-{s}": (lambda p, s=s: p.write_bytes(flip(p.read_bytes(), s))) for s in range(6)},
}


@pytest.mark.parametrize("how", sorted(SNAPSHOT_TAMPERS))
def test_a_tampered_snapshot_is_refused_naming_it(frozen, tmp_path, how):
    env = copy_env(frozen, tmp_path / "env")
    snap = env / "snapshots/kb.json"
    SNAPSHOT_TAMPERS[how](snap)
    proc = oaf("materialize", "--snapshot", "snapshots/kb.json", "--check", "--into", "tasks/task-00", cwd=env)
    # An edit that still reads is a failed digest check (1); one that no longer reads is bad input (2).
    assert proc.returncode == (1 if "self-digest" in proc.stderr else 2) and "kb.json" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_deleted_snapshot_is_refused_by_freeze_and_audit_naming_it(frozen, tmp_path):
    env = copy_env(frozen, tmp_path / "env")
    (env / "snapshots/kb.json").unlink()
    # freeze: the deletion is an uncommitted change (1); audit: the pin cannot be read (2).
    for args, code in ((("freeze", "--id", "f2"), 1), (("audit", "--no-record"), 2)):
        proc = oaf(*args, cwd=env)
        assert proc.returncode == code and "kb.json" in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


def test_a_deleted_snapshot_is_refused_by_materialize_check_naming_it(frozen, tmp_path):
    env = copy_env(frozen, tmp_path / "env")
    (env / "snapshots/kb.json").unlink()
    proc = oaf("materialize", "--env", ".", "--check", cwd=env)
    assert proc.returncode == 2 and "kb.json" in proc.stderr and "Traceback" not in proc.stderr


# -- the manifest: `verify` (and `precommit` for a committed one) --------------------------

MANIFEST_TAMPERS = {
    "edit": lambda p: edit_json_file(p, lambda d: d["tasks"]["task-00"]["files"][0].update(size=1)),
    "reorder": lambda p: edit_json_file(p, lambda d: d["tasks"]["task-00"]["files"].reverse()),
    "truncate": lambda p: p.write_bytes(p.read_bytes()[:-40]),
    **{f"flip-{s}": (lambda p, s=s: p.write_bytes(flip(p.read_bytes(), s))) for s in range(6)},
}


@pytest.mark.parametrize("how", sorted(MANIFEST_TAMPERS))
def test_a_tampered_manifest_is_refused_by_verify_naming_it(frozen, tmp_path, how):
    env = copy_env(frozen, tmp_path / "env")
    MANIFEST_TAMPERS[how](env / "manifests/f1.json")
    proc = oaf("verify", cwd=env)
    assert proc.returncode == (1 if "self-digest" in proc.stderr else 2) and "f1.json" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("how", ["edit", "delete"])
def test_committing_an_edited_or_deleted_manifest_is_refused_by_precommit(frozen, tmp_path, how):
    env = copy_env(frozen, tmp_path / "env")
    if how == "delete":
        git(env, "rm", "-q", "manifests/f1.json")
    else:
        MANIFEST_TAMPERS["edit"](env / "manifests/f1.json")
        git(env, "add", "manifests/f1.json")
    proc = oaf("precommit", cwd=env)
    assert proc.returncode == 1 and "manifests/f1.json" in proc.stdout + proc.stderr


# -- the run log: `log verify` (and `log verify --against` for a clean cut) ----------------

def _lines(p: Path) -> list[bytes]:
    return p.read_bytes().split(b"\n")[:-1]


def _put(p: Path, lines: list[bytes]) -> None:
    p.write_bytes(b"".join(line + b"\n" for line in lines))


LOG_TAMPERS = {
    "edit": (lambda p: p.write_bytes(p.read_bytes().replace(b"note 1", b"note X")), "line 2"),
    "delete": (lambda p: _put(p, [ln for i, ln in enumerate(_lines(p)) if i != 1]), "line 2"),
    "reorder": (lambda p: _put(p, [_lines(p)[i] for i in (0, 2, 1, 3)]), "line 2"),
    "truncate-mid-line": (lambda p: p.write_bytes(p.read_bytes()[:-30]), "line 4"),
    **{f"flip-{s}": ((lambda p, s=s: p.write_bytes(flip(p.read_bytes(), s))), "line ") for s in range(6)},
}


@pytest.mark.parametrize("how", sorted(LOG_TAMPERS))
def test_a_tampered_run_log_is_reported_by_log_verify_with_its_line(frozen, tmp_path, how):
    env = copy_env(frozen, tmp_path / "env")
    damage, where = LOG_TAMPERS[how]
    damage(env / "manifests/f1.runlog.jsonl")
    proc = oaf("log", "verify", cwd=env)
    assert proc.returncode == 1 and "f1.runlog.jsonl" in proc.stdout, proc.stdout
    assert where in proc.stdout.replace(":", " line ", 1) or f"jsonl:{where.split()[-1]}" in proc.stdout, proc.stdout


def test_a_run_log_cut_at_a_line_boundary_is_caught_against_the_commit(frozen, tmp_path):
    env = copy_env(frozen, tmp_path / "env")
    log = env / "manifests/f1.runlog.jsonl"
    _put(log, _lines(log)[:2])  # a clean cut: the chain alone cannot see it
    assert oaf("log", "verify", cwd=env).returncode == 0
    proc = oaf("log", "verify", "--against", "HEAD", cwd=env)
    assert proc.returncode == 1 and "truncates the committed log" in proc.stdout, proc.stdout
    git(env, "add", str(log))
    pre = oaf("precommit", cwd=env)
    assert pre.returncode == 1 and "f1.runlog.jsonl" in pre.stdout + pre.stderr


def test_deleting_a_run_log_is_refused_by_precommit(frozen, tmp_path):
    env = copy_env(frozen, tmp_path / "env")
    git(env, "rm", "-q", "manifests/f1.runlog.jsonl")
    proc = oaf("precommit", cwd=env)
    assert proc.returncode == 1 and "deletes a run log" in proc.stdout + proc.stderr


# -- audit records and waivers: `audit status` ---------------------------------------------

@pytest.fixture(scope="module")
def audited(tmp_path_factory) -> Path:
    from hygiene_helpers import make_env
    from test_audit_cli import vague_task

    env = make_env(tmp_path_factory.mktemp("aud") / "env", {"t1": (vague_task(), None), "t2": (None, None)})
    assert oaf("audit", "--env", str(env)).returncode == 1
    assert oaf("audit", "waive", "t1", "H05", "--reason", "one reading", "--by", "R", "--env", str(env)).returncode == 0
    assert oaf("audit", "--env", str(env)).returncode == 0
    assert oaf("audit", "status", "--env", str(env)).returncode == 0
    return env


AUDIT_TAMPERS = {
    "records-edit": ("audit/records.jsonl", lambda b: b.replace(b'"passed":false', b'"passed":true', 1)),
    "records-truncate-mid-line": ("audit/records.jsonl", lambda b: b[:-1] + b"\n" if False else b[: b.index(b"\n") - 5] + b"\n" + b[b.index(b"\n") + 1:]),
    "waivers-edit": ("audit/waivers.jsonl", lambda b: b.replace(b"one reading", b"any reading")),
    **{f"records-flip-{s}": ("audit/records.jsonl", lambda b, s=s: flip(b[:-1], s) + b"\n") for s in range(4)},
    **{f"waivers-flip-{s}": ("audit/waivers.jsonl", lambda b, s=s: flip(b[:-1], s) + b"\n") for s in range(4)},
}


@pytest.mark.parametrize("how", sorted(AUDIT_TAMPERS))
def test_an_edited_audit_record_or_waiver_is_refused_with_its_line(audited, tmp_path, how):
    env = copy_env(audited, tmp_path / "env")
    rel, damage = AUDIT_TAMPERS[how]
    path = env / rel
    path.write_bytes(damage(path.read_bytes()))
    proc = oaf("audit", "status", "--env", str(env))
    assert proc.returncode == 2 and f"{rel}:" in proc.stderr and "Traceback" not in proc.stderr, proc.stderr


@pytest.fixture(scope="module")
def failing(tmp_path_factory) -> Path:
    """t1 fails its audit (an unwaived major), audited twice; t2 passes."""
    from hygiene_helpers import make_env
    from test_audit_cli import vague_task

    env = make_env(tmp_path_factory.mktemp("fail") / "env", {"t1": (vague_task(), None), "t2": (None, None)})
    assert oaf("audit", "--env", str(env)).returncode == 1
    assert oaf("audit", "--env", str(env)).returncode == 1
    return env


@pytest.mark.parametrize("how", ["delete-waiver", "delete-records-of-t1", "reorder-records", "truncate-records"])
def test_deleting_or_reordering_audit_lines_never_turns_a_failing_task_into_a_passing_one(
        audited, failing, tmp_path, how):
    # Audit logs carry a digest per line, not a chain: deleting or reordering whole lines is
    # not reported as tampering. What holds instead: `audit status` recomputes pass/fail from
    # the recorded findings and the waivers bound to the current tree, so such a change can
    # make a task missing or failed, never passed.
    env = copy_env(audited if how == "delete-waiver" else failing, tmp_path / "env")
    records, waivers = env / "audit/records.jsonl", env / "audit/waivers.jsonl"
    lines = records.read_bytes().split(b"\n")[:-1]
    if how == "delete-waiver":
        waivers.write_bytes(b"")
    elif how == "delete-records-of-t1":
        records.write_bytes(b"".join(ln + b"\n" for ln in lines if b'"task":"t1"' not in ln))
    elif how == "reorder-records":
        records.write_bytes(b"".join(ln + b"\n" for ln in reversed(lines)))
    else:
        records.write_bytes(b"".join(ln + b"\n" for ln in lines[:1]))
    proc = oaf("audit", "status", "--env", str(env))
    states = dict(line.split(": ", 1) for line in proc.stdout.splitlines())
    assert proc.returncode == 1 and not states["t1"].startswith("passed"), proc.stdout


# -- exports: sha256sum -c and the BagIt validator ----------------------------------------

def test_a_tampered_sha256sum_list_fails_sha256sum_c_naming_the_file(frozen, tmp_path):
    env = copy_env(frozen, tmp_path / "env")
    sums = env / "exports/sums.txt"
    lines = sums.read_text().splitlines(keepends=True)
    sums.write_text(lines[0].replace(lines[0][:8], "00000000") + "".join(lines[1:]))
    proc = subprocess.run(["sha256sum", "-c", "--quiet", str(sums)], cwd=env, capture_output=True, text=True)
    assert proc.returncode == 1 and lines[0].split("  ", 1)[1].strip() in proc.stdout
    # a deleted or reordered line is found by comparing with a fresh export of the manifest
    sums.write_text("".join(reversed(lines[1:])))
    assert oaf("export", "--format", "sha256sum", "--out", str(tmp_path / "fresh.txt"), cwd=env).returncode == 0
    diff = subprocess.run(["diff", str(tmp_path / "fresh.txt"), str(sums)], capture_output=True, text=True)
    assert diff.returncode == 1 and lines[0].split("  ", 1)[1].strip() in diff.stdout


BAG_TAMPERS = {
    "edit-payload": lambda b: next((b / "data").rglob("notes.txt")).write_text("edited\n"),
    "delete-payload": lambda b: next((b / "data").rglob("term-sheet.md")).unlink(),
    "truncate-payload": lambda b: next((b / "data").rglob("term-sheet.md")).write_bytes(b"# Ter"),
    "flip-payload": lambda b: (lambda p: p.write_bytes(flip(p.read_bytes(), 3)))(next((b / "data").rglob("notes.txt"))),
    "reorder-manifest": lambda b: (lambda p: p.write_text("".join(reversed(p.read_text().splitlines(True)))))(
        b / "manifest-sha256.txt"),
    "edit-manifest": lambda b: (lambda p: p.write_text(p.read_text().replace(p.read_text()[:6], "ffffff", 1)))(
        b / "manifest-sha256.txt"),
}


@pytest.mark.parametrize("how", sorted(BAG_TAMPERS))
def test_a_tampered_bag_fails_the_bagit_validator_naming_the_file(frozen, tmp_path, how):
    bag = tmp_path / "bag"
    shutil.copytree(frozen / "exports/bag", bag)
    BAG_TAMPERS[how](bag)
    with pytest.raises(bagit.BagValidationError) as exc:
        bagit.Bag(str(bag)).validate()
    text = str(exc.value) + " ".join(str(d) for d in getattr(exc.value, "details", []))
    assert any(name in text for name in ("notes.txt", "term-sheet.md", "manifest-sha256.txt", "Oxum")), text
