"""Each class of input that once ended in a Python traceback now ends in a clear message that
names the file, with exit 2 for unreadable or bad input and 1 for a failed check."""

from __future__ import annotations

import fcntl
import json
import os
import random
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from reltools import PY, as_unprivileged, build_env, copy_env, no_traceback, oaf
from oafreeze.plumbing import canonical

GIT_ID = {"GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "T",
          "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}


def git(cwd: Path, *args: str | bytes) -> str:
    return subprocess.run(["git", *args], cwd=cwd, env={**os.environ, **GIT_ID}, check=True,
                          capture_output=True).stdout.decode("utf-8", "replace").strip()


def commit(env: Path, message: str = "change") -> None:
    git(env, "add", "-A")
    git(env, "commit", "-q", "--no-verify", "-m", message)


def user(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """oafreeze as a user meets it: without root's permission to read anything."""
    return subprocess.run([*as_unprivileged(), PY, "-m", "oafreeze", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def frozen(tmp_path_factory):
    """An environment with two tasks, audited and frozen as f1, committed."""
    base = tmp_path_factory.mktemp("classes")
    env = build_env(base, n_tasks=2)
    assert oaf("audit", cwd=env).returncode in (0, 1)
    commit(env, "audit")
    proc = oaf("freeze", "--id", "f1", cwd=env)
    assert proc.returncode == 0, proc.stderr
    commit(env, "freeze")
    return env


@pytest.fixture
def env(frozen, tmp_path):
    env = copy_env(frozen, tmp_path / "env")
    yield env
    for path in env.rglob("*"):  # give the folder back to the test runner's cleanup
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() else 0o644)


# --- 3: what a user cannot read ---------------------------------------------------------------

def test_an_unreadable_task_folder_is_drift_for_verify_and_gate_and_a_finding_for_audit(env):
    (env / "tasks/task-00/documents").chmod(0)
    for args in (("verify",), ("gate",)):
        proc = user(*args, cwd=env)
        assert proc.returncode == 1 and "task-00" in proc.stdout and no_traceback(proc), (args, proc.stderr)
    proc = user("audit", "--no-record", "--json", cwd=env)
    assert proc.returncode == 1 and no_traceback(proc), proc.stderr
    t0 = next(t for t in json.loads(proc.stdout)["tasks"] if t["task"] == "task-00")
    assert [(f["item"], f["severity"]) for f in t0["findings"] if "cannot be read" in f["message"]] == [
        ("H07", "blocker")]
    proc = user("export", "--format", "sha256sum", "--out", str(env.parent / "list.sha256"), cwd=env)
    assert proc.returncode == 0, proc.stderr  # exports come from git's objects: unaffected


def test_an_unlistable_tasks_folder_is_bad_input_naming_it(env):
    (env / "tasks").chmod(0o311)
    for args in (("verify",), ("gate",), ("audit", "--no-record")):
        proc = user(*args, cwd=env)
        assert proc.returncode == 2 and "tasks" in proc.stderr and "cannot list" in proc.stderr, (args, proc.stderr)
        assert no_traceback(proc)


@pytest.mark.parametrize("target", ["manifests/f1.json", "oafreeze.yaml"])
def test_an_unreadable_manifest_or_config_is_bad_input_naming_it(env, target):
    (env / target).chmod(0)
    name = target.rsplit("/", 1)[-1]
    commands = [("verify",), ("gate",), ("export", "--format", "sha256sum", "--out", str(env.parent / "l.sha256"))]
    if target == "oafreeze.yaml":
        commands = [("verify",), ("gate",), ("audit", "--no-record")]
    for args in commands:
        proc = user(*args, cwd=env)
        assert proc.returncode == 2 and name in proc.stderr and "cannot read" in proc.stderr, (args, proc.stderr)
        assert no_traceback(proc)


# --- 4: files that vanish while a folder is walked ------------------------------------------------

@pytest.mark.slow
def test_folders_vanishing_during_the_walk_never_end_in_a_traceback(env):
    churn = env / "tasks/task-00/documents/churn"
    stop = threading.Event()

    def churning() -> None:
        rng = random.Random(7)
        i = 0
        while not stop.is_set():
            folder = churn / f"d{i % 5}"
            if folder.exists():
                shutil.rmtree(folder, ignore_errors=True)
            else:
                for j in range(rng.randint(1, 30)):
                    try:
                        (folder / f"s{j % 3}").mkdir(parents=True, exist_ok=True)
                        (folder / f"s{j % 3}" / f"f{j}.txt").write_text("x" * j)
                    except OSError:
                        pass
            i += 1

    worker = threading.Thread(target=churning, daemon=True)
    worker.start()
    try:
        codes = []
        for _ in range(6):
            for args in (("verify",), ("gate",), ("audit", "--no-record")):
                proc = oaf(*args, cwd=env)
                assert no_traceback(proc), (args, proc.stderr)
                codes.append(proc.returncode)
    finally:
        stop.set()
        worker.join()
    assert set(codes) <= {0, 1} and 1 in codes


# --- 5: names that are not UTF-8 ----------------------------------------------------------------

def test_a_file_name_that_is_not_utf8_is_a_finding_for_audit_and_refused_by_freeze(env):
    name = os.fsencode(env / "tasks/task-00/documents") + b"/caf\xe9-notes.md"
    with open(name, "wb") as fh:
        fh.write(b"notes\n")
    proc = oaf("audit", "task-00", "--no-record", "--json", cwd=env)
    assert proc.returncode == 1 and no_traceback(proc), proc.stderr
    findings = json.loads(proc.stdout)["tasks"][0]["findings"]
    assert any(f["item"] == "H07" and "UTF-8" in f["message"] for f in findings)
    commit(env, "a latin-1 name")
    proc = oaf("freeze", "--id", "f2", cwd=env)
    assert proc.returncode == 2 and "not valid UTF-8" in proc.stderr and no_traceback(proc), proc.stderr


# --- 6: freeze ids ------------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", ["bad id", "../../x", "-x", "a" * 300, "f1.json/x"])
def test_a_bad_freeze_id_is_refused_before_anything_is_hashed(env, bad):
    before = sorted(p.name for p in (env / "manifests").iterdir())
    proc = oaf("freeze", "--id", bad, cwd=env)
    assert proc.returncode == 2 and "freeze id" in proc.stderr and no_traceback(proc), proc.stderr
    assert sorted(p.name for p in (env / "manifests").iterdir()) == before


def test_an_existing_freeze_id_is_refused_before_anything_is_hashed(env):
    proc = oaf("freeze", "--id", "f1", cwd=env)
    assert proc.returncode == 2 and "already exists" in proc.stderr and no_traceback(proc)


# --- 7: names that would forge a line of output ---------------------------------------------------

@pytest.mark.parametrize("name", ["evil\nok: all good.md", "back\\slash.md", "tab\there.md"])
def test_freeze_refuses_control_characters_and_backslashes_in_committed_names(env, name):
    (env / "tasks/task-00/documents" / name).write_text("text\n")
    commit(env, "odd name")
    proc = oaf("freeze", "--id", "f2", cwd=env)
    assert proc.returncode == 2 and "safe-names" in proc.stderr and no_traceback(proc), proc.stderr
    assert not any(line.startswith("ok:") for line in proc.stderr.splitlines())
    assert not (env / "manifests/f2.json").exists()


def test_verify_escapes_names_so_a_crafted_one_cannot_print_a_fake_ok_line(env):
    (env / "tasks/task-00/documents/x\nok: working tree matches freeze f1 (2 tasks)").write_text("x\n")
    proc = oaf("verify", cwd=env)
    assert proc.returncode == 1 and no_traceback(proc)
    assert not any(line.startswith("ok:") for line in proc.stdout.splitlines()), proc.stdout
    assert "x\\nok: working tree" in proc.stdout


# --- 8: ids and paths inside a manifest --------------------------------------------------------------

@pytest.mark.parametrize("where", ["task", "file"])
def test_a_resealed_manifest_naming_paths_outside_is_refused_on_load(env, where):
    data = json.loads((env / "manifests/f1.json").read_text())
    if where == "task":
        data["tasks"]["../../outside"] = data["tasks"].pop("task-00")
    else:
        data["tasks"]["task-00"]["files"][0]["path"] = "../../../etc/hostname"
    data.pop("digest")
    data["digest"] = canonical.digest(data)
    (env / "manifests/f1.json").write_bytes(canonical.pretty_bytes(data))
    for args in (("verify",), ("gate",)):
        proc = oaf(*args, cwd=env)
        assert proc.returncode == 2 and "f1.json" in proc.stderr and "tasks" in proc.stderr, proc.stderr
        assert no_traceback(proc)


# --- 9: SHA-256 environments ----------------------------------------------------------------------

def test_a_sha256_environment_with_a_sha1_library_verifies_by_rev(frozen, tmp_path):
    env = tmp_path / "env256"
    env.mkdir()
    git(env, "init", "-q", "--object-format=sha256", "-b", "main")
    for name in ("oafreeze.yaml", "snapshots", "tasks", ".gitignore"):
        src = frozen / name
        (shutil.copytree if src.is_dir() else shutil.copy)(src, env / name)
    commit(env, "environment")
    proc = oaf("freeze", "--id", "g1", cwd=env)
    assert proc.returncode == 0, proc.stderr
    commit(env, "freeze")
    proc = oaf("verify", "--rev", "HEAD", cwd=env)
    assert proc.returncode == 0 and no_traceback(proc), proc.stdout + proc.stderr
    (env / "tasks/task-00/documents/notes.txt").write_text("changed\n")
    commit(env, "an edit")
    proc = oaf("verify", "--rev", "HEAD", "--json", cwd=env)
    drift = [(d["task"], d["path"], d["change"]) for d in json.loads(proc.stdout)["drift"] if d["path"]]
    assert proc.returncode == 1 and drift == [("task-00", "documents/notes.txt", "modified")]


# --- 10: keys given twice ---------------------------------------------------------------------------

def test_a_key_given_twice_in_yaml_is_refused_naming_both_lines(env):
    config = (env / "oafreeze.yaml").read_text()
    (env / "oafreeze.yaml").write_text(config + "name: second-name\n")
    first = next(i for i, line in enumerate(config.splitlines(), 1) if line.startswith("name:"))
    for args in (("verify",), ("audit", "--no-record")):
        proc = oaf(*args, cwd=env)
        assert proc.returncode == 2 and no_traceback(proc)
        assert "'name' is given twice" in proc.stderr and f"first on line {first}" in proc.stderr, proc.stderr


# --- 11: temporaries a killed run leaves ---------------------------------------------------------------

def test_temporary_clones_of_a_bundle_left_by_killed_runs_are_swept(frozen, tmp_path):
    lib = frozen.parent / "lib"
    bundle = tmp_path / "lib.bundle"
    git(lib, "bundle", "create", "-q", str(bundle), "--all")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp)}
    stale = tmp / "oafreeze-bundle-abcd1234"  # what a SIGKILL left: nobody holds it
    (stale / "repo.git").mkdir(parents=True)
    alive = tmp / "oafreeze-bundle-live5678"  # another run, still working: held locked
    alive.mkdir()
    held = os.open(alive, os.O_RDONLY)
    fcntl.flock(held, fcntl.LOCK_EX)
    args = [PY, "-m", "oafreeze", "snapshot", "--library", str(bundle), "--commit", "HEAD", "--profile", "sample"]
    try:
        for delay in (0.05, 0.1, 0.2, 0.4):
            proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(delay)
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        proc = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0 and no_traceback(proc), proc.stderr
        left = sorted(p.name for p in tmp.iterdir())
        assert left == ["oafreeze-bundle-live5678"], left
    finally:
        os.close(held)
